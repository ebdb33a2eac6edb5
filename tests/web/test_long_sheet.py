"""A night's sheet too long for a link, through Flask's test client and the page's own links and
forms, without the page's script: it travels in the forms' hidden `g` and never in a URL (a
link holds 6,000 characters; gunicorn refuses a request line over 8,190 bytes), and every way
round the page keeps it: Undo and Redo (of a change, of each other, of an evening read in),
a hand's full result and its way back, editing a hand, clearing the sheet, and the export.
A sheet that fits in a link keeps its plain links."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest
from web_support import follow, long_ledger, text_of

from calculator.web import evening, play, sharing
from calculator.web.sheet import view

LONG = sharing.encode(long_ledger())
SHORT = sharing.encode(long_ledger(count=3))
MEDIUM = sharing.encode(long_ledger(count=150))  # fits a link, but not beside the next sheet


def arrive(client, response):
    """The page a browser shows after `response`: a redirect followed, as the browser does."""
    return client.get(response.headers["Location"]) if response.status_code == 303 else response


def sheet_token(html: str) -> str:
    return re.search(r'data-sheet-token="([^"]+)"', html).group(1)


def notice_button(html: str) -> tuple[str, str] | None:
    """The notice's Undo or Redo: (which, the token its form posts as `g`), or None."""
    notice = re.search(r'<div class="notice".*?</div>\s*</div>', html, re.S)
    for form in re.findall(r"<form\b.*?</form>", notice.group(0) if notice else "", re.S):
        found = re.search(r'name="g" value="([^"]+)">.*name="action" value="(undo|redo)"',
                          form, re.S)
        if found:
            return found.group(2), found.group(1)
    return None


def urls(html: str) -> list[str]:
    return re.findall(r'\b(?:href|action|formaction|src)="([^"]*)"', html)


def no_sheet_in_a_url(html: str) -> None:
    assert sheet_token(html) and all(len(url) < 100 and "g=" not in url for url in urls(html))


def score(client, token: str, **fields):
    return client.post("/", data={"action": "score", "g": token, "mode": "counts",
                                  "knocked_by": "1", "kind": "knock", "d1": "1", "d0": "9",
                                  **fields})


def test_undo_and_redo_of_a_long_sheet_keep_each_other(client):
    added = score(client, LONG)
    assert added.status_code == 200                   # rendered from the post, as it is long
    html = added.get_data(as_text=True)
    longer = sheet_token(html)
    assert len(sharing.decode(longer).hands) == 301 and notice_button(html) == ("undo", LONG)
    for _ in range(2):                                 # and again: each keeps the other
        undone = arrive(client, follow(client, html, "Undo")).get_data(as_text=True)
        assert "Undone." in text_of(undone) and sheet_token(undone) == LONG
        assert notice_button(undone) == ("redo", longer)
        html = arrive(client, follow(client, undone, "Redo")).get_data(as_text=True)
        assert "Done again." in text_of(html) and sheet_token(html) == longer
        assert notice_button(html) == ("undo", LONG)
        no_sheet_in_a_url(html)


def test_undo_and_redo_of_a_sheet_that_fits_a_link_only_alone(client):
    """A sheet that fits in a link, but not together with the sheet its Undo brings back: the
    page is rendered from the post with its Undo (a redirect would have had to leave it
    out), and keeps the plain links of a sheet that fits."""
    assert sharing.fits_in_link(MEDIUM) and not sharing.fits_in_link(MEDIUM + MEDIUM)
    added = score(client, MEDIUM)
    assert added.status_code == 200
    html = added.get_data(as_text=True)
    longer = sheet_token(html)
    assert len(sharing.decode(longer).hands) == 151 and notice_button(html) == ("undo", MEDIUM)
    assert "data-sheet-link=" in html and f'href="/?g={longer}' in html
    undone = arrive(client, follow(client, html, "Undo")).get_data(as_text=True)
    assert "Undone." in text_of(undone) and sheet_token(undone) == MEDIUM
    assert notice_button(undone) == ("redo", longer)
    redone = arrive(client, follow(client, undone, "Redo")).get_data(as_text=True)
    assert sheet_token(redone) == longer and notice_button(redone) == ("undo", MEDIUM)


