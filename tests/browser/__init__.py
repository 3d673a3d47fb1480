"""Browser tests of the app (Chromium through Playwright); see conftest.py."""
