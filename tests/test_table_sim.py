"""Bot-only simulation: chips conserved over many coups, reproducible, sensible reports."""

from fractions import Fraction

import pytest

from baccarat_lessons.analysis.table_sim import TABLES, format_table_sim, simulate_table
from baccarat_lessons.engine.errors import SettingsError

CONSERVATION_COUPS = 100_000


@pytest.mark.parametrize("variant", list(TABLES))
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


def test_report_as_dict_is_plain_numbers():
    data = simulate_table("chemin-de-fer", coups=100, seed=1).to_dict()
    assert isinstance(data["commission"], float) and isinstance(data["seats"][0]["net"], float)


@pytest.mark.parametrize("kwargs", [
    {"variant": "punto-banco"}, {"banker": "psychic"}, {"coups": 0}, {"coups": 2.5},
])
def test_bad_simulation_requests_are_refused(kwargs):
    with pytest.raises(SettingsError):
        simulate_table(**{"variant": "chemin-de-fer", "coups": 10, **kwargs})
