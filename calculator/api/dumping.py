"""Marshmallow response schemas compiled into plain functions.

The response schemas in `schemas.py` are the one definition of every answer. Running
`Schema.dump` walks field objects for every value, which costs more than the analysis of a
hand itself (measured: about 70 µs a 10-card analysis, against about 8 µs compiled), and the
batch endpoint dumps up to 10,000 of them. So each schema is compiled once, at import, into a
closure per field; the compiled form supports exactly the field kinds the schemas use and
refuses any other, so it cannot silently drift from marshmallow's meaning.

One deliberate difference: a field whose value is None is left out of the answer unless the
field is declared `allow_none=True` (then it is written as null). That is how a 10-card
analysis has no `discards` key while `winner` is null on a draw.
"""
from __future__ import annotations

import json
from operator import attrgetter
from typing import Any, Callable

import orjson
from marshmallow import Schema, fields

Dumper = Callable[[Any], Any]


class CardCode(fields.Field):
    """A card written as its canonical code (`Td`)."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else str(value)


def compile_schema(schema: Schema | type[Schema]) -> Dumper:
    """A function that dumps an object the way `schema` declares, fast."""
    schema = schema() if isinstance(schema, type) else schema
    plan = []
    for name, field in schema.dump_fields.items():
        key = field.data_key or name
        attribute = field.attribute or name
        plan.append((key, attribute, _compile_field(field), field.allow_none))

    def dump(obj):
        out = {}
        is_mapping = isinstance(obj, dict)
        for key, attribute, convert, allow_none in plan:
            value = obj.get(attribute) if is_mapping else getattr(obj, attribute, None)
            if value is None:
                if allow_none:
                    out[key] = None
                continue
            out[key] = convert(value)
        return out

    return dump


_CODE = attrgetter("_code")  # a card's canonical code, read at C speed


def _compile_field(field: fields.Field) -> Dumper:
    if isinstance(field, CardCode):
        return _CODE
    if isinstance(field, (fields.Integer, fields.Boolean, fields.String, fields.Raw)) and \
            type(field) in (fields.Integer, fields.Boolean, fields.String, fields.Raw):
        return _identity
    if isinstance(field, fields.List):
        inner = _compile_field(field.inner)
        if inner is _identity:
            return list
        if inner is _CODE:
            return lambda values: list(map(_CODE, values))
        return lambda values: [inner(v) for v in values]
    if isinstance(field, fields.Nested):
        nested = compile_schema(field.schema)
        if field.many:
            return lambda values: [nested(v) for v in values]
        return nested
    if isinstance(field, fields.Dict):
        value_dump = _compile_field(field.value_field) if field.value_field else _identity
        return lambda mapping: {k: value_dump(v) for k, v in mapping.items()}
    raise TypeError(f"compile_schema does not support {type(field).__name__}")


def _identity(value):
    return value


def json_bytes(data: Any) -> bytes:
    """The one JSON encoding of every answer (the API's bodies and the command line's --json):
    UTF-8, keys in schema order, compact, ending in a newline.

    orjson writes the same bytes as `json.dumps(data, ensure_ascii=False, separators=(",",
    ":"))`, about ten times faster. It refuses what has no such encoding: JSON text may carry
    a lone surrogate (`"\\ud800"`), which is no character and cannot be written as UTF-8, and
    an answer that echoes one (an error quoting the bad token) is written with ASCII escapes
    instead, which is the same JSON value."""
    try:
        return orjson.dumps(data, option=orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:
        return (json.dumps(data, separators=(",", ":")) + "\n").encode("ascii")


def to_json(data: Any) -> str:
    """`json_bytes` as text, for the command line."""
    return json_bytes(data).decode("utf-8")
