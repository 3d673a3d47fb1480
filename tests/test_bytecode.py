"""The launchers write the package's bytecode before any kernel starts (issue 20): a kernel started
under ``PYTHONDONTWRITEBYTECODE`` then imports the package from bytecode instead of compiling it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from baccarat_lessons import app, lab


def _package(folder: Path) -> Path:
    package = folder / "tinypkg"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("VALUE = 1\n")
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "deep.py").write_text("def twice(x):\n    return 2 * x\n")
    return package


def _compiles_on_import(folder: Path, module: str) -> bool:
    """Whether importing ``module`` in a fresh interpreter under PYTHONDONTWRITEBYTECODE compiles source."""
    probe = (
        "import builtins, sys\n"
        "compiled = []\n"
        "real = builtins.compile\n"
        "builtins.compile = lambda *a, **k: (compiled.append(a[1]), real(*a, **k))[1]\n"
        f"import {module}\n"
        "print(any('tinypkg' in str(name) for name in compiled))\n"
    )
    environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(folder)}
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=environment,
                            check=True)
    return result.stdout.strip() == "True"


def test_a_kernel_compiles_an_uncompiled_package_and_not_a_compiled_one(tmp_path):
    package = _package(tmp_path)
    assert _compiles_on_import(tmp_path, "tinypkg.inner.deep")  # the variable kept it from writing
    assert not Path(importlib.util.cache_from_source(str(package / "inner" / "deep.py"))).exists()

    assert app.compile_package(package) is True

    for module in (package / "__init__.py", package / "inner" / "deep.py"):
        assert Path(importlib.util.cache_from_source(str(module))).is_file()
    assert not _compiles_on_import(tmp_path, "tinypkg.inner.deep")


def test_a_changed_module_is_compiled_again(tmp_path):
    package = _package(tmp_path)
    app.compile_package(package)
    source = package / "inner" / "deep.py"
    source.write_text("def twice(x):\n    return x + x\n")
    os.utime(source, (source.stat().st_atime, source.stat().st_mtime + 10))
    assert _compiles_on_import(tmp_path, "tinypkg.inner.deep")  # stale bytecode is not used
    app.compile_package(package)
    assert not _compiles_on_import(tmp_path, "tinypkg.inner.deep")


def test_a_folder_that_cannot_be_written_is_reported_not_raised(tmp_path):
    package = _package(tmp_path)
    blocked = package / "inner" / "__pycache__"
    blocked.write_text("a file where the bytecode folder should be")  # no module in inner/ can be written
    assert app.compile_package(package) is False


def test_both_launchers_compile_before_they_start_their_server(monkeypatch):
    steps = []
    monkeypatch.setattr(app, "compile_package", lambda: steps.append("compile") or True)
    monkeypatch.setattr(lab, "compile_package", lambda: steps.append("compile") or True)
    monkeypatch.setattr(app, "run_until_stopped", lambda command, *rest: steps.append(command[2]) or 0)
    monkeypatch.setattr(lab, "run_until_stopped", lambda command, *rest: steps.append(command[2]) or 0)
    monkeypatch.setattr(app, "refuse_address", lambda *args: None)
    monkeypatch.setattr(lab, "refuse_address", lambda *args: None)
    assert app.serve(port=9, open_browser=False) == 0
    assert lab.serve_lab(port=9, open_browser=False) == 0
    assert steps == ["compile", "voila", "compile", "jupyterlab"]
