"""POST /api/v1/advice: the position read from JSON, the core's advice written back, and every
bad input a 422 problem pointing at it (bounded: refused before any sampling)."""
from __future__ import annotations

import pytest

from calculator import create_app
from calculator.api import advice as advice_api
from calculator.core.advice import advise

HAND = "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd"


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def post(client, body):
    return client.post("/api/v1/advice", json=body)


def test_an_eleven_card_position(client):
    body = {"hand": HAND, "discards": [{"card": "Jc", "by": "me"}, "9d",
                                       {"card": "Th", "by": "opponent"}],
            "opponent_took": ["Jd", "Jh"], "opponent_passed": ["9d"], "samples": 150}
    answer = post(client, body)
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    data = answer.get_json()
    core = advise(HAND, [{"card": "Jc", "by": "me"}, "9d", {"card": "Th", "by": "opponent"}],
                  opponent_took=["Jd", "Jh"], opponent_passed=["9d"], samples=150)
    assert data["action"] == core.action and data["advice"] == core.summary
    assert [d["card"] for d in data["discards"]] == [str(d.card) for d in core.discards]
    assert [d["rank"] for d in data["discards"]] == list(range(1, 12))
    first = data["discards"][0]
    assert first["knock_outs"] == len(first["outs"]["knock"])
    assert data["position"]["opponent_known"] == ["Jh", "Jd"]
    assert data["position"]["stock"] == 52 - 11 - 10 - 3
    assert data["knock"]["samples"] == 150 and 0 <= data["knock"]["win"] <= 1
    assert data["draw"] is None
    assert [w["draws"] for w in data["outlook"]["within"]] == [1, 2, 3]


def test_a_ten_card_position(client):
    data = post(client, {"hand": "As 2s 3s 5h 6h 7h 9c 9d Kd Qc", "face_up": "9h",
                         "samples": 50}).get_json()
    assert data["action"] == "take" and data["draw"]["take"] is True
    assert data["draw"]["face_up"] == "9h" and "9h" not in [d["card"] for d in data["discards"]]


def test_the_same_body_the_same_answer(client):
    body = {"hand": HAND, "discards": ["Jc", "9d"], "samples": 100, "seed": 3}
    assert post(client, body).get_json() == post(client, body).get_json()


@pytest.mark.parametrize("body, pointer", [
    ({"hand": "As 2s"}, "/hand"),
    ({"hand": HAND.replace("Kd", "Kx")}, "/hand/10"),
    ({"hand": HAND, "discards": ["Jc", "Kd"]}, "/discards/1"),
    ({"hand": HAND, "discards": [{"card": "Jc", "by": "them"}]}, "/discards/0/by"),
    ({"hand": HAND, "discards": [{"card": "Jc", "colour": "red"}]}, "/discards/0/colour"),
    ({"hand": HAND, "discards": [7]}, "/discards/0"),
    ({"hand": HAND, "discards": ["Jc"] * 53}, "/discards"),
    ({"hand": HAND, "face_up": "9h"}, "/face_up"),
    ({"hand": HAND, "opponent_passed": ["9h"]}, "/opponent_passed/0"),
    ({"hand": HAND, "stock": 0}, "/stock"),
    ({"hand": HAND, "stock": "many"}, "/stock"),
    ({"hand": HAND, "samples": 10 ** 9}, "/samples"),
    ({"hand": HAND, "scores": {"me": 10}}, "/scores/opponent"),
    ({"hand": HAND, "scores": {"me": -5, "opponent": 0}}, "/scores/me"),
    ({"hand": HAND, "rules": {"knock_limit": 11}}, "/rules/knock_limit"),
    ({"hand": HAND, "rules": {"preset": "oklahoma"}}, "/upcard"),
    ({"hand": HAND, "colour": "red"}, "/colour"),
    ({"hand": HAND, "discards": [c for c in ["Ah", "Ac", "Ad", "2h", "2c", "2d", "3h", "3c",
                                             "3d", "4s", "4h", "4c", "5s", "5d", "5c", "6s",
                                             "6d", "6c", "7s", "7d", "7c", "9s", "9h", "9d",
                                             "9c", "Ts", "Th", "Td", "Tc", "Js", "Jh", "Jd",
                                             "Jc", "Qs", "Qh", "Qd", "Qc", "Ks", "Kh", "Kc",
                                             "8h"]]}, "/discards"),
])
def test_bad_positions_are_422_with_a_pointer(client, body, pointer):
    answer = post(client, body)
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    problem = answer.get_json()
    assert pointer in [e["pointer"] for e in problem["errors"]]
    assert problem["detail"]


