"""The page in a real browser (Debian's chromium through Playwright), served by gunicorn.

Every flow runs twice, with JavaScript and without (the `page` fixture), at 375 px; a few
are also shot at 1280 px. Screenshots land in screenshots/ (git-ignored) to be looked at.
No request may leave the server and no console error may appear (a CSP violation is one).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from web_support import BAD_KNOCKER, DEFENDER, KNOCKER, shoot

pytestmark = pytest.mark.browser


def press(page, selector: str) -> None:
    """Click a submit button and wait for the answer, whether it is a new page (no script)
    or swapped in by the script."""
    if page.javascript:
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.click(selector)
        page.wait_for_load_state("domcontentloaded")
    else:
        with page.expect_navigation():
            page.click(selector)


def start_sheet(page, preset: str = "standard") -> None:
    page.goto(page.base + "/")
    page.fill("#setup-player0", "Ann")
    page.fill("#setup-player1", "Bob")
    page.select_option("#setup-preset", preset)
    press(page, "button[value=setup]")
    expect(page.locator(".scoreboard")).to_be_visible()


def add_counts(page, who: str, mine: str, theirs: str) -> None:
    rows = page.locator(".sheet-table tbody tr").count()
    page.check(f"input[name=knocked_by][value='{who}']")
    page.check("input[name=mode][value=counts]")
    page.fill("#score-knocker_deadwood", mine)
    page.fill("#score-defender_deadwood", theirs)
    press(page, "button[value=score]")
    expect(page.locator(".sheet-table tbody tr")).to_have_count(rows + 1)


def board(page) -> str:
    """The scoreboard's words: 'Ann 26 Bob 17 to 100'."""
    text = " ".join(b.inner_text() for b in page.locator(".scoreboard .board").all())
    return re.sub(r"\s+", " ", text)


def test_score_a_hand_by_cards(page):
    page.goto(page.base + "/")
    expect(page.locator("label[for=score-knocker]")).to_have_text("Knocker")
    page.fill("#score-knocker", KNOCKER)
    page.fill("#score-defender", DEFENDER)
    press(page, "button[value=score]")
    result = page.locator("#result")
    expect(result).to_contain_text("Knocker scores 26")
    expect(result.locator(".knocker-side .meld")).to_have_count(3)
    expect(result.locator(".layoffs")).to_contain_text("onto")
    expect(result.locator(".card.laid-off")).to_have_count(2)
    expect(page.locator("#score-knocker")).to_have_value(KNOCKER)
    shoot(page, "score-by-cards")


def test_score_a_hand_by_counts(page):
    page.goto(page.base + "/")
    page.check("input[name=mode][value=counts]")
    expect(page.locator("#score-knocker")).to_be_hidden()      # only the chosen way shows
    page.fill("#score-knocker_deadwood", "5")
    page.fill("#score-defender_deadwood", "28")
    press(page, "button[value=score]")
    expect(page.locator("#result")).to_contain_text("Knocker scores 23")
    expect(page.locator("#result .explanation")).to_contain_text("28")
    shoot(page, "score-by-counts")


def test_a_bad_card_is_named_and_highlighted(page):
    page.goto(page.base + "/")
    page.fill("#score-knocker", BAD_KNOCKER)
    page.fill("#score-defender", DEFENDER)
    press(page, "button[value=score]")
    error = page.locator("#score-knocker-error")
    expect(error).to_contain_text("unknown suit 'x' in token 9 'Qx'")
    expect(error.locator("mark")).to_have_text("Qx")
    expect(page.locator("#score-knocker")).to_have_value(BAD_KNOCKER)   # kept as typed
    expect(page.locator("#score-defender")).to_have_value(DEFENDER)
    if page.javascript:
        expect(page.locator("#score-errors")).to_be_focused()
        page.click("#score-errors a")                 # the summary leads to the bad token
        expect(page.locator("#score-knocker")).to_be_focused()
        selected = page.evaluate("() => { const f = document.activeElement;"
                                 " return f.value.slice(f.selectionStart, f.selectionEnd); }")
        assert selected == "Qx"
    shoot(page, "bad-card")


def test_three_hand_game_with_an_edit_and_a_delete(page):
    start_sheet(page)
    page.check("input[name=knocked_by][value='0']")
    page.fill("#score-knocker", KNOCKER)
    page.fill("#score-defender", DEFENDER)
    press(page, "button[value=score]")
    expect(page.locator("#result")).to_contain_text("Ann scores 26")
    add_counts(page, "1", "3", "20")                      # Bob +17
    page.check("input[name=knocked_by][value='0']")
    page.check("input[name=mode][value=draw]")
    press(page, "button[value=score]")
    expect(page.locator(".sheet-table tbody tr")).to_have_count(3)
    assert board(page).startswith("Ann 26 Bob 17")

    press(page, "button[aria-label='Edit hand 2']")
    expect(page.locator("#score-title")).to_have_text("Edit hand 2")
    expect(page.locator("#score-defender_deadwood")).to_have_value("20")
    page.fill("#score-defender_deadwood", "40")
    press(page, "button[value=score]")
    expect(page.locator("#result")).to_contain_text("Bob scores 37")
    assert board(page).startswith("Ann 26 Bob 37")

    press(page, "button[aria-label='Delete hand 1']")
    expect(page.locator(".notice")).to_contain_text("Hand 1 deleted")
    expect(page.locator(".sheet-table tbody tr")).to_have_count(2)
    assert board(page).startswith("Ann 0 Bob 37")
    assert "g=" in page.url
    shoot(page, "game-sheet")

    page.reload()                                          # the sheet lives in the link
    expect(page.locator(".sheet-table tbody tr")).to_have_count(2)
    assert board(page).startswith("Ann 0 Bob 37")


