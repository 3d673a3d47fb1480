"""Bot-only simulation: chips conserved over many coups, reproducible, sensible reports."""

from fractions import Fraction
from statistics import fmean, stdev

import pytest

from baccarat_lessons.analysis.table_sim import batch_standard_error, format_table_sim, simulate_table
from baccarat_lessons.engine.variants import SEAT_BANKED
from baccarat_lessons.engine.errors import SettingsError

CONSERVATION_COUPS = 100_000


@pytest.mark.parametrize("variant", list(SEAT_BANKED))
def test_chips_are_conserved_over_many_random_coups(variant):
    # The simple Banque banker keeps this fast; the exact banker is checked below on fewer coups.
    report = simulate_table(variant, coups=CONSERVATION_COUPS, seed=2024, banker="table", check_every_coup=True)
    assert report.coups == CONSERVATION_COUPS
    assert report.chips_conserved
    total = sum(seat.net for seat in report.seats) + report.house_result + report.commission
    assert total == 0
    assert report.commission > 0
    assert all(isinstance(seat.net, (int, Fraction)) for seat in report.seats)
    # Reported in chips, every amount is a whole number of hundredths (the tables count hundredths).
    amounts = [report.house_result, report.commission]
    amounts += [getattr(seat, key) for seat in report.seats for key in ("net", "bank_result", "bet_result", "staked")]
    assert all((Fraction(amount) * 100).denominator == 1 for amount in amounts)


@pytest.mark.parametrize("variant", ["banque-ouverte", "banque-limitee"])
def test_exact_banker_tables_conserve_chips(variant):
    report = simulate_table(variant, coups=3_000, seed=7, banker="exact", check_every_coup=True)
    assert report.chips_conserved and report.coups == 3_000


def test_same_seed_same_report():
    first = simulate_table("banque-ouverte", coups=500, seed=5)
    second = simulate_table("banque-ouverte", coups=500, seed=5)
    assert [seat.net for seat in first.seats] == [seat.net for seat in second.seats]
    assert first.commission == second.commission


def test_limitee_house_banks_every_coup_and_seats_never_bank():
    report = simulate_table("banque-limitee", coups=400, seed=3, banker="table")
    assert report.house_coups == 400
    assert all(seat.coups_banked == 0 for seat in report.seats)


def test_chemin_de_fer_bank_rotates_among_seats():
    report = simulate_table("chemin-de-fer", coups=2_000, seed=3)
    assert sum(seat.coups_banked for seat in report.seats) == 2_000
    assert all(seat.coups_banked > 0 for seat in report.seats)
    text = format_table_sim(report)
    assert "Commission collected" in text and "per coup" in text
    # Bots at every seat: the first row is a bot's, and the count of tables reads as English.
    rows = [line.split()[0] for line in text.splitlines()[2:8]]
    assert rows == [f"Bot {index}" for index in range(6)] or rows == ["Bot"] * 6, rows
    tables = report.tables
    assert f"on {tables:,} table{'' if tables == 1 else 's'} in " in text and "table(s)" not in text


def test_report_as_dict_is_plain_numbers():
    data = simulate_table("chemin-de-fer", coups=100, seed=1).to_dict()
    assert isinstance(data["commission"], float) and isinstance(data["seats"][0]["net"], float)


@pytest.mark.parametrize("kwargs", [
    {"variant": "punto-banco"}, {"banker": "psychic"}, {"coups": 0}, {"coups": 2.5},
])
def test_bad_simulation_requests_are_refused(kwargs):
    with pytest.raises(SettingsError):
        simulate_table(**{"variant": "chemin-de-fer", "coups": 10, **kwargs})


def test_the_standard_error_is_positive_and_shrinks_like_one_over_root_n():
    short = simulate_table("chemin-de-fer", coups=2_000, seed=1)
    long = simulate_table("chemin-de-fer", coups=32_000, seed=1)
    assert short.batch_count == long.batch_count == 100
    assert short.bank_result_standard_error > long.bank_result_standard_error > 0
    # Sixteen times the coups: a quarter of the error (estimated from 100 batches, so give or take).
    assert 2.5 < short.bank_result_standard_error / long.bank_result_standard_error < 6.5


def test_the_standard_error_matches_the_spread_between_independent_runs():
    # The batches of one run are consecutive coups; if they were too dependent the error would be
    # too small. Independent seeds show the real spread of the mean.
    runs = [simulate_table("chemin-de-fer", coups=1_500, seed=seed) for seed in range(12)]
    spread = stdev(run.bank_result_per_coup for run in runs)
    reported = fmean(run.bank_result_standard_error for run in runs)
    assert 0.5 < reported / spread < 2


def test_batch_standard_error_of_equal_batches_is_their_standard_deviation_over_root_k():
    means = [Fraction(3, 10), Fraction(-1, 10), Fraction(1, 2), Fraction(0), Fraction(7, 10)]
    points, total = [(0, 0)], Fraction(0)
    for index, mean in enumerate(means, start=1):
        total += 40 * mean
        points.append((40 * index, int(total * 100)))
    assert batch_standard_error(points) == pytest.approx(stdev(means) / len(means) ** 0.5, rel=1e-12)
    assert batch_standard_error(points[:2]) is None  # one batch has no spread


def test_one_coup_has_no_standard_error():
    report = simulate_table("chemin-de-fer", coups=1, seed=1)
    assert report.batch_count == 1 and report.bank_result_standard_error is None
    assert "too few coups for a standard error" in format_table_sim(report)
    assert report.to_dict()["bank_result_standard_error"] is None