def test_not_an_object(client):
    answer = post(client, ["As"])
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == [{"pointer": "",
                                            "detail": "the body must be a JSON object"}]


VALID_BODIES = [
    {"hand": HAND},
    {"hand": HAND.split(), "discards": ["Jc", {"card": "9d"}, {"card": "Th", "by": "me"},
                                       {"card": "Tc", "by": None}],
     "opponent_took": ["Jd"], "opponent_passed": "9d", "stock": 25, "rules": {"gin_bonus": 20},
     "upcard": "Th", "scores": {"me": 10, "opponent": 90}, "samples": 20, "seed": 7},
    {"hand": "As 2s 3s 5h 6h 7h 9c 9d Kd Qc", "face_up": "9h", "discards": []},
]


@pytest.mark.parametrize("body", VALID_BODIES)
def test_the_bounded_loader_reads_what_marshmallow_reads(body):
    assert advice_api.read(body) == advice_api.AdviceRequest().load(body)


@pytest.mark.parametrize("body, pointer, detail", [
    ({"hand": HAND, **{f"k{i}": 0 for i in range(60_000)}}, "",
     "60000 unknown fields; the first 49 are listed"),
    ({"hand": HAND, "scores": {f"k{i}": 0 for i in range(60_000)}}, "/scores",
     "60000 unknown fields; the first 49 are listed"),
    ({"hand": HAND, "discards": [{"card": "Jc", **{f"k{i}": 0 for i in range(100)}}] * 52},
     "/discards", "reading stopped after 50 errors; the last 51 items were not read"),
])
def test_unknown_keys_are_counted_not_each_named(client, body, pointer, detail):
    problem = post(client, body).get_json()
    assert problem["detail"].startswith("50 errors: ") or problem["detail"].startswith(
        "51 errors: "), problem["detail"][:200]
    assert {"pointer": pointer, "detail": detail} in problem["errors"]


def test_a_long_by_is_refused_before_the_core_reads_it(client):
    problem = post(client, {"hand": HAND, "discards": [{"card": "Jc", "by": "me" * 21}]}
                   ).get_json()
    assert problem["errors"] == [{"pointer": "/discards/0/by",
                                  "detail": "'by' is longer than 40 characters"}]
    assert problem["type"].endswith(":invalid-input")
    # a short wrong word is the core's to refuse
    problem = post(client, {"hand": HAND, "discards": [{"card": "Jc", "by": "them"}]}
                   ).get_json()
    assert problem["errors"][0]["pointer"] == "/discards/0/by"
    assert "me or opponent" in problem["detail"]


@pytest.mark.parametrize("discards, pointer, detail", [
    (["2d", "4c", "2d"], "/discards/2", "duplicate card 2d in token 3: already given as token 1"),
    # 4d is also in my hand: the pile's own duplicate is said first, alone
    (["2d", "4d", "2d"], "/discards/2", "duplicate card 2d in token 3: already given as token 1"),
    ([{"card": "2d", "by": "me"}, {"card": "2♦", "by": "opponent"}], "/discards/1",
     "duplicate card 2d ('2♦') in token 2: already given as token 1"),
    (["Jc", "Kd"], "/discards/1", "card Kd is in two places: here and in the hand, token 11"),
])
def test_a_card_in_two_places_of_the_position(client, discards, pointer, detail):
    problem = post(client, {"hand": HAND, "discards": discards}).get_json()
    assert problem["errors"] == [{"pointer": pointer, "detail": detail}]
    kind = "duplicate-card" if detail.startswith("duplicate") else "card-in-two-places"
    assert problem["type"].endswith(":" + kind)


def test_the_face_up_card_in_my_hand(client):
    problem = post(client, {"hand": HAND.replace(" Kd", ""), "face_up": "4d"}).get_json()
    assert problem["errors"] == [{"pointer": "/face_up", "detail":
                                  "card 4d is in two places: here and in the hand, token 10"}]