def test_hollywood_sheet(page):
    start_sheet(page, "hollywood")
    for who in ("0", "1", "0", "0"):
        add_counts(page, who, "2", "30")
    expect(page.locator(".sheet-table .game-col")).to_have_count(3)
    expect(page.locator(".scoreboard .board")).to_have_count(3)
    last = page.locator(".sheet-table tbody tr").last.locator("td.game-cell")
    expect(last).to_have_count(3)
    # each game's cell: Ann's total, then Bob's (the names are there for screen readers)
    assert [cell.inner_text().split() for cell in last.all()] == [
        ["Ann", "84", "Bob", "28"], ["Ann", "56", "Bob", "0"], ["Ann", "28", "Bob", "0"]]
    shoot(page, "hollywood")


def test_reload_and_return_keep_the_sheet(page):
    start_sheet(page)
    add_counts(page, "0", "4", "30")
    page.reload()
    expect(page.locator(".sheet-table tbody tr")).to_have_count(1)
    link = page.locator("#share-link").input_value()
    assert link.startswith(page.base + "/?g=")
    page.goto(page.base + "/")
    if page.javascript:                         # this browser kept a copy
        press(page, ".resume button[value=show]")
        expect(page.locator(".sheet-table tbody tr")).to_have_count(1)
    page.goto(link)                             # and the link opens it anywhere
    expect(page.locator(".sheet-table tbody tr")).to_have_count(1)
    assert board(page).startswith("Ann 26 Bob 0")


def test_card_picker(page):
    if not page.javascript:
        expect(page.locator(".picker-toggle")).to_have_count(0)   # nothing that needs a script
        return
    page.goto(page.base + "/")
    page.click("#score .picker-toggle >> nth=0")
    picker = page.locator("#score .picker").first
    for code in KNOCKER.split():
        picker.locator(f"button[data-code='{code}']").click()
    expect(page.locator("#score-knocker")).to_have_value(KNOCKER)
    expect(page.locator("#score .picker-count").first).to_have_text("10 cards")
    page.click("#score .picker-toggle >> nth=1")
    second = page.locator("#score .picker").nth(1)
    expect(second.locator("button[data-code='As']")).to_be_disabled()    # in the other hand
    for code in DEFENDER.split():
        second.locator(f"button[data-code='{code}']").click()
    second.locator("button[data-code='6h']").click()                      # tap again: out
    second.locator("button[data-code='6h']").click()                      # and back in
    expect(page.locator("#score-defender")).to_have_value(DEFENDER)
    shoot(page, "picker")
    press(page, "button[value=score]")
    expect(page.locator("#result")).to_contain_text("Knocker scores 26")


def test_keyboard_only(page):
    """Tab to the fields, type, Enter submits; the focused control shows a visible ring."""
    page.goto(page.base + "/")
    page.focus("#score-knocker")
    page.keyboard.type(KNOCKER)
    page.keyboard.press("Tab")
    if page.javascript:
        page.keyboard.press("Tab")   # the picker's buttons sit between the two fields
        page.keyboard.press("Tab")
    expect(page.locator("#score-defender")).to_be_focused()
    page.keyboard.type(DEFENDER)
    page.focus("button[value=score]")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_contain_text("Knocker scores 26")


def test_analyze(page):
    page.goto(page.base + "/")
    page.fill("#analyze-hand", KNOCKER + " 4s")
    press(page, "button[value=analyze]")
    analysis = page.locator("#analysis")
    expect(analysis).to_contain_text("Gin")
    expect(analysis.locator(".discard-advice")).to_contain_text("Discard")
    shoot(page, "analyze")


def test_wide_screen(desktop, live_server):
    """1280 px: two columns, the sheet beside the forms."""
    page = desktop
    start_sheet(page, "hollywood")
    page.check("input[name=knocked_by][value='0']")
    page.fill("#score-knocker", KNOCKER)
    page.fill("#score-defender", DEFENDER)
    press(page, "button[value=score]")
    expect(page.locator("#result")).to_contain_text("Ann scores 26")
    for who in ("1", "0", "1", "0"):
        add_counts(page, who, "2", "40")
    result_box = page.locator("#result").bounding_box()
    sheet_box = page.locator("#sheet").bounding_box()
    assert sheet_box["x"] > result_box["x"] + result_box["width"]     # side by side
    shoot(page, "wide-hollywood")
    page.goto(live_server + "/")
    page.fill("#score-knocker", BAD_KNOCKER)
    page.fill("#score-defender", DEFENDER)
    press(page, "button[value=score]")
    expect(page.locator("#score-knocker-error mark")).to_have_text("Qx")
    shoot(page, "wide-bad-card")
    page.fill("#score-knocker", KNOCKER)
    press(page, "button[value=score]")
    expect(page.locator("#result")).to_contain_text("Knocker scores 26")
    shoot(page, "wide-score")
