"""Reading a body with its marshmallow schema, in at most two passes.

The quick pass runs, for each given field, only the field's own `_deserialize` (or a nested
field's `quick`), and stops at the first problem. `Schema.load` walks its machinery (error
store, hooks, partial loading, unknown-key policy) for every field and measured about 30 µs
for an analyze body, more than the analysis of the hand; the quick pass gives the same values
for a valid body at a small part of that. It is kept for that margin, and it supports exactly
what the request schemas use (it refuses any other schema at import).

When the quick pass finds anything wrong, `Schema.load` reads the body once more and reports
every problem with marshmallow's own messages; the nested fields below read their parts with
the nested schemas' own `load` in that pass, so no part of a body is read more than twice,
whatever its nesting. Lists check their length before reading any item, and stop after
`MAX_REPORTED_ERRORS` bad items.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from marshmallow import RAISE, Schema, ValidationError, fields, missing

from ..core.errors import quoted
from . import limits


class Invalid(Exception):
    """The quick pass found a problem: the full pass says what it is."""


Reader = Callable[[Any], Any]


class BodyKey(NamedTuple):
    """A key of the body named `_schema`, in messages: marshmallow keeps an object's own
    messages under that key, so a body key of that name would read as its parent's."""

    name: str


def _message_key(key: str):
    """A body key as marshmallow's messages may hold it (`BodyKey` for `_schema`)."""
    return BodyKey(key) if key == "_schema" else key


class Loader(NamedTuple):
    schema: Schema
    quick: Reader  # the body's values, or Invalid / ValidationError at the first problem
    known: frozenset  # the keys the schema reads

    def full(self, value) -> dict:
        """`Schema.load`, which names every unknown key in its pointer: refused first when
        there are more of them than an answer lists, or when one is longer than any field
        name could be (a megabyte key must not come back twice in the answer)."""
        if type(value) is dict:
            unknown = [key for key in value if key not in self.known]
            longest = max(unknown, key=len, default="")
            if len(longest) > limits.MAX_TOKEN_CHARS:
                raise ValidationError({"_schema": [f"unknown field {quoted(longest)}"]})
            if len(unknown) > limits.MAX_REPORTED_ERRORS:
                listed = unknown[:limits.MAX_REPORTED_ERRORS - 1]
                raise ValidationError({"_schema": [
                    f"{len(unknown)} unknown fields; the first {len(listed)} are listed"],
                    **{_message_key(key): ["unknown field"] for key in listed}})
            if "_schema" in unknown:  # named first, so that no cut of the list drops it
                try:
                    messages = {}
                    self.schema.load({k: item for k, item in value.items() if k != "_schema"})
                except ValidationError as error:
                    messages = error.messages
                raise ValidationError({BodyKey("_schema"): ["unknown field"], **messages})
        return self.schema.load(value)


def load(loader: Loader, body) -> dict:
    """The body's values by attribute; marshmallow's ValidationError when it is invalid."""
    if type(body) is not dict:
        raise ValidationError({"_schema": ["the body must be a JSON object"]})
    try:
        return loader.quick(body)
    except (Invalid, ValidationError):
        return loader.full(body)  # raises, with every field's messages


def compile_loader(schema: Schema | type[Schema]) -> Loader:
    """The quick pass of `schema`: the same values `schema.load` gives a valid body."""
    schema = schema() if isinstance(schema, type) else schema
    hooks = [tag for tag, registered in schema._hooks.items() if registered]
    if hooks or schema.unknown != RAISE or schema.partial or schema.many:
        raise TypeError(f"compile_loader does not support {type(schema).__name__}: hooks "
                        f"{hooks}, unknown={schema.unknown}, partial={schema.partial}, "
                        f"many={schema.many}")
    plan = []
    for name, field in schema.load_fields.items():
        key = field.data_key if field.data_key is not None else name
        attribute = field.attribute or name
        if "." in attribute:
            raise TypeError(f"compile_loader does not support the dotted attribute {attribute}")
        plan.append((key, attribute, quick_reader(field), field.required, field.load_default))
    known = frozenset(key for key, *_ in plan)
    plan = tuple(plan)

    def quick(data):
        if type(data) is not dict or not known.issuperset(data):
            raise Invalid  # not an object, or an unknown key
        out = {}
        for key, attribute, read, required, default in plan:
            if key in data:
                value = data[key]
                if value is None:  # null: Field.deserialize's own rule for it
                    raise Invalid
                out[attribute] = read(value)
            elif required:
                raise Invalid
            elif default is not missing:  # as Field.deserialize does for a missing value
                out[attribute] = default() if callable(default) else default
        return out

    return Loader(schema, quick, known)


