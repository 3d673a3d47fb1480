"""The ``baccarat-lessons`` command: odds, simulate, solve, tables, app, lab, site, site-serve, class, answer-key, handouts.

Bad arguments print one line and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys

from .engine.errors import BaccaratError
from .engine.shoe import ShoeProcedure
from .engine.variants import SEAT_BANKED, VARIANTS
from .progress import terminal_progress


class UsageError(Exception):
    """A command line that cannot be run as written."""


# The largest runs the command takes: a minute or two of one core each (simulate deals millions of
# rounds a second, tables some ten thousand coups). A bigger number is a typo, or 10**20, that
# would run without end.
MAX_ROUNDS = 100_000_000
MAX_COUPS = 1_000_000
MAX_SEED = 2**63 - 1


def seed_number(text: str) -> int:
    """A seed as the command line takes it: a whole number from 0 to 2**63 - 1.

    >>> seed_number("42")
    42
    >>> seed_number("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a seed is a whole number from 0 to 9223372036854775807; -1 is not
    """
    try:
        seed = int(text)
    except ValueError:
        seed = None
    if seed is None or not 0 <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED}; {text} is not")
    return seed


def count_up_to(limit: int, noun: str):
    """The argparse type of a count that may not exceed ``limit`` (the smallest count is each
    command's own check, with its own sentence)."""
    def count(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text} is not a whole number of {noun}") from None
        if number > limit:
            raise argparse.ArgumentTypeError(f"at most {limit:,} {noun} in one run; {text} is more")
        return number
    count.__name__ = noun  # argparse names the type in its messages
    return count


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not argparse's usage block
        raise UsageError(message)


def _odds(args) -> int:
    from .analysis.reports import odds_report
    from .analysis.text_tables import format_odds

    variant = VARIANTS[args.variant]
    report = odds_report(
        decks=variant.decks if args.decks is None else args.decks, removed=args.remove.split(),
        tie_pays=args.tie_pays, banker_pays=args.banker_pays, exact=args.exact, commission=variant.commission,
    )
    report = {"variant": variant.name, **report}
    print(json.dumps(report, indent=2) if args.json else format_odds(report))
    return 0


def _simulate(args) -> int:
    from .analysis.simulate import simulate_report
    from .analysis.text_tables import format_simulation

    if args.rounds < 1:
        raise UsageError("--rounds must be at least 1")
    with terminal_progress("rounds", args.json) as bar:
        report = simulate_report(rounds=args.rounds, decks=args.decks, seed=args.seed, procedure=args.procedure,
                                 progress=bar)
    print(json.dumps(report, indent=2) if args.json else format_simulation(report))
    return 0


def _solve(args) -> int:
    from .analysis.chemin_de_fer_solver import format_solve, solve_report

    report = solve_report(model=args.model, decks=args.decks, commission=args.commission)
    print(json.dumps(report, indent=2) if args.json else format_solve(report))
    return 0


def _tables(args) -> int:
    from .analysis.table_sim import format_table_sim, simulate_table

    with terminal_progress("coups", args.json) as bar:
        report = simulate_table(args.variant, coups=args.coups, seed=args.seed, banker=args.banker, progress=bar)
    print(json.dumps(report.to_dict(), indent=2) if args.json else format_table_sim(report))
    return 0


def _app(args) -> int:
    from .app import serve
    from .widgets.surface.served import write_served

    # The table surface's code as two files the page fetches once, not text inside every widget model.
    return serve(port=args.port, open_browser=not args.no_browser, ip=args.ip, surface_served=write_served())


def _lab(args) -> int:
    from .lab import serve_lab

    return serve_lab(port=args.port, open_browser=not args.no_browser, ip=args.ip)


def _site(args) -> int:
    from pathlib import Path

    from .site import SiteBuildError, build_site

    try:
        out = build_site(Path(args.dir), lessons_url=args.lessons_url)
    except SiteBuildError as error:
        raise UsageError(str(error)) from None
    print(f"Built the browser edition in {out}. Serve it with: python -m http.server -d {out}")
    return 0


def _site_serve(args) -> int:
    from pathlib import Path

    from .site.serve import serve_site

    try:
        return serve_site(Path(args.dir), port=args.port, ip=args.ip)
    except FileNotFoundError as error:
        raise UsageError(str(error)) from None


def _answer_key(args) -> int:
    from pathlib import Path

    from .content.answer_key import answer_key_html
    from .lab import lessons_root

    notebooks = Path(args.notebooks) if args.notebooks else lessons_root() / "notebooks"
    if not any(notebooks.glob("[0-9][0-9]_*.ipynb")):
        raise UsageError(f"no lesson notebooks in {notebooks}; give their folder with --notebooks")
    out = Path(args.out)
    out.write_text(answer_key_html(notebooks), encoding="utf-8")
    print(f"Wrote the answer key for the lessons in {notebooks} to {out.resolve()}. Open it in a browser to print it.")
    return 0


def _handouts(args) -> int:
    from pathlib import Path

    from .content.teacher_kit import write_handouts
    from .lab import lessons_root

    notebooks = Path(args.notebooks) if args.notebooks else lessons_root() / "notebooks"
    if not any(notebooks.glob("[0-9][0-9]_*.ipynb")):
        raise UsageError(f"no lesson notebooks in {notebooks}; give their folder with --notebooks")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out must be a folder, and {out} is a file")
    try:
        written = write_handouts(out, notebooks)
    except OSError as error:
        raise UsageError(f"cannot write the handouts into {out}: {error.strerror or error}") from None
    print(f"Wrote {len(written)} pages to {out.resolve()}. Open index.html in a browser to print them.")
    return 0


def build_parser() -> Parser:
    parser = Parser(prog="baccarat-lessons", description="Learn the Baccarat family and its mathematics.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    odds = commands.add_parser("odds", help="exact odds and house edge of every Punto Banco bet")
    # The house-banked layouts' records: the shoe and the commission are the variant's (Punto Banco's by default).
    odds.add_argument("--variant", choices=tuple(key for key, variant in VARIANTS.items() if variant.has_fixed_rules),
                      default="punto-banco", help="a house-banked variant: its decks and commission")
    odds.add_argument("--decks", type=int, default=None, help="decks in the shoe (default: the variant's)")
    odds.add_argument("--tie-pays", type=int, choices=(8, 9), default=8)
    odds.add_argument("--banker-pays", choices=("commission", "banker7"), default="commission")
    odds.add_argument("--remove", default="", help='cards taken out of the shoe, e.g. "5 5H K"')
    odds.add_argument("--exact", action="store_true", help="probabilities as exact fractions")
    odds.add_argument("--json", action="store_true")
    odds.set_defaults(run=_odds)

    simulate = commands.add_parser("simulate", help="deal many Punto Banco rounds from real shoes")
    simulate.add_argument("--rounds", type=count_up_to(MAX_ROUNDS, "rounds"), required=True,
                          help=f"how many rounds, 1 to {MAX_ROUNDS:,}")
    simulate.add_argument("--decks", type=int, default=8)
    simulate.add_argument("--seed", type=seed_number, default=None)
    simulate.add_argument("--procedure", choices=tuple(procedure.value for procedure in ShoeProcedure),
                          default=ShoeProcedure.RESHUFFLE_20.value)
    simulate.add_argument("--json", action="store_true")
    simulate.set_defaults(run=_simulate)

    solve = commands.add_parser("solve", help="game theory of the players' choices")
    # The solver studies one players' hand against a seated banker: the Chemin de Fer records.
    solve.add_argument("game", choices=tuple(key for key, variant in SEAT_BANKED.items()
                                             if len(variant.player_hands) == 1))
    solve.add_argument("--model", choices=("table", "classic"), default="table")
    solve.add_argument("--decks", type=int, default=6, help="0 means an infinite deck")
    solve.add_argument("--commission", type=float, default=0.0)
    solve.add_argument("--json", action="store_true")
    solve.set_defaults(run=_solve)

    tables = commands.add_parser("tables", help="bots play a seat-banked table: is holding the bank worth it?")
    tables.add_argument("variant", choices=tuple(SEAT_BANKED))
    tables.add_argument("--coups", type=count_up_to(MAX_COUPS, "coups"), default=10_000,
                        help=f"how many coups, 1 to {MAX_COUPS:,}")
    tables.add_argument("--seed", type=seed_number, default=None)
    tables.add_argument("--banker", choices=("exact", "table"), default="exact",
                        help="the Banque banker: exact expected value, or the Chemin de Fer table")
    tables.add_argument("--json", action="store_true")
    tables.set_defaults(run=_tables)

    app = commands.add_parser("app", help="serve the lessons app with Voilà")
    app.add_argument("--port", type=int, default=8866)
    app.add_argument("--no-browser", action="store_true")
    app.add_argument("--ip", default="127.0.0.1",
                     help="address to listen on (default: this machine only; 0.0.0.0 serves a classroom network)")
    app.set_defaults(run=_app)

    lab = commands.add_parser("lab", help="open the lessons in JupyterLab, ready to present as slides offline")
    lab.add_argument("--port", type=int, default=8888)
    lab.add_argument("--no-browser", action="store_true")
    lab.add_argument("--ip", default="127.0.0.1", help="address to listen on (default: this machine only)")
    lab.set_defaults(run=_lab)

    site = commands.add_parser("site", help="build the app as a static site that runs in the visitor's browser")
    site.add_argument("dir", help="the folder to write the site into (an earlier build there is replaced)")
    site.add_argument("--lessons-url", default="",
                      help="where the site's visitors find the lessons (the server edition or Binder)")
    site.set_defaults(run=_site)

    site_serve = commands.add_parser("site-serve", help="serve a built site with cache headers (a second visit downloads nothing)")
    site_serve.add_argument("dir", help="the folder of a site built by baccarat-lessons site")
    site_serve.add_argument("--port", type=int, default=8000)
    site_serve.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0 serves a classroom network)")
    site_serve.set_defaults(run=_site_serve)

    klass = commands.add_parser("class", help="run a class server: students' tables join it, the teacher's page pools their coups")
    klass.add_argument("--port", type=int, default=8870)
    klass.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0 serves a classroom network)")
    klass.add_argument("--db", default="class.sqlite",
                       help="where the class is kept: an SQLite file (default: class.sqlite), or a PostgreSQL database "
                            "several class servers share, postgresql://user:password@host:port/dbname")
    klass.add_argument("--teacher-file", default=None,
                       help="the file the class's code and teacher's key are kept in (default: <db>.teacher beside the "
                            "SQLite file; with PostgreSQL, class.teacher here: give each server of the class a copy)")
    klass.add_argument("--hold-seconds", type=float, default=120,
                       help="how long a shared table holds the seat of a student whose page closed (default: 120)")
    klass.set_defaults(run=_class)

    key = commands.add_parser("answer-key", help="write the teacher's answer key (every exercise) as a printable page")
    key.add_argument("--out", default="answer-key.html", help="the HTML file to write (default: answer-key.html)")
    key.add_argument("--notebooks", default=None, help="the lessons' folder (default: this installation's notebooks/)")
    key.set_defaults(run=_answer_key)

    handouts = commands.add_parser("handouts", help="write printable student and teacher handouts, quizzes and the key")
    handouts.add_argument("--out", required=True, help="the folder to write the pages into (created if missing)")
    handouts.add_argument("--notebooks", default=None, help="the lessons' folder (default: this installation's notebooks/)")
    handouts.set_defaults(run=_handouts)
    return parser


# What the server extra brings (pyproject.toml): a command that needs one of them says how to get it.
SERVER_MODULES = ("numpy", "matplotlib", "voila", "jupyterlab", "jupyterlab_rise", "jupyter_server", "tornado", "psycopg")


def _class(args) -> int:
    from .class_tables import make_class_app  # noqa: PLC0415 - tornado, the server edition's
    from .classroom.server import serve_class  # noqa: PLC0415
    import socket  # noqa: PLC0415 - the server's name among those sharing a database

    try:
        if not 1 <= args.hold_seconds <= 3600:
            raise UsageError("--hold-seconds: between 1 and 3600 seconds.")
        serve_class(args.db, args.ip, args.port, teacher_file=args.teacher_file,
                    make=lambda ledger: make_class_app(ledger, hold_seconds=args.hold_seconds,
                                                       server=f"{socket.gethostname()}:{args.port}"))
    except KeyboardInterrupt:
        pass
    return 0


def needs_server(command: str) -> None:
    """Refuse, with the install command, a command whose server-edition packages are missing.

    >>> needs_server("answer-key") is None
    True
    """
    wanted = {"app": ("voila",), "lab": ("jupyterlab", "jupyterlab_rise")}.get(command, ())
    missing = [name for name in wanted if importlib.util.find_spec(name) is None]
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        raise UsageError(f"'{command}' needs the server edition, and {' and '.join(missing)} {verb} not installed: "
                         'pip install -e ".[server]"')


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        needs_server(args.command)
        return args.run(args)
    except (UsageError, BaccaratError) as error:
        print(f"baccarat-lessons: error: {error}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in SERVER_MODULES:
            raise
        print(f"baccarat-lessons: error: this command needs {error.name}, part of the server edition: "
              'pip install -e ".[server]"', file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
