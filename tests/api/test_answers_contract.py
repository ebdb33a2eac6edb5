"""openapi.yaml is the one description of every answer: real answers to many distinct bodies
(random and meld-dense deals, every endpoint, every batch detail) are checked against the
response schema the spec gives for their path and status."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text("utf-8"))
REGISTRY = Registry().with_resource("urn:spec", Resource.from_contents(
    SPEC, default_specification=DRAFT202012))
DECK = [rank + suit for suit in "shdc" for rank in "A23456789TJQK"]
DENSE = [rank + suit for suit in "shdc" for rank in "3456789"]


def validator(method: str, path: str, status: int) -> Draft202012Validator:
    response = SPEC["paths"][path][method]["responses"][str(status)]
    if "$ref" in response:
        response = SPEC["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    media = "application/json" if status < 400 else "application/problem+json"
    schema = response["content"][media]["schema"]
    if "$ref" in schema:
        schema = {"$ref": "urn:spec" + schema["$ref"]}
    return Draft202012Validator(schema, registry=REGISTRY)


def check(client, path: str, body: dict, status: int = 200) -> dict:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.get_json()
    data = answer.get_json()
    errors = sorted(validator("post", path, status).iter_errors(data), key=str)
    assert not errors, (body, [error.message for error in errors[:3]])
    return data


def deals(count: int, size: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DENSE if i % 2 else DECK, size) for i in range(count)]


@pytest.mark.parametrize("size", [10, 11])
def test_analyses_keep_the_contract(client, size):
    for hand in deals(150, size, size):
        check(client, "/api/v1/analyze", {"hand": hand})


@pytest.mark.parametrize("size", [10, 11])
def test_analyses_with_their_ties_keep_the_contract(client, size):
    """`ties: true` lists every other lowest arrangement of the cards shown: with the one
    shown, the library's whole list, in its order."""
    from calculator.core.arrangements import all_best_arrangements

    listed = 0
    for hand in deals(150, size, 20 + size):
        data = check(client, "/api/v1/analyze", {"hand": hand, "ties": True, "outs": False})
        kept = [card for card in data["hand"] if card != data.get("discard")]
        every = [{"melds": [{"type": m.kind, "cards": [c.code for c in m.cards]}
                            for m in a.melds],
                  "deadwood_cards": [c.code for c in a.deadwood_cards]}
                 for a in all_best_arrangements(kept)]
        shown = {"melds": data["melds"], "deadwood_cards": data["deadwood_cards"]}
        assert every[0] == shown and data["ties"] == every[1:], hand
        listed += len(data["ties"])
    assert listed  # the deals hold ties to list


@pytest.mark.parametrize("detail", ["full", "best", "summary"])
def test_batch_answers_keep_the_contract_at_every_detail(client, detail):
    hands = deals(100, 11, 3) + deals(100, 10, 4)
    data = check(client, "/api/v1/analyze/batch", {"hands": hands, "detail": detail,
                                                   "outs": True})
    first = data["results"][0]
    if detail == "summary":
        assert "melds" not in first and "discards" not in first and first["best_discards"]
    elif detail == "best":
        assert [d["card"] for d in first["discards"]] == first["best_discards"]
    else:
        assert len(first["discards"]) == 11


def _pairs(count: int, seed: int):
    from calculator.core import deadwood

    rng = random.Random(seed)
    while count:
        deck = rng.sample(DECK, 21)
        knocker = deck[:11] if count % 2 else deck[:10]
        if deadwood(knocker[:10]) <= 10:
            count -= 1
            yield knocker, deck[11:21]


def test_scores_and_layoffs_keep_the_contract(client):
    for knocker, defender in _pairs(60, 5):
        body = {"knocker": {"hand": knocker}, "defender": {"hand": defender}}
        check(client, "/api/v1/layoffs", body)
        check(client, "/api/v1/score", body)
        check(client, "/api/v1/score", {"knocker": {"deadwood": 7},
                                        "defender": {"deadwood": 7}})


def test_game_sheets_keep_the_contract(client):
    hands = [{"knocked_by": "Ann" if i % 3 else "Bob", "knocker": {"hand": knocker},
              "defender": {"hand": defender}} for i, (knocker, defender)
             in enumerate(_pairs(30, 7))]
    hands += [{"outcome": "draw"}, {"winner": "Bob", "points": 18}]
    for preset in ("standard", "hollywood"):
        check(client, "/api/v1/games", {"players": ["Ann", "Bob"], "hands": hands,
                                        "rules": {"preset": preset, "target": 10_000}})


def test_problems_keep_the_contract(client):
    check(client, "/api/v1/analyze", {"hand": "As As 2s Qx"}, 422)
    check(client, "/api/v1/analyze/batch", {"hands": [["Xs"] * 60] * 3}, 422)
    check(client, "/api/v1/games", {"players": ["Ann", "Ann\u202e"]}, 422)
