"""The page in a real browser (Debian's chromium through Playwright), served by gunicorn.

A whole evening is played at 375x812 as a person at the table would: eight hands of every
kind, an edit, undo and redo, reload, the share link in a fresh browser, the game's end, the
next game and the night's tally, export and import, dark mode; the main flow again without
JavaScript; Hollywood and Oklahoma once each; the wide screen. The taps of each hand are
counted and asserted. Screens land in screenshots/ (git-ignored) and the named ones in
docs/screenshots/. No request may leave the server and no console error may appear.
"""
from __future__ import annotations

import json
import re
from contextlib import nullcontext

import pytest
from browser_support import (
    Thumb,
    board,
    knock_by_counts,
    player_pill,
    press,
    rows,
    start_sheet,
)
from playwright.sync_api import expect
from web_support import BAD_KNOCKER, DEFENDER, KNOCKER, keep_shot, shoot

pytestmark = pytest.mark.browser
TAPS = {}   # hand kind -> (taps, keys), printed at the end of the evening


def pick_cards(tab, thumb: Thumb, field: str, codes: str) -> None:
    """Pick a hand's cards on the picker of `field` (#score-c0 or #score-c1), which the page
    has opened by itself."""
    grid = tab.locator(f"{field} ~ .picker")
    expect(grid).to_be_visible()
    for code in codes.split():
        thumb.taps += 1
        grid.locator(f"button[data-code='{code}']").click()


def next_hand(tab, thumb: Thumb, field: str) -> None:
    """Tap the knocker's "Next" once ten cards are in: the defender's picker opens."""
    thumb.taps += 1
    tab.locator(f"{field} ~ .picker .picker-next button").click()
    expect(tab.locator(f"{field} ~ .picker")).to_be_hidden()


def test_a_whole_evening(make_tab, tmp_path):
    tab = make_tab()
    tab.goto(tab.base + "/")
    # game first: two names and Start, above everything
    assert tab.locator("#setup-player0").bounding_box()["y"] < 200
    keep_shot(tab, "phone-start")
    tab.fill("#setup-player0", "Ann")
    tab.fill("#setup-player1", "Bob")
    press(tab, "button[value=setup]")

    # 1. a knock by counts: at most 4 taps and 3 digits, nothing scrolled
    thumb = knock_by_counts(tab, "0", "5", "28")
    TAPS["knock by counts"] = (thumb.taps, thumb.keys)
    assert thumb.taps <= 4 and thumb.keys == 3
    expect(tab.locator("#notice")).to_contain_text("Hand 1: Ann knocks, 5 v 28: Ann +23.")
    assert board(tab).startswith("Ann 23 77 to go Bob 0 100 to go")
    # the new totals, the one-line result and the next form's Score are all on screen
    for selector in ("#notice", ".scoreboard", "button[value=score]"):
        thumb.on_screen(selector)
    expect(tab.locator("#announcer")).to_contain_text("Hand 1: Ann knocks")

    # 2. both hands by the picker: Bob knocked
    thumb = Thumb(tab)
    thumb.tap(player_pill("mode", "cards"))
    thumb.tap(player_pill("knocked_by", "1"))
    pick_cards(tab, thumb, "#score-c1", KNOCKER)
    next_hand(tab, thumb, "#score-c1")                  # ten: the knocker could take an 11th
    pick_cards(tab, thumb, "#score-c0", DEFENDER)
    expect(tab.locator("#score-c1")).to_have_value(KNOCKER)
    expect(tab.locator("#score-c0 ~ .picker")).to_be_hidden()   # both done: folded away
    thumb.submit(check_screen=False)          # 20 cards picked: the only hand that scrolls
    assert thumb.taps == 24
    TAPS["both hands by the picker"] = (thumb.taps, thumb.keys)
    expect(tab.locator("#notice")).to_contain_text("Hand 2: Bob knocks, 5 v 31: Bob +26.")

    # 3. gin by counts (the sheet now opens on cards: one tap back to counts)
    expect(tab.locator("input[name=mode][value=cards]")).to_be_checked()
    thumb = knock_by_counts(tab, "0", "0", "14", kind="gin")
    TAPS["gin by counts"] = (thumb.taps, thumb.keys)
    expect(tab.locator("#notice")).to_contain_text("Hand 3: Ann goes gin, 0 v 14: Ann +39.")

    # 4. an undercut
    thumb = knock_by_counts(tab, "1", "7", "7")
    TAPS["undercut by counts"] = (thumb.taps, thumb.keys)
    expect(tab.locator("#notice")).to_contain_text("Hand 4: Ann undercuts Bob, 7 v 7: Ann +25.")

    # 5. a dead hand
    thumb = Thumb(tab)
    thumb.tap(player_pill("mode", "draw"))
    thumb.submit()
    TAPS["dead hand"] = (thumb.taps, thumb.keys)
    expect(tab.locator("#notice")).to_contain_text("Hand 5: Dead hand: nobody scores.")

    # 6. points at the table
    thumb = Thumb(tab)
    thumb.tap(player_pill("mode", "table"))
    thumb.tap(player_pill("winner", "1"))
    thumb.tap("#score-points")
    thumb.type("18")
    thumb.submit()
    TAPS["points at the table"] = (thumb.taps, thumb.keys)
    expect(tab.locator("#notice")).to_contain_text("Hand 6: Bob at the table +18.")
    assert board(tab).startswith("Ann 87 13 to go Bob 44 56 to go")
    keep_shot(tab, "phone-sheet")
    shoot(tab, "evening-six-hands")

    # an edit: tap the row, Edit, change Ann's count, Save
    rows(tab).nth(3).locator("summary").click()
    tab.click("[aria-label='Edit hand 4']")
    expect(tab.locator("#score-title")).to_have_text("Edit hand 4")
    expect(tab.locator("#score-d0")).to_have_value("7")
    tab.fill("#score-d0", "5")
    press(tab, "button[value=score]")
    expect(tab.locator("#notice")).to_contain_text("Hand 4 changed: Ann undercuts Bob, 7 v 5: "
                                                   "Ann +27.")
    assert board(tab).startswith("Ann 89")

    # undo and redo, with their messages
    press(tab, "button[value=undo]")
    expect(tab.locator("#notice")).to_contain_text("Undone.")
    assert board(tab).startswith("Ann 87")
    press(tab, "button[value=redo]")
    expect(tab.locator("#notice")).to_contain_text("Done again.")
    assert board(tab).startswith("Ann 89")
    tab.go_back()                                           # Back still works
    expect(tab.locator(".scoreboard")).to_contain_text("87")
    tab.wait_for_selector("body[data-ready]", state="attached")
    tab.go_forward()
    expect(tab.locator(".scoreboard")).to_contain_text("89")
    tab.wait_for_selector("body[data-ready]", state="attached")

    # reload, and the share link in a fresh browser
    tab.reload()
    expect(rows(tab)).to_have_count(6)
    link = tab.locator("#share-link").input_value()
    assert link.startswith(tab.base + "/?g=")
    other = make_tab()
    other.goto(link)
    expect(rows(other)).to_have_count(6)
    assert board(other) == board(tab)

    # 7 and 8: the game ends on the eighth hand
    knock_by_counts(tab, "1", "4", "10")
    thumb = knock_by_counts(tab, "0", "2", "30")
    expect(tab.locator("#final")).to_contain_text("Ann wins by")
    expect(tab.locator("button[value=score]")).to_have_count(0)
    expect(tab.locator("button[value=next]")).to_be_visible()
    keep_shot(tab, "phone-final")
    # the sheet on paper: the scoreboard, the final and the hands; no forms or buttons
    tab.emulate_media(media="print")
    expect(tab.locator(".rows")).to_be_visible()
    expect(tab.locator("#final .bonus-table")).to_be_visible()
    for hidden in (".keep", "button[value=next]", "#notice", ".site-header"):
        expect(tab.locator(hidden)).to_be_hidden()
    tab.emulate_media(media="screen")

    # the export before the next game
    with tab.expect_download() as download:
        tab.click("a[href^='/evening.csv']")
    csv_text = open(download.value.path(), encoding="utf-8").read()
    assert csv_text.splitlines()[0] == "game,hand,what,counts,scored by,points,Ann,Bob"
    assert csv_text.count("\n") == 10                   # the heading, 8 hands, the final

    # the next game, and the night's tally
    press(tab, "button[value=next]")
    expect(tab.locator("#tally")).to_contain_text("Games won")
    expect(tab.locator("#tally tbody tr").first).to_contain_text("1")
    knock_by_counts(tab, "1", "3", "9")
    with tab.expect_download() as download:
        tab.click("a[href^='/evening.json']")
    saved = tmp_path / "evening.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["finished_games"][0]["winner"] == "Ann"

    # the start screen offers the kept sheet, and the names are remembered
    tab.goto(tab.base + "/")
    expect(tab.locator(".resume")).to_contain_text("Ann v Bob, 1 hand, game 2 of the night")
    expect(tab.locator(".resume")).to_contain_text("Tonight: Ann won 1 (margins 192), Bob won 0 "
                                                   "(margins 0) of 1 game")
    expect(tab.locator("#setup-player0")).to_have_value("Ann")
    keep_shot(tab, "phone-resume")

    # import the evening back, in a fresh browser
    fresh = make_tab()
    fresh.goto(fresh.base + "/")
    fresh.click("details.import > summary")
    fresh.set_input_files("#import-file", str(saved))
    with fresh.expect_navigation():
        fresh.click(".import-form button")
    expect(fresh.locator("#tally")).to_contain_text("Games won")
    expect(rows(fresh)).to_have_count(1)

    # dark mode: the toggle, kept across a reload
    tab.goto(link)
    tab.click(".display-settings button[aria-label='Dark mode']")
    assert tab.evaluate("() => document.documentElement.dataset.theme") == "dark"
    tab.reload()
    assert tab.evaluate("() => document.documentElement.dataset.theme") == "dark"
    background = tab.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(17, 19, 17)"
    keep_shot(tab, "phone-sheet-dark")
    print("taps per hand:", TAPS)
    assert TAPS == {"knock by counts": (3, 3), "both hands by the picker": (24, 0),
                    "gin by counts": (4, 2), "undercut by counts": (3, 2), "dead hand": (2, 0),
                    "points at the table": (4, 2)}


