"""The page contract as a JSON Schema, generated from the records that build it.

Each record (:class:`~.shape.Presentation` and its :mod:`.parts`) is an object whose fields are all
required and nothing else is allowed; an enum is the list of its values, a tuple an array (of one
type, or of fixed length), a ``Mapping[str, X]`` an object of X values, ``X | None`` X or null.
The schema is made when asked, never kept in a file: the records are the contract, and a copy
beside them would be a second one that only a test keeps equal. The contract test validates every
presentation the tables and guides send against it, and holds the page's reads to its properties.

>>> schema = presentation_schema()
>>> schema["properties"]["layout"]
{'enum': ['punto-banco', 'seated', 'guide']}
>>> schema["$defs"]["Chip"]["required"], schema["properties"]["timer"]
(['value', 'enabled', 'tooltip'], {'anyOf': [{'type': 'integer'}, {'type': 'null'}]})
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Union, get_args, get_origin, get_type_hints

from .shape import Json, Presentation

SCALARS: dict[object, str] = {bool: "boolean", int: "integer", float: "number", str: "string"}


def presentation_schema() -> dict[str, Json]:
    """The JSON Schema (draft 2020-12) of ``Presentation.to_json()``; each part is one of its ``$defs``."""
    definitions: dict[str, Json] = {}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Presentation",
            **record_schema(Presentation, definitions), "$defs": definitions}


def record_schema(record: type, definitions: dict[str, Json]) -> dict[str, Json]:
    """A record's object: each field by its type hint, every one required, no other."""
    hints = get_type_hints(record)
    names = [item.name for item in fields(record)]
    properties: dict[str, Json] = {name: type_schema(hints[name], definitions) for name in names}
    return {"type": "object", "properties": properties, "required": list(names), "additionalProperties": False}


def type_schema(hint: object, definitions: dict[str, Json]) -> dict[str, Json]:
    """The schema of one type hint; a record is added to ``definitions`` once, and referred to.

    >>> type_schema(tuple[str, int], {})
    {'type': 'array', 'prefixItems': [{'type': 'string'}, {'type': 'integer'}], 'items': False, 'minItems': 2}
    """
    origin, args = get_origin(hint), get_args(hint)
    if hint in SCALARS:
        return {"type": SCALARS[hint]}
    if isinstance(hint, type) and issubclass(hint, Enum):
        return {"enum": [member.value for member in hint]}
    if isinstance(hint, type) and is_dataclass(hint):
        if hint.__name__ not in definitions:
            definitions[hint.__name__] = {}  # a record that holds itself is referred to, not walked again
            definitions[hint.__name__] = record_schema(hint, definitions)
        return {"$ref": f"#/$defs/{hint.__name__}"}
    if origin in (Union, types.UnionType) and type(None) in args:
        (inner,) = [arg for arg in args if arg is not type(None)]
        return {"anyOf": [type_schema(inner, definitions), {"type": "null"}]}
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return {"type": "array", "items": type_schema(args[0], definitions)}
    if origin is tuple:
        return {"type": "array", "prefixItems": [type_schema(arg, definitions) for arg in args], "items": False,
                "minItems": len(args)}
    if origin is Mapping and args[0] is str:
        return {"type": "object", "additionalProperties": type_schema(args[1], definitions)}
    raise TypeError(f"{hint!r} has no JSON form the page contract can state")
