"""``baccarat-lessons lab``: JupyterLab finds the slides' stand-in labextension in the
package, and every lesson asks RISE for a theme that needs no web fonts."""

import json
import subprocess
import sys
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
    assert "--no-browser" not in arguments
    # The token stays on: a notebook server runs code.
    assert not any(argument.startswith("--IdentityProvider.token") for argument in arguments)


def test_lab_refuses_a_bad_address_and_port(capsys):
    assert main(["lab", "--no-browser", "--ip", "10.999.1.1"]) == 2
    assert "is not an address of this machine" in capsys.readouterr().err
    assert main(["lab", "--no-browser", "--port", "0"]) == 2
    assert "between 1 and 65535" in capsys.readouterr().err


def test_every_lesson_asks_rise_for_the_white_theme():
    # RISE's default theme ("simple") loads Google Fonts; "white" needs nothing from the web.
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        assert nbformat.read(path, as_version=4).metadata.get("rise", {}).get("theme") == "white", path.name
