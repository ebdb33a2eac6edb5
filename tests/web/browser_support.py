"""Helpers of the browser tests: pressing a button whichever way the page answers, counting
a person's taps (each one on screen, no scrolling), reading the scoreboard, running axe."""
from __future__ import annotations

import re

from playwright.sync_api import expect

PHONE_HEIGHT = 812


def press(tab, selector: str) -> None:
    """Click a submit button and wait for the answer: a new page without a script, or the
    server's HTML swapped in by the script."""
    if tab.javascript:
        swaps = tab.evaluate("() => Number(document.body.getAttribute('data-swaps') || 0)")
        with tab.expect_response(lambda r: r.request.method == "POST"):
            tab.click(selector)
        tab.wait_for_function(f"() => Number(document.body.getAttribute('data-swaps') || 0) > "
                              f"{swaps}")
    else:
        with tab.expect_navigation():
            tab.click(selector)


class Thumb:
    """A person at the table: every tap and key is counted, and every tap must land on
    something already on the screen (the page is never scrolled to reach it)."""

    def __init__(self, tab):
        self.tab, self.taps, self.keys = tab, 0, 0

    def on_screen(self, selector: str) -> None:
        box = self.tab.locator(selector).bounding_box()
        scrolled = self.tab.evaluate("() => window.scrollY")
        assert box is not None, f"{selector} is not shown"
        height = self.tab.viewport_size["height"]
        assert scrolled == 0 and box["y"] >= 0 and box["y"] + box["height"] <= height, \
            f"{selector} needs a scroll: at y={box['y']:.0f}+{box['height']:.0f}, scrolled {scrolled}"

    def tap(self, selector: str, check_screen: bool = True) -> None:
        if check_screen:
            self.on_screen(selector)
        self.taps += 1
        self.tab.click(selector)

    def type(self, text: str) -> None:
        self.keys += len(text)
        self.tab.keyboard.type(text)

    def submit(self, selector: str = "button[value=score]", check_screen: bool = True) -> None:
        if check_screen:
            self.on_screen(selector)
        self.taps += 1
        press(self.tab, selector)


def player_pill(name: str, value: str) -> str:
    return f"label.pill:has(input[name={name}][value='{value}'])"


def knock_by_counts(tab, who: str, mine: str, theirs: str, kind: str = "knock") -> Thumb:
    """Enter a hand by counts the quickest way a person can: tap who knocked (the script then
    moves to that player's box), type, tap the other box, type, tap Score."""
    thumb = Thumb(tab)
    k = int(who)
    mode = tab.locator("input[name=mode][value=counts]")
    if not mode.is_checked():
        thumb.tap(player_pill("mode", "counts"))
    if kind != "knock":
        thumb.tap(player_pill("kind", kind))
    thumb.tap(player_pill("knocked_by", who))
    first, second = (f"#score-d{k}", f"#score-d{1 - k}") if kind == "knock" else \
        (f"#score-d{1 - k}", None)
    if not tab.evaluate(f"() => document.activeElement === document.querySelector('{first}')"):
        thumb.tap(first)
    thumb.type(mine if kind == "knock" else theirs)
    if second:
        thumb.tap(second)
        thumb.type(theirs)
    thumb.submit()
    return thumb


def board(tab) -> str:
    """The scoreboard's words: 'Ann 23 77 to go Bob 0 100 to go Hand 2 · ...'."""
    text = tab.locator(".scoreboard .boards").inner_text() + " " + \
        tab.locator(".scoreboard .board-state").inner_text()
    return re.sub(r"\s+", " ", text).strip()


def notice(tab) -> str:
    return re.sub(r"\s+", " ", tab.locator("#notice .notice-text").inner_text()).strip()


def start_sheet(tab, players=("Ann", "Bob"), preset: str = "standard") -> None:
    tab.goto(tab.base + "/")
    tab.fill("#setup-player0", players[0])
    tab.fill("#setup-player1", players[1])
    tab.select_option("#setup-preset", preset)
    press(tab, "button[value=setup]")
    expect(tab.locator(".scoreboard")).to_be_visible()


def rows(tab):
    return tab.locator(".rows > li")


def axe_violations(tab) -> list[str]:
    """axe-core's violations on the current screen, as readable lines (rule, impact, where)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(tab)
    lines = []
    for violation in results.response["violations"]:
        for node in violation["nodes"][:5]:
            lines.append(f"{violation['id']} ({violation['impact']}): {node['target']} "
                         f"{node.get('failureSummary', '')[:200]}")
    return lines
