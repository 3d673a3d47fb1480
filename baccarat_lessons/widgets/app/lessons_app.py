"""The lessons app: one class that builds its widgets once and routes every change to one update.

The variant selector's value is the only state the app owns. ``_update`` makes the
page of the selected variant visible, building it on the first visit; built pages
are kept (hidden), so a table keeps its session while another variant is shown.

>>> app = LessonsApp()
>>> app.selector.value, list(app.pages)
('punto-banco', ['punto-banco'])
>>> app.selector.value = "chemin-de-fer"
>>> list(app.pages), app.pages["punto-banco"].widget.layout.display
(['punto-banco', 'chemin-de-fer'], 'none')
"""

from __future__ import annotations

import os

import ipywidgets as widgets

from ... import SEED_VARIABLE
from ...classroom.client import class_query
from ...content.generated import number_word
from ...content.registry import load_variants_module
from ...engine.randomness import make_generator, use_seeded_entropy
from ...engine.variants import VARIANTS
from ..content_view import APP_CSS
from ..guard import ActionGuard
from ..shared_models import hbox, html, shared_layout, shared_style, vbox
from ...engine.staged_links import parse_link
from .joined_class import JoinedClass
from .variant_page import VariantPageView


def intro_html(game_count: int) -> str:
    """The app's heading and first sentence, counting the games in the registry."""
    return ("<h1>Baccarat lessons</h1>"
            f'<p class="bl-app-intro">{number_word(game_count).capitalize()} games of the Baccarat family. Choose '
            "one to play it with virtual practice chips (no money, no prizes), step through its illustrated "
            "guide, and read its rules and history.</p>")


class LessonsApp:
    """Variant selector and variant pages; ``widget`` is the root to display.

    ``variant`` is the key of the page shown first; ``seed`` (an int or a
    ``random.Random``) makes every table's shoes reproducible. With no seed, a whole number in the
    environment's ``BACCARAT_LESSONS_SEED`` (a test server's) seeds the tables and every new session.
    """

    def __init__(self, variant: str = "punto-banco", seed=None, defer: bool = False):
        load_variants_module()  # variants added at run time (BACCARAT_LESSONS_VARIANTS) join the selector
        if seed is None and os.environ.get(SEED_VARIABLE, "").isdigit():
            seed = int(os.environ[SEED_VARIABLE])  # a test server: every page plays the same games
            use_seeded_entropy(seed)
        # One generator feeds every table, so two tables never deal the same shoe.
        self.rng = make_generator(seed)
        self.pages: dict[str, VariantPageView] = {}
        self._defer = defer  # the first page: its table first, the rest once the page shows it
        self._link_read = False  # a page's address is read once: the first table drawn sends it
        self.selector = widgets.ToggleButtons(
            options=[(v.name, v.key) for v in VARIANTS.values()],
            value=variant,
            tooltips=[f"Show {v.name}" for v in VARIANTS.values()],
            style=shared_style(widgets.ToggleButtons, button_width="auto"), layout=shared_layout(),
        )
        self.selector.add_class("bl-variant-selector")
        self.projector = widgets.ToggleButton(value=False, description="Projector mode",
                                              tooltip="Large type and cards for the front of a classroom",
                                              layout=shared_layout(), style=shared_style(widgets.ToggleButton))
        self.projector.add_class("bl-projector-toggle")
        # A page that fails to build says so here instead of in a hidden traceback.
        self.guard = ActionGuard()
        self.guard.message.add_class("bl-app-message")
        intro = html(APP_CSS + intro_html(len(VARIANTS)))
        intro.add_class("bl-text")
        self.controls = hbox([self.selector, self.projector], flex_flow="row wrap")
        self.controls.add_class("bl-app-controls")  # the folded class line sits above it (app.css)
        self.widget = vbox([intro, self.controls, self.guard.message, self.guard.error_log])
        self.widget.add_class("bl-app")
        # A class (joined_class.py): its line follows the buttons, made once the first table is usable.
        self.classroom = JoinedClass(self.guard, lambda: (self.selector.value, self.pages[self.selector.value].table),
                                     self._place_class_line, self.open_link)
        update = self.guard.wrap(self._update)
        update()
        if defer:
            self.pages[variant].table.surface.when_shown(self.guard.wrap(self.classroom.show_bar))
        else:
            self.classroom.show_bar()
        # Observed only after the first page exists: nothing runs from a trait
        # callback while Voilà is still executing the notebook.
        self.selector.observe(lambda change: update(), names="value")
        self.projector.observe(self.guard.wrap(self._projector), names="value")

    def _place_class_line(self, bar) -> None:
        # Added after the buttons: a Box redraws only the children from the first one that changed.
        self.controls.children = (*self.controls.children, bar)

    def _projector(self, change=None) -> None:
        """Projector mode on or off: large type and cards (a class on the app's root)."""
        if self.projector.value:
            self.widget.add_class("bl-projector")
        else:
            self.widget.remove_class("bl-projector")

    def _page_link(self, query: str, last_played: str | None = None) -> None:
        """The query string of the page's address and the game this browser played last, sent by the
        first table the page draws: a staged link is opened once (the tables drawn after it send the same
        address); without one, a reload opens on the game last played. A key the app does not know (an
        older version's, or anything a page sends) is left alone: the page opens as it is. An address
        with ``class`` and ``name`` then joins that class (:mod:`.joined_class`) from the table shown."""
        if self._link_read:
            return
        self._link_read = True
        joined, query = class_query(query)
        if query:
            self.open_link(query)
        elif last_played in VARIANTS and last_played != self.selector.value:
            self.selector.value = last_played
        if joined is not None:
            self.classroom.join_by_link(*joined)

    def open_link(self, query: str | None) -> None:
        """Open the staged coup a link asks for (``?variant=…&shoe=…&role=…&choices=…``, see
        :mod:`.links`); a bad link says why in one sentence over the normal table."""
        self.guard.wrap(self._open_link)(query)

    def _open_link(self, query: str | None) -> None:
        link = parse_link(query)
        if link is None:
            return
        self.selector.value = link.variant.key
        page = self.pages[link.variant.key]
        if link.variant.is_seat_banked:
            page.table.stage(link.cards, link.role, link.choices)
        elif link.cards:
            page.table.stage(link.cards)
        self.guard.say(f"This link staged a coup for the class: {link.variant.name}.", "done")

    def _update(self) -> None:
        """Show the selected variant's page, building it on the first visit."""
        key = self.selector.value
        self.guard.clear()
        if key not in self.pages:
            self.pages[key] = VariantPageView(VARIANTS[key], seed=self.rng, defer=self._defer)
            self.pages[key].table.surface.on_link = self._page_link
            self._defer = False
            self.widget.children = (*self.widget.children, self.pages[key].widget)  # pages follow the header
        for page_key, page in self.pages.items():
            page.widget.layout.display = None if page_key == key else "none"
        self.classroom.table_shown(key, self.pages[key].table)
