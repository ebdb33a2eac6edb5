"""The page without JavaScript, through Flask's test client: every form path (score by cards,
by counts, a dead hand, errors next to their fields, the game sheet with edit and delete,
Hollywood, analysis), the security headers, and escaping of everything typed."""
from __future__ import annotations

import random
import re

import pytest
from web_support import (
    BAD_KNOCKER,
    BETTER_DEFENDER,
    BETTER_KNOCKER,
    DEFENDER,
    KNOCKER,
    text_of,
    token_of,
)

from calculator.api import service
from calculator.web import sharing
from calculator.web.ledger import Hand, Ledger

HTML = {"Accept": "text/html"}


def score(client, **fields):
    return client.post("/", data={"action": "score", **fields})


def start_sheet(client, players=("Ann", "Bob"), **rules) -> str:
    response = client.post("/", data={"action": "setup", "player0": players[0],
                                      "player1": players[1], **rules})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return token_of(response.headers["Location"])


def add_hand(client, token: str, **fields) -> str:
    response = score(client, g=token, **fields)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:800]
    return token_of(response.headers["Location"])


def sheet_answer(token: str) -> dict:
    """The same sheet straight from the service, to compare the page with."""
    from calculator.web.ledger import games_body

    return service.answer("games", games_body(sharing.decode(token)))


# --- the page itself ---------------------------------------------------------------------------

def test_blank_page_has_the_forms_and_safe_headers(client):
    response = client.get("/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    csp = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "Set-Cookie" not in response.headers
    html = response.get_data(as_text=True)
    for label in ("Knocker", "Defender", "Score", "Keep a game sheet", "Analyze a hand"):
        assert label in html
    # no inline script or style, nothing loaded from elsewhere
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert " style=" not in html and "<style" not in html
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html)