def test_a_short_change_still_redirects_with_its_undo(client):
    """Where the sheet and its Undo fit in one link, the change redirects to it."""
    added = score(client, SHORT)
    assert added.status_code == 303
    location = added.headers["Location"]
    assert f"u={SHORT}" in location and "did=add" in location
    assert notice_button(client.get(location).get_data(as_text=True)) == ("undo", SHORT)


@pytest.mark.parametrize("before, read_in", [(LONG, SHORT), (SHORT, LONG), (LONG, LONG)],
                         ids=["long-by-short", "short-by-long", "long-by-long"])
def test_reading_an_evening_in_over_a_sheet_can_be_undone_and_redone(client, before, read_in):
    """A long sheet replaced by an evening read in, or a sheet that fits by a long evening:
    Undo brings the sheet back, Redo the evening, each keeping the other."""
    ledger = sharing.decode(read_in)
    exported = evening.to_json(ledger, view(play.play(ledger), ledger))
    html = arrive(client, client.post("/evening", data={"g": before, "evening_text": exported})
                  ).get_data(as_text=True)
    assert "The evening is read back in." in text_of(html)
    now = sheet_token(html)
    assert sharing.decode(now) == ledger and notice_button(html) == ("undo", before)
    undone = arrive(client, follow(client, html, "Undo")).get_data(as_text=True)
    assert sheet_token(undone) == before and notice_button(undone) == ("redo", now)
    redone = arrive(client, follow(client, undone, "Redo")).get_data(as_text=True)
    assert sheet_token(redone) == now and notice_button(redone) == ("undo", before)


def test_a_long_sheets_hand_in_full_and_back(client):
    html = score(client, LONG).get_data(as_text=True)
    no_sheet_in_a_url(html)
    shown = follow(client, html, "Full result")            # the notice's: hand 301
    assert shown.status_code == 200
    page = shown.get_data(as_text=True)
    assert "Hand 301: Knock" in text_of(page) and 'data-focus="result"' in page
    no_sheet_in_a_url(page)
    page = follow(client, page, "Full result of hand 5").get_data(as_text=True)  # a row's
    assert "Hand 5: Knock" in text_of(page) and "Hand 301: Knock" not in text_of(page)
    assert sheet_token(page) == sheet_token(html)
    no_sheet_in_a_url(page)
    back = follow(client, page, "Back to the next hand").get_data(as_text=True)
    assert sheet_token(back) == sheet_token(html) and 'id="result"' not in back
    assert "Hand 302" in text_of(back)


def test_a_long_sheets_hand_edited(client):
    sheet = client.post("/", data={"g": LONG, "action": "show"}).get_data(as_text=True)
    no_sheet_in_a_url(sheet)
    editing = follow(client, sheet, "Edit hand 5").get_data(as_text=True)
    assert "Edit hand 5" in text_of(editing) and 'name="edit" value="5"' in editing
    no_sheet_in_a_url(editing)
    kept = follow(client, editing, "Cancel").get_data(as_text=True)
    assert sheet_token(kept) == LONG and "Edit hand 5" not in text_of(kept)
    saved = follow(client, editing, "Save hand 5", mode="counts", knocked_by="0", kind="knock",
                   d0="3", d1="40")
    html = saved.get_data(as_text=True)
    assert saved.status_code == 200 and "Hand 5 changed" in text_of(html)
    hands = sharing.decode(sheet_token(html)).hands
    assert len(hands) == 300 and hands[4].mode == "counts" and hands[5:] == \
        sharing.decode(LONG).hands[5:]


