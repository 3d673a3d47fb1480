"""Six seats round the table, the bank, and the user's status line, as HTML drawn from the table.

Each seat panel (``bl-seat``; the user's also ``bl-seat-you``) shows the seat's
name, its role this coup (banker, punter, captain), its balance, its stake and
the last reason a bot gave. The seats sit round the felt: seats 0-2 below it,
5-3 above it, so the bank's rotation runs round the table.

>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=1)
>>> table.open_bank(20)
>>> html = seats_html(table, range(3), {})
>>> html.count('data-seat='), "bl-seat-you" in html, "Banker" in html
(3, True, True)
>>> "Balance: 80" in status_html(table), "Your bank: 20" in status_html(table)
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Mapping

from ...engine.events import Hand, Outcome
from ...engine.money import format_chips
from ...engine.seated import HOUSE

BELOW, ABOVE = (0, 1, 2), (5, 4, 3)


def _signed(amount) -> str:
    return ("+" if amount > 0 else "") + format_chips(amount) if amount else "0"


def roles_of(table, index: int) -> list[str]:
    """The seat's roles now, in words: banker, punter, right or left captain."""
    roles = []
    if table.banker == index:
        roles.append("Banker")
    if getattr(table, "punter", None) == index and table.hands:
        roles.append("Punter")
    for side, captain in getattr(table, "captains", {}).items():
        if captain == index:
            roles.append(f"{side.value.split()[0]} captain")
    return roles


def _stake_text(table, index: int) -> str:
    stakes = [stake for stake in table.stakes if stake.seat == index]
    if stakes:
        return "; ".join(
            f"Bet {format_chips(s.amount)}"
            + ("" if s.hand is Hand.PLAYER else f" on the {s.hand.value.split()[0].lower()}")
            for s in stakes
        )
    record = table.last_coup
    if record is None:
        return ""
    done = []
    for stake in record.stakes:
        if stake.seat != index:
            continue
        outcome = record.results.get(stake.hand)
        net = stake.amount if outcome is Outcome.PLAYER else 0 if outcome is Outcome.TIE else -stake.amount
        done.append(f"Last coup: bet {format_chips(stake.amount)}, {_signed(net)}")
    return "; ".join(done)


def seat_html(table, index: int, reasons: Mapping[int, str]) -> str:
    seat = table.seats[index]
    roles = roles_of(table, index)
    classes = "bl-seat" + (" bl-seat-you" if seat.is_user else "")
    classes += " bl-seat-banker" if table.banker == index else ""
    if table.pending is not None and table.pending.seat == index:
        classes += " bl-seat-to-act"
    side = ""
    side_of = getattr(table, "side_of", None)
    if side_of:
        side = f'<span class="bl-seat-side">{"right" if side_of[index] is Hand.RIGHT else "left"} side</span>'
    role = f'<div class="bl-seat-role">{escape(" · ".join(roles)) if roles else "&nbsp;"}</div>'
    bank = f'<div class="bl-seat-bank">Bank: {format_chips(table.bank)}</div>' if table.banker == index else ""
    stake = _stake_text(table, index)
    stake_html = f'<div class="bl-seat-stake">{escape(stake)}</div>' if stake else ""
    reason = reasons.get(index)
    reason_html = f'<div class="bl-seat-reason">“{escape(reason)}”</div>' if reason else ""
    return (
        f'<div class="{classes}" data-seat="{index}" aria-label="Seat {index}: {escape(seat.name)}">'
        f'<div class="bl-seat-name">{escape(seat.name)} {side}</div>{role}'
        f'<div class="bl-seat-chips">Chips: {format_chips(seat.balance)}</div>{bank}{stake_html}{reason_html}</div>'
    )


def seats_html(table, indexes: Iterable[int], reasons: Mapping[int, str]) -> str:
    """One row of seat panels."""
    seats = "".join(seat_html(table, index, reasons) for index in indexes if index < len(table.seats))
    return f'<div class="bl-seat-row">{seats}</div>'


def bank_html(table) -> str:
    """The bank in the middle of the table: who holds it, how much, how much is covered."""
    if table.banker == HOUSE:
        text = (f"The house banks every coup. Its result so far: {_signed(table.house_result)} chips; "
                f"commission taken: {format_chips(table.commission_total)}.")
    elif table.banker is None:
        offered = table.pending is not None and table.pending.kind.name == "OFFER_BANK"
        text = (f"Nobody holds the bank; it is offered to {table.name_of(table.pending.seat)}" if offered
                else "Nobody holds the bank") + f" · commission taken so far: {format_chips(table.commission_total)}."
    else:
        covered = sum(stake.amount for stake in table.stakes)
        cover = f" · covered this coup: {format_chips(covered)}" if table.stakes else ""
        text = (f"Bank: {format_chips(table.bank)} chips, held by {table.name_of(table.banker)}{cover} · "
                f"commission taken so far: {format_chips(table.commission_total)}.")
    return f'<div class="bl-bank" role="status">{escape(text)}</div>'


def status_html(table, turn: int = 0) -> str:
    """The user's line (class ``bl-status`` inside the ``bl-balance`` widget): balance first.
    ``turn`` counts redraws (``data-turn``), so a browser test can wait for the next one."""
    user = table.user
    items = [("balance", f"Balance: {format_chips(user.balance)}")]
    if table.banker == 0:
        items.append(("bank", f"Your bank: {format_chips(table.bank)}"))
    staked = sum(stake.amount for stake in table.stakes if stake.seat == 0)
    if staked:
        items.append(("staked", f"On the table: {format_chips(staked)}"))
    roles = roles_of(table, 0)
    items.append(("role", "Role: " + (", ".join(roles).lower() if roles else "player")))
    items.append(("coup", f"Coups played: {table.coups_played}"))
    items.append(("shoe", f"Cards in shoe: {table.shoe.remaining_count}"))
    spans = "".join(f'<span class="bl-stat bl-stat-{key}">{escape(text)}</span>' for key, text in items)
    return f'<div class="bl-status" data-turn="{turn}" role="status" aria-live="polite">{spans}</div>'
