"""Reading a body: a quick pass that stops at the first problem, then one full pass for the
messages, so no part of an invalid body is read more than twice, whatever its nesting; every
list's length checked before its items."""
from __future__ import annotations

from collections import Counter

import pytest
from marshmallow import ValidationError

from calculator.api import schemas
from calculator.api.schemas import Tokens

HAND = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"
DEFENDER = "2h 4h 6h 8h Th Qh 2c 4c 6c 8c"


@pytest.fixture
def reads(monkeypatch):
    """How many times the full pass reads each hand (by identity). The quick pass reads each
    part at most once by construction: it stops at the first problem."""
    counted = Counter()
    full = Tokens._deserialize

    def counting_full(self, value, *args, **kwargs):
        counted[id(value)] += 1
        return full(self, value, *args, **kwargs)

    monkeypatch.setattr(Tokens, "_deserialize", counting_full)
    return counted


def _entry(knocker, defender=None):
    # each entry its own objects, so that counting by identity counts one hand
    return {"knocked_by": "Ann", "knocker": knocker,
            "defender": {"hand": defender or DEFENDER.split()}}


def test_a_deep_error_has_every_hand_read_once_by_the_full_pass(reads):
    good = [_entry({"melds": [["As", "2s", "3s"]], "deadwood_cards": HAND.split()[3:]})
            for _ in range(40)]
    bad = _entry({"melds": [["As", "2s", "3s"], [1, 2]], "deadwood_cards": []})
    body = {"players": ["Ann", "Bob"], "hands": good[:20] + [bad] + good[20:]}
    with pytest.raises(ValidationError) as info:
        schemas.read(schemas.GamesRequest, body)
    assert info.value.messages == {"hands": {20: {"knocker": {"melds": {1: {
        0: ["a card token must be a string"], 1: ["a card token must be a string"]}}}}}}
    # 41 entries: 42 melds, 41 deadwood lists and 41 defender hands, each read once
    assert len(reads) == 124 and set(reads.values()) == {1}, reads


def test_a_valid_body_takes_only_the_quick_pass(reads):
    body = {"players": ["Ann", "Bob"], "hands": [_entry({"hand": HAND.split()})
                                                 for _ in range(5)]}
    assert len(schemas.read(schemas.GamesRequest, body)["hands"]) == 5
    assert not reads


def test_a_list_too_long_is_refused_before_any_item_is_read(reads):
    body = {"hands": [HAND] * 10_001}
    with pytest.raises(ValidationError) as info:
        schemas.read(schemas.BatchRequest, body)
    assert info.value.messages == {"hands": ["has 10001 items; from 1 to 10000 allowed"]}
    assert not reads


def test_reading_a_list_stops_after_50_errors():
    with pytest.raises(ValidationError) as info:
        schemas.read(schemas.BatchRequest, {"hands": [[1]] * 500})
    messages = info.value.messages["hands"]
    assert messages["_schema"] == ["reading stopped after 50 errors; the last 450 items were "
                                   "not read"]
    assert len(messages) == 51


def test_many_unknown_keys_are_refused_before_marshmallow_names_each():
    body = {"hand": HAND, **{f"k{i}": 0 for i in range(10_000)}}
    with pytest.raises(ValidationError) as info:
        schemas.read(schemas.AnalyzeRequest, body)
    assert info.value.messages["_schema"] == ["10000 unknown fields; the first 49 are listed"]
    assert len(info.value.messages) == 50
