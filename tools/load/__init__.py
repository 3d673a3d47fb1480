"""The load harness: the Voilà app served as users run it and driven by headless Chromium (see README.md)."""
