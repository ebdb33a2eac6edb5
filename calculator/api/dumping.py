"""Marshmallow response schemas compiled into plain functions.

The response schemas in `schemas.py` are the one definition of every answer. Running
`Schema.dump` walks field objects for every value, which costs more than the analysis of a
hand itself (measured: about 70 µs a 10-card analysis, against about 8 µs compiled), and the
batch endpoint dumps up to 10,000 of them. So each schema is compiled once, at import, into
straight-line Python source (each attribute read once, each list a comprehension); the
compiled form supports exactly the field kinds the schemas use and refuses any other, so it
cannot silently drift from marshmallow's meaning (tests compare it with `Schema.dump`).

One deliberate difference: a field whose value is None is left out of the answer unless the
field is declared `allow_none=True` (then it is written as null). That is how a 10-card
analysis has no `discards` key while `winner` is null on a draw.
"""
from __future__ import annotations

import json
from itertools import count
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


class Record(NamedTuple):
    """A schema of plain objects, as its compiled dumper reads it: per field (its key, the
    attribute, how its value is dumped, whether None is written), and the function that
    dumps what the straight-line code cannot (a mapping, an object lacking an attribute)."""

    plan: tuple
    dump_other: Dumper


class Converted(NamedTuple):
    """How one field's value is dumped: as source to write inline (`{}` stands for the
    value; `names` are the objects it uses), and as a function (for a mapping's fields). When
    `fallible`, the source may raise AttributeError on a value the function still dumps (a
    mapping among values dumped once), and the generated code falls back to the function.
    A list of converted items keeps its `item`, and a nested schema its `record`, so that a
    dumper can write them in place: a list as a loop, a nested object field by field."""

    source: str
    names: dict
    convert: Dumper
    fallible: bool = False
    item: "Converted | None" = None
    record: Record | None = None


_fresh_names = count()


def _fresh(prefix: str) -> str:
    return f"{prefix}{next(_fresh_names)}"


def compile_schema(schema: Schema | type[Schema]) -> Dumper:
    """A function that dumps an object the way `schema` declares, fast.

    A schema whose class sets `dump_once_per_value` (a `DumpOnce`) has each of its values
    dumped once and the same dictionary returned after, so answers share it; nothing may
    change an answer's parts in place."""
    return _compile_nested(schema).convert


def _compile_nested(schema: Schema | type[Schema]) -> Converted:
    schema = schema() if isinstance(schema, type) else schema
    plan = []
    for name, field in schema.dump_fields.items():
        attribute = field.attribute or name
        if not attribute.isidentifier():
            raise TypeError(f"compile_schema does not support the attribute {attribute!r}")
        plan.append((field.data_key or name, attribute, _compile_field(field),
                     field.allow_none))
    plan = tuple(plan)

    def dump_other(obj) -> dict:
        """A mapping, or an object without some of the attributes (those are None)."""
        read = obj.get if isinstance(obj, dict) else (lambda name: getattr(obj, name, None))
        out = {}
        for key, attribute, converted, allow_none in plan:
            value = read(attribute)
            if value is not None:
                out[key] = converted.convert(value)
            elif allow_none:
                out[key] = None
        return out

    record = Record(plan, dump_other)
    dump = _unrolled(record)
    once = getattr(schema, "dump_once_per_value", None)
    if once is None:
        name = _fresh("dump")
        return Converted(f"{name}({{}})", {name: dump}, dump, record=record)
    # keyed by the value's own key (an int for melds): a look-up hashes it at C speed, where
    # hashing the value itself would be a Python call
    key_of, memo = attrgetter(once.key), Memo(lambda key: dump(once.value_of(key)))

    def dump_once(obj):
        try:
            return memo[key_of(obj)]
        except AttributeError:  # a mapping has no key: it is dumped each time
            return dump(obj)
    name = _fresh("memo")
    return Converted(f"{name}[{{}}.{once.key}]", {name: memo}, dump_once, fallible=True)


def _unrolled(record: Record) -> Dumper:
    """The dumper of one schema as straight-line code: each attribute read once, each field
    converted in place, nested schemas and lists included. A batch dumps ten thousand
    answers, and calls per field (a getter, a converter, `map`, a comprehension, a nested
    dumper) cost more than the fields themselves."""
    names: dict = {}
    lines = ["def dump(obj):", *_record_lines(record, "obj", "result", "    ", names),
             "    return result"]
    exec("\n".join(lines), names)  # the source is built from the schemas' own field names
    return names["dump"]


