"""The night's export (CSV and JSON) and the JSON read back in.

The JSON is the ledger itself in plain words (players, rules, the sheet's hands as typed, the
finished games), so reading it back gives the same sheet; it is read with the share link's
own checks (`sharing.ledger_from_terse`), after a size cap. The CSV export, chosen to be read
in by mistake, is known by its heading and told as such.
"""
from __future__ import annotations

import csv
import io
import json

from .ledger import KINDS, Ledger
from .numbers import whole_number
from .sharing import ShareError, ledger_from_terse
from .sheet import SheetView

FORMAT = "gin-scorekeeper-evening"
CSV_HEADING = ["game", "hand", "what", "counts", "scored by", "points"]   # then the totals'
MAX_IMPORT_BYTES = 256 * 1024


def to_json(ledger: Ledger, sheet: SheetView) -> str:
    a, b = sheet.players
    games = [{"winner": sheet.players[g.winner] if g.winner in (0, 1) else None,
              "final": {a: g.finals[0], b: g.finals[1]}, "margin": g.margin,
              "hollywood": g.hollywood, "hands": g.hands} for g in ledger.night]
    hands = []
    for hand in ledger.hands:
        item: dict = {"mode": hand.mode}
        if hand.mode == "table":
            item.update(winner=_name(hand.winner, sheet), points=_int(hand.points))
        elif hand.mode in ("counts", "cards"):
            item["knocked_by"] = _name(hand.knocked_by, sheet)
            if hand.mode == "counts":
                item.update(kind=hand.kind, knocker_deadwood=_int(hand.knocker_deadwood),
                            defender_deadwood=_int(hand.defender_deadwood))
            else:
                item.update(knocker=hand.knocker, defender=hand.defender)
            if hand.upcard:
                item["upcard"] = hand.upcard
        hands.append(item)
    return json.dumps({"format": FORMAT, "version": 1, "players": [a, b],
                       "rules": ledger.rules, "mode": ledger.mode, "finished_games": games,
                       "hands": hands}, ensure_ascii=False, indent=1)


def _name(place: str, sheet: SheetView):
    return sheet.players[int(place)] if place in ("0", "1") else None


def _int(text: str):
    value = whole_number(text.strip())
    return text if value is None else value


def to_csv(ledger: Ledger, sheet: SheetView) -> str:
    a, b = sheet.players
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    # a Hollywood sheet has each game's totals, then the match's: the final rows' figures go
    # in the last two columns (a game's final, or a match's), the hands' in their games'
    many = sheet.many
    totals = [f"{p} game {g}" for g in range(1, len(sheet.boards) + 1) for p in (a, b)] \
        + [f"{a} match", f"{b} match"] if many else [a, b]
    finals_at = [""] * (len(totals) - 2)
    hands_end = ["", ""] if many else []
    writer.writerow([_cell(c) for c in CSV_HEADING + totals])
    for number, game in enumerate(ledger.night, 1):
        winner = sheet.players[game.winner] if game.winner in (0, 1) else "tie"
        writer.writerow([_cell(c) for c in [number, "final", "Hollywood match" if game.hollywood
                                            else "game", "", winner, game.margin, *finals_at,
                                            game.finals[0], game.finals[1]]])
    current = len(ledger.night) + 1
    for row in sheet.rows:
        scored = sheet.players[row.winner] if row.winner is not None else ""
        cells = [c for pair in row.totals for c in pair]
        writer.writerow([_cell(c) for c in [current, row.number, row.what, row.counts,
                                            scored, row.points] + cells + hands_end])
    if sheet.finished:
        winner = sheet.players[sheet.winner] if sheet.winner is not None else "tie"
        writer.writerow([_cell(c) for c in [current, "final",
                                            "this match" if many else "this game", "", winner,
                                            sheet.margin or 0, *finals_at, sheet.sums[0],
                                            sheet.sums[1]]])
    return out.getvalue()


