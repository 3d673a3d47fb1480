"""What the slide tests share: one JupyterLab for a test file, a copy of the lessons for each test,
Run All as the README says, and a projector-sized page (test_slides_browser.py and
test_slides_fit_browser.py: two files, so that two workers present lessons at once).

JupyterLab is started as ``baccarat-lessons lab`` starts it (``baccarat_lessons.lab``: the package's
``jupyter_data`` on ``JUPYTER_PATH``, nothing installed into the environment by hand) on a free port
of 127.0.0.1, with no token, its settings, workspaces and runtime files in a temporary folder: one
JupyterLab for a test file, in which each test has its own copy of the lessons and its own workspace.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from baccarat_lessons.app import jupyter_environment
from baccarat_lessons.lab import lab_command, running_as_root

from ..conftest import OFF_MACHINE, _free_port, serving

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks"


def _lesson(pattern: str) -> str:
    """A lesson's file name found by its stable part (lessons may be renumbered)."""
    (path,) = NOTEBOOKS.glob(pattern)
    return path.name


LESSON = _lesson("[0-9][0-9]_punto_banco.ipynb")
# Two lessons for the projector test: the one with the long rules page, and one with subslides.
PROJECTED = (LESSON, _lesson("[0-9][0-9]_counting_to_nine.ipynb"))
# The lessons whose live widgets must fit their slides: a house-banked table, and each layout of a
# seat-banked one (two hands; three, where you bank or bet against another's bank; three, the house's bank).
FITTED = (LESSON, *(_lesson(f"[0-9][0-9]_{name}.ipynb") for name in ("chemin_de_fer", "banque_ouverte", "banque_limitee")))
PROJECTOR = {"width": 1920, "height": 1080}
SMALL_PROJECTOR = {"width": 1280, "height": 720}
# A cold JupyterLab page plus a kernel that runs the whole lesson, on 2 shared cores.
LOAD_MS = 120_000
LOCAL = re.compile(r"^(wss?|https?)://127\.0\.0\.1[:/]|^(blob|data|about):")


@pytest.fixture(scope="module")
def lab_server(chromium_path, tmp_path_factory):
    """One JupyterLab for the slide tests (its root a temporary folder); SIGTERM (and so its kernels) at
    the end. Returns (its address, its root)."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    root.mkdir()
    port = _free_port()
    # Kernels' ipc sockets live in the runtime folder; a socket path has a 107-byte limit.
    runtime = Path(tempfile.mkdtemp(prefix="bl-rt-"))
    environment = {
        **jupyter_environment(),
        "JUPYTERLAB_SETTINGS_DIR": str(base / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"),
        "JUPYTER_RUNTIME_DIR": str(runtime),
    }
    # The launcher's command (root allowed where the tests run as root); a test page needs no token.
    command = [*lab_command(root, port, open_browser=False, as_root=running_as_root()), "--IdentityProvider.token="]
    try:
        with serving(command, port, base / "lab.log", env=environment, cwd=root):
            yield f"http://127.0.0.1:{port}", root
    finally:
        shutil.rmtree(runtime, ignore_errors=True)


@dataclass(frozen=True)
class Lab:
    """A test's own copy of the lessons in the shared JupyterLab, opened in a workspace of its own."""

    url: str
    folder: str

    def tree(self, lesson: str) -> str:
        return f"{self.url}/lab/workspaces/{self.folder}/tree/{self.folder}/notebooks/{lesson}"

    def rise(self, lesson: str) -> str:
        return f"{self.url}/rise/{self.folder}/notebooks/{lesson}"


@pytest.fixture
def lessons_in_lab(lab_server, request):
    """The lessons and the slides' stylesheet (jupyterlab-rise loads it from their folder), copied into a
    folder of this test's own, so that no test opens a notebook another one ran and saved."""
    url, root = lab_server
    folder = re.sub(r"[^a-z0-9]+", "-", request.node.name.lower()).strip("-")
    (root / folder / "notebooks").mkdir(parents=True)
    for name in {LESSON, *PROJECTED, *FITTED, "rise.css"}:
        shutil.copy(NOTEBOOKS / name, root / folder / "notebooks" / name)
    return Lab(url, folder)


