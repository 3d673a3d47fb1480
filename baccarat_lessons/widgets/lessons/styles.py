"""Styles for the exercise widgets, carried by the widgets themselves (no external file).

>>> "bl-feedback-right" in LESSON_CSS, lesson_style().value.startswith("<style>")
(True, True)
"""

from __future__ import annotations

import ipywidgets as widgets

from ..styles import TABLE_CSS

LESSON_CSS = """
.bl-exercise, .bl-lesson-figure { --bl-felt: #0f5e3a; --bl-felt-edge: #0a4029; --bl-gold: #e3b341;
  --bl-ink: #1b1b1b; --bl-red: #b3122e; --bl-player: #1f5fbf; --bl-banker: #b3122e; --bl-tie: #1d7a3a; }
.bl-exercise {
  border-left: 4px solid #6b7a8f; padding: 0.3em 0.8em; margin: 0.5em 0; max-width: 1100px; }
.bl-exercise .bl-question { font-weight: 600; margin: 0.2em 0 0.4em; }
.bl-feedback { padding: 0.35em 0.7em; border-radius: 4px; margin: 0.3em 0; }
.bl-feedback-right { background: #eaf6ee; border-left: 4px solid #1d7a3a; color: #134d27; }
.bl-feedback-wrong { background: #fdf3e6; border-left: 4px solid #b8660b; color: #5c3305; }
.bl-explorer-verdict { font-size: 1.05em; margin: 0.4em 0; }
.bl-odds-table { border-collapse: collapse; margin: 0.3em 0; font-variant-numeric: tabular-nums; }
.bl-odds-table th, .bl-odds-table td { border: 1px solid #ccc; padding: 0.15em 0.6em; text-align: right; }
.bl-odds-table th[scope="row"] { text-align: left; }
.bl-odds-table tr.bl-edge-player td { background: #fff3b0; font-weight: 600; }
.bl-systems-table { border-collapse: collapse; font-size: 0.9em; }
.bl-systems-table th, .bl-systems-table td { border: 1px solid #ccc; padding: 0.15em 0.5em; }
"""


def lesson_style() -> widgets.HTML:
    """An invisible HTML widget with the table styles and the exercise styles."""
    style = widgets.HTML(f"<style>{TABLE_CSS}{LESSON_CSS}</style>", layout=widgets.Layout(height="0px", margin="0"))
    style.add_class("bl-style")
    return style


def styled(html: str) -> widgets.VBox:
    """Package HTML (a road, a table) shown with the package's styles, as one widget.

    >>> len(styled("<p>x</p>").children)
    2
    """
    figure = widgets.VBox([lesson_style(), widgets.HTML(html)])
    figure.add_class("bl-lesson-figure")
    return figure
