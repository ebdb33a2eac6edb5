"""User text quoted inside a message is isolated on its own (`<bdi>`), so a right-to-left
override in a bad token reorders only the token, never the rest of the sentence; and it stays
escaped."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from web_support import DEFENDER

from calculator.web.advice import page_words
from calculator.web.isolate import Quoted, isolate_quoted, split_quoted

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


FSI, PDI = "\u2068", "\u2069"


@pytest.mark.parametrize("message, pieces", [
    ("no quotes in my message", ("no quotes in my message",)),
    ("", ()),
    ("unclosed 'my hand", ("unclosed 'my hand",)),                  # no closing quote: words
    ("'As' and 'Kx'", (Quoted("'As'", "As", "'"), " and ", Quoted("'Kx'", "Kx", "'"))),
    ("Bob's and Ann's hands", ("Bob's and Ann's hands",)),          # possessives are no quotes
    ("a name 'O'Neil' here", ("a name ", Quoted("'O'Neil'", "O'Neil", "'"), " here")),
    ('unknown preset "it\'s".', ("unknown preset ", Quoted('"it\'s"', "it's", '"'), ".")),
    (f"{FSI}מיכל{PDI}'s deadwood", (Quoted(f"{FSI}מיכל{PDI}", "מיכל", ""), "'s deadwood")),
    (f"Ann or {FSI}דנ'י{PDI}?", ("Ann or ", Quoted(f"{FSI}דנ'י{PDI}", "דנ'י", ""), "?")),
    (f"a lone {PDI} and {RLO}", ("a lone ", Quoted(PDI, PDI, ""), " and ", Quoted(RLO, RLO, ""))),
    ("not '<b>&amp;\"' in my hand", ("not ", Quoted("'<b>&amp;\"'", '<b>&amp;"', "'"),
                                      " in my hand")),
])
def test_one_walk_splits_a_message_into_its_words_and_its_quoted_parts(message, pieces):
    assert split_quoted(message) == pieces
    # what each caller makes of the same pieces: the page's words outside the quotes only,
    # every piece escaped, each quoted part's text in its own <bdi>
    assert page_words(message) == "".join(
        p.text if isinstance(p, Quoted) else p.replace("my", "your") for p in pieces)
    assert str(isolate_quoted(message)).count("<bdi>") == sum(isinstance(p, Quoted)
                                                              for p in pieces)


def test_html_in_a_quoted_part_and_around_it_is_escaped_once():
    assert str(isolate_quoted("not '<b>&amp;\"' in <my> hand")) == (
        "not &#39;<bdi>&lt;b&gt;&amp;amp;&#34;</bdi>&#39; in &lt;my&gt; hand")


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from("ab '\"<&>(). " + FSI + PDI + RLO + "\u200fמ"),
               max_size=40))
def test_the_pieces_give_the_message_back_and_every_piece_is_escaped(message):
    pieces = split_quoted(message)
    assert "".join(p.text if isinstance(p, Quoted) else p for p in pieces) == message
    assert all(p for p in pieces if isinstance(p, str))                 # no empty words
    assert not any(isinstance(a, str) and isinstance(b, str) for a, b in zip(pieces, pieces[1:]))
    html = str(isolate_quoted(message))
    assert not set("<>\"'") & set(re.sub(r"</?bdi>", "", html))        # escaped, all of it
    assert not set(RLO + FSI + PDI + "\u200f") & set(outside_isolates(html))  # each isolated