def _run_all_and_save(lab, where: Lab, lesson: str, screenshot) -> None:
    """Open a lesson in JupyterLab, Run -> Run All Cells as the README says, wait for it, save."""
    lab.goto(where.tree(lesson))
    lab.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(state="visible")
    lab.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(state="attached")
    dialog = lab.locator(".jp-Dialog")
    assert dialog.count() == 0, dialog.first.inner_text()
    # Run -> Run All Cells, exactly as the README says, until every code cell of the lesson has run in
    # one go in the kernel the page is connected to (the prompts show consecutive numbers; JupyterLab may
    # not paint cells out of view, so in the DOM is what "the cell ran" means). On a busy machine Run All
    # can come before the kernel is ready: JupyterLab then drops the queue and asks which kernel to use.
    # Choosing one there would start another kernel (the widgets made so far die with the old one, and
    # the slides would connect to a kernel that has none), so the question is dismissed, keeping the
    # kernel being started, and Run All is asked again once the kernel is idle and nothing is running.
    code_cells = sum(cell["cell_type"] == "code" for cell in json.loads((NOTEBOOKS / lesson).read_text())["cells"])
    counts = """() => [...document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell .jp-InputPrompt')]
        .map(prompt => /\\[(\\d+)\\]/.exec(prompt.textContent)).filter(Boolean).map(match => Number(match[1]))"""
    running = lab.locator(".jp-Notebook .jp-Cell .jp-InputPrompt", has_text="[*]")
    kernel_idle = lab.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))
    which_kernel = lab.locator(".jp-Dialog", has_text="Select Kernel")
    # Any other dialog JupyterLab raises on a busy machine (a kernel that restarts) would sit over the
    # Run menu: it is answered with its default button, as a teacher would, and said in the failure's
    # message if the lesson still does not run.
    other_dialog = lab.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept")
    dialogs_answered: list[str] = []

    def ran_in_one_go() -> bool:
        numbers = lab.evaluate(counts)
        return len(numbers) == code_cells and len(set(numbers)) == code_cells and max(numbers) - min(numbers) == code_cells - 1

    asked_at = None
    for _ in range(LOAD_MS // 2_000):
        if which_kernel.count():
            dialogs_answered.append("Select Kernel (dismissed: the kernel being started is kept)")
            lab.keyboard.press("Escape")
            which_kernel.first.wait_for(state="detached")
            asked_at = None
        elif other_dialog.count():
            dialogs_answered.append(lab.locator(".jp-Dialog").first.inner_text()[:200])
            other_dialog.first.click()
            asked_at = None
        elif ran_in_one_go():
            break
        elif running.count() == 0 and kernel_idle.count() and lab.evaluate(counts) == asked_at:
            asked_at = None  # nothing ran since the last Run All and nothing is running: it was dropped
        if asked_at is None and running.count() == 0 and kernel_idle.count() and not which_kernel.count():
            try:  # a dialog raised meanwhile would block the menu: answer it on the next pass
                lab.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click(timeout=10_000)
                lab.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click(timeout=10_000)
            except PlaywrightTimeoutError:
                lab.keyboard.press("Escape")  # close a menu left open
                continue
            lab.wait_for_timeout(10_000)  # a start-up's first cells; "nothing running" is read after it
            asked_at = lab.evaluate(counts)
            continue
        lab.wait_for_timeout(2_000)
    else:
        screenshot(lab, "slides_debug_lab")
        raise AssertionError(
            f"{lesson}: the code cells did not all run in one go (prompts {lab.evaluate(counts)}, "
            f"dialogs answered: {dialogs_answered})"
        )
    running.first.wait_for(state="detached")
    lab.keyboard.press("Control+s")
    lab.locator(".jp-mod-dirty").first.wait_for(state="detached")


POSITION = """() => {
  const slide = document.querySelector('.reveal .slides > section.present > section.present');
  return slide ? slide.id + ':' + slide.querySelectorAll('.fragment.visible').length : '';
}"""


def each_step(slides, limit: int = 200):
    """Step through the deck with Space from where it is to its end, stopping at each step (a subslide and
    the fragments shown on it) for the caller to look: each is the deck's position ("id:fragments"). The
    caller may press the slide's own buttons meanwhile; Space then goes on from where the deck is."""
    position = slides.evaluate(POSITION)
    for _ in range(limit):
        slides.wait_for_timeout(400)  # lets widgets re-lay out after a fragment appears; no assert on time
        yield position
        slides.keyboard.press("Space")
        after = slides.evaluate(POSITION)
        if after == position:  # Space changed nothing: the end of the deck
            return
        position = after


def _projector(browser, viewport=PROJECTOR):
    """A browser context the size of a projector that loads nothing from off the machine."""
    context = browser.new_context(viewport=viewport)
    context.route(OFF_MACHINE, lambda route: route.abort())
    return context


def _lesson_run_in_lab(context, where: Lab, lesson: str, screenshot):
    """A JupyterLab page of ``context`` with ``lesson`` run from top to bottom and saved."""
    lab = context.new_page()
    lab.set_default_timeout(LOAD_MS)
    _run_all_and_save(lab, where, lesson, screenshot)
    return lab


def open_slides(context, where: Lab, lesson: str):
    """The lesson's slideshow in a new page of ``context``, once its widgets are drawn (none says it is
    loading: widgets render once their models arrive)."""
    slides = context.new_page()
    slides.set_default_timeout(LOAD_MS)
    slides.goto(where.rise(lesson))
    slides.locator(".reveal .slides > section.present > section.present").wait_for(state="visible")
    slides.wait_for_function("() => !document.querySelector('.reveal').innerText.includes('Loading widget')")
    slides.wait_for_timeout(1000)  # the last widgets lay out; no assert on time
    return slides
