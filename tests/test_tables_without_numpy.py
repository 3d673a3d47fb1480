"""The tables run on the standard library (and ipywidgets/anywidget): importing what the app
imports, building the app, visiting all five tables and playing there imports no numpy, so
the app runs where numpy cannot be loaded (a browser's Pyodide kernel).

Each check runs in a fresh interpreter: this test process has numpy loaded already.
"""

import subprocess
import sys
import textwrap

APP_RUN = textwrap.dedent("""
    import sys
    import baccarat_lessons.analysis, baccarat_lessons.app, baccarat_lessons.content, baccarat_lessons.engine
    from baccarat_lessons.widgets.app import LessonsApp
    from baccarat_lessons.engine.staged_links import parse_link
    from baccarat_lessons.engine.variants import VARIANTS

    app = LessonsApp(defer=True, seed=5)
    for key in VARIANTS:
        app.selector.value = key
        page = app.pages[key]
        page.build_rest()
    punto = app.pages["punto-banco"].table
    punto.act("BET", 1000, "Banker"); punto.act("DEAL"); punto.act("REVEALED")
    assert punto.table.coups_played == 1
    for key in ("chemin-de-fer", "banque-ouverte", "banque-limitee"):
        view = app.pages[key].table
        for _ in range(40):  # the user declines, passes and stands until the bots have played a coup
            if view.table.coups_played:
                break
            if view.is_revealing:
                view.act("REVEALED")
                continue
            kinds = [action.kind.name for action in view.table.pending.actions]
            choice = next(kind for kind in ("DECLINE_BANK", "NO_BET", "DECLINE_BANCO", "STAND", "CONTINUE_BANK")
                          if kind in kinds) if len(kinds) > 1 else kinds[0]
            view.act(choice)
        assert view.table.coups_played == 1, key
    print("numpy" in sys.modules, sorted(name for name in sys.modules if name.startswith("baccarat_lessons.analysis")))
""")


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_app_and_its_five_tables_import_no_numpy():
    numpy_loaded, analysis_modules = run(APP_RUN).split(" ", 1)
    assert numpy_loaded == "False"
    # The exact odds and the exact Banque banker were used; the simulator was not built.
    assert "'baccarat_lessons.analysis.exact'" in analysis_modules
    assert "'baccarat_lessons.analysis.banque_banker'" in analysis_modules
    assert "'baccarat_lessons.analysis.simulate'" not in analysis_modules


def test_the_control_sees_numpy_when_the_simulator_is_asked_for():
    # The check above can fail: asking the analysis package for the simulator loads numpy.
    code = "import sys\nfrom baccarat_lessons.analysis import simulate_report\nprint('numpy' in sys.modules)"
    assert run(code) == "True"