def test_the_main_flow_without_javascript(make_tab):
    tab = make_tab(javascript=False)
    start_sheet(tab)
    thumb = knock_by_counts(tab, "0", "5", "28")
    assert thumb.taps == 4 and thumb.keys == 3
    expect(tab.locator("#notice")).to_contain_text("Hand 1: Ann knocks, 5 v 28: Ann +23.")
    thumb.on_screen("button[value=score]")
    # cards typed in, a gin, points at the table: every field shown only for its mode
    tab.check("input[name=mode][value=cards]")
    expect(tab.locator("#score-d0")).to_be_hidden()
    tab.check("input[name=knocked_by][value='1']")
    tab.fill("#score-c1", KNOCKER)
    tab.fill("#score-c0", DEFENDER)
    press(tab, "button[value=score]")
    expect(tab.locator("#notice")).to_contain_text("Bob +26")
    tab.check("input[name=mode][value=table]")
    tab.check("input[name=winner][value='0']")
    tab.fill("#score-points", "18")
    press(tab, "button[value=score]")
    assert board(tab).startswith("Ann 41")
    # a row opens on a tap; delete, then undo
    rows(tab).nth(1).locator("summary").click()
    press(tab, "button[aria-label='Delete hand 2']")
    expect(tab.locator("#notice")).to_contain_text("Hand 2 deleted.")
    expect(rows(tab)).to_have_count(2)
    press(tab, "button[value=undo]")
    expect(rows(tab)).to_have_count(3)
    shoot(tab, "no-script-sheet")
    # clearing asks first
    tab.click("a:has-text('Clear the sheet')")
    expect(tab.locator("#confirm")).to_contain_text("Clear this sheet?")
    press(tab, "button[value=clear]")
    expect(tab.locator("#notice")).to_contain_text("The sheet is cleared.")
    expect(tab.locator("#setup-player0")).to_be_visible()
    press(tab, "button[value=undo]")
    expect(rows(tab)).to_have_count(3)


def score_cards(page, knocker: str, defender: str = DEFENDER) -> None:
    """On a new sheet, Ann knocks with these cards."""
    start_sheet(page)
    page.check("input[name=mode][value=cards]")
    page.check("input[name=knocked_by][value='0']")
    page.fill("#score-c0", knocker)
    page.fill("#score-c1", defender)
    press(page, "button[value=score]")


def selected_text(page) -> str:
    return page.evaluate("() => { const f = document.activeElement;"
                         " return f.value.slice(f.selectionStart, f.selectionEnd); }")


def test_a_bad_card_is_named_and_highlighted(page):
    score_cards(page, BAD_KNOCKER)
    error = page.locator("#score-c0-error")
    expect(error).to_contain_text("unknown suit 'x' in token 9 'Qx'")
    expect(error.locator("mark")).to_have_text("Qx")
    expect(page.locator("#score-c0")).to_have_value(BAD_KNOCKER)
    if page.javascript:
        expect(page.locator("#score-errors")).to_be_focused()
        page.click("#score-errors a")
        expect(page.locator("#score-c0")).to_be_focused()
        assert selected_text(page) == "Qx"
    shoot(page, "bad-card")


