"""For every test, doctest and notebook run by pytest: the server secret that seals saved
sessions lives in a temporary file, never in the home directory of the machine running them."""

import os
import tempfile

os.environ.setdefault("BACCARAT_LESSONS_SESSION_KEY", os.path.join(tempfile.mkdtemp(prefix="bl-key-"), "session.key"))
