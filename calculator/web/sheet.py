"""The game sheet as the page shows it: rows, running totals, end-of-game bonuses.

Every number comes from the service's `games` answer; this module only arranges it for the
template (which cells changed, which games had already ended, words for each hand).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import CalculatorError, Rules
from .ledger import Hand, Ledger

OUTCOME_WORDS = {"knock": "Knock", "undercut": "Undercut", "gin": "Gin", "big_gin": "Big gin",
                 "draw": "Dead hand"}


@dataclass
class Row:
    number: int
    what: str          # "Ann knocks", "Bob undercuts", "Dead hand"
    how: str           # "by cards" / "by counts"
    winner: str | None
    points: int
    doubled: bool
    cells: list        # per game: (totals by player, entered here, game already ended)
    ends: list[int]    # numbers of the games this hand ended


def effective_rules(ledger: Ledger | None) -> Rules:
    """The ledger's rules for display choices (target, Oklahoma upcard field). The service
    validates them; a bad option here just shows the standard values."""
    try:
        return Rules.from_options(ledger.rules if ledger else None)
    except (CalculatorError, TypeError):
        return Rules()


def hand_words(hand: Hand, result: dict, players: tuple[str, str]) -> str:
    if hand.mode == "draw" or result.get("outcome") == "draw":
        return "Dead hand"
    knocker = players[int(hand.knocked_by)] if hand.knocked_by in ("0", "1") else "?"
    defender = players[1] if knocker == players[0] else players[0]
    outcome = result.get("outcome")
    if outcome == "undercut":
        return f"{defender} undercuts {knocker}"
    if outcome in ("gin", "big_gin"):
        return f"{knocker}: {OUTCOME_WORDS[outcome].lower()}"
    if result.get("winner") is None:
        return f"{knocker} knocks: a tie"
    return f"{knocker} knocks"


def sheet_rows(sheet: dict, ledger: Ledger) -> list[Row]:
    ends_at = {}  # game index -> index of the hand that ended it
    for g, game in enumerate(sheet["games"]):
        if game["finished"]:
            ends_at[g] = max(i for i, row in enumerate(sheet["hands"]) if g in row["games"])
    rows = []
    for i, (row, hand) in enumerate(zip(sheet["hands"], ledger.hands, strict=True)):
        result = row["result"]
        cells = [(totals, g in row["games"], g in ends_at and ends_at[g] < i)
                 for g, totals in enumerate(row["totals"])]
        rows.append(Row(i + 1, hand_words(hand, result, ledger.players),
                        "" if hand.mode == "draw" else f"by {hand.mode}", row["winner"],
                        row["points"], result.get("multiplier", 1) > 1, cells,
                        [g + 1 for g, at in ends_at.items() if at == i]))
    return rows


def match_sums(sheet: dict) -> dict[str, int]:
    return {p: sum(game["final"][p] for game in sheet["games"]) for p in sheet["players"]}


def result_names(hand: Hand, players: tuple[str, str] | None) -> tuple[str, str]:
    """Who was knocker and defender in a hand, for the result's headings."""
    if players is None or hand.knocked_by not in ("0", "1"):
        return "Knocker", "Defender"
    knocker = players[int(hand.knocked_by)]
    return knocker, players[1] if knocker == players[0] else players[0]