def test_a_bad_card_among_card_glyphs_is_the_one_selected(page):
    """Glyphs such as 🂡 are two UTF-16 units each: the error's link still selects 'Qx'."""
    score_cards(page, "🂡 🂢 🂣 Qx 5h 6h 7h 8c 8d 8s")
    expect(page.locator("#score-c0-error mark")).to_have_text("Qx")
    if page.javascript:
        page.click("#score-errors a")
        assert selected_text(page) == "Qx"


def test_a_count_typed_before_choosing_gin_comes_back_with_its_error(page):
    """Gin hides the knocker's box; a count left in it is refused, and the box is shown
    again beside the error so that it can be cleared."""
    start_sheet(page)
    page.check("input[name=knocked_by][value='0']")
    page.fill("#score-d0", "5")
    page.check("input[name=kind][value=gin]")
    expect(page.locator("#score-d0")).to_be_hidden()
    page.fill("#score-d1", "20")
    press(page, "button[value=score]")
    expect(page.locator("#score-kind-error")).to_contain_text("gin means 0 deadwood, not 5")
    expect(page.locator("#score-d0")).to_be_visible()
    expect(page.locator("#score-d0")).to_have_value("5")
    page.fill("#score-d0", "")
    press(page, "button[value=score]")
    expect(page.locator(".field-error")).to_have_count(0)


def test_one_hand_without_a_sheet(page):
    page.goto(page.base + "/")
    page.click("details.one-hand > summary")
    page.check("input[name=mode][value=cards]")
    expect(page.locator("label[for=score-c0]")).to_have_text("Knocker's cards")
    page.fill("#score-c0", KNOCKER)
    page.fill("#score-c1", DEFENDER)
    press(page, "button[value=score]")
    result = page.locator("#result")
    expect(result).to_contain_text("Knocker scores 26")
    expect(result.locator(".knocker-side .meld")).to_have_count(3)
    expect(result.locator(".card.laid-off")).to_have_count(2)
    shoot(page, "one-hand")


def test_the_advice_page_is_one_link_away(page):
    page.goto(page.base + "/")
    expect(page.locator("a[href='/advice']")).to_contain_text("Analyze a hand")


def test_card_picker(page):
    if not page.javascript:
        start_sheet(page)
        expect(page.locator(".picker-toggle")).to_have_count(0)   # nothing needs a script
        return
    start_sheet(page)
    page.check("input[name=mode][value=cards]")
    picker = page.locator("#score-c0 ~ .picker")
    expect(picker).to_be_visible()                 # Cards opens the knocker's picker
    for code in KNOCKER.split():
        picker.locator(f"button[data-code='{code}']").click()
    expect(page.locator("#score-c0")).to_have_value(KNOCKER)
    expect(page.locator("#score-c0 ~ .picker-bar .picker-count")).to_have_text("10 cards")
    expect(picker).to_be_visible()                 # the knocker may still take an 11th card
    expect(page.locator("#score-c1 ~ .picker")).to_be_hidden()
    next_button = picker.locator(".picker-next button")
    expect(next_button).to_have_text("Next: Bob's cards")
    next_button.click()
    expect(picker).to_be_hidden()
    second = page.locator("#score-c1 ~ .picker")
    expect(second).to_be_visible()
    expect(second.locator("button[data-code='As']")).to_be_disabled()    # in the other hand
    for code in DEFENDER.split():
        second.locator(f"button[data-code='{code}']").click()
    expect(page.locator("#score-c1")).to_have_value(DEFENDER)
    shoot(page, "picker")


def test_the_knocker_picks_an_eleventh_card(make_tab):
    """Ten cards keep the knocker's picker under the finger: the eleventh goes into the
    knocker's hand (the best discard is found), then the defender's picker opens."""
    tab = make_tab()
    start_sheet(tab)
    tab.check("input[name=mode][value=cards]")
    tab.check("input[name=knocked_by][value='0']")
    knocker = tab.locator("#score-c0 ~ .picker")
    for code in (KNOCKER + " Kd").split():
        knocker.locator(f"button[data-code='{code}']").click()
    expect(tab.locator("#score-c0")).to_have_value(KNOCKER + " Kd")
    expect(knocker).to_be_hidden()                 # eleven is the most: on to Bob's cards
    defender = tab.locator("#score-c1 ~ .picker")
    expect(defender).to_be_visible()
    for code in "4s 5s 9h 9d 9c 8d Qd 2c 3d 6h".split():
        defender.locator(f"button[data-code='{code}']").click()
    expect(tab.locator("#score-c1")).to_have_value("4s 5s 9h 9d 9c 8d Qd 2c 3d 6h")
    expect(defender).to_be_hidden()
    press(tab, "button[value=score]")
    expect(tab.locator("#notice")).to_contain_text("Hand 1: Ann knocks, 5 v 29: Ann +24.")


def test_keyboard_only(page):
    """Tab to the choices and fields, type, Enter submits; the focus ring shows."""
    start_sheet(page)
    page.focus("input[name=knocked_by][value='0']")
    page.keyboard.press("Space")        # the script moves on by itself only after a tap
    page.keyboard.press("Tab")
    expect(page.locator("input[name=kind][value=knock]")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#score-d0")).to_be_focused()
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    page.keyboard.type("28")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")
    if page.javascript:
        press_enter = page.expect_response(lambda r: r.request.method == "POST")
    else:
        press_enter = page.expect_navigation()
    with press_enter:
        page.keyboard.press("Enter")
    expect(page.locator(".scoreboard")).to_contain_text("23")


def test_the_arrow_keys_move_through_who_knocked(make_tab):
    """Tab to "Who knocked?" with nobody chosen, then the Right arrow: Bob is chosen and the
    focus stays on the choices (it had jumped to Bob's deadwood box), so Left goes back to
    Ann. A tap on a name still moves on to the box."""
    tab = make_tab()
    start_sheet(tab)
    tab.focus("input[name=mode][value=counts]")
    tab.keyboard.press("Tab")
    ann, bob = (tab.locator(f"input[name=knocked_by][value='{i}']") for i in "01")
    expect(ann).to_be_focused()
    tab.keyboard.press("ArrowRight")
    expect(bob).to_be_checked()
    expect(bob).to_be_focused()
    tab.keyboard.press("ArrowLeft")
    expect(ann).to_be_checked()
    expect(ann).to_be_focused()
    tab.click(player_pill("knocked_by", "1"))
    expect(tab.locator("#score-d1")).to_be_focused()


def test_hollywood(page):
    start_sheet(page, preset="hollywood")
    for who in ("0", "1", "0", "0"):
        knock_by_counts(page, who, "2", "30")
    expect(page.locator(".scoreboard .board")).to_have_count(3)
    last = rows(page).last.locator(".r-tot")
    expect(last).to_have_count(3)
    # each game's cell: its number, Ann's total, then Bob's (the words are for screen readers)
    assert [re.findall(r"\d+", cell.inner_text()) for cell in last.all()] == [
        ["1", "84", "28"], ["2", "56", "0"], ["3", "28", "0"]]
    shoot(page, "hollywood")
    if page.javascript:
        keep_shot(page, "phone-hollywood")


def test_oklahoma(page):
    start_sheet(page, preset="oklahoma")
    page.check("input[name=knocked_by][value='0']")
    page.fill("#score-d0", "3")
    page.fill("#score-d1", "21")
    press(page, "button[value=score]")
    expect(page.locator("#score-upcard-error")).to_contain_text("upcard")
    page.fill("#score-upcard", "6♠")
    press(page, "button[value=score]")
    expect(page.locator("#notice")).to_contain_text("Ann +36")
    expect(rows(page).first).to_contain_text("×2")


def test_long_names_do_not_break_the_board(page):
    long_name = "Bartholomew Fitzwilliam-Montgomery"   # 34 characters
    start_sheet(page, (long_name, "Wilhelmina Cornelia van Oldenbarnevelt"[:40]))
    knock_by_counts(page, "0", "5", "28")
    shoot(page, "long-names")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - "
                             "document.documentElement.clientWidth")
    assert overflow <= 0
    total = page.locator(".board-total").first.bounding_box()
    assert total["x"] + total["width"] <= 375
    if page.javascript:
        keep_shot(page, "phone-long-names")


