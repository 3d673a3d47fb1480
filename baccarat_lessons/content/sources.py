"""The works the pages rely on: one :class:`Source` record each, and the bibliography HTML.

Each page lists its sources by key (``"sources"`` in :mod:`.catalog`). A source
is *cited* on a page when one of its ``cited_as`` strings occurs in the page's
text; the tests check that a page cites exactly the sources it lists.

>>> SOURCES["kemeny-snell-1957"].year
1957
>>> print(entry_html(SOURCES["van-tenac-1847"]))
<li data-source="van-tenac-1847">Van-Tenac, Charles. <cite>Album des jeux de hasard et de combinaisons</cite>. Paris, 1847. The oldest known printed description of baccarat: the two-tableau game, with a player holding the bank. Known to these pages at second hand, through the general guide listed here.</li>
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from types import MappingProxyType


@dataclass(frozen=True)
class Source:
    """One work. ``title`` is the work itself (a book, a film, a set of rules), an
    article's title when ``in_work`` names the journal, or empty for an idea known only
    by its author; ``cited_as`` are the strings that mark it as cited in a page's text."""

    key: str
    author: str  # as listed: "Surname, Given names"; for a film, its director
    title: str
    year: int | None
    published: str  # place, publisher, volume and pages, or what kind of work it is
    cited_as: tuple[str, ...]
    note: str  # what the pages take from it
    in_work: str = ""


SECOND = " Known to these pages at second hand, through the general guide listed here."

_ALL = (
    Source(
        "van-tenac-1847", "Van-Tenac, Charles", "Album des jeux de hasard et de combinaisons", 1847, "Paris",
        ("Van-Tenac",),
        "The oldest known printed description of baccarat: the two-tableau game, with a player holding the bank."
        + SECOND,
    ),
    Source(
        "duckett-1867", "Duckett, William (editor)", "Dictionnaire de la conversation et de la lecture", 1867,
        "Second edition, Paris", ("Duckett",),
        "The first printed claim, made without evidence, that the game came from Italy after Charles VIII's wars."
        + SECOND,
    ),
    Source(
        "quinola-1883", "Quinola, Jean", "Nouvelle Académie des jeux", 1883, "Paris", ("Quinola",),
        "Chemin de Fer described first as a way of sharing the bank, then as a game of its own." + SECOND,
    ),
    Source(
        "depaulis", "Depaulis, Thierry", "", None,
        "A suggestion by the historian of games, known to these pages at second hand; "
        "the publication in which he made it is not identified here", ("Depaulis",),
        "The Provençal expression fa bacarrat as a plausible origin of the word baccara, a suggestion only.",
    ),
    Source(
        "fleming-1953", "Fleming, Ian", "Casino Royale", 1953, "Novel, London: Jonathan Cape", ("Fleming",),
        "James Bond plays baccarat against Le Chiffre, who has bought the bank from the syndicate running the "
        "casino's high tables and holds it all evening against a single tableau: a fixed-bank game, not Chemin de Fer.",
    ),
    Source(
        "dr-no-1962", "Young, Terence (director)", "Dr. No", 1962, "Film, Eon Productions", ("Dr. No",),
        "An early Bond film in which Bond plays Chemin de Fer." + SECOND,
    ),
    Source(
        "thunderball-1965", "Young, Terence (director)", "Thunderball", 1965, "Film, Eon Productions",
        ("Thunderball",), "Another Bond film with a game of Chemin de Fer." + SECOND,
    ),
    Source(
        "kemeny-snell-1957", "Kemeny, John G., and J. Laurie Snell", "Game-theoretic solution of baccarat", 1957,
        "Volume 64, number 7, pages 465–469", ("Kemeny",),
        "The punter's choice on 5 against a banker free in every cell, solved as a two-person game.",
        in_work="The American Mathematical Monthly",
    ),
    Source(
        "scarne-1961", "Scarne, John", "Scarne's Complete Guide to Gambling", 1961,
        "New York: Simon and Schuster", ("Scarne",),
        "Why the two-tableau game with a free banker lost favour in the United States: it was easy to cheat."
        + SECOND,
    ),
    Source(
        "baccarat-guide", "Unattributed", "", None,
        "A long general guide to baccarat's rules and history, with the Chemin de Fer and Banque games in detail, "
        "kept by this project as source material; its author and date are not identified here",
        ("general guide",),
        "The account that places Punto Banco's beginnings at the Capri casino in Havana in the 1950s, the "
        "eighteenth-century records of Italian gaming houses that never name baccarat, and what these pages "
        "take from Van-Tenac, Duckett, Quinola, Scarne and the Bond films.",
    ),
    Source(
        "maryland-mini-baccarat", "Maryland Lottery and Gaming Control Agency", "Mini-Baccarat rules", None,
        "Rules of the game published by the state's gaming regulator", ("Maryland Lottery",),
        "An example of a regulator's published rules for the game under the name Mini-Baccarat.",
    ),
)

SOURCES = MappingProxyType({source.key: source for source in _ALL})


def entry_html(source: Source) -> str:
    """One bibliography entry: author, title, publication, year, and what the pages take from it."""
    if source.in_work:
        title = f"“{escape(source.title)}”. <cite>{escape(source.in_work)}</cite>. "
    elif source.title:
        title = f"<cite>{escape(source.title)}</cite>. "
    else:
        title = ""
    published = escape(source.published) + (f", {source.year}" if source.year else "")
    return (
        f'<li data-source="{escape(source.key)}">{escape(source.author)}. {title}{published}. '
        f"{escape(source.note)}</li>"
    )


# The works lesson 15 (history and legends) rests on: the documents, the claims it weighs and the
# guide through which several of them are known here.
HISTORY_LESSON_SOURCES = (
    "van-tenac-1847", "duckett-1867", "quinola-1883", "depaulis", "fleming-1953", "dr-no-1962",
    "thunderball-1965", "scarne-1961", "baccarat-guide",
)


def bibliography_html(keys) -> str:
    """The bibliography of a page that relies on the sources ``keys``, sorted by author."""
    entries = sorted((SOURCES[key] for key in keys), key=lambda source: (source.author, source.year or 0))
    return '<ul class="bibliography">' + "".join(map(entry_html, entries)) + "</ul>"
