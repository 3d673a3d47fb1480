"""Records kept one module per lesson (``content/exercises/<lesson>.py``, ``content/claims/<lesson>.py``),
gathered into one mapping from lesson to its records, in each lesson's own order."""

from __future__ import annotations

import importlib
import pkgutil


def records_by_lesson(package: str, path, attribute: str, kind: str, skip: tuple[str, ...] = ()) -> dict[str, tuple]:
    """``{lesson: module.<attribute>}`` for every module of ``package`` (its ``__path__`` is ``path``)
    but those in ``skip``; a ``ValueError`` naming the lesson if two records share a key."""
    lessons = {}
    for module_info in pkgutil.iter_modules(path):
        if module_info.name in skip:
            continue
        records = tuple(getattr(importlib.import_module(f"{package}.{module_info.name}"), attribute))
        keys = [record.key for record in records]
        if len(set(keys)) != len(keys):
            raise ValueError(f"lesson {module_info.name} uses {kind} key twice")
        lessons[module_info.name] = records
    return lessons
