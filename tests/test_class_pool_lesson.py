"""Lesson 09's cell on the class's own coups (widgets/lessons/class_pool.py): drawn from the class server's
public pool beside the exact chances, with its sentence computed from the same counts; without an address, with
a wrong one or with a silent server, one sentence says what to do."""

from __future__ import annotations

import random

import matplotlib
import pytest

from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.analysis.exact import coup_chances
from baccarat_lessons.widgets.lessons.class_pool import NO_ADDRESS, class_pool

matplotlib.use("Agg")


def test_the_class_s_coups_are_drawn_beside_the_exact_chances(live_class):
    ledger, code, address = live_class
    for seed in range(3):
        ticket = ledger.join(code, f"S{seed}", "punto-banco")
        driver, rng = Driver("punto-banco", seed=ticket.seed), random.Random(seed)
        for _ in range(40):
            driver.act("BET", 10 * CHIP, rng.choice(("Banker", "Player")))
            driver.act("DEAL")
        ledger.report(ticket.token, driver.record())
    pool = ledger.pool(code)
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots()
    shown = class_pool(address + "/", ax=ax)
    exact = coup_chances()
    words = " ".join(shown.paragraphs)
    assert words.startswith("After 120 coups of Punto Banco and Mini Baccarat: ")
    for name in ("Banker", "Player", "Tie"):
        assert f"{name} {100 * pool[name.lower()] / 120:.1f}% (exact {100 * exact[name.lower()]:.2f}%)" in words
        line = next(line for line in ax.get_lines() if line.get_label() == f"{name} so far")
        assert line.get_ydata()[-1] == pytest.approx(pool[name.lower()] / 120)
    assert code in ax.get_title()
    plt.close(fig)


def test_without_a_class_the_cell_says_what_to_do(live_class):
    ledger, code, address = live_class
    assert class_pool("").paragraphs == [NO_ADDRESS]
    assert "is not a class's address" in class_pool("http://127.0.0.1/notaclass").paragraphs[0]
    assert "has no Punto Banco or Mini Baccarat coup counted yet" in class_pool(address).paragraphs[0]
    silent = address.replace(address.split(":")[2].split("/")[0], "9")  # port 9 (discard): nobody answers
    assert "could not be reached or read" in class_pool(silent).paragraphs[0]
