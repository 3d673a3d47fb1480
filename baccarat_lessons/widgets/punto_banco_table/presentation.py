"""The presentation of a house-banked layout (Punto Banco, Mini Baccarat): spots, chips, buttons.

Every word comes from the table's own checks (``table.can``), so a disabled chip or button says
why in the sentence the engine would refuse it with; what a spot pays comes from the table's
settings and its variant record's commission, the rate the table settles at.

>>> from baccarat_lessons.engine.punto_banco import PuntoBancoTable
>>> shown = layout_presentation(PuntoBancoTable(seed=1))
>>> [spot.side for spot in shown.spots], [c.kind for c in shown.controls if c.enabled]
(['Player', 'Banker', 'Tie'], ['NEW_SESSION'])
>>> [c.tooltip for c in shown.controls if c.kind == "DEAL"]
['Place a bet first: a round is not dealt without one.']
>>> [spot.pays for spot in shown.spots]
['1:1', '0.95:1', '8:1']
"""

from __future__ import annotations

from ...engine.bets import payout_label
from ...engine.money import CHIP
from ...engine.seated.decisions import ActionKind
from .status import status_items
from ..surface.scene import CARD_WORDS, SUIT_OUTLINES, speeds
from ..presentation import Chip, HandLabel, Layout, Presentation, Spot, control

IDLE_TEXT = "Place a bet and press Deal: each card and each rule will appear here."
HANDS = (HandLabel("Player", "player", "Player"), HandLabel("Banker", "banker", "Banker"))
BUTTONS = (  # kind, label, class name, what it does
    (ActionKind.UNDO, "Undo chip", "bl-undo", "Take back the last chip you placed."),
    (ActionKind.CLEAR, "Clear", "bl-clear", "Take your chips back from the layout."),
    (ActionKind.REBET, "Rebet", "bl-rebet", "Place the last round's bets again."),
    (ActionKind.DEAL, "Deal", "bl-deal", "Deal the round with the bets on the table."),
)
NEW_SESSION = control("NEW_SESSION", "New session", "bl-new-session", None,
                      "Start again with the starting chips and a fresh shoe.")


def chip_refusal(table, value: int) -> str | None:
    """Why a chip of ``value`` fits no open spot now (None: it fits one)."""
    reasons = [table.can(ActionKind.BET, value * CHIP, spot) for spot in table.spots]
    return None if any(reason is None for reason in reasons) else (reasons[0] if reasons else "No spot is open.")


def layout_presentation(table, timer: int | None = None) -> Presentation:
    """The presentation of a Punto Banco or Mini ``table``; ``timer``: seconds the session has run."""
    settings, stakes = table.settings, table.variant.stakes
    chips = tuple(Chip(value, chip_refusal(table, value) is None,
                       chip_refusal(table, value) or f"Use {value}-chip stakes: each click on a bet spot adds one.")
                  for value in stakes)
    spots = tuple(Spot(side=spot.value, key=spot.key, label=spot.value,
                       pays=payout_label(spot, settings.banker_pays, settings.tie_pays, table.variant.commission),
                       reasons={str(value): table.can(ActionKind.BET, value * CHIP, spot) or "" for value in stakes})
                  for spot in table.spots)
    controls = tuple(control(kind.name, label, css, table.can(kind), tooltip, primary=kind is ActionKind.DEAL)
                     for kind, label, css, tooltip in BUTTONS) + (NEW_SESSION,)
    return Presentation(
        layout=Layout.PUNTO_BANCO, variant=table.variant.key, hands=HANDS, suits=SUIT_OUTLINES, words=CARD_WORDS,
        status=tuple((key, text) for key, text in status_items(table)), chips=chips, chip=stakes[0],
        denominations=tuple(sorted({1, *stakes})), spots=spots, controls=controls, speed=settings.deal_speed,
        speeds=speeds(), reduced_motion=settings.reduced_motion, sound=settings.sound,
        timer=timer if settings.show_timer else None, idle=IDLE_TEXT,
    )
