"""baccarat-lessons: learn the Baccarat family of card games and their mathematics.

Layers point one way: ``engine`` (cards, shoe, rules, tables, bots) is used by
``analysis`` (exact odds, simulation, game theory), and both by ``widgets``.
"""

__version__ = "0.1.0"

# Set to "1" (as the app's tests do) to show tracebacks on the page: Voilà's, and the widgets' error box.
DEBUG_VARIABLE = "BACCARAT_LESSONS_DEBUG"
# Set to a whole number (as the app's browser tests do) to make every page of a server play the same
# games: each page's tables, and every new session and resume, draw from that seed instead of entropy.
SEED_VARIABLE = "BACCARAT_LESSONS_SEED"
# Set to "1" by the app's launcher for its Voilà server and kernels once it has written the table
# surface's module and stylesheet where Voilà serves them (widgets/surface/served.py).
SURFACE_SERVED_VARIABLE = "BACCARAT_LESSONS_SURFACE_SERVED"
