"""Serve the JupyterLite floor with the cache headers the browser edition used to send for it.

JupyterLite's bundles are versioned by a hash in their name or in the query (``?_=``, ``?v=``), and
the floor's Pyodide folder by its lock's hash: those are cacheable for a year, the rest is checked
each time (what ``baccarat-lessons site-serve`` sent before the edition left JupyterLite), so the
floor's warm visit is as fast as it was.

Usage: ``python benchmarks/jupyterlite_floor/serve.py FOLDER PORT``
"""

from __future__ import annotations

import functools
import re
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

FOREVER = "public, max-age=31536000, immutable"
IMMUTABLE_FOLDER = re.compile(r"^/static/pyodide-[^/]+-[0-9a-f]{10}/")
HASHED_NAME = re.compile(r"\.[0-9a-f]{7,20}\.(js|css)$")
VERSIONED_QUERY = re.compile(r"(^|&)(_|v)=[0-9a-f]{7,}")


def cache_control(path: str) -> str:
    """The Cache-Control header for a request path of the floor.

    >>> cache_control("/build/repl/bundle.js?_=428cebd"), cache_control("/jupyter-lite.json")
    ('public, max-age=31536000, immutable', 'no-cache')
    """
    address, _, query = path.partition("?")
    if IMMUTABLE_FOLDER.match(address) or HASHED_NAME.search(address) or VERSIONED_QUERY.search(query):
        return FOREVER
    return "no-cache"


class FloorHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".whl": "application/zip"}

    def end_headers(self):
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()

    def log_message(self, *args):
        """Quiet: the benchmark prints its own figures."""


if __name__ == "__main__":
    folder, port = sys.argv[1], int(sys.argv[2])
    with ThreadingHTTPServer(("127.0.0.1", port), functools.partial(FloorHandler, directory=folder)) as server:
        server.serve_forever()
