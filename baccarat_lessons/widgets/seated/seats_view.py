"""Six seats round the table, the bank, and the user's status line, as HTML drawn from
the user's seat view (``table.view(0)``) and nothing else.

Each seat panel (``bl-seat``; the user's also ``bl-seat-you``) shows the seat's
name, its role this coup (banker, punter, captain), its balance, its stake and
the last reason a bot gave. The seats sit round the felt: seats 0-2 below it,
5-3 above it, so the bank's rotation runs round the table.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=1)
>>> table.open_bank(20 * CHIP)
>>> html = seats_html(table.view(0), range(3), {})
>>> html.count('data-seat='), "bl-seat-you" in html, "Banker" in html
(3, True, True)
>>> "Balance: 80" in status_html(table.view(0)), "Your bank: 20" in status_html(table.view(0))
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Mapping

from ...engine.events import Outcome
from ...engine.money import show_chips
from ...engine.seated import HOUSE

BELOW, ABOVE = (0, 1, 2), (5, 4, 3)


def _roles(seat) -> list[str]:
    """'Banker', 'Punter', 'Right captain' — the roles a seat panel names (a bettor needs no label)."""
    words = []
    for role in seat.roles:
        if role.startswith("captain of the "):
            words.append(f"{role.removeprefix('captain of the ').capitalize()} captain")
        elif role != "bettor":
            words.append(role.capitalize())
    return words


def _stake_text(view, index: int) -> str:
    stakes = [stake for stake in view.stakes if stake.seat == index]
    return "; ".join(
        f"Bet {show_chips(stake.amount)}" + ("" if stake.hand == "Player" else f" on the {stake.hand.split()[0].lower()}")
        for stake in stakes
    )


def last_coup_stakes(record) -> dict[int, str]:
    """What each seat's stakes did in a finished coup (public once the coup is over)."""
    done: dict[int, list[str]] = {}
    if record is None:
        return {}
    for stake in record.stakes:
        outcome = record.results.get(stake.hand)
        net = stake.amount if outcome is Outcome.PLAYER else 0 if outcome is Outcome.TIE else -stake.amount
        signed = ("+" if net > 0 else "") + show_chips(net)
        done.setdefault(stake.seat, []).append(f"Last coup: bet {show_chips(stake.amount)}, {signed}")
    return {seat: "; ".join(texts) for seat, texts in done.items()}


def seat_html(view, index: int, reasons: Mapping[int, str], last_coup: Mapping[int, str] | None = None) -> str:
    seat = view.seats[index]
    roles = _roles(seat)
    classes = "bl-seat" + (" bl-seat-you" if seat.is_viewer else "")
    classes += " bl-seat-banker" if view.banker == index else ""
    if view.turn is not None and view.turn.seat == index:
        classes += " bl-seat-to-act"
    side = ""
    if view.variant.startswith("banque"):
        side = f'<span class="bl-seat-side">{"right" if index < 3 else "left"} side</span>'
    role = f'<div class="bl-seat-role">{escape(" · ".join(roles)) if roles else "&nbsp;"}</div>'
    bank = f'<div class="bl-seat-bank">Bank: {show_chips(view.bank)}</div>' if view.banker == index else ""
    stake = _stake_text(view, index) or (last_coup or {}).get(index, "")
    stake_html = f'<div class="bl-seat-stake">{escape(stake)}</div>' if stake else ""
    reason = reasons.get(index)
    reason_html = f'<div class="bl-seat-reason">“{escape(reason)}”</div>' if reason else ""
    return (
        f'<div class="{classes}" data-seat="{index}" aria-label="Seat {index}: {escape(seat.name)}">'
        f'<div class="bl-seat-name">{escape(seat.name)} {side}</div>{role}'
        f'<div class="bl-seat-chips">Chips: {show_chips(seat.balance)}</div>{bank}{stake_html}{reason_html}</div>'
    )


def seats_html(view, indexes: Iterable[int], reasons: Mapping[int, str],
               last_coup: Mapping[int, str] | None = None) -> str:
    """One row of seat panels."""
    seats = "".join(seat_html(view, index, reasons, last_coup) for index in indexes if index < len(view.seats))
    return f'<div class="bl-seat-row">{seats}</div>'


def bank_html(view) -> str:
    """The bank in the middle of the table: who holds it, how much, how much is covered."""
    commission = f"commission taken so far: {show_chips(view.commission_total)}"
    if view.banker == HOUSE:
        signed = ("+" if view.house_result > 0 else "") + show_chips(view.house_result)
        text = f"The house banks every coup. Its result so far: {signed} chips; {commission}."
    elif view.banker is None:
        offered = view.turn is not None and view.turn.kind == "OFFER_BANK"
        text = (f"Nobody holds the bank; it is offered to {view.turn.name}" if offered
                else "Nobody holds the bank") + f" · {commission}."
    else:
        cover = f" · covered this coup: {show_chips(view.bank_covered)}" if view.stakes else ""
        text = f"Bank: {show_chips(view.bank)} chips, held by {view.seats[view.banker].name}{cover} · {commission}."
    return f'<div class="bl-bank" role="status">{escape(text)}</div>'


def status_html(view, turn: int = 0) -> str:
    """The user's line (class ``bl-status`` inside the ``bl-balance`` widget): balance first.
    ``turn`` counts redraws (``data-turn``), so a browser test can wait for the next one."""
    you = view.seats[view.viewer]
    items = [("balance", f"Balance: {show_chips(you.balance)}")]
    if view.banker == view.viewer:
        items.append(("bank", f"Your bank: {show_chips(view.bank)}"))
    if you.staked:
        items.append(("staked", f"On the table: {show_chips(you.staked)}"))
    roles = [role for role in you.roles if role != "bettor"]
    items.append(("role", "Role: " + (", ".join(roles) if roles else "player")))
    items.append(("coup", f"Coups played: {view.coups_played}"))
    items.append(("shoe", f"Cards in shoe: {view.cards_in_shoe}"))
    spans = "".join(f'<span class="bl-stat bl-stat-{key}">{escape(text)}</span>' for key, text in items)
    return f'<div class="bl-status" data-turn="{turn}" role="status" aria-live="polite">{spans}</div>'
