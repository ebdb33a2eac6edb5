"""Game sheets: totals, boxes, game and shutout bonuses, Hollywood and Oklahoma.

Expected sheets are worked out by hand from docs/RULES.md, not taken from the engine.
"""
import pytest

from calculator import create_app
from calculator.core import CalculatorError, GameError, PlayerNameError, Rules
from calculator.core.game import DrawEntry, ScoredEntry, TableEntry, play_ledger, player_name


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def post(client, body):
    return client.post("/api/v1/games", json=body)


def won(name, points):
    return {"winner": name, "points": points}


def counts(knocked_by, knocker, defender, **flags):
    return {"knocked_by": knocked_by, "knocker": {"deadwood": knocker, **flags},
            "defender": {"deadwood": defender}}


# --- one game -------------------------------------------------------------------------------

SHUTOUT_CASES = [
    # (shutout option, shutout bonus, Ann's final): Ann 110 in two hands, Bob 0
    ("game_bonus_doubled", 100, 110 + 100 + 50 + 100),
    ("total_doubled", 110 + 100 + 50, 2 * (110 + 100 + 50)),
    ("none", 0, 110 + 100 + 50),
]


@pytest.mark.parametrize("option, shutout, final", SHUTOUT_CASES)
def test_shutout_options(client, option, shutout, final):
    body = {"players": ["Ann", "Bob"], "rules": {"shutout": option},
            "hands": [won("Ann", 60), won("Ann", 50)]}
    game = post(client, body).get_json()["games"][0]
    assert game["finished"] and game["winner"] == "Ann"
    assert game["bonuses"] == {"game": {"Ann": 100, "Bob": 0}, "box": {"Ann": 50, "Bob": 0},
                               "shutout": {"Ann": shutout, "Bob": 0}}
    assert game["final"] == {"Ann": final, "Bob": 0}
    assert game["margin"] == final


def test_no_shutout_when_loser_scored(client):
    body = {"players": ["Ann", "Bob"], "hands": [won("Bob", 5), won("Ann", 100)]}
    game = post(client, body).get_json()["games"][0]
    assert game["bonuses"]["shutout"] == {"Ann": 0, "Bob": 0}
    assert game["final"] == {"Ann": 100 + 100 + 25, "Bob": 5 + 25}
    assert game["margin"] == 225 - 30


# docs/RULES.md: nine boxes outweigh one big hand, but the winner is who reached the target.
NINE_BOXES = [("Bob", 10)] * 9 + [("Ann", 100)]


def test_boxes_can_put_the_winner_behind_and_the_margin_says_so(client):
    body = {"players": ["Ann", "Bob"], "hands": [won(w, p) for w, p in NINE_BOXES]}
    sheet = post(client, body).get_json()
    game = sheet["games"][0]
    assert game["winner"] == "Ann" and sheet["winner"] == "Ann"
    assert game["final"] == {"Ann": 100 + 100 + 25, "Bob": 90 + 9 * 25}
    assert game["margin"] == 225 - 315 == -90
    assert sheet["margin"] == game["margin"]  # one game: the match's margin is the game's


def test_hollywood_games_won_behind_on_boxes_and_the_match_by_the_larger_sum(client):
    # Bob's nine wins of 10 go into game 1 (9 of them), game 2 (8) and game 3 (7); Ann's three
    # wins of 100 end games 1, 2 and 3 in turn, each behind on Bob's boxes.
    body = {"players": ["Ann", "Bob"], "rules": {"preset": "hollywood"},
            "hands": [won(w, p) for w, p in NINE_BOXES + [("Ann", 100)] * 2]}
    sheet = post(client, body).get_json()
    finals = [(g["winner"], g["final"]["Ann"], g["final"]["Bob"], g["margin"])
              for g in sheet["games"]]
    assert finals == [("Ann", 225, 90 + 9 * 25, 225 - 315), ("Ann", 225, 80 + 8 * 25, 225 - 280),
                      ("Ann", 225, 70 + 7 * 25, 225 - 245)]
    assert sheet["finished"] and sheet["winner"] == "Bob"      # the larger sum of the finals
    assert sheet["margin"] == (315 + 280 + 245) - 3 * 225 == 165


