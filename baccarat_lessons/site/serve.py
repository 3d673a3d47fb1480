"""Serve a built site with the cache headers that spare a second visit the download.

``python -m http.server -d DIR`` serves the site too, but sends no ``Cache-Control``: a browser
then asks again for every file on each visit (a "not modified" answer, but one round trip per
file). ``baccarat-lessons site-serve DIR`` marks the files whose address changes whenever their
content does — the Pyodide folder named for its lock's hash, bundles with a content hash in their
name and files asked for with a version in the query (JupyterLite's ``?_=`` and ``?v=``) — as
cacheable for a year, and asks for the rest (pages, settings, schemas) to be checked each time,
so a new build is seen at once.

>>> cache_control("/static/pyodide-314.0.6-0123456789/pyodide.asm.wasm")
'public, max-age=31536000, immutable'
>>> cache_control("/extensions/anywidget/static/remoteEntry.698dcaf7.js")
'public, max-age=31536000, immutable'
>>> cache_control("/build/repl/bundle.js?_=428cebd"), cache_control("/build/schemas/all.json")
('public, max-age=31536000, immutable', 'no-cache')
>>> cache_control("/index.html"), cache_control("/jupyter-lite.json")
('no-cache', 'no-cache')
"""

from __future__ import annotations

import functools
import re
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

FOREVER = "public, max-age=31536000, immutable"
# Paths whose content never changes under the same address (see the module docstring).
IMMUTABLE_FOLDER = re.compile(r"^/static/pyodide-[^/]+-[0-9a-f]{10}/")
HASHED_NAME = re.compile(r"\.[0-9a-f]{7,20}\.(js|css)$")
VERSIONED_QUERY = re.compile(r"(^|&)(_|v)=[0-9a-f]{7,}")


def cache_control(path: str) -> str:
    """The Cache-Control header for a request path of the site."""
    address, _, query = path.partition("?")
    if IMMUTABLE_FOLDER.match(address) or HASHED_NAME.search(address) or VERSIONED_QUERY.search(query):
        return FOREVER
    return "no-cache"


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".whl": "application/zip"}

    def end_headers(self):
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()


def serve_site(folder: Path, port: int = 8000, ip: str = "127.0.0.1") -> int:
    """Serve ``folder`` until interrupted (Ctrl+C)."""
    if not (folder / "jupyter-lite.json").is_file():
        raise FileNotFoundError(f"{folder} holds no built site; build one with: baccarat-lessons site {folder}")
    handler = functools.partial(SiteHandler, directory=str(folder))
    with ThreadingHTTPServer((ip, port), handler) as server:
        print(f"Serving the browser edition from {folder} on http://{ip}:{port}/ (Ctrl+C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