def quick_reader(field: fields.Field) -> Reader:
    """How the quick pass reads a field's value that is not null: the field's own `quick`
    (nested fields), its `_deserialize` when that is all `Field.deserialize` runs (no
    validators), or `Field.deserialize` itself."""
    if hasattr(field, "quick"):
        return field.quick
    if field.validators:
        return field.deserialize
    deserialize = field._deserialize
    return lambda value: deserialize(value, None, None)


def _count(messages) -> int:
    """How many messages a field's error holds (its leaves)."""
    if isinstance(messages, dict):
        return sum(_count(value) for value in messages.values())
    if isinstance(messages, list):
        return sum(_count(value) for value in messages)
    return 1


class BoundedList(fields.List):
    """A list whose length is checked before any item is read, so an over-long list costs
    nothing and gets one error at the list; reading stops after `MAX_REPORTED_ERRORS` bad
    items' messages."""

    def __init__(self, inner: fields.Field, low: int, high: int, **kwargs):
        super().__init__(inner, **kwargs)
        self.low, self.high = low, high
        self._read_item = quick_reader(self.inner)

    def _check_length(self, value) -> None:
        if type(value) is not list:
            raise ValidationError("must be an array")
        if not self.low <= len(value) <= self.high:
            wanted = (f"exactly {self.low}" if self.low == self.high
                      else f"from {self.low} to {self.high}")
            raise ValidationError(f"has {len(value)} items; {wanted} allowed")

    def quick(self, value) -> list:
        self._check_length(value)
        read = self._read_item
        for item in value:
            if item is None:
                raise Invalid
        return [read(item) for item in value]

    def _deserialize(self, value, attr, data, **kwargs):
        self._check_length(value)
        result, errors, reported = [], {}, 0
        for index, item in enumerate(value):
            try:
                result.append(self.inner.deserialize(item, **kwargs))
            except ValidationError as error:
                errors[index] = error.messages
                reported += _count(error.messages)
                unread = len(value) - index - 1
                if reported >= limits.MAX_REPORTED_ERRORS and unread:
                    # refusing a hostile body must cost less than serving a real one
                    errors = {"_schema": [f"reading stopped after {reported} errors; the "
                                          f"last {unread} items were not read"], **errors}
                    break
        if errors:
            raise ValidationError(errors)
        return result


class OneOf(fields.Field):
    """An object whose shape is chosen by which key it has (`hand`, `melds`, `deadwood`); the
    value read gets `shape` set to that key."""

    def __init__(self, shapes: dict[str, type[Schema]], what: str, **kwargs):
        super().__init__(**kwargs)
        self.shapes = {key: compile_loader(schema) for key, schema in shapes.items()}
        self.what = what

    def _shape(self, value) -> tuple[str, Loader]:
        if type(value) is not dict:
            raise ValidationError(f"{self.what} must be an object")
        for key, loader in self.shapes.items():
            if key in value:
                return key, loader
        keys = ", ".join(f"'{k}'" for k in self.shapes)
        raise ValidationError(f"{self.what} needs one of {keys}")

    def quick(self, value) -> dict:
        key, loader = self._shape(value)
        loaded = loader.quick(value)
        loaded["shape"] = key
        return loaded

    def _deserialize(self, value, attr, data, **kwargs):
        key, loader = self._shape(value)
        loaded = loader.full(value)  # the full pass: the nested schema's own messages
        loaded["shape"] = key
        return loaded