@pytest.mark.parametrize("preset, box, game_bonus, target", [
    ("standard", 25, 100, 100),
    ("classic", 20, 100, 100),
    ("straight", 25, 100, 100),
    ("oklahoma", 25, 100, 150),
])
def test_preset_game_values(client, preset, box, game_bonus, target):
    hands = [won("Bob", 10), won("Ann", target - 1), won("Ann", 1)]
    sheet = post(client, {"players": ["Ann", "Bob"], "rules": {"preset": preset},
                          "hands": hands}).get_json()
    game = sheet["games"][0]
    assert [row["totals"][0]["Ann"] for row in sheet["hands"]] == [0, target - 1, target]
    assert game["finished"] and game["winner"] == "Ann" and sheet["winner"] == "Ann"
    assert game["bonuses"]["box"] == {"Ann": 2 * box, "Bob": box}
    assert game["bonuses"]["game"] == {"Ann": game_bonus, "Bob": 0}


def test_unfinished_game_has_no_bonuses(client):
    sheet = post(client, {"players": ["Ann", "Bob"],
                          "hands": [won("Ann", 30), {"outcome": "draw"}]}).get_json()
    game = sheet["games"][0]
    assert not game["finished"] and game["winner"] is None and game["margin"] is None
    assert game["final"] == {"Ann": 30, "Bob": 0}
    assert game["bonuses"]["box"] == {"Ann": 0, "Bob": 0}
    assert sheet["finished"] is False and sheet["winner"] is None
    assert sheet["hands"][1]["winner"] is None and sheet["hands"][1]["games"] == []


def test_undercut_ends_the_game_for_the_defender(client):
    # Ann at 90; Bob knocks with 8, Ann has 3: undercut, Ann scores 5 + 25 and wins the game.
    body = {"players": ["Ann", "Bob"], "hands": [won("Ann", 90), counts("Bob", 8, 3)]}
    sheet = post(client, body).get_json()
    last = sheet["hands"][1]
    assert last["result"]["outcome"] == "undercut" and last["winner"] == "Ann"
    assert last["points"] == 30 and last["totals"] == [{"Ann": 120, "Bob": 0}]
    game = sheet["games"][0]
    assert game["winner"] == "Ann" and game["hands_won"] == {"Ann": 2, "Bob": 0}
    assert game["bonuses"]["shutout"]["Ann"] == 100  # Bob never scored


def test_gin_ends_the_game(client):
    body = {"players": ["Ann", "Bob"],
            "hands": [won("Bob", 20), won("Ann", 40), counts("Ann", 0, 40, gin=True)]}
    sheet = post(client, body).get_json()
    assert sheet["hands"][2]["result"]["outcome"] == "gin"
    assert sheet["hands"][2]["points"] == 65
    game = sheet["games"][0]
    assert game["totals"] == {"Ann": 105, "Bob": 20}
    assert game["final"] == {"Ann": 105 + 100 + 50, "Bob": 20 + 25}


def test_tie_without_undercut_scores_nothing_and_wins_no_box(client):
    body = {"players": ["Ann", "Bob"], "rules": {"tie_is_undercut": False},
            "hands": [counts("Ann", 7, 7), won("Ann", 100)]}
    sheet = post(client, body).get_json()
    assert sheet["hands"][0]["result"]["winner"] is None and sheet["hands"][0]["points"] == 0
    assert sheet["games"][0]["hands_won"] == {"Ann": 1, "Bob": 0}


def test_hands_from_cards_are_scored_by_the_engine(client):
    entry = {"knocked_by": "Bob",
             "knocker": {"hand": "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"},
             "defender": {"hand": "4s 5s 9h 9d 9c Kd Qd 2c 3d 6h"}}
    sheet = post(client, {"players": ["Ann", "Bob"], "hands": [entry]}).get_json()
    row = sheet["hands"][0]
    assert row["winner"] == "Bob" and row["points"] == 26
    assert row["result"]["defender"]["layoffs"] == [{"card": "4s", "meld": 0},
                                                    {"card": "5s", "meld": 0}]


# --- Oklahoma: each hand's own upcard ----------------------------------------------------------

def test_oklahoma_upcards_set_each_hands_limit_and_doubling(client):
    hands = [dict(counts("Ann", 5, 14), upcard="6s"),   # limit 6, spade: (14 - 5) x 2
             dict(counts("Bob", 3, 20), upcard="4c"),   # limit 4: 17
             dict(counts("Ann", 0, 10), upcard="Ah")]   # ace: gin only, 10 + 25
    sheet = post(client, {"players": ["Ann", "Bob"], "rules": {"preset": "oklahoma"},
                          "hands": hands}).get_json()
    assert [(r["winner"], r["points"]) for r in sheet["hands"]] == [
        ("Ann", 18), ("Bob", 17), ("Ann", 35)]
    assert [r["result"]["knock_limit"] for r in sheet["hands"]] == [6, 4, 0]
    assert sheet["hands"][0]["result"]["multiplier"] == 2