def test_wide_screen(desktop):
    """1280 px: the play column beside the sheet; names and totals sit close together."""
    tab = desktop
    start_sheet(tab)
    for who, mine, theirs in (("0", "5", "28"), ("1", "3", "20"), ("0", "2", "9")):
        knock_by_counts(tab, who, mine, theirs)
    play_box = tab.locator(".col-play").bounding_box()
    sheet_box = tab.locator("#sheet").bounding_box()
    assert sheet_box["x"] >= play_box["x"] + play_box["width"]          # side by side
    name = tab.locator(".board-name").first.bounding_box()
    total = tab.locator(".board-total").first.bounding_box()
    assert total["x"] - name["x"] < 400
    keep_shot(tab, "desktop-sheet")


def page_width(tab) -> int:
    """How wide the page scrolls: the screen's width unless something pushes out of it."""
    return tab.evaluate("() => document.scrollingElement.scrollWidth")


def test_similar_long_names_stay_apart(make_tab):
    """Two names alike in their first 13 letters differ wherever a player taps or reads."""
    tab = make_tab()
    names = ("Alexandra Whitfield", "Alexandra Whitmore")
    start_sheet(tab, names)
    pills = tab.locator("#score-knocked_by label.pill > span")
    for i, name in enumerate(names):
        expect(pills.nth(i)).to_have_text(name)
        assert pills.nth(i).evaluate("e => e.scrollWidth <= e.clientWidth")   # nothing cut
        label = tab.locator(f"label[for=score-d{i}] bdi")
        expect(label).to_have_text(name)
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth")
    knock_by_counts(tab, "0", "5", "20")
    heads = tab.locator(".rows-head .r-tot")
    expect(heads).to_have_text(["Whitf…", "Whitm…"])
    assert heads.evaluate_all("es => es.every(e => e.scrollWidth <= e.clientWidth + 1)")
    for name in tab.locator(".board-name").all():       # two lines: each name whole
        assert name.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    assert page_width(tab) <= 375
    shoot(tab, "similar-names")


def test_a_long_winner_stays_on_the_screen(page):
    """A 40-character name, unbroken, wins: the final's heading wraps inside its panel."""
    name = "Maximiliana-Wolfeschlegelsteinhausenberg"
    start_sheet(page, (name, "Bo"))
    for _ in range(2):                              # two gins of 55 end the game
        page.check("input[name=kind][value=gin]")
        page.check("input[name=knocked_by][value='0']")
        page.fill("#score-d1", "30")
        press(page, "button[value=score]")
    expect(page.locator("#final-title")).to_contain_text("wins by")
    assert page_width(page) <= 375
    title = page.locator("#final-title").bounding_box()
    panel = page.locator("#final").bounding_box()
    assert title["x"] + title["width"] <= panel["x"] + panel["width"]
    shoot(page, "long-winner")


@pytest.mark.parametrize("width", [375, 320])
def test_a_long_one_word_name_wraps_on_the_board(make_tab, width):
    """A 40-letter name with no space on the two-player board: it breaks inside the word onto
    a second line, which ends in an ellipsis (the board's line clamp), and never runs out of
    its box or past the screen: in half a phone's width no more of such a name fits."""
    tab = make_tab()
    tab.set_viewport_size({"width": width, "height": 812})
    name = "Maximilianawolfeschlegelsteinhausenbergerd"[:40]
    start_sheet(tab, (name, "Bo"))
    knock_by_counts(tab, "0", "5", "28")
    board = tab.locator(".scoreboard .board-name").first
    expect(board).to_have_text(name)
    assert board.evaluate("e => e.scrollWidth <= e.clientWidth + 1")  # nothing cut sideways
    lines = board.evaluate("e => e.getClientRects().length && "
                           "Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight))")
    assert lines == 2
    assert page_width(tab) <= width


def test_a_pasted_wall_of_text_wraps_in_its_error(page):
    """3,000 letters as the knocker's cards: the errors wrap inside the form."""
    start_sheet(page)
    page.check("input[name=mode][value=cards]")
    page.check("input[name=knocked_by][value='0']")
    page.fill("#score-c0", "x" * 3000)
    page.fill("#score-c1", DEFENDER)
    press(page, "button[value=score]")
    expect(page.locator("#score-c0-error")).to_be_visible()
    assert page_width(page) <= 375
    shoot(page, "wall-of-text")


def test_print_shows_only_when_it_works(page):
    """The print button needs the script: without it, it stays hidden."""
    start_sheet(page)
    button = page.locator(".print-button")
    if page.javascript:
        expect(button).to_be_visible()
    else:
        expect(button).to_be_hidden()