def _record_lines(record: Record, obj: str, target: str, indent: str, names: dict
                  ) -> list[str]:
    """Lines that set `target` to the dump of the object named `obj` (a local name)."""
    other, out = _fresh("other"), _fresh("out")
    values = [_fresh("v") for _ in record.plan]
    names[other] = record.dump_other
    inner = indent + "        "
    lines = [f"{indent}if type({obj}) is dict:",
             f"{indent}    {target} = {other}({obj})",
             f"{indent}else:",
             f"{indent}    try:",
             *(f"{inner}{value} = {obj}.{attribute}"
               for value, (_, attribute, _, _) in zip(values, record.plan)),
             f"{indent}    except AttributeError:",
             f"{indent}        {target} = {other}({obj})",
             f"{indent}    else:",
             f"{inner}{out} = {{}}"]
    for value, (key, _, converted, allow_none) in zip(values, record.plan):
        lines.append(f"{inner}if {value} is not None:")
        field = f"{out}[{key!r}]"
        if converted.fallible:
            fallback = _fresh("convert")
            names[fallback] = converted.convert
            lines += [f"{inner}    try:",
                      *_assigned(field, converted, value, inner + "        ", names),
                      f"{inner}    except AttributeError:",
                      f"{inner}        {field} = {fallback}({value})"]
        else:
            lines += _assigned(field, converted, value, inner + "    ", names)
        if allow_none:
            lines += [f"{inner}else:", f"{inner}    {field} = None"]
    lines.append(f"{inner}{target} = {out}")
    return lines


def _assigned(target: str, converted: Converted, value: str, indent: str, names: dict
              ) -> list[str]:
    """Lines that set `target` to the converted `value` (a local name). A list is built by a
    loop in place: in CPython 3.11 a comprehension is a function call of its own, which
    costs more than the short lists of an answer (a few cards, a few melds) take to fill."""
    if converted.record is not None:
        return _record_lines(converted.record, value, target, indent, names)
    if converted.item is None:
        names.update(converted.names)
        return [f"{indent}{target} = {converted.source.replace('{}', value)}"]
    element, built, each = _fresh("x"), _fresh("items"), _fresh("y")
    item = converted.item
    if item.record is not None:
        fill = [*_record_lines(item.record, element, each, indent + "    ", names),
                f"{indent}    {built}.append({each})"]
    else:
        names.update(item.names)
        fill = [f"{indent}    {built}.append({item.source.replace('{}', element)})"]
    return [f"{indent}{built} = []", f"{indent}for {element} in {value}:", *fill,
            f"{indent}{target} = {built}"]


_IDENTITY = Converted("{}", {}, lambda value: value)


def _compile_field(field: fields.Field) -> Converted:
    if isinstance(field, CardCode):
        return Converted("{}._code", {}, attrgetter("_code"))
    if type(field) in (fields.Integer, fields.Boolean, fields.String, fields.Raw):
        return _IDENTITY
    if isinstance(field, fields.List):
        return _each(_compile_field(field.inner))
    if isinstance(field, fields.Nested):
        nested = _compile_nested(field.schema)
        return _each(nested) if field.many else nested
    if isinstance(field, fields.Dict):
        value = _compile_field(field.value_field) if field.value_field else _IDENTITY
        names = {"convert_value": value.convert} if value.fallible else dict(value.names)
        item = "convert_value(v)" if value.fallible else value.source.replace("{}", "v")
        convert = eval(f"lambda mapping: {{k: {item} for k, v in mapping.items()}}", names)
        name = _fresh("mapping")
        return Converted(f"{name}({{}})", {name: convert}, convert)
    raise TypeError(f"compile_schema does not support {type(field).__name__}")


def _each(item: Converted) -> Converted:
    """A list of `item`s: a comprehension (in 3.11 it costs less than `map` over a getter or
    a function), and the same comprehension over the item's function as the safe form."""
    if item is _IDENTITY:
        return Converted("list({})", {}, list)
    element = _fresh("x")
    source = f"[{item.source.replace('{}', element)} for {element} in {{}}]"
    convert = item.convert
    return Converted(source, item.names, lambda values: [convert(v) for v in values],
                     item.fallible, item)


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
