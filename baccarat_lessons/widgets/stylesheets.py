"""The tables' stylesheets as text: what the widgets carry in ``<style>`` and the browser edition links.

>>> "bl-card" in TABLE_CSS, TABLE_CSS.startswith(FRAME_CSS), ".bl-bot-log" in SEATED_CSS
(True, True, True)
"""

from __future__ import annotations

from importlib.resources import files

# The frame of a table (fonts, colours, title): what the first screen needs before anything else.
FRAME_CSS = files(__package__).joinpath("frame.css").read_text(encoding="utf-8")
TABLE_CSS = FRAME_CSS + files(__package__).joinpath("table.css").read_text(encoding="utf-8")
# The seat-banked tables' own (bots' log, seats).
SEATED_CSS = files(__package__).joinpath("seat_banked_table", "seated.css").read_text(encoding="utf-8")
