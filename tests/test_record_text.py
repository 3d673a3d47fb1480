"""The record's text grown action by action is the text written whole: a saved session's tag does
not depend on how its text was made (records saved before keep opening)."""

import random

from baccarat_lessons.engine.session_record import ActionsText, record_text


def test_the_grown_text_is_the_whole_text_through_growth_new_sessions_and_resumes():
    rng = random.Random(34)
    grown, log = ActionsText(), []
    for step in range(300):
        roll = rng.random()
        if roll < 0.03:
            log = []  # a new session: a new log
        elif roll < 0.06:
            log = [list(entry) for entry in log[: rng.randrange(len(log) + 1)]]  # a resume: the replayed log
        else:
            log.append(rng.choice([["BET", rng.randrange(1, 9) * 100, "Banker"], ["DEAL", None, None],
                                   ["RESHUFFLE", 2, [0, 3]], ["SETTING", "tie_pays", 9], ["NEXT", None, "é"]]))
        record = {"version": 4, "variant": "punto-banco", "actions": list(log), "fingerprint": "f",
                  "summary": f"{step} hands", "nonce": "n", "sealed": ["00"]}
        assert record_text(record, grown) == record_text(record), f"step {step} of Random(34)"
