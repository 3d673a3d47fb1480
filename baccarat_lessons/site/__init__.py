"""The browser edition: ``baccarat-lessons site DIR`` writes the app as a static site.

The site runs the five tables in the visitor's browser (Pyodide in a Web Worker, with this project's
wheel only) and fetches nothing at run time from anywhere but itself; ``build.py`` says how it is put
together, ``python_files.py`` what Python it carries, ``serve.py`` how to serve it with cache headers.
"""

from .build import build_site
from .python_files import SiteBuildError

__all__ = ["SiteBuildError", "build_site"]
