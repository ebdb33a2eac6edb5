"""The page without JavaScript, through Flask's test client: the start screen, scoring one
hand, the game sheet (counts, cards, points at the table, dead hands), undo and redo, edit,
delete, clearing, the game's end and the night's tally, export and import, errors next to
their fields, headers and escaping. Numbers come from the core (`play_ledger`), never from
copies of its rules."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

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

from calculator import create_app
from calculator.core import score_hand
from calculator.web import play, sharing
from calculator.web.ledger import Hand, Ledger

HTML = {"Accept": "text/html"}
ROOT = Path(__file__).resolve().parents[2]


def score(client, **fields):
    return client.post("/", data={"action": "score", **fields})


def start_sheet(client, players=("Ann", "Bob"), **rules) -> str:
    response = client.post("/", data={"action": "setup", "player0": players[0],
                                      "player1": players[1], **rules})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:500]
    return token_of(response.headers["Location"])


def add_hand(client, token: str, **fields) -> str:
    response = score(client, g=token, **fields)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:800]
    return token_of(response.headers["Location"])


def counts(who: str, mine: str, theirs: str, kind: str = "knock") -> dict:
    """A hand by counts: `who` knocked with `mine`, the other had `theirs`."""
    k = int(who)
    return {"knocked_by": who, "mode": "counts", "kind": kind, f"d{k}": mine,
            f"d{1 - k}": theirs}


def sheet_of(token: str):
    """The same sheet straight from the core, to compare the page with."""
    return play.play(sharing.decode(token))


def page_text(client, location: str) -> str:
    return text_of(client.get(location).get_data(as_text=True))


# --- the start screen ------------------------------------------------------------------------

def test_the_start_screen_is_names_and_start_with_safe_headers(client):
    response = client.get("/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.headers["Cache-Control"] == "no-store"
    csp = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert "Set-Cookie" not in response.headers
    html = response.get_data(as_text=True)
    # game first: the two names and Start come before anything else on the page
    start = html.index('id="setup-player0"')
    assert start < html.index('id="setup-player1"') < html.index('value="setup"')
    assert start < html.index("Score one hand without a sheet") < html.index('href="/advice"')
    assert "Analyze a hand" in html and 'action="analyze"' not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert " style=" not in html and "<style" not in html
    assert not re.search(r'(?:src|href|action)="(?:https?:)?//', html)


@pytest.mark.parametrize("path", ["/static/app.css", "/static/app.js", "/static/theme.js",
                                  "/static/favicon.svg"])
def test_static_files(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_not_found_is_an_html_page_for_browsers(client):
    response = client.get("/no-such-page", headers=HTML)
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "Back to the scorekeeper" in response.get_data(as_text=True)


def test_the_page_no_longer_uses_the_api_service():
    """The page renders the core's typed results; the API's string-dispatched service is
    not its client."""
    for path in (ROOT / "calculator" / "web").glob("*.py"):
        source = path.read_text()
        assert "api import service" not in source and "api.service" not in source, path.name
    for path in (ROOT / "templates").glob("*.html"):
        text = path.read_text()
        assert " is defined" not in text and " is not defined" not in text, \
            f"{path.name} probes for keys"


# --- one hand without a sheet ----------------------------------------------------------------

def test_score_one_hand_by_cards_lays_out_the_table(client):
    response = score(client, mode="cards", c0=KNOCKER, c1=DEFENDER)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    text = text_of(html)
    result = score_hand(KNOCKER, DEFENDER)
    assert f"Knocker scores {result.points}" in text
    assert result.explanation in html.replace("&#39;", "'")
    assert "Lays off" in text and "onto" in text
    assert html.count('class="card suit-') >= 20            # every card drawn as a card
    assert 'aria-label="5 of hearts"' in html                # named for screen readers
    assert f">{KNOCKER}</textarea>" in html                  # what was typed is kept


def test_cards_laid_off_on_a_run_are_drawn_in_its_order(client):
    """A♠ 5♠ 6♠ laid off on 2♠ 3♠ 4♠ and 9♥ on 10♥ J♥ Q♥: each run reads in rank order
    (A 2 3 4 5 6, 9 10 J Q), never as a wrap-around 2 3 4 5 6 A; the laid-off cards marked."""
    response = score(client, mode="cards", c0="2s 3s 4s Ah 5h 6h 7h Th Jh Qh",
                     c1="As 5s 6s 3h 9h 2d 7d Qd Ac Kc")
    html = response.get_data(as_text=True)
    side = re.search(r'<div class="side knocker-side">(.*?)<div class="side defender-side">',
                     html, re.S).group(1)
    card = re.compile(r'<span class="card suit-\w (?:red|black) ?([\w-]*)" role="img" '
                      r'aria-label="([^"]+)"')
    runs = [[(code, extra == "laid-off") for extra, code in card.findall(meld)]
            for meld in re.findall(r'<li class="meld">(.*?)</li>', side, re.S)]
    assert runs == [
        [("ace of spades", True), ("2 of spades", False), ("3 of spades", False),
         ("4 of spades", False), ("5 of spades", True), ("6 of spades", True)],
        [("5 of hearts", False), ("6 of hearts", False), ("7 of hearts", False)],
        [("9 of hearts", True), ("10 of hearts", False), ("jack of hearts", False),
         ("queen of hearts", False)]]


def test_score_shows_a_better_spread(client):
    html = score(client, mode="cards", c0=BETTER_KNOCKER, c1=BETTER_DEFENDER).get_data(
        as_text=True)
    assert "A better spread" in text_of(html)


@pytest.mark.parametrize("fields, expected", [
    ({"d0": "5", "d1": "28"}, "Knocker scores 23"),
    ({"d0": "7", "d1": "7"}, "Defender scores 25"),
    ({"kind": "gin", "d0": "", "d1": "14"}, "Knocker scores 39"),
    ({"kind": "gin", "d0": "0", "d1": "14"}, "Knocker scores 39"),
    ({"kind": "big_gin", "d1": "14"}, "Knocker scores 45"),
])
def test_score_one_hand_by_counts(client, fields, expected):
    response = score(client, mode="counts", **fields)
    assert response.status_code == 200
    assert expected in text_of(response.get_data(as_text=True))


def test_the_bad_tokens_place_is_given_in_the_browsers_utf16_units(client):
    """setSelectionRange counts UTF-16 code units: each card glyph before the bad token is
    two of them (🂡 is one character, two units)."""
    response = score(client, mode="cards", c0="🂡 🂢 🂣 Qx 5h 6h 7h 8c 8d 8s", c1=DEFENDER)
    assert response.status_code == 422
    assert 'data-mark-start="9" data-mark-end="11"' in response.get_data(as_text=True)


def test_a_count_hidden_by_gin_comes_back_in_sight_with_its_error(client):
    """Gin hides the knocker's box (app.css): a count typed there before choosing Gin is
    refused, and both boxes are then kept in sight (`dw-shown`) so it can be cleared."""
    response = score(client, mode="counts", kind="gin", d0="5", d1="20")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "gin means 0 deadwood, not 5" in text_of(html)
    assert re.search(r'class="field dw dw-0 dw-shown', html)
    assert re.search(r'class="field dw dw-1 dw-shown', html)
    assert "dw-shown" not in score(client, mode="counts", kind="gin", d1="20").get_data(
        as_text=True)


def test_a_knock_with_0_deadwood_is_not_silently_gin(client):
    response = score(client, mode="counts", kind="knock", d0="0", d1="20")
    assert response.status_code == 422
    error = re.search(r'id="score-d0-error">(.*?)</div>', response.get_data(as_text=True), re.S)
    assert error and "choose Gin" in error.group(1)


def test_oklahoma_upcard_doubles_and_is_required(client):
    missing = score(client, mode="counts", d0="3", d1="21", preset="oklahoma")
    assert missing.status_code == 422
    assert 'id="score-upcard-error"' in missing.get_data(as_text=True)
    doubled = score(client, mode="counts", d0="3", d1="21", preset="oklahoma", upcard="6♠")
    assert "Knocker scores 36" in text_of(doubled.get_data(as_text=True))


def test_a_dead_hand(client):
    assert "Nobody scores" in text_of(score(client, mode="draw").get_data(as_text=True))


def test_rule_options_apply(client):
    response = score(client, mode="counts", d0="7", d1="7", r_tie_is_undercut="no")
    assert "Nobody scores" in text_of(response.get_data(as_text=True))


# --- errors next to the field ----------------------------------------------------------------

def test_bad_card_is_named_marked_and_kept(client):
    response = score(client, mode="cards", c0=BAD_KNOCKER, c1=DEFENDER)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    error = re.search(r'<div class="field-error" id="score-c0-error">(.*?)</div>', html, re.S)
    assert error and "&#39;<bdi>Qx</bdi>&#39;" in error.group(1)     # the token isolated
    assert "Jc <mark><bdi>Qx</bdi></mark> 5h" in error.group(1)  # an override stops there
    assert f">{BAD_KNOCKER}</textarea>" in html and f">{DEFENDER}</textarea>" in html
    assert 'aria-invalid="true"' in html and 'data-mark-start="24" data-mark-end="26"' in html
    assert "href=\"#score-c0\">Knocker&#39;s cards: <span dir=\"auto\">unknown suit" in html


@pytest.mark.parametrize("fields, field, words", [
    ({"c0": KNOCKER, "c1": DEFENDER.replace("6h", "As")}, "c1", "card As is in"),
    ({"c0": KNOCKER.replace("5h", "As"), "c1": DEFENDER}, "c0", "duplicate"),
    ({"c0": "As 2s 3s", "c1": DEFENDER}, "c0", "3 cards"),
    ({"c0": KNOCKER, "c1": ""}, "c1", "type the defender"),
    ({"c0": "As 2s 3s 7c 7h 7d Tc Jc 4c 5h", "c1": DEFENDER}, "c0", "illegal knock"),
    ({"mode": "counts", "d0": "five", "d1": "3"}, "d0", "whole number"),
    ({"mode": "counts", "d0": "²", "d1": "3"}, "d0", "whole number"),
    ({"mode": "counts", "d0": "3", "d1": "٣"}, "d1", "whole number"),
    ({"mode": "counts", "d0": "12", "d1": "3"}, "d0", "above the knock limit"),
    ({"mode": "counts", "d0": "1", "d1": "300"}, "d1", "0 to 98"),
    ({"mode": "counts", "d0": "1", "d1": "99999"}, "d1", "deadwood count is a whole number from 0 to 98"),
    ({"mode": "counts", "d0": "99999", "d1": "3"}, "d0", "0 to 98"),
    ({"mode": "counts", "kind": "gin", "d0": "99999", "d1": "3"}, "d0", "0 to 98"),
    ({"mode": "counts", "d0": "1", "d1": "9" * 5000}, "d1", "0 to 98"),
    ({"mode": "counts", "kind": "gin", "d0": "4", "d1": "3"}, "kind", "gin means 0"),
    ({"mode": "counts", "kind": "big_gin", "d0": "7", "d1": "3"}, "kind", "big gin means 0"),
    ({"mode": "counts", "d0": "1", "d1": "3", "r_knock_limit": "11"}, "r_knock_limit",
     "between 0 and 10"),
    ({"mode": "counts", "d0": "1", "d1": "3", "r_gin_bonus": "lots"}, "r_gin_bonus",
     "whole number"),
    ({"mode": "counts", "d0": "1", "d1": "3", "r_target": "¹⁰⁰"}, "r_target",
     "whole number"),
])
def test_errors_sit_next_to_their_field(client, fields, field, words):
    response = score(client, **{"mode": "cards", **fields})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    error = re.search(rf'id="score-{field}-error">(.*?)</div>', html, re.S)
    assert error, text_of(html)[:600]
    assert words in error.group(1).replace("&#39;", "'")


@pytest.mark.parametrize("on_sheet", [False, True], ids=["one hand", "sheet"])
def test_a_blank_hand_asks_only_for_what_works_without_the_script(client, on_sheet):
    """A blank cards box said "type Bob's cards, or pick them", but the card picker exists
    only with the script, and the server cannot know whether it ran: it asks to type them,
    true either way (with the script the picker sits under the box)."""
    data = {"action": "score", "mode": "cards", "knocked_by": "0", "c0": KNOCKER, "c1": ""}
    if on_sheet:
        data["g"] = sharing.encode(Ledger(("Ann", "Bob")))
    response = client.post("/", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True).replace("&#39;", "'")
    error = re.search(r'id="score-c1-error">(.*?)</div>', html, re.S).group(1)
    who = "Bob's" if on_sheet else "the defender's"
    assert text_of(error) == f"! type {who} cards"
    assert "pick" not in text_of(html.split('class="error-summary"')[1].split("</div>")[0])


def test_a_count_out_of_range_is_told_its_range_not_that_it_is_no_number(client):
    for typed in ("99999", "1" + "0" * 40):
        response = score(client, mode="counts", knocked_by="0", kind="knock", d0="5", d1=typed)
        text = text_of(response.get_data(as_text=True)).replace("&#39;", "'")
        assert response.status_code == 422 and "0 to 98" in text and "like 12" not in text
    # leading zeros are still the number they spell; other digits than 0-9 are no number
    response = score(client, mode="counts", knocked_by="0", kind="knock", d0="5",
                     d1="0000031")
    assert response.status_code == 200 and "26" in text_of(response.get_data(as_text=True))
    response = score(client, mode="counts", knocked_by="0", kind="knock", d0="5", d1="３１")
    assert response.status_code == 422 and "like 12" in response.get_data(as_text=True)


def test_points_at_the_table_out_of_range_are_told_the_range(client):
    token = start_sheet(client)
    response = score(client, g=token, mode="table", winner="0", points="99999")
    assert response.status_code == 422
    error = re.search(r'id="score-points-error">(.*?)</div>', response.get_data(as_text=True),
                      re.S)
    assert error and "a hand's score is a whole number from 0 to 129" in error.group(
        1).replace("&#39;", "'")
    # the field takes what was typed whole: no length limit cuts 100000 to 1000 unseen
    field = re.search(r'<input id="score-points"[^>]*>', response.get_data(as_text=True)).group(0)
    assert "maxlength" not in field and 'value="99999"' in field


def test_everything_typed_is_escaped_and_isolated(client):
    payload = '</textarea><script>alert("x")</script>'
    html = score(client, mode="cards", c0=payload, c1="<b>4s</b>").get_data(as_text=True)
    assert "<script>alert" not in html and "<b>4s</b>" not in html
    assert "&lt;/textarea&gt;&lt;script&gt;" in html
    token = start_sheet(client, ("<img src=x onerror=alert(1)>", "Bob"))
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert "<img src=x" not in html
    assert '<bdi class="board-name">&lt;img src=x onerror=alert(1)&gt;</bdi>' in html


@pytest.mark.parametrize("name", ["\u202eAnn", "A\u200bnn", "Ann\x00", "Ann\x1b[31m",
                                  "\ufeffAnn", "Ann\x7f"])
def test_names_with_invisible_characters_are_refused_at_their_field(client, name):
    response = client.post("/", data={"action": "setup", "player0": name, "player1": "Bob"})
    assert response.status_code == 422
    error = re.search(r'id="setup-player0-error">(.*?)</div>', response.get_data(as_text=True),
                      re.S)
    assert error and "name" in error.group(1)


def test_names_are_normalised_and_every_name_is_isolated(client):
    token = start_sheet(client, ("  Ann   Lee ", "\u05d3\u05e0\u05d9"))      # a Hebrew name
    assert sharing.decode(token).players == ("Ann Lee", "\u05d3\u05e0\u05d9")
    token = add_hand(client, token, **counts("1", "4", "30"))
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    for name in ("Ann Lee", "\u05d3\u05e0\u05d9"):
        bare = re.sub(r"<bdi[^>]*>" + re.escape(name) + "</bdi>", "", html)
        title = re.sub(r"<title>.*?</title>", "", bare, flags=re.S)
        attributes = re.sub(r'="[^"]*"', '=""', title)
        assert name not in text_of(attributes), f"{name} shown without isolation"


# --- the game sheet --------------------------------------------------------------------------

def test_a_hand_by_counts_with_its_message_undo_and_redo(client):
    token = start_sheet(client)
    response = score(client, g=token, **counts("0", "5", "28"))
    location = response.headers["Location"]
    assert response.status_code == 303 and "did=add" in location and "u=" + token in location
    html = client.get(location).get_data(as_text=True)
    text = text_of(html)
    assert "Hand 1: Ann knocks, 5 v 28: Ann +23." in text
    assert re.search(r'<div class="notice" id="notice" role="status">', html)
    assert "Ann 23 77 to go Bob 0 100 to go" in text          # the scoreboard
    assert "Hand 2 · game to 100 · Ann deals" in text
    assert 'value="undo">Undo</button>' in html
    # Undo: the sheet before the hand, and Redo
    undo = client.post("/", data={"g": token, "other": token_of(location), "action": "undo"})
    assert undo.status_code == 303 and token_of(undo.headers["Location"]) == token
    html = client.get(undo.headers["Location"]).get_data(as_text=True)
    assert "Undone." in text_of(html) and 'value="redo">Redo</button>' in html
    redo = client.post("/", data={"g": token_of(location), "other": token, "action": "redo"})
    assert token_of(redo.headers["Location"]) == token_of(location)
    assert "Done again." in page_text(client, redo.headers["Location"])


def test_labels_carry_the_names_and_counts_is_the_default(client):
    token = start_sheet(client, ("Annabel", "Bob"))
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert "<bdi>Annabel</bdi>&#39;s deadwood" in html and "<bdi>Bob</bdi>&#39;s cards" in html
    assert re.search(r'name="mode" value="counts" checked', html)
    assert re.search(r'id="score-d0" name="d0" type="text" inputmode="numeric" '
                     r'pattern="\[0-9\]\*"', html)


def test_the_mode_is_remembered_per_sheet(client):
    token = start_sheet(client)
    token = add_hand(client, token, knocked_by="0", mode="cards", c0=KNOCKER, c1=DEFENDER)
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert re.search(r'name="mode" value="cards" checked', html)
    token = add_hand(client, token, mode="draw")                   # a dead hand keeps it
    response = client.post("/", data={"g": token, "action": "delete:2"})
    token = token_of(response.headers["Location"])                 # and so does a delete
    assert sharing.decode(token).mode == "cards"
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert re.search(r'name="mode" value="cards" checked', html)


def test_points_at_the_table(client):
    token = start_sheet(client)
    token = add_hand(client, token, mode="table", winner="1", points="18")
    sheet = sheet_of(token)
    assert sheet.games[0].totals == {"Ann": 0, "Bob": 18}
    text = page_text(client, "/?g=" + token + "&show=1")
    assert "Bob scores 18" in text and "Bob at the table" in text
    response = score(client, g=token, mode="table", winner="0", points="¹⁸")
    assert response.status_code == 422 and 'id="score-points-error"' in response.get_data(
        as_text=True)
    response = score(client, g=token, mode="table", points="5")
    assert "say who won: Ann or Bob" in response.get_data(as_text=True)


def test_three_hands_edit_and_delete(client):
    token = start_sheet(client)
    token = add_hand(client, token, knocked_by="0", mode="cards", c0=KNOCKER, c1=DEFENDER)
    token = add_hand(client, token, **counts("1", "3", "20"))            # Bob +17
    token = add_hand(client, token, mode="draw")
    assert [row.points for row in sheet_of(token).hands] == [26, 17, 0]
    text = page_text(client, f"/?g={token}&show=3")
    assert "Hand 3: Dead hand" in text and "Ann knocks" in text and "3 v 20" in text

    # edit hand 2: the form comes back filled in, by the players' places
    form = client.get("/", query_string={"g": token, "edit": "2"}).get_data(as_text=True)
    assert "Edit hand 2" in form and 'name="edit" value="2"' in form
    assert re.search(r'id="score-d1" name="d1" [^>]*value="3"', form)
    assert re.search(r'id="score-d0" name="d0" [^>]*value="20"', form)
    response = score(client, g=token, edit="2", **counts("1", "3", "40"))
    assert "did=edit" in response.headers["Location"]
    assert "Hand 2 changed: Bob knocks, 3 v 40: Bob +37." in page_text(
        client, response.headers["Location"])
    token = token_of(response.headers["Location"])
    assert [row.points for row in sheet_of(token).hands] == [26, 37, 0]

    # delete hand 1: worked out again, with Undo
    response = client.post("/", data={"g": token, "action": "delete:1"})
    assert response.status_code == 303 and "did=delete" in response.headers["Location"]
    assert sheet_of(token_of(response.headers["Location"])).games[0].totals == {"Ann": 0,
                                                                               "Bob": 37}
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 deleted." in text_of(html) and 'value="undo">Undo</button>' in html


def test_rows_are_short_and_show_the_counts(client):
    token = start_sheet(client)
    token = add_hand(client, token, **counts("0", "5", "28"))
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    row = re.search(r'<li class="row">(.*?)</li>', html, re.S).group(1)
    assert "<summary>" in row and "5 v 28" in text_of(row) and "+23" in text_of(row)
    assert 'aria-label="Edit hand 1"' in row and 'value="delete:1"' in row


def test_the_error_summary_isolates_the_name_in_a_fields_label(client):
    """An RTL name leads the label: in its own <bdi>, the label and the message each keep
    their direction ("מיכל's deadwood:", then the message in its own dir="auto")."""
    token = start_sheet(client, ("מיכל", "Ann"))
    response = score(client, g=token, **counts("0", "five", "20"))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    summary = re.search(r'<div class="error-summary" id="score-errors".*?</div>', html, re.S)
    assert '<a href="#score-d0"><bdi>מיכל</bdi>&#39;s deadwood: <span dir="auto">' in \
        summary.group(0)
    assert '<label for="score-d0"><bdi>מיכל</bdi>&#39;s deadwood</label>' in html


def test_the_error_summary_counts_its_items(client):
    token = start_sheet(client)
    one = score(client, g=token, **counts("0", "five", "20")).get_data(as_text=True)
    assert "Please fix this to go on:" in one
    two = score(client, g=token, **counts("0", "five", "six")).get_data(as_text=True)
    assert "Please fix these 2 things to go on:" in two and "Please fix this" not in two


def test_oklahomas_upcard_is_asked_before_the_hand(client):
    """The upcard is turned at the deal: its box comes before who knocked and the counts."""
    token = start_sheet(client, preset="oklahoma")
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert html.index('id="score-upcard"') < html.index('id="score-knocked_by"') < \
        html.index('id="score-d0"')
    assert "This hand&#39;s upcard" in html and "Turned at the deal" in html


def test_a_row_says_it_opens_on_a_tap(client):
    token = add_hand(client, start_sheet(client), **counts("0", "5", "28"))
    text = page_text(client, f"/?g={token}")
    assert "Tap a hand to see it in full, edit or delete it." in text


def test_the_sheet_heads_its_columns_with_names_told_apart(client):
    names = ("Alexandra Whitfield", "Alexandra Whitmore")
    token = add_hand(client, start_sheet(client, names), **counts("0", "5", "20"))
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    head = re.search(r'<div class="rows-head[^"]*"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert re.findall(r'<bdi class="r-tot" title="([^"]+)">([^<]+)</bdi>', head) == [
        ("Alexandra Whitfield", "Whitf…"), ("Alexandra Whitmore", "Whitm…")]


@pytest.mark.parametrize("names, short", [
    (("Ann", "Bob"), ("Ann", "Bob")),
    (("Ann", "Anna"), ("Ann", "Anna")),                       # both fit: whole
    (("Bartholomew Fitz", "Ann"), ("Barth…", "Ann")),          # a first word, cut
    (("Jo Ann Smith", "Jo Ann Smyth"), ("Smith", "Smyth")),    # the word where they differ
    (("Bartholomew", "Bartholomeo"), ("Bar…w", "Bar…o")),      # the letters that differ
    (("Maximiliana", "Maximiliana J"), ("…liana", "…ana J")),  # one begins the other
    (("מיכל כהן", "מיכל לוי"), ("כהן", "לוי")),
])
def test_short_names_tell_the_players_apart(names, short):
    from calculator.web.sheet import short_names

    assert short_names(names) == short
    assert all(len(name) <= 6 for name in short_names(names))


def test_who_knocked_is_required_on_a_sheet(client):
    token = start_sheet(client)
    response = score(client, g=token, mode="counts", d0="3", d1="20")
    assert response.status_code == 422
    assert "say who knocked: Ann or Bob" in response.get_data(as_text=True)


def test_errors_of_a_hand_on_the_sheet_point_into_the_form(client):
    token = start_sheet(client)
    response = score(client, g=token, knocked_by="1", mode="cards", c1=BAD_KNOCKER, c0=DEFENDER)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'id="score-c1-error">.*?<mark><bdi>Qx</bdi></mark>', html, re.S)
    assert f'value="{token}"' in html                                   # the sheet is kept


def test_clearing_asks_first_and_can_be_undone(client):
    token = start_sheet(client)
    token = add_hand(client, token, **counts("0", "5", "28"))
    html = client.get("/", query_string={"g": token, "ask": "clear"}).get_data(as_text=True)
    assert "Clear this sheet?" in text_of(html) and 'value="clear"' in html
    response = client.post("/", data={"g": token, "action": "clear"})
    assert response.status_code == 303 and "did=clear" in response.headers["Location"]
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The sheet is cleared." in text_of(html) and "data-forget-sheet" in html
    assert f'name="g" value="{token}"' in html                          # Undo brings it back


def test_the_games_end_gives_the_final_and_the_next_game(client):
    token = start_sheet(client)
    for hand in (counts("0", "2", "60"), counts("1", "0", "30", "gin"), counts("0", "1", "60")):
        token = add_hand(client, token, **hand)
    sheet = sheet_of(token)
    assert sheet.finished and sheet.winner == "Ann"
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    text = text_of(html)
    assert f"Ann wins by {sheet.margin}" in text
    for words in ("Game bonus", "Boxes", "Final", "Next game"):
        assert words in text
    # the next game keeps this one as its final line only: the page says so before it goes
    assert "as its final line, without its hands: to keep them, or to change one, export" \
        in text
    assert 'value="score"' not in html                      # the form gave way to the final
    response = score(client, g=token, **counts("1", "1", "9"))
    assert response.status_code == 400
    for edit in ("x", "0", "4"):  # an edit naming no hand of the sheet would add one
        response = score(client, g=token, edit=edit, **counts("1", "1", "9"))
        assert response.status_code == 400 and "the game is over" in text_of(
            response.get_data(as_text=True))
    # the next game: same players and rules, this one in the night's tally
    response = client.post("/", data={"g": token, "action": "next"})
    ledger = sharing.decode(token_of(response.headers["Location"]))
    assert ledger.hands == () and ledger.players == ("Ann", "Bob")
    assert [(g.winner, g.margin) for g in ledger.night] == [(0, sheet.margin)]
    text = page_text(client, response.headers["Location"])
    assert "Tonight" in text and "Games won" in text and "A new game" in text
    assert client.post("/", data={"g": token_of(response.headers["Location"]),
                                  "action": "next"}).status_code == 400


def nine_boxes(client) -> str:
    """docs/RULES.md's nine boxes: Bob wins nine hands of 10, then Ann one of 100 and the
    game; Bob's boxes leave Ann's final (225) 90 behind his (315)."""
    token = start_sheet(client)
    for who, points in [("1", "10")] * 9 + [("0", "100")]:
        token = add_hand(client, token, mode="table", winner=who, points=points)
    return token


def test_a_winner_left_behind_by_boxes_is_not_said_to_win_by_the_gap(client):
    token = nine_boxes(client)
    sheet = sheet_of(token)
    assert sheet.winner == "Ann" and sheet.margin == -90
    text = page_text(client, f"/?g={token}")
    assert "wins by" not in text
    assert "Ann reached the target and wins; boxes put Bob 's final 90 ahead" in text
    assert text.count("boxes put Bob 's final 90 ahead") == 2       # scoreboard and final


def test_hollywood_games_won_behind_on_boxes_say_so_beside_the_match_winner(client):
    token = start_sheet(client, preset="hollywood")
    for who, points in [("1", "10")] * 9 + [("0", "100")] * 3:
        token = add_hand(client, token, mode="table", winner=who, points=points)
    assert [g.margin for g in sheet_of(token).games] == [-90, -55, -20]
    text = page_text(client, f"/?g={token}")
    assert text.count("Bob wins the match by 165") == 2               # scoreboard and final
    for number, ahead in ((1, 90), (2, 55), (3, 20)):
        assert (f"Game {number}: Ann reached the target and wins; boxes put Bob 's final "
                f"{ahead} ahead") in text


def test_the_nights_margins_add_each_games_margin_as_the_sheet_gives_it(client):
    # A game won with a negative margin takes it off the winner's margins, so the difference
    # of the two players' margins is still the night's difference of finals.
    token = nine_boxes(client)
    location = client.post("/", data={"g": token, "action": "next"}).headers["Location"]
    token = token_of(location)                                # the share link still opens
    ledger = sharing.decode(token)
    assert [(g.winner, g.finals, g.margin) for g in ledger.night] == [(0, (225, 315), -90)]
    for hand in (counts("1", "2", "60"), counts("1", "1", "60")):   # Bob: 58 + 59
        token = add_hand(client, token, **hand)
    token = token_of(client.post("/", data={"g": token, "action": "next"}).headers["Location"])
    night = sharing.decode(token).night
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    tally = re.search(r'<section class="panel tally".*?</section>', html, re.S).group(0)
    bob_margin = night[1].finals[1] - night[1].finals[0]
    assert night[1].winner == 1 and night[1].margin == bob_margin > 0
    assert re.findall(r'<td class="num">(-?\d+)</td>', tally) == ["1", "-90", "1",
                                                                   str(bob_margin)]
    assert sum(g.finals[0] - g.finals[1] for g in night) == -90 - bob_margin
    csv_text = client.get("/evening.csv", query_string={"g": token}).get_data(as_text=True)
    assert "1,final,game,,Ann,-90,225,315" in csv_text      # a number, not a text cell


def test_hollywood_sheet_has_three_games_and_counts_in_the_tally(client):
    token = start_sheet(client, preset="hollywood")
    for who in ("0", "1", "0", "0"):
        token = add_hand(client, token, **counts(who, "2", "30"))
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert html.count('class="board-game"') == 3
    assert [g.totals["Ann"] for g in sheet_of(token).games] == [84, 56, 28]
    last = re.findall(r'<li class="row[^"]*">(.*?)</li>', html, re.S)[-1]
    cells = re.findall(r'<span class="r-tot[^"]*">(.*?)</span>\s*(?=<span class="r-tot|</summary>)',
                       last, re.S)
    # each game's cell: Ann's total over Bob's (the names are there for screen readers)
    assert [re.findall(r'<span class="tot">(\d+)</span>', cell) for cell in cells] == [
        ["84", "28"], ["56", "0"], ["28", "0"]]
    # and the sheet says whose total is on top in those cells
    assert "column: <bdi>Ann</bdi>'s total over <bdi>Bob</bdi>'s." in html


def test_rules_change_recomputes_or_says_which_hand_breaks(client):
    token = start_sheet(client)
    token = add_hand(client, token, **counts("0", "8", "20"))
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
    response = client.post("/", data={"action": "setup", "player0": "Ann", "player1": " Ann"})
    assert response.status_code == 422 and "different names" in response.get_data(as_text=True)


def test_a_ledger_too_long_for_a_link_still_works_through_the_form(client):
    shuffle = random.Random(7).sample
    hands = tuple(Hand("cards", "0", " ".join(shuffle(KNOCKER.split(), 10)),
                       " ".join(shuffle(DEFENDER.split(), 10))) for _ in range(300))
    token = sharing.encode(Ledger(("Ann", "Bob"), {"target": 10000}, hands))
    assert not sharing.fits_in_link(token)
    response = score(client, g=token, **counts("1", "1", "9"))
    assert response.status_code == 200                          # rendered, not redirected
    html = response.get_data(as_text=True)
    assert "too long to fit in a link" in html and "Hand 301: Bob knocks" in text_of(html)
    new_token = re.search(r'data-sheet-token="([^"]+)"', html).group(1)
    assert len(sharing.decode(new_token).hands) == 301


# --- links, caching, numbers in the URL -------------------------------------------------------

def test_every_preset_has_its_summary_shown_without_the_script(client):
    """Each preset's values sit under the menu; the style sheet shows the chosen one's."""
    from calculator.web.forms import PRESET_LABELS, preset_summary

    html = client.get("/").get_data(as_text=True)
    hint = re.search(r'<p class="hint preset-hint" id="setup-preset-hint">(.*?)</p>', html,
                     re.S).group(1)
    spans = re.findall(r'<span class="preset-summary( chosen)?" data-preset="(\w+)">([^<]*)',
                       hint)
    assert [(value, text) for _, value, text in spans] == [
        (value, preset_summary(value).replace("'", "&#39;")) for value in PRESET_LABELS]
    assert [value for chosen, value, _ in spans if chosen] == ["standard"]
    css = (ROOT / "static" / "app.css").read_text()
    for value in PRESET_LABELS:
        assert f'option[value="{value}"]:checked) .preset-summary[data-preset="{value}"]' in css


def test_the_share_link_never_comes_from_the_host_header(client):
    token = start_sheet(client)
    html = client.get("/", query_string={"g": token},
                      headers={"Host": "evil.example"}).get_data(as_text=True)
    assert "evil.example" not in html
    assert f'id="share-link" readonly value="/?g={token}"' in html
    # a relative address is no link to send: the box waits for the script to fill in the
    # full one; without it, the link itself is there to copy (the browser copies it whole)
    box = re.search(r'<input type="text" id="share-link"[^>]*>', html).group(0)
    assert box.endswith(" hidden>")
    assert f'<a class="share-anchor" href="/?g={token}">' in html


def test_the_share_link_uses_the_public_base_url_when_set():
    client = create_app({"TESTING": True, "PUBLIC_BASE_URL": "https://gin.example.org/"}
                        ).test_client()
    token = start_sheet(client)
    response = client.get("/", query_string={"g": token}, headers={"Host": "evil.example"})
    html = response.get_data(as_text=True)
    assert f'value="https://gin.example.org/?g={token}" aria-label="Link to this sheet" ' \
        f'aria-describedby="share-hint">' in html     # a full address: shown as it is
    assert response.headers["Cache-Control"] == "no-store"
    assert "Host" not in response.headers.get("Vary", "")


@pytest.mark.parametrize("query", [{"show": "²"}, {"edit": "²"}, {"show": "٣"}, {"edit": "1 "},
                                   {"did": "delete:²"}, {"did": "add:١"}, {"show": "9" * 50},
                                   {"u": "<script>"}, {"ask": "²"}])
def test_numbers_in_the_url_are_ascii_digits_only(client, query):
    token = start_sheet(client)
    token = add_hand(client, token, **counts("0", "5", "28"))
    response = client.get("/", query_string={"g": token, **query}, headers=HTML)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<h2 id="score-title">Hand 2</h2>' in html
    assert 'id="result"' not in html and "<script>" not in html


@pytest.mark.parametrize("action", ["delete:²", "delete:٣", "delete:0", "delete:9",
                                    "delete:1_0", "launch", "next", "undo:1"])
def test_bad_buttons_are_a_400(client, action):
    token = start_sheet(client)
    token = add_hand(client, token, **counts("0", "5", "28"))
    response = client.post("/", data={"g": token, "action": action}, headers=HTML)
    assert response.status_code == 400 and response.mimetype == "text/html"


def test_a_count_in_a_link_that_is_not_ascii_digits_is_a_400(client):
    from test_sharing import forge
    response = client.get("/", query_string={"g": forge([["Ann", "Bob"], {},
                                                         [["n", 0, "²", 0, 30]]])}, headers=HTML)
    assert response.status_code == 400
    assert "hand 1:" in text_of(response.get_data(as_text=True))


# --- export and import -----------------------------------------------------------------------

def _evening(client) -> str:
    token = start_sheet(client)
    for hand in (counts("0", "2", "60"), counts("1", "0", "30", "gin"), counts("0", "1", "60")):
        token = add_hand(client, token, **hand)
    response = client.post("/", data={"g": token, "action": "next"})
    token = token_of(response.headers["Location"])
    token = add_hand(client, token, mode="table", winner="1", points="18")
    return add_hand(client, token, knocked_by="0", mode="cards", c0=KNOCKER, c1=DEFENDER)


def test_export_csv_and_json_and_import_back(client):
    token = _evening(client)
    csv_answer = client.get("/evening.csv", query_string={"g": token})
    assert csv_answer.status_code == 200 and csv_answer.mimetype == "text/csv"
    assert "attachment" in csv_answer.headers["Content-Disposition"]
    assert csv_answer.headers["Cache-Control"] == "no-store"
    lines = csv_answer.get_data(as_text=True).splitlines()
    assert lines[0] == "game,hand,what,counts,scored by,points,Ann,Bob"
    assert lines[1].startswith("1,final,game,,Ann,")
    assert lines[2] == "2,1,Bob at the table,,Bob,18,0,18"
    assert lines[3] == "2,2,Ann knocks,5 v 31,Ann,26,26,18"
    exported = client.get("/evening.json", query_string={"g": token})
    data = json.loads(exported.get_data(as_text=True))
    assert data["players"] == ["Ann", "Bob"] and len(data["finished_games"]) == 1
    response = client.post("/evening", data={"evening_text": json.dumps(data)})
    assert response.status_code == 303
    assert sharing.decode(token_of(response.headers["Location"])) == sharing.decode(token)


def test_a_hollywood_match_exports_its_finals_under_the_match_columns(client):
    token = start_sheet(client, preset="hollywood")
    for who, points in (("0", "129"), ("0", "129"), ("1", "90"), ("1", "20")):
        token = add_hand(client, token, mode="table", winner=who, points=points)
    lines = client.get("/evening.csv", query_string={"g": token}).get_data(
        as_text=True).splitlines()
    assert lines[0] == ("game,hand,what,counts,scored by,points," + ",".join(
        f"{p} game {g}" for g in (1, 2, 3) for p in ("Ann", "Bob")) + ",Ann match,Bob match")
    assert lines[4] == "1,4,Bob at the table,,Bob,20,129,0,129,0,0,110,,"  # each game's totals
    assert lines[5] == "1,final,this match,,Ann,348,,,,,,,708,360"
    token = token_of(client.post("/", data={"g": token, "action": "next"}).headers["Location"])
    lines = client.get("/evening.csv", query_string={"g": token}).get_data(
        as_text=True).splitlines()
    assert lines[1] == "1,final,Hollywood match,,Ann,348,,,,,,,708,360"


def test_a_spreadsheet_formula_in_a_name_is_exported_as_text(client):
    token = start_sheet(client, ("=HYPERLINK(1)", "Bob"))
    token = add_hand(client, token, **counts("0", "5", "28"))
    text = client.get("/evening.csv", query_string={"g": token}).get_data(as_text=True)
    assert "'=HYPERLINK(1)" in text and ",=HYPERLINK" not in text


@pytest.mark.parametrize("raw", ["[]", "{}", '{"format": "gin-scorekeeper-evening"}',
                                 "not json", '{"format": "gin-scorekeeper-evening", "version": 1,'
                                 ' "players": ["Ann", "Bob"], "hands": [{"mode": "counts"}]}'])
def test_a_bad_evening_file_is_a_readable_400(client, raw):
    response = client.post("/evening", data={"evening_text": raw}, headers=HTML)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    # the start screen again, the reason beside the import form (open), not a "Bad Request"
    assert "<title>Gin Rummy scorekeeper</title>" in html and "Bad Request" not in html
    error = re.search(r'<details class="import" open>.*?id="import-errors"[^>]*>(.*?)</div>',
                      html, re.S)
    assert error and "That evening could not be read" in error.group(1)
    assert 'id="setup-player0"' in html


@pytest.mark.parametrize("saved_again", [False, True], ids=["as exported", "by a spreadsheet"])
def test_the_csv_export_read_in_is_told_to_be_the_csv(client, saved_again):
    """The CSV export chosen to be read back in was told "not an evening exported from this
    page (it is not JSON)": it is one, the CSV; only the JSON export is read back in. Known
    by its heading, as exported or as a spreadsheet saves it again (quoted, with ;)."""
    from io import BytesIO

    token = _evening(client)
    exported = client.get("/evening.csv", query_string={"g": token}).get_data()
    if saved_again:
        exported = b"\xef\xbb\xbf" + b"\r\n".join(
            b";".join(b'"%s"' % cell for cell in line.split(b","))
            for line in exported.splitlines())
    response = client.post("/evening", data={"evening": (BytesIO(exported), "gin-evening.csv")},
                           content_type="multipart/form-data", headers=HTML)
    assert response.status_code == 400
    text = text_of(response.get_data(as_text=True)).replace("&#39;", "'")
    assert ("That evening could not be read: the file looks like this page's CSV export, which "
            "is for spreadsheets; only its JSON export can be read back in (the file Export "
            "JSON saved).") in text
    assert "not JSON" not in text


def test_reading_in_no_file_says_to_choose_one(client):
    """"Read it in" with no file chosen: the browser sends an empty file part."""
    from io import BytesIO

    response = client.post("/evening", data={"evening": (BytesIO(b""), "")},
                           content_type="multipart/form-data", headers=HTML)
    assert response.status_code == 400
    text = text_of(response.get_data(as_text=True)).replace("&#39;", "'")
    assert "No file was chosen: choose the evening's JSON file" in text
    assert "not JSON" not in text


def test_reading_an_evening_over_a_sheet_asks_first_and_can_be_undone(client):
    token = add_hand(client, start_sheet(client, ("Cy", "Di")), **counts("0", "5", "28"))
    html = client.get("/", query_string={"g": token}).get_data(as_text=True)
    form = re.search(r'<form[^>]*class="import-form">(.*?)</form>', html, re.S).group(1)
    assert f'<input type="hidden" name="g" value="{token}">' in form
    assert 'data-confirm="Replace this sheet with the evening in the file?' in form
    evening = client.get("/evening.json", query_string={"g": _evening(client)})
    response = client.post("/evening", data={"g": token,
                                             "evening_text": evening.get_data(as_text=True)})
    assert response.status_code == 303
    shown = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The evening is read back in." in shown
    undo = re.search(r'<input type="hidden" name="g" value="([^"]+)">\s*'
                     r'<input type="hidden" name="other"', shown).group(1)
    assert undo == token                          # Undo brings back the sheet it replaced
    # a bad file read in over a sheet: that sheet again, the reason beside the form
    response = client.post("/evening", data={"g": token, "evening_text": "not json"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and 'id="import-errors"' in html
    assert '<bdi class="board-name">Cy</bdi>' in html


def test_a_hand_typed_past_the_fields_length_is_told_not_scored_cut_short(client):
    # cut at 2,000 characters this would be the 10 cards before the spaces, scored without
    # its eleventh (the API refuses such a hand too; the advice page says the same)
    long = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h" + " " * 1970 + " Kd"
    answer = score(client, mode="cards", c0=long, c1="4s 5s 7s Kc Ks Kh 9h 8h 2d 3d")
    assert answer.status_code == 422
    page = text_of(answer.get_data(as_text=True))
    assert "at most 2000 characters, please" in page and "Knocker scores" not in page
    sheet = start_sheet(client)
    answer = score(client, g=sheet, knocked_by="1", mode="cards", c1=long,
                   c0="4s 5s 7s Kc Ks Kh 9h 8h 2d 3d")
    assert answer.status_code == 422 and "at most 2000 characters" in text_of(
        answer.get_data(as_text=True))


def test_a_sheet_that_cannot_be_played_says_why_the_same_way_everywhere(client):
    """A hand with no knocker: the page, the export and the import name the hand and what it
    lacks (the export once said only "form slips"), and a damaged link ends in one mark."""
    hands = (Hand("counts", "", knocker_deadwood="5", defender_deadwood="28"),)
    token = sharing.encode(Ledger(("Ann", "Bob"), {}, hands))
    page_text = text_of(client.get("/", query_string={"g": token}).get_data(as_text=True))
    export = client.get("/evening.csv", query_string={"g": token}, headers=HTML)
    assert export.status_code == 400
    export_text = text_of(export.get_data(as_text=True))
    assert "form slips" not in export_text
    for text in (page_text, export_text):
        assert "could not be opened: hand 1: say who knocked" in text, text[:400]
    raw = json.dumps({"format": "gin-scorekeeper-evening", "version": 1,
                      "players": ["Ann", "Bob"],
                      "hands": [{"mode": "counts", "knocker_deadwood": "5",
                                 "defender_deadwood": "28"}]})
    imported = text_of(client.post("/evening", data={"evening_text": raw},
                                   headers=HTML).get_data(as_text=True))
    assert "That evening could not be read: hand 1" in imported
    damaged = text_of(client.get("/", query_string={"g": "1AAAA"}).get_data(as_text=True))
    assert "when copied?" in damaged and "?." not in damaged


def test_a_sheet_without_oklahoma_takes_no_upcard(client):
    """The form of such a sheet has no upcard field: a posted one is not read (its error
    would point at a field that is not there)."""
    token = start_sheet(client)
    token = add_hand(client, token, upcard="Zz", **counts("0", "5", "28"))
    assert len(sharing.decode(token).hands) == 1 and sharing.decode(token).hands[0].upcard == ""


@pytest.mark.parametrize("players", [[1, 2], ["Ann", "x" * 500]])
def test_an_evening_files_faults_are_told_as_the_files(client, players):
    """The file is read with the share link's checks, and they speak of the file."""
    raw = json.dumps({"format": "gin-scorekeeper-evening", "version": 1, "players": players,
                      "hands": []})
    text = text_of(client.post("/evening", data={"evening_text": raw}, headers=HTML)
                   .get_data(as_text=True))
    assert "That evening could not be read: the file" in text and "the link" not in text


