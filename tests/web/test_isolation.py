"""User text quoted inside a message is isolated on its own (`<bdi>`), so a right-to-left
override in a bad token reorders only the token, never the rest of the sentence; and it stays
escaped."""
from __future__ import annotations

import re

import pytest
from web_support import DEFENDER

from calculator.web.isolate import isolate_quoted

RLO = "\u202e"
KNOCKER_WITH_OVERRIDE = f"As 2s 3s 7c 7h 7d Tc Jc Q{RLO}<script>x 5h"   # token 9


def messages(html: str) -> list[str]:
    return re.findall(r'<span dir="auto">(.*?)</span>', html, re.S)


def outside_isolates(message: str) -> str:
    return re.sub(r"<bdi>[^<]*</bdi>", "", message)


@pytest.mark.parametrize("page, form", [
    ("/", {"action": "score", "mode": "cards", "c0": KNOCKER_WITH_OVERRIDE, "c1": DEFENDER}),
    ("/advice", {"hand": f"As 2s 3s 5h 6h 7h 8c 8d 8s 4d K{RLO}<script>x"}),
])
def test_a_bad_token_with_an_override_is_isolated_in_every_message(client, page, form):
    response = client.post(page, data=form)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    found = [m for m in messages(html) if RLO in m]
    assert len(found) >= 2                                  # beside the field and in the summary
    for message in found:
        assert RLO not in outside_isolates(message), message
        assert f"<bdi>{RLO}&lt;script&gt;x</bdi>" in message    # the bad suit, escaped
        assert f"<bdi>Q{RLO}&lt;script&gt;x</bdi>" in message or \
            f"<bdi>K{RLO}&lt;script&gt;x</bdi>" in message      # the whole token
    assert "<script>x" not in html


@pytest.mark.parametrize("message, html", [
    ("unknown suit 'x' in token 2 'Qx'",
     "unknown suit '<bdi>x</bdi>' in token 2 '<bdi>Qx</bdi>'"),
    ("Bob's deadwood is a whole number, like 12 (not 'a<b')",     # a possessive is no quote
     "Bob's deadwood is a whole number, like 12 (not '<bdi>a&lt;b</bdi>')"),
    ('unknown preset "it\'s" (5 characters)', 'unknown preset "<bdi>it\'s</bdi>" (5 characters)'),
    (f"unknown suit 'x'{RLO}y' here",                    # a quote inside the token
     f"unknown suit '<bdi>x'{RLO}y</bdi>' here"),
    (f"a stray {RLO} outside quotes", f"a stray <bdi>{RLO}</bdi> outside quotes"),
    ("'&' at the start, none at the end: '", "'<bdi>&amp;</bdi>' at the start, none at the end: '"),
])
def test_the_filter_isolates_each_quoted_part_and_escapes_every_piece(message, html):
    # `html` is written with plain quotes; on the page every quote is escaped
    assert str(isolate_quoted(message)) == html.replace("'", "&#39;").replace('"', "&#34;")


def test_the_filter_takes_what_a_template_may_give_it():
    assert str(isolate_quoted(None)) == "" and str(isolate_quoted(404)) == "404"
