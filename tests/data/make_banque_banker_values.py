"""Write tests/data/banque_banker_values.json: the Banque banker's values for 300 random views.

It was run once with the numpy code of commit 600006d, before the plain-Python rewrite, so the
file pins the values that code gave (tests/test_banque_banker_pinned.py). Run from the repository:

    .venv/bin/python tests/data/make_banque_banker_values.py
"""
import json
import random
from fractions import Fraction
from baccarat_lessons.analysis.banque_banker import BankerView, OpenSide, banker_values, exact_values, joint_counts
from baccarat_lessons.engine.drawing import CHEMIN_DE_FER, PUNTO_BANCO


def main() -> None:
    rng = random.Random(2026)
    cases = []
    shoes = [(96,) + (24,) * 9, (128,) + (32,) * 9, (32,) + (8,) * 9]
    for i in range(300):
        if i % 3 == 0:
            unseen = tuple(rng.randint(0, 12) for _ in range(10))
        else:
            base = rng.choice(shoes)
            unseen = tuple(max(0, c - rng.randint(0, 6)) for c in base)
        sides = []
        for _ in range(rng.choice([1, 2, 2])):
            sides.append(dict(stake=rng.choice([0, 100, 500, 350, 2000, 125, 7900, 30000]),
                              third=rng.choice([None, None, rng.randint(0, 9)]),
                              draw_on_five=rng.choice(["1/2", "0", "1", "9/11"])))
        case = dict(banker_total=rng.randint(0, 7), unseen=list(unseen), sides=sides,
                    commission=rng.choice(["1/80", "1/50", "1/20"]), settled_gain=rng.choice([0, 0, 1000, -500, 81]),
                    drawing=rng.choice(["CHEMIN_DE_FER", "PUNTO_BANCO"]))
        view = BankerView(case["banker_total"], unseen,
                          tuple(OpenSide(s["stake"], s["third"], Fraction(s["draw_on_five"])) for s in sides),
                          Fraction(case["commission"]), case["settled_gain"],
                          {"CHEMIN_DE_FER": CHEMIN_DE_FER, "PUNTO_BANCO": PUNTO_BANCO}[case["drawing"]])
        try:
            values = banker_values(view)
            draw, stand = exact_values(view)
        except ZeroDivisionError:
            continue
        case.update(draw=values.draw, stand=values.stand, draws=values.draws,
                    exact_draw=f"{draw.numerator}/{draw.denominator}", exact_stand=f"{stand.numerator}/{stand.denominator}",
                    joint_counts=[int(n) for outer in joint_counts(unseen, len(sides) == 2) for inner in outer for n in inner] if i < 24 else None)
        cases.append(case)
    print(len(cases))
    json.dump({"about": "Banque banker values computed by the numpy code of commit 600006d (tests/test_banque_banker_pinned.py)",
               "cases": cases}, open("tests/data/banque_banker_values.json", "w"), separators=(",", ":"))


if __name__ == "__main__":
    main()
