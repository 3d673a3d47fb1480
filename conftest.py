"""For every test, doctest and notebook run by pytest: the server secret that seals saved
sessions lives in a temporary file, never in the home directory of the machine running them;
and each lesson nbval runs is checked, once, for what the student sees (tests/notebook_checks.py)."""

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tests"))
pytest_plugins = ("notebook_checks",)

os.environ.setdefault("BACCARAT_LESSONS_SESSION_KEY", os.path.join(tempfile.mkdtemp(prefix="bl-key-"), "session.key"))
