"""The forms' error summaries: every field an error names is called by its label, and every
bad rule field is told at once (the core stops at the first bad option)."""
from __future__ import annotations

import re

import pytest
from web_support import token_of

from calculator.web import play, sharing
from calculator.web.forms import RULE_FIELDS, preset_summary
from calculator.web.ledger import Hand, Ledger

SUMMARIES = {"score": {"action": "score", "mode": "counts", "d0": "1", "d1": "3"},
             "setup": {"action": "setup", "player0": "Ann", "player1": "Bob"}}


def summary(response, form: str) -> str:
    html = response.get_data(as_text=True)
    found = re.search(rf'id="{form}-errors".*?</ul>', html, re.S)
    assert found, html[:800]
    return re.sub(r"<[^>]+>", "", found.group(0)).replace("&#39;", "'")


@pytest.mark.parametrize("form", SUMMARIES)
@pytest.mark.parametrize("key", [key for key, (_, kind) in RULE_FIELDS.items()
                                 if kind in ("int", "int_or_none", "choice")])
def test_a_bad_rule_field_is_named_by_its_label(client, form, key):
    bad = "bogus" if RULE_FIELDS[key][1] == "choice" else "x"
    response = client.post("/", data={**SUMMARIES[form], "r_" + key: bad})
    assert response.status_code == 422
    text = summary(response, form)
    assert f"{RULE_FIELDS[key][0]}: " in text and "r_" + key not in text, text


@pytest.mark.parametrize("form", SUMMARIES)
def test_a_bad_preset_is_named_rules(client, form):
    text = summary(client.post("/", data={**SUMMARIES[form], "preset": "nonesuch"}), form)
    assert "Rules: unknown preset" in text and "preset:" not in text, text


@pytest.mark.parametrize("form", SUMMARIES)
def test_every_bad_rule_field_is_told_at_once(client, form):
    response = client.post("/", data={**SUMMARIES[form], "r_target": "0", "r_gin_bonus": "x",
                                      "r_shutout": "bogus", "r_knock_limit": "11"})
    assert response.status_code == 422
    html = response.get_data(as_text=True).replace("&#39;", "'")
    for name, words in (("r_target", "between 1 and"), ("r_gin_bonus", "a whole number"),
                        ("r_shutout", "must be one of"), ("r_knock_limit", "between 0 and 10")):
        error = re.search(rf'id="{form}-{name}-error">(.*?)</div>', html, re.S)
        assert error and words in error.group(1), (name, summary(response, form))


@pytest.mark.parametrize("form", SUMMARIES)
@pytest.mark.parametrize("field, typed, words", [
    # a number of any length gets its range, never "a whole number" (five digits were read)
    ("r_target", "100000", "the target must be between 1 and 10000, not 100000"),
    ("r_target", "9" * 60, "not a number of more than 40 digits"),
    # a yes-or-no option with another word is refused, not dropped
    ("r_oklahoma", "true", "yes or no (not 'true')"),
])
def test_a_rule_field_is_told_what_it_takes(client, form, field, typed, words):
    response = client.post("/", data={**SUMMARIES[form], field: typed})
    assert response.status_code == 422
    text = summary(response, form).replace("&#39;", "'")
    assert words in text, text


@pytest.mark.parametrize("form", SUMMARIES)
def test_rules_that_conflict_are_still_told(client, form):
    response = client.post("/", data={**SUMMARIES[form], "r_oklahoma": "yes",
                                      "r_knock_limit": "5"})
    assert response.status_code == 422
    # the core's option keys in the page's words
    assert "Knock limit: the knock limit cannot be set with Oklahoma on" in summary(response, form)


def test_a_bad_rule_does_not_hide_the_hands_own_slips(client):
    """One hand without a sheet: the rules cannot be scored by, yet a blank or wordy count is
    told beside them, so the scorekeeper mends both in one go."""
    response = client.post("/", data={"action": "score", "mode": "counts", "d0": "",
                                      "d1": "lots", "r_gin_bonus": "x"})
    assert response.status_code == 422
    text = summary(response, "score")
    assert "Gin bonus: a whole number" in text, text
    assert "give the knocker's deadwood" in text and "'lots'" in text, text


