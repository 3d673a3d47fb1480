"""Serve a built site with the cache headers that spare a second visit the download.

``python -m http.server -d DIR`` serves the site too, but sends no ``Cache-Control``: a browser
then asks again for every file on each visit (a "not modified" answer, but one round trip per
file). ``baccarat-lessons site-serve DIR`` marks the files whose address changes whenever their
content does — the Python folder named for its files' hash and the scripts and stylesheet with a
content hash in their name — as cacheable for a year, and asks for the rest (the page, the service
worker, the manifest) to be checked each time, so a new build is seen at once. (A visitor whose
browser has stored the site through its service worker asks for none of them.)

>>> cache_control("/pyodide-314.0.6-0123456789/pyodide.asm.wasm")
'public, max-age=31536000, immutable'
>>> cache_control("/surface-0123456789ab.js"), cache_control("/manifest.webmanifest")
('public, max-age=31536000, immutable', 'no-cache')
>>> cache_control("/index.html"), cache_control("/offline.js")
('no-cache', 'no-cache')
"""

from __future__ import annotations

import functools
import re
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .build import BUILT_MARK

FOREVER = "public, max-age=31536000, immutable"
# Paths whose content never changes under the same address (see the module docstring).
IMMUTABLE_FOLDER = re.compile(r"^/pyodide-[^/]+-[0-9a-f]{10}/")
HASHED_NAME = re.compile(r"-[0-9a-f]{12}\.(js|css|json)$")


def cache_control(path: str) -> str:
    """The Cache-Control header for a request path of the site."""
    address = path.partition("?")[0]
    if IMMUTABLE_FOLDER.match(address) or HASHED_NAME.search(address):
        return FOREVER
    return "no-cache"


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".whl": "application/zip",
                      ".webmanifest": "application/manifest+json"}

    def end_headers(self):
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()


def serve_site(folder: Path, port: int = 8000, ip: str = "127.0.0.1") -> int:
    """Serve ``folder`` until interrupted (Ctrl+C)."""
    if not (folder / BUILT_MARK).is_file():
        raise FileNotFoundError(f"{folder} holds no built site; build one with: baccarat-lessons site {folder}")
    handler = functools.partial(SiteHandler, directory=str(folder))
    with ThreadingHTTPServer((ip, port), handler) as server:
        print(f"Serving the browser edition from {folder} on http://{ip}:{port}/ (Ctrl+C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