def test_the_printed_sheet_leaves_out_what_only_a_screen_can_do(page):
    """On paper the advice page's button, the hint to tap a hand and a row's sign that it
    opens are left out, as the forms and the Keep section are; a Hollywood sheet's key to
    its columns stays."""
    start_sheet(page, preset="hollywood")
    knock_by_counts(page, "0", "5", "28")
    page.emulate_media(media="print")
    sheet = page.locator("#sheet").inner_text()
    assert "Tap a hand" not in sheet and "Each game's column" in sheet
    expect(page.locator(".advice-link")).to_be_hidden()
    mark = "e => getComputedStyle(e, '::after').content"       # a row's "tap to open" sign
    assert page.locator(".rows summary .r-num").first.evaluate(mark) == "none"
    for shown in (".scoreboard", ".rows"):
        expect(page.locator(shown)).to_be_visible()
    shoot(page, "print")
    page.emulate_media(media="screen")
    expect(page.locator(".advice-link")).to_be_visible()
    assert "Tap a hand" in page.locator("#sheet").inner_text()


def test_the_rules_summary_follows_the_menu_and_the_share_link_is_whole(page):
    """Picking Classic shows Classic's values at once, script or not; the sheet's link to
    send is the full address (the box with the script; the link itself without)."""
    from calculator.web.forms import preset_summary

    page.goto(page.base + "/")
    hint = page.locator("#setup-preset-hint")
    expect(hint).to_have_text(preset_summary("standard"), use_inner_text=True)
    page.select_option("#setup-preset", "classic")
    expect(hint).to_have_text(preset_summary("classic"), use_inner_text=True)
    start_sheet(page)
    anchor = page.locator("a.share-anchor")
    assert anchor.evaluate("a => a.href").startswith(page.base + "/?g=")
    box = page.locator("#share-link")
    if page.javascript:
        expect(box).to_be_visible()
        assert box.input_value().startswith(page.base + "/?g=")
    else:
        expect(box).to_be_hidden()


def test_reading_an_evening_over_a_sheet_asks_first(browser, live_server, tmp_path):
    """Read it in over an open sheet: the page asks; No keeps the sheet, Yes replaces it and
    Undo brings it back."""
    from conftest import _context

    context = _context(browser, True)
    tab = context.new_page()
    tab.javascript, tab.base = True, live_server
    answers, asked = iter([False, True]), []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.accept() if next(answers) else dialog.dismiss()

    tab.on("dialog", answer)
    try:
        start_sheet(tab, ("Cy", "Di"))
        knock_by_counts(tab, "0", "5", "28")
        saved = tmp_path / "evening.json"
        with tab.expect_download() as download:
            tab.click("a[href^='/evening.json']")
        download.value.save_as(saved)
        tab.evaluate("() => window.scrollTo(0, 0)")
        knock_by_counts(tab, "1", "3", "20")            # this sheet now has two hands
        tab.click("details.import > summary")
        tab.set_input_files("#import-file", str(saved))
        tab.click(".import-form button")                 # No: nothing is sent
        assert asked and asked[0].startswith("Replace this sheet")
        expect(rows(tab)).to_have_count(2)
        with tab.expect_navigation():
            tab.click(".import-form button")             # Yes
        expect(tab.locator("#notice")).to_contain_text("The evening is read back in.")
        expect(rows(tab)).to_have_count(1)
        press(tab, "#notice button[value=undo]")
        expect(rows(tab)).to_have_count(2)
    finally:
        context.close()


def test_the_advice_tables_key_columns_fit_a_phone(make_tab):
    """Deadwood, the knock next draw, the danger and its adjusted figure show without a
    sideways scroll; the rest scrolls, and the page says so."""
    tab = make_tab()
    tab.goto(tab.base + "/advice")
    tab.fill("#advice-hand", "As 2s 3s 5h 6h 7h 9c 9d Kd Qc")
    tab.fill("#advice-face_up", "Jd")
    with tab.expect_navigation():
        tab.click(".advice-form button[type=submit]")
    box = tab.locator(".table-scroll").bounding_box()
    heads = tab.locator(".advice-discards thead th")
    for i, words in enumerate(("Deadwood", "Knock next draw", "Danger", "Adjusted"), 2):
        head = heads.nth(i)
        assert head.evaluate("e => e.textContent.replace(/\\u00ad/g, '')") == words
        edge = head.bounding_box()
        assert edge["x"] + edge["width"] <= box["x"] + box["width"] + 0.5, words
    expect(tab.locator("#discards-cue")).to_be_visible()
    expect(tab.locator("#discards-cue")).to_contain_text("Swipe the table sideways")
    assert page_width(tab) <= 375
    shoot(tab, "advice-table")


def test_the_advice_forms_optional_sections_show_they_open(page):
    """Each optional section's heading carries a disclosure mark (closed, then open), so it
    reads as something to tap rather than a plain heading."""
    page.goto(page.base + "/advice")
    summaries = page.locator(".advice-form details > summary")
    assert summaries.count() == 3
    mark = "e => getComputedStyle(e, '::before').content"
    for i in range(3):
        assert "▸" in summaries.nth(i).evaluate(mark)
    summaries.nth(0).click()
    assert "▾" in summaries.nth(0).evaluate(mark)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_a_position_that_cannot_be_read_brings_its_errors_into_view(make_tab, javascript):
    """The advice's error summary is in view after the post (the form's address names it),
    and with the script it takes the focus, as the scorekeeper's does: a review found the
    focus left on the page after "Qx" in a hand."""
    tab = make_tab(javascript=javascript)
    tab.goto(tab.base + "/advice")
    if javascript:
        tab.wait_for_selector("body[data-ready]", state="attached")
    tab.fill("#advice-hand", "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Qx")
    with tab.expect_navigation():
        tab.click(".advice-form button[type=submit]")
    problem = tab.locator("#advice-problem")
    expect(problem).to_contain_text("'Qx'")
    expect(problem).to_be_in_viewport()
    if javascript:
        tab.wait_for_selector("body[data-ready]", state="attached")
        assert tab.evaluate("document.activeElement.id") == "advice-problem"


def test_reading_in_no_file_says_so_beside_the_form(page):
    page.goto(page.base + "/")
    page.click("details.import > summary")
    assert page_width(page) <= 375                       # the open form keeps to the screen
    with page.expect_navigation():
        page.click(".import-form button")
    assert page.title() == "Gin Rummy scorekeeper"
    error = page.locator("#import-errors")
    expect(error).to_be_visible()
    expect(error).to_contain_text("No file was chosen")
    assert page_width(page) <= 375
    shoot(page, "import-no-file")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_a_failed_import_below_a_long_sheet_is_scrolled_into_view(make_tab, javascript):
    """The import form sits below a night's hands: its error comes back in view (the form's
    address names the error, and the script scrolls to the page's focus), not at the top of
    a page the player has to scroll down again."""
    from web_support import long_ledger

    from calculator.web import sharing

    tab = make_tab(javascript=javascript)
    tab.goto(f"{tab.base}/?g={sharing.encode(long_ledger(count=40))}")
    if javascript:
        tab.wait_for_selector("body[data-ready]", state="attached")
    tab.click("details.import > summary")
    button = tab.locator(".import-form button")
    button.scroll_into_view_if_needed()
    with tab.expect_navigation() if not javascript else nullcontext():
        button.click()
    error = tab.locator("#import-errors")
    expect(error).to_contain_text("No file was chosen")
    expect(error).to_be_in_viewport()
    assert tab.evaluate("window.scrollY") > 1000  # the sheet above it is long