@pytest.mark.parametrize("fields, name, words", [
    ({"mode": "cards", "c0": "x" * 1_900, "c1": "4s 5s 9h 9d 9c Kd Qd 2c 3d 6h"}, "c0",
     "characters)"),
    ({"mode": "counts", "d0": "5", "d1": "7" * 1_000 + "x"}, "d1", "characters)"),
    # past the field's length, cards are refused whole (cut short, another hand would score)
    ({"mode": "cards", "c0": "x" * 3_000, "c1": "4s 5s 9h 9d 9c Kd Qd 2c 3d 6h"}, "c0",
     "at most 2000 characters, please"),
], ids=["token", "count", "past the field"])
def test_a_pasted_wall_of_text_is_quoted_shortened(client, fields, name, words):
    """A wall of text pasted into a field: the error quotes 40 of its characters and says
    how many there were, not the whole paste (which made the page thousands of pixels
    wide)."""
    response = client.post("/", data={"action": "score", **fields})
    assert response.status_code == 422
    text = summary(response, "score")
    assert words in text and len(text) < 400, text[:600]


def test_the_oklahoma_summary_says_the_upcard_sets_the_knock_limit():
    assert preset_summary("oklahoma").startswith("knock limit set by the upcard, gin 25")
    assert preset_summary("standard").startswith("knock limit 10, gin 25")


def test_a_wordy_count_or_points_is_told_in_a_sentence(client):
    response = client.post("/", data={"action": "score", "mode": "counts", "d0": "five",
                                      "d1": "3"})
    assert "give the knocker's deadwood as a whole number, like 12 (not 'five')" in \
        summary(response, "score")


def test_points_at_the_table_in_words_are_told_in_a_sentence():
    with pytest.raises(play.FormSlip) as info:
        play.entry(Hand(mode="table", winner="0", points="five"), ("Ann", "Bob"))
    assert info.value.errors.get("points") == [
        "give the points as a whole number, like 12 (not 'five')"]


def test_70_copies_of_a_card_are_one_message_and_words_with_codes_are_read(client):
    defender = "4s 5s 9h 9d 9c Kd Qd 2c 3d 6h"
    response = client.post("/", data={"action": "score", "mode": "cards",
                                      "c0": " ".join(["As"] * 70), "c1": defender})
    text = summary(response, "score")
    assert "hand has 70 cards; expected 10 or 11" in text and "duplicate" not in text, text
    mixed = "ace of spades, 2 of spades, 3 of spades, 7c 7h 7d Tc Jc Qc 5h"
    response = client.post("/", data={"action": "score", "mode": "cards", "c0": mixed,
                                      "c1": defender})
    assert response.status_code == 200, summary(response, "score")


NINE = "As 2s 3s 7c 7h 7d Tc Jc Qc"


def field_errors(response, form: str) -> dict:
    html = response.get_data(as_text=True).replace("&#39;", "'")
    return {name: re.sub(r"<[^>]+>", "", text) for name, text in
            re.findall(rf'id="{form}-(c[01])-error">(.*?)</div>', html, re.S)}


@pytest.mark.parametrize("c0, c1, told", [
    (NINE, "4s 5s 9h 9d 9c Kd Qd 2c 3d", {"c0": "hand has 9 cards; expected 10 or 11",
                                          "c1": "hand has 9 cards; expected 10"}),
    (NINE + " Qx", "", {"c0": "unknown suit 'x' in token 10 'Qx'",
                        "c1": "type the defender's cards"}),
    ("", NINE, {"c0": "type the knocker's cards",
                "c1": "hand has 9 cards; expected 10"}),
], ids=["both nine", "bad knocker, blank defender", "blank knocker, short defender"])
@pytest.mark.parametrize("on_sheet", [False, True], ids=["one hand", "sheet"])
def test_every_hands_card_slips_are_told_at_once(client, c0, c1, told, on_sheet):
    """Both hands' slips in one answer, each at its field: neither waits for the other to be
    mended (a blank hand no longer hides the other's bad token)."""
    data = {"action": "score", "mode": "cards", "knocked_by": "0", "c0": c0, "c1": c1}
    if on_sheet:
        data["g"] = sharing.encode(Ledger(("Ann", "Bob")))
        told = {name: text.replace("the knocker's", "Ann's").replace("the defender's",
                                                                     "Bob's")
                for name, text in told.items()}
    response = client.post("/", data=data)
    assert response.status_code == 422
    errors = field_errors(response, "score")
    for name, text in told.items():
        assert text in errors.get(name, ""), (name, errors)


