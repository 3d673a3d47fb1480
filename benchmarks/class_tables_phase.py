"""Phase "tables" of ``bench_class.py``: a class's shared tables under their students' clicks.

Phase "tables" is the class's shared tables (``class_tables``) on a server of its own: the teacher opens
``--tables`` Chemin de Fer tables of ``--seats`` student seats each (``POST teacher/tables``), and a page per
seat sits down over the table's WebSocket and plays its seat for ``--table-seconds``: on its turn a legal
action after a think time, both drawn from a seeded generator, and ``REVEALED`` after each finished coup, as
the table page does (``table_pages.py``, played from ``--clients`` processes; a table's pages all in one, so
one clock times a click to each of them). It prints a table per ``--table-bucket`` seconds and its figures:

- clicks accepted per second across the server (a click whose page drew the move it made), refused and
  unanswered clicks;
- from a click sent to every page at its table having drawn the state it led to (the last of them), to
  every other page, to each page, and the share within the issue's target (every other page within 200 ms);
- the server's CPU, its time ready to run but waiting for a core (``/proc/<pid>/schedstat``: the machine's
  other work), and its memory; the client processes' CPU and how late their event loops ran;
- coups finished, tables over, refusals and the tables' error reports (a bug), server tracebacks.

``bench_class.py --profile-tables FILE`` runs this phase's server under cProfile.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

from class_server_process import READY_TIMEOUT, ClassServer, Connection, loads, quantile, spread, waited_seconds

PAGES_SCRIPT = Path(__file__).with_name("table_pages.py")
TABLE_VARIANT = "chemin-de-fer"
TARGET_SECONDS = 0.2  # the issue's: a click reaches every other page at its table within 200 ms on this machine
START_LEAD = 1.0  # seconds from telling the client processes to go to the start, so they all start together
RESULT_LIMIT = 1 << 26  # a client process's result is one JSON line: a few MB at 50 tables for 120 s


class TablesPhase:
    """``--tables`` Chemin de Fer tables of ``--seats`` students each, opened by the teacher on one class server,
    their pages played from ``--clients`` processes (``table_pages.py``; a table's pages all in one process)."""

    def __init__(self, args, server: ClassServer):
        self.args, self.server = args, server
        # (seconds from the start, server CPU, RSS kB, load, the server's seconds waiting for a core)
        self.samples: list[tuple[float, float, int, float, float]] = []
        self.closed = False

    async def open_tables(self) -> list[str]:
        """The teacher opens the tables, as the teacher's page does: their ids."""
        args, connection, ids = self.args, Connection(self.server.port), []
        body = json.dumps({"variant": TABLE_VARIANT, "students": args.seats, "seconds": args.clock}).encode()
        for _ in range(args.tables):
            status, answer = await connection.request("POST", f"{self.base}/teacher/tables?key={self.key}", body)
            if status != 200:
                raise RuntimeError(f"the teacher could not open a table: {status} {answer}")
            ids.append(answer["table"]["id"])
        connection.close()
        return ids

    async def seat_pages(self, ids: list[str]) -> list[asyncio.subprocess.Process]:
        """The client processes, each with every ``count``-th table, once each has seated its pages."""
        args, processes = self.args, []
        count = min(args.clients, len(ids))
        for number in range(count):
            settings = {"port": self.server.port, "code": self.code, "tables": ids[number::count],
                        "numbers": list(range(number, len(ids), count)), "seats": args.seats, "think": args.think,
                        "seed": args.seed, "seconds": args.table_seconds}
            processes.append(await asyncio.create_subprocess_exec(
                sys.executable, str(PAGES_SCRIPT), json.dumps(settings), stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, limit=RESULT_LIMIT))
        for process in processes:
            line = await asyncio.wait_for(process.stdout.readline(), 2 * READY_TIMEOUT)
            if line.strip() != b"ready":
                raise RuntimeError(f"a client process did not seat its pages: {line[:300]!r}")
        return processes

    async def sample(self) -> None:
        while not self.closed:
            self.samples.append((time.monotonic() - self.t0, self.server.cpu(), self.server.rss_kb(),
                                 os.getloadavg()[0], waited_seconds(self.server.process.pid)))
            await asyncio.sleep(1.0)

    async def run(self) -> dict:
        args = self.args
        self.server.start()
        self.code, self.key = await self.server.ready()
        self.base = f"/class/{self.code}"
        self.load_before = os.getloadavg()
        opening = time.monotonic()
        ids = await self.open_tables()
        seating = time.monotonic()
        self.open_seconds = seating - opening
        processes = await self.seat_pages(ids)
        self.seat_seconds, self.rss_seated_kb = time.monotonic() - seating, self.server.rss_kb()
        # Every process is given the start on the wall clock, the one clock they share.
        start_wall, self.t0 = time.time() + START_LEAD, time.monotonic() + START_LEAD
        for process in processes:
            process.stdin.write(f"go {start_wall!r}\n".encode())
            await process.stdin.drain()
        await asyncio.sleep(max(0.0, self.t0 - time.monotonic()))
        cpu0, waited0 = self.server.cpu(), waited_seconds(self.server.process.pid)
        sampling = asyncio.create_task(self.sample())
        await asyncio.sleep(max(0.0, self.t0 + args.table_seconds - time.monotonic()))
        self.server_cpu, self.wall = self.server.cpu() - cpu0, time.monotonic() - self.t0
        self.server_waited = waited_seconds(self.server.process.pid) - waited0
        self.results = []
        for process in processes:
            line = await asyncio.wait_for(process.stdout.readline(), 120)
            if not line:
                raise RuntimeError("a client process stopped without its figures (its error is above)")
            self.results.append(json.loads(line))
            await process.wait()
        self.closed = True
        await sampling
        self.is_running = self.server.process.poll() is None
        self.peak_kb, self.rss_end_kb, self.load_after = self.server.peak_kb(), self.server.rss_kb(), os.getloadavg()
        self.server_coups = None
        if self.is_running:
            connection = Connection(self.server.port)
            _, listed = await connection.request("GET", f"{self.base}/teacher/tables.json?key={self.key}")
            connection.close()
            self.server_coups = sum(table["coups"] for table in listed["tables"])
        return self.report()

    # -- the figures --
    def clicks(self) -> list[list]:
        """Every click of every process: ``[table, sent, outcome, clicking page, to each page]`` (table_pages.py)."""
        return sorted((click for result in self.results for click in result["clicks"]), key=lambda click: click[1])

    def report(self) -> dict:
        args = self.args
        print(f"\nPhase tables: {args.tables} {TABLE_VARIANT} tables x {args.seats} students "
              f"({args.tables * args.seats} pages from {len(self.results)} client processes), each deciding after "
              f"{args.think[0]:g}-{args.think[1]:g} s, for {args.table_seconds:g} s (class {self.code} on "
              f"127.0.0.1:{self.server.port}; tables opened in {self.open_seconds:.1f} s, pages seated in "
              f"{self.seat_seconds:.1f} s; load average {loads(self.load_before)} before)")
        self.print_buckets()
        return self.print_figures()

    def print_buckets(self) -> None:
        size, seconds = self.args.table_bucket, self.args.table_seconds
        clicks = self.clicks()
        lags = [(when, lag) for result in self.results for when, lag in result["lags"]]
        print(f"\n{'seconds':>9}{'clicks':>7}{'accepted/s':>11}{'every p50':>10}{'every p99':>10}{'other p50':>10}"
              f"{'other p99':>10}{'<=200ms':>8}{'srv CPU':>8}{'srv wait':>9}{'ms/click':>9}{'RSS MB':>7}{'lag p99':>8}"
              f"{'load':>6}")
        for bucket in range(int(-(-seconds // size))):
            start, end = bucket * size, min((bucket + 1) * size, seconds)
            sent = [click for click in clicks if start <= click[1] < end]
            accepted = [click for click in sent if click[2] == "accepted"]
            every, others = to_every_page(accepted), to_each_other_page(accepted)
            samples = [sample for sample in self.samples if start <= sample[0] <= end]
            cpu = waited = float("nan")
            if len(samples) > 1:
                cpu = (samples[-1][1] - samples[0][1]) / (samples[-1][0] - samples[0][0])
                waited = (samples[-1][4] - samples[0][4]) / (samples[-1][0] - samples[0][0])
            per_click = 1000 * cpu * (end - start) / len(accepted) if accepted else float("nan")
            late = sorted(lag for when, lag in lags if start <= when < end)
            print(f"{f'{start:g}-{end:g}':>9}{len(sent):>7}{len(accepted) / (end - start):>11.1f}"
                  f"{1000 * quantile(every, 0.5):>10.0f}{1000 * quantile(every, 0.99):>10.0f}"
                  f"{1000 * quantile(others, 0.5):>10.0f}{1000 * quantile(others, 0.99):>10.0f}"
                  f"{100 * within_target(accepted):>7.1f}%{100 * cpu:>7.0f}%{100 * waited:>8.0f}%{per_click:>9.1f}"
                  f"{(samples[-1][2] / 1024 if samples else float('nan')):>7.0f}{1000 * quantile(late, 0.99):>8.0f}"
                  f"{(samples[-1][3] if samples else float('nan')):>6.1f}")
        print("  clicks: sent in the stretch; accepted: whose move the clicking page drew; every: ms from a click to "
              "the last page at its table drawing its move; other: ms to each other page; <=200ms: clicks whose move "
              "every other page drew within 200 ms (the target); srv CPU: of one core; srv wait: the share of the "
              "stretch the server was ready to run but waited for a core (the machine's other work); ms/click: "
              "server CPU per accepted click; lag p99: how late the client processes' event loops ran (their own "
              "delay, in ms)")

    def print_figures(self) -> dict:
        args, seconds, results = self.args, self.args.table_seconds, self.results
        clicks = self.clicks()
        accepted = [click for click in clicks if click[2] == "accepted"]
        in_run = sum(click[1] < seconds for click in accepted)
        outcomes = Counter(click[2] for click in clicks if click[2] != "accepted")
        refusals = sum((Counter(result["refusals"]) for result in results), Counter())
        over = Counter(reason for result in results for reason in result["over"])
        client_cpu = ", ".join(f"{result['cpu']:.1f} s ({100 * result['cpu'] / self.wall:.0f}%)" for result in results)
        late = sorted(late for result in results for late in result["lateness"])
        lags = sorted(lag for result in results for _, lag in result["lags"])
        coups, errors = sum(result["coups"] for result in results), sum(result["errors"] for result in results)
        listed = "-" if self.server_coups is None else f"{self.server_coups:,}"
        tracebacks = self.server.tracebacks()
        rows = [
            ("clicks accepted", f"{len(accepted):,} ({in_run / seconds:.1f}/s during the {seconds:g} s); "
                                + (", ".join(f"{name} {n:,}" for name, n in sorted(outcomes.items()))
                                   or "none refused or unanswered")),
            ("click -> every page at its table", spread(to_every_page(accepted))),
            ("click -> every other page", f"{spread(to_every_page(accepted, other=True))}; within "
                                          f"{TARGET_SECONDS:.3f} s (the target): {100 * within_target(accepted):.1f}%"),
            ("click -> each other page", spread(to_each_other_page(accepted))),
            ("click -> its own page", spread(sorted(click[4][click[3]] for click in accepted))),
            ("moves never drawn", f"{sum(click[4].count(None) for click in accepted)} (a page of an accepted click "
                                  "that never drew its move)"),
            ("coups finished", f"{coups:,} revealed on the pages during the run ({coups / seconds:.2f}/s); the "
                               f"teacher's list counts {listed}; {sum(over.values())} tables over"
                               + "".join(f"; {n} x {reason}" for reason, n in over.items())),
            ("moves no click made", f"{sum(result['moves_unclicked'] for result in results)} "
                                    "(a decision's clock ran out)"),
            ("server CPU", f"{self.server_cpu:.1f} s over {self.wall:.1f} s "
                           f"({100 * self.server_cpu / self.wall:.0f}% of one core); "
                           f"{1000 * self.server_cpu / max(in_run, 1):.1f} ms per accepted click"
                           + ("; under cProfile, slower than without" if args.profile_tables else "")
                           + f"; ready but waiting for a core {self.server_waited:.1f} s "
                             f"({100 * self.server_waited / self.wall:.0f}% of the run)"),
            ("server memory", f"peak RSS {self.peak_kb / 1024:.0f} MB (VmHWM), {self.rss_seated_kb / 1024:.0f} MB with "
                              f"every page seated, {self.rss_end_kb / 1024:.0f} MB at the end"),
            ("client processes", f"{len(results)}, CPU {client_cpu} of one core; think times ended late by p99 "
                                 f"{quantile(late, 0.99):.3f} s; event loops late by p99 {quantile(lags, 0.99):.3f} s, "
                                 f"max {(lags[-1] if lags else float('nan')):.3f} s"),
            ("refusals", "; ".join(f"{n} x {text}" for text, n in sorted(refusals.items())) or "none"),
            ("error reports", f"{errors} (the table's report of a bug, to a page)"),
            ("connections closed", f"{sum(result['closed'] for result in results)} by the server during the run"),
            ("server tracebacks", str(len(tracebacks))),
            ("server", "running at the end" if self.is_running else f"STOPPED: {self.server.err.read_text()[-500:]}"),
        ]
        print()
        for name, value in rows:
            print(f"  {name:<34}{value}")
        for line in tracebacks[:5]:
            print(f"    server: {line}")
        if tracebacks:
            print("  the first in full:\n" + self.server.first_traceback())
        print(f"  load average {loads(self.load_before)} before, {loads(self.load_after)} after; "
              f"{os.cpu_count()} cores")
        return {"ok": self.is_running and not errors}


# A click, as table_pages.py gives it: [table, sent, outcome, the clicking page, seconds to each page or None].
def other_pages(click: list) -> list:
    """A click's delays to the pages at its table but the clicking one's."""
    return [delay for page, delay in enumerate(click[4]) if page != click[3]]


def to_every_page(clicks: list, other: bool = False) -> list[float]:
    """Per click every page (``other``: but the clicking one) drew, the seconds until the last of them did, sorted."""
    return sorted(max(other_pages(click) if other else click[4], default=0.0)
                  for click in clicks if None not in click[4])


def to_each_other_page(clicks: list) -> list[float]:
    return sorted(delay for click in clicks for delay in other_pages(click) if delay is not None)


def within_target(clicks: list) -> float:
    """The share of ``clicks`` whose move every other page drew within TARGET_SECONDS (nan for none)."""
    delays = to_every_page(clicks, other=True)
    return sum(delay <= TARGET_SECONDS for delay in delays) / len(delays) if delays else float("nan")
