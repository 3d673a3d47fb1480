"""A lesson presented as slides with jupyterlab-rise, with no network: the teacher's path.

JupyterLab is started as ``baccarat-lessons lab`` starts it (``baccarat_lessons.lab``:
the package's ``jupyter_data`` on ``JUPYTER_PATH``, nothing installed into the
environment by hand) on a free port of 127.0.0.1, with no token, its settings,
workspaces and runtime files in a temporary folder, serving a copy of one lesson.
The test does what the README tells a teacher: open the lesson, *Run → Run All
Cells*, save, then open the slideshow at ``/rise/<path of the notebook>``. It steps
to the third slide with the keyboard, checks that slide shows the lesson's own
text and a widget that answers a click (so the widgets are live, served by the
kernel the notebook ran in), and checks that every request either page made
went to 127.0.0.1.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest

from baccarat_lessons.app import jupyter_environment
from baccarat_lessons.lab import lab_command

from .conftest import OFF_MACHINE, _free_port, serving

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON = "02_punto_banco.ipynb"
# A cold JupyterLab page plus a kernel that runs the whole lesson, on 2 shared cores.
LOAD_MS = 120_000
LOCAL = re.compile(r"^(wss?|https?)://127\.0\.0\.1[:/]|^(blob|data|about):")


def _slide_titles(notebook: Path) -> list[str]:
    """The first line of each cell that starts a slide, in order (what the deck must show)."""
    cells = json.loads(notebook.read_text())["cells"]
    return [
        "".join(cell["source"]).splitlines()[0].lstrip("# ").strip()
        for cell in cells
        if cell["metadata"].get("slideshow", {}).get("slide_type") == "slide"
    ]


@pytest.fixture
def lab_url(chromium_path, tmp_path):
    """JupyterLab serving a copy of one lesson; SIGTERM (and so its kernels) at the end."""
    root = tmp_path / "root"
    (root / "notebooks").mkdir(parents=True)
    shutil.copy(NOTEBOOKS / LESSON, root / "notebooks" / LESSON)
    port = _free_port()
    log_path = tmp_path / "lab.log"
    # Kernels' ipc sockets live in the runtime folder; a socket path has a 107-byte limit.
    runtime = Path(tempfile.mkdtemp(prefix="bl-rt-"))
    environment = {
        **jupyter_environment(),
        "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
        "JUPYTER_RUNTIME_DIR": str(runtime),
    }
    # The launcher's command; a test page needs no token, and the test machine runs as root.
    command = [*lab_command(root, port, open_browser=False), "--IdentityProvider.token=", "--allow-root"]
    try:
        with serving(command, port, log_path, env=environment, cwd=root):
            yield f"http://127.0.0.1:{port}"
    finally:
        shutil.rmtree(runtime, ignore_errors=True)


def test_a_lesson_opens_as_slides_with_live_widgets_and_no_network(browser, lab_url, screenshot):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))

    def refuse(route):  # recorded above; refused so that the test never depends on a network
        route.abort()

    context.route(OFF_MACHINE, refuse)
    try:
        lab = context.new_page()
        lab.on("websocket", lambda socket: requested.append(socket.url))
        lab.set_default_timeout(LOAD_MS)
        lab.goto(f"{lab_url}/lab/tree/notebooks/{LESSON}")
        lab.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(state="visible")
        lab.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(state="attached")
        dialog = lab.locator(".jp-Dialog")
        assert dialog.count() == 0, dialog.first.inner_text()
        # Run -> Run All Cells, exactly as the README says. A kernel still starting on a busy machine can
        # miss the first request: if no cell has run after a while, ask again (at most three times).
        ran = lab.locator(".jp-Notebook .jp-Cell .jp-InputPrompt", has_text=re.compile(r"\[(\*|\d+)\]"))
        for _ in range(3):
            lab.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
            lab.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
            try:
                ran.first.wait_for(state="attached", timeout=30_000)
                break
            except Exception:
                continue
        try:
            # JupyterLab may not paint cells out of view: attached is what "the cell ran" means.
            lab.locator(".jp-NotebookPanel .jp-OutputArea .widget-button", has_text="Next").first.wait_for(state="attached")
        except Exception:
            screenshot(lab, "slides_debug_lab")
            raise
        lab.locator(".jp-Notebook .jp-Cell .jp-InputPrompt", has_text="[*]").first.wait_for(state="detached")
        lab.keyboard.press("Control+s")
        lab.locator(".jp-mod-dirty").first.wait_for(state="detached")

        slides = context.new_page()
        slides.on("websocket", lambda socket: requested.append(socket.url))
        slides.set_default_timeout(LOAD_MS)
        slides.goto(f"{lab_url}/rise/notebooks/{LESSON}")
        first = slides.locator(".reveal .slides > section.present")
        first.wait_for(state="visible")
        titles = _slide_titles(NOTEBOOKS / LESSON)
        assert titles[0].casefold() in first.inner_text().casefold()  # the theme upper-cases headings

        # Space steps through fragments too; press until reveal.js shows the third slide.
        slides.locator(".reveal").focus()
        for _ in range(12):
            if re.search(r"#/slide-2-0$", slides.url):
                break
            slides.keyboard.press("Space")
            slides.wait_for_timeout(300)  # lets reveal.js finish its transition; no assert on time
        third = slides.locator(".reveal .slides > section.present")
        assert re.search(r"#/slide-2-0$", slides.url), slides.url
        assert titles[2].casefold() in third.inner_text().casefold()  # "The illustrated guide", from the notebook

        # Show the fragment (the guide widget) and prove the widget is live: Next moves the guide on.
        for _ in range(3):
            if third.locator(".widget-button", has_text="Next").first.is_visible():
                break
            slides.keyboard.press("Space")
            slides.wait_for_timeout(300)
        guide = third.locator(".jupyter-widgets").filter(has=slides.locator(".widget-button", has_text="Next")).first
        guide.wait_for(state="visible")
        before = guide.inner_text()
        third.locator(".widget-button", has_text="Next").first.click()
        slides.wait_for_function(
            "([node, before]) => node.innerText !== before", arg=[guide.element_handle(), before]
        )
        assert "Loading widget" not in third.inner_text()
        path = screenshot(slides, "slides_02_third_slide")
        assert path.stat().st_size > 0
    finally:
        context.close()

    off_machine = sorted({url for url in requested if not LOCAL.match(url)})
    assert requested, "no request was recorded"
    assert off_machine == [], f"the slides asked for something off this machine: {off_machine}"
