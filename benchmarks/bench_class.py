"""The class server under a class's load: reports/s held, time to acknowledge, the teacher's page, shared tables.

``baccarat-lessons class`` is started as users run it (its own process, SQLite in a temporary folder,
127.0.0.1 only). N simulated students join it, then each plays a Punto Banco coup every ``--interval``
seconds (their start times staggered over one interval: a 10-chip bet on Banker or Player, drawn from
a seeded generator, then Deal) on a :class:`~baccarat_lessons.engine.driver.Driver` dealt from the seed
the class gave, and reports the whole session record after each coup as the browser edition's page
does (``site/class.js``): one report in flight per table, the newest record sent when it comes back, and
a report that fails sent again 3 s later (or with the next coup). A teacher's page polls ``pool.json``
every ``--poll`` seconds. At the end the students stop playing, every table's last record is sent until
acknowledged, and the pool is compared with the coups each table played: each coup counted exactly once.

Phase "steady" is that load alone; phase "restart" is the same load with the server killed (SIGKILL) at
mid-run and started again on the same database and port (its class and key are kept beside the
database), the students carrying on. Each phase prints a table per ``--bucket`` seconds (reports/s and
time to acknowledge, so a cost that grows with the session shows) and its figures:

- reports acknowledged per second, and coups counted per second (a report carries every coup its table
  played since its last acknowledged one, so coups are counted at the pace they are played even when
  reports queue);
- time to acknowledge a report (from sending it to its answer), and from a coup played to its counting;
- the teacher's page update delay: from a coup's acknowledgement to the first ``pool.json`` answer whose
  ``coups`` count includes it (coups ordered by acknowledgement: the k-th is shown once the count is k),
  and from the coup played to that answer;
- the server's CPU (``/proc/<pid>/stat``) and peak memory (``VmHWM`` of ``/proc/<pid>/status``);
- refusals (by sentence), 429 answers, failed requests; in phase "restart", the seconds without any
  acknowledgement around the kill.

The table's rows also give the server's CPU per acknowledged report and how late this process played
the students' coups (the students all live in it, with asyncio and one keep-alive connection each, as
each browser holds one; if it falls behind, the figures are its own and not the server's).

The teacher's page itself polls once a second, after each answer; this script polls every 0.1 s to time
the delay finely (ten pool reads a second are part of the server's load here).

Phase "tables" is the class's shared tables on a server of its own: ``--tables`` Chemin de Fer tables of
``--seats`` students each, their pages played over WebSockets from ``--clients`` processes for
``--table-seconds``; ``class_tables_phase.py`` says what it does and prints. The server and the figures both
kinds of phase use are in ``class_server_process.py``.

``--profile-tables FILE`` runs that phase's server under cProfile and prints where its time went.

``--server REV`` runs the server and the students' tables from a git revision's package
(``columns.unpack``) instead of the working tree, which others may be editing. Exits 1 when a coup is not
counted exactly once, or when the shared tables' server stops or sends a page an error report. Prints
figures, asserts nothing about time::

    .venv/bin/python benchmarks/bench_class.py               # about 26 minutes: 300 s each phase, 120 s of tables
    .venv/bin/python benchmarks/bench_class.py --quick       # a smoke run of every phase, about a minute
    .venv/bin/python benchmarks/bench_class.py --phase tables             # 50 tables x 6 students, about 2.5 minutes
    .venv/bin/python benchmarks/bench_class.py --phase tables --quick --profile-tables /tmp/tables.prof
    .venv/bin/python benchmarks/bench_class.py --students 30 --seconds 20 --bucket 5   # a short look, about 1 minute
    .venv/bin/python benchmarks/bench_class.py --phase restart --server 47e16a0
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import pstats
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from class_server_process import ClassServer, Connection, describe_tree, loads, quantile, spread
from class_tables_phase import TablesPhase
from columns import ROOT, origin, unpack

BET = 1000  # hundredths: 10 chips
# 300 coups of 10-chip bets from the default 100 chips run dry; 5,000 is one of the settings panel's choices.
STARTING_CHIPS = 5000
SIDES = ("Banker", "Player")
RETRY_SECONDS = 3.0  # site/class.js: a report that could not be sent is sent again after RETRY_MS
REQUEST_TIMEOUT = 120.0  # a browser's fetch waits on; this only bounds the run


# -- the class --------------------------------------------------------------------------------------
class Student:
    """One table of the class: its session, when each coup was played and when each was acknowledged."""

    def __init__(self, number: int, port: int):
        self.name = f"student-{number:03d}"
        self.rng = random.Random(number)  # the bench's own choices; the shoe is the class's
        self.connection = Connection(port)
        self.token, self.driver = "", None
        self.played_at: list[float] = []
        self.acked_at: list[float] = []  # per coup: when the report that covered it was answered
        self.receipts = 0  # the sum of "counted" in its answers
        self.sending = self.dirty = False


class Post:
    """One report sent: when, when answered, how (HTTP status, or the exception's name), the coups it held."""

    __slots__ = ("sent", "done", "outcome", "coups")

    def __init__(self, sent: float, done: float, outcome, coups: int):
        self.sent, self.done, self.outcome, self.coups = sent, done, outcome, coups


class Phase:
    """One run of the load against one class server."""

    def __init__(self, args, server: ClassServer, restart: bool, new_table):
        """``new_table(seed)``: a student's session (a Driver of the server's own package)."""
        self.args, self.server, self.restart, self.new_table = args, server, restart, new_table
        self.students = [Student(number, server.port) for number in range(1, args.students + 1)]
        self.posts: list[Post] = []
        self.polls: list[tuple[float, float, int]] = []  # (sent, answered, pooled coups)
        self.poll_errors = 0
        self.samples: list[tuple[float, float, int, float]] = []  # (time, server CPU, RSS kB, load)
        self.lateness: list[tuple[float, float]] = []  # (due, how late) of each coup played against its schedule
        self.tasks: set[asyncio.Task] = set()
        self.closed = False
        self.killed_at = self.back_at = None

    # -- students --
    async def join(self, student: Student) -> None:
        body = json.dumps({"name": student.name, "variant": "punto-banco"}).encode()
        for _ in range(30):  # 600 joins a minute from one address: a larger class waits its turn
            status, answer = await student.connection.request("POST", f"{self.base}/join", body)
            if status == 200:
                student.token = answer["token"]
                student.driver = self.new_table(answer["seed"])
                return
            if status != 429:
                raise RuntimeError(f"{student.name} could not join: {status} {answer}")
            await asyncio.sleep(5)
        raise RuntimeError(f"{student.name} could not join: too many joins")

    async def play(self, student: Student, offset: float) -> None:
        args = self.args
        for coup in range(int(args.seconds / args.interval) + 1):
            due = self.t0 + offset + coup * args.interval
            if due >= self.t0 + args.seconds:
                return
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            self.lateness.append((due, time.monotonic() - due))
            student.driver.act("BET", BET, student.rng.choice(SIDES))
            student.driver.act("DEAL")
            student.played_at.append(time.monotonic())
            student.dirty = True
            self.send(student)

    def send(self, student: Student) -> None:
        """The page's report: one in flight; the newest record (the whole session) when it is free."""
        if self.closed or student.sending or not student.dirty:
            return
        student.sending, student.dirty = True, False
        coups = len(student.played_at)
        body = json.dumps({"token": student.token, "record": student.driver.record()}).encode()
        task = asyncio.create_task(self.post(student, body, coups))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def post(self, student: Student, body: bytes, coups: int) -> None:
        sent = time.monotonic()
        try:
            outcome, answer = await asyncio.wait_for(
                student.connection.request("POST", f"{self.base}/report", body), REQUEST_TIMEOUT)
        except Exception as error:  # noqa: BLE001 - the server out of reach: counted, and sent again
            outcome, answer = type(error).__name__, {}
        done = time.monotonic()
        self.posts.append(Post(sent, done, outcome, coups))
        student.sending = False
        if outcome == 200:
            student.receipts += answer.get("counted", 0)
            student.acked_at += [done] * (coups - len(student.acked_at))
            self.send(student)  # a coup played meanwhile
        else:
            student.dirty = True
            asyncio.get_running_loop().call_later(RETRY_SECONDS, self.send, student)

    # -- the teacher's page, the server's use, the kill --
    async def poll(self) -> None:
        connection, path = Connection(self.server.port), f"{self.base}/teacher/pool.json?key={self.key}"
        while not self.closed:
            sent = time.monotonic()
            try:
                status, answer = await asyncio.wait_for(connection.request("GET", path), REQUEST_TIMEOUT)
                if status == 200:
                    self.polls.append((sent, time.monotonic(), answer["coups"]))
                else:
                    self.poll_errors += 1
            except Exception:  # noqa: BLE001 - the server down: the page polls on
                self.poll_errors += 1
            await asyncio.sleep(max(0.0, sent + self.args.poll - time.monotonic()))

    async def sample(self) -> None:
        while not self.closed:
            self.samples.append((time.monotonic(), self.server.cpu(), self.server.rss_kb(), os.getloadavg()[0]))
            await asyncio.sleep(1.0)

    async def kill_midway(self) -> None:
        await asyncio.sleep(max(0.0, self.t0 + self.args.seconds / 2 - time.monotonic()))
        self.killed_at = time.monotonic()
        self.server.kill()
        self.server.start()
        code, _ = await self.server.ready()
        self.back_at = time.monotonic()
        if code != self.code:
            raise RuntimeError(f"the restarted server opened class {code}, not {self.code}")

    # -- the run --
    async def run(self) -> dict:
        self.server.start()
        self.code, self.key = await self.server.ready()
        self.base = f"/class/{self.code}"
        self.load_before = os.getloadavg()
        joining = time.monotonic()
        await asyncio.gather(*(self.join(student) for student in self.students))
        self.join_seconds = time.monotonic() - joining
        background = [asyncio.create_task(self.poll()), asyncio.create_task(self.sample())]
        # 300 sessions live in this one process: a full garbage collection of them took 1.1-1.8 s and held up
        # every student at once (300 browsers would each pause alone). Their play makes no cyclic garbage
        # (a collection after 90,000 coups freed nothing), so the collector is off while they play.
        gc.collect()
        gc.disable()
        self.t0, cpu0, client0 = time.monotonic(), self.server.cpu(), time.process_time()
        count = len(self.students)
        playing = [self.play(student, self.args.interval * number / count)
                   for number, student in enumerate(self.students)]
        if self.restart:
            playing.append(self.kill_midway())
        await asyncio.gather(*playing)
        self.t_end = time.monotonic()
        deadline = self.t_end + self.args.drain
        while time.monotonic() < deadline and any(len(s.acked_at) < len(s.played_at) for s in self.students):
            await asyncio.sleep(0.1)
        self.t_drained = time.monotonic()
        await asyncio.sleep(2 * self.args.poll)  # the teacher's page catches up with the last acknowledgement
        self.server_cpu, self.client_cpu = self.server.cpu() - cpu0, time.process_time() - client0
        gc.enable()
        self.closed = True
        for task in background:
            task.cancel()
        connection = Connection(self.server.port)
        _, self.pool = await connection.request("GET", f"{self.base}/teacher/pool.json?key={self.key}")
        _, self.results = await connection.request("GET", f"{self.base}/teacher/results.json?key={self.key}")
        connection.close()
        self.peak_kb, self.rss_end_kb, self.load_after = self.server.peak_kb(), self.server.rss_kb(), os.getloadavg()
        for task in list(self.tasks):
            task.cancel()
        for student in self.students:
            student.connection.close()
        return self.report()

    # -- the figures --
    def report(self) -> dict:
        args, title = self.args, "restart (a SIGKILL and a restart at mid-run)" if self.restart else "steady"
        print(f"\nPhase {title}: {len(self.students)} students, a coup each {args.interval:g} s for {args.seconds:g} s "
              f"(class {self.code} on 127.0.0.1:{self.server.port}; {len(self.students)} joined in "
              f"{self.join_seconds:.1f} s; load average {loads(self.load_before)} before)")
        self.print_buckets()
        return self.print_figures()

    def print_buckets(self) -> None:
        size = self.args.bucket
        count = int(-(-self.args.seconds // size))
        played = [t for s in self.students for t in s.played_at]
        acked = [t for s in self.students for t in s.acked_at]
        print(f"\n{'seconds':>9}{'coups':>7}{'reports':>8}{'reports/s':>10}{'counted/s':>10}{'ack p50':>8}"
              f"{'ack p99':>8}{'coups/rec':>10}{'failed':>7}{'srv CPU':>8}{'ms/rep':>7}{'RSS MB':>7}{'late p99':>9}"
              f"{'load':>6}")
        for bucket in range(count + 1):
            start = self.t0 + bucket * size
            end = self.t0 + (bucket + 1) * size if bucket < count else self.t_drained
            if bucket == count:
                start = self.t0 + self.args.seconds
            label = f"{bucket * size:g}-{min((bucket + 1) * size, self.args.seconds):g}" if bucket < count else "drain"
            span = max(end - start, 1e-9)
            posts = [p for p in self.posts if start <= p.done < end]
            good = [p for p in posts if p.outcome == 200]
            waits = sorted(p.done - p.sent for p in good)
            samples = [s for s in self.samples if start <= s[0] < end]
            cpu = float("nan")  # a share of one core
            if len(samples) > 1:
                cpu = (samples[-1][1] - samples[0][1]) / (samples[-1][0] - samples[0][0])
            late = sorted(late for due, late in self.lateness if start <= due < end)
            print(f"{label:>9}{sum(start <= t < end for t in played):>7}{len(good):>8}{len(good) / span:>10.1f}"
                  f"{sum(start <= t < end for t in acked) / span:>10.1f}"
                  f"{quantile(waits, 0.5):>8.2f}{quantile(waits, 0.99):>8.2f}"
                  f"{(sum(p.coups for p in good) / len(good) if good else 0):>10.1f}{len(posts) - len(good):>7}"
                  f"{100 * cpu:>7.0f}%{(1000 * cpu * span / len(good) if good else float('nan')):>7.1f}"
                  f"{(samples[-1][2] / 1024 if samples else float('nan')):>7.0f}{quantile(late, 0.99):>9.2f}"
                  f"{(samples[-1][3] if samples else float('nan')):>6.1f}")
        print("  coups: played in the stretch; reports: acknowledged (200); counted/s: coups acknowledged a second; "
              "ack: seconds from sending a report to its answer; coups/rec: coups in each acknowledged record; "
              "srv CPU: of one core; ms/rep: server CPU per acknowledged report; late p99: how late the students' "
              "coups were played (this process's own delay)")

    def print_figures(self) -> dict:
        args, seconds, run_end = self.args, self.args.seconds, self.t0 + self.args.seconds
        good = [p for p in self.posts if p.outcome == 200]
        waits = sorted(p.done - p.sent for p in good)
        to_ack = sorted(a - p for s in self.students for p, a in zip(s.played_at, s.acked_at))
        counted_in_run = sum(t < run_end for s in self.students for t in s.acked_at)
        after_ack, end_to_end, unseen = self.teacher_delays()
        polls = sorted(answered - sent for sent, answered, _ in self.polls)
        late = sorted(late for _, late in self.lateness)
        failed: dict = {}
        for post in self.posts:
            if post.outcome != 200:
                failed[post.outcome] = failed.get(post.outcome, 0) + 1
        expected, pooled = sum(len(s.played_at) for s in self.students), self.pool["coups"]
        per_student = {entry["name"]: entry["coups"] for entry in self.results["per_student"]}
        matching = sum(per_student.get(s.name) == len(s.played_at) for s in self.students)
        exact = pooled == expected and matching == len(self.students)
        wall, client_kb = self.t_drained - self.t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        tracebacks = self.server.tracebacks()
        rows = [
            ("reports acknowledged", f"{len(good):,} ({sum(p.done < run_end for p in good) / seconds:.1f}/s during "
                                     f"the {seconds:g} s; {len(self.students) / args.interval:.0f}/s were played)"),
            ("coups counted a second", f"{counted_in_run / seconds:.1f} during the run (played: "
                                       f"{expected / seconds:.1f}/s); drain {self.t_drained - self.t_end:.1f} s"),
            ("time to acknowledge a report", spread(waits)),
            ("coup played -> acknowledged", spread(to_ack)),
            ("teacher's page after the ack", spread(after_ack) + (f"; {unseen} coups never shown" if unseen else "")),
            ("coup played -> teacher's page", spread(end_to_end)),
            ("pool.json answered in", f"{spread(polls)}; {len(self.polls):,} polls every {args.poll:g} s, "
                                      f"{self.poll_errors} failed"),
            ("server CPU", f"{self.server_cpu:.1f} s over {wall:.1f} s "
                           f"({100 * self.server_cpu / wall:.0f}% of one core)"),
            ("server memory", f"peak RSS {self.peak_kb / 1024:.0f} MB (VmHWM), "
                              f"{self.rss_end_kb / 1024:.0f} MB at the end"),
            ("client (this process)", f"CPU {self.client_cpu:.1f} s ({100 * self.client_cpu / wall:.0f}% of one core); "
                                      f"coups played late by p99 {quantile(late, 0.99):.3f} s; "
                                      f"peak RSS {client_kb / 1024:.0f} MB"),
            ("failed reports (sent again)", ", ".join(f"{name} {n}" for name, n in sorted(failed.items(), key=str))
                                            or "none"),
            ("429 answers", f"{failed.get(429, 0)}"),
            ("refusals stored", "; ".join(f"{n} x {reason}" for reason, n in self.pool["refusals"].items()) or "none"),
        ]
        if self.restart:
            before = max((p.done for p in good if p.done <= self.killed_at), default=self.t0) - self.killed_at
            after = min((p.done for p in good if p.done > self.killed_at), default=float("nan")) - self.killed_at
            rows += [("SIGKILL", f"at {self.killed_at - self.t0:.1f} s; the server answered again "
                                 f"{self.back_at - self.killed_at:.2f} s later (same class {self.code}, same port)"),
                     ("gap without acknowledgements", f"{after - before:.2f} s (last before the kill {before:+.2f} s, "
                                                      f"first after {after:+.2f} s)")]
        rows += [("server tracebacks", str(len(tracebacks))),
                 ("counted exactly once", f"{'yes' if exact else 'NO'} (expected {expected:,}, pooled {pooled:,}; "
                                          f"{matching}/{len(self.students)} students' counts match what they played; "
                                          f"answers said counted: {sum(s.receipts for s in self.students):,})")]
        print()
        for name, value in rows:
            print(f"  {name:<31}{value}")
        for line in tracebacks[:5]:
            print(f"    server: {line}")
        print(f"  load average {loads(self.load_before)} before, {loads(self.load_after)} after; "
              f"{os.cpu_count()} cores")
        return {"exact": exact}

    def teacher_delays(self) -> tuple[list[float], list[float], int]:
        """Per coup, ordered by acknowledgement (the k-th acknowledged is on the page once the pool counts k):
        seconds from its acknowledgement to the first pool.json answer that counts it (0 if one already
        did), from its playing to that answer; and how many no answer counted."""
        coups = sorted((acked, played) for s in self.students for played, acked in zip(s.played_at, s.acked_at))
        polls, after_ack, end_to_end, index = self.polls, [], [], 0
        for number, (acked, played) in enumerate(coups, start=1):
            while index < len(polls) and polls[index][2] < number:
                index += 1
            if index == len(polls):
                return sorted(after_ack), sorted(end_to_end), len(coups) - number + 1
            after_ack.append(max(0.0, polls[index][1] - acked))
            end_to_end.append(polls[index][1] - played)
        return sorted(after_ack), sorted(end_to_end), 0


def table_maker(package: Path):
    """``new_table(seed)`` from the package in ``package``, the one the server runs: a student's Punto Banco
    session dealt from the class's seed, with 5,000 chips."""
    sys.path.insert(0, str(package))
    from baccarat_lessons.engine.driver import Driver  # noqa: PLC0415 - the package chosen on the command line
    from baccarat_lessons.engine.settings import TableSettings  # noqa: PLC0415

    imported = Path(sys.modules["baccarat_lessons"].__file__).resolve()
    if not imported.is_relative_to(package.resolve()):
        raise SystemExit(f"the students' tables imported {imported}, not the package in {package}")
    settings = TableSettings(starting_chips=STARTING_CHIPS)
    return lambda seed: Driver("punto-banco", seed=seed, settings=settings)


PHASES = {"all": ("steady", "restart", "tables"), "both": ("steady", "restart"), "steady": ("steady",),
          "restart": ("restart",), "tables": ("tables",)}
# --quick: every phase, small and short (about a minute); a flag given with it still counts.
QUICK = {"students": 30, "seconds": 20.0, "bucket": 5.0, "drain": 60.0, "tables": 5, "table_seconds": 20.0,
         "table_bucket": 5.0}


async def run_phases(args, package: Path) -> bool:
    good, new_table = True, None
    for name in PHASES[args.phase]:
        if name == "tables" and not args.tables:
            continue
        with tempfile.TemporaryDirectory(prefix="bench_class_") as folder:
            profile = Path(args.profile_tables).resolve() if name == "tables" and args.profile_tables else None
            server = ClassServer(Path(folder), package, profile)
            try:
                if name == "tables":
                    good &= (await TablesPhase(args, server).run())["ok"]
                else:
                    new_table = new_table or table_maker(package)
                    good &= (await Phase(args, server, name == "restart", new_table).run())["exact"]
            finally:
                if server.process is not None:
                    server.stop()
            if profile is not None:
                print_profile(profile)
    return good


def print_profile(path: Path) -> None:
    """The profiled server's functions that took the most time of their own, then the most with their calls."""
    statistics = pstats.Stats(str(path), stream=sys.stdout).strip_dirs()
    print(f"\nThe tables' server under cProfile ({path}):")
    statistics.sort_stats("tottime").print_stats(25)
    statistics.sort_stats("cumulative").print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=300.0, help="how long the students play, per phase")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a student's coups")
    parser.add_argument("--phase", choices=tuple(PHASES), default="all",
                        help="all: steady, restart and tables; both: steady and restart")
    parser.add_argument("--poll", type=float, default=0.1, help="seconds between the teacher's polls of pool.json")
    parser.add_argument("--bucket", type=float, default=60.0, help="seconds per row of the table")
    parser.add_argument("--drain", type=float, default=300.0,
                        help="at most this long, after the play, for every table's last report to be acknowledged")
    parser.add_argument("--tables", type=int, default=50, help="shared tables in phase tables (0: no such phase)")
    parser.add_argument("--seats", type=int, default=6, help="students at each shared table (2-6)")
    parser.add_argument("--table-seconds", type=float, default=120.0, help="how long the shared tables play")
    parser.add_argument("--think", type=float, nargs=2, default=[0.3, 1.5], metavar=("LOW", "HIGH"),
                        help="seconds a student takes to decide, drawn between these")
    parser.add_argument("--clock", type=int, default=30, help="seconds the teacher gives each decision (10-600)")
    parser.add_argument("--clients", type=int, default=2, help="processes the shared tables' pages are played from")
    parser.add_argument("--seed", type=int, default=1, help="the shared tables' students' choices")
    parser.add_argument("--table-bucket", type=float, default=30.0, help="seconds per row of phase tables's table")
    parser.add_argument("--profile-tables", default=None, metavar="FILE",
                        help="run phase tables's server under cProfile, its statistics written to FILE and printed")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: " + ", ".join(f"--{name.replace('_', '-')} {value:g}"
                                                          for name, value in QUICK.items()))
    parser.add_argument("--server", default=None, metavar="REV",
                        help="run the server (and the students' tables) from this git revision's package "
                             "instead of the working tree")
    if parser.parse_known_args()[0].quick:
        parser.set_defaults(**QUICK)
    args = parser.parse_args()
    print(f"The class server under load: {args.students} students, {args.tables} shared tables of {args.seats}, "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {loads(os.getloadavg())}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    with tempfile.TemporaryDirectory(prefix="bench_class_package_") as unpacked:
        package = unpack(args.server, unpacked) if args.server else ROOT
        print(f"Package: {origin(package / 'baccarat_lessons' / '__init__.py')}, from {package}"
              + ("" if args.server else f" ({describe_tree()})"))
        good = asyncio.run(run_phases(args, package))
    sys.exit(0 if good else 1)


if __name__ == "__main__":
    main()
