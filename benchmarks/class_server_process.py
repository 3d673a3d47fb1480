"""The class server as users run it, and how ``bench_class.py`` measures it from outside.

:class:`ClassServer` starts ``baccarat-lessons class`` in a process of its own (the package from the folder
given, as ``columns.py`` runs it; SQLite in a temporary folder; 127.0.0.1 only), waits for its class code and
teacher's key, reads its CPU and memory from ``/proc``, kills it (SIGKILL) and starts it again on the same
database and port, and collects its tracebacks. :class:`Connection` is a page's keep-alive HTTP connection to
it. The rest are the figures both phases print with: :func:`quantile`, :func:`spread`, :func:`loads`, and
:func:`describe_tree` (what in the working tree has changed under the server).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from columns import PRELUDE, ROOT

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
