"""Claims of lesson 12 (ruin and bet size): timid and bold play, the Martingale, Kelly on favourable coups."""

from __future__ import annotations

from functools import lru_cache

from ...analysis.lessons.counting import shoe_edges
from ...analysis.lessons.ruin import (
    bold_doubling_chance, decided_win_chance, doubling_chance, kelly_fraction, kelly_plan, martingale_odds,
)
from ...analysis.lessons.spread import bet_spread
from . import Claim

STAKES = (1, 2, 5, 10, 20, 25, 50, 100)  # the stakes of the lesson's chart
BANKROLL = 100
KELLY_BANKROLL = 1_000
SHOES = {"decks": 8, "shoe_count": 40, "seed": 2026}  # the shoes of lessons 11 and 12


@lru_cache(maxsize=None)
def doubling() -> dict:
    player = [doubling_chance(BANKROLL, stake, "player") for stake in STAKES]
    banker = [doubling_chance(BANKROLL, stake, "banker") for stake in STAKES]
    peak = max(range(len(STAKES)), key=banker.__getitem__)
    return {"player": player, "banker": banker, "player_1": player[0], "player_100": player[-1],
            "player_19": doubling_chance(BANKROLL, 19, "player"), "player_20": doubling_chance(BANKROLL, 20, "player"),
            "banker_peak_stake": STAKES[peak], "banker_peak": banker[peak], "banker_100": banker[-1],
            "bold_player": bold_doubling_chance(BANKROLL, "player"), "bold_banker": bold_doubling_chance(BANKROLL, "banker")}


def _rises_then_falls(values: list, top: int) -> bool:
    return (all(a < b for a, b in zip(values[:top], values[1:top + 1]))
            and all(a > b for a, b in zip(values[top:], values[top + 1:])))


@lru_cache(maxsize=None)
def martingale() -> dict:
    odds = martingale_odds(200, BANKROLL, 1, BANKROLL)
    return {"bust": odds.bust, "ahead": odds.ahead, "mean": odds.mean_net, "ahead_median": odds.ahead_median}


@lru_cache(maxsize=None)
def kelly() -> dict:
    shoes = shoe_edges(**SHOES)
    plans = {spot: kelly_plan(shoes, spot, KELLY_BANKROLL) for spot in ("banker", "player", "tie")}
    banker, player, tie = plans["banker"], plans["player"], plans["tie"]
    best_tie = float(tie.advantages.max())
    tenth_stake = kelly_fraction(0.001, float(bet_spread("banker").variance))
    player_gains = player.stakes * player.advantages
    return {
        "banker_n": len(banker.advantages), "player_n": len(player.advantages), "tie_n": len(tie.advantages),
        "banker_min": float(banker.stakes.min()), "banker_max": float(banker.stakes.max()),
        "player_max": float(player.stakes.max()), "banker_gain": banker.gain_per_shoe,
        "player_gain": player.gain_per_shoe, "player_top": float(player.advantages.max()),
        "player_top_share": float(player_gains.max() / player_gains.sum()),
        "tenth_gain": tenth_stake * KELLY_BANKROLL * 0.001, "tenth_fraction": tenth_stake,
        "tie_top": best_tie, "tie_max": float(tie.stakes.max()), "tie_gain": tie.gain_per_shoe,
        # The Tie pays 8 to 1 and never pushes, so the stake that maximises the log bankroll is
        # exactly edge ÷ 8 of it (p·ln(1 + 8f) + (1 − p)·ln(1 − f) is largest there).
        "tie_exact": best_tie / 8 * KELLY_BANKROLL,
    }


