"""The table surface's JavaScript, run in Node: its pure modules' tests (``tests/js/*.test.mjs``, Node's
own test runner) and the module the page loads, joined from its files as ``TableSurface`` joins them.

Without ``node`` these skip with the reason, except under ``CI=true``, where they fail: ``.ci/run``
apt-installs ``nodejs``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from baccarat_lessons.widgets.surface.widget import TableSurface

JS_TESTS = Path(__file__).parent / "js"
NODE_SECONDS = 120


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        reason = "no `node` on this machine (apt-get install nodejs) to run the table surface's JavaScript tests"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}; CI must run them, so this is a failure.", pytrace=False)
        pytest.skip(reason)
    return node


def test_the_surface_modules_pass_their_node_tests():
    # The same as `node --test tests/js/`, with the files named: Node 18 and 20 search a folder given to
    # --test, later versions read each argument as a glob.
    files = sorted(str(path) for path in JS_TESTS.glob("*.test.mjs"))
    assert files, f"no *.test.mjs in {JS_TESTS}"
    run = subprocess.run([_node(), "--test", *files], capture_output=True, text=True, timeout=NODE_SECONDS,
                         cwd=JS_TESTS)
    assert run.returncode == 0, f"node --test {JS_TESTS}/ failed:\n{run.stdout}\n{run.stderr}"


def test_the_joined_module_loads_and_renders_by_its_default_export(tmp_path):
    # Loading it runs nothing that needs a page, declares every name once across the files (a second
    # declaration is a SyntaxError), and gives anywidget `default.render`; a named `render` would be taken for
    # anywidget's old API instead.
    module = tmp_path / "surface.mjs"
    module.write_text(TableSurface._esm, encoding="utf-8")
    check = ("const m = await import(process.argv[1]); "
             "console.log(JSON.stringify({render: typeof m.default.render, named: 'render' in m}));")
    run = subprocess.run([_node(), "--input-type=module", "-e", check, str(module)], capture_output=True, text=True,
                         timeout=NODE_SECONDS)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"render": "function", "named": False}
