"""The "What should I do?" page without JavaScript, through Flask's test client: the form, the
answer leading with the advice in words, then the ranked discards with their odds, then the
knock decision; errors beside their fields; user text escaped; the same advice as the API."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import template_rendered
from web_support import follow, long_ledger, text_of

from calculator.api import advice as advice_api
from calculator.core.advice import Advice, advise
from calculator.core.position import written_pile
from calculator.web import advice
from calculator.web import sharing
from calculator.web.ledger import Ledger
from calculator.web.sharing import LINK_CHARS

HAND = "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd"


def headings(html: str) -> list[str]:
    return [text_of(h) for h in re.findall(r"<h2[^>]*>(.*?)</h2>", html, flags=re.S)]


def test_the_form(client):
    page = client.get("/advice")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "<h1>What should I do?</h1>" in html
    assert 'method="post" action="/advice#advice-problem"' in html  # errors in view
    for name in ("hand", "face_up", "pile", "took", "passed", "stock", "score_me",
                 "score_opponent", "preset", "upcard"):
        assert f'name="{name}"' in html
    assert html.count('name="pile_opponent"') == 52 and html.count('name="pile_me"') == 52
    assert "<script>" not in html and " style=" not in html  # the CSP allows neither
    assert headings(html) == ["Your position"]


def test_the_answer_leads_with_the_advice(client):
    form = {"hand": HAND, "pile": "Jc:me 9d:opp", "took": "Jd Jh",
            "pile_opponent": ["Qs", "Ah"], "pile_me": ["2d"]}
    page = client.post("/advice", data=form)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert headings(html)[:3] == ["The advice", "The discards, best first", "Knock now?"]
    # the ticked cards lie under the typed pile: a tick does not say when a card was thrown
    core = advise(HAND, [{"card": "Ah", "by": "opponent"}, {"card": "Qs", "by": "opponent"},
                         {"card": "2d", "by": "me"}, {"card": "Jc", "by": "me"},
                         {"card": "9d", "by": "opponent"}], opponent_took=["Jd", "Jh"])
    text = text_of(html)
    assert core.summary in text
    first_reasons = [text.index(d.reason) for d in core.discards]
    assert first_reasons == sorted(first_reasons)  # ranked as the core ranks them
    # the knock's reason is in the advice's words too, and again in its own section
    assert text.index(core.summary) < text.index(core.discards[0].reason) < text.rindex(
        core.knock.reason)
    assert "26 in the stock" in text  # 52 - 11 - 10 - 5 in the pile


def test_a_link_carries_the_position(client):
    page = client.get("/advice", query_string={"hand": "As 2s 3s 5h 6h 7h 9c 9d Kd Qc",
                                               "face_up": "9h"})
    assert page.status_code == 200
    text = text_of(page.get_data(as_text=True))
    assert "Take 9♥" in text and "Take or draw?" in text


def test_checked_cards_stay_checked(client):
    html = client.post("/advice", data={"hand": HAND, "pile_me": ["Qc"],
                                        "stock": "30"}).get_data(as_text=True)
    assert 'value="Qc" checked' in html


def test_errors_sit_beside_their_fields(client):
    page = client.post("/advice", data={"hand": HAND, "pile": "Jc Kd"})
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    assert 'id="advice-pile-error"' in html and "card Kd is in two places" in html
    assert 'href="#advice-pile"' in html
    page = client.post("/advice", data={"hand": HAND, "stock": "٣"})
    assert page.status_code == 422 and "is not a whole number" in page.get_data(as_text=True)
    page = client.post("/advice", data={"hand": HAND, "score_me": "10"})
    assert page.status_code == 422 and "give both scores" in page.get_data(as_text=True)
    page = client.post("/advice", data={"hand": ""})
    assert page.status_code == 422 and "type your 10 or 11 cards" in page.get_data(as_text=True)
    page = client.post("/advice", data={"hand": HAND, "pile_me": ["Kd"]})
    assert page.status_code == 422 and 'id="advice-picker-error"' in page.get_data(as_text=True)


def test_user_text_is_escaped_and_isolated(client):
    page = client.post("/advice", data={"hand": 'As 2s <script>alert(1)</script> "x'})
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert 'value="As 2s &lt;script&gt;alert(1)&lt;/script&gt; &#34;x"' in html
    assert '<span dir="auto">' in html


def test_long_fields_are_refused_cheaply(client):
    page = client.post("/advice", data={"hand": "As " * 5000})
    assert page.status_code == 422 and "at most 2000 characters" in page.get_data(as_text=True)


def test_every_field_an_error_can_name_is_on_the_form(client):
    # An error beside a field the form does not have would point its summary link nowhere.
    html = client.get("/advice").get_data(as_text=True)
    for name in set(advice.FIELD_OF.values()) | (set(advice.LABELS) - {""}):
        assert f'id="advice-{name}"' in html, name


def test_the_page_renders_the_cores_advice_not_the_apis_json(app, client, monkeypatch):
    def no_json(answer):
        raise AssertionError("the page rendered the API's JSON answer")

    monkeypatch.setattr(advice_api, "answer", no_json)
    answers = []

    def record(sender, template, context, **extra):
        answers.append(context["answer"])

    with template_rendered.connected_to(record, app):
        page = client.post("/advice", data={"hand": HAND, "face_up": ""})
    assert page.status_code == 200
    [answer] = answers
    assert type(answer) is Advice and answer == advise(HAND)
    assert answer.summary in text_of(page.get_data(as_text=True))


def percent(p: float) -> str:
    """A chance as the page writes it (templates/advice.html, `pct`)."""
    return "0%" if p == 0 else f"{p * 100:.1f}%" if p < 0.01 else f"{p * 100:.0f}%"


# Positions where a chance taken straight from the core prints one unit off the API's figure
# (rounded to 6 places first): a discard's danger, a sampled look ahead.
FIGURES = [
    ({"hand": "9s 2s 9d 3h 3d 3c 7c 2d 3s Ac 9h", "pile": "8h Qd:opp 6c", "took": "6d",
      "passed": "Qd", "stock": "28"},
     {"hand": "9s 2s 9d 3h 3d 3c 7c 2d 3s Ac 9h",
      "discards": ["8h", {"card": "Qd", "by": "opponent"}, "6c"], "opponent_took": ["6d"],
      "opponent_passed": ["Qd"], "stock": 28}),
    ({"hand": "8d 7d Kd 6s 3h Jc Tc 3d 7s Jh 5h", "pile": "5c Ts:me Ad 9c:me", "passed": "Ts"},
     {"hand": "8d 7d Kd 6s 3h Jc Tc 3d 7s Jh 5h",
      "discards": ["5c", {"card": "Ts", "by": "me"}, "Ad", {"card": "9c", "by": "me"}],
      "opponent_passed": ["Ts"]}),
]


@pytest.mark.parametrize(("form", "body"), FIGURES, ids=["danger", "outlook"])
def test_the_pages_figures_are_the_apis(client, form, body):
    html = client.post("/advice", data=form).get_data(as_text=True)
    json = client.post("/api/v1/advice", json=body).get_json()
    body_rows = re.search(r"<tbody>(.*?)</tbody>", html, flags=re.S)[1]
    rows = [re.findall(r"<td>([^<]*)</td>", row) for row in re.findall(
        r'<tr(?: class="best")?>(.*?)</tr>', body_rows, flags=re.S)]
    assert rows == [
        [str(d["rank"]), str(d["deadwood"]), percent(d["p_knock"]),
         "dead" if d["dead"] else percent(d["danger"]),
         "dead" if d["dead"] else percent(d["adjusted_danger"]), percent(d["p_gin"]),
         str(d["gin_outs"]), str(d["knock_outs"])] for d in json["discards"]]
    text = text_of(html)
    for w in json["outlook"]["within"]:
        sampled = (f" (sampled, ±{max(w['knock_error'], w['gin_error']) * 100:.1f}%)"
                   if w["method"] == "sampled" else "")
        assert (f"Within {w['draws']} draw{'s' if w['draws'] > 1 else ''}: knock or gin "
                f"{percent(w['knock'])}, gin {percent(w['gin'])}{sampled}") in text
    knock = json["knock"]
    if knock is None:
        assert "Knock now?" not in text and "Go down now?" not in text
        return
    assert (f"Win: {percent(knock['win'])} Undercut: {percent(knock['undercut'])} "
            f"Expected points: {knock['expected_points']:+.1f}") in text
    assert f"(error ±{knock['error'] * 100:.1f}%)" in text


TEN = "As 2s 3s 4h 5h 6h 7d 8d 9d Tc"


def error_text(page, name: str) -> str:
    found = re.search(rf'id="advice-{name}-error"[^>]*>(.*?)</(?:div|p|ul)>',
                      page.get_data(as_text=True), re.S)
    assert found, text_of(page.get_data(as_text=True))[:800]
    return text_of(found.group(1)).replace("&#39;", "'")


@pytest.mark.parametrize("fields, field, words", [
    ({"pile": "Jd Kc", "pile_me": ["Kc"]}, "pile", "Kc is in the discard pile twice: ticked "
                                                   "as yours and typed as card 2"),
    ({"pile_opponent": ["Kc"], "pile_me": ["Kc"]}, "picker", "Kc is in the discard pile "
                                                             "twice: ticked as the opponent's "
                                                             "and ticked as yours"),
    # the face-up card ticked in both grids: the same words (it had been "2c on top cannot
    # be a card you threw", the second tick silently replacing the first)
    ({"pile_opponent": ["2c"], "pile_me": ["2c"]}, "picker", "2c is in the discard pile "
                                                             "twice: ticked as the opponent's "
                                                             "and ticked as yours"),
])
def test_a_card_typed_and_ticked_in_the_pile_is_told_by_where_it_is(client, fields, field,
                                                                   words):
    # the core counts the API's list of discards (ticked, then typed): its "token 3" is no
    # place on the page; the error sits beside the card's second place
    page = client.post("/advice", data={"hand": TEN, "face_up": "2c", **fields})
    assert page.status_code == 422
    message = error_text(page, field)
    assert words in message and "token" not in message, message


def test_a_pile_in_words_is_read_as_a_hand_in_words_is(client):
    """Cards written out, between commas, as the hand field and the API take them: each
    phrase is one card (the pile was split at every space: "unknown suit 'ce' in 'ace'")."""
    words = client.post("/advice", data={"hand": TEN, "pile": "ace of hearts, jack of clubs"})
    codes = client.post("/advice", data={"hand": TEN, "pile": "Ah Jc"})
    assert words.status_code == codes.status_code == 200
    # the same advice, word for word (the typed pile is echoed only in its field's value)
    assert text_of(words.get_data(as_text=True)) == text_of(codes.get_data(as_text=True))
    assert written_pile("ace of hearts, jack of clubs") == ["ace of hearts",
                                                             "jack of clubs"]


def test_a_card_typed_twice_in_the_pile_keeps_the_typed_fields_token_numbers(client):
    page = client.post("/advice", data={"hand": TEN, "pile": "Jd Kc kc"})
    assert "in token 3: already given as token 2" in error_text(page, "pile")
    # with cards ticked (which lie under the typed ones) the core's numbers would count them
    page = client.post("/advice", data={"hand": TEN, "pile": "Jd Kc kc",
                                        "pile_opponent": ["2h", "3h"]})
    message = error_text(page, "pile")
    assert "Kc is in the discard pile twice: typed as card 2 and typed as card 3" in message
    assert "token" not in message


@pytest.mark.parametrize("fields, name, words", [
    ({"pile": "Qc", "passed": "Kc"}, "passed",
     "so it is in the discard pile or in your hand: list it in the discard pile"),
    ({}, "face_up", "before your draw the top of the discard pile is the card you may take: "
                    "give the face-up card or the discard pile"),
    ({"hand": TEN + " Kc", "face_up": "Qc"}, "face_up", "the face-up card is the card you "
                                                         "may take before drawing"),
])
def test_messages_speak_of_the_pages_fields_not_the_apis_keys(client, fields, name, words):
    page = client.post("/advice", data={"hand": TEN, **fields})
    assert page.status_code == 422
    message = error_text(page, name)
    assert words in message, message
    assert not re.search(r"\b(my|I|discards|face_up|opponent_passed)\b", message), message


def test_the_pages_words_leave_what_was_typed_as_typed():
    assert advice.page_words("unknown card 'my' in 'I discards', after my face_up") == (
        "unknown card 'my' in 'I discards', after the face-up card")


def test_a_game_in_progress_reaches_the_advice_and_comes_back_to_its_sheet(client):
    """From a sheet, the advice is one link away, and its way back (the "Back" link and the
    site's name) opens the same sheet, with or without the page's script; after an answer too."""
    setup = client.post("/", data={"action": "setup", "player0": "Ann", "player1": "Bob"})
    token = parse_qs(urlsplit(setup.headers["Location"]).query)["g"][0]
    sheet = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert f'href="/advice?g={token}"' in sheet
    assert f'class="brand" href="/?g={token}"' in sheet
    for page in (client.get("/advice", query_string={"g": token}),
                 client.post("/advice", data={"g": token, "hand": HAND}),
                 client.post("/advice", data={"g": token, "hand": "As 2s"})):
        html = page.get_data(as_text=True)
        assert f'<a href="/?g={token}">Back to the game sheet</a>' in html
        assert f'class="brand" href="/?g={token}"' in html
        assert f'<input type="hidden" name="g" value="{token}">' in html
    # no sheet, or anything but a sheet's token (a link holds one that fits in a link; a
    # form, one a sheet can be read from): back to the start
    for query in ({}, {"g": '"><script>'}, {"g": "x" * (LINK_CHARS + 1)}):
        html = client.get("/advice", query_string=query).get_data(as_text=True)
        assert '<a href="/">Back to the scorekeeper</a>' in html and 'name="g"' not in html
    for data in ({"g": '"><script>'}, {"g": "x" * (sharing.MAX_TOKEN_CHARS + 1)}):
        for page in (client.post("/advice", data={**data, "action": "open"}),
                     client.post("/advice", data={**data, "hand": HAND})):
            html = page.get_data(as_text=True)
            assert '<a href="/">Back to the scorekeeper</a>' in html and 'name="g"' not in html


@pytest.mark.parametrize("rules, words", [
    ({"preset": "straight"}, "knock limit 0"),
    ({"knock_limit": 3}, "knock limit 3"),
])
def test_advice_opened_from_a_sheet_goes_by_the_sheets_rules(client, rules, words):
    """A Straight gin sheet's advice had gone by Standard ("Knock: knocking with 5 now
    wins"), and a sheet's own options could not be chosen at all: its rules are now the
    Rules menu's first choice, chosen unless another is."""
    token = sharing.encode(Ledger(("Ann", "Bob"), rules=rules))
    eleven = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd"   # 5 deadwood after throwing K♦
    form = client.get("/advice", query_string={"g": token}).get_data(as_text=True)
    first = re.search(r'<select id="advice-preset" name="preset"[^>]*>\s*<option ([^>]*)>([^<]*)',
                      form)
    assert first and 'value="sheet"' in first.group(1) and "selected" in first.group(1)
    assert words in first.group(2), first.group(2)
    for data in ({"g": token, "hand": eleven, "preset": "sheet"}, {"g": token, "hand": eleven}):
        advice = text_of(client.post("/advice", data=data).get_data(as_text=True))
        assert "Knock:" not in advice, advice[:800]
    standard = text_of(client.post("/advice", data={"g": token, "hand": eleven,
                                                    "preset": "standard"}).get_data(as_text=True))
    assert "Knock:" in standard, standard[:800]


@pytest.mark.parametrize("rules, shown", [({"preset": "oklahoma"}, True),
                                           ({"preset": "standard"}, False)])
def test_an_oklahoma_sheets_advice_shows_the_upcard_it_needs(client, rules, shown):
    """Opened from an Oklahoma sheet, the first try always failed ("Oklahoma needs the
    upcard") on a field inside a closed section called optional: it is open now, and says
    the upcard is needed."""
    token = sharing.encode(Ledger(("Ann", "Bob"), rules=rules))
    form = client.get("/advice", query_string={"g": token}).get_data(as_text=True)
    section = re.search(r"<details class=\"field\"([^>]*)>\s*<summary>(Stock[^<]*)", form)
    assert section and ("open" in section.group(1)) is shown, section
    assert ("needed, it sets the knock limit" in form) is shown
    assert ("upcard Oklahoma needs" in section.group(2)) is shown
    if shown:
        page = client.post("/advice", data={"g": token, "hand": "As 2s 3s 7c 7h 7d Tc Jc Qc 5h Kd",
                                            "upcard": "4c"})
        assert page.status_code == 200


def test_a_sheet_too_long_for_a_link_reaches_the_advice_and_comes_back_to_itself(client):
    """A long night's sheet lives in its page's forms, not in a link: the way to the advice and
    the way back carry it in the forms too (without the page's script), after an answer and
    after an error as well, and it comes back whole."""
    token = sharing.encode(long_ledger())
    assert not sharing.fits_in_link(token)
    sheet = client.post("/", data={"g": token, "action": "show"}).get_data(as_text=True)
    assert f'data-sheet-token="{token}"' in sheet and "/advice?g=" not in sheet
    opened = follow(client, sheet, "What should I do? Analyze a hand")
    assert opened.status_code == 200 and "<h1>What should I do?</h1>" in opened.get_data(
        as_text=True)
    answered = follow(client, opened.get_data(as_text=True), "What should I do?", hand=HAND)
    refused = follow(client, opened.get_data(as_text=True), "What should I do?", hand="As 2s")
    assert (answered.status_code, refused.status_code) == (200, 422)
    assert "The advice" in headings(answered.get_data(as_text=True))
    for page in (opened, answered, refused):
        html = page.get_data(as_text=True)
        assert f'<input type="hidden" name="g" value="{token}">' in html
        back = follow(client, html, "Back to the game sheet")
        assert back.status_code == 200
        shown = back.get_data(as_text=True)
        assert f'data-sheet-token="{token}"' in shown and "Hand 300" in text_of(shown)


TEN_CARDS = "As 2s 3s 5h 6h 7h 9c 9d Kd Qc"


@pytest.mark.parametrize("ticked", [{"pile_opponent": "8h", "pile_me": "Jc"},
                                    {"pile_opponent": ["8h", "2c"]}])
def test_ticked_cards_alone_do_not_say_which_is_face_up(client, ticked):
    """Ten cards with the pile only ticked: the page took the ticked card that sorts last as
    the face-up one ("taking J♣", a card ticked as the player's own)."""
    page = client.post("/advice", data={"hand": TEN_CARDS, **ticked})
    assert page.status_code == 422
    assert "type the face-up card" in error_text(page, "face_up")


def test_the_face_up_card_ticked_goes_on_top_and_ticks_lie_under_the_typed_pile(client):
    # ticked with another card: on top, where the face-up card is (it was refused as lying
    # "under other cards", an order the player never gave)
    page = client.post("/advice", data={"hand": TEN_CARDS, "face_up": "8h",
                                        "pile_opponent": ["8h", "Tc"]})
    assert page.status_code == 200 and "Take 8♥" in text_of(page.get_data(as_text=True))
    # the typed pile's last card is on top, whatever is ticked beside it
    page = client.post("/advice", data={"hand": TEN_CARDS, "pile": "4d 8h",
                                        "pile_opponent": ["2c"], "pile_me": ["Jc"]})
    assert page.status_code == 200 and "Take 8♥" in text_of(page.get_data(as_text=True))
    # a face-up card ticked as the player's own cannot be on top before their draw
    page = client.post("/advice", data={"hand": TEN_CARDS, "face_up": "Jc", "pile_me": ["Jc"],
                                        "pile_opponent": ["Tc"]})
    assert page.status_code == 422
    assert "cannot be a card you threw" in error_text(page, "picker")


@pytest.mark.parametrize("fields, field, words", [
    ({"stock": "9999999"}, "stock", "stock is a whole number from 2 to 31"),
    ({"score_me": "1000000", "score_opponent": "1"}, "scores", "a game total is a whole number"),
])
def test_long_numbers_get_the_range(client, fields, field, words):
    page = client.post("/advice", data={"hand": TEN_CARDS, "face_up": "8h", **fields})
    assert page.status_code == 422 and words in error_text(page, field)


def test_the_card_just_taken_from_the_pile_has_its_field(client):
    hand = "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd"
    page = client.post("/advice", data={"hand": hand, "taken": "Kd"})
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert re.search(r'just taken: <span[^>]*aria-label="king of diamonds"', html)
    assert "Throw K♦" not in text_of(html)
    page = client.post("/advice", data={"hand": hand, "taken": "Qc"})
    assert page.status_code == 422
    assert error_text(page, "taken").endswith("Qc was just taken from the pile, so it is one "
                                              "of your 11 cards, but the hand does not hold it")


@pytest.mark.parametrize("hand, headline", [("As 2s 3s 4s 7c 7h 7d Tc Jc Qc 5h", "Gin"),
                                            ("As 2s 3s 4s 7c 7h 7d Tc Jc Qc Kc", "Big gin")])
def test_a_gin_is_headed_as_going_down_not_as_a_knock(client, hand, headline):
    """The knock section read "Knock now?" over "Knock" above "Gin: lay it down...". Now
    gin and big gin say what they are."""
    html = client.post("/advice", data={"hand": hand, "samples": "100"}).get_data(as_text=True)
    assert headings(html)[:3] == ["The advice", "The discards, best first", "Go down now?"]
    assert f'<p class="headline">{headline}</p>' in html and "Knock now?" not in html
