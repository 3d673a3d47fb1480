"""Small wording helpers shared by the seat-banked table and its guide.

>>> third_person("You play for other bettors too, so you follow the guidance: draw on 0 to 4.", "Bot 3")
'Bot 3 plays for other bettors too, so follows the guidance: draw on 0 to 4.'
>>> third_person("No choice: You play for other bettors on this side, so you follow the guidance.", "Bot 2")
'No choice: Bot 2 plays for other bettors on this side, so follows the guidance.'
"""

from __future__ import annotations


def third_person(reason: str, name: str) -> str:
    """An engine reason addressed to the user ("You play for other bettors…, so you follow…"),
    told about another seat (the engine words its forced-choice reasons for the user)."""
    if name == "You" or "You play" not in reason:
        return reason
    return reason.replace("You play", f"{name} plays", 1).replace(", so you follow", ", so follows", 1)
