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
from typing import Any, Callable, NamedTuple

import orjson
from marshmallow import Schema, fields

from ..core.memo import Memo

Dumper = Callable[[Any], Any]


class DumpOnce(NamedTuple):
    """Set as `dump_once_per_value` on a schema of immutable values of which there are few
    (melds: 329), each known by an attribute (`key`: equal values, equal keys) from which
    `value_of` gives the value back: each is dumped once and its dictionary shared after."""

    key: str
    value_of: Callable[[Any], Any]


class CardCode(fields.Field):
    """A card written as its canonical code (`Td`)."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else str(value)


def compile_schema(schema: Schema | type[Schema]) -> Dumper:
    """A function that dumps an object the way `schema` declares, fast.

    A schema whose class sets `dump_once_per_value` (a `DumpOnce`) has each of its values
    dumped once and the same dictionary returned after, so answers share it; nothing may
    change an answer's parts in place."""
    schema = schema() if isinstance(schema, type) else schema
    plan = []
    for name, field in schema.dump_fields.items():
        key = field.data_key or name
        attribute = field.attribute or name
        plan.append((key, attribute, _compile_field(field), field.allow_none))
    read_all = attrgetter(*(attribute for _, attribute, _, _ in plan))
    if len(plan) == 1:
        read_all = (lambda read_one: lambda obj: (read_one(obj),))(read_all)

    def dump_values(values) -> dict:
        out = {}
        for (key, _, convert, allow_none), value in zip(plan, values):
            if value is None:
                if allow_none:
                    out[key] = None
                continue
            out[key] = convert(value)
        return out

    def dump_other(obj) -> dict:
        """A mapping, or an object without some of the attributes (those are None)."""
        if isinstance(obj, dict):
            return dump_values([obj.get(attribute) for _, attribute, _, _ in plan])
        return dump_values([getattr(obj, attribute, None) for _, attribute, _, _ in plan])

    dump = _unrolled(plan, read_all, dump_other)
    once = getattr(schema, "dump_once_per_value", None)
    if once is None:
        return dump
    # keyed by the value's own key (an int for melds): a look-up hashes it at C speed, where
    # hashing the value itself would be a Python call
    key_of, memo = attrgetter(once.key), Memo(lambda key: dump(once.value_of(key)))

    def dump_once(obj):
        try:
            return memo[key_of(obj)]
        except AttributeError:  # a mapping has no key: it is dumped each time
            return dump(obj)
    dump_once.by_key = (memo.__getitem__, key_of)  # how a list of them is mapped at C speed
    return dump_once


def _unrolled(plan, read_all, dump_other) -> Dumper:
    """The dumper of one schema as straight-line code, one statement a field: a batch dumps
    ten thousand answers, and a loop over the fields cost twice as much as the fields."""
    names = {"read_all": read_all, "dump_other": dump_other}
    values = ", ".join(f"v{i}" for i in range(len(plan))) + ","
    lines = ["def dump(obj):",
             "    if type(obj) is dict:",
             "        return dump_other(obj)",
             "    try:",
             f"        {values} = read_all(obj)",
             "    except AttributeError:",
             "        return dump_other(obj)",
             "    out = {}"]
    for i, (key, _, convert, allow_none) in enumerate(plan):
        names[f"c{i}"] = convert
        value = f"v{i}" if convert is _identity else f"c{i}(v{i})"
        if allow_none:
            lines.append(f"    out[{key!r}] = None if v{i} is None else {value}")
            continue
        lines.append(f"    if v{i} is not None:")
        mapped = getattr(convert, "mapped", None)
        if mapped is None:
            lines.append(f"        out[{key!r}] = {value}")
            continue
        # a list field: its items mapped right here, at C speed (a call less a field); an
        # AttributeError (a mapping among values dumped once) takes the list dumper's way
        expression = f"v{i}"
        for depth, function in reversed(list(enumerate(mapped))):
            names[f"m{i}_{depth}"] = function
            expression = f"map(m{i}_{depth}, {expression})"
        lines += ["        try:",
                  f"            out[{key!r}] = list({expression})",
                  "        except AttributeError:",
                  f"            out[{key!r}] = c{i}(v{i})"]
    lines.append("    return out")
    exec("\n".join(lines), names)  # the source is built from the schema's own field names
    return names["dump"]


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
        return _each(inner)
    if isinstance(field, fields.Nested):
        nested = compile_schema(field.schema)
        return _each(nested) if field.many else nested
    if isinstance(field, fields.Dict):
        value_dump = _compile_field(field.value_field) if field.value_field else _identity
        return lambda mapping: {k: value_dump(v) for k, v in mapping.items()}
    raise TypeError(f"compile_schema does not support {type(field).__name__}")


def _each(convert: Dumper) -> Dumper:
    """A list's dumper: `convert` mapped over it at C speed. For values dumped once, their
    table is read by key directly, and a mapping among them (it has no key) takes the long
    way. Its `mapped` functions, applied last to first (`list(map(f0, map(f1, values)))`),
    are what `_unrolled` writes inline."""
    by_key = getattr(convert, "by_key", None)
    if by_key is None:
        def each(values):
            return list(map(convert, values))
        each.mapped = (convert,)
        return each
    lookup, key_of = by_key

    def each_once(values):
        try:
            return list(map(lookup, map(key_of, values)))
        except AttributeError:
            return list(map(convert, values))
    each_once.mapped = by_key
    return each_once


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