def test_names_with_joiners_start_a_sheet_and_look_alikes_are_told_with_the_rules(client):
    persian, family = "مهر\u200cانگیز", "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    response = client.post("/", data={"action": "setup", "player0": persian,
                                      "player1": family})
    assert response.status_code == 303
    response = client.post("/", data={"action": "setup", "player0": persian,
                                      "player1": "مهرانگیز", "r_gin_bonus": "x"})
    text = summary(response, "setup")
    assert "the two players need different names" in text and "Gin bonus: " in text, text


def test_a_right_to_left_name_in_a_message_is_isolated(client):
    """"מיכל's deadwood ..." must not read "s'מיכל deadwood ..." under dir="auto": the name
    is its own <bdi> in every message that holds it, the field's and the summary's."""
    token = sharing.encode(Ledger(("Ann", "מיכל")))
    html = client.post("/", data={"action": "score", "g": token, "mode": "counts",
                                  "knocked_by": "1", "d1": "five", "d0": "20"}
                       ).get_data(as_text=True).replace("&#39;", "'")
    said = "give <bdi>מיכל</bdi>'s deadwood as a whole number, like 12 (not '<bdi>five</bdi>')"
    assert html.count(said) == 2, html[:2000]
    html = client.post("/", data={"action": "score", "g": token, "mode": "counts",
                                  "d0": "5", "d1": "20"}).get_data(as_text=True)
    assert html.count("say who knocked: Ann or <bdi>מיכל</bdi>") == 2
    assert "\u2068" not in html and "\u2069" not in html    # the marks became elements


# --- what the form takes, the sheet's link must take again --------------------------------------

def _sheet(hands=()) -> str:
    return sharing.encode(Ledger(("Ann", "Bob"), hands=tuple(hands)))


COUNTS = {"action": "score", "mode": "counts", "knocked_by": "0", "kind": "knock",
          "d0": "5", "d1": "20"}


def test_a_full_sheet_refuses_another_hand_at_its_form(client):
    """A sheet of 500 hands (the most a link holds) takes no 501st: the form says so, where
    it had been taken and the sheet's own link then could not be opened."""
    response = client.post("/", data={**COUNTS, "g": _sheet([Hand(mode="draw")] * 500)})
    assert response.status_code == 422
    assert "a sheet holds at most 500 hands: edit or delete one" in summary(response, "score")
    # an edit of one of its hands is still taken
    edited = client.post("/", data={**COUNTS, "g": _sheet([Hand(mode="draw")] * 500),
                                    "edit": "500"})
    assert edited.status_code == 303


@pytest.mark.parametrize("field, typed", [("d1", "0" * 30 + "25"), ("points", "0" * 30 + "50")])
def test_a_number_with_many_leading_zeros_is_kept_as_its_value(client, field, typed):
    data = dict(COUNTS) if field == "d1" else {"action": "score", "mode": "table",
                                               "winner": "1", "points": "1"}
    data[field] = typed
    response = client.post("/", data={**data, "g": _sheet()})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    assert client.get(response.headers["Location"]).status_code == 200
    kept = sharing.decode(token_of(response.headers["Location"])).hands[0]
    assert getattr(kept, "defender_deadwood" if field == "d1" else "points") == typed.lstrip("0")


def test_eleven_cards_for_the_second_player_are_not_refused_before_a_knocker_is_chosen(client):
    """Nobody chosen as the knocker yet: either player's hand may be the 11 cards of one who
    knocked after drawing, so the form asks who knocked and says nothing of the 11."""
    response = client.post("/", data={
        "action": "score", "g": _sheet(), "mode": "cards",
        "c0": "4s 5s 9h 9d 9c Kd Qd 2c 3d 6h", "c1": "As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kh"})
    assert response.status_code == 422
    text = summary(response, "score")
    assert "say who knocked" in text and "11 cards" not in text, text


