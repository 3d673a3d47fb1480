"""Reports as plain dicts: exactly what the CLI prints with ``--json``.

>>> report = odds_report(decks=8)
>>> report["cards"], round(report["bets"]["banker"]["house_edge"], 5)
(416, 0.01058)
>>> odds_report(decks=1, removed=("5", "5H", "K"), exact=True)["cards"]
49
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ..engine.bets import BankerPays, BetSpot
from ..engine.errors import SettingsError
from ..engine.settings import TIE_PAYS_CHOICES
from ..engine.variants import PUNTO_BANCO
from .composition import Composition
from .exact import exact_odds

REPORT_SPOTS = (
    BetSpot.BANKER, BetSpot.PLAYER, BetSpot.TIE, BetSpot.PLAYER_PAIR, BetSpot.BANKER_PAIR,
    BetSpot.EITHER_PAIR, BetSpot.PERFECT_PAIR, BetSpot.BIG, BetSpot.SMALL,
)


def decks_text(decks: int) -> str:
    """A deck count as a sentence says it.

    >>> decks_text(1), decks_text(8)
    ('1 deck', '8 decks')
    """
    return f"{decks} deck{'' if decks == 1 else 's'}"


def _number(value: Fraction, exact: bool):
    return f"{value.numerator}/{value.denominator}" if exact else float(value)


def _pays(value: Fraction):
    return int(value) if value.denominator == 1 else float(value)


def odds_report(
    decks: int = 8,
    removed: Iterable[str] = (),
    tie_pays: int = 8,
    banker_pays: BankerPays | str = BankerPays.COMMISSION,
    exact: bool = False,
    commission: Fraction = PUNTO_BANCO.commission,
) -> dict:
    """Exact odds of every bet for a shoe of ``decks`` decks less the ``removed`` cards, a winning
    Banker bet paying 1:1 less ``commission`` (a house-banked variant record's).

    Probabilities and house edges are floats, or ``"p/q"`` strings when ``exact``.
    ``house_edge`` is minus the expected net result per chip staked.
    """
    if tie_pays not in TIE_PAYS_CHOICES:
        raise SettingsError(f"Tie pays 8:1 or 9:1; {tie_pays}:1 is not a choice.")
    try:
        banker_pays = BankerPays(banker_pays)
    except ValueError:
        raise SettingsError(f"Banker pays 'commission' or 'banker7'; '{banker_pays}' is not a choice.") from None
    composition = Composition.full(decks).removed(removed)
    odds = exact_odds(composition, tie_pays=tie_pays, banker_pays=banker_pays, commission=commission)
    return {
        "decks": decks,
        "cards": composition.card_count,
        "outcomes": {name: _number(odds.outcomes[name], exact) for name in ("banker", "player", "tie")},
        "bets": {
            spot.key: {
                "pays": _pays(odds.bets[spot].pays),
                "win": _number(odds.bets[spot].win, exact),
                "house_edge": _number(odds.bets[spot].house_edge, exact),
            }
            for spot in REPORT_SPOTS
        },
    }
