"""A table filled on first use, for the engine's per-suit look-ups."""
from __future__ import annotations

from typing import Callable

# Every table made with its keys named, for `fill_tables`.
_FILLABLE: list[tuple["Memo", range]] = []


class Memo(dict):
    """`memo[key]` is `build(key)`, computed once. A dict subclass, so a look-up that hits is
    the dictionary's own C code; `functools.lru_cache` costs several times more per call with
    two arguments, and the hot paths make a dozen such look-ups per hand.

    A table given its `keys` (the per-suit ones: every 13-bit suit mask) can be filled ahead
    of use by `fill_tables`."""

    __slots__ = ("build",)

    def __init__(self, build: Callable, keys: range | None = None):
        super().__init__()
        self.build = build
        if keys is not None:
            _FILLABLE.append((self, keys))

    def __missing__(self, key):
        value = self[key] = self.build(key)
        return value


def fill_tables() -> int:
    """Fill every table whose keys are known; returns how many entries that made. A server
    calls it once before forking its workers (about half a second), so that every worker
    starts with the tables, shared, instead of filling its own on its first requests."""
    made = 0
    for table, keys in _FILLABLE:
        for key in keys:
            if key not in table:
                table[key] = table.build(key)
                made += 1
    return made
