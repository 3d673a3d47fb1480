"""Card counting: how the odds move as a shoe is dealt, and how rarely they favour a bettor.

Exact odds depend only on the cards left (:func:`~..exact.exact_odds`). This module
asks three questions of them:

* *effects of removal*: how much taking one card of each value out of a full shoe
  moves a bet's house edge;
* *edges through real shoes*: the exact edge of every bet before every coup of
  shoes dealt by the engine down to the cut card;
* *how often* a bet has a positive expectation at all.

For speed, many compositions are evaluated at once in floating point
(:func:`edges_of_value_counts`); it uses the same grouped sequence table as the
exact odds and is tested equal to them.

>>> removal = effects_of_removal("banker", decks=8)
>>> len(removal), removal[5] > 0      # taking a 5 out raises the Banker bet's house edge
(10, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import numpy as np

from ...engine.bets import BankerPays, BetSpot, settle_bet
from ...engine.coup import deal_coup
from ...engine.randomness import make_generator
from ...engine.shoe import Shoe, ShoeProcedure
from ...engine.variants import PUNTO_BANCO
from ..composition import Composition
from ..exact import CARDS_PER_COUP, exact_odds, sequence_table
from ..reports import decks_text
from ..sequence_build import sequence_arrays

VALUE_TOKENS = ("10", "A", "2", "3", "4", "5", "6", "7", "8", "9")  # one rank for each value 0-9
COUNTED_SPOTS = (BetSpot.BANKER, BetSpot.PLAYER, BetSpot.TIE)
ROWS_PER_CHUNK = 1000


def _spot(spot: BetSpot | str) -> BetSpot:
    return spot if isinstance(spot, BetSpot) else BetSpot.from_key(spot)


def effects_of_removal(
    spot: BetSpot | str = BetSpot.BANKER, decks: int = 8, tie_pays: int = 8,
    banker_pays: BankerPays | str = BankerPays.COMMISSION,
) -> list[Fraction]:
    """Change in house edge (exact) when one card of each value 0-9 leaves a full shoe."""
    spot = _spot(spot)
    full = Composition.full(decks)
    base = exact_odds(full, tie_pays, banker_pays).bets[spot].house_edge
    return [
        exact_odds(full.removed([token]), tie_pays, banker_pays).bets[spot].house_edge - base
        for token in VALUE_TOKENS
    ]


def removal_range(spot: BetSpot | str = BetSpot.BANKER, decks: int = 8) -> tuple[float, float]:
    """The smallest and largest size (absolute value) of the effects of removal of a bet.

    >>> low, high = removal_range("banker")
    >>> f"{low:.1e}", f"{high:.1e}"
    ('1.9e-05', '1.2e-04')
    """
    sizes = [abs(float(change)) for change in effects_of_removal(spot, decks)]
    return min(sizes), max(sizes)


def _returns_per_category(spot: BetSpot, tie_pays: int, banker_pays: BankerPays) -> np.ndarray:
    """A 1-chip bet's net in each category, at Punto Banco's commission (as :func:`exact_odds` by default)."""
    table = sequence_table()
    return np.array([float(settle_bet(spot, 1, category.facts(), banker_pays, tie_pays,
                                      PUNTO_BANCO.commission).returned) - 1
                     for category in table.categories])


def edges_of_value_counts(
    value_counts: np.ndarray, spots=COUNTED_SPOTS, tie_pays: int = 8,
    banker_pays: BankerPays | str = BankerPays.COMMISSION,
) -> dict[BetSpot, np.ndarray]:
    """House edge of each bet for many shoes at once (float64).

    ``value_counts`` has one row per shoe: the cards left of each value 0-9.
    """
    banker_pays = BankerPays(banker_pays)
    counts = np.atleast_2d(np.asarray(value_counts, dtype=np.float64))
    multiplicities, by_category = sequence_arrays()
    category_counts = by_category.astype(np.float64)
    probabilities = np.empty((counts.shape[0], category_counts.shape[1]))
    for start in range(0, counts.shape[0], ROWS_PER_CHUNK):  # chunks keep memory near 40 MB
        chunk = counts[start:start + ROWS_PER_CHUNK]
        # ways[row, k, v]: ordered ways to take k cards of value v from that row's shoe.
        ways = np.ones((chunk.shape[0], CARDS_PER_COUP + 1, 10))
        for k in range(1, CARDS_PER_COUP + 1):
            ways[:, k] = ways[:, k - 1] * np.maximum(chunk - (k - 1), 0)
        weights = ways[:, multiplicities[:, 0], 0]
        for value in range(1, 10):
            weights *= ways[:, multiplicities[:, value], value]
        probabilities[start:start + ROWS_PER_CHUNK] = weights @ category_counts
    probabilities /= probabilities.sum(axis=1, keepdims=True)
    return {
        _spot(spot): -(probabilities @ _returns_per_category(_spot(spot), tie_pays, banker_pays))
        for spot in spots
    }


@dataclass(frozen=True)
class ShoeEdges:
    """Exact edges before every coup of some dealt shoes (one entry per coup)."""

    decks: int
    shoe_count: int
    shoe_index: np.ndarray
    cards_left: np.ndarray
    edges: dict[BetSpot, np.ndarray]

    @property
    def coup_count(self) -> int:
        return len(self.cards_left)

    def favourable_coup_count(self, spot: BetSpot | str) -> int:
        """How many coups, over all the shoes, had a positive expectation for the bettor."""
        return int((self.edges[_spot(spot)] < 0).sum())

    def favourable_fraction(self, spot: BetSpot | str) -> float:
        """Share of coups in which the bet has a positive expectation for the bettor."""
        return float((self.edges[_spot(spot)] < 0).mean())

    def perfect_counter_gain_per_shoe(self, spot: BetSpot | str, stake: int = 1) -> float:
        """Expected chips won per shoe by someone who knows the exact edge before every coup
        and bets ``stake`` only when it favours them (and never otherwise)."""
        edges = self.edges[_spot(spot)]
        return float(np.clip(-edges, 0, None).sum()) * stake / self.shoe_count

    def best_advantage(self, spot: BetSpot | str) -> float:
        """The largest player advantage seen (negative if the bet was never favourable)."""
        return float(-self.edges[_spot(spot)].min())

    SUMMARY_COLUMNS = ("bet", "favourable coups", "share of coups", "per shoe", "best advantage seen",
                       "perfect counter's gain per shoe (1 chip)")

    def summary_cells(self) -> list[list[str]]:
        """One row per bet, formatted for a table with :attr:`SUMMARY_COLUMNS`."""
        return [
            [spot.value, f"{self.favourable_coup_count(spot):,}", f"{100 * self.favourable_fraction(spot):.2f}%",
             _half_up(Fraction(self.favourable_coup_count(spot), self.shoe_count), 2),
             f"{100 * self.best_advantage(spot):+.3f}%".replace("-", "\u2212"),
             f"{self.perfect_counter_gain_per_shoe(spot):.4f} chips"]
            for spot in self.edges
        ]


def _half_up(value: Fraction, places: int) -> str:
    """An exact ratio rounded half up, as a student rounds by hand (3/40 shows 0.08, not 0.07).

    >>> _half_up(Fraction(3, 40), 2), _half_up(Fraction(1, 8), 2)
    ('0.08', '0.13')
    """
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP))


def deal_shoe_compositions(decks: int = 8, shoe_count: int = 20, seed=None, progress=None
                           ) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``shoe_count`` casino shoes (burn, cut card) with the engine; return the
    cards left of each value before every coup, and which shoe each coup came from.

    ``progress(done, total)`` is called after each shoe (a notebook's progress bar)."""
    rng = make_generator(seed)  # the engine's own generator: the shoes the tables deal from this seed
    rows, shoe_index = [], []
    for index in range(shoe_count):
        shoe = Shoe(decks, seed=rng, procedure=ShoeProcedure.CASINO)
        shoe.prepare_coup()  # the shuffle, burn and cut card of a new shoe
        left = np.array(shoe.composition_by_value())
        while True:
            rows.append(left.copy())
            shoe_index.append(index)
            coup = deal_coup(shoe)
            for card in coup.player_cards + coup.banker_cards:
                left[card.value] -= 1
            if shoe.is_cut_card_out:
                break
        if progress is not None:
            progress(index + 1, shoe_count)
    return np.array(rows), np.array(shoe_index)


