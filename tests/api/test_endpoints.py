"""Every endpoint, as tables: exact answers for the worked examples of docs/RULES.md, every kind of
error with its status, problem type and JSON Pointer, CORS and security headers, the batch
limit, and batch answers equal to single ones."""
from __future__ import annotations

import json
import random

import pytest

from calculator import create_app
from calculator.api import limits
from calculator.core import ALL_CARDS

PROBLEM = "application/problem+json"
URN = "urn:gin-calculator:problem:"

HAND = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"        # docs/RULES.md: deadwood 5 (5h)
DEFENDER = "4s 5s 7s Kc Kd Kh 9h 8h 2d 3d"    # lays off 4s 5s onto A-2-3, 7s onto the sevens


def run(cards):
    return {"type": "run", "cards": cards.split()}


def set_(cards):
    return {"type": "set", "cards": cards.split()}


# --- happy paths: the worked examples of docs/RULES.md, answered exactly --------------------------

ANALYZE_CASES = [
    pytest.param(
        {"hand": HAND, "outs": False},
        {"hand": "As 2s 3s 5h 7h 7d 7c Tc Jc Qc".split(), "deadwood": 5,
         "melds": [run("As 2s 3s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
         "deadwood_cards": ["5h"], "knock_limit": 10, "can_knock": True, "gin": False},
        id="melds A-2-3, 7-7-7, 10-J-Q; deadwood 5; can knock"),
    pytest.param(
        {"hand": "7s 7h 7d 8s 9s 2c 4d 6h Jc Qd", "outs": False},
        {"hand": "7s 8s 9s 6h 7h 4d 7d Qd 2c Jc".split(), "deadwood": 46,
         "melds": [run("7s 8s 9s")], "deadwood_cards": "6h 7h 4d 7d Qd 2c Jc".split(),
         "knock_limit": 10, "can_knock": False, "gin": False},
        id="7s goes to the run: deadwood 46"),
    pytest.param(
        {"hand": HAND, "rules": {"preset": "oklahoma"}, "upcard": "4c", "outs": False},
        {"hand": "As 2s 3s 5h 7h 7d 7c Tc Jc Qc".split(), "deadwood": 5,
         "melds": [run("As 2s 3s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
         "deadwood_cards": ["5h"], "knock_limit": 4, "can_knock": False, "gin": False},
        id="oklahoma upcard 4c: knock limit 4"),
    pytest.param(
        {"hand": HAND, "rules": {"preset": "straight"}, "outs": False},
        {"hand": "As 2s 3s 5h 7h 7d 7c Tc Jc Qc".split(), "deadwood": 5,
         "melds": [run("As 2s 3s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
         "deadwood_cards": ["5h"], "knock_limit": 0, "can_knock": False, "gin": False},
        id="straight gin: knock limit 0"),
    pytest.param(
        {"hand": "🂡, 2♠, ♠3, seven of clubs, 7♥, 7♦️, 10c, jc, QC, h5", "outs": False},
        {"hand": "As 2s 3s 5h 7h 7d 7c Tc Jc Qc".split(), "deadwood": 5,
         "melds": [run("As 2s 3s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
         "deadwood_cards": ["5h"], "knock_limit": 10, "can_knock": True, "gin": False},
        id="every notation reads the same hand"),
    pytest.param(
        {"hand": HAND, "known": "4s 7s"},
        {"hand": "As 2s 3s 5h 7h 7d 7c Tc Jc Qc".split(), "deadwood": 5,
         "melds": [run("As 2s 3s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
         "deadwood_cards": ["5h"], "knock_limit": 10, "can_knock": True, "gin": False,
         "outs": {"gin": ["9c", "Kc"],
                  "knock": [str(c) for c in ALL_CARDS
                            if str(c) not in HAND.split() + ["4s", "7s"]]}},
        id="outs: known cards are not drawable; a knocking hand's knock outs are all unseen"),
]


@pytest.mark.parametrize("body, expected", ANALYZE_CASES)
def test_analyze(client, body, expected):
    answer = client.post("/api/v1/analyze", json=body)
    assert answer.status_code == 200
    assert answer.mimetype == "application/json"
    assert answer.get_json() == expected


def test_analyze_eleven_cards_picks_the_discard(client):
    answer = client.post("/api/v1/analyze", json={"hand": HAND + " 4s"}).get_json()
    assert (answer["deadwood"], answer["gin"], answer["big_gin"]) == (0, True, False)
    assert answer["discard"] == "5h" and answer["best_discards"] == ["5h"]
    assert answer["melds"] == [run("As 2s 3s 4s"), set_("7h 7d 7c"), run("Tc Jc Qc")]
    assert [d["card"] for d in answer["discards"]] == "As 2s 3s 4s 5h 7h 7d 7c Tc Jc Qc".split()
    assert {d["card"]: d["deadwood"] for d in answer["discards"]}["As"] == 5
    assert "outs" not in answer


def test_analyze_big_gin(client):
    answer = client.post("/api/v1/analyze", json={"hand": "As 2s 3s 4s 7c 7h 7d Tc Jc Qc Kc"})
    answer = answer.get_json()
    assert answer["big_gin"] is True and answer["gin"] is True and answer["deadwood"] == 0


SCORE_CASES = [
    pytest.param({"knocker": {"deadwood": 5}, "defender": {"deadwood": 28}},
                 ("knock", "knocker", 23, 1, 10), id="knock: 28 - 5 = 23"),
    pytest.param({"knocker": {"deadwood": 7}, "defender": {"deadwood": 7}},
                 ("undercut", "defender", 25, 1, 10), id="tie is an undercut: 0 + 25"),
    pytest.param({"knocker": {"deadwood": 7}, "defender": {"deadwood": 7},
                  "rules": {"tie_is_undercut": False}},
                 ("knock", None, 0, 1, 10), id="tie rule off: 0, nobody wins"),
    pytest.param({"knocker": {"deadwood": 9}, "defender": {"deadwood": 3}},
                 ("undercut", "defender", 31, 1, 10), id="undercut: 9 - 3 + 25"),
    pytest.param({"knocker": {"deadwood": 0}, "defender": {"deadwood": 14}},
                 ("gin", "knocker", 39, 1, 10), id="gin: 14 + 25"),
    pytest.param({"knocker": {"deadwood": 0, "big_gin": True}, "defender": {"deadwood": 14}},
                 ("big_gin", "knocker", 45, 1, 10), id="big gin: 14 + 31"),
    pytest.param({"knocker": {"deadwood": 0, "big_gin": True}, "defender": {"deadwood": 14},
                  "rules": {"preset": "classic"}},
                 ("gin", "knocker", 34, 1, 10), id="classic: big gin scores as gin, 14 + 20"),
    pytest.param({"knocker": {"deadwood": 4}, "defender": {"deadwood": 22},
                  "rules": {"preset": "oklahoma"}, "upcard": "4c"},
                 ("knock", "knocker", 18, 1, 4), id="oklahoma 4c: limit 4"),
    pytest.param({"knocker": {"deadwood": 2}, "defender": {"deadwood": 20},
                  "rules": {"preset": "oklahoma"}, "upcard": "6s"},
                 ("knock", "knocker", 36, 2, 6), id="oklahoma 6s: limit 6, 18 doubled to 36"),
    pytest.param({"knocker": {"deadwood": 0}, "defender": {"deadwood": 10},
                  "rules": {"preset": "oklahoma"}, "upcard": "Ah"},
                 ("gin", "knocker", 35, 1, 0), id="oklahoma ace: gin only"),
    pytest.param({"knocker": {"deadwood": 1}, "defender": {"deadwood": 10},
                  "rules": {"preset": "oklahoma", "oklahoma_ace_gin_only": False},
                  "upcard": "Ah"},
                 ("knock", "knocker", 9, 1, 1), id="oklahoma ace option off: limit 1"),
    pytest.param({"outcome": "draw"}, ("draw", None, 0, 1, None), id="dead hand"),
]


@pytest.mark.parametrize("body, expected", SCORE_CASES)
def test_score(client, body, expected):
    answer = client.post("/api/v1/score", json=body)
    assert answer.status_code == 200
    got = answer.get_json()
    assert (got["outcome"], got["winner"], got["points"], got["multiplier"],
            got["knock_limit"]) == expected
    assert isinstance(got["explanation"], str) and got["explanation"].endswith(".")


def test_score_from_cards_exactly(client):
    answer = client.post("/api/v1/score", json={"knocker": {"hand": HAND},
                                                 "defender": {"hand": DEFENDER}})
    assert answer.get_json() == {
        "outcome": "knock", "winner": "knocker", "points": 17, "multiplier": 1,
        "knock_limit": 10,
        "knocker": {"melds": [run("As 2s 3s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
                    "deadwood_cards": ["5h"], "deadwood": 5, "gin": False, "big_gin": False},
        "defender": {"melds": [set_("Kh Kd Kc")],
                     "layoffs": [{"card": "4s", "meld": 0}, {"card": "5s", "meld": 0},
                                 {"card": "7s", "meld": 1}],
                     "deadwood_cards": ["8h", "9h", "2d", "3d"], "deadwood": 22},
        "explanation": "The knocker knocked with 5 deadwood against the defender's 22 after "
                       "lay-offs, so the knocker scores 22 − 5 = 17.",
        "options": [{"card": "4s", "melds": [0]}, {"card": "5s", "melds": [0]},
                    {"card": "7s", "melds": [1]}, {"card": "Kc", "melds": [2]}],
    }


def test_score_shows_a_better_spread(client):
    answer = client.post("/api/v1/score", json={
        "knocker": {"hand": "2s 3s 4s Ah 5h 6h 7h Th Jh Qh"},
        "defender": {"hand": "As 5s 6s 3h 9h 2d 7d Qd Ac Kc"}}).get_json()
    assert answer["points"] == 32
    assert answer["best_spread"] == {
        "points": 35, "outcome": "knock", "winner": "knocker",
        "melds": [run("5h 6h 7h"), run("Th Jh Qh")],
        "deadwood_cards": ["2s", "3s", "4s", "Ah"], "deadwood": 10, "discard": None}


def test_a_better_spread_of_11_cards_names_its_own_discard(client):
    """docs/RULES.md's example: throwing 3♣ lets the defender lay off, throwing 10♠ scores
    more; the answer's best spread is what the knocker acts on, so it names that discard."""
    answer = client.post("/api/v1/score", json={
        "knocker": {"hand": "7s 8s 9s Ts Kh Kd Kc Ah 2d 3c 2h"},
        "defender": {"hand": "Js Qs 4h 6h 8d Td 5c 7c Qh 4d"}}).get_json()
    assert (answer["knocker"]["discard"], answer["points"]) == ("3c", 49)
    assert answer["best_spread"]["discard"] == "Ts" and answer["best_spread"]["points"] == 66


def test_layoffs_chain_onto_both_ends_of_a_run(client):
    # docs/RULES.md: 9s and then Ts go onto 6s 7s 8s, and 5s onto its other end
    answer = client.post("/api/v1/layoffs", json={
        "knocker": {"melds": [["6s", "7s", "8s"], "Kh Kd Kc", ["2d", "3d", "4d"]],
                    "deadwood_cards": ["Ac"]},
        "defender": {"hand": "5s 9s Ts Qh Jd 8c 6h 4c 2h 9d"}})
    assert answer.status_code == 200
    assert answer.get_json() == {
        "knocker": {"melds": [run("6s 7s 8s"), set_("Kh Kd Kc"), run("2d 3d 4d")],
                    "deadwood_cards": ["Ac"], "deadwood": 1, "gin": False, "big_gin": False},
        "defender": {"melds": [],
                     "layoffs": [{"card": "9s", "meld": 0}, {"card": "Ts", "meld": 0},
                                 {"card": "5s", "meld": 0}],
                     "deadwood_cards": "2h 6h Qh 9d Jd 4c 8c".split(), "deadwood": 49},
        "options": [{"card": "5s", "melds": [0]}, {"card": "9s", "melds": [0]},
                    {"card": "Ts", "melds": [0]}],
    }


def test_nothing_is_laid_off_onto_gin(client):
    answer = client.post("/api/v1/layoffs", json={
        "knocker": {"hand": HAND + " 4s"}, "defender": {"hand": "5s 6s 7s Kc Kd Kh 9h 8h 2d 3d"}})
    got = answer.get_json()
    assert got["knocker"]["deadwood"] == 0
    assert got["knocker"]["gin"] is True and got["knocker"]["discard"] == "5h"
    assert got["defender"]["layoffs"] == [] and got["options"] == []
    assert got["defender"]["melds"] == [run("5s 6s 7s"), set_("Kh Kd Kc")]


@pytest.mark.parametrize("knocker, defender, expected", [
    pytest.param({"hand": HAND + " 4s"}, "5s 6s 7s Kc Kd Kh 9h 8h 2d 3d",
                 {"melds": [run("As 2s 3s 4s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
                  "deadwood_cards": [], "deadwood": 0, "gin": True, "big_gin": False,
                  "discard": "5h"},
                 id="11 cards, gin after discarding 5h"),
    pytest.param({"hand": HAND + " Kd"}, "4s 5s 7s Kc Ks Kh 9h 8h 2d 3d",
                 {"melds": [run("As 2s 3s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
                  "deadwood_cards": ["5h"], "deadwood": 5, "gin": False, "big_gin": False,
                  "discard": "Kd"},
                 id="11 cards, a knock after discarding Kd"),
    pytest.param({"hand": HAND}, DEFENDER,
                 {"melds": [run("As 2s 3s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
                  "deadwood_cards": ["5h"], "deadwood": 5, "gin": False, "big_gin": False},
                 id="10 cards: no discard"),
    pytest.param({"melds": [["As", "2s", "3s", "4s"], "7c 7h 7d", "Tc Jc Qc"]},
                 "5s 6s 7s Kc Kd Kh 9h 8h 2d 3d",
                 {"melds": [run("As 2s 3s 4s"), set_("7h 7d 7c"), run("Tc Jc Qc")],
                  "deadwood_cards": [], "deadwood": 0, "gin": True, "big_gin": False},
                 id="a spread of gin: no discard"),
    pytest.param({"hand": "As 2s 3s 4s 7c 7h 7d Tc Jc Qc Kc"}, "5s 6s 7s Ks Kd Kh 9h 8h 2d 3d",
                 {"melds": [run("As 2s 3s 4s"), set_("7h 7d 7c"), run("Tc Jc Qc Kc")],
                  "deadwood_cards": [], "deadwood": 0, "gin": True, "big_gin": True},
                 id="big gin: all 11 meld, nothing discarded"),
])
def test_layoffs_knocker_says_gin_and_the_discard(client, knocker, defender, expected):
    answer = client.post("/api/v1/layoffs", json={"knocker": knocker,
                                                   "defender": {"hand": defender}})
    assert answer.status_code == 200
    assert answer.get_json()["knocker"] == expected


def test_games_sheet(client):
    answer = client.post("/api/v1/games", json={
        "players": ["Ann", "Bob"],
        "hands": [{"knocked_by": "Ann", "knocker": {"deadwood": 5}, "defender": {"deadwood": 28}},
                  {"outcome": "draw"},
                  {"winner": "Bob", "points": 80},
                  {"knocked_by": "Bob", "knocker": {"hand": HAND},
                   "defender": {"hand": DEFENDER}}]})
    assert answer.status_code == 200
    sheet = answer.get_json()
    assert [row["totals"] for row in sheet["hands"]] == [
        [{"Ann": 23, "Bob": 0}], [{"Ann": 23, "Bob": 0}], [{"Ann": 23, "Bob": 80}],
        [{"Ann": 23, "Bob": 97}]]
    assert [row["result"].get("outcome") for row in sheet["hands"]] == [
        "knock", "draw", None, "knock"]
    assert sheet["hands"][2]["result"] == {"winner": "Bob", "points": 80}
    (game,) = sheet["games"]
    assert game == {"totals": {"Ann": 23, "Bob": 97}, "hands_won": {"Ann": 1, "Bob": 2},
                    "finished": False, "winner": None,
                    "bonuses": {"game": {"Ann": 0, "Bob": 0}, "box": {"Ann": 0, "Bob": 0},
                                "shutout": {"Ann": 0, "Bob": 0}},
                    "final": {"Ann": 23, "Bob": 97}, "margin": None}
    assert sheet["finished"] is False and sheet["winner"] is None


def test_games_shutout_bonus(client):
    sheet = client.post("/api/v1/games", json={
        "players": ["Ann", "Bob"], "hands": [{"winner": "Ann", "points": 100}]}).get_json()
    (game,) = sheet["games"]
    assert game["bonuses"] == {"game": {"Ann": 100, "Bob": 0}, "box": {"Ann": 25, "Bob": 0},
                               "shutout": {"Ann": 100, "Bob": 0}}
    assert game["final"] == {"Ann": 325, "Bob": 0} and game["margin"] == 325
    assert sheet["finished"] is True and sheet["winner"] == "Ann"


PRESETS = {  # docs/RULES.md's presets table
    "standard": (10, 25, 31, 25, 100, 100, 25, "game_bonus_doubled", False, "single"),
    "classic": (10, 20, None, 10, 100, 100, 20, "game_bonus_doubled", False, "single"),
    "oklahoma": (None, 25, 31, 25, 150, 100, 25, "game_bonus_doubled", True, "single"),  # upcard
    "straight": (0, 25, 31, 25, 100, 100, 25, "game_bonus_doubled", False, "single"),
    "hollywood": (10, 25, 31, 25, 100, 100, 25, "game_bonus_doubled", False, "hollywood"),
}
KEYS = ("knock_limit", "gin_bonus", "big_gin_bonus", "undercut_bonus", "target", "game_bonus",
        "box_bonus", "shutout", "oklahoma", "format")


def test_rules_reference(client):
    answer = client.get("/api/v1/rules")
    assert answer.status_code == 200
    reference = answer.get_json()
    assert {name: tuple(values[key] for key in KEYS)
            for name, values in reference["presets"].items()} == PRESETS
    assert reference["options"]["knock_limit"]["default"] == 10
    assert reference["options"]["big_gin_bonus"]["default"] == 31
    assert set(reference["options"]) == {"preset", *KEYS, "tie_is_undercut",
                                         "oklahoma_ace_gin_only", "oklahoma_spade_double"}
    assert reference["limits"]["max_batch_hands"] == limits.MAX_BATCH_HANDS
    assert reference["limits"]["max_body_bytes"] == limits.MAX_BODY_BYTES


def test_rules_reference_reports_the_configured_body_limit():
    small = create_app({"MAX_CONTENT_LENGTH": 1000}).test_client()
    assert small.get("/api/v1/rules").get_json()["limits"]["max_body_bytes"] == 1000


def test_healthz(client):
    answer = client.get("/healthz")
    assert answer.status_code == 200 and answer.get_json() == {"status": "ok"}


# --- errors: status, problem type and the exact pointer -------------------------------------------

ERROR_CASES = [
    # (path, body, problem kind, pointers, words the first detail must contain)
    pytest.param("/api/v1/analyze",
                 {"hand": ["As", "2s", "3s", "Qx", "7h", "7d", "Tc", "Jc", "Qc", "5h"]},
                 "invalid-card", ["/hand/3"], ["token 4", "'Qx'", "unknown suit"],
                 id="bad token in an array"),
    pytest.param("/api/v1/analyze", {"hand": "As 2s 3s Qx 7h 7d Tc Jc Qc 5h"},
                 "invalid-card", ["/hand/3"], ["token 4", "'Qx'"], id="bad token in a string"),
    pytest.param("/api/v1/analyze", {"hand": "As,2s;3s  Qx 7h 7d Tc Jc Qc 5h"},
                 "invalid-card", ["/hand/3"], ["'Qx'"], id="bad token after mixed separators"),
    pytest.param("/api/v1/analyze", {"hand": "As 2s 3s 7c Xh 7d Tc Jc Qc Zh"},
                 "invalid-card", ["/hand/4", "/hand/9"], ["'Xh'"], id="every bad token at once"),
    pytest.param("/api/v1/analyze", {"hand": "🂬 2s 3s 7c 7h 7d Tc Jc Qc 5h"},
                 "invalid-card", ["/hand/0"], ["knights"], id="a knight is not a card"),
    pytest.param("/api/v1/analyze", {"hand": "As 2s 3s 7c 7h A♠ Tc Jc Qc 5h"},
                 "duplicate-card", ["/hand/5"],
                 ["As", "'A♠'", "token 6", "already given as token 1"],
                 id="duplicate written two ways, at the second occurrence"),
    pytest.param("/api/v1/analyze", {"hand": ["As", "2s", "3s", "7c", "7h", "7d", "Tc", "Jc",
                                               "Qc", "ace of spades"]},
                 "duplicate-card", ["/hand/9"], ["already given as token 1"],
                 id="duplicate in words"),
    pytest.param("/api/v1/analyze", {"hand": "As 2s 3s 7c 7h 7d Tc Jc Qc"},
                 "hand-size", ["/hand"], ["9 cards", "10 or 11"], id="nine cards"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "known": ["4s", "3s"]},
                 "card-in-two-places", ["/known/1"], ["3s"], id="known card in the hand"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "rules": {"knock_limit": 11}},
                 "invalid-rule", ["/rules/knock_limit"], ["between 0 and 10"],
                 id="bad rule value"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "rules": {"knock_limt": 5}},
                 "invalid-rule", ["/rules/knock_limt"], ["unknown rule option 'knock_limt'"],
                 id="unknown rule option"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "rules": {"preset": "vegas"}},
                 "invalid-rule", ["/rules/preset"], ["unknown preset"], id="unknown preset"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "rules": {"preset": ["oklahoma"]}},
                 "invalid-rule", ["/rules/preset"],
                 ["unknown preset: a preset is a name", "not an array"], id="preset not a string"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "rules": {"knock_limit": 10.0}},
                 "invalid-rule", ["/rules/knock_limit"], ["whole number, not 10.0"],
                 id="a whole number written with a point"),
    pytest.param("/api/v1/analyze", {"hand": None}, "invalid-input", ["/hand"],
                 ["'hand' may not be null"], id="null for a field"),
    pytest.param("/api/v1/score", {"knocker": None, "defender": {"hand": HAND}},
                 "invalid-input", ["/knocker"], ["'knocker' may not be null"],
                 id="null for an object"),
    pytest.param("/api/v1/analyze/batch", {"hands": [HAND, None]}, "invalid-input",
                 ["/hands/1"], ["an item may not be null"], id="null for an item"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "rules": {"shutout": "triple"}},
                 "invalid-rule", ["/rules/shutout"], ["game_bonus_doubled"], id="bad choice"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "rules": {"oklahoma": True, "knock_limit": 5},
                                      "upcard": "4c"},
                 "invalid-rule", ["/rules/knock_limit"], ["oklahoma"],
                 id="knock limit with oklahoma"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "rules": {"preset": "oklahoma"}},
                 "invalid-rule", ["/upcard"], ["upcard"], id="oklahoma without upcard"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "upcard": "Zz"},
                 "invalid-card", ["/upcard"], ["'Zz'"], id="bad upcard"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "outs": "yes"},
                 "invalid-input", ["/outs"], ["true or false"], id="outs not a boolean"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "extra": 1},
                 "invalid-input", ["/extra"], ["unknown field 'extra'"], id="unknown field"),
    pytest.param("/api/v1/analyze", {}, "invalid-input", ["/hand"], ["required"],
                 id="missing hand"),
    pytest.param("/api/v1/analyze", ["As"], "invalid-input", [""], ["JSON object"],
                 id="body not an object"),
    pytest.param("/api/v1/analyze/batch", {"hands": [HAND, "As 2s 3s 7c Xh 7d Tc Jc Qc 5h"]},
                 "invalid-card", ["/hands/1/4"], ["'Xh'"], id="batch: bad token in hand 2"),
    pytest.param("/api/v1/analyze/batch", {"hands": []}, "invalid-input", ["/hands"],
                 ["has 0 items; from 1 to 10000 allowed"], id="batch: no hands"),
    pytest.param("/api/v1/analyze/batch", {"hands": [HAND], "rules": {"preset": "oklahoma"}},
                 "invalid-rule", ["/upcard"], ["upcard"], id="batch: oklahoma without upcard"),
    pytest.param("/api/v1/layoffs", {"knocker": {"hand": HAND},
                                      "defender": {"hand": "4s 5s 7s Kc Kd Kh 9h 5h 2d 3d"}},
                 "card-in-two-places", ["/defender/hand/7"], ["5h", "knocker", "token 10"],
                 id="card in both hands"),
    pytest.param("/api/v1/layoffs", {"knocker": {"hand": HAND}, "defender": {"hand": DEFENDER},
                                      "rules": {"preset": "oklahoma"}, "upcard": "4c"},
                 "illegal-knock", ["/knocker"], ["deadwood 5", "knock limit 4"],
                 id="illegal knock: deadwood 5 above limit 4"),
    pytest.param("/api/v1/layoffs", {"knocker": {"hand": HAND}, "defender": {"hand": DEFENDER},
                                      "rules": {"preset": "straight"}},
                 "illegal-knock", ["/knocker"], ["only gin"], id="illegal knock: straight gin"),
    pytest.param("/api/v1/layoffs", {"knocker": {"melds": [["As", "2s", "4s"], ["7c", "7h", "7d"],
                                                           ["Tc", "Jc", "Qc"]],
                                                 "deadwood_cards": ["5h"]},
                                      "defender": {"hand": DEFENDER}},
                 "invalid-meld", ["/knocker/melds/0"], ["not a meld"], id="declared non-meld"),
    pytest.param("/api/v1/layoffs", {"knocker": {"melds": [["As", "2s", "3s"]]},
                                      "defender": {"hand": DEFENDER}},
                 "hand-size", ["/knocker"], ["spread has 3 cards"], id="spread too small"),
    pytest.param("/api/v1/layoffs", {"knocker": {"hand": HAND},
                                      "defender": {"hand": "4s 5s 7s Kc Kd Kh 9h 8h 2d"}},
                 "hand-size", ["/defender/hand"], ["9 cards", "expected 10"],
                 id="defender with 9 cards"),
    pytest.param("/api/v1/layoffs", {"knocker": {"deadwood": 5}, "defender": {"hand": DEFENDER}},
                 "invalid-input", ["/knocker"], ["'hand', 'melds'"], id="layoffs need cards"),
    pytest.param("/api/v1/score", {"knocker": {"deadwood": 11}, "defender": {"deadwood": 20}},
                 "illegal-knock", ["/knocker/deadwood"], ["above the knock limit 10"],
                 id="illegal knock from counts"),
    pytest.param("/api/v1/score", {"knocker": {"deadwood": 4}, "defender": {"hand": DEFENDER}},
                 "incompatible-input", ["/defender/hand"], ["knocker's cards"],
                 id="counts against cards"),
    pytest.param("/api/v1/score", {"knocker": {"deadwood": 3, "gin": True},
                                    "defender": {"deadwood": 20}},
                 "incompatible-input", ["/knocker/gin"], ["0 deadwood"], id="gin with deadwood"),
    pytest.param("/api/v1/score", {"knocker": {"deadwood": 101}, "defender": {"deadwood": 20}},
                 "number-range", ["/knocker/deadwood"], ["from 0 to 98"], id="count out of range"),
    pytest.param("/api/v1/score", {"knocker": {"deadwood": 3}, "defender": {"deadwood": 99}},
                 "number-range", ["/defender/deadwood"], ["from 0 to 98"],
                 id="defender above the most a hand holds"),
    pytest.param("/api/v1/score", {"knocker": {"deadwood": 3}},
                 "invalid-input", ["/defender"], ["required"], id="missing defender"),
    pytest.param("/api/v1/score", {"outcome": "draw", "knocker": {"deadwood": 3}},
                 "invalid-input", ["/knocker"], ["draw"], id="draw with a knocker"),
    pytest.param("/api/v1/score", {"outcome": "knock"},
                 "invalid-input", ["/outcome"], [], id="outcome other than draw"),
    pytest.param("/api/v1/games", {"players": ["Ann", "Bob"],
                                    "hands": [{"winner": "Ann", "points": 100},
                                              {"winner": "Bob", "points": 30}]},
                 "game", ["/hands/1"], ["ended at hand 1", "hand 2"], id="hand after the game"),
    pytest.param("/api/v1/games", {"players": ["Ann", "Bob"], "hands": [
                     {"winner": "Ann", "points": 1}, {"outcome": "draw"},
                     {"winner": "Bob", "points": 1}, {"winner": "Ann", "points": 1},
                     {"knocked_by": "Bob", "knocker": {"hand": "As 2s Xs 7c 7h 7d Tc Jc Qc 5h"},
                      "defender": {"deadwood": 20}}]},
                 "invalid-card", ["/hands/4/knocker/hand/2"], ["'Xs'"],
                 id="bad card inside the ledger"),
    pytest.param("/api/v1/games", {"players": ["Ann", " Ann "]},
                 "game", ["/players/1"], ["different names"], id="one name twice"),
    pytest.param("/api/v1/games", {"players": ["A" * 41, "Bob"]},
                 "player-name", ["/players/0"], ["1 to 40"], id="name too long"),
    pytest.param("/api/v1/games", {"players": ["Ann", "Bob"],
                                    "hands": [{"winner": "Ann", "points": 1}] * 501},
                 "invalid-input", ["/hands"], ["has 501 items; from 0 to 500 allowed"],
                 id="ledger over 500 hands"),
    pytest.param("/api/v1/games", {"players": ["Ann", "Bob"], "rules": {"preset": "oklahoma"},
                                    "hands": [{"knocked_by": "Ann", "knocker": {"deadwood": 2},
                                               "defender": {"deadwood": 9}}]},
                 "invalid-rule", ["/hands/0/upcard"], ["upcard"],
                 id="oklahoma ledger entry without upcard"),
    # a declared spread's places are the caller's own, not the canonical order's
    pytest.param("/api/v1/layoffs",
                 {"knocker": {"melds": [["3s", "2s", "As"], ["Ah", "As", "Ad"]],
                              "deadwood_cards": ["5h", "6h", "7h", "8c"]},
                  "defender": {"hand": "4s 5s Ks Kd Kc 9h 8h 2d 3d 6d"}},
                 "duplicate-card", ["/knocker/melds/1/1"], ["As", "meld 1"],
                 id="a card twice in a spread, at its place as given"),
    pytest.param("/api/v1/score",
                 {"knocker": {"melds": [["3s", "2s", "As"], ["7h", "7c", "7d"]],
                              "deadwood_cards": ["Kh", "Qh", "As", "Jh"]},
                  "defender": {"hand": DEFENDER}},
                 "duplicate-card", ["/knocker/deadwood_cards/2"], ["As"],
                 id="a meld's card again among the deadwood, at its place as given"),
    pytest.param("/api/v1/games",
                 {"players": ["Ann", "Bob"],
                  "hands": [{"knocked_by": "Ann",
                             "knocker": {"melds": [["3s", "2s", "As"], ["7h", "7c", "7d"]],
                                         "deadwood_cards": ["Kh", "Qh", "As", "Jh"]},
                             "defender": {"hand": DEFENDER}}]},
                 "duplicate-card", ["/hands/0/knocker/deadwood_cards/2"], ["As"],
                 id="a ledger spread's duplicate, at its place as given"),
    pytest.param("/api/v1/score",
                 {"knocker": {"melds": [["As", "2s", "Xs"], ["7c", "7h", "Qq"],
                                        ["Tc", "Jc", "Qc"]], "deadwood_cards": ["Zh"]},
                  "defender": {"hand": "4s 5s 7s Kc Kd Kh 9h 8h 2d Yd"}},
                 "invalid-card", ["/knocker/melds/0/2", "/knocker/melds/1/2",
                                  "/knocker/deadwood_cards/0", "/defender/hand/9"], ["'Xs'"],
                 id="every slip of a declared spread and the defender at once"),
    pytest.param("/api/v1/score",
                 {"knocker": {"melds": [["As", "2s", "4s"], ["7c", "7h", "Qq"],
                                        ["Tc", "Jc", "Qc"]], "deadwood_cards": ["5h"]},
                  "defender": {"hand": DEFENDER}},
                 "invalid-input", ["/knocker/melds/0", "/knocker/melds/1/2"],
                 ["not a meld"], id="a non-meld and a bad token of another meld at once"),
    # a body key called `_schema` is a key like any other, not marshmallow's own messages
    pytest.param("/api/v1/score", {"knocker": {"deadwood": 5, "_schema": 1},
                                   "defender": {"deadwood": 20}},
                 "invalid-input", ["/knocker/_schema"], ["unknown field '_schema'"],
                 id="an unknown key named _schema, nested"),
    pytest.param("/api/v1/analyze", {"hand": HAND, "_schema": 1, "outs": 3},
                 "invalid-input", ["/_schema", "/outs"], ["unknown field '_schema'"],
                 id="an unknown key named _schema beside another error"),
    pytest.param("/api/v1/score", {"outcome": "draw", "upcard": "Zz"},
                 "invalid-card", ["/upcard"], ["'Zz'"], id="a draw's upcard is read"),
    pytest.param("/api/v1/score", {"outcome": "Draw"},
                 "invalid-input", ["/outcome"], ["'Draw' is not one of: draw"],
                 id="a word from a list quotes what was sent"),
    pytest.param("/api/v1/analyze/batch", {"hands": [HAND], "detail": "Summary"},
                 "invalid-input", ["/detail"], ["'Summary' is not one of: full, best, summary"],
                 id="a batch's detail quotes what was sent"),
]


@pytest.mark.parametrize("path, body, kind, pointers, words", ERROR_CASES)
def test_errors(client, path, body, kind, pointers, words):
    answer = client.post(path, json=body)
    assert answer.status_code == 422
    assert answer.mimetype == PROBLEM
    problem = answer.get_json()
    assert set(problem) == {"type", "title", "status", "detail", "errors"}
    assert problem["type"] == URN + kind
    assert problem["status"] == 422
    assert [error["pointer"] for error in problem["errors"]] == pointers
    for word in words:
        assert word in problem["errors"][0]["detail"]
    if len(pointers) == 1:
        assert problem["detail"] == problem["errors"][0]["detail"]
    else:
        assert problem["detail"].startswith(f"{len(pointers)} errors: {pointers[0]}: ")


def test_an_unknown_key_named_schema_among_many_is_counted_and_named(client):
    answer = client.post("/api/v1/analyze",
                         json={"hand": HAND, "_schema": 1, **{f"k{i}": 1 for i in range(60)}})
    errors = answer.get_json()["errors"]
    assert errors[0] == {"pointer": "", "detail": "61 unknown fields; the first 49 are listed"}
    assert errors[1] == {"pointer": "/_schema", "detail": "unknown field '_schema'"}
    assert len(errors) == 50


def test_detail_is_the_one_errors_text(client):
    problem = client.post("/api/v1/analyze", json={"hand": "As 2s 3s Qx 7h 7d Tc Jc Qc 5h"})
    assert problem.get_json()["detail"] == "unknown suit 'x' in token 4 'Qx'"


@pytest.mark.parametrize("hand, detail", [
    pytest.param("As 2s 3s Qx 7h 7d Tc Jc Qc A♠",
                 "2 errors: /hand/3: unknown suit 'x' in token 4 'Qx'; /hand/9: duplicate card "
                 "As ('A♠') in token 10: already given as token 1", id="two"),
    pytest.param("Xs 2s 3s Qx 7h 7d Tc Zc Qc 5h",
                 "3 errors: /hand/0: unknown rank 'X' in token 1 'Xs'; /hand/3: unknown suit 'x' "
                 "in token 4 'Qx'; /hand/7: unknown rank 'Z' in token 8 'Zc'", id="three"),
    pytest.param("Xs 2s 3s Qx 7h 7d Tc Zc Qc 5y",
                 "4 errors: /hand/0: unknown rank 'X' in token 1 'Xs'; /hand/3: unknown suit 'x' "
                 "in token 4 'Qx'; /hand/7: unknown rank 'Z' in token 8 'Zc'; and 1 more",
                 id="four: the first three and how many more"),
])
def test_detail_counts_several_errors(client, hand, detail):
    problem = client.post("/api/v1/analyze", json={"hand": hand}).get_json()
    assert problem["detail"] == detail
    assert len(problem["errors"]) == int(detail.split()[0])


def test_detail_names_errors_of_several_fields(client):
    problem = client.post("/api/v1/score", json={"outcome": "draw", "knocker": {"deadwood": 3},
                                                  "defender": {"deadwood": 4}}).get_json()
    assert problem["detail"] == ("2 errors: /knocker: a draw has no knocker or defender; "
                                 "/defender: a draw has no knocker or defender")


def test_reading_a_list_of_cards_stops_after_50_errors(client):
    hand = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"
    answer = client.post("/api/v1/analyze", json={"hand": hand, "known": ["Xs"] * 52})
    assert answer.status_code == 422
    problem = answer.get_json()
    # the note that reading stopped comes first, then the 50 bad tokens read before it stopped
    assert [e["pointer"] for e in problem["errors"]] == (
        ["/known"] + [f"/known/{i}" for i in range(49)])
    assert problem["detail"] == (
        "51 errors: /known: reading stopped after 50 errors; the last 2 items were not read; "
        "/known/0: unknown rank 'X' in token 1 'Xs'; /known/1: unknown rank 'X' in token 2 "
        "'Xs'; and 48 more (the first 50 are listed)")


@pytest.mark.parametrize("hand", [["Xs"] * 60, ["As"] * 60, " ".join(["As"] * 60)],
                         ids=["bad", "copies", "string"])
def test_a_hand_of_too_many_tokens_is_told_its_size_once(client, hand):
    """The count comes before the cards: 60 copies of 'As' is one error, not 50 duplicates."""
    problem = client.post("/api/v1/analyze", json={"hand": hand}).get_json()
    assert problem["errors"] == [{"pointer": "/hand",
                                  "detail": "hand has 60 cards; expected 10 or 11"}]


def test_a_batch_of_many_bad_hands_lists_50_errors(client):
    answer = client.post("/api/v1/analyze/batch", json={"hands": ["As 2s 3s 7c 7h 7d Tc Jc Qc Xh"] * 60})
    assert answer.status_code == 422
    problem = answer.get_json()
    # the note that reading stopped comes first, then the bad hands read before it stopped
    assert [e["pointer"] for e in problem["errors"]] == (
        ["/hands"] + [f"/hands/{i}/9" for i in range(49)])
    bad = "unknown rank 'X' in token 10 'Xh'"
    count, _, listed = problem["detail"].partition(" errors: ")
    assert int(count) == 51
    assert listed.startswith("/hands: reading stopped after 50 errors; the last 10 items were "
                             f"not read; /hands/0/9: {bad}; /hands/1/9: {bad}; and ")


def test_a_batch_of_many_bad_hands_says_its_errors_were_cut(client):
    problem = client.post("/api/v1/analyze/batch",
                          json={"hands": ["As 2s 3s 7c 7h 7d Tc Jc Qc Xh"] * 60}).get_json()
    assert problem["detail"].endswith(" (the first 50 are listed)")
    assert problem["errors"][0] == {"pointer": "/hands",
                                    "detail": "reading stopped after 50 errors; the last "
                                              "10 items were not read"}


def test_exactly_50_errors_are_all_listed(client):
    problem = client.post("/api/v1/analyze/batch",
                          json={"hands": ["As 2s 3s 7c 7h 7d Tc Jc Qc Xh"] * 50}).get_json()
    assert len(problem["errors"]) == 50
    assert problem["detail"].endswith("; and 47 more")


def problem_of(answer, status):
    assert answer.status_code == status
    assert answer.mimetype == PROBLEM
    problem = answer.get_json()
    assert problem["status"] == status and problem["type"] == "about:blank"
    assert set(problem) == {"type", "title", "status", "detail", "errors"}
    assert problem["errors"] and problem["errors"][0]["pointer"] == ""
    return problem


@pytest.mark.parametrize("data, content_type, status, words", [
    pytest.param(b'{"hand": ', "application/json", 400, "malformed JSON", id="malformed"),
    pytest.param(b"", "application/json", 400, "malformed JSON", id="empty body"),
    pytest.param(b'{"hand": "A\xff"}', "application/json", 400, "not valid UTF-8",
                 id="invalid UTF-8"),
    pytest.param(b'{"hand": "As"}', "text/plain", 415, "Content-Type: application/json",
                 id="text/plain"),
    pytest.param(b'{"hand": "As"}', None, 415, "Content-Type", id="no content type"),
    pytest.param(b'hand=As', "application/x-www-form-urlencoded", 415, "JSON", id="a form"),
])
def test_bodies_that_are_not_json(client, data, content_type, status, words):
    kwargs = {"content_type": content_type} if content_type else {}
    problem = problem_of(client.post("/api/v1/analyze", data=data, **kwargs), status)
    assert words in problem["detail"]


@pytest.mark.parametrize("raw, pointer, token", [
    pytest.param(rb'{"hand": "\ud800s 2s 3s 7c 7h 7d Tc Jc Qc 5h"}', "/hand/0", "\ud800s",
                 id="in a hand string"),
    pytest.param(rb'{"hand": ["As", "2s", "3s", "7c", "\udfffh", "7d", "Tc", "Jc", "Qc", "5h"]}',
                 "/hand/4", "\udfffh", id="in a hand array"),
])
def test_a_lone_surrogate_is_echoed_with_ascii_escapes(client, raw, pointer, token):
    # JSON text may hold a lone surrogate, which UTF-8 cannot: the answer quoting it is written
    # with ASCII escapes (the same JSON value), not a 500
    answer = client.post("/api/v1/analyze", data=raw, content_type="application/json")
    assert answer.status_code == 422
    assert answer.mimetype == PROBLEM
    data = answer.get_data()
    assert data.isascii()
    assert b"'" + token.encode("unicode_escape") + b"'" in data
    problem = json.loads(data)
    assert problem["type"] == URN + "invalid-card"
    assert problem["errors"][0]["pointer"] == pointer
    assert f"'{token}'" in problem["detail"] and problem["detail"] == problem["errors"][0]["detail"]


def test_a_surrogate_pair_is_a_character(client):
    # U+1F0A1, the ace of spades, written as its surrogate pair
    raw = rb'{"hand": "\ud83c\udca1 2s 3s 7c 7h 7d Tc Jc Qc 5h", "outs": false}'
    answer = client.post("/api/v1/analyze", data=raw, content_type="application/json")
    assert answer.status_code == 200
    assert answer.get_json()["melds"][0] == run("As 2s 3s")


def test_a_lone_surrogate_in_a_name_is_refused_and_the_answer_stays_ascii(client):
    raw = rb'{"players": ["\ud800", "Bob"], "hands": [{"winner": "\ud800", "points": 10}]}'
    answer = client.post("/api/v1/games", data=raw, content_type="application/json")
    assert answer.status_code == 422
    assert answer.get_data().isascii()
    problem = json.loads(answer.get_data())
    assert problem["errors"][0]["pointer"] == "/players/0"
    assert "U+D800" in problem["errors"][0]["detail"]


def test_a_json_suffix_type_is_json(client):
    answer = client.post("/api/v1/analyze", data=b'{"hand": "%s"}' % HAND.encode(),
                         content_type="application/vnd.example+json")
    assert answer.status_code == 200


def test_body_over_the_limit():
    small = create_app({"MAX_CONTENT_LENGTH": 1000}).test_client()
    assert small.post("/api/v1/analyze", json={"hand": HAND}).status_code == 200
    problem_of(small.post("/api/v1/analyze/batch", json={"hands": [HAND] * 40}), 413)


@pytest.mark.parametrize("path", ["/api/v1/nope", "/api/v2/analyze", "/nope",
                                  "/api/v1//rules"])  # not merged into /api/v1/rules
def test_not_found(client, path):
    problem = problem_of(client.get(path), 404)
    assert problem["errors"][0]["detail"].startswith(f"GET {path}: ")


def test_a_double_slash_in_a_post_is_not_found_not_redirected(client):
    problem_of(client.post("/api/v1//analyze", json={"hand": HAND}), 404)


def test_a_long_path_not_found_is_cut_in_the_answer(client):
    problem = problem_of(client.get("/api/v1/" + "a" * 100_000), 404)
    detail = problem["errors"][0]["detail"]
    assert detail.startswith("GET /api/v1/aaa") and "(100,008 characters)" in detail
    assert len(detail) < 300


@pytest.mark.parametrize("method, path, allow", [
    ("get", "/api/v1/analyze", {"POST", "OPTIONS"}),
    ("put", "/api/v1/score", {"POST", "OPTIONS"}),
    ("delete", "/api/v1/games", {"POST", "OPTIONS"}),
    ("post", "/api/v1/rules", {"GET", "HEAD", "OPTIONS"}),
    ("post", "/healthz", {"GET", "HEAD", "OPTIONS"}),
])
def test_method_not_allowed(client, method, path, allow):
    answer = client.open(path, method=method.upper())
    problem_of(answer, 405)
    assert {m.strip() for m in answer.headers["Allow"].split(",")} == allow


# --- batch: the limit, and the same answers as one at a time -------------------------------------

def test_batch_of_10000_hands_is_answered(client):
    answer = client.post("/api/v1/analyze/batch",
                         json={"hands": [HAND] * limits.MAX_BATCH_HANDS})
    assert answer.status_code == 200
    results = answer.get_json()["results"]
    assert len(results) == 10_000 and results[-1]["deadwood"] == 5


def test_batch_of_10001_hands_is_refused_at_hands(client):
    answer = client.post("/api/v1/analyze/batch",
                         json={"hands": [HAND] * (limits.MAX_BATCH_HANDS + 1)})
    assert answer.status_code == 422
    assert [e["pointer"] for e in answer.get_json()["errors"]] == ["/hands"]


@pytest.mark.parametrize("path, body, detail", [
    pytest.param("/api/v1/analyze/batch", {"hands": ["x"] * (limits.MAX_BATCH_HANDS + 1)},
                 "has 10001 items; from 1 to 10000 allowed", id="batch of 10,001 bad hands"),
    pytest.param("/api/v1/games", {"players": ["Ann", "Bob"],
                                   "hands": [{"winner": "Cy", "points": -1}] * 501},
                 "has 501 items; from 0 to 500 allowed", id="ledger of 501 bad entries"),
])
def test_an_over_long_list_is_one_error_before_its_items_are_read(client, path, body, detail):
    answer = client.post(path, json=body)
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["errors"] == [{"pointer": "/hands", "detail": detail}]
    assert problem["detail"] == detail and problem["type"] == URN + "invalid-input"


def sample_hands(count, seed=7):
    rng = random.Random(seed)
    hands = []
    for i in range(count):
        cards = rng.sample(ALL_CARDS, 10 + i % 2)
        hands.append(" ".join(map(str, cards)) if i % 3 else [str(c) for c in cards])
    return hands + [HAND, HAND + " 4s", "7s 7h 7d 8s 9s 2c 4d 6h Jc Qd",
                    "As 2s 3s 4s 7c 7h 7d Tc Jc Qc Kc"]


@pytest.mark.parametrize("extra", [
    {},
    {"rules": {"preset": "straight"}},
    {"rules": {"preset": "oklahoma"}, "upcard": "7d"},
    {"rules": {"knock_limit": 3}},
])
def test_batch_equals_single_analyze_without_outs(client, extra):
    hands = sample_hands(60)
    batch = client.post("/api/v1/analyze/batch", json={"hands": hands, **extra})
    assert batch.status_code == 200
    singles = [client.post("/api/v1/analyze", json={"hand": hand, "outs": False, **extra})
               .get_json() for hand in hands]
    assert batch.get_json()["results"] == singles


def test_batch_with_outs_equals_single_analyze(client):
    hands = sample_hands(12, seed=11)
    batch = client.post("/api/v1/analyze/batch", json={"hands": hands, "outs": True})
    singles = [client.post("/api/v1/analyze", json={"hand": hand}).get_json() for hand in hands]
    assert batch.get_json()["results"] == singles
    assert all("outs" in result for result in singles if len(result["hand"]) == 10)


def test_a_fault_outside_the_body_is_placed_at_the_request_line(client):
    """A query that cannot be read is not 'the body'; a detail that says 'the body' is not
    prefixed with it twice."""
    answer = client.get("/evening.csv?g=not-a-sheet")
    assert answer.status_code == 400
    [error] = answer.get_json()["errors"]
    assert error["pointer"] == "" and error["detail"].startswith("GET /evening.csv: ")
    answer = client.post("/api/v1/analyze", data=b'{"hand": "\xff"}',
                         content_type="application/json")
    assert answer.get_json()["errors"][0]["detail"] == "the body is not valid UTF-8 (byte 10)"


@pytest.mark.parametrize("length, words", [(40, "not a card"),
                                           (41, "card token is longer than 40 characters")])
def test_a_card_token_at_the_longest_length_is_read_one_past_it_is_refused(client, length,
                                                                           words):
    answer = client.post("/api/v1/analyze", json={"hand": "As 2s 3s 7c 7h 7d Tc Jc Qc 5h",
                                                 "upcard": "x" * length})
    assert answer.status_code == 422
    (error,) = answer.get_json()["errors"]
    assert error["pointer"] == "/upcard" and words in error["detail"]


def test_a_hand_of_the_most_tokens_is_not_told_it_has_too_many(client):
    """A body failing elsewhere goes through the full pass, which must take what the quick
    pass takes: 60 tokens, the most, are not 'too many'."""
    from calculator.api.limits import MAX_TOKENS

    answer = client.post("/api/v1/analyze", json={"hand": ["As"] * MAX_TOKENS, "rules": 5})
    pointers = [error["pointer"] for error in answer.get_json()["errors"]]
    assert "/rules" in pointers and not any("tokens; at most" in error["detail"]
                                            for error in answer.get_json()["errors"])


@pytest.mark.parametrize("length", [40, 41])
def test_an_unknown_key_past_any_fields_length_is_not_repeated_in_its_pointer(client, length):
    """A key longer than any field name could be is told once, cut, at the body; one of
    that length is named in its own pointer."""
    answer = client.post("/api/v1/analyze", json={"hand": "As 2s 3s 7c 7h 7d Tc Jc Qc 5h",
                                                 "k" * length: 1})
    (error,) = answer.get_json()["errors"]
    assert error["detail"].startswith("unknown field 'kkkk")
    assert error["pointer"] == ("" if length > 40 else "/" + "k" * length)