def test_a_sheet_rendered_from_its_post_takes_its_own_link(make_tab):
    """A sheet that fits in a link but not beside the sheet its Undo brings back is rendered
    from the post (its Undo kept); the script then shows the new sheet's own link in the
    address, so that a reload brings back this sheet and not the one before it."""
    from web_support import long_ledger

    from calculator.web import sharing

    medium = sharing.encode(long_ledger(count=150))
    tab = make_tab()
    tab.goto(f"{tab.base}/?g={medium}")
    tab.wait_for_selector("body[data-ready]", state="attached")

    def shown_token() -> str:
        return tab.locator("[data-sheet-token]").get_attribute("data-sheet-token")

    def address_token() -> str | None:
        return tab.evaluate("() => new URL(location.href).searchParams.get('g')")

    knock_by_counts(tab, "0", "5", "28")
    expect(tab.locator("#notice")).to_contain_text("Hand 151")
    longer = shown_token()
    assert longer != medium and address_token() == longer
    tab.reload()
    tab.wait_for_selector("body[data-ready]", state="attached")
    assert shown_token() == longer
    knock_by_counts(tab, "1", "3", "20")                  # and once more, then Undo
    newest = shown_token()
    press(tab, "#notice button[value=undo]")
    expect(tab.locator("#notice")).to_contain_text("Undone.")
    assert shown_token() == longer and address_token() == longer
    press(tab, "#notice button[value=redo]")
    assert shown_token() == newest and address_token() == newest


def kept_label(tab) -> str:
    """The label of the sheet kept on this device (what its Resume offers)."""
    return json.loads(tab.evaluate("() => localStorage.getItem('gin-scorekeeper-sheet')"))[
        "label"]


def read_in_long_evening(tab, tmp_path, count: int = 300) -> None:
    """Read an exported evening of `count` hands in from its file (a plain post, too long
    for a link) on a fresh start page, and wait for its sheet."""
    from web_support import long_ledger

    from calculator.web import evening, play
    from calculator.web.sheet import view

    ledger = long_ledger(count=count)
    saved = tmp_path / "evening.json"
    saved.write_text(evening.to_json(ledger, view(play.play(ledger), ledger)), encoding="utf-8")
    tab.goto(tab.base + "/")
    tab.click("details.import > summary")
    tab.set_input_files("#import-file", str(saved))
    with tab.expect_navigation():
        tab.click(".import-form button")
    expect(rows(tab)).to_have_count(count)
    tab.wait_for_selector("body[data-ready]", state="attached")


def test_a_long_sheet_from_a_post_is_not_brought_back_older_by_a_reload(make_tab, tmp_path):
    """A sheet too long for a link, read in from its file or brought back from the advice page
    (plain posts both), then hands added by the script: a reload sent that post again, and
    the older sheet came back and was kept over the newer one. The script now moves the
    page off the post: a reload asks for "/" and its Resume brings back every hand."""
    tab = make_tab()
    read_in_long_evening(tab, tmp_path)
    assert tab.url == tab.base + "/"                      # no longer the post to /evening

    def reload_and_resume(hands: int) -> None:
        with tab.expect_request(lambda r: r.resource_type == "document") as sent:
            tab.reload()
        assert sent.value.method == "GET"
        expect(tab.locator(".resume")).to_contain_text(f"{hands} hands")
        assert kept_label(tab) == f"Ann v Bob, {hands} hands"
        press(tab, ".resume button[value=show]")
        expect(rows(tab)).to_have_count(hands)

    knock_by_counts(tab, "0", "5", "28")
    knock_by_counts(tab, "1", "3", "20")
    expect(tab.locator("#notice")).to_contain_text("Hand 302")
    reload_and_resume(302)

    # the advice page and its way back, a post to "/"
    to_the_advice_and_back(tab, "form.advice-link button", 302)
    knock_by_counts(tab, "0", "2", "30")
    expect(tab.locator("#notice")).to_contain_text("Hand 303")
    reload_and_resume(303)


def to_the_advice_and_back(tab, way: str, hands: int) -> None:
    """Open the advice page by `way` (the sheet's post button, or its plain link) and come
    back by its "Back to the game sheet": the sheet's `hands` rows again, the script ready."""
    with tab.expect_navigation():
        tab.click(way)
    with tab.expect_navigation():
        tab.click("text=Back to the game sheet")
    expect(rows(tab)).to_have_count(hands)
    tab.wait_for_selector("body[data-ready]", state="attached")


def test_a_long_sheet_from_a_post_stays_at_its_post_where_the_device_keeps_nothing(make_tab,
                                                                                  tmp_path):
    """Where the browser refuses site data, a sheet too long for a link cannot be kept on the
    device, so its post is the one way back to it: the address stays, and a reload sends the
    post again (moving the address to "/" had made the reload a start page, the 300 hands
    gone from the tab)."""
    tab = make_tab()
    tab.add_init_script("Object.defineProperty(window, 'localStorage', {get() {"
                        " throw new DOMException('denied', 'SecurityError'); }});")
    read_in_long_evening(tab, tmp_path)
    assert tab.url.startswith(tab.base + "/evening")
    with tab.expect_request(lambda r: r.resource_type == "document") as sent:
        tab.reload()
    assert sent.value.method == "POST"
    expect(rows(tab)).to_have_count(300)


def test_back_to_the_link_before_a_long_sheet_keeps_the_long_one(make_tab):
    """258 hands fit in a link, 259 do not: after the 259th the address is "/", and Back shows
    the 258 of the link before it. That page shows the past; it must not be kept over the 259
    hands, which Forward's start screen offers again."""
    from web_support import long_ledger

    from calculator.web import sharing

    token = sharing.encode(long_ledger(seed=12, count=258))
    assert sharing.fits_in_link(token)
    tab = make_tab()
    tab.goto(f"{tab.base}/?g={token}")
    tab.wait_for_selector("body[data-ready]", state="attached")
    knock_by_counts(tab, "0", "5", "28")
    expect(tab.locator("#notice")).to_contain_text("Hand 259")
    assert tab.locator("[data-sheet-link]").count() == 0 and tab.url == tab.base + "/"
    assert kept_label(tab) == "Ann v Bob, 259 hands"
    tab.go_back()
    expect(rows(tab)).to_have_count(258)
    tab.wait_for_selector("body[data-ready]", state="attached")
    assert kept_label(tab) == "Ann v Bob, 259 hands"
    tab.go_forward()
    expect(tab.locator(".resume")).to_contain_text("259 hands")
    # the older sheet opened again by a plain link (the advice page and its way back) is
    # still the older sheet: it was kept over the 259 hands, which were then lost
    tab.go_back()
    expect(rows(tab)).to_have_count(258)
    tab.wait_for_selector("body[data-ready]", state="attached")
    to_the_advice_and_back(tab, ".advice-link a", 258)
    assert kept_label(tab) == "Ann v Bob, 259 hands"


