"""Reading the table as a student does: the balance line and the settlement sentences.

>>> balance_in("Balance: 1,109.50 chips")
Decimal('1109.50')
>>> settlement_nets("Player bet of 10 loses: Banker won. Banker bet of 20 wins 19 (you get 39 back): 0.95:1.")
[Decimal('-10'), Decimal('19')]
>>> format_amount(Decimal("1109.5")), format_amount(Decimal("95"))
('1,109.50', '95')
>>> settlement_nets("Tie bet of 5 is returned: nothing. Banker bet of 10 wins 9.50 (you get 19.50 back): x")
[Decimal('0'), Decimal('9.50')]
"""

from __future__ import annotations

import re
from decimal import Decimal

BALANCE = re.compile(r"Balance:\s*([\d,]+(?:\.\d+)?)")
SETTLEMENT = re.compile(r"bet of ([\d,]+) (loses|is returned|wins ([\d,]+(?:\.\d+)?))")


def _number(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def balance_in(text: str) -> Decimal:
    """The amount after "Balance:" in ``text``."""
    match = BALANCE.search(text)
    assert match, f"no balance in {text!r}"
    return _number(match.group(1))


def format_amount(amount: Decimal) -> str:
    """An amount as the table prints it: whole chips plain, else two decimals."""
    if amount == amount.to_integral_value():
        return f"{int(amount):,}"
    return f"{amount:,.2f}"


def settlement_nets(text: str) -> list[Decimal]:
    """The net result of every settled bet in ``text``: −stake, 0 or the win."""
    nets = []
    for stake, verdict, won in SETTLEMENT.findall(text):
        if verdict == "loses":
            nets.append(-_number(stake))
        elif verdict == "is returned":
            nets.append(Decimal(0))
        else:
            nets.append(_number(won))
    return nets


def tab_to(page, selector: str, max_presses: int = 120) -> None:
    """Press Tab until the focused element is inside ``selector``; keyboard only."""
    for _ in range(max_presses):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => !!document.activeElement && !!document.activeElement.closest(s)", selector):
            return
    raise AssertionError(f"{max_presses} presses of Tab never reached {selector}")