@pytest.mark.parametrize("entry, pointer", [
    (counts("Ann", 5, 14), "/hands/0/upcard"),                      # oklahoma needs an upcard
    (dict(counts("Ann", 5, 14), upcard="4c"), "/hands/0/knocker/deadwood"),  # limit 4
    (dict(counts("Ann", 5, 14), upcard="Xc"), "/hands/0/upcard"),
])
def test_oklahoma_ledger_errors(client, entry, pointer):
    answer = post(client, {"players": ["Ann", "Bob"], "rules": {"preset": "oklahoma"},
                           "hands": [entry]})
    assert answer.status_code == 422
    assert [e["pointer"] for e in answer.get_json()["errors"]] == [pointer]


# --- Hollywood --------------------------------------------------------------------------------

HOLLYWOOD_LEDGER = [
    # (winner, points, games entered, totals after: [(Ann, Bob) per game])
    ("Ann", 20, [0], [(20, 0), (0, 0), (0, 0)]),
    ("Ann", 15, [0, 1], [(35, 0), (15, 0), (0, 0)]),
    ("Bob", 10, [0], [(35, 10), (15, 0), (0, 0)]),
    ("Ann", 20, [0, 1, 2], [(55, 10), (35, 0), (20, 0)]),   # game 1 ends (target 50)
    ("Bob", 30, [1], [(55, 10), (35, 30), (20, 0)]),        # Bob starts in the next open game
    ("Bob", 25, [1, 2], [(55, 10), (35, 55), (20, 25)]),    # game 2 ends
    ("Ann", 10, [2], [(55, 10), (35, 55), (30, 25)]),
    ("Ann", 25, [2], [(55, 10), (35, 55), (55, 25)]),       # game 3 ends: the match is over
]


def test_hollywood_sheet_over_eight_hands(client):
    body = {"players": ["Ann", "Bob"], "rules": {"preset": "hollywood", "target": 50},
            "hands": [won(w, p) for w, p, _, _ in HOLLYWOOD_LEDGER]}
    sheet = post(client, body).get_json()
    for row, (winner, points, games, totals) in zip(sheet["hands"], HOLLYWOOD_LEDGER):
        assert row["winner"] == winner and row["points"] == points
        assert row["games"] == games
        assert [(t["Ann"], t["Bob"]) for t in row["totals"]] == totals
    g1, g2, g3 = sheet["games"]
    assert (g1["winner"], g2["winner"], g3["winner"]) == ("Ann", "Bob", "Ann")
    assert g1["hands_won"] == {"Ann": 3, "Bob": 1}
    assert g1["final"] == {"Ann": 55 + 100 + 75, "Bob": 10 + 25}
    assert g2["hands_won"] == {"Ann": 2, "Bob": 2}
    assert g2["final"] == {"Ann": 35 + 50, "Bob": 55 + 100 + 50}
    assert g3["hands_won"] == {"Ann": 3, "Bob": 1}
    assert g3["final"] == {"Ann": 55 + 100 + 75, "Bob": 25 + 25}
    assert sheet["finished"] and sheet["winner"] == "Ann"
    assert sheet["margin"] == (230 + 85 + 230) - (35 + 205 + 50)


def test_hollywood_game_closing_mid_ledger_takes_no_more_entries(client):
    body = {"players": ["Ann", "Bob"], "rules": {"preset": "hollywood", "target": 50},
            "hands": [won(w, p) for w, p, _, _ in HOLLYWOOD_LEDGER[:5]]}
    sheet = post(client, body).get_json()
    assert [g["finished"] for g in sheet["games"]] == [True, False, False]
    assert sheet["games"][0]["totals"] == {"Ann": 55, "Bob": 10}
    assert not sheet["finished"] and sheet["winner"] is None


def test_hollywood_shutout_in_one_game(client):
    body = {"players": ["Ann", "Bob"], "rules": {"preset": "hollywood", "target": 50},
            "hands": [won("Ann", 50)]}
    games = post(client, body).get_json()["games"]
    assert games[0]["bonuses"]["shutout"] == {"Ann": 100, "Bob": 0}
    assert [g["finished"] for g in games] == [True, False, False]