@pytest.mark.parametrize("width, text", [(320, "100%"), (390, "115%"), (320, "115%")])
def test_the_entry_choices_wrap_and_are_never_cut(make_tab, width, text):
    """Counts, Cards, Points, Dead hand, and Knock, Gin, Big gin, on a 320 px screen or with
    the text at 115% (as a browser's text size sets it): each label whole ("✓ Cou…" was
    cut), no word split across lines, a 44 px target, nothing beyond the form's panel."""
    tab = make_tab()
    tab.set_viewport_size({"width": width, "height": 812})
    start_sheet(tab)
    tab.evaluate(f"() => {{ document.documentElement.style.fontSize = '{text}'; }}")
    check = """spans => spans.filter(e => e.offsetParent).map(e => {
        const pill = e.closest('.pill').getBoundingClientRect();
        const panel = e.closest('.panel').getBoundingClientRect();
        const text = e.firstChild, split = [], words = /\\S+/g;
        for (let m; (m = words.exec(text.data));) {
          const range = document.createRange();
          range.setStart(text, m.index);
          range.setEnd(text, m.index + m[0].length);
          if (range.getClientRects().length > 1) { split.push(m[0]); }
        }
        return [e.textContent, e.scrollWidth > e.clientWidth + 1, split, pill.height >= 43.5,
                pill.left >= panel.left - 0.5 && pill.right <= panel.right + 0.5];
      })"""
    for mode in ("counts", "cards", "table", "draw"):    # the tick takes room where it is
        tab.check(f"input[name=mode][value={mode}]")
        for label, cut, split, tall, inside in tab.locator(".segmented .pill > span").evaluate_all(
                check):
            assert not cut and not split and tall and inside, (mode, label, cut, split, tall,
                                                               inside)
    assert page_width(tab) <= width
    shoot(tab, f"entry-choices-{text[:-1]}", full_page=False)


def spilled_totals(tab) -> list[str]:
    """The sheet's game cells whose totals do not fit in them (they ran into the next)."""
    return tab.locator(".rows.many .r-tot").evaluate_all(
        "cells => cells.filter(e => e.scrollWidth > e.clientWidth + 1)"
        ".map(e => e.innerText.replace(/\\s+/g, ' '))")


def test_hollywood_totals_of_three_digits_stay_apart(make_tab):
    """Oklahoma, three games at once, each to 150, six hands of 60 at the table: the game
    columns read "120·12060·60" once both totals had three digits. Now each total is whole
    in its column on a 390 px phone, and the page does not scroll sideways."""
    tab = make_tab()
    tab.set_viewport_size({"width": 390, "height": 812})
    tab.goto(tab.base + "/")
    tab.fill("#setup-player0", "Ann")
    tab.fill("#setup-player1", "Bob")
    tab.select_option("#setup-preset", "oklahoma")
    tab.click("#start details.options > summary")
    tab.select_option("#setup-r_format", "hollywood")
    tab.fill("#setup-r_target", "150")
    press(tab, "button[value=setup]")
    for who in "010101":
        tab.check("input[name=mode][value=table]")
        tab.check(f"input[name=winner][value='{who}']")
        tab.fill("#score-points", "60")
        press(tab, "button[value=score]")
    last = rows(tab).last.locator(".r-tot")
    assert [re.findall(r"\d+", cell.inner_text())[1:] for cell in last.all()] == [
        ["180", "120"], ["120", "120"], ["60", "60"]]
    assert spilled_totals(tab) == [] and page_width(tab) <= 390
    shoot(tab, "hollywood-150")


def test_hollywood_totals_of_five_digits_stay_apart(make_tab):
    """Games to 10000, each hand the most one scores: totals of five digits, still whole."""
    from calculator.core.game import most_points
    from calculator.web import play, sharing
    from calculator.web.ledger import Hand, Ledger

    rules = {"preset": "oklahoma", "format": "hollywood", "target": 10000}
    most = str(most_points(play.rules_of(rules)))
    hands = tuple(Hand("table", winner=str(i % 2), points=most) for i in range(81))
    tab = make_tab()
    tab.set_viewport_size({"width": 390, "height": 812})
    tab.goto(f"{tab.base}/?g={sharing.encode(Ledger(('Ann', 'Bob'), rules, hands))}")
    expect(rows(tab)).to_have_count(81)
    assert "10062" in rows(tab).last.locator(".r-tot").first.inner_text()
    assert spilled_totals(tab) == [] and page_width(tab) <= 390
    shoot(tab, "hollywood-10000")


WHOLE_WORDS = """els => els.filter(e => e.offsetParent).map(e => {
    const split = [], walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let text; (text = walker.nextNode());) {
      for (const m of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        if (range.getClientRects().length > 1) { split.push(m[0]); }
      }
    }
    const all = document.createRange();
    all.selectNodeContents(e);
    const box = all.getBoundingClientRect();   // where its text is drawn, even spilled out
    return {text: e.textContent.trim(), split, cut: e.scrollWidth > e.clientWidth + 1 ||
            e.scrollHeight > e.clientHeight + 1, left: box.left, right: box.right,
            top: box.top, bottom: box.bottom};
  })"""


def shown_words(locator) -> list[dict]:
    """Each shown element's text, its words broken across lines, whether it overflows its box,
    and the box its text is drawn in."""
    return locator.evaluate_all(WHOLE_WORDS)


def overlap(a: dict, b: dict) -> bool:
    """Whether two boxes share more than a sliver: a glyph's box is a little taller than a
    tight line (line-height 1.1), so text boxes of two lines one under the other touch."""
    return (a["left"] < b["right"] - 1.5 and b["left"] < a["right"] - 1.5
            and a["top"] < b["bottom"] - 1.5 and b["top"] < a["bottom"] - 1.5)


def big_text(tab, width: int, text: str) -> None:
    """The screen's width, and the text size as a browser's setting makes it."""
    tab.set_viewport_size({"width": width, "height": 812})
    tab.evaluate(f"() => {{ document.documentElement.style.fontSize = '{text}'; }}")


