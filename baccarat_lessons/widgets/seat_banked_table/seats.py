"""Six seats round the table, the bank, and the user's status line, in words drawn from
the user's seat view (``table.view(0)``) and nothing else, for the table surface.

Each seat panel names the seat, its role this coup (banker, punter, captain), its
balance, its stake and the last reason a bot gave in this coup. The seats sit round the felt: seats 0-2 below it,
5-3 above it, so the bank's rotation runs round the table.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=1)
>>> table.open_bank(20 * CHIP)
>>> panel = seat_panel(table.view(0), 0, {})
>>> panel.name, panel.role, panel.chips
('You', 'Banker', 'Chips: 80 · Bank: 20')
>>> status_items(table.view(0))[:2]
[['balance', 'Balance: 80'], ['bank', 'Your bank: 20']]
"""

from __future__ import annotations

from typing import Mapping

from ...engine.money import chips_phrase, show_chips
from ...engine.seated import HOUSE
from ...engine.variants import VARIANTS
from ..presentation import Seat
from ..surface.scene import settled_bet

BELOW, ABOVE = (0, 1, 2), (5, 4, 3)


def _roles(seat) -> list[str]:
    """'Banker', 'Punter', 'Right captain' — the roles a seat panel names (a bettor needs no label)."""
    return [role.label for role in seat.roles if role.label]


def _stake_text(view, index: int) -> str:
    stakes = [stake for stake in view.stakes if stake.seat == index]
    return "; ".join(
        f"Bet {show_chips(stake.amount)}" + ("" if stake.hand == "Player" else f" on the {stake.hand.split()[0].lower()}")
        for stake in stakes
    )


def last_coup_stakes(record) -> dict[int, str]:
    """What each seat's stakes did in a finished coup (public once the coup is over), from its record."""
    done: dict[int, list[str]] = {}
    if record is None:
        return {}
    for stake, returned in zip(record.stakes, record.returns):
        net = returned - stake.amount
        signed = ("+" if net > 0 else "") + show_chips(net)
        done.setdefault(stake.seat, []).append(f"Last coup: bet {show_chips(stake.amount)}, {signed}")
    return {seat: "; ".join(texts) for seat, texts in done.items()}


def settlement_moves(record, who) -> list[dict]:
    """Every stake of a finished coup, for the page to move its chips (:func:`..surface.scene.settled_bet`);
    ``who`` names a seat as the felt does ("You", "Bot 2")."""
    return [settled_bet(stake.hand.value, stake.amount, returned, who(stake.seat))
            for stake, returned in zip(record.stakes, record.returns)]


def seat_panel(view, index: int, reasons: Mapping[int, str], last_coup: Mapping[int, str] | None = None) -> Seat:
    """One seat's panel, as the table surface draws it."""
    seat = view.seats[index]
    roles = _roles(seat)
    side = next((f"{hand.value.split()[0].lower()} side" for hand, seats in VARIANTS[view.variant].side_seats.items()
                 if index in seats), "")  # Banque: the side of the table the seat sits on
    chips = f"Chips: {show_chips(seat.balance)}"
    if view.banker == index:
        chips += f" · Bank: {show_chips(view.bank)}"
    return Seat(
        index=index, name=seat.name, you=seat.is_viewer, banker=view.banker == index,
        to_act=view.turn is not None and view.turn.seat == index, side=side,
        role=" · ".join(roles), chips=chips,
        stake=_stake_text(view, index) or (last_coup or {}).get(index, ""), reason=reasons.get(index, ""),
        stake_is_last_coup=not _stake_text(view, index) and bool((last_coup or {}).get(index)),
    )


def bank_text(view, played=None) -> str:
    """The bank in the middle of the table: who holds it, how much, how much is covered. While the finished
    coup ``played`` (its record) is still on the felt and its bank has moved on (passed, offered, given up),
    the banner says first what that bank did, so it does not read as the bank of the cards shown.

    >>> from baccarat_lessons.widgets.table import LiveTable
    >>> from baccarat_lessons.engine.shoe import Shoe
    >>> table = LiveTable("chemin-de-fer", shoe=Shoe.stacked("9S 2H KD 3C"), seed=1, deal_speed="instant")
    >>> def click(kind, amount=None):  # as the page sends it: chips, and the redraw it answers
    ...     table.surface.handle({"kind": kind, "amount": amount, "side": None, "turn": table.surface.turn})
    >>> click("OPEN_BANK", 20); click("REVEALED")  # your bank of 20 meets the players' natural 9
    >>> print(table.surface.presentation["bank"])
    Coup 1: you banked 20 chips and lost 20. Nobody holds the bank; it is offered to Bot 1 · commission taken so far: 0.
    """
    now = _bank_now(view)
    if played is None or played.banker is None or played.banker == HOUSE or played.banker == view.banker:
        return now
    holder = "you" if played.banker == view.viewer else view.seats[played.banker].name
    net = played.nets.get(played.banker, 0)
    result = f"won {show_chips(net)}" if net > 0 else f"lost {show_chips(-net)}" if net < 0 else "broke even"
    return f"Coup {played.number}: {holder} banked {chips_phrase(played.bank)} and {result}. {now}"


def _bank_now(view) -> str:
    """The bank as it is now."""
    commission = f"commission taken so far: {show_chips(view.commission_total)}"
    if view.banker == HOUSE:
        signed = ("+" if view.house_result > 0 else "") + show_chips(view.house_result)
        return f"The house banks every coup. Its result so far: {signed} chips; {commission}."
    if view.banker is None:
        offered = view.turn is not None and view.turn.kind == "OFFER_BANK"
        offered_to = "you" if offered and view.turn.seat == view.viewer else view.turn.name if offered else ""
        return (f"Nobody holds the bank; it is offered to {offered_to}" if offered
                else "Nobody holds the bank") + f" · {commission}."
    cover = f" · covered this coup: {show_chips(view.bank_covered)}" if view.stakes else ""
    holder = "you" if view.banker == view.viewer else view.seats[view.banker].name
    return f"Bank: {chips_phrase(view.bank)}, held by {holder}{cover} · {commission}."


def status_items(view) -> list[list[str]]:
    """The user's line, balance first, as ``[key, text]`` pairs (an onlooker's: the table's alone)."""
    if view.viewer is None:
        return [["coup", f"Coups played: {view.coups_played}"], ["shoe", f"Cards in shoe: {view.cards_in_shoe}"]]
    you = view.seats[view.viewer]
    items = [["balance", f"Balance: {show_chips(you.balance)}"]]
    if view.banker == view.viewer:
        items.append(["bank", f"Your bank: {show_chips(view.bank)}"])
    if you.staked:
        items.append(["staked", f"On the table: {show_chips(you.staked)}"])
    # The words of your seat panel; with no role you bet ("Player" read as the players' hand at Chemin de Fer).
    items.append(["role", "Role: " + (", ".join(_roles(you)) or "Bettor")])
    items.append(["coup", f"Coups played: {view.coups_played}"])
    items.append(["shoe", f"Cards in shoe: {view.cards_in_shoe}"])
    return items
