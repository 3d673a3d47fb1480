"""Banque tables refuse every illegal action with a typed error and change nothing."""

from test_chemin_de_fer_illegal import play_checking

from baccarat_lessons.engine.seated.banque import BanqueLimiteeTable, BanqueOuverteTable


def test_every_illegal_action_is_refused_and_changes_nothing_banque_ouverte():
    table = BanqueOuverteTable(seed=22)
    assert play_checking(table, decisions=250, seed=22) > 10_000
    assert table.coups_played > 20


def test_every_illegal_action_is_refused_and_changes_nothing_banque_limitee():
    table = BanqueLimiteeTable(seed=23)
    assert play_checking(table, decisions=250, seed=23) > 10_000
    assert table.coups_played > 20