def test_cards_are_kept_without_the_padding_they_were_typed_with(client):
    """A sheet keeps its hands as typed: some 1,990 spaces inside each of a hand's fields made a
    sheet of 66 such hands too large to reopen, after the page had taken the 66th. Runs of
    spaces are one space now, runs of line breaks one line break: the same cards."""
    token = start_sheet(client)
    padded = "As 2s 3s" + " " * 1_960 + "7c 7h 7d Tc Jc Qc 5h"
    words = "ace of hearts  \n\n\n  two of hearts,three of hearts"
    token = add_hand(client, token, knocked_by="0", mode="cards", c0=padded,
                     c1="4s 5s 9h 9d 9c Kd Qd 2c 3d 6h")
    hand = sharing.decode(token).hands[0]
    assert hand.knocker == "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"
    assert play.play(sharing.decode(token)).hands[0].points == score_hand(
        hand.knocker.split(), hand.defender.split()).points
    ledger = sharing.decode(token)
    for _ in range(80):  # as many as the decode cap had refused, well past 66
        ledger = Ledger(ledger.players, ledger.rules, ledger.hands + (ledger.hands[0],),
                        ledger.mode)
    assert sharing.decode(sharing.encode(ledger)) == ledger
    from calculator.web.forms import card_text

    assert card_text({"c0": words}, "c0") == "ace of hearts\ntwo of hearts,three of hearts"