def shoe_edges(decks: int = 8, shoe_count: int = 20, seed=None, tie_pays: int = 8, progress=None) -> ShoeEdges:
    """Deal shoes and compute the exact edge of Banker, Player and Tie before every coup.

    >>> result = shoe_edges(decks=8, shoe_count=2, seed=1)
    >>> result.coup_count > 100, sorted(s.value for s in result.edges)
    (True, ['Banker', 'Player', 'Tie'])
    """
    rows, shoe_index = deal_shoe_compositions(decks, shoe_count, seed, progress)
    return ShoeEdges(
        decks=decks, shoe_count=shoe_count, shoe_index=shoe_index,
        cards_left=rows.sum(axis=1), edges=edges_of_value_counts(rows, tie_pays=tie_pays),
    )


def plot_shoe_edges(ax, result: ShoeEdges, spot: BetSpot | str = BetSpot.BANKER):
    """Scatter the bet's edge against cards left in the shoe; the bettor's side is below zero."""
    spot = _spot(spot)
    edges = 100 * result.edges[spot]
    favourable = edges < 0
    ax.scatter(result.cards_left[~favourable], edges[~favourable], s=4, alpha=0.4, label="house ahead")
    ax.scatter(result.cards_left[favourable], edges[favourable], s=12, color="red", label="bettor ahead")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.invert_xaxis()
    ax.set_xlabel("cards left in the shoe")
    ax.set_ylabel("house edge (%)")
    ax.set_title(f"{spot.value} bet through {result.shoe_count} shoes of {decks_text(result.decks)}")
    ax.legend(loc="upper left")
    return ax