CLAIMS = (
    Claim("player-bigger-better",
          "Among the stakes of the chart, with Player the bigger the stake, the fewer coups the edge gets to work "
          "on, and the better the chance: {player_1:.1%} staking 1 chip, {player_100:.1%} staking 100. Between "
          "them the chance zigzags, because a stake that does not divide 100 leaves an awkward remainder: "
          "{player_19:.1%} staking 19 chips, {player_20:.1%} staking 20.",
          doubling, lambda f: (all(a < b for a, b in zip(f["player"], f["player"][1:]))
                               and f["player_19"] < f["player_20"]),
          why="Player's chance to rise with every larger stake of the chart, and 19 chips to do worse than 20"),
    Claim("banker-peak",
          "Banker's chance, among the same stakes, is highest at {banker_peak_stake} chips ({banker_peak:.1%}) "
          "and falls to {banker_100:.1%} staking 100; every one of them stays below bold play's {bold_banker:.1%}.",
          doubling, lambda f: (_rises_then_falls(f["banker"], STAKES.index(f["banker_peak_stake"]))
                               and max(f["banker"]) < f["bold_banker"]),
          why="Banker's chance to rise up to the peak and fall after it, every stake of the chart below bold play"),
    Claim("remember-timid-bold",
          "Against a house edge, timid play is ruinous ({player_1:.0%} to double 100 chips one chip at a time on "
          "Player) and bold play beats every flat stake shown ({bold_player:.0%}).",
          doubling, lambda f: f["bold_player"] >= max(f["player"]) and f["bold_banker"] >= max(f["banker"]),
          why="bold play to do at least as well as every flat stake, on both bets"),
    Claim("martingale-shares",
          "About half the sessions ({ahead:.0%}) finish ahead, typically by some {ahead_median:.0f} chips won about "
          "a chip at a time; four in ten ({bust:.0%}) lose the whole 100.",
          martingale, lambda f: (round(f["ahead"], 1) == 0.5 and round(f["bust"], 1) == 0.4 and f["mean"] < 0
                                 and f["ahead_median"] > 10),
          why="the share ahead to round to one half, the share broke to four tenths, the mean to be a loss and "
              "the sessions ahead to gain more than ten chips (the median)"),
    Claim("remember-martingale",
          "In 200 coups here the Martingale finishes ahead about half the time ({ahead:.0%}), typically by some "
          "{ahead_median:.0f} chips, and loses the whole bankroll four times in ten ({bust:.0%}).",
          martingale, lambda f: round(f["ahead"], 1) == 0.5 and round(f["bust"], 1) == 0.4 and f["ahead_median"] > 10,
          why="the share ahead to round to one half and the share broke to four tenths"),
    Claim("kelly-stakes",
          "On a bankroll of a thousand, the stakes run from {banker_min:.2f} to {banker_max:.1f} chips on Banker's "
          "{banker_n} favourable coups and up to {player_max:.1f} on Player's {player_n}, in forty shoes, and the "
          "expected gain is a few thousandths of a chip per shoe ({banker_gain:.4f} on Banker, {player_gain:.4f} "
          "on Player).",
          kelly, lambda f: all(0.001 <= f[k] < 0.01 for k in ("banker_gain", "player_gain")),
          why="both gains per shoe between one and ten thousandths of a chip"),
    Claim("kelly-square",
          "The gain grows with the *square* of the edge: Player's one coup at {player_top:+.1%} brings almost all "
          "of Player's gain ({player_top_share:.1%}), and an edge of a tenth of a percent earns about a thousandth "
          "of a chip on its coup ({tenth_gain:.4f}).",
          kelly, lambda f: f["player_top_share"] > 0.9 and 0.0005 <= f["tenth_gain"] < 0.002,
          why="Player's best coup to bring over 90% of its gain, and a 0.1% edge to earn 0.0005 to 0.002 chip"),
    Claim("kelly-tie",
          "The Tie turns further: {tie_n} favourable coups in the same shoes, up to {tie_top:+.1%}, with stakes up "
          "to {tie_max:.0f} chips and a gain of {tie_gain:.2f} chip per shoe: more than Banker and Player together, "
          "yet still next to nothing on a thousand chips. Such edges are too large for the small-edge rule: the "
          "Tie never pushes, so its exact best stake is edge ÷ 8 of the bankroll, {tie_exact:.1f} chips on its "
          "best coup, where edge ÷ σ² gives {tie_max:.1f}.",
          kelly, lambda f: (f["tie_gain"] > f["banker_gain"] + f["player_gain"] and f["tie_gain"] < 0.001 * KELLY_BANKROLL
                            and abs(f["tie_exact"] - f["tie_max"]) > 0.1 * f["tie_exact"]),
          why="the Tie's gain to exceed Banker's and Player's together while staying under a thousandth of the "
              "bankroll, and the small-edge rule to miss the exact stake by more than a tenth"),
    Claim("kelly-thousandth",
          "about a thousandth of the bankroll for a 0.1% edge ({tenth_fraction:.4f})",
          kelly, lambda f: 0.0009 <= f["tenth_fraction"] < 0.0015,
          why="the Kelly fraction of a 0.1% edge on Banker to round to a thousandth"),
    Claim("decided-p",
          "Player wins one with chance *p* = {p:.4f} and loses with *q* = 1 − *p*.",
          lambda: {"p": decided_win_chance("player")}, lambda f: 0.45 < f["p"] < 0.5,
          why="Player to win a little under half the decided coups"),
)
