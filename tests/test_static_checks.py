"""The static checks run with the tests: ruff over the code and mypy over the engine, each with its
settings in pyproject.toml ([tool.ruff], [tool.mypy]), so the README's test command checks what CI checks.
A failure shows the checker's own report. (.ci/run also runs this file alone before the whole suite, so a
lint or type error stops CI before the long tests start.)

The last test is a bug mypy found when it was first run over the engine.
"""

import random
import subprocess
import sys
from pathlib import Path

import pytest

from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import ReplayError
from baccarat_lessons.engine.money import CHIP

ROOT = Path(__file__).resolve().parent.parent
CHECK_SECONDS = 300  # each takes about a second; the limit only stops a hung checker


def _run(*command: str) -> subprocess.CompletedProcess:
    """``python -m command`` at the repository's root, where it reads pyproject.toml."""
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True,
                          timeout=CHECK_SECONDS)


def test_ruff_finds_nothing():
    # No cache: the tests write nothing into the checkout.
    run = _run("ruff", "check", "--no-cache", ".")
    assert run.returncode == 0, f"ruff check .\n{run.stdout}{run.stderr}"


def test_mypy_finds_nothing_in_the_engine():
    # /dev/null: mypy keeps no cache, so two test runs in one checkout never share one.
    run = _run("mypy", "--cache-dir", "/dev/null")
    assert run.returncode == 0, f"python -m mypy (the files and settings of [tool.mypy])\n{run.stdout}{run.stderr}"


def test_a_record_whose_reshuffle_names_its_seed_by_a_float_is_refused_with_a_sentence():
    """A saved record is untrusted input, refused with one sentence, never a traceback. A reshuffle entry's
    seed index of 1.0 passed the old check (1.0 == 1) and then indexed the list of seeds: a TypeError."""
    driver = Driver("punto-banco", seed=3)
    driver.act("BET", 10 * CHIP, "Banker")
    driver.act("DEAL")
    driver.reshuffle_rest(entropy=random.Random(1))
    record = driver.record()
    assert record["actions"][-1][0] == "RESHUFFLE" and Driver.replayed(record).fingerprint() == driver.fingerprint()
    actions = [[kind, 1.0 if kind == "RESHUFFLE" else first, second] for kind, first, second in record["actions"]]
    with pytest.raises(ReplayError, match="cannot be read"):
        Driver.replayed({**record, "actions": actions})