@pytest.mark.parametrize("body, pointer, kind, detail", [
    ({"samples": 10 ** 9}, "/samples", "number-range", "samples is a whole number from 1 to 2000"),
    ({"samples": 0}, "/samples", "number-range", "samples is a whole number from 1 to 2000"),
    ({"seed": -1}, "/seed", "number-range", "seed is a whole number from 0 to 4294967295"),
    ({"scores": {"me": -5, "opponent": 0}}, "/scores/me", "number-range",
     "a game total is a whole number from 0 to 99: a game ends when a total reaches its "
     "target, 100"),
    ({"stock": 0}, "/stock", "number-range", "stock is a whole number from 2 to 31"),
    ({"stock": 32}, "/stock", "number-range", "stock is a whole number from 2 to 31"),
    # a stock in range that the cards named do not leave: inputs that cannot go together
    ({"stock": 20}, "/stock", "incompatible-input", "stock 20 does not fit the cards named: "
     "52 cards = 11 in my hand + 10 in the opponent's + 0 in the discard pile + 31 in the stock"),
])
def test_numbers_out_of_range_are_number_range_problems(client, body, pointer, kind, detail):
    problem = post(client, {"hand": HAND} | body).get_json()
    assert problem["errors"] == [{"pointer": pointer, "detail": detail}]
    assert problem["type"] == f"urn:gin-calculator:problem:{kind}"


@pytest.mark.parametrize("extra", [{}, {"stock": 32}, {"discards": []}])
def test_ten_cards_with_an_empty_pile(client, extra):
    """Before my draw a card is face up on the pile: without it the stock would be 32."""
    problem = post(client, {"hand": "As 2s 3s 5h 6h 7h 9c 9d Kd Qc"} | extra).get_json()
    assert problem["type"].endswith(":incompatible-input")
    assert problem["errors"] == [{"pointer": "/face_up", "detail": "before my draw the top of "
                                  "the discard pile is the card I may take: give face_up or "
                                  "the discards"}]


@pytest.mark.parametrize("body, pointer, detail", [
    # who threw a card is the core's rule, told in its words whatever the value's type (was
    # marshmallow's "Not a valid string.")
    ({"discards": [{"card": "Jc", "by": 1}]}, "/discards/0/by",
     "'by' is who threw the card: me or opponent, not a number"),
    ({"discards": [{"card": "Jc", "by": ["me"]}]}, "/discards/0/by",
     "'by' is who threw the card: me or opponent, not an array"),
    # a card token too long says so, as in a hand (was "a card is one token, like 'As'")
    ({"discards": ["J" * 50]}, "/discards/0", "card token is longer than 40 characters"),
    ({"discards": [{"card": "J" * 50}]}, "/discards/0/card",
     "card token is longer than 40 characters"),
    ({"upcard": "Q" * 50, "rules": {"preset": "oklahoma"}}, "/upcard",
     "card token is longer than 40 characters"),
    ({"discards": [{"card": 5}]}, "/discards/0/card", "a card is one token, like 'As' or '10♥'"),
])
def test_a_discards_fields_are_told_plainly(client, body, pointer, detail):
    problem = post(client, {"hand": HAND} | body).get_json()
    assert problem["errors"] == [{"pointer": pointer, "detail": detail}]


def test_the_card_just_taken_is_read_echoed_and_not_ranked(client):
    hand = "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd"
    answer = client.post("/api/v1/advice", json={"hand": hand, "taken": "K♦", "samples": 50})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["position"]["taken"] == "Kd" and body["knock"]["discard"] == "4d"
    assert "Kd" not in [d["card"] for d in body["discards"]]
    assert client.post("/api/v1/advice", json={"hand": hand}).get_json()["position"]["taken"] \
        is None
    refused = client.post("/api/v1/advice", json={"hand": hand, "taken": "Qc"})
    assert refused.status_code == 422 and refused.get_json()["errors"] == [
        {"pointer": "/taken", "detail": "Qc was just taken from the pile, so it is one of my 11 "
                                        "cards, but the hand does not hold it"}]
