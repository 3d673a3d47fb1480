"""The one generator that decides the shoes and the bots: ``random.Random`` from an int.

The same seed gives the same shoes and the same bot coins wherever Python runs, a
server's CPython and a browser's Pyodide alike, with nothing but the standard library.
Seeds and the entropy a resumed session draws are whole numbers, so a record can keep them.

>>> rng = make_generator(7)
>>> permutation(rng, 5), permutation(make_generator(7), 5) == [4, 0, 3, 1, 2]
([4, 0, 3, 1, 2], True)
>>> child_seeds(7, 2) == child_seeds(7, 2), len(set(child_seeds(7, 6)))
(True, 6)
>>> make_generator(rng) is rng
True
>>> 0 <= fresh_seed() < 2**53
True
"""

from __future__ import annotations

import random
import secrets

# Seeds drawn for children and sessions are below 2**53: the browser edition keeps a session's
# record in the page, and a JavaScript number holds a whole number exactly only below 2**53 (a
# larger one reached the page as a BigInt, which JSON cannot store, so nothing was kept).
SEED_BITS = 53


def make_generator(seed: "int | random.Random | None") -> random.Random:
    """A private generator from a whole-number seed (``None``: fresh entropy), or the generator itself.
    Never the module's global generator."""
    if isinstance(seed, random.Random):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"A seed is a whole number or a random.Random; {seed!r} is neither.")
    return random.Random(seed)


def permutation(rng: random.Random, count: int) -> list[int]:
    """The numbers ``0 .. count - 1`` in an order drawn from ``rng``."""
    order = list(range(count))
    rng.shuffle(order)
    return order


def draw_seed(rng: random.Random) -> int:
    """A whole-number seed drawn from ``rng`` (for a table that the app's one generator feeds)."""
    return rng.getrandbits(SEED_BITS)


_seeded_entropy: random.Random | None = None  # set by use_seeded_entropy: tests' reproducible "entropy"


def fresh_seed() -> int:
    """A seed from the system's entropy, for a new session or a resume's reshuffle (from a seeded
    generator instead once :func:`use_seeded_entropy` was called)."""
    if _seeded_entropy is not None:
        return _seeded_entropy.getrandbits(SEED_BITS)
    return secrets.randbits(SEED_BITS)


def use_seeded_entropy(seed: int | None) -> None:
    """Draw every later :func:`fresh_seed` from a generator seeded by ``seed`` (``None``: entropy again),
    so a process replays the same sessions: what a test server does, never a real one.

    >>> use_seeded_entropy(4); first = fresh_seed(); use_seeded_entropy(4)
    >>> fresh_seed() == first
    True
    >>> use_seeded_entropy(None)
    """
    global _seeded_entropy
    _seeded_entropy = None if seed is None else random.Random(seed)


def child_seeds(seed: "int | random.Random | None", count: int) -> list[int]:
    """``count`` independent whole-number seeds from one seed: one stream per bot, say."""
    rng = make_generator(seed)
    return [draw_seed(rng) for _ in range(count)]
