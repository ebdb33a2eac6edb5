"""Share links: a whole ledger in one URL parameter, safe to read from anyone.

The encoding is a version letter, then base64url (no padding) of zlib-compressed terse JSON:
`[players, rules, hands]`, each hand an array led by its mode letter:

    ["c", knocked_by, knocker_cards, defender_cards, upcard?]     by cards
    ["n", knocked_by, knocker_deadwood, kind, defender_deadwood, upcard?]   by counts
    ["d"]                                                         a dead hand

A game of a dozen hands is a few hundred characters, well under gunicorn's 8 KiB request line.
Decoding takes hostile input: each size is capped before the next step (the text, then the
decompressed bytes, read with a cap so a zlib bomb stops there), and every shape and type is
checked before use. Any failure is a `ShareError` with a message for people, never a 500.
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib

from ..api import limits
from .ledger import KINDS, Hand, Ledger

VERSION = "1"
LINK_CHARS = 6000            # longest token put in a URL (request line limit is 8190)
MAX_TOKEN_CHARS = 300_000    # longest token read at all (a form field; a link is shorter)
MAX_JSON_BYTES = 1_000_000   # decompressed size cap: stops zlib bombs
MAX_TEXT_CHARS = limits.MAX_HAND_CHARS
RULE_VALUE_TYPES = (str, int, bool, type(None))


class ShareError(ValueError):
    """A ledger token that cannot be read; the message is for the person who followed it."""


def encode(ledger: Ledger) -> str:
    terse = [list(ledger.players), ledger.rules, [_terse_hand(h) for h in ledger.hands]]
    raw = json.dumps(terse, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode("ascii")
    return VERSION + packed


def fits_in_link(token: str) -> bool:
    return len(token) <= LINK_CHARS


def _terse_hand(hand: Hand) -> list:
    if hand.mode == "draw":
        return ["d"]
    who = int(hand.knocked_by) if hand.knocked_by in ("0", "1") else -1
    upcard = [hand.upcard] if hand.upcard else []
    if hand.mode == "counts":
        return ["n", who, _number(hand.knocker_deadwood), KINDS.index(hand.kind),
                _number(hand.defender_deadwood)] + upcard
    return ["c", who, hand.knocker, hand.defender] + upcard


def _number(text: str) -> int | str:
    return int(text) if text.strip().isdigit() else text


def decode(token: str) -> Ledger:
    if not isinstance(token, str) or not token:
        raise ShareError("the link has no game sheet in it")
    if len(token) > MAX_TOKEN_CHARS:
        raise ShareError("the game sheet in the link is too long to read")
    if token[0] != VERSION:
        raise ShareError("the link's game sheet is in a format this version does not read")
    try:
        packed = base64.urlsafe_b64decode(token[1:] + "=" * (-len(token[1:]) % 4))
    except (binascii.Error, ValueError):
        raise ShareError("the link is damaged (it is not a game sheet); was it cut short "
                         "when copied?") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
    except zlib.error:
        raise ShareError("the link is damaged (it is not a game sheet); was it cut short "
                         "when copied?") from None
    if inflater.unconsumed_tail:
        raise ShareError("the game sheet in the link is too large to read")
    if not inflater.eof:
        raise ShareError("the link is cut short: the game sheet in it is incomplete")
    try:
        terse = json.loads(raw.decode("utf-8"))
        # JSON escapes can smuggle lone surrogates ("\ud800") that no page can be written in
        json.dumps(terse, ensure_ascii=False).encode("utf-8")
    except (UnicodeError, ValueError, RecursionError):
        raise ShareError("the link's game sheet cannot be read") from None
    return _ledger(terse)


def _ledger(terse) -> Ledger:
    if not (isinstance(terse, list) and len(terse) == 3):
        raise ShareError("the link's game sheet is not in the expected shape")
    players, rules, hands = terse
    if not (isinstance(players, list) and len(players) == 2
            and all(isinstance(p, str) and len(p) <= 100 for p in players)):
        raise ShareError("the link's game sheet does not name two players")
    if not (isinstance(rules, dict) and len(rules) <= 20
            and all(isinstance(k, str) and len(k) <= 40 and type(v) in RULE_VALUE_TYPES
                    and (not isinstance(v, str) or len(v) <= 40) for k, v in rules.items())):
        raise ShareError("the link's rule options are not in the expected shape")
    if not isinstance(hands, list):
        raise ShareError("the link's hands are not in the expected shape")
    if len(hands) > limits.MAX_LEDGER_HANDS:
        raise ShareError(f"the link holds {len(hands)} hands; a sheet holds at most "
                         f"{limits.MAX_LEDGER_HANDS}")
    read = []
    for number, item in enumerate(hands, 1):
        hand = _hand(item)
        if hand is None:
            raise ShareError(f"hand {number} in the link is not in the expected shape")
        read.append(hand)
    return Ledger((players[0], players[1]), rules, tuple(read))


def _text(value) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT_CHARS


def _count(value) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9999
            ) or (isinstance(value, str) and len(value) <= 20)


def _hand(item) -> Hand | None:
    if not (isinstance(item, list) and item and item[0] in ("c", "n", "d")):
        return None
    mode, rest = item[0], item[1:]
    if mode == "d":
        return Hand(mode="draw") if not rest else None
    if not (rest and type(rest[0]) is int and rest[0] in (-1, 0, 1)):
        return None
    who = "" if rest[0] == -1 else str(rest[0])
    if mode == "c" and len(rest) in (3, 4) and all(_text(v) for v in rest[1:]):
        return Hand("cards", who, rest[1], rest[2], upcard=rest[3] if len(rest) == 4 else "")
    if (mode == "n" and len(rest) in (4, 5) and _count(rest[1]) and _count(rest[3])
            and type(rest[2]) is int and 0 <= rest[2] < len(KINDS)
            and (len(rest) == 4 or _text(rest[4]))):
        return Hand("counts", who, knocker_deadwood=str(rest[1]), kind=KINDS[rest[2]],
                    defender_deadwood=str(rest[3]), upcard=rest[4] if len(rest) == 5 else "")
    return None
