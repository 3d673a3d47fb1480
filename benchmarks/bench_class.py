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
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from columns import PRELUDE, ROOT, origin, unpack

BET = 1000  # hundredths: 10 chips
# 300 coups of 10-chip bets from the default 100 chips run dry; 5,000 is one of the settings panel's choices.
STARTING_CHIPS = 5000
SIDES = ("Banker", "Player")
RETRY_SECONDS = 3.0  # site/class.js: a report that could not be sent is sent again after RETRY_MS
REQUEST_TIMEOUT = 120.0  # a browser's fetch waits on; this only bounds the run
READY_TIMEOUT = 60.0
TEACHER_LINE = re.compile(r"http://127\.0\.0\.1:(\d+)/class/([0-9A-F]{6})/teacher\?key=(\S+)")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
# The server's process: the package from the folder given (columns.PRELUDE), then the command as users run it.
LAUNCH = PRELUDE + "import runpy; runpy.run_module('baccarat_lessons.cli', run_name='__main__', alter_sys=True)"
# The same under cProfile, its statistics written to the file given after the package folder (on SIGINT the
# command returns, and cProfile writes them).
PROFILED = PRELUDE + ("import cProfile, runpy; cProfile.run(\"runpy.run_module('baccarat_lessons.cli', "
                      "run_name='__main__', alter_sys=True)\", sys.argv.pop(1))")


# -- the server, as users run it -------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User and system CPU of a process, from /proc/<pid>/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def waited_seconds(pid: int) -> float:
    """How long a process has been ready to run but waiting for a core (/proc/<pid>/schedstat): on a shared
    machine, a server slow for want of a core rather than for its own work."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (FileNotFoundError, ProcessLookupError):
        return float("nan")


def memory_kb(pid: int, field: str) -> int:
    """A line of /proc/<pid>/status in kB: VmRSS (now) or VmHWM (the peak)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


class ClassServer:
    """``baccarat-lessons class`` on 127.0.0.1, started again on the same database and port after a kill.
    CPU and peak memory cover every process it has been."""

    def __init__(self, folder: Path, package: Path, profile: Path | None = None):
        """``profile``: run it under cProfile, its statistics written there when it stops."""
        self.folder, self.package, self.db, self.port = folder, package, folder / "class.sqlite", free_port()
        self.profile = profile
        self.starts, self.process = 0, None
        self.cpu_before, self.peak_kb_before = 0.0, 0  # of the processes killed

    def start(self) -> None:
        self.starts += 1
        self.out = self.folder / f"server-{self.starts}.out"
        self.err = self.folder / f"server-{self.starts}.err"
        # -I in the server's own folder: the package can come only from ``package`` (see columns.py).
        launch = [LAUNCH, str(self.package)]
        if self.profile is not None:
            launch = [PROFILED, str(self.package), str(self.profile)]
        command = [sys.executable, "-I", "-c", *launch, "class", "--db", str(self.db),
                   "--ip", "127.0.0.1", "--port", str(self.port)]
        with open(self.out, "wb") as out, open(self.err, "wb") as err:
            self.process = subprocess.Popen(command, stdout=out, stderr=err, cwd=self.folder)

    async def ready(self) -> tuple[str, str]:
        """The class's code and the teacher's key, once the server has printed them and its port answers."""
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the class server stopped: {self.err.read_text()[-2000:]}")
            printed = self.out.read_text()
            found = TEACHER_LINE.search(printed)
            if found:
                imported = Path(printed.split("\n", 1)[0].removeprefix("imported ")).resolve()
                if not imported.is_relative_to(self.package.resolve()):
                    raise RuntimeError(f"the class server imported {imported}, not the package in {self.package}")
                try:
                    _, writer = await asyncio.open_connection("127.0.0.1", self.port)
                    writer.close()
                    return found.group(2), found.group(3)
                except OSError:
                    pass  # printed before it listens
            await asyncio.sleep(0.05)
        raise RuntimeError(f"the class server did not answer in {READY_TIMEOUT:.0f} s")

    def cpu(self) -> float:
        try:
            return self.cpu_before + cpu_seconds(self.process.pid)
        except (FileNotFoundError, ProcessLookupError):
            return self.cpu_before

    def rss_kb(self) -> int:
        try:
            return memory_kb(self.process.pid, "VmRSS")
        except FileNotFoundError:
            return 0

    def peak_kb(self) -> int:
        try:
            return max(self.peak_kb_before, memory_kb(self.process.pid, "VmHWM"))
        except FileNotFoundError:
            return self.peak_kb_before

    def kill(self) -> None:
        """SIGKILL, as a power cut or the OOM killer would: what it had used is read just before."""
        self.cpu_before, self.peak_kb_before = self.cpu(), self.peak_kb()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def first_traceback(self) -> str:
        """The first traceback in the server's error output, whole, with the line before it."""
        for number in range(1, self.starts + 1):
            lines = (self.folder / f"server-{number}.err").read_text(errors="replace").splitlines()
            for at, line in enumerate(lines):
                if line.startswith("Traceback"):
                    end = next((i for i in range(at + 1, len(lines)) if not lines[i].startswith(" ")), len(lines) - 1)
                    return "\n".join(lines[max(at - 1, 0):end + 1])
        return ""

    def tracebacks(self) -> list[str]:
        """Each traceback in the server's error output (tornado logs a handler's bug) as the line before it
        (the request) and its exception."""
        found = []
        for number in range(1, self.starts + 1):
            lines = (self.folder / f"server-{number}.err").read_text(errors="replace").splitlines()
            for at, line in enumerate(lines):
                if line.startswith("Traceback"):
                    end = next((i for i in range(at + 1, len(lines)) if not lines[i].startswith(" ")), len(lines) - 1)
                    found.append(f"{lines[at - 1] if at else ''} ... {lines[end]}")
        return found


