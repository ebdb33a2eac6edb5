"""Share links: a whole ledger in one URL parameter, safe to read from anyone.

The encoding is a version letter, then base64url (no padding) of zlib-compressed terse JSON:
`[players, rules, hands, extra?]`, each hand an array led by its mode letter:

    ["c", knocked_by, knocker_cards, defender_cards, upcard?]              by cards
    ["n", knocked_by, knocker_deadwood, kind, defender_deadwood, upcard?]  by counts
    ["t", winner, points]                                                  points at the table
    ["d"]                                                                  a dead hand

and `extra` (left out when empty) `{"m": the sheet's entry mode, "n": the night's finished
games, each [winner, final0, final1, margin, hollywood, hands]}`.

A game of a dozen hands is a few hundred characters, well under gunicorn's 8 KiB request line.
Decoding takes hostile input and costs little whatever it is given: each size is capped
before the next step (the token, then the decompressed bytes, read with a cap so a zlib bomb
stops there), every list's length is checked before its items are read, each hand's text is
capped in characters and tokens, and reading stops at the first bad item. Nothing is analysed
here; the first hand the core refuses stops the sheet (see `play.play`). Any failure is a
`ShareError` with a message for people, never a 500.
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib

from ..api import limits
from .ledger import ENTRY_MODES, KINDS, MAX_NIGHT_GAMES, Finished, Hand, Ledger
from ..core.numbers import is_whole
from .numbers import typed_number

VERSION = "1"
LINK_CHARS = 6000            # longest token put in a URL (request line limit is 8190)
MAX_TOKEN_CHARS = 300_000    # longest token read at all (a form field; a link is shorter)
MAX_JSON_BYTES = 256 * 1024  # decompressed size cap: a 500-hand sheet in words fits
MAX_TEXT_CHARS = limits.MAX_HAND_CHARS
MAX_HAND_WORDS = limits.MAX_TOKENS   # 11 cards in words ("queen of diamonds") is 33
MAX_NAME_CHARS = limits.MAX_NAME_CHARS
MAX_RULES = 20
RULE_VALUE_TYPES = (str, int, bool, type(None))
MAX_COUNT = 9999


class ShareError(ValueError):
    """A ledger token that cannot be read; the message is for the person who followed it."""


def encode(ledger: Ledger) -> str:
    terse = [list(ledger.players), ledger.rules, [_terse_hand(h) for h in ledger.hands]]
    extra = {}
    if ledger.mode != "counts":
        extra["m"] = ledger.mode
    if ledger.night:
        extra["n"] = [[g.winner, g.finals[0], g.finals[1], g.margin, int(g.hollywood),
                       g.hands] for g in ledger.night]
    if extra:
        terse.append(extra)
    raw = json.dumps(terse, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode("ascii")
    return VERSION + packed


def fits_in_link(token: str) -> bool:
    return len(token) <= LINK_CHARS


def _terse_hand(hand: Hand) -> list:
    if hand.mode == "draw":
        return ["d"]
    if hand.mode == "table":
        return ["t", _who(hand.winner), _number(hand.points)]
    who = _who(hand.knocked_by)
    upcard = [hand.upcard] if hand.upcard else []
    if hand.mode == "counts":
        return ["n", who, _number(hand.knocker_deadwood), KINDS.index(hand.kind),
                _number(hand.defender_deadwood)] + upcard
    return ["c", who, hand.knocker, hand.defender] + upcard


def _who(text: str) -> int:
    return int(text) if text in ("0", "1") else -1


def _number(text: str) -> int | str:
    """A count or points as the link keeps it: the number the form read ("0050" is 50), or
    the text as typed when it is no number the link holds."""
    value = typed_number(text.strip())
    return value if value is not None and value <= MAX_COUNT else text


DAMAGED = "the link is damaged (it is not a game sheet); was it cut short when copied?"


def decode(token: str) -> Ledger:
    if not isinstance(token, str) or not token:
        raise ShareError("the link has no game sheet in it")
    if len(token) > MAX_TOKEN_CHARS:
        raise ShareError("the game sheet in the link is too long to read")
    if token[0] != VERSION:
        raise ShareError("the link's game sheet is in a format this version does not read")
    body = token[1:]
    if not body.isascii():
        raise ShareError(DAMAGED)
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise ShareError(DAMAGED) from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
    except zlib.error:
        raise ShareError(DAMAGED) from None
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
    return ledger_from_terse(terse)


def ledger_from_terse(terse, where: str = "the link") -> Ledger:
    """A ledger from its terse form, every length checked before its items are read; the
    messages name `where` it came from ("the link", "the file")."""
    if not (isinstance(terse, list) and len(terse) in (3, 4)):
        raise ShareError(f"{where}'s game sheet is not in the expected shape")
    players, rules, hands = terse[:3]
    extra = terse[3] if len(terse) == 4 else {}
    if not (isinstance(players, list) and len(players) == 2
            and all(isinstance(p, str) and len(p) <= MAX_NAME_CHARS * 2 for p in players)):
        raise ShareError(f"{where}'s game sheet does not name two players")
    if not (isinstance(rules, dict) and len(rules) <= MAX_RULES
            and all(isinstance(k, str) and len(k) <= 40 and type(v) in RULE_VALUE_TYPES
                    and (not isinstance(v, str) or len(v) <= 40) for k, v in rules.items())):
        raise ShareError(f"{where}'s rule options are not in the expected shape")
    if not isinstance(hands, list):
        raise ShareError(f"{where}'s hands are not in the expected shape")
    if len(hands) > limits.MAX_LEDGER_HANDS:
        raise ShareError(f"{where} holds {len(hands)} hands; a sheet holds at most "
                         f"{limits.MAX_LEDGER_HANDS}")
    mode, night = _extra(extra, where)
    read = []
    for number, item in enumerate(hands, 1):
        hand = _hand(item)
        if hand is None:
            raise ShareError(f"hand {number} in {where} is not in the expected shape")
        read.append(hand)
    return Ledger((players[0], players[1]), rules, tuple(read), mode, night)


def _extra(extra, where: str) -> tuple[str, tuple[Finished, ...]]:
    if not (isinstance(extra, dict) and len(extra) <= 2 and set(extra) <= {"m", "n"}):
        raise ShareError(f"{where}'s game sheet is not in the expected shape")
    mode = extra.get("m", "counts")
    if mode not in ENTRY_MODES:
        raise ShareError(f"{where}'s entry mode is not one this page knows")
    night = extra.get("n", [])
    if not isinstance(night, list) or len(night) > MAX_NIGHT_GAMES:
        raise ShareError(f"{where}'s finished games are not in the expected shape")
    games = []
    for item in night:
        game = _finished(item)
        if game is None:
            raise ShareError(f"finished game {len(games) + 1} in {where} is not in the "
                             f"expected shape")
        games.append(game)
    return mode, tuple(games)


def _int(value, low: int = 0, high: int = 10_000_000) -> bool:
    return is_whole(value, low, high)


def _finished(item) -> Finished | None:
    if not (isinstance(item, list) and len(item) == 6):
        return None
    winner, final0, final1, margin, hollywood, hands = item
    if not (_int(winner, -1, 1) and _int(final0) and _int(final1)
            and _int(margin, -10_000_000)   # negative when boxes left the winner behind
            and hollywood in (0, 1) and _int(hands, 0, limits.MAX_LEDGER_HANDS)):
        return None
    return Finished(winner, (final0, final1), margin, bool(hollywood), hands)


def _text(value) -> bool:
    """A hand's typed text: capped in characters, then in words (a hand is 10 or 11 cards,
    "As" or "ace of spades"; no link may make the core read thousands of tokens). Words are
    counted by `str.split`, at C speed: the core's tokenizer, run on 1,000 hands of a
    hostile link, cost 90 ms of a 93 ms request that now takes 12."""
    return (isinstance(value, str) and len(value) <= MAX_TEXT_CHARS
            and len(value.replace(",", " ").replace(";", " ").split()) <= MAX_HAND_WORDS)


def _count(value) -> bool:
    return _int(value, 0, MAX_COUNT) or (isinstance(value, str) and len(value) <= 20)


def _hand(item) -> Hand | None:
    if not (isinstance(item, list) and 1 <= len(item) <= 6 and item[0] in ("c", "n", "t", "d")):
        return None
    mode, rest = item[0], item[1:]
    if mode == "d":
        return Hand(mode="draw") if not rest else None
    if not (rest and type(rest[0]) is int and rest[0] in (-1, 0, 1)):
        return None
    who = "" if rest[0] == -1 else str(rest[0])
    if mode == "t":
        if len(rest) == 2 and _count(rest[1]):
            return Hand("table", winner=who, points=str(rest[1]))
        return None
    if mode == "c" and len(rest) in (3, 4) and all(_text(v) for v in rest[1:]):
        return Hand("cards", who, rest[1], rest[2], upcard=rest[3] if len(rest) == 4 else "")
    if (mode == "n" and len(rest) in (4, 5) and _count(rest[1]) and _count(rest[3])
            and type(rest[2]) is int and 0 <= rest[2] < len(KINDS)
            and (len(rest) == 4 or _text(rest[4]))):
        return Hand("counts", who, knocker_deadwood=str(rest[1]), kind=KINDS[rest[2]],
                    defender_deadwood=str(rest[3]), upcard=rest[4] if len(rest) == 5 else "")
    return None