def test_a_hollywood_match_of_equal_sums_has_no_winner(client):
    """docs/RULES.md: the match's winner has the larger sum of the three finals; equal sums
    (595 each here) name none, and the match is still over."""
    hands = [("Bob", 30), ("Bob", 50), ("Bob", 20), ("Ann", 50), ("Ann", 30), ("Ann", 20),
             ("Ann", 20), ("Bob", 30), ("Ann", 50)]
    sheet = post(client, {"players": ["Ann", "Bob"], "rules": {"preset": "hollywood"},
                          "hands": [won(w, p) for w, p in hands]}).get_json()
    finals = [game["final"] for game in sheet["games"]]
    assert sum(f["Ann"] for f in finals) == sum(f["Bob"] for f in finals) == 595
    assert sheet["finished"] and sheet["winner"] is None and sheet["margin"] is None


# --- errors -----------------------------------------------------------------------------------

@pytest.mark.parametrize("body, pointer", [
    ({"players": ["Ann", "Bob"], "hands": [won("Ann", 100), won("Bob", 5)]}, "/hands/1"),
    ({"players": ["Ann", "Bob"], "hands": [counts("Zed", 5, 20)]}, "/hands/0/knocked_by"),
    ({"players": ["Ann", "Bob"], "hands": [won("Zed", 5)]}, "/hands/0/winner"),
    ({"players": ["Ann", "Ann"], "hands": []}, "/players/1"),
    ({"players": ["A" * 41, "Bob"], "hands": []}, "/players/0"),
    ({"players": ["", "Bob"], "hands": []}, "/players/0"),
    ({"players": ["Ann"], "hands": []}, "/players"),
    ({"players": ["Ann", "Bob"], "hands": [dict(won("Ann", 5), rules={})]}, "/hands/0/rules"),
    ({"players": ["Ann", "Bob"], "hands": [won("Ann", -1)]}, "/hands/0/points"),
    ({"players": ["Ann", "Bob"], "hands": [counts("Ann", 12, 20)]},
     "/hands/0/knocker/deadwood"),
    ({"players": ["Ann", "Bob"], "hands": [{"knocked_by": "Ann", "knocker": {"deadwood": 3}}]},
     "/hands/0/defender"),
    ({"players": ["Ann", "Bob"], "hands": [{"knocked_by": "Ann",
                                            "knocker": {"hand": "As 2s 3s 7c 7h 7d Tc Jc Qc Qx"},
                                            "defender": {"deadwood": 9}}]},
     "/hands/0/knocker/hand/9"),
    ({"players": ["Ann", "Bob"], "hands": [{"knocked_by": "Ann",
                                            "knocker": {"hand": "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"},
                                            "defender": {"hand": "4s 5s 9h 9d 9c Kd Qd 2c 3d As"}}]},
     "/hands/0/defender/hand/9"),
    ({"players": ["Ann", "Bob"], "hands": [won("Ann", 1)] * 501}, "/hands"),
])
def test_ledger_errors_point_into_the_ledger(client, body, pointer):
    answer = post(client, body)
    assert answer.status_code == 422, answer.get_json()
    assert answer.mimetype == "application/problem+json"
    assert pointer in [e["pointer"] for e in answer.get_json()["errors"]]


def test_ledger_of_500_hands_is_accepted(client):
    body = {"players": ["Ann", "Bob"], "rules": {"target": 10_000},
            "hands": [won("Ann" if i % 2 else "Bob", 1) for i in range(500)]}
    sheet = post(client, body).get_json()
    assert len(sheet["hands"]) == 500
    assert sheet["games"][0]["totals"] == {"Ann": 250, "Bob": 250}


# --- the core directly ------------------------------------------------------------------------

def test_core_ledger_with_every_entry_kind():
    entries = [TableEntry("Ann", 10), DrawEntry(),
               ScoredEntry("Bob", "As 2s 3s 7c 7h 7d Tc Jc Qc 5h", 28)]
    sheet = play_ledger(["Ann", "Bob"], entries, Rules())
    assert [(row.winner, row.points) for row in sheet.hands] == [
        ("Ann", 10), (None, 0), ("Bob", 23)]
    assert sheet.games[0].totals == {"Ann": 10, "Bob": 23}