def test_the_header_reflows_at_200_percent_on_320_px(page):
    """At 200% text on a 320 px screen the name ran under the display buttons and out of the
    screen (the page scrolled sideways), and the skip link's second line showed above it. Now
    the buttons (and the suits) take rows of their own, each word is whole and on the screen,
    and the skip link is out of sight until it is focused."""
    start_sheet(page)
    big_text(page, 320, "200%")
    brand, = shown_words(page.locator(".brand"))
    assert brand["text"] == "♠♥ Gin Rummy scorekeeper"
    assert not brand["split"] and not brand["cut"] and brand["right"] <= 320, brand
    if page.javascript:
        box = page.locator(".display-settings").bounding_box()
        buttons = {"left": box["x"], "right": box["x"] + box["width"], "top": box["y"],
                   "bottom": box["y"] + box["height"]}
        assert buttons["right"] <= 320 and not overlap(brand, buttons), (brand, buttons)
    skip = page.locator(".skip-link")
    assert skip.bounding_box()["y"] + skip.bounding_box()["height"] <= 0
    assert page.locator(".site-header").evaluate("e => e.scrollWidth <= window.innerWidth")
    shoot(page, "header-200", full_page=False)
    skip.focus()
    assert skip.bounding_box()["y"] >= 0


@pytest.mark.parametrize("players", [("Ann", "Bob"), ("Ann", "Alexandra Whitmore")],
                         ids=["short", "two-words"])
def test_the_hand_form_reflows_at_200_percent_on_320_px(page, players):
    """WCAG 1.4.4 and 1.4.10 on a sheet's hand form: at 200% text on a 320 px screen "Who
    knocked?" split "Ann" letter by letter and the two deadwood labels ran into each other,
    pushing the page sideways. Now a name is broken only between its words (the pills one a
    row when two do not fit side by side), the labels stand apart, and nothing scrolls
    sideways; "Who won the hand?" (Points) likewise."""
    start_sheet(page, players)
    big_text(page, 320, "200%")
    for mode, pills in (("counts", "#score-knocked_by"), ("table", "#score-winner")):
        page.check(f"input[name=mode][value={mode}]")
        names = shown_words(page.locator(f"{pills} label.pill > span"))
        assert [n["text"] for n in names] == list(players)
        for name in names:
            assert not name["split"] and not name["cut"] and name["right"] <= 320, (mode, name)
        assert not overlap(*names)
    page.check("input[name=mode][value=counts]")
    labels = shown_words(page.locator(".deadwood label"))
    assert [n["text"] for n in labels] == [f"{p}'s deadwood" for p in players]
    for label in labels:
        assert not label["split"] and not label["cut"] and label["right"] <= 320, label
    assert not overlap(*labels)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shoot(page, f"hand-form-200-{players[1][:3]}")


@pytest.mark.parametrize("preset, width", [("hollywood", 320), ("hollywood", 375),
                                           ("standard", 320)])
def test_a_narrow_sheet_gives_each_row_s_words_a_line_of_their_own(make_tab, preset, width):
    """Hollywood's three game columns left a row's words 6 px at 320 px (one letter a line:
    "A / l / e / x ...") and 61 px at 375 ("Alexa / ndrin / a"); the two-player sheet left 52
    px at 320 ("Bart / holo / mew"). Now, on a narrow sheet, the words take the row's first
    line whole and the points and totals the line under them, in the header's columns."""
    from calculator.web import sharing
    from calculator.web.ledger import Hand, Ledger

    players = ("Maximiliana-Josephine", "Bartholomew")
    hands = tuple(Hand("table", winner=str(i % 2), points=str(30 + 10 * i)) for i in range(4))
    tab = make_tab()
    tab.set_viewport_size({"width": width, "height": 812})
    tab.goto(f"{tab.base}/?g={sharing.encode(Ledger(players, {'preset': preset}, hands))}")
    expect(rows(tab)).to_have_count(4)
    words = shown_words(tab.locator(".rows summary .r-what"))
    assert [w["text"].split(" at ")[0] for w in words] == list(players) * 2
    for part in words:
        assert not part["split"] and not part["cut"], part
    what = tab.locator(".rows summary .r-what").first.bounding_box()
    assert what["width"] >= 200, what
    for row in tab.locator(".rows summary").all():   # the numbers on the line under the words
        words_box = row.locator(".r-what").bounding_box()
        for cell in row.locator(".r-pts, .r-tot").all():
            assert cell.bounding_box()["y"] >= words_box["y"] + words_box["height"] - 1
    head = tab.locator(".rows-head .r-tot").last.bounding_box()
    cell = tab.locator(".rows summary .r-tot").last.bounding_box()
    assert abs((head["x"] + head["width"]) - (cell["x"] + cell["width"])) <= 1  # one column
    assert spilled_totals(tab) == [] and page_width(tab) <= width
    shoot(tab, f"narrow-sheet-{preset}-{width}", full_page=False)


@pytest.mark.parametrize("width, text", [(390, "100%"), (390, "115%"), (320, "100%")])
def test_names_stay_whole_beside_five_digit_totals(make_tab, width, text):
    """Games to 10000: beside five-digit totals the scoreboard squeezed "Ann" to "An/n" (and a
    two-word name to a letter or two a line). Now a name breaks only between its words: the
    total goes under a name that does not fit beside it, and the games go two or one a row
    when a name's longest word does not fit in a third of it. Nothing is cut or overlaps."""
    from calculator.core.game import most_points
    from calculator.web import play, sharing
    from calculator.web.ledger import Hand, Ledger

    players = ("Ann", "Alexandra Whitmore")
    rules = {"preset": "oklahoma", "format": "hollywood", "target": 10000}
    most = str(most_points(play.rules_of(rules)))
    hands = tuple(Hand("table", winner=str(i % 2), points=most) for i in range(81))
    tab = make_tab()
    tab.goto(f"{tab.base}/?g={sharing.encode(Ledger(players, rules, hands))}")
    expect(rows(tab)).to_have_count(81)
    big_text(tab, width, text)
    names = shown_words(tab.locator(".scoreboard .board-name"))
    totals = shown_words(tab.locator(".scoreboard .board-total"))
    assert [n["text"] for n in names] == list(players) * 3
    assert all(len(t["text"]) == 5 for t in totals), totals
    board = tab.locator(".scoreboard").bounding_box()
    for name, total in zip(names, totals):
        for part in (name, total):
            assert not part["split"] and not part["cut"], part
            assert board["x"] <= part["left"] and part["right"] <= board["x"] + board["width"]
        assert not overlap(name, total), (name, total)
    assert page_width(tab) <= width
    shoot(tab, f"five-digit-names-{text[:-1]}", full_page=False)
