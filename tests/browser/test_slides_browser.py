"""A lesson presented as slides with jupyterlab-rise, with no network: the teacher's path.

JupyterLab is started as ``baccarat-lessons lab`` starts it (``baccarat_lessons.lab``:
the package's ``jupyter_data`` on ``JUPYTER_PATH``, nothing installed into the
environment by hand) on a free port of 127.0.0.1, with no token, its settings,
workspaces and runtime files in a temporary folder: one JupyterLab for the module, in which each test
has its own copy of the lessons and its own workspace.
The test does what the README tells a teacher: open the lesson, *Run → Run All
Cells*, save, then open the slideshow at ``/rise/<path of the notebook>``. It steps
to the third slide with the keyboard, checks that slide shows the lesson's own
text and a widget that answers a click (so the widgets are live, served by the
kernel the notebook ran in), and checks that every request either page made
went to 127.0.0.1.

A second test presents two lessons on a 1920 x 1080 projector, as a teacher would: Run All,
*Alt + R* (the deck must open on its first slide even though Run All leaves the last cell
selected), then the full-screen ``/rise/`` page stepped through with *Space* from the first
slide to the last. On every step it measures what is shown: text at least 28 px and headings
larger, no code input, every slide inside the screen with nothing cut off (a slide taller than
the screen scrolls inside its own box, and its last line can be scrolled into view), speaker
notes present but not on the slide. Screenshots go to ``tests/screenshots/``.

A third test presents a house-banked and a seat-banked lesson (02 and 04) at 1920 x 1080 and again
at 1280 x 720: JupyterLab shows no news prompt over the lesson, and on every slide with all its
fragments shown, the live table's bet spots and Deal (or the decision's buttons and the controls), the
guide's Restart / Back / Next and every part of the complete rules are inside the slide, which does
not scroll. At the seat-banked table it then plays on, decision by decision through several coups, and
measures the slide again after each (at 1920 x 1080; the smaller size checks the slides as they open).
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

from .conftest import OFF_MACHINE, _free_port, serving

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


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
MIN_TEXT_PX = 28
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


def test_a_lesson_opens_as_slides_with_live_widgets_and_no_network(browser, lessons_in_lab, screenshot):
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
        _run_all_and_save(lab, lessons_in_lab, LESSON, screenshot)

        slides = context.new_page()
        slides.on("websocket", lambda socket: requested.append(socket.url))
        slides.set_default_timeout(LOAD_MS)
        slides.goto(lessons_in_lab.rise(LESSON))
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
        assert re.search(r"#/slide-2-0$", slides.url), slides.url
        # The third slide itself, not "whichever slide is shown": a Space pressed too early must not
        # make the test look for the guide on the fourth.
        third = slides.locator(".reveal .slides > section").nth(2)
        assert titles[2].casefold() in third.inner_text().casefold()  # "The illustrated guide", from the notebook

        # Show the fragment (the guide widget) and prove the widget is live: Next moves the guide on. The
        # widget is drawn once the page's widget manager has the kernel's models, which on a busy machine
        # can be well after the slide is shown; it is in the slide (hidden, as a fragment) before it is
        # shown, so Space is pressed only once it is there, and only while the deck is still on slide 3.
        next_button = third.locator(".widget-button", has_text="Next").first
        try:
            next_button.wait_for(state="attached")
        except PlaywrightTimeoutError:
            screenshot(slides, "slides_debug_third")
            raise AssertionError(f"the guide was never drawn on {slides.url}: {third.inner_text()[:400]!r}") from None
        for _ in range(3):
            if next_button.is_visible():
                break
            slides.keyboard.press("Space")
            slides.wait_for_timeout(300)
            assert re.search(r"#/slide-2-", slides.url), f"Space left the third slide: {slides.url}"
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


# What the present slide shows, measured in the page. Sizes are as rendered on the screen: the
# computed font size times reveal.js's scale of the slide box (its transform). A heading is a
# slide's own (Markdown) heading; a widget's small headings count as text.
MEASURE_SLIDE = """() => {
  const slides = document.querySelector('.reveal .slides');
  const scale = slides.getBoundingClientRect().width / slides.offsetWidth;
  const slide = document.querySelector('.reveal .slides > section.present > section.present');
  const shown = node => {
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    return style.visibility === 'visible' && style.opacity !== '0' && box.width > 0 && box.height > 0
      && !node.closest('.fragment:not(.visible)');
  };
  const texts = [];
  const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    const node = walker.currentNode.parentElement;
    if (!text || node.closest('aside.notes, svg, style, script') || !shown(node)) continue;
    texts.push({text: text.slice(0, 40), px: parseFloat(getComputedStyle(node).fontSize) * scale,
                heading: !!node.closest('.jp-MarkdownCell') && !!node.closest('h1, h2, h3, h4, h5, h6')});
  }
  const inputs = [...slide.querySelectorAll(
      '.jp-CodeCell .jp-Cell-inputWrapper, .jp-InputArea-editor, .cm-editor, .jp-InputPrompt, .jp-OutputPrompt')]
    .filter(node => node.getBoundingClientRect().height > 0).length;
  const box = slide.getBoundingClientRect();
  const overflowY = getComputedStyle(slide).overflowY;
  const scrolls = slide.scrollHeight > slide.clientHeight + 1;
  // Scroll to the end: the last cell's bottom must then be inside the slide's box.
  slide.scrollTop = slide.scrollHeight;
  const cells = [...slide.querySelectorAll('.jp-Cell')].filter(cell => !cell.closest('aside.notes'));
  const last = cells.length ? cells[cells.length - 1].getBoundingClientRect() : box;
  const widest = Math.max(0, ...cells.map(cell => cell.getBoundingClientRect().right));
  const result = {
    id: slide.id, scale, texts, inputs, scrolls, overflowY,
    box: {top: box.top, left: box.left, bottom: box.bottom, right: box.right},
    lastBottom: last.bottom, widest, sideways: slide.scrollWidth > slide.clientWidth + 1,
    viewport: {width: innerWidth, height: innerHeight},
    notes: slide.querySelectorAll('aside.notes').length,
    notesShown: [...slide.querySelectorAll('aside.notes')].filter(node => node.getBoundingClientRect().height > 0).length,
  };
  slide.scrollTop = 0;
  return result;
}"""
# Where the deck is: the present subslide and how many of its fragments are shown.
POSITION = """() => {
  const slide = document.querySelector('.reveal .slides > section.present > section.present');
  return slide ? slide.id + ':' + slide.querySelectorAll('.fragment.visible').length : '';
}"""


def _step_through(slides, name: str, screenshot) -> dict[str, dict]:
    """Press Space from the first slide to the last; the measurements of each subslide with all
    its fragments shown (its last step), by subslide id."""
    seen: dict[str, dict] = {}
    position = slides.evaluate(POSITION)
    for _ in range(200):
        slides.wait_for_timeout(400)  # lets widgets re-lay out after a fragment appears; no assert on time
        seen[position.split(":")[0]] = slides.evaluate(MEASURE_SLIDE)
        screenshot(slides, f"slides_{name}_{position.split(':')[0]}")  # the last step of a slide stays
        slides.keyboard.press("Space")
        after = slides.evaluate(POSITION)
        if after == position:  # Space changed nothing: the end of the deck
            break
        position = after
    return seen


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


@pytest.mark.parametrize("lesson", PROJECTED, ids=lambda name: name[3:-6])
def test_a_lesson_on_a_projector_is_large_fits_and_shows_no_code(browser, lessons_in_lab, screenshot, lesson):
    context = _projector(browser)
    name = lesson[3:-6]
    try:
        lab = _lesson_run_in_lab(context, lessons_in_lab, lesson, screenshot)
        # Run All leaves the last cell selected; Alt + R must still open the deck on its first slide.
        active = lab.locator(".jp-Notebook .jp-Cell.jp-mod-active")
        assert active.count() == 1
        lab.keyboard.press("Escape")
        lab.keyboard.press("Alt+r")
        preview = lab.frame_locator("iframe[src*='/rise/']")
        preview.locator(".reveal .slides > section.present > section.present").wait_for(state="visible")
        lab.wait_for_timeout(1000)  # the preview finishes laying out before the picture
        screenshot(lab, f"slides_{name}_alt_r")
        assert preview.locator(".reveal .slides > section.present > section.present").get_attribute("id") == "slide-0-0"

        slides = context.new_page()
        slides.set_default_timeout(LOAD_MS)
        slides.goto(lessons_in_lab.rise(lesson))
        slides.locator(".reveal .slides > section.present > section.present").wait_for(state="visible")
        # Widgets render once their models arrive: wait until none says it is loading.
        slides.wait_for_function("() => !document.querySelector('.reveal').innerText.includes('Loading widget')")
        slides.wait_for_timeout(1000)
        assert slides.evaluate(POSITION) == "slide-0-0:0", "the deck must open on its first slide"
        slides.locator(".reveal").focus()
        measured = _step_through(slides, name, screenshot)
    finally:
        context.close()

    subslides = [slide for slide in measured.values()]
    total = len(re.findall(r'"slide_type": "(?:slide|subslide)"', (NOTEBOOKS / lesson).read_text()))
    assert len(subslides) == total, f"stepped through {sorted(measured)}, expected {total} slides"
    body_sizes, heading_sizes = [], []
    for slide in subslides:
        where = slide["id"]
        assert slide["scale"] >= 1.4, (where, slide["scale"])  # reveal.js scaled the 1280 x 720 slide
        assert slide["inputs"] == 0, f"{where}: a code input or prompt is visible"
        assert slide["notesShown"] == 0, f"{where}: speaker notes are on the slide"
        box, viewport = slide["box"], slide["viewport"]
        assert box["top"] >= -1 and box["left"] >= -1, (where, box)
        assert box["bottom"] <= viewport["height"] + 1 and box["right"] <= viewport["width"] + 1, (where, box)
        if slide["scrolls"]:  # taller than the screen: it must scroll inside its box, to its last line
            assert slide["overflowY"] in ("auto", "scroll"), (where, slide["overflowY"])
        assert slide["lastBottom"] <= box["bottom"] + 1, f"{where}: its end cannot be reached"
        assert not slide["sideways"] and slide["widest"] <= box["right"] + 1, f"{where}: cut off on the right"
        small = [text for text in slide["texts"] if not text["heading"] and text["px"] < MIN_TEXT_PX]
        assert not small, f"{where}: text below {MIN_TEXT_PX} px: {small[:5]}"
        body_sizes += [text["px"] for text in slide["texts"] if not text["heading"]]
        heading_sizes += [text["px"] for text in slide["texts"] if text["heading"]]
    assert body_sizes and heading_sizes
    usual_body = max(set(body_sizes), key=body_sizes.count)
    assert min(heading_sizes) > usual_body, (min(heading_sizes), usual_body)
    assert sum(slide["notes"] for slide in subslides) >= 1, "the lesson has speaker notes"
    print(f"{lesson}: {len(subslides)} slides, body text {min(body_sizes):.1f}-{max(body_sizes):.1f} px "
          f"(usually {usual_body:.1f}), headings {min(heading_sizes):.1f}-{max(heading_sizes):.1f} px, "
          f"scrolling slides: {[slide['id'] for slide in subslides if slide['scrolls']]}")


# What must be inside the present slide, with all its fragments shown: a live table's bet spots and Deal
# (or your decision's buttons and the controls), a guide's Restart / Back / Next, and each part of the
# complete rules; and the slide must not scroll. Boxes are the screen's, after reveal.js's scaling.
MEASURE_FIT = """() => {
  const slide = document.querySelector('.reveal .slides > section.present > section.present');
  const box = slide.getBoundingClientRect();
  const shown = node => node.getBoundingClientRect().height > 0 && !node.closest('.fragment:not(.visible)');
  const parts = selector => [...slide.querySelectorAll(selector)].filter(shown).map(node => {
    const r = node.getBoundingClientRect();
    return {what: selector, text: node.textContent.trim().slice(0, 30),
            inside: r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.left >= box.left - 1 && r.right <= box.right + 1};
  });
  const first = slide.parentElement.querySelector(':scope > section');
  return {
    id: slide.id, scrolls: slide.scrollHeight > slide.clientHeight + 1, height: slide.scrollHeight,
    table: !!slide.querySelector('.bl-table .bls'), guide: !!slide.querySelector('.bl-guide'),
    rules: /^The complete rules/.test((first.querySelector('h2') || {}).textContent || ''),
    spots: parts('.bl-table .bls-spot'), deal: parts('.bl-table .bl-deal'),
    decision: parts('.bl-table .bls-decision button, .bl-table .bls-controls button'),
    guideButtons: parts('.bl-guide .bl-guide-restart, .bl-guide .bl-guide-back, .bl-guide .bl-guide-next'),
  };
}"""
NEWS_PROMPT = "official Jupyter news"


def _fit_of_every_slide(slides, name: str, screenshot, play: bool = False) -> dict[str, dict]:
    """Space from the first slide to the last; each subslide's fit with all its fragments shown, by id.
    A table's, a guide's and the rules' slides are pictured (named with the window's size)."""
    size = "{width}x{height}".format(**slides.viewport_size)
    seen: dict[str, dict] = {}
    position = slides.evaluate(POSITION)
    for _ in range(200):
        slides.wait_for_timeout(400)  # lets widgets re-lay out after a fragment appears; no assert on time
        fit = slides.evaluate(MEASURE_FIT)
        seen[fit["id"]] = fit
        if fit["table"] or fit["guide"] or fit["rules"]:
            screenshot(slides, f"slides_fit_{name}_{fit['id']}_{size}")
        if play and fit["table"] and fit["decision"] and not fit["spots"]:
            fit["played"] = _play_on(slides, f"{name}_{size}", screenshot)
        slides.keyboard.press("Space")
        after = slides.evaluate(POSITION)
        if after == position:
            break
        position = after
    return seen


TAKE_ACTION = ".reveal section.present > section.present .bl-table .bls-decision button.bls-action:enabled"
SHOW_ALL = """() => [...document.querySelectorAll('.reveal section.present > section.present .bl-table .bls-controls button')]
  .filter(button => !button.disabled && button.textContent.trim() === 'Show all').forEach(button => button.click())"""
CONTROL = ".reveal section.present > section.present .bl-table .bls-controls button:enabled"


def _play_on(slides, name: str, screenshot, decisions: int = 10) -> list[dict]:
    """At a seat-banked table, play on from the slide: take each decision's first action (take the bank,
    draw, continue, banco…) or the next coup, revealing the cards at once, and measure the slide after each.
    A busy coup (six hands of stakes, the bank's banner, your decision) is what used to run off the slide."""
    fits = []
    for step in range(decisions):
        for _ in range(60):  # until the kernel has answered and the coup waits on you (or on Next coup)
            # The cards at once, not one by one. Clicked in the page, in one step: the button turns itself off
            # when the reveal ends, so a click that first looked and then waited could wait forever.
            slides.evaluate(SHOW_ALL)
            slides.wait_for_timeout(500)  # polling, not a time limit on the page
            if slides.locator(TAKE_ACTION).count() or slides.locator(CONTROL, has_text="Next coup").count():
                break
        fit = slides.evaluate(MEASURE_FIT)
        fits.append(fit)
        screenshot(slides, f"slides_fit_{name}_coup-step-{step}")
        action = slides.locator(TAKE_ACTION)
        if action.count():
            action.first.click()
            continue
        following = slides.locator(CONTROL, has_text="Next coup")
        if not following.count():
            break
        following.first.click()
    return fits


def _present(context, where: Lab, lesson: str, screenshot, play: bool = False) -> dict[str, dict]:
    """The lesson's slideshow in a new page of ``context``, stepped through: the fit of every subslide."""
    slides = context.new_page()
    slides.set_default_timeout(LOAD_MS)
    slides.goto(where.rise(lesson))
    slides.locator(".reveal .slides > section.present > section.present").wait_for(state="visible")
    slides.wait_for_function("() => !document.querySelector('.reveal').innerText.includes('Loading widget')")
    slides.wait_for_timeout(1000)
    slides.locator(".reveal").focus()
    return _fit_of_every_slide(slides, lesson[3:-6], screenshot, play)


@pytest.mark.parametrize("lesson", FITTED, ids=lambda name: name[3:-6])
def test_live_widgets_and_the_rules_fit_their_slides_on_a_projector(browser, lessons_in_lab, screenshot, lesson):
    context = _projector(browser)
    name = lesson[3:-6]
    try:
        lab = _lesson_run_in_lab(context, lessons_in_lab, lesson, screenshot)
        # The launcher's settings answer JupyterLab's news question: no prompt over the lesson.
        toasts = lab.locator(".jp-Notification-Toast, .Toastify__toast", has_text=NEWS_PROMPT)
        assert toasts.count() == 0 and NEWS_PROMPT not in lab.locator("body").inner_text()
        screenshot(lab, f"slides_fit_{name}_lab")

        fits = _present(context, lessons_in_lab, lesson, screenshot, play=True)  # played on at one size
        # A 1280 x 720 projector shows the same 1280 x 720 slides unscaled: they must fit there too.
        small = _projector(browser, SMALL_PROJECTOR)
        try:
            small_fits = _present(small, lessons_in_lab, lesson, screenshot)
        finally:
            small.close()
    finally:
        context.close()

    assert sorted(small_fits) == sorted(fits)
    _assert_widgets_and_rules_fit(lesson, fits, played=True)
    _assert_widgets_and_rules_fit(lesson, small_fits)


def _assert_widgets_and_rules_fit(lesson: str, fits: dict[str, dict], played: bool = False) -> None:
    tables = [fit for fit in fits.values() if fit["table"]]
    guides = [fit for fit in fits.values() if fit["guide"]]
    rules = [fit for fit in fits.values() if fit["rules"]]
    assert len(tables) == 1 and len(guides) == 1, sorted(fits)
    assert len(rules) >= 2, f"the complete rules should be several slides: {sorted(fits)}"
    for fit in tables:
        controls = fit["spots"] + fit["deal"] if fit["spots"] else fit["decision"]
        assert controls, f"{fit['id']}: no bet spot, Deal or decision on the Play slide"
        assert all(part["inside"] for part in controls), (fit["id"], [p for p in controls if not p["inside"]])
    for fit in guides:
        assert len(fit["guideButtons"]) == 3, fit["guideButtons"]
        assert all(part["inside"] for part in fit["guideButtons"]), (fit["id"], fit["guideButtons"])
    for fit in [*tables, *guides, *rules]:
        assert not fit["scrolls"], f"{fit['id']} is {fit['height']} px tall: it scrolls"
    for table in tables:
        steps = table.get("played", [])
        if played and not table["spots"]:  # a seat-banked table: a coup in full must fit too, decision by decision
            assert len(steps) >= 6, f"{lesson}: only {len(steps)} steps of play measured"
        for step, fit in enumerate(steps):
            assert fit["decision"], f"{lesson}, step {step}: no decision or control on the slide"
            assert all(part["inside"] for part in fit["decision"]), (lesson, step, [p for p in fit["decision"] if not p["inside"]])
            assert not fit["scrolls"], f"{lesson}, step {step} of play: the slide is {fit['height']} px tall"
    print(f"{lesson}: Play {[t['height'] for t in tables]}, guide {[g['height'] for g in guides]}, "
          f"rules {[r['height'] for r in rules]} (slide px, 720 fit)")
