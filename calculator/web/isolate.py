"""User text quoted inside a message, isolated on the page.

A message quotes what a person typed between ASCII quotes ("unknown suit 'x' in token 2
'Qx'"), and a template wraps the whole message in `dir="auto"`; that isolates the message from
the page, not the token from the sentence: a U+202E (right-to-left override) inside the quoted
token would reorder the rest of the sentence after it. `split_quoted` is the one walk of a
message that finds its quoted parts (the advice page's rewording uses it to leave them as
typed); `isolate_quoted` gives each quoted part its own `<bdi>`, and any stray bidi control
outside the quotes its own too, so an override reaches no further than its token. Every
piece is escaped; the result is Markup.

A player's name in a message is isolated once, in the core (`core.errors.isolated`: FIRST
STRONG ISOLATE ... POP DIRECTIONAL ISOLATE around a right-to-left name, the plain-text way that
also holds in a terminal); here such a pair becomes the name's own `<bdi>`, so "מיכל's
deadwood" stays in that order under `dir="auto"`, and the message's direction follows its
words, not the name.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup, escape

from ..core.errors import BIDI_CONTROLS

# A quote opens at the start or after a space or an opening bracket (so "Bob's" is no quote)
# and closes at the first quote followed by the end, a space or punctuation: a quote inside
# the token does not end it early. The second alternative: the bidi embeddings, overrides,
# isolates and marks, when one stands outside any quotes.
QUOTED = re.compile(r"""(?<![^\s(\[{])(?:'(.*?)'|"(.*?)")(?=$|[\s)\]},.:;!?])"""
                    r"|\u2068([^\u2066-\u2069]*)\u2069"        # a name the core isolated
                    f"|([{BIDI_CONTROLS}])", re.S)


@dataclass(frozen=True)
class Quoted:
    """A part of a message that holds what a person typed: the part as the message writes it
    (`text`), the person's text in it (`inner`), and the quote around it ("'" or '"'; "" for a
    name the core isolated, whose `inner` is the name, or a stray bidi control, its own
    `inner`)."""

    text: str
    inner: str
    quote: str


def split_quoted(message: str) -> tuple[str | Quoted, ...]:
    """The message in pieces, in order: its own words (`str`, never empty) and the parts that
    quote user text (`Quoted`), as `QUOTED` finds them. Joining each piece's text gives the
    message back.

    >>> split_quoted("unknown suit 'x' in Bob's hand")
    ('unknown suit ', Quoted(text="'x'", inner='x', quote="'"), " in Bob's hand")
    """
    pieces: list[str | Quoted] = []
    at = 0
    for match in QUOTED.finditer(message):
        if match.start() > at:
            pieces.append(message[at:match.start()])
        single, double, name, control = match.groups()
        if single is not None or double is not None:
            quote = "'" if single is not None else '"'
            inner = single if single is not None else double
        else:
            quote, inner = "", name if name is not None else control
        pieces.append(Quoted(match.group(0), inner, quote))
        at = match.end()
    if at < len(message):
        pieces.append(message[at:])
    return tuple(pieces)


def reworded(message: str, words: tuple[tuple[str, str], ...]) -> str:
    """The message with each (pattern, replacement) of `words` applied to its own words, in
    order; the text it quotes is left as typed.

    >>> reworded("knock_limit must be at most 10, not 'knock_limit'", ((r"\\bknock_limit\\b",
    ...          "the knock limit"),))
    "the knock limit must be at most 10, not 'knock_limit'"
    """
    out = []
    for piece in split_quoted(message):
        if isinstance(piece, Quoted):
            out.append(piece.text)
            continue
        for pattern, replacement in words:
            piece = re.sub(pattern, replacement, piece)
        out.append(piece)
    return "".join(out)


def isolate_quoted(message) -> Markup:
    """The message as HTML, each quoted part's text in its own `<bdi>`.

    >>> isolate_quoted("unknown suit '<b>' in 'Q<b>'")
    Markup('unknown suit &#39;<bdi>&lt;b&gt;</bdi>&#39; in &#39;<bdi>Q&lt;b&gt;</bdi>&#39;')
    >>> isolate_quoted("say who knocked: Ann or \u2068מיכל\u2069")
    Markup('say who knocked: Ann or <bdi>מיכל</bdi>')
    """
    text = "" if message is None else str(message)
    return Markup("").join(
        Markup("%s<bdi>%s</bdi>%s") % (piece.quote, piece.inner, piece.quote)
        if isinstance(piece, Quoted) else escape(piece) for piece in split_quoted(text))
