"""A PostgreSQL server for the class's storage tests, and each test's own place in it (tests/conftest.py imports
the fixtures).

``postgres_server`` is the URL of a throwaway cluster, started once per test process and stopped after it:
Debian's binaries (package ``postgresql``, in /usr/lib/postgresql/<version>/bin) make it in a temporary
folder, with trust authentication, listening on 127.0.0.1 only at a free port, its socket in that folder.
PostgreSQL will not run as root, so a run as root runs them as the ``postgres`` system user (the package
makes it) and gives that user the folder. ``BACCARAT_LESSONS_TEST_POSTGRES_URL`` names a server to use
instead. Without the binaries (or psycopg) a PostgreSQL test is skipped, saying why; under CI (``CI=true``) it
fails instead, since CI installs them (.ci/run).

``postgres_url`` gives each test a new schema of that server (its URL sets the search path), dropped after
the test; ``database`` is a test's new place on each backend in turn: an SQLite file, then such a schema (each
dealt the same games).
"""

from __future__ import annotations

import itertools
import os
import pwd
import random
import secrets
import shutil
import socket
import subprocess
import tempfile
import zlib
from pathlib import Path
from typing import NoReturn
from urllib.parse import quote, urlsplit, urlunsplit

import pytest

URL_VARIABLE = "BACCARAT_LESSONS_TEST_POSTGRES_URL"
USER = "baccarat"
START_SECONDS = 120  # pg_ctl's wait for the server to accept connections; it takes about a second
_schemas = itertools.count(1)


def unavailable(reason: str) -> NoReturn:
    """Skip a PostgreSQL test, saying why; under CI, where PostgreSQL is installed, fail it."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: CI installs PostgreSQL, so its tests may not be skipped)")
    pytest.skip(reason)


def postgres_binaries() -> Path | None:
    """The folder of the newest PostgreSQL server binaries installed (Debian's, else on the PATH)."""
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                    key=lambda initdb: [int(part) for part in initdb.parts[-3].split(".") if part.isdigit()])
    if debian:
        return debian[-1].parent
    on_path = shutil.which("initdb")
    return Path(on_path).resolve().parent if on_path else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(command: list[str], as_postgres: list[str]) -> None:
    run = subprocess.run([*as_postgres, *command], capture_output=True, text=True, timeout=START_SECONDS + 60)
    if run.returncode != 0:
        pytest.fail(f"{' '.join(command)} failed ({run.returncode}):\n{run.stdout}{run.stderr}")


@pytest.fixture(scope="session")
def postgres_server():
    """The URL of a PostgreSQL server the tests may make schemas in."""
    if os.environ.get(URL_VARIABLE):
        yield os.environ[URL_VARIABLE]
        return
    binaries = postgres_binaries()
    if binaries is None:
        unavailable("PostgreSQL's server binaries are not installed (Debian: apt-get install postgresql)")
    as_postgres: list[str] = []
    owner = None
    if os.geteuid() == 0:  # initdb and postgres refuse root: run them as the package's system user
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            unavailable("running as root, PostgreSQL needs the postgres system user to run as, and there is none")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    folder = Path(tempfile.mkdtemp(prefix="baccarat-lessons-postgres-"))
    if owner is not None:
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    data, port = folder / "data", free_port()
    try:
        _run([str(binaries / "initdb"), "-D", str(data), "-U", USER, "--auth=trust", "--encoding=UTF8",
              "--no-locale", "--no-sync"], as_postgres)
        # -F: no fsync, the cluster is thrown away; the socket in the folder, no TCP but 127.0.0.1's.
        _run([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w",
              "-t", str(START_SECONDS), "-o", f"-F -p {port} -k {folder} -c listen_addresses=127.0.0.1", "start"],
             as_postgres)
        try:
            yield f"postgresql://{USER}@127.0.0.1:{port}/postgres"
        finally:
            _run([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"], as_postgres)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server):
    """A URL of the test server whose tables are made in a new schema, dropped after the test."""
    try:
        import psycopg  # noqa: PLC0415 - only the PostgreSQL tests need it
    except ModuleNotFoundError:
        unavailable("psycopg is not installed (pip install -e \".[server]\")")
    schema = f"test_{os.getpid()}_{next(_schemas)}"
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    parts = urlsplit(postgres_server)
    search_path = "options=" + quote(f"-csearch_path={schema}", safe="")
    yield urlunsplit(parts._replace(query=f"{parts.query}&{search_path}" if parts.query else search_path))
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path, monkeypatch):
    """Where a test's tables are kept, on each backend in turn: a new SQLite file, a new PostgreSQL schema.

    Each backend is dealt the games the SQLite run is dealt (tests/conftest.py seeds ``secrets.randbits`` by the
    test's id, which names the backend): the runs differ only in where the coups are kept."""
    same_games = zlib.crc32(request.node.nodeid.replace(request.param, "sqlite").encode())
    monkeypatch.setattr(secrets, "randbits", random.Random(same_games).getrandbits)
    request.node.add_report_section("call", "seed", f"fresh entropy (secrets.randbits) seeded with {same_games}")
    if request.param == "sqlite":
        return str(tmp_path / "class.sqlite")
    return request.getfixturevalue("postgres_url")
