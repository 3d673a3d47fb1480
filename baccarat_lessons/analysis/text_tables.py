"""Readable text tables of the report dicts, for the terminal.

>>> from baccarat_lessons.analysis.reports import odds_report
>>> print(format_odds(odds_report(decks=8)).splitlines()[0])
Punto Banco, 8 decks, 416 cards
"""

from __future__ import annotations

from fractions import Fraction


def _percent(value) -> str:
    number = float(Fraction(value)) if isinstance(value, str) else value
    return f"{100 * number:8.4f}%"


def _exact(value) -> str:
    return f"  {value}" if isinstance(value, str) else ""


def format_odds(report: dict) -> str:
    decks = "1 deck" if report["decks"] == 1 else f"{report['decks']} decks"
    lines = [f"{report.get('variant', 'Punto Banco')}, {decks}, {report['cards']} cards", ""]
    lines.append("Outcome     probability")
    for name in ("banker", "player", "tie"):
        value = report["outcomes"][name]
        lines.append(f"{name.capitalize():<10}{_percent(value)}{_exact(value)}")
    lines += ["", f"{'Bet':<14}{'pays':>7}{'wins':>11}{'house edge':>12}"]
    for key, bet in report["bets"].items():
        name = key.replace("_", " ").title()
        lines.append(f"{name:<14}{bet['pays']:>5}:1{_percent(bet['win']):>11}{_percent(bet['house_edge']):>12}")
    if any(isinstance(bet["win"], str) for bet in report["bets"].values()):
        lines += ["", "Exact fractions (win, house edge):"]
        for key, bet in report["bets"].items():
            lines.append(f"  {key}: {bet['win']}, {bet['house_edge']}")
    lines += ["", "House edge: minus the expected net result per chip staked."]
    return "\n".join(lines)


def format_simulation(report: dict) -> str:
    rounds = report["rounds"]
    lines = [f"Simulated {rounds:,} rounds in {report['seconds']:.2f} s ({report['rounds_per_second']:,.0f} rounds/s)"]
    for name in ("banker", "player", "tie"):
        count = report[name]
        lines.append(f"{name.capitalize():<8}{count:>14,}{100 * count / rounds:9.4f}%")
    return "\n".join(lines)