def _cell(value) -> str:
    """A CSV cell a spreadsheet shows as text: a leading = + - @ would start a formula, and
    so may one after spaces or line breaks. A number (a negative margin) is no formula, so it
    stays a number."""
    if type(value) is int:
        return str(value)
    text = str(value)
    starts = text[:1] in ("\t", "\r", "\n") or text.lstrip()[:1] in ("=", "+", "-", "@")
    return "'" + text if starts else text


def from_json(raw: bytes | str) -> Ledger:
    """A ledger from an exported evening; `ShareError` says what is wrong with it."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise ShareError("the file is too large to be an evening's sheet")
    try:
        data = json.loads(raw)
        json.dumps(data, ensure_ascii=False).encode("utf-8")   # no lone surrogates
    except (UnicodeError, ValueError, RecursionError):
        if _is_our_csv(raw):
            raise ShareError("the file looks like this page's CSV export, which is for "
                             "spreadsheets; only its JSON export can be read back in (the "
                             "file Export JSON saved)") from None
        raise ShareError("the file is not an evening exported from this page (it is not "
                         "JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
        raise ShareError("the file is not an evening exported from this page")
    players = data.get("players")
    if not (isinstance(players, list) and len(players) == 2):
        raise ShareError("the file does not name two players")
    hands, games = data.get("hands", []), data.get("finished_games", [])
    if not isinstance(hands, list) or not isinstance(games, list):
        raise ShareError("the file's hands are not in the expected shape")
    place = {name: i for i, name in enumerate(players) if isinstance(name, str)}
    if len(hands) > 500 or len(games) > 200:
        raise ShareError("the file holds more hands or games than a sheet keeps")
    terse_hands = [_terse(item, place, n) for n, item in enumerate(hands, 1)]
    night = [_terse_game(item, place, n) for n, item in enumerate(games, 1)]
    extra = {"n": night}
    if data.get("mode") not in (None, "counts"):
        extra["m"] = data.get("mode")
    return ledger_from_terse([players, data.get("rules", {}), terse_hands, extra], "the file")


def _is_our_csv(raw: bytes | str) -> bool:
    """The file's first line is the heading `to_csv` writes (its first six cells; the names
    follow), read as a spreadsheet may save it again: quoted, or with ; or tabs."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    first = text.lstrip("\ufeff \t\r\n").partition("\n")[0]
    try:
        return any(next(csv.reader([first], delimiter=mark), [])[:6] == CSV_HEADING
                   for mark in ",;\t")
    except csv.Error:
        return False


def _place_of(name, place: dict) -> int:
    """A player's place by the name the file gives, -1 when it names nobody (or is no name:
    a list there must not be looked up, it cannot be hashed)."""
    return place.get(name, -1) if isinstance(name, str) else -1


def _terse(item, place: dict, number: int) -> list:
    if not isinstance(item, dict):
        raise ShareError(f"hand {number} in the file is not in the expected shape")
    mode = item.get("mode")
    if mode == "draw":
        return ["d"]
    if mode == "table":
        return ["t", _place_of(item.get("winner"), place), item.get("points")]
    who = _place_of(item.get("knocked_by"), place)
    upcard = [item["upcard"]] if isinstance(item.get("upcard"), str) else []
    if mode == "counts" and item.get("kind") in KINDS:
        return ["n", who, item.get("knocker_deadwood"), KINDS.index(item["kind"]),
                item.get("defender_deadwood")] + upcard
    if mode == "cards":
        return ["c", who, item.get("knocker"), item.get("defender")] + upcard
    raise ShareError(f"hand {number} in the file is not in the expected shape")


def _terse_game(item, place: dict, number: int) -> list:
    if not isinstance(item, dict) or not isinstance(item.get("final"), dict):
        raise ShareError(f"finished game {number} in the file is not in the expected shape")
    names = list(place)
    final = item["final"]
    return [_place_of(item.get("winner"), place), final.get(names[0]) if names else None,
            final.get(names[1]) if len(names) > 1 else None, item.get("margin"),
            1 if item.get("hollywood") is True else 0, item.get("hands")]
