"""The compiled dumpers must give what marshmallow's own Schema.dump gives (a None field left
out, as compile_schema documents), for objects and for mappings alike."""
from __future__ import annotations

import pytest

from calculator.api import schemas
from calculator.api.dumping import compile_schema
from calculator.core import Card, analyze, layoffs, score_hand

HANDS = ["As 2s 3s 7c 7h 7d Tc Jc Qc 5h", "As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd",
         "7s 7h 7d 7c 8c 9c 8h 9h Th 2d", "Ks Kh Kd Kc 2h 3h 4h 8c 9c Tc Td"]


def without_none(value):
    if isinstance(value, dict):
        return {k: without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_none(v) for v in value]
    return value


@pytest.mark.parametrize("hand", HANDS)
def test_an_analysis_dumps_as_marshmallow_dumps_it(hand):
    result = analyze(hand)
    assert schemas.dump_analysis(result) == without_none(schemas.AnalysisOut().dump(result))


def test_a_score_and_layoffs_dump_as_marshmallow_dumps_them():
    knocker, defender = "As 2s 3s 4h 5h 6h 7d 8d 9d Kc", "Ah 2h 3h 4s 5s 6s 7c 8c 9c Qd"
    result = score_hand(knocker, defender)
    assert schemas.dump_score(result) == without_none(schemas.ScoreOut().dump(result))
    found = layoffs(knocker, defender)
    assert schemas.dump_layoffs(found) == without_none(schemas.LayoffsOut().dump(found))


def test_a_mapping_dumps_like_the_object_even_where_values_are_dumped_once():
    meld = {"kind": "run", "cards": [Card("As"), Card("2s"), Card("3s")]}
    assert schemas.dump_layoffs({"knocker": {"melds": [meld], "deadwood_cards": []}}) == {
        "knocker": {"melds": [{"type": "run", "cards": ["As", "2s", "3s"]}],
                    "deadwood_cards": []}}


def test_melds_are_dumped_once_and_shared():
    first, second = analyze(HANDS[0]), analyze(HANDS[0])
    assert schemas.dump_analysis(first)["melds"][0] is schemas.dump_analysis(second)["melds"][0]


def test_a_field_kind_the_compiler_does_not_know_is_refused():
    from marshmallow import Schema, fields

    class WithFloat(Schema):
        ratio = fields.Float()

    with pytest.raises(TypeError):
        compile_schema(WithFloat)
