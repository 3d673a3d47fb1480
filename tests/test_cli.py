"""The ``baccarat-lessons odds`` command, and bad arguments everywhere."""

import itertools
import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_lessons.cli import main
from baccarat_lessons.engine.cards import full_deck, parse_cards
from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.shoe import Shoe

SEQUENCES_8 = 416 * 415 * 414 * 413 * 412 * 411
PUBLISHED_8 = {"banker": 2_292_252_566_437_888, "player": 2_230_518_282_592_256, "tie": 475_627_426_473_216}
BET_KEYS = {"banker", "player", "tie", "player_pair", "banker_pair", "either_pair", "perfect_pair", "big", "small"}
EXACT = re.compile(r"^-?\d+/\d+$")
COMMAND = Path(sys.executable).parent / "baccarat-lessons"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_odds_text(capsys):
    status, out, err = run(capsys, "odds")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Punto Banco, 8 decks, 416 cards"
    assert re.search(r"^Banker\s+45\.8597%", out, re.M)
    assert re.search(r"^Player\s+44\.6247%", out, re.M)
    assert re.search(r"^Tie\s+9\.5156%", out, re.M)
    # Payouts and the published house edges, one row per bet.
    assert re.search(r"^Banker\s+0\.95:1\s+45\.8597%\s+1\.0579%$", out, re.M)
    assert re.search(r"^Player\s+1:1\s+44\.6247%\s+1\.2351%$", out, re.M)
    assert re.search(r"^Tie\s+8:1\s+9\.5156%\s+14\.3596%$", out, re.M)
    for name, pays in [("Player Pair", "11:1"), ("Banker Pair", "11:1"), ("Either Pair", "5:1"),
                       ("Perfect Pair", "25:1"), ("Big", "0.54:1"), ("Small", "1.5:1")]:
        assert re.search(rf"^{name}\s+{re.escape(pays)}\s", out, re.M), name
    assert "House edge: minus the expected net result per chip staked." in out


def test_odds_json_keys_and_values(capsys):
    status, out, _ = run(capsys, "odds", "--json")
    assert status == 0
    report = json.loads(out)
    assert set(report) == {"variant", "decks", "cards", "outcomes", "bets"}
    assert (report["variant"], report["decks"], report["cards"]) == ("Punto Banco", 8, 416)
    assert set(report["outcomes"]) == {"banker", "player", "tie"}
    assert set(report["bets"]) == BET_KEYS
    for bet in report["bets"].values():
        assert set(bet) == {"pays", "win", "house_edge"}
        assert all(isinstance(value, (int, float)) for value in bet.values())
    assert report["outcomes"]["banker"] == pytest.approx(PUBLISHED_8["banker"] / SEQUENCES_8, rel=1e-12)
    pays = {key: bet["pays"] for key, bet in report["bets"].items()}
    assert pays == {"banker": 0.95, "player": 1, "tie": 8, "player_pair": 11, "banker_pair": 11,
                    "either_pair": 5, "perfect_pair": 25, "big": 0.54, "small": 1.5}


def test_odds_exact_gives_fraction_strings(capsys):
    status, out, _ = run(capsys, "odds", "--json", "--exact", "--tie-pays", "9", "--banker-pays", "banker7")
    assert status == 0
    report = json.loads(out)
    for name, count in PUBLISHED_8.items():
        assert EXACT.match(report["outcomes"][name])
        assert Fraction(report["outcomes"][name]) == Fraction(count, SEQUENCES_8)
    for bet in report["bets"].values():
        assert EXACT.match(bet["win"]) and EXACT.match(bet["house_edge"])
    tie = Fraction(PUBLISHED_8["tie"], SEQUENCES_8)
    assert report["bets"]["tie"]["pays"] == 9
    assert Fraction(report["bets"]["tie"]["house_edge"]) == 1 - 10 * tie
    assert report["bets"]["banker"]["pays"] == 1
    assert Fraction(report["bets"]["player_pair"]["win"]) == Fraction(31, 415)


