"""Lesson 09's cell on the class's own coups: the running share of each result over every coup the class
played at Punto Banco and Mini Baccarat, read from the class server's public pool, beside the exact chances.

The pool is the class server's public one (``GET <join address>/pool``: counts only, nothing of any one
student). Without an address, or with a class server out of reach, the cell says what to do in one sentence.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from ...analysis.exact import coup_chances
from ...classroom.client import TIMEOUT_SECONDS, class_address
from .present import Prose, say

RESULTS = ("Banker", "Player", "Tie")
COLOURS = {"Banker": "#b22222", "Player": "#1f4e9c", "Tie": "#2e7d32"}
NO_ADDRESS = ("Put your class's address between the quotes (the one the teacher's class server printed, such as "
              "http://127.0.0.1:8870/class/0A1B2C) and run the cell again to draw the class's own coups.")


def fetch_pool(address: str) -> dict:
    """The class's public pool; raises :class:`OSError` or :class:`ValueError` when it cannot be read."""
    with urllib.request.urlopen(f"{address}/pool", timeout=TIMEOUT_SECONDS) as answer:
        pool = json.loads(answer.read(1_000_000))
    if not isinstance(pool, dict) or not isinstance(pool.get("running"), list):
        raise ValueError("not a class's pool")
    return pool


def class_pool(address: str = "", ax=None):
    """Draw the class's running shares on ``ax`` (a new figure if None) and say how far each is from its exact
    chance; or say, in one sentence, why there is nothing to draw."""
    if not address.strip():
        return say(NO_ADDRESS)
    joined = class_address(address)
    if joined is None:
        return say(f"'{address.strip()}' is not a class's address; it looks like http://host:8870/class/0A1B2C.")
    try:
        pool = fetch_pool(joined)
    except (OSError, ValueError, urllib.error.URLError):
        return say(f"The class server at {joined} could not be reached or read; check the address and that it "
                   "is running, then run the cell again.")
    running = pool["running"]
    if not running:
        return say(f"Class {joined.rsplit('/', 1)[1]} has no Punto Banco or Mini Baccarat coup counted yet; "
                   "play a few at the tables and run the cell again.")
    return draw(pool, joined.rsplit("/", 1)[1], ax)


def draw(pool: dict, code: str, ax=None) -> Prose:
    """The chart and its sentence, from a pool as the class server gives it."""
    import matplotlib.pyplot as plt  # noqa: PLC0415 - only a drawn pool needs it

    exact = coup_chances()
    if ax is None:
        _, ax = plt.subplots(figsize=(9, 4))
    coups = [point[0] for point in pool["running"]]
    for at, name in enumerate(RESULTS, start=1):
        ax.plot(coups, [point[at] / point[0] for point in pool["running"]], color=COLOURS[name], label=f"{name} so far")
        ax.axhline(exact[name.lower()], color=COLOURS[name], linestyle="--", linewidth=1)
    ax.set_xlabel("coups the class has played")
    ax.set_ylabel("share of coups")
    ax.set_ylim(0, 1)
    ax.set_title(f"Class {code}: each result's share so far, dashed at its exact chance")
    ax.legend(loc="upper right")
    plt.show()
    total = pool["banker"] + pool["player"] + pool["tie"]
    shares = "; ".join(f"{name} {100 * pool[name.lower()] / total:.1f}% (exact {100 * exact[name.lower()]:.2f}%)"
                       for name in RESULTS)
    return say(f"After {total:,} coups of Punto Banco and Mini Baccarat: {shares}.")
