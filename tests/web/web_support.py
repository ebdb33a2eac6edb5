"""Hands and small helpers shared by the page's tests."""
from __future__ import annotations

import random
import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "screenshots"              # git-ignored: every flow's pictures
DOCS_SHOTS = ROOT / "docs" / "screenshots"      # committed: the named screens, README's among them

KNOCKER = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"        # deadwood 5
DEFENDER = "4s 5s 9h 9d 9c Kd Qd 2c 3d 6h"       # lays off 4s 5s; deadwood 31 after
BAD_KNOCKER = "As 2s 3s 7c 7h 7d Tc Jc Qx 5h"    # token 9 'Qx'
# The knocker's lowest-deadwood spread leaves a lay-off that another legal spread avoids.
BETTER_KNOCKER = "3s 5s 7s 6h 7h 6s 5h 4s 8h 2d"
BETTER_DEFENDER = "9h As Ts 3d Qd 5d Js Kc Jh Ah"


def token_of(location: str) -> str:
    """The `g` parameter of a redirect's Location (or any sheet URL)."""
    return parse_qs(urlsplit(location).query)["g"][0]


def text_of(html: str) -> str:
    """The visible words of an HTML page, tags dropped and spaces squeezed."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _attributes(tag: str) -> dict[str, str]:
    return {name: unescape(value) for name, value in re.findall(r'([\w-]+)(?:="([^"]*)")?', tag)}


def long_ledger(seed: int = 11, count: int = 300):
    """A night's sheet too long for a link: `count` hands by cards, the knocker taking turns
    (a 300-hand sheet's token is some 7,000 characters; a link holds 6,000)."""
    from calculator.web.ledger import Hand, Ledger

    shuffle = random.Random(seed).sample
    hands = tuple(Hand("cards", str(i % 2), " ".join(shuffle(KNOCKER.split(), 10)),
                       " ".join(shuffle(DEFENDER.split(), 10))) for i in range(count))
    return Ledger(("Ann", "Bob"), {"target": 10000}, hands)


def _says(tag: str, inner: str, words: str) -> bool:
    """A link or button says `words`: its visible text (a hidden part too) or its label."""
    return unescape(text_of(inner)) == words or _attributes(tag).get("aria-label") == words


def follow(client, html: str, words: str, **typed):
    """What a browser without script does with the link or button that says `words` (its
    text, or its `aria-label`): a link is fetched; a button sends its form (the form's inputs,
    with `typed` in place of what they hold, and the button's own name and value) to the
    button's `formaction`, else the form's `action`. Inputs only: no select or textarea is
    sent."""
    for link in re.finditer(r"<a\b([^>]*)>(.*?)</a>", html, re.S):
        href = _attributes(link.group(1)).get("href")
        if href is not None and _says(link.group(1), link.group(2), words):
            return client.get(href)
    for form in re.finditer(r"<form\b([^>]*)>(.*?)</form>", html, re.S):
        button = next((b for b in re.finditer(r"<button\b([^>]*)>(.*?)</button>",
                                              form.group(2), re.S)
                       if _says(b.group(1), b.group(2), words)), None)
        if button:
            break
    else:
        raise AssertionError(f"no link or button says {words!r}")
    data: dict[str, list[str]] = {}
    for tag in re.findall(r"<input\b([^>]*)>", form.group(2)):
        field = _attributes(tag)
        if "name" in field and (field.get("type") not in ("checkbox", "radio")
                                or "checked" in field):
            data.setdefault(field["name"], []).append(field.get("value", ""))
    data.update({name: [value] for name, value in typed.items()})
    form_at, button_at = _attributes(form.group(1)), _attributes(button.group(1))
    if "name" in button_at:
        data.setdefault(button_at["name"], []).append(button_at.get("value", ""))
    action = button_at.get("formaction") or form_at.get("action", "")
    if (button_at.get("formmethod") or form_at.get("method", "get")).lower() == "post":
        return client.post(action, data=data)
    return client.get(action, query_string=data)


def shoot(tab, name: str, full_page: bool = True) -> Path:
    """Save a screenshot as screenshots/<name>-<width>-<js|nojs>.png."""
    SCREENSHOTS.mkdir(exist_ok=True)
    suffix = "js" if getattr(tab, "javascript", True) else "nojs"
    path = SCREENSHOTS / f"{name}-{tab.viewport_size['width']}-{suffix}.png"
    tab.screenshot(path=str(path), full_page=full_page, animations="disabled", caret="hide")
    return path


def keep_shot(tab, name: str, full_page: bool = False) -> Path:
    """Save a named screen for the docs as docs/screenshots/<name>.png (what the screen shows,
    unless `full_page`)."""
    DOCS_SHOTS.mkdir(parents=True, exist_ok=True)
    path = DOCS_SHOTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=full_page, animations="disabled", caret="hide")
    return path
