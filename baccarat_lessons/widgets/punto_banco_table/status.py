"""The status line of a Punto Banco or Mini table: balance, chips on the table, limits, hands.

>>> from baccarat_lessons.engine.driver import Driver
>>> driver = Driver("punto-banco", seed=1)
>>> _ = driver.act("BET", 1000, "Player")
>>> dict(status_items(driver.table))["staked"], dict(status_items(driver.table))["limits"]
('On the table: 10', 'Limits: 5–500 per bet')
"""

from __future__ import annotations

from ...engine.money import show_chips


def status_items(table) -> list[list[str]]:
    """``[key, text]`` pairs, balance first, for the table surface's status line."""
    low, high = table.variant.min_bet, table.variant.max_bet
    limits = f"{low}–{high}" if high is not None else f"{low} or more"
    limit = table.settings.hands_limit
    hands = f"{table.coups_played} of {limit}" if limit else str(table.coups_played)
    return [
        ["balance", f"Balance: {show_chips(table.balance)}"],
        ["staked", f"On the table: {show_chips(table.staked)}"],
        ["limits", f"Limits: {limits} per bet"],
        ["hands", f"Hands: {hands}"],
        ["shoe", f"Cards in shoe: {table.shoe.remaining_count}"],
    ]
