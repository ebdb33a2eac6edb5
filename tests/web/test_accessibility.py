"""axe-core finds no violations on any screen of the page: at 375 and 1280 px, light and
dark, with the page's scripts and without them.

axe runs inside the page, so "without JavaScript" here is the page with its own scripts
answered empty: the same HTML and CSS a browser with JavaScript off shows (the page has no
<noscript>), while axe itself can still run. The main flow with JavaScript really off is
played in test_browser.py.
"""
from __future__ import annotations

import pytest
from browser_support import axe_violations, press
from playwright.sync_api import expect
from web_support import BAD_KNOCKER, DEFENDER, KNOCKER, long_ledger, shoot

from calculator.web import sharing
from calculator.web.ledger import Finished, Hand, Ledger

pytestmark = pytest.mark.browser

ANN_BOB = ("Ann", "Bob")
HANDS = (Hand("counts", "0", knocker_deadwood="5", defender_deadwood="28"),
         Hand("cards", "1", KNOCKER, DEFENDER),
         Hand("table", winner="1", points="18"), Hand("draw"))
SHEET = sharing.encode(Ledger(ANN_BOB, {}, HANDS))
BEFORE = sharing.encode(Ledger(ANN_BOB, {}, HANDS[:3]))
FINISHED = sharing.encode(Ledger(ANN_BOB, {}, HANDS[:2] + (
    Hand("counts", "0", knocker_deadwood="1", defender_deadwood="90"),)))
NEXT = sharing.encode(Ledger(ANN_BOB, {}, HANDS[:1], night=(Finished(0, (300, 60), 240),
                                                          Finished(1, (0, 250), 250, True))))
HOLLYWOOD = sharing.encode(Ledger(ANN_BOB, {"preset": "hollywood"},
                                  tuple(Hand("counts", w, knocker_deadwood="2",
                                             defender_deadwood="30") for w in "0100")))
LONG = sharing.encode(long_ledger())   # too long for a link: its ways round are forms' buttons

SCREENS = {
    "start": "/",
    "sheet after a hand": f"/?g={SHEET}&did=add:4&u={BEFORE}",
    "full result": f"/?g={SHEET}&show=2",
    "points result": f"/?g={SHEET}&show=3",
    "edit": f"/?g={SHEET}&edit=1",
    "confirm clear": f"/?g={SHEET}&ask=clear",
    "cleared": f"/?did=clear&u={SHEET}",
    "long sheet": f"/?g={LONG}&did=add:300&show=2&edit=1&ask=clear",   # under 8,190 bytes
    "final": f"/?g={FINISHED}",
    "night tally": f"/?g={NEXT}&did=next",
    "hollywood": f"/?g={HOLLYWOOD}",
    "broken link": "/?g=1AAAA",
    "not found": "/no-such-page",
    "advice form": "/advice",
}
COMBOS = [(width, scheme, scripts) for width in ("phone", "desktop") for scheme in
          ("light", "dark") for scripts in (True, False)]


def _tab(make_tab, width: str, scheme: str, scripts: bool):
    tab = make_tab(width=width, scheme=scheme)
    if not scripts:   # the page's own scripts answered empty: the page as without JS
        tab.context.route("**/static/*.js", lambda route: route.fulfill(
            status=200, body="", content_type="text/javascript"))
        tab.javascript = False
    return tab


@pytest.mark.parametrize("width, scheme, scripts", COMBOS,
                         ids=[f"{w}-{s}-{'js' if j else 'nojs'}" for w, s, j in COMBOS])
