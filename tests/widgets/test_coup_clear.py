"""Every seat-banked coup told in one voice, without a browser: the words the page draws with
(captions, seat panels, status line, badges, the bank, the amount box's range, the deal speed, the
settlement the page moves chips for) read from the presentation the table sends."""

from dataclasses import fields

from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets.presentation import Presentation
from baccarat_lessons.widgets.seat_banked_table.seats import bank_text
from baccarat_lessons.widgets.table import LiveTable
from browser_messages import bet, deal
from seated_messages import bot_choices, click, finish_reveal, play_until_your_turn, seat, send

# Banque ouverte, the deal: right 2S 3H (5), left 4D 2C (6), bank 5H KD (5): nobody has a natural,
# so the right captain (you, when a bot banks) is asked to draw or stand.
NO_NATURALS = "2S 4D 5H 3H 2C KD"


def view_with(key, cards, seed=1):
    return LiveTable(key, shoe=Shoe.stacked(cards), seed=seed, deal_speed="instant")


def hands(view) -> dict[str, dict]:
    return {hand["name"]: hand for hand in view.surface.presentation["hands"]}


def test_every_table_deals_at_normal_speed_by_default():
    tables = [LiveTable("punto-banco", seed=1), LiveTable("mini-baccarat", seed=1)]
    tables += [LiveTable(key, seed=1) for key in ("chemin-de-fer", "banque-ouverte", "banque-limitee")]
    assert [table.surface.presentation["speed"] for table in tables] == ["normal"] * 5
    # One shape for every variant: every key is present at every table (empty where unused).
    keys = {field.name for field in fields(Presentation)}
    assert [sorted(table.surface.presentation) for table in tables] == [sorted(keys)] * 5


def test_the_players_win_and_a_tableau_wins():
    assert hands(LiveTable("chemin-de-fer", seed=1))["Player"]["wins"] == "Players win"
    badges = {name: hand["wins"] for name, hand in hands(LiveTable("banque-limitee", seed=1)).items()}
    assert badges == {"Left tableau": "Left tableau wins", "Banker": "Banker wins", "Right tableau": "Right tableau wins"}


def test_the_bank_offered_to_you_says_you():
    view = LiveTable("chemin-de-fer", seed=1)
    assert "it is offered to you ·" in view.surface.presentation["bank"]
    send(view, "DECLINE_BANK")
    text = bank_text(view.table.view(0))
    assert "You" not in text.split("offered to")[-1]


def test_a_captain_without_a_stake_on_the_side_is_told_why_they_play_it():
    view = view_with("banque-ouverte", NO_NATURALS)
    click(view, "DECLINE_BANK")  # Bot 1 banks: you bet on the left, and still captain the right
    click(view, "BET", side=Hand.LEFT)
    assert play_until_your_turn(view)
    turn = view.surface.view["turn"]
    assert turn["kind"] == "CAPTAIN_DRAW" and turn["hand"] == "Right tableau"
    words = view.surface.presentation["situation"]
    assert "You hold the right tableau as its captain: a captain keeps the cards, bet or no bet, until the " \
           "side loses a coup" in words
    assert "Your own bet is on the left; this side's result does not touch it." in words


def test_captions_seats_and_status_name_the_same_roles():
    view = view_with("banque-ouverte", "JH 4D 6S 2C 5H 3D")  # Bot 1's natural 9 beats your right tableau
    click(view, "DECLINE_BANK")
    click(view, "NO_BET")
    finish_reveal(view)
    caption = hands(view)["Right tableau"]["caption"]
    assert caption.startswith("Captain this coup: You; the cards pass to Bot 2")
    assert "Right captain" in seat(view, 2)["role"] and "Right captain" not in seat(view, 0)["role"]
    role = dict(view.surface.presentation["status"])["role"]
    assert role == "Role: " + (seat(view, 0)["role"] or "Bettor")


def test_the_bots_speak_for_the_coup_on_the_felt_only():
    view = LiveTable("chemin-de-fer", seed=11, deal_speed="instant")
    for _ in range(6):  # a few coups: bank, bet, decline, pass, as the table offers
        assert play_until_your_turn(view)
        first = view.surface.view["turn"]["actions"][0]
        send(view, first["kind"], 10 * CHIP if first["min_amount"] else None, first["side"])
        shown = view.presenter.coup_on_felt(view.table)
        spoken = {seat: number for number, seat, _ in bot_choices(view)}  # each bot's latest choice
        for panel in view.surface.presentation["seats"]:
            if panel["reason"]:
                assert spoken[panel["index"]] == shown, (panel, shown)