def test_core_refuses_a_hand_after_the_game():
    with pytest.raises(GameError) as caught:
        play_ledger(["Ann", "Bob"], [TableEntry("Ann", 100), TableEntry("Ann", 1)])
    assert caught.value.position == ("hands", 1)
    assert caught.value.detail == ("the game ended at hand 1, and hand 2 comes after it: "
                                   "delete it first, or change hand 1")


def test_hands_left_after_an_edit_that_ends_the_game_are_told_to_be_deleted():
    """An edit of hand 1 that ends the game leaves hands 2 to 4 after the end: the message
    says which, and that they go first."""
    hollywood = Rules.from_options({"preset": "hollywood"})
    with pytest.raises(GameError) as caught:
        play_ledger(["Ann", "Bob"], [TableEntry("Ann", 100)] * 3 + [TableEntry("Bob", 5)] * 3,
                    hollywood)
    assert caught.value.position == ("hands", 3)
    assert caught.value.detail == ("the match ended at hand 3, and hands 4 to 6 come after "
                                   "it: delete them first, or change hand 3")


# --- players' names ------------------------------------------------------------------------------

@pytest.mark.parametrize("written, kept", [
    ("Ann", "Ann"),
    ("  Ann   Lee ", "Ann Lee"),
    ("Ann\u00a0Lee", "Ann Lee"),          # a no-break space is a space
    ("A\u0301nn", "\u00c1nn"),            # NFC: a combining accent joins its letter
    ("Zoë", "Zoë"),
    ("x" * 40, "x" * 40),
    (" Ann\n", "Ann"),                   # trimmed at either end
    pytest.param(" " * 161 + "Ann" + " " * 500, "Ann", id="many spaces around"),
])
def test_a_name_is_kept_normalised(written, kept):
    assert player_name(written) == kept