def test_a_hand_at_the_table_names_its_winner_as_the_sheet_does(client):
    """A link or an evening's file may hold a name as typed: the sheet showed it normalised
    everywhere but in a hand scored at the table, and the CSV's cell then began with a line
    break before an '=' (a formula once a spreadsheet trims it)."""
    from calculator.web import evening

    ledger = Ledger(("\n=HYPERLINK(\"http://x.example\",\"x\")", "Bob"), {},
                    (Hand("table", winner="0", points="25"),))
    sheet = play.play(ledger)
    assert sheet.players[0] == '=HYPERLINK("http://x.example","x")'
    assert sheet.hands[0].result.winner == sheet.players[0]
    assert evening._cell("\n=1+1") == "'\n=1+1" and evening._cell("  @x") == "'  @x"
    assert evening._cell("Ann") == "Ann" and evening._cell(-5) == "-5"


def test_switching_a_sheet_to_oklahoma_says_how_to_get_past_its_hands_without_an_upcard(client):
    """Oklahoma's knock limit comes from the upcard, which a hand scored as counts under
    other rules never had, and its Edit form shows no upcard field until the sheet is
    Oklahoma's: the message named hand 1 and stopped there (a review found the dead end). It
    says what to do now."""
    token = add_hand(client, start_sheet(client), **counts("0", "4", "30"))
    response = client.post("/", data={"action": "setup", "g": token, "player0": "Ann",
                                      "player1": "Bob", "preset": "oklahoma"})
    assert response.status_code == 422
    text = text_of(response.get_data(as_text=True))
    assert ("hand 1: Oklahoma needs the upcard: it sets the knock limit, and it was scored "
            "without one: to play this sheet by these rules, first enter its hands scored as "
            "counts or cards again as points (Edit, then Points), or delete them") in text