def test_exact_text_lists_the_fractions(capsys):
    status, out, _ = run(capsys, "odds", "--decks", "1", "--exact")
    assert status == 0
    assert out.splitlines()[0] == "Punto Banco, 1 deck, 52 cards"
    # One deck: the second card pairs the first with 3 of the other 51 cards.
    assert "  player_pair: 1/17, 5/17" in out  # house edge 1 - 12/17


def test_remove_cards(capsys):
    status, out, _ = run(capsys, "odds", "--json", "--remove", "5 5 5 5 KH")
    assert status == 0
    report = json.loads(out)
    assert report["cards"] == 411
    assert report["outcomes"]["banker"] != pytest.approx(PUBLISHED_8["banker"] / SEQUENCES_8, rel=1e-9)


def test_remove_down_to_six_cards_matches_dealing_every_order(capsys):
    kept = parse_cards("2S 3S 4S 5S 6S 7S")
    removed = " ".join(str(card) for card in full_deck() if card not in kept)
    status, out, _ = run(capsys, "odds", "--decks", "1", "--remove", removed, "--json", "--exact")
    assert status == 0
    report = json.loads(out)
    assert report["cards"] == 6
    wins = {"Banker": 0, "Player": 0, "Tie": 0}
    for order in itertools.permutations(kept):  # every shuffle of the six cards, equally likely
        wins[deal_coup(Shoe.stacked(list(order), decks=1)).outcome.value] += 1
    for name, count in wins.items():
        assert Fraction(report["outcomes"][name.lower()]) == Fraction(count, 720)


BAD_ARGUMENTS = [
    (["odds", "--decks", "0"], "A shoe holds 1 to 8 decks; 0 is not allowed."),
    (["odds", "--decks", "9"], "A shoe holds 1 to 8 decks; 9 is not allowed."),
    (["odds", "--decks", "eight"], "invalid int value: 'eight'"),
    (["odds", "--tie-pays", "7"], "invalid choice"),
    (["odds", "--banker-pays", "none"], "invalid choice"),
    (["odds", "--remove", "ZZ"], "is not a card rank"),
    (["odds", "--remove", "5X"], "not a card rank"),
    (["odds", "--decks", "1", "--remove", "5H 5H"], "There is no five of hearts left to remove from the shoe."),
    (["odds", "--decks", "1", "--remove", " ".join(str(c) for c in full_deck()[:47])],
     "Exact odds need at least 6 cards in the shoe; it holds 5."),
    (["odds", "--colour"], "unrecognized arguments: --colour"),
    ([], "required"),
    (["frobnicate"], "invalid choice"),
]