@pytest.mark.parametrize("written, words", [
    ("", "1 to 40"),
    ("   ", "1 to 40"),
    ("x" * 41, "1 to 40"),
    ("x" * 10_000, "at most 40"),
    ("Ann\u202e", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("A\u200bnn", "U+200B (ZERO WIDTH SPACE)"),
    ("\ufeffAnn", "U+FEFF"),
    ("Ann\x00", "U+0000"),
    ("Ann\x1b[31m", "U+001B"),
    ("Ann\nBob", "U+000A"),
    ("Ann\tBob", "U+0009"),
    ("Ann\u3164", "U+3164 (HANGUL FILLER)"),
    ("\ud800", "U+D800"),
    (7, "must be text"),
])
def test_a_name_nobody_can_read_is_refused_where_it_stands(written, words):
    with pytest.raises(PlayerNameError) as caught:
        player_name(written, ("players", 1))
    assert words in caught.value.detail
    assert caught.value.position == ("players", 1)


def test_two_names_that_differ_only_in_case_or_spaces_are_one_player():
    with pytest.raises(GameError) as caught:
        play_ledger(["Ann", " ann "], [])
    assert caught.value.position == ("players", 1)


def test_entries_name_players_as_the_sheet_keeps_them():
    sheet = play_ledger([" Ann ", "Bob"], [TableEntry("Ann ", 30)])
    assert sheet.players == ("Ann", "Bob") and sheet.sums == {"Ann": 30, "Bob": 0}
    assert sheet.margin is None and sheet.winner is None


def test_the_sheet_keeps_the_match_sums_and_margin():
    rules = Rules.from_options({"preset": "hollywood", "target": 50})
    sheet = play_ledger(["Ann", "Bob"], [TableEntry("Ann", 60), TableEntry("Bob", 10),
                                         TableEntry("Ann", 60), TableEntry("Ann", 60)], rules)
    assert sheet.finished and sheet.winner == "Ann"
    assert sheet.sums == {p: sum(game.final[p] for game in sheet.games) for p in sheet.players}
    assert sheet.margin == sheet.sums["Ann"] - sheet.sums["Bob"] > 0


def test_the_sheet_margin_is_the_winners_sum_less_the_others_even_when_negative():
    # Ann reaches the target with one hand; Bob's nine boxes lift his final above hers.
    sheet = play_ledger(["Ann", "Bob"], [TableEntry(w, p) for w, p in NINE_BOXES])
    assert sheet.winner == "Ann" and sheet.sums == {"Ann": 225, "Bob": 315}
    assert sheet.margin == sheet.games[0].margin == -90
    # the same ledger with the names the other way round: the sign follows the winner
    sheet = play_ledger(["Bob", "Ann"], [TableEntry(w, p) for w, p in NINE_BOXES])
    assert sheet.winner == "Ann" and sheet.margin == -90


def test_a_hand_won_for_0_points_is_a_win_but_no_points():
    """docs/RULES.md, "A hand won for 0 points": it earns a box and moves the winner on in
    Hollywood, but a loser whose wins scored 0 is still shut out."""
    sheet = play_ledger(["Ann", "Bob"], [TableEntry("Bob", 0), TableEntry("Ann", 100)])
    game = sheet.games[0]
    assert game.winner == "Ann" and game.hands_won == {"Ann": 1, "Bob": 1}
    assert game.bonuses["box"]["Bob"] == 25 and game.bonuses["shutout"]["Ann"] == 100
    hollywood = Rules.from_options({"preset": "hollywood"})
    sheet = play_ledger(["Ann", "Bob"], [TableEntry("Bob", 0), TableEntry("Bob", 10)], hollywood)
    assert [row.games for row in sheet.hands] == [(0,), (0, 1)]


@pytest.mark.parametrize("options, most", [
    ({}, 98 + 31),                                             # big gin against 98
    ({"preset": "classic"}, 98 + 20),                          # big gin scores as gin
    ({"preset": "oklahoma"}, 2 * (98 + 31)),                   # a spade upcard doubles
    ({"preset": "oklahoma", "oklahoma_spade_double": False}, 98 + 31),
    ({"undercut_bonus": 500}, 10 + 500),                       # an undercut of a 10 by 0
    # a knock limit of 0 leaves only gin, never undercut: its bonus cannot be scored
    ({"knock_limit": 0, "undercut_bonus": 500, "gin_bonus": 0, "big_gin_bonus": None}, 98),
    ({"preset": "straight", "undercut_bonus": 1000}, 98 + 31),
])
def test_points_at_the_table_are_at_most_what_one_hand_scores(options, most):
    """A hand scored at the table scores at most what the calculator could give it under the
    rules; one point more is refused, naming the bound, never cut to fit."""
    rules = Rules.from_options(options)
    sheet = play_ledger(["Ann", "Bob"], [TableEntry("Ann", most)], rules)
    assert sheet.hands[0].points == most
    with pytest.raises(CalculatorError) as info:
        play_ledger(["Ann", "Bob"], [TableEntry("Ann", most + 1)], rules)
    assert info.value.position == ("hands", 0, "points")
    assert info.value.detail == (f"a hand's score is a whole number from 0 to {most}, the "
                                 f"most one hand scores under these rules")


def test_9999_points_at_the_table_are_refused_not_a_game_at_once(client):
    response = post(client, {"players": ["Ann", "Bob"], "hands": [won("Ann", 9999)]})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/hands/0/points"


@pytest.mark.parametrize("name", ["مهر\u200cانگیز",                        # Persian, ZWNJ
                                  "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466",
                                  "Ann \U0001F469\u200d\U0001F4BB"])     # woman technologist
def test_joiners_inside_a_name_are_kept(name):
    """U+200C and U+200D are parts of real names (Persian, emoji sequences)."""
    assert player_name(name) == name


@pytest.mark.parametrize("name", ["\u200cمهر", "مهر\u200d", "مهر \u200cانگیز", "An\u200dn",
                                  "مهر\u200c\u200cانگیز", "مهر\u200c\u202eانگیز"])
def test_a_joiner_at_an_end_beside_a_space_or_inside_ascii_is_refused(name):
    with pytest.raises(PlayerNameError) as caught:
        player_name(name, ("players", 0))
    assert "U+200" in caught.value.detail or "U+202E" in caught.value.detail


@pytest.mark.parametrize("second", ["ANN", "Ａｎｎ", "ａｎｎ"])  # case; fullwidth letters
def test_two_names_that_look_alike_are_one_player(second):
    with pytest.raises(GameError) as caught:
        play_ledger(["Ann", second], [])
    assert caught.value.detail == "the two players need different names"


def test_two_names_that_differ_only_by_a_joiner_are_one_player():
    with pytest.raises(GameError) as caught:
        play_ledger(["مهر\u200cانگیز", "مهرانگیز"], [])
    assert caught.value.detail == "the two players need different names"