def test_no_axe_violations_on_any_screen(make_tab, width, scheme, scripts):
    tab = _tab(make_tab, width, scheme, scripts)
    found = {}
    for name, path in SCREENS.items():
        tab.goto(tab.base + path)
        if name == "start" and scripts:
            tab.click("details.one-hand > summary")     # the folded parts open
        found[name] = axe_violations(tab)
        if scripts:   # every screen, to be looked at (screenshots/, git-ignored)
            shoot(tab, f"screen-{name.replace(' ', '-')}-{scheme}")
    # the screens a post makes: a hand's errors on the sheet, one hand scored without one
    tab.goto(tab.base + f"/?g={SHEET}")
    tab.check("input[name=mode][value=cards]")
    tab.check("input[name=knocked_by][value='0']")
    tab.fill("#score-c0", BAD_KNOCKER)
    tab.fill("#score-c1", DEFENDER)
    press(tab, "button[value=score]")
    expect(tab.locator("#score-errors")).to_be_visible()
    found["errors on the sheet"] = axe_violations(tab)
    tab.goto(tab.base + "/")
    tab.click("details.one-hand > summary")
    tab.check("input[name=mode][value=cards]")
    tab.fill("#score-c0", KNOCKER)
    tab.fill("#score-c1", DEFENDER)
    press(tab, "button[value=score]")
    expect(tab.locator("#result")).to_be_visible()
    found["one hand scored"] = axe_violations(tab)
    tab.goto(tab.base + "/advice")
    tab.fill("#advice-hand", "As 2s 3s 5h 6h 7h 8c 8d 8s 9d Kd")
    with tab.expect_navigation():  # a plain post: the page's script does not swap this form
        tab.click(".advice-form button.primary")
    expect(tab.locator(".advice-answer")).to_be_visible()
    found["advice answered"] = axe_violations(tab)
    if scheme == "dark" and width == "phone":
        shoot(tab, "one-hand-dark")
    bad = {name: lines for name, lines in found.items() if lines}
    assert not bad, "\n".join(f"{name}: {line}" for name, lines in bad.items()
                              for line in lines)
    print(f"axe {width} {scheme} {'js' if scripts else 'nojs'}: {len(found)} screens, "
          f"0 violations")


def test_targets_are_at_least_44_px(make_tab):
    """Every button, link-button, pill and field on the sheet at 375 px is 44 px or more."""
    tab = make_tab()
    tab.goto(tab.base + f"/?g={SHEET}&did=add:4&u={BEFORE}")
    tab.click(".rows > li:first-child summary")
    small = tab.evaluate("""() => Array.from(document.querySelectorAll(
        'main button, main .button, main .pill, main input[type=text], main select, main summary,'
        + ' header button, header .brand'))
      .filter(e => e.offsetParent !== null)
      .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect().height])
      .filter(([, h]) => h < 44)""")
    assert not small, small


def test_suits_are_told_by_their_glyph_and_the_four_colour_deck(make_tab):
    tab = make_tab()
    tab.goto(tab.base + f"/?g={SHEET}&show=2")
    cards = tab.locator("#result .card")
    assert cards.count() >= 20
    for card in cards.all()[:20]:
        assert card.locator(".suit").inner_text().strip()[0] in "♠♥♦♣"
        assert card.get_attribute("aria-label").split(" of ")[1] in ("spades", "hearts",
                                                                      "diamonds", "clubs")
    two = tab.evaluate("() => getComputedStyle(document.querySelector('#result .card.suit-d'))"
                       ".color")
    # each display button says in words what it does, not only "4♦" with a tooltip
    for label, words in (("Four-colour deck", "4 colours"), ("Dark mode", "Dark")):
        shown = tab.locator(f".display-settings button[aria-label='{label}'] .toggle-words")
        expect(shown).to_be_visible()
        expect(shown).to_have_text(words)
    tab.click(".display-settings button[aria-label='Four-colour deck']")
    four = tab.evaluate("() => getComputedStyle(document.querySelector('#result .card.suit-d'))"
                        ".color")
    assert two == "rgb(192, 21, 47)" and four == "rgb(31, 73, 182)"
    tab.reload()
    assert tab.evaluate("() => document.documentElement.classList.contains('four-colour')")
    shoot(tab, "four-colour-deck")
