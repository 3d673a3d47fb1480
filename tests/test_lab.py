"""``baccarat-lessons lab``: JupyterLab finds the slides' stand-in labextension in the
package, every lesson asks RISE for a projector deck that needs no web fonts, and the
launcher started as a teacher starts it (as root, with no browser) prints its address
with the token and serves the lessons."""

import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat

from baccarat_lessons.app import JUPYTER_DATA, jupyter_environment
from baccarat_lessons.cli import main
from baccarat_lessons.lab import FIRST_LESSON, lab_arguments, lessons_root

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# What JupyterLab (and jupyterlab-rise's /rise page) lists as federated extensions.
FIND_EXTENSIONS = (
    "import json; from jupyter_core.paths import jupyter_path; "
    "from jupyterlab_server.config import get_federated_extensions; "
    "print(json.dumps({name: ext['ext_path'] for name, ext in "
    "get_federated_extensions(jupyter_path('labextensions')).items()}))"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_jupyterlab_finds_the_stand_in_in_the_package_from_the_launchers_environment():
    result = subprocess.run([sys.executable, "-c", FIND_EXTENSIONS], env=jupyter_environment(),
                            capture_output=True, text=True, timeout=60, check=True)
    extensions = json.loads(result.stdout)
    assert Path(extensions["baccarat-lessons-slides"]).resolve() == (
        JUPYTER_DATA / "labextensions" / "baccarat-lessons-slides").resolve()
    assert "jupyterlab-rise" in extensions and "@jupyter-widgets/jupyterlab-manager" in extensions


def test_the_launcher_serves_the_repository_and_opens_lesson_00():
    root = lessons_root()
    assert (root / FIRST_LESSON).is_file()
    arguments = lab_arguments(root, port=8888, open_browser=True)
    assert f"--ServerApp.root_dir={root}" in arguments and "--ServerApp.ip=127.0.0.1" in arguments
    assert f"--ServerApp.default_url=/lab/tree/{FIRST_LESSON}" in arguments
    assert "--no-browser" not in arguments and "--allow-root" not in arguments
    # The token stays on: a notebook server runs code.
    assert not any(argument.startswith("--IdentityProvider.token") for argument in arguments)


def test_lab_refuses_a_bad_address_and_port(capsys):
    assert main(["lab", "--no-browser", "--ip", "10.999.1.1"]) == 2
    assert "is not an address of this machine" in capsys.readouterr().err
    assert main(["lab", "--no-browser", "--port", "0"]) == 2
    assert "between 1 and 65535" in capsys.readouterr().err


def test_every_lesson_asks_rise_for_a_projector_deck_in_the_white_theme():
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        rise = nbformat.read(path, as_version=4).metadata.get("rise", {})
        # RISE's default theme ("simple") loads Google Fonts; "white" needs nothing from the web.
        assert rise.get("theme") == "white", path.name
        # A fixed slide box that reveal.js scales to the screen, and notebooks/rise.css sizes for it.
        assert (rise.get("width"), rise.get("height"), rise.get("margin")) == (1280, 720, 0), path.name
        # RISE starts on the selected cell by default, and Run All leaves the last one selected.
        assert rise.get("start_slideshow_at") == "beginning", path.name


def test_the_slides_stylesheet_hides_code_inputs_and_keeps_the_slide_box():
    css = (NOTEBOOKS / "rise.css").read_text(encoding="utf-8")
    assert ".jp-CodeCell > .jp-Cell-inputWrapper" in css and "display: none !important" in css
    assert "var(--slide-width, 1280px)" in css and "var(--slide-height, 720px)" in css


def _read_until(stream, pattern: str, seconds: float) -> list[str]:
    """Lines of ``stream`` up to the first one matching ``pattern``, waiting at most ``seconds``."""
    lines: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], 1)
        if not ready:
            continue
        line = stream.readline()
        if not line:
            break
        lines.append(line)
        if re.search(pattern, line):
            return lines
    raise AssertionError(f"no line matching {pattern!r} in: {''.join(lines)}")


def _get(url: str, seconds: float = 90) -> int:
    """The status of a GET of ``url``, retried while the server is still starting."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=30) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_lab_with_no_browser_prints_its_token_and_serves_a_lesson_even_as_root(tmp_path):
    lesson = next(NOTEBOOKS.glob("[0-9][0-9]_punto_banco.ipynb")).name
    port = free_port()
    runtime = Path(tempfile.mkdtemp(prefix="bl-rt-"))  # ipc socket paths must stay short
    environment = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
                   "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"), "JUPYTER_RUNTIME_DIR": str(runtime),
                   "JUPYTER_TOKEN": "not-this-one"}
    server = subprocess.Popen([sys.executable, "-m", "baccarat_lessons.cli", "lab", "--no-browser", f"--port={port}"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment,
                              cwd=tmp_path)
    try:
        lines = _read_until(server.stdout, r"/rise/notebooks/", 60)
        printed = "".join(lines)
        assert ("Running as root" in printed) == (os.geteuid() == 0), printed
        lab_url = re.search(rf"http://127\.0\.0\.1:{port}/lab/tree/notebooks/00_start_here\.ipynb\?token=(\w+)", printed)
        slides_url = re.search(rf"http://127\.0\.0\.1:{port}/rise/notebooks/<lesson>\.ipynb\?token=(\w+)", printed)
        assert lab_url and slides_url, printed
        token = lab_url.group(1)
        assert slides_url.group(1) == token and len(token) >= 32 and token != "not-this-one"
        # The printed address opens JupyterLab; the lesson is served with the token, refused without it.
        assert _get(lab_url.group(0)) == 200
        assert _get(f"http://127.0.0.1:{port}/api/contents/notebooks/{lesson}?token={token}") == 200
        assert _get(f"http://127.0.0.1:{port}/api/contents/notebooks/{lesson}") == 403
        assert _get(slides_url.group(0).replace("<lesson>.ipynb", lesson)) == 200
        assert server.poll() is None, "the server exited"
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        server.stdout.close()
        shutil.rmtree(runtime, ignore_errors=True)


def test_the_launchers_lab_answers_the_news_question_with_no_and_checks_no_updates():
    arguments = lab_arguments(NOTEBOOKS.parent, 8888, open_browser=False)
    (settings,) = [argument.split("=", 1)[1] for argument in arguments if argument.startswith("--LabApp.app_settings_dir=")]
    assert Path(settings) == JUPYTER_DATA / "lab" / "settings"
    overrides = json.loads((Path(settings) / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false", "checkForUpdates": False}
