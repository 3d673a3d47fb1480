"""The browser edition: ``baccarat-lessons site DIR`` writes the app as a static site.

The site runs the five tables in the visitor's browser (JupyterLite's Pyodide kernel) and fetches
nothing at run time from anywhere but itself; ``build.py`` says how it is put together,
``wheels.py`` what Python it carries, ``serve.py`` how to serve it with cache headers.
"""

from .build import build_site
from .wheels import SiteBuildError

__all__ = ["SiteBuildError", "build_site"]