def test_the_settlement_lists_each_bet_for_the_page_to_move():
    # Player 2S 2H draws the 7C (1); Banker AC 2D draws the 5H (8): the Player stake is swept, the Banker one paid.
    table = LiveTable("punto-banco", seed=2, shoe=Shoe.stacked("2S AC 2H 2D 7C 5H"))
    bet(table, "Player", 10)
    bet(table, "Banker", 5)
    deal(table)
    assert table.surface.reveal["settlement"] == [
        {"place": "Player", "who": "", "amount": 1000, "paid": 0, "result": "lost"},
        {"place": "Banker", "who": "", "amount": 500, "paid": 475, "result": "won"},
    ]
    # You bank at Chemin de Fer; each bot's stake against you is listed with its name and its result.
    view = view_with("chemin-de-fer", "2S KH 3D 3S 9H")
    click(view, "OPEN_BANK")
    while not view.table.coups_played:  # your banker's choices, as the table offers them
        first = view.surface.view["turn"]["actions"][0]
        send(view, first["kind"], None, first["side"])
    record = view.table.last_coup
    moves = view.surface.reveal["settlement"]
    assert [(move["who"], move["amount"]) for move in moves] == \
        [(view.table.name_of(stake.seat), stake.amount) for stake in record.stakes]
    outcome = {"Player": "won", "Tie": "push", "Banker": "lost"}[record.results[Hand.PLAYER].value]
    assert {move["result"] for move in moves} == {outcome}


def test_a_seat_says_whether_its_stake_line_is_this_coups_bet_or_the_last_coups_result():
    """The page folds the last coup's line away on a phone (the result line says it), never a bet in play."""
    view = view_with("chemin-de-fer", "2S KH 3D 3S 9H 2C 4D 5H 3H KD 7S")
    click(view, "OPEN_BANK")
    while not view.table.coups_played:
        first = view.surface.view["turn"]["actions"][0]
        send(view, first["kind"], None, first["side"])
    finish_reveal(view)
    after = {seat["index"]: seat for seat in view.surface.presentation["seats"]}
    bettors = {stake.seat for stake in view.table.last_coup.stakes}
    assert bettors and all(after[index]["stake"].startswith("Last coup: ") for index in bettors)
    assert all(after[index]["stake_is_last_coup"] for index in bettors)
    assert not any(seat["stake_is_last_coup"] for seat in after.values() if not seat["stake"])


def test_the_bank_banner_says_what_the_bank_on_the_felt_did_once_it_has_moved_on():
    """Issue 30, point 9: once the coup is shown the bank has passed on, while that coup's cards are still on
    the felt; the banner says first what the felt's bank did, and only while those cards are there."""
    view = view_with("chemin-de-fer", "9S 2H KD 3C 8H 2D KS QC")  # the players' natural 9 beats your bank's 5; then a natural 8
    click(view, "OPEN_BANK", typed=20)
    finish_reveal(view)
    record = view.table.last_coup
    lost = -record.nets[0]
    assert lost == 20 * CHIP and view.table.view(0).banker is None  # the bank was lost, and is offered on
    text = view.surface.presentation["bank"]
    assert text.startswith("Coup 1: you banked 20 chips and lost 20. Nobody holds the bank; it is offered to Bot 1"), text
    assert text.count("commission taken so far") == 1
    assert bank_text(view.table.view(0)) in text  # then the bank as it is now, word for word
    assert play_until_your_turn(view)  # Bot 1 opens a bank of its own: coup 1's cards are still on the felt
    assert view.surface.presentation["bank"].startswith("Coup 1: you banked 20 chips and lost 20. Bank: ")
    for _ in range(6):  # sit the next coup out until it is dealt: the felt shows its cards, and its bank alone
        if view.table.coups_played == 2:
            break
        kinds = {action["kind"] for action in view.surface.view["turn"]["actions"]}
        send(view, "DECLINE_BANCO" if "DECLINE_BANCO" in kinds else "NO_BET")
        play_until_your_turn(view)
    assert view.table.coups_played == 2 and "Coup 1:" not in view.surface.presentation["bank"]


def test_a_bank_kept_by_its_banker_is_not_told_twice():
    view = view_with("chemin-de-fer", "2H 9S 3C KD")  # your bank's natural 9 beats the players' 5
    click(view, "OPEN_BANK", typed=20)
    finish_reveal(view)
    assert view.table.view(0).banker == 0
    assert view.surface.presentation["bank"] == bank_text(view.table.view(0))
