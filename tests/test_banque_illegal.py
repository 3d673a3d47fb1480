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


def test_random_legal_play_keeps_banque_valid():
    from test_chemin_de_fer_illegal import random_legal_play

    from baccarat_lessons.engine.seated import ActionKind

    taken, coups = set(), 0
    for seed in range(32, 42):
        table = BanqueOuverteTable(seed=seed)
        taken |= random_legal_play(table, decisions=1500, seed=seed)
        coups += table.coups_played
    assert coups > 300
    assert {ActionKind.RETIRE, ActionKind.CONTINUE_BANK, ActionKind.DECLINE_BANK, ActionKind.BET,
            ActionKind.DRAW, ActionKind.STAND} <= taken
    table = BanqueLimiteeTable(seed=33)
    random_legal_play(table, decisions=4000, seed=33)
    assert table.coups_played > 200
