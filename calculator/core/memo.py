"""A table filled on first use, for the engine's per-suit look-ups."""
from __future__ import annotations

from typing import Callable


class Memo(dict):
    """`memo[key]` is `build(key)`, computed once. A dict subclass, so a look-up that hits is
    the dictionary's own C code; `functools.lru_cache` costs several times more per call with
    two arguments, and the hot paths make a dozen such look-ups per hand."""

    __slots__ = ("build",)

    def __init__(self, build: Callable):
        super().__init__()
        self.build = build

    def __missing__(self, key):
        value = self[key] = self.build(key)
        return value