def test_a_long_sheet_cleared_kept_and_brought_back(client):
    sheet = client.post("/", data={"g": LONG, "action": "show"}).get_data(as_text=True)
    asked = follow(client, sheet, "Clear the sheet").get_data(as_text=True)
    assert "Clear this sheet?" in text_of(asked) and 'data-focus="confirm"' in asked
    assert "Undo brings it back." in text_of(asked) and "Its link" not in text_of(asked)
    no_sheet_in_a_url(asked)
    kept = follow(client, asked, "Keep it").get_data(as_text=True)
    assert sheet_token(kept) == LONG and "Clear this sheet?" not in text_of(kept)
    cleared = arrive(client, follow(client, asked, "Yes, clear the sheet")).get_data(
        as_text=True)
    assert "The sheet is cleared." in text_of(cleared) and "data-forget-sheet" in cleared
    assert "data-sheet-token" not in cleared and notice_button(cleared) == ("undo", LONG)
    back = arrive(client, follow(client, cleared, "Undo")).get_data(as_text=True)
    assert sheet_token(back) == LONG and "Undone." in text_of(back)


def test_a_long_sheet_exported(client):
    sheet = client.post("/", data={"g": LONG, "action": "show"}).get_data(as_text=True)
    no_sheet_in_a_url(sheet)
    ledger = sharing.decode(LONG)
    shown = view(play.play(ledger), ledger)
    as_csv = follow(client, sheet, "Export CSV")
    assert as_csv.status_code == 200 and as_csv.mimetype == "text/csv"
    assert as_csv.headers["Content-Disposition"] == 'attachment; filename="gin-evening.csv"'
    assert as_csv.headers["Cache-Control"] == "no-store"
    assert as_csv.get_data(as_text=True) == evening.to_csv(ledger, shown)
    assert len(list(csv.reader(io.StringIO(as_csv.get_data(as_text=True))))) == 301
    as_json = follow(client, sheet, "Export JSON")
    assert as_json.status_code == 200 and as_json.mimetype == "application/json"
    assert as_json.headers["Content-Disposition"] == 'attachment; filename="gin-evening.json"'
    assert json.loads(as_json.get_data(as_text=True)) == json.loads(evening.to_json(ledger, shown))


def test_a_sheet_that_fits_keeps_its_plain_links(client):
    """The same ways round a sheet that fits in a link are links holding it, as before, but
    for each row's Full result and Edit: buttons of the rows' form, whose post is sent on to
    the same link (a link each repeated the token twice a row)."""
    page = client.get("/", query_string={"g": SHORT, "show": "2"}).get_data(as_text=True)
    for path in (f"/?g={SHORT}&amp;ask=clear#confirm", f"/evening.csv?g={SHORT}",
                 f"/evening.json?g={SHORT}", f"/?g={SHORT}#score"):
        assert f'href="{path}"' in page
    assert "show=2" not in page and "edit=2" not in page
    for action, query in (("show:2", "show=2"), ("edit:2", "edit=2")):
        posted = client.post("/", data={"g": SHORT, "action": action})
        assert posted.status_code == 303
        assert posted.headers["Location"] == f"/?g={SHORT}&{query}"
    for words in ("Full result of hand 2", "Edit hand 2", "Clear the sheet", "Export CSV",
                  "Back to the next hand"):
        answer = follow(client, page, words)
        if answer.status_code == 303:  # a row's button, sent on to the link
            answer = client.get(answer.headers["Location"])
        assert answer.status_code == 200
    asked = client.get("/", query_string={"g": SHORT, "ask": "clear"}).get_data(as_text=True)
    assert f'<a class="button secondary" href="/?g={SHORT}">Keep it</a>' in asked


def test_a_sheets_page_grows_with_its_hands_not_with_hands_times_its_link(client):
    """A 100-hand sheet whose link is some 5,000 characters: each row had carried the whole
    token twice (1.4 MB of page); now the page holds it a few times."""
    ledger = long_ledger(count=100)
    token = sharing.encode(ledger)
    assert sharing.fits_in_link(token), len(token)
    page = client.get("/", query_string={"g": token}).get_data(as_text=True)
    assert page.count(token) <= 16 and len(page) < 250_000, (page.count(token), len(page))