@pytest.mark.parametrize("path", ["/static/app.css", "/static/app.js", "/static/favicon.svg"])
def test_static_files(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_not_found_is_an_html_page_for_browsers(client):
    response = client.get("/no-such-page", headers=HTML)
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "Back to the scorekeeper" in response.get_data(as_text=True)


# --- score a hand --------------------------------------------------------------------------------

def test_score_by_cards_lays_out_the_table(client):
    response = score(client, mode="cards", knocker=KNOCKER, defender=DEFENDER)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    text = text_of(html)
    answer = service.answer("score", {"knocker": {"hand": KNOCKER}, "defender": {"hand": DEFENDER}})
    assert f"Knocker scores {answer['points']}" in text
    assert answer["explanation"] in html.replace("&#39;", "'")
    assert "Lays off" in text and "onto" in text
    assert html.count('class="card ') >= 20            # every card drawn as a card
    assert 'aria-label="5 of hearts"' in html          # cards are named for screen readers
    assert 'class="card red' in html and 'class="card black' in html
    assert f">{KNOCKER}</textarea>" in html            # what was typed is kept


def test_score_shows_a_better_spread(client):
    html = score(client, mode="cards", knocker=BETTER_KNOCKER,
                 defender=BETTER_DEFENDER).get_data(as_text=True)
    assert "A better spread" in text_of(html)


@pytest.mark.parametrize("fields, expected", [
    ({"knocker_deadwood": "5", "defender_deadwood": "28"}, "Knocker scores 23"),
    ({"knocker_deadwood": "7", "defender_deadwood": "7"}, "Defender scores 25"),
    ({"kind": "gin", "knocker_deadwood": "", "defender_deadwood": "14"}, "Knocker scores 39"),
    ({"kind": "big_gin", "defender_deadwood": "14"}, "Knocker scores 45"),
])
def test_score_by_counts(client, fields, expected):
    response = score(client, mode="counts", **fields)
    assert response.status_code == 200
    assert expected in text_of(response.get_data(as_text=True))


def test_oklahoma_upcard_doubles_and_is_required(client):
    missing = score(client, mode="counts", knocker_deadwood="3", defender_deadwood="21",
                    preset="oklahoma")
    assert missing.status_code == 422
    assert 'id="score-upcard-error"' in missing.get_data(as_text=True)
    doubled = score(client, mode="counts", knocker_deadwood="3", defender_deadwood="21",
                    preset="oklahoma", upcard="6♠")
    assert "Knocker scores 36" in text_of(doubled.get_data(as_text=True))


def test_a_dead_hand(client):
    assert "Nobody scores" in text_of(score(client, mode="draw").get_data(as_text=True))


def test_rule_options_apply(client):
    response = score(client, mode="counts", knocker_deadwood="7", defender_deadwood="7",
                     r_tie_is_undercut="no")
    assert "Nobody scores" in text_of(response.get_data(as_text=True))


# --- errors next to the field ------------------------------------------------------------------

def test_bad_card_is_named_marked_and_kept(client):
    response = score(client, mode="cards", knocker=BAD_KNOCKER, defender=DEFENDER)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    error = re.search(r'<div class="field-error" id="score-knocker-error">(.*?)</div>', html, re.S)
    assert error and "&#39;Qx&#39;" in error.group(1)
    assert "Jc <mark>Qx</mark> 5h" in error.group(1)
    assert f">{BAD_KNOCKER}</textarea>" in html and f">{DEFENDER}</textarea>" in html
    assert 'aria-invalid="true"' in html and 'data-mark-start="24" data-mark-end="26"' in html
    assert 'href="#score-knocker">Knocker: unknown suit' in html   # the summary links to it


@pytest.mark.parametrize("fields, field, words", [
    ({"knocker": KNOCKER, "defender": DEFENDER.replace("6h", "As")}, "defender",
     "card As is in"),
    ({"knocker": KNOCKER.replace("5h", "As"), "defender": DEFENDER}, "knocker", "duplicate"),
    ({"knocker": "As 2s 3s", "defender": DEFENDER}, "knocker", "3 cards"),
    ({"knocker": KNOCKER, "defender": ""}, "defender", "type the defender"),
    ({"knocker": "As 2s 3s 7c 7h 7d Tc Jc 4c 5h", "defender": DEFENDER}, "knocker",
     "illegal knock"),
    ({"mode": "counts", "knocker_deadwood": "five", "defender_deadwood": "3"},
     "knocker_deadwood", "whole number"),
    ({"mode": "counts", "knocker_deadwood": "12", "defender_deadwood": "3"},
     "knocker_deadwood", "above the knock limit"),
    ({"mode": "counts", "kind": "gin", "knocker_deadwood": "4", "defender_deadwood": "3"},
     "kind", "gin means 0"),
    ({"mode": "counts", "knocker_deadwood": "1", "defender_deadwood": "3",
      "r_knock_limit": "11"}, "r_knock_limit", "between 0 and 10"),
    ({"mode": "counts", "knocker_deadwood": "1", "defender_deadwood": "3",
      "r_gin_bonus": "lots"}, "r_gin_bonus", "whole number"),
])
def test_errors_sit_next_to_their_field(client, fields, field, words):
    response = score(client, **{"mode": "cards", **fields})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    error = re.search(rf'id="score-{field}-error">(.*?)</div>', html, re.S)
    assert error, text_of(html)[:600]
    assert words in error.group(1).replace("&#39;", "'")


def test_everything_typed_is_escaped(client):
    payload = '</textarea><script>alert("x")</script>'
    html = score(client, mode="cards", knocker=payload, defender="<b>4s</b>").get_data(
        as_text=True)
    assert "<script>alert" not in html and "<b>4s</b>" not in html
    assert "&lt;/textarea&gt;&lt;script&gt;" in html
    token = start_sheet(client, ('<img src=x onerror=alert(1)>', "Bob"))
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


# --- the game sheet ------------------------------------------------------------------------------

def test_three_hands_edit_and_delete(client):
    token = start_sheet(client)
    token = add_hand(client, token, knocked_by="0", mode="cards", knocker=KNOCKER,
                     defender=DEFENDER)                                   # Ann +26
    token = add_hand(client, token, knocked_by="1", mode="counts", knocker_deadwood="3",
                     defender_deadwood="20")                              # Bob +17
    token = add_hand(client, token, knocked_by="0", mode="draw")          # a dead hand
    sheet = sheet_answer(token)
    assert [row["points"] for row in sheet["hands"]] == [26, 17, 0]
    page = client.get("/", query_string={"g": token, "show": "3"}).get_data(as_text=True)
    assert "Hand 3: Dead hand" in text_of(page) and "Ann knocks" in text_of(page)

    # edit hand 2: the form comes back filled in, and Score replaces the hand
    response = client.post("/", data={"g": token, "action": "edit:2"})
    assert response.status_code == 303 and "edit=2" in response.headers["Location"]
    form = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Edit hand 2" in form and 'name="edit" value="2"' in form
    assert re.search(r'name="knocker_deadwood" type="text" value="3"', form)
    token = add_hand(client, token, edit="2", knocked_by="1", mode="counts",
                     knocker_deadwood="3", defender_deadwood="40")        # Bob +37 now
    assert [row["points"] for row in sheet_answer(token)["hands"]] == [26, 37, 0]

    # delete hand 1: the sheet is worked out again
    response = client.post("/", data={"g": token, "action": "delete:1"})
    assert response.status_code == 303 and "deleted=1" in response.headers["Location"]
    token = token_of(response.headers["Location"])
    sheet = sheet_answer(token)
    assert sheet["games"][0]["totals"] == {"Ann": 0, "Bob": 37}
    page = text_of(client.get(response.headers["Location"]).get_data(as_text=True))
    assert "Hand 1 deleted" in page and "Ann 0 Bob 37" in page     # the scoreboard


def test_who_knocked_is_required_on_a_sheet(client):
    token = start_sheet(client)
    response = score(client, g=token, mode="counts", knocker_deadwood="3",
                     defender_deadwood="20")
    assert response.status_code == 422
    assert "say who knocked: Ann or Bob" in response.get_data(as_text=True)


def test_errors_of_a_hand_on_the_sheet_point_into_the_form(client):
    token = start_sheet(client)
    response = score(client, g=token, knocked_by="0", mode="cards", knocker=BAD_KNOCKER,
                     defender=DEFENDER)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "<mark>Qx</mark>" in html and f'value="{token}"' in html   # the sheet is kept


def test_game_end_with_bonuses(client):
    token = start_sheet(client)
    for who, mine, theirs in [("0", "2", "60"), ("1", "0", "30"), ("0", "1", "60")]:
        token = add_hand(client, token, knocked_by=who, mode="counts", kind="knock"
                         if mine != "0" else "gin", knocker_deadwood=mine,
                         defender_deadwood=theirs)
    sheet = sheet_answer(token)
    assert sheet["finished"] and sheet["winner"] == "Ann"
    text = text_of(client.get("/", query_string={"g": token}).get_data(as_text=True))
    game = sheet["games"][0]
    assert f"Ann wins by {game['margin']}" in text
    for words in ("Game bonus", "Boxes", "Final", "Game over"):
        assert words in text
    # a hand after the end is refused, at the form level
    response = score(client, g=token, knocked_by="1", mode="counts", knocker_deadwood="1",
                     defender_deadwood="9")
    assert response.status_code == 422 and "comes after it" in response.get_data(as_text=True)


def test_hollywood_sheet_has_three_games(client):
    token = start_sheet(client, preset="hollywood")
    for who in ("0", "1", "0", "0"):
        token = add_hand(client, token, knocked_by=who, mode="counts", knocker_deadwood="2",
                         defender_deadwood="30")
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert html.count('class="num game-col"') == 3
    sheet = sheet_answer(token)
    assert [g["totals"]["Ann"] for g in sheet["games"]] == [84, 56, 28]
    # the last row's cells hold every game's totals, Ann above Bob
    last_row = html.split("<tbody>")[1].split("</tbody>")[0].split("<tr")[-1]
    assert re.findall(r"</span>(\d+)</span>", last_row)[:6] == ["84", "28", "56", "0", "28",
                                                                "0"]


def test_rules_change_recomputes_or_says_which_hand_breaks(client):
    token = start_sheet(client)
    token = add_hand(client, token, knocked_by="0", mode="counts", knocker_deadwood="8",
                     defender_deadwood="20")
    response = client.post("/", data={"g": token, "action": "setup", "player0": "Ann",
                                      "player1": "Bob", "preset": "straight"})
    assert response.status_code == 422
    assert "hand 1: illegal knock" in response.get_data(as_text=True)
    response = client.post("/", data={"g": token, "action": "setup", "player0": "Ann",
                                      "player1": "Bea", "r_undercut_bonus": "10"})
    assert response.status_code == 303
    assert sharing.decode(token_of(response.headers["Location"])).players == ("Ann", "Bea")


def test_setup_needs_two_different_names(client):
    response = client.post("/", data={"action": "setup", "player0": "Ann", "player1": ""})
    assert response.status_code == 422 and 'id="setup-player1-error"' in response.get_data(
        as_text=True)
    response = client.post("/", data={"action": "setup", "player0": "Ann", "player1": "Ann"})
    assert response.status_code == 422 and "different names" in response.get_data(as_text=True)


def test_new_game_keeps_players_and_rules(client):
    token = start_sheet(client, preset="classic")
    token = add_hand(client, token, knocked_by="0", mode="draw")
    response = client.post("/", data={"g": token, "action": "new"})
    ledger = sharing.decode(token_of(response.headers["Location"]))
    assert ledger.hands == () and ledger.rules == {"preset": "classic"}


def test_a_ledger_too_long_for_a_link_still_works_through_the_form(client):
    shuffle = random.Random(7).sample
    hands = tuple(Hand("cards", "0", " ".join(shuffle(KNOCKER.split(), 10)),
                       " ".join(shuffle(DEFENDER.split(), 10))) for _ in range(300))
    ledger = Ledger(("Ann", "Bob"), {"target": 10000}, hands)
    token = sharing.encode(ledger)
    assert not sharing.fits_in_link(token)
    response = score(client, g=token, knocked_by="1", mode="counts", knocker_deadwood="1",
                     defender_deadwood="9")
    assert response.status_code == 200                     # rendered, not redirected
    html = response.get_data(as_text=True)
    assert "too long to fit in a link" in html
    new_token = re.search(r'name="g" value="([^"]+)"', html).group(1)
    assert len(sharing.decode(new_token).hands) == 301


@pytest.mark.parametrize("data", [
    {"action": "delete:9"}, {"action": "edit:x"}, {"action": "launch"}, {"action": "new"},
])
def test_bad_buttons_are_a_400(client, data):
    token = start_sheet(client) if data["action"] != "new" else ""
    response = client.post("/", data={"g": token, **data}, headers=HTML)
    assert response.status_code == 400 and response.mimetype == "text/html"


# --- analyze -------------------------------------------------------------------------------------

def test_analyze_eleven_cards(client):
    response = client.post("/", data={"action": "analyze", "hand": KNOCKER + " 4s"})
    text = text_of(response.get_data(as_text=True))
    assert response.status_code == 200
    assert "Gin" in text and "Discard" in text and "Each discard, best first" in text


def test_analyze_ten_cards_gives_outs(client):
    text = text_of(client.post("/", data={"action": "analyze", "hand": KNOCKER}).get_data(
        as_text=True))
    assert "You can knock" in text and "Gin outs" in text and "Knock outs" in text


def test_analyze_error_is_marked(client):
    response = client.post("/", data={"action": "analyze", "hand": "As 2s 3s 7c 7h 7d Tc Jc Qc 5z"})
    assert response.status_code == 422
    assert "<mark>5z</mark>" in response.get_data(as_text=True)


def test_analyze_keeps_the_sheet(client):
    token = start_sheet(client)
    response = client.post("/", data={"action": "analyze", "hand": KNOCKER, "g": token})
    assert 'data-sheet-token="' + token in response.get_data(as_text=True)


def test_the_next_hand_is_entered_the_same_way(client):
    """A table that counts deadwood keeps counting: the form comes back in counts mode."""
    token = start_sheet(client)
    response = score(client, g=token, knocked_by="0", mode="counts", knocker_deadwood="2",
                     defender_deadwood="9")
    assert "mode=counts" in response.headers["Location"]
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r'name="mode" value="counts" checked', html)
    assert "Ann (knocker): deadwood 2" in text_of(html)
