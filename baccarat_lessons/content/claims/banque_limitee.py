"""Claims of lesson 06 (Banque limitée): its commission beside Banque ouverte's."""

from __future__ import annotations

from fractions import Fraction

from ...engine.money import CHIP, commission_on
from ...engine.variants import BANQUE_LIMITEE, BANQUE_OUVERTE
from . import Claim

GAIN = 50  # chips: the banker's net gain in the lesson's comparison


def commissions() -> dict:
    here, there = (Fraction(commission_on(GAIN * CHIP, variant.commission), CHIP)
                   for variant in (BANQUE_LIMITEE, BANQUE_OUVERTE))
    return {"gain": GAIN, "here": here, "there": there, "rate": BANQUE_LIMITEE.commission,
            "other_rate": BANQUE_OUVERTE.commission, "exact_there": GAIN * BANQUE_OUVERTE.commission}


CLAIMS = (
    Claim("commission-compared",
          "On a net gain of {gain} chips the commission is {here:.2f} chip here and {there:.2f} at Banque ouverte, "
          "where {other_rate:.2%} of {gain} is {exact_there:.3f} and the table rounds down to the hundredth.",
          commissions, lambda f: f["there"] < f["here"] and f["rate"] > f["other_rate"],
          why="Banque limitée's rate and commission to be the larger"),
)