def test_an_edit_stays_an_edit_after_a_field_too_long(client):
    token = _sheet([Hand("counts", "0", knocker_deadwood="5", defender_deadwood="20")])
    response = client.post("/", data={**COUNTS, "g": token, "edit": "1", "mode": "cards",
                                      "c0": "x" * 3_000})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'name="edit"[^>]*value="1"|value="1"[^>]*name="edit"', html), html[:2000]


@pytest.mark.parametrize("typed", [" " * 1_999 + "25", "0" * 3_000 + "25"],
                         ids=["spaces", "zeros"])
def test_a_number_past_the_fields_length_is_read_whole(client, typed):
    """Cut to the field's 2,000 characters first, 1,999 spaces and then 25 had read as 2
    (an undercut), and 3,000 zeros and then 25 as 0."""
    response = client.post("/", data={**COUNTS, "g": _sheet(), "d1": typed})
    assert response.status_code == 303
    kept = sharing.decode(token_of(response.headers["Location"])).hands[0]
    assert kept.defender_deadwood == "25"


def test_a_long_name_is_told_its_own_length(client):
    response = client.post("/", data={"action": "setup", "player0": "x" * 3_000,
                                      "player1": "Bob"})
    assert response.status_code == 422
    assert "has 3000 characters" in summary(response, "setup")


def test_a_rule_value_past_the_fields_length_is_refused(client):
    response = client.post("/", data={"action": "setup", "player0": "Ann", "player1": "Bob",
                                      "r_target": " " * 2_000 + "50"})
    assert response.status_code == 422
    assert "at most 2000 characters, please" in summary(response, "setup")


def test_a_hand_without_a_sheet_reads_no_hidden_upcard_under_standard(client):
    """The Oklahoma upcard box is hidden under Standard: what it still holds is not read."""
    response = client.post("/", data={**COUNTS, "upcard": "Zz"})
    assert response.status_code == 200, summary(response, "score")
    refused = client.post("/", data={**COUNTS, "upcard": "Zz", "preset": "oklahoma"})
    assert refused.status_code == 422 and "Upcard" in summary(refused, "score")


def test_a_hand_without_a_sheet_keeps_its_knocker_first_whatever_is_posted(client):
    """Without a sheet the first boxes are the knocker's: a posted knocked_by=1 had swapped
    the two deadwood counts (5 v 20 scored as 20 v 5)."""
    plain = client.post("/", data=COUNTS).get_data(as_text=True)
    tampered = client.post("/", data={**COUNTS, "knocked_by": "1"}).get_data(as_text=True)
    result = re.compile(r'id="result".*?</section>', re.S)
    assert result.search(plain).group(0) == result.search(tampered).group(0)


def test_a_count_past_the_fields_length_that_is_no_number_is_told_so(client):
    response = client.post("/", data={**COUNTS, "g": _sheet(), "d0": "x" * 2_001})
    assert response.status_code == 422
    assert "at most 2000 characters, please" in summary(response, "score")


@pytest.mark.parametrize("length, refused", [(2_000, False), (2_001, True)])
def test_cards_one_character_past_the_fields_length_are_refused_not_cut(client, length,
                                                                         refused):
    """A field is cut to its length only after a longer one was refused: 2,001 characters
    read as 2,000 would drop what was typed last."""
    hand = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"
    cards = hand + " " * (length - len(hand) - 2) + "Kd"
    response = client.post("/", data={"action": "score", "mode": "cards", "knocked_by": "0",
                                      "c0": cards, "c1": "4s 5s 9h 9d 9c Qd Jd 2c 3d 6h"})
    told = "at most 2000 characters, please" in response.get_data(as_text=True)
    assert told == refused and (response.status_code == 422) == refused


def test_a_token_of_exactly_a_links_length_fits_in_one():
    assert sharing.fits_in_link("x" * sharing.LINK_CHARS)
    assert not sharing.fits_in_link("x" * (sharing.LINK_CHARS + 1))