@pytest.mark.parametrize("argv, words", BAD_ARGUMENTS)
def test_bad_arguments_exit_2_with_one_line(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1
    assert err.startswith("baccarat-lessons: error: ")
    assert words in err
    assert "Traceback" not in err


def test_the_installed_command_fails_cleanly():
    result = subprocess.run([str(COMMAND), "odds", "--decks", "9"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "baccarat-lessons: error: A shoe holds 1 to 8 decks; 9 is not allowed.\n"


def test_the_installed_command_prints_json():
    result = subprocess.run([str(COMMAND), "odds", "--json", "--decks", "6"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["decks"], report["cards"]) == (6, 312)
    # Published 6-deck Banker probability.
    assert round(report["outcomes"]["banker"], 6) == 0.458653


def test_tables_json_reports_every_seat_and_conserves_chips(capsys):
    assert main(["tables", "chemin-de-fer", "--coups", "300", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["coups"] == 300 and len(report["seats"]) == 6
    # Every chip a seat lost went to another seat, the house or the commission.
    nets = sum(seat["net"] for seat in report["seats"])
    assert nets + report["house_result"] + report["commission"] == pytest.approx(0, abs=1e-9)
    assert report["commission"] > 0
    # Chips in the report, counted to the hundredth at the table: each is a whole number of hundredths.
    amounts = [report["house_result"], report["commission"]]
    amounts += [seat[key] for seat in report["seats"] for key in ("net", "bank_result", "bet_result", "staked")]
    assert all(abs(100 * amount - round(100 * amount)) < 1e-6 for amount in amounts)


def test_tables_refuses_zero_coups(capsys):
    assert main(["tables", "banque-ouverte", "--coups", "0"]) == 2
    assert capsys.readouterr().err.strip() == (
        "baccarat-lessons: error: Simulate at least one coup; 0 is not a number of coups."
    )


def test_app_refuses_an_address_this_machine_does_not_have(capsys):
    assert main(["app", "--no-browser", "--ip", "10.999.1.1"]) == 2
    assert capsys.readouterr().err.strip() == (
        "baccarat-lessons: error: '10.999.1.1' is not an address of this machine; use --ip with one."
    )


def test_app_arguments_listen_where_asked():
    from baccarat_lessons.app import voila_arguments

    local = voila_arguments(Path("app.ipynb"), port=9000, open_browser=False, debug=False)
    classroom = voila_arguments(Path("app.ipynb"), port=9000, open_browser=False, debug=False, ip="0.0.0.0")
    assert "--Voila.ip=127.0.0.1" in local and "--Voila.ip=0.0.0.0" in classroom


# Progress bars: drawn on stderr only when it is a terminal and the output is not JSON.
LONG_RUNS = [
    (["simulate", "--rounds", "200000", "--seed", "1"], "rounds ["),
    (["tables", "chemin-de-fer", "--coups", "300", "--seed", "1"], "coups ["),
]


@pytest.mark.parametrize("argv, bar", LONG_RUNS, ids=["simulate", "tables"])
def test_no_progress_bar_in_a_pipe(argv, bar):
    result = subprocess.run([sys.executable, "-m", "baccarat_lessons.cli", *argv],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and "\r" not in result.stdout and bar not in result.stdout


@pytest.mark.parametrize("argv, bar", LONG_RUNS, ids=["simulate", "tables"])
def test_no_progress_bar_with_json_even_on_a_terminal(capsys, monkeypatch, argv, bar):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0 and err == ""
    json.loads(out)


@pytest.mark.parametrize("argv, bar", LONG_RUNS, ids=["simulate", "tables"])
def test_a_progress_bar_on_a_terminal_then_wiped(capsys, monkeypatch, argv, bar):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    status, out, err = run(capsys, *argv)
    assert status == 0
    drawn = [line for line in err.split("\r") if line.strip()]
    assert drawn and all(line.startswith(bar) for line in drawn)
    assert drawn[-1].split()[-2:] == ["100%", drawn[-1].split()[-1]]
    done, total = drawn[-1].split()[-1].split("/")
    assert done == total
    assert err.endswith("\r") and err.rsplit("\r", 2)[-2].strip() == ""  # the last write blanks the line
    assert "\r" not in out and bar not in out  # the report itself is untouched


def test_simulate_calls_progress_with_increasing_counts_ending_at_the_total():
    from baccarat_lessons.analysis.simulate import simulate

    calls = []
    simulate(300_001, seed=2, progress=lambda done, total: calls.append((done, total)))
    assert len(calls) > 3
    counts = [done for done, _ in calls]
    assert counts == sorted(set(counts)) and counts[-1] == 300_001
    assert {total for _, total in calls} == {300_001}


def test_simulate_table_calls_progress_every_hundredth_and_at_the_end():
    from baccarat_lessons.analysis.table_sim import simulate_table

    calls = []
    # 3,001 coups of Banque ouverte span several tables (each ends when its chips drain).
    report = simulate_table("banque-ouverte", coups=3_001, seed=1, banker="table",
                            progress=lambda done, total: calls.append((done, total)))
    assert report.tables > 1
    assert [done for done, _ in calls] == [*range(30, 3_001, 30), 3_001]
    assert {total for _, total in calls} == {3_001}


def test_tables_json_gives_the_standard_error_of_the_bank_result(capsys):
    assert main(["tables", "banque-ouverte", "--coups", "2000", "--seed", "4", "--banker", "table", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["batch_count"] == 100
    assert isinstance(report["bank_result_standard_error"], float) and report["bank_result_standard_error"] > 0


def test_tables_text_quotes_the_standard_error(capsys):
    status, out, _ = run(capsys, "tables", "chemin-de-fer", "--coups", "500", "--seed", "2")
    assert status == 0
    assert re.search(r"chips per coup \(after commission; standard error \d+\.\d{3}, from 100 batches of coups\)", out)


# Numbers a script may get wrong: one line on stderr, status 2, nothing run.
BAD_NUMBERS = [
    (["simulate", "--rounds", "10", "--seed", "-1"],
     "argument --seed: a seed is a whole number from 0 to 9223372036854775807; -1 is not"),
    (["tables", "banque-limitee", "--coups", "10", "--seed", "-7"],
     "argument --seed: a seed is a whole number from 0 to 9223372036854775807; -7 is not"),
    (["simulate", "--rounds", "10", "--seed", "9223372036854775808"],
     "argument --seed: a seed is a whole number from 0 to 9223372036854775807; 9223372036854775808 is not"),
    (["simulate", "--rounds", "100000000000000000000"],
     "argument --rounds: at most 100,000,000 rounds in one run; 100000000000000000000 is more"),
    (["tables", "chemin-de-fer", "--coups", "100000000000000000000"],
     "argument --coups: at most 1,000,000 coups in one run; 100000000000000000000 is more"),
    (["tables", "chemin-de-fer", "--coups", "many"], "argument --coups: many is not a whole number of coups"),
]


@pytest.mark.parametrize("argv, line", BAD_NUMBERS, ids=["seed", "tables-seed", "seed-too-big", "rounds", "coups",
                                                          "coups-word"])
def test_bad_numbers_print_one_line_and_exit_2(argv, line):
    result = subprocess.run([sys.executable, "-m", "baccarat_lessons.cli", *argv],
                            capture_output=True, text=True, timeout=20)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"baccarat-lessons: error: {line}\n"


def test_the_largest_counts_are_taken():
    from baccarat_lessons.cli import MAX_COUPS, MAX_ROUNDS, build_parser

    args = build_parser().parse_args(["simulate", "--rounds", str(MAX_ROUNDS), "--seed", "0"])
    assert (args.rounds, args.seed) == (MAX_ROUNDS, 0)
    assert build_parser().parse_args(["tables", "banque-ouverte", "--coups", str(MAX_COUPS)]).coups == MAX_COUPS


@pytest.mark.parametrize("command, missing", [("app", "voila"), ("lab", "jupyterlab")])
def test_a_server_command_without_the_server_extra_says_how_to_install_it(monkeypatch, capsys, command, missing):
    """The core install (what the tables and the browser edition need) has no Voilà or JupyterLab."""
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *rest: None if name == missing else real(name, *rest))
    assert main([command, "--no-browser"]) == 2
    error = capsys.readouterr().err
    assert f"{missing}" in error and 'pip install -e ".[server]"' in error and "Traceback" not in error


def test_a_command_that_needs_numpy_without_it_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "numpy", None)  # importing numpy now raises ModuleNotFoundError
    for name in [name for name in sys.modules if name.startswith("baccarat_lessons.analysis.simulate")]:
        monkeypatch.delitem(sys.modules, name)
    assert main(["simulate", "--rounds", "1000"]) == 2
    assert 'needs numpy, part of the server edition: pip install -e ".[server]"' in capsys.readouterr().err


def test_site_without_npm_says_so_and_writes_nothing(capsys, tmp_path, monkeypatch):
    """With no Pyodide in the download cache the build fetches it with npm: without npm it says so in
    a sentence, and no folder is left behind."""
    monkeypatch.setenv("BACCARAT_LESSONS_SITE_CACHE", str(tmp_path / "empty-cache"))
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))
    out_dir = tmp_path / "site"
    status, out, err = run(capsys, "site", str(out_dir))
    assert status == 2 and out == ""
    assert "Could not download Pyodide 314.0.6 from npm: npm is not installed." in err and "Traceback" not in err
    assert not out_dir.exists() and not list(tmp_path.glob(".site-*"))
