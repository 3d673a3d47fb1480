"""Build the six-value sequence table that :mod:`.exact` reads, from the drawing rules (numpy).

Every ordered six-value sequence (10**6 of them) is played through :mod:`.fast_rules`,
the vectorised form of the rules, and grouped into the 5,005 multisets of six values.
The package ships the Punto Banco table as data (``analysis/data/punto_banco_sequences.pickle``)
so that the tables compute exact odds without numpy; ``tests/test_exact_table.py`` checks
the shipped table equals the one built here. After a change of the rules or of this code,
write it again with::

    .venv/bin/python -m baccarat_lessons.analysis.sequence_build

>>> table = build_sequence_table()
>>> len(table.multiplicities), sum(map(sum, table.counts))
(5005, 1000000)
"""

from __future__ import annotations

import pickle
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..engine.drawing import PUNTO_BANCO, DrawingRules
from .exact import CARDS_PER_COUP, OUTCOMES, SHIPPED_TABLE, Category, SequenceTable, sequence_table, table_data
from .fast_rules import BANKER, PLAYER, TIE, coup_from_values


def build_sequence_table(rules: DrawingRules = PUNTO_BANCO) -> SequenceTable:
    """Play all 10**6 value sequences under ``rules`` and group them (about 0.3 s)."""
    values = np.indices((10,) * CARDS_PER_COUP).reshape(CARDS_PER_COUP, -1).astype(np.int64)
    coups = coup_from_values(*values, rules=rules)
    b7 = (coups.outcome == BANKER) & (coups.banker_total == 7) & (coups.banker_card_count == 3)
    code = coups.outcome.astype(np.int64) + 3 * (coups.cards_dealt.astype(np.int64) - 4) + 9 * b7
    categories = tuple(
        Category(OUTCOMES[o], 4 + d, bool(s)) for s in (0, 1) for d in range(3) for o in (PLAYER, BANKER, TIE)
    )
    key = (7 ** values).sum(axis=0)
    groups, inverse = np.unique(key, return_inverse=True)
    counts = np.bincount(inverse * len(categories) + code, minlength=len(groups) * len(categories))
    counts = counts.reshape(len(groups), len(categories))
    used = counts.sum(axis=0) > 0
    multiplicities = (groups[:, None] // 7 ** np.arange(10)) % 7
    return SequenceTable(
        tuple(tuple(int(m) for m in row) for row in multiplicities),
        tuple(tuple(int(n) for n in row) for row in counts[:, used]),
        tuple(c for c, u in zip(categories, used) if u),
    )


@lru_cache(maxsize=None)
def sequence_arrays() -> tuple[np.ndarray, np.ndarray]:
    """The shipped table's multiplicities (groups, 10) and counts (groups, categories) as
    int64 arrays, for the lessons that weigh many shoes at once.

    >>> multiplicities, counts = sequence_arrays()
    >>> multiplicities.shape, int(counts.sum())
    ((5005, 10), 1000000)
    """
    table = sequence_table()
    return np.array(table.multiplicities, dtype=np.int64), np.array(table.counts, dtype=np.int64)


def write_sequence_table(path: Path = SHIPPED_TABLE) -> None:
    """Write the Punto Banco table where the package reads it."""
    path.write_bytes(pickle.dumps(table_data(build_sequence_table()), protocol=4))


if __name__ == "__main__":
    write_sequence_table(Path(sys.argv[1]) if len(sys.argv) > 1 else SHIPPED_TABLE)