# -- a page's connection ----------------------------------------------------------------------------
class Connection:
    """One keep-alive HTTP/1.1 connection to 127.0.0.1, as a student's browser holds one: a request at a
    time. A connection per request (tornado's own client) would put 300 connects a second through the
    server's accept queue, which no class of browsers does."""

    def __init__(self, port: int):
        self.port, self.reader, self.writer = port, None, None

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, dict]:
        try:
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                              f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
            head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            status = int(head[0].split()[1])
            headers = dict(line.lower().split(": ", 1) for line in head[1:] if ": " in line)
            answer = await self.reader.readexactly(int(headers.get("content-length", "0")))
            if headers.get("connection") == "close":
                self.close()
            return status, json.loads(answer) if answer else {}
        except BaseException:
            self.close()  # a request cut off leaves the stream mid-answer: never reused
            raise

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


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


# -- the shared tables ------------------------------------------------------------------------------
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


def quantile(ordered: list[float], q: float) -> float:
    """The q-quantile of sorted values (nearest rank), nan for none."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def spread(ordered: list[float]) -> str:
    if not ordered:
        return "none"
    return (f"p50 {quantile(ordered, 0.5):.3f} s, p99 {quantile(ordered, 0.99):.3f} s, "
            f"max {ordered[-1]:.3f} s ({len(ordered):,})")


def loads(values) -> str:
    return " ".join(f"{value:.2f}" for value in values)


def describe_tree() -> str:
    """The engine's, the widgets' and the class server's files changed in the working tree (others edit it as this
    runs)."""
    changed = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "baccarat_lessons/classroom",
                              "baccarat_lessons/class_tables", "baccarat_lessons/engine", "baccarat_lessons/widgets"],
                             capture_output=True, text=True).stdout.split("\n")
    changed = [line[3:] for line in changed if line.strip()]
    return f"changed: {', '.join(changed) or 'nothing'}"


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
