"""A class's shared tables in one process: what one decision costs the class server with every page at its table.

``bench_class.py --phase tables`` measures the class server from outside, over WebSockets; this measures the
same work without the network, so a change to the pages' drawing shows alone. N Chemin de Fer tables of six
people (``PeopleTable``), each seat's page and the projector's a ``PeopleSeat`` whose every message is encoded
as JSON as the socket encodes it. Decisions are taken at random among the legal ones (seeded; the bank is
declined one time in a hundred, so no table ends early), each followed by every page's ``REVEALED``, as a page
says it has shown the move. Printed: milliseconds a decision (mean, p50, p99) and kilobytes sent a decision.

``--asdict`` makes the view's and the events' JSON with ``dataclasses.asdict``, as before ``plain`` (the
comparison in benchmarks/README.md).

    .venv/bin/python benchmarks/bench_people_pages.py                 # 20 tables, 3,000 decisions, about 20 s
    .venv/bin/python benchmarks/bench_people_pages.py --asdict
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time

from baccarat_lessons.engine import seated
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.people_table import PeopleTable
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.widgets.people_seat import PeopleSeat
from baccarat_lessons.widgets.surface import scene


class Table:
    """A table of six people and its seven pages (the six seats' and the projector's)."""

    def __init__(self, seed: int, sent: list[int]):
        self.people = PeopleTable("chemin-de-fer", seed=seed)
        for seat in range(6):
            self.people.sit(seat, f"Student {seat + 1}")
        post = lambda message: sent.append(len(json.dumps(message, ensure_ascii=False, separators=(",", ":"))))  # noqa: E731
        self.pages = {seat: PeopleSeat(self.people, seat, self.act, post=post, clock=lambda: (30, 0))
                      for seat in (*range(6), None)}

    def act(self, seat, kind, amount, side) -> None:
        steps = self.people.act(seat, kind, amount, side)
        for page in self.pages.values():
            page.moved(steps)

    def decide(self, rng: random.Random) -> bool:
        """One decision of the person the table waits for, clicked on their page; False if it waits for nobody."""
        seat = self.people.waits_for_person
        if seat is None:
            return False
        actions = self.people.table.view(seat).turn.actions
        kept = [action for action in actions if action.kind != "DECLINE_BANK" or rng.random() < 0.01] or actions
        action = rng.choice(kept)
        amount = None
        if ActionKind[action.kind].takes_amount:
            amount = (action.min_amount + (action.max_amount - action.min_amount) // 4) // CHIP
        page = self.pages[seat]
        page.surface.handle({"kind": action.kind, "amount": amount, "side": action.side, "turn": page.surface.turn})
        for each in self.pages.values():
            each.surface.handle({"kind": "REVEALED", "turn": each.surface.turn})
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--asdict", action="store_true", help="the views' JSON by dataclasses.asdict, as before")
    args = parser.parse_args()
    if args.asdict:  # the comparison only: both places that make a view's or an event's JSON
        seated.view.plain = dataclasses.asdict
        scene.plain = dataclasses.asdict
    rng, sent = random.Random(args.seed), []
    tables = [Table(seed, sent) for seed in range(args.tables)]
    sent.clear()  # the pages' first drawings are not a decision's
    times: list[float] = []
    while len(times) < args.decisions:
        table = rng.choice(tables)
        start = time.perf_counter()
        if table.decide(rng):
            times.append(time.perf_counter() - start)
    times.sort()
    count, coups = len(times), sum(table.people.table.coups_played for table in tables)
    print(f"{args.tables} Chemin de Fer tables of 6 people and a projector each, {count:,} decisions, {coups:,} coups"
          f"{' (views by asdict)' if args.asdict else ''}: {1000 * sum(times) / count:.2f} ms a decision "
          f"(p50 {1000 * times[count // 2]:.2f}, p99 {1000 * times[int(count * 0.99)]:.2f}), "
          f"{sum(sent) / count / 1000:.1f} KB sent a decision")


if __name__ == "__main__":
    main()
