"""The game sheet as the page shows it: one small view model built from the core's typed
sheet (`GameSheet`, `HandRow`, `HandResult`), so the templates read attributes and never
probe an answer's keys.

Every number comes from the core; this module only arranges it: which game a hand counted
in, words for each hand with its counts ("5 v 28"), whose deal it is, the night's tally.
Players are named by their place on the sheet (0 or 1); templates look the names up.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.game import GameSheet, TableEntry
from ..core.scoring import HandResult
from .ledger import Finished, Ledger

OUTCOME_WORDS = {"knock": "Knock", "undercut": "Undercut", "gin": "Gin", "big_gin": "Big gin",
                 "draw": "Dead hand"}


@dataclass(frozen=True)
class Board:
    """One game on the scoreboard: totals (finals once it ended) and points to go."""

    number: int
    totals: tuple[int, int]
    to_go: tuple[int, int]
    finished: bool
    winner: int | None


@dataclass(frozen=True)
class Row:
    number: int
    words: tuple                      # ("Ann", True), (" knocks", False): names marked
    counts: str                       # "5 v 28": the knocker's deadwood v the defender's
    how: str                          # "counts", "cards", "table", ""
    winner: int | None                # the place of who scored
    points: int
    doubled: bool                     # Oklahoma's spade upcard
    totals: tuple[tuple[int, int], ...]   # every game's totals after this hand
    entered: tuple[int, ...]          # indices of the games it counted in
    closed: tuple[bool, ...]          # per game: it had ended before this hand
    ends: tuple[int, ...]             # numbers of the games this hand ended

    @property
    def what(self) -> str:
        """"Ann knocks", "Bob undercuts Ann", "Dead hand": the words as plain text."""
        return "".join(text for text, _ in self.words)


@dataclass(frozen=True)
class Tally:
    """The night so far: games won and margins by place, Hollywood matches played."""

    games: int
    won: tuple[int, int]
    margins: tuple[int, int]
    hollywood: int


@dataclass(frozen=True)
class SheetView:
    players: tuple[str, str]
    sheet: GameSheet
    rows: tuple[Row, ...]
    boards: tuple[Board, ...]
    sums: tuple[int, int]             # the match: every game's final added up
    winner: int | None
    margin: int | None
    dealer: int                       # the place of who deals the next hand
    tally: Tally

    @property
    def short(self) -> tuple[str, str]:
        """The names as the sheet's narrow columns head them (only the one-game heading)."""
        return short_names(self.players)

    @property
    def many(self) -> bool:
        return len(self.boards) > 1

    @property
    def finished(self) -> bool:
        return self.sheet.finished

    @property
    def games(self):
        return self.sheet.games

    def finished_game(self) -> Finished:
        """This game (or match) as the night keeps it once the next one starts."""
        winner = -1 if self.winner is None else self.winner
        return Finished(winner, self.sums, self.margin or 0, self.many, len(self.rows))


def view(sheet: GameSheet, ledger: Ledger) -> SheetView:
    players = sheet.players
    place = {name: i for i, name in enumerate(players)}
    ends_at = {g: game.ended_at for g, game in enumerate(sheet.games) if game.finished}
    rows = []
    for i, (row, hand) in enumerate(zip(sheet.hands, ledger.hands, strict=True)):
        winner = place.get(row.winner)
        rows.append(Row(
            i + 1, hand_words(row.result, hand.knocked_by, players), counts(row.result),
            "" if hand.mode == "draw" else hand.mode, winner, row.points,
            isinstance(row.result, HandResult) and row.result.multiplier > 1,
            tuple((t[players[0]], t[players[1]]) for t in row.totals), row.games,
            tuple(g in ends_at and ends_at[g] < i for g in range(len(sheet.games))),
            tuple(g + 1 for g, at in ends_at.items() if at == i)))
    boards = tuple(_board(g, game, sheet) for g, game in enumerate(sheet.games))
    sums = (sheet.sums[players[0]], sheet.sums[players[1]])
    return SheetView(players, sheet, tuple(rows), boards, sums,
                     place.get(sheet.winner),
                     sheet.margin, dealer(rows, ledger), tally(ledger.night))


def short_names(players: tuple[str, str], most: int = 6) -> tuple[str, str]:
    """Two distinct names cut to at most `most` characters each, as a scorer heads a paper
    sheet's columns: the names if both fit, else the first words, else the words where the
    names differ ("Alexandra Whitfield", "Alexandra Whitmore": "Whitf…", "Whitm…"), else a
    few first letters and the first that differ, else the ends; the full names if no cut
    tells them apart.

    >>> short_names(("Ann", "Bob"))
    ('Ann', 'Bob')
    >>> short_names(("Bartholomew Fitz", "Ann"))
    ('Barth…', 'Ann')
    >>> short_names(("Alexandra Whitfield", "Alexandra Whitmore"))
    ('Whitf…', 'Whitm…')
    >>> short_names(("Alexandra", "Alexandria"))
    ('Ale…a', 'Ale…ia')
    """
    def cut(text: str) -> str:
        return text if len(text) <= most else text[:most - 1] + "…"

    a, b = players
    words_a, words_b = a.split(), b.split()
    tries = [(cut(a) if len(a) <= most else cut(words_a[0] if words_a else a),
              cut(b) if len(b) <= most else cut(words_b[0] if words_b else b))]
    differ = next((i for i, pair in enumerate(zip(words_a, words_b)) if pair[0] != pair[1]),
                  None)
    if differ is not None:
        tries.append((cut(words_a[differ]), cut(words_b[differ])))
    at = next((i for i, pair in enumerate(zip(a, b)) if pair[0] != pair[1]), None)
    if at is not None:
        head = most - 3           # a few letters, the cut, and the first two that differ
        tries.append((a[:head] + "…" + a[at:at + 2], b[:head] + "…" + b[at:at + 2]))
    tries.append(("…" + a[1 - most:], "…" + b[1 - most:]))
    return next((pair for pair in tries if pair[0] != pair[1] and all(pair)), (a, b))


def _board(g: int, game, sheet: GameSheet) -> Board:
    a, b = sheet.players
    shown = game.final if game.finished else game.totals
    target = sheet.rules.target
    return Board(g + 1, (shown[a], shown[b]),
                 (max(0, target - game.totals[a]), max(0, target - game.totals[b])),
                 game.finished, {a: 0, b: 1}.get(game.winner))


def dealer(rows, ledger: Ledger) -> int:
    """Who deals next: the first named deals the night's first hand (the winner of the last
    game the next game's); then the winner of each hand deals the next, and after a dead
    hand the same dealer deals again."""
    last = ledger.night[-1].winner if ledger.night else -1
    deal = last if last in (0, 1) else 0
    for row in rows:
        if row.winner is not None:
            deal = row.winner
    return deal


def tally(night: tuple[Finished, ...]) -> Tally:
    """Games won, and the margins of the games each player won added up. A margin is the
    winner's final less the other's, so a game won while boxes left the winner's final behind
    takes its (negative) margin off the winner's: the two players' margins then differ by
    exactly the night's difference of finals, which is what a table settling up reads."""
    won, margins = [0, 0], [0, 0]
    for game in night:
        if game.winner in (0, 1):
            won[game.winner] += 1
            margins[game.winner] += game.margin
    return Tally(len(night), tuple(won), tuple(margins), sum(g.hollywood for g in night))


def hand_words(result, knocked_by: str, players: tuple[str, str]) -> tuple:
    """The hand in words, as (text, is_a_name) pieces: a template isolates each name."""
    if isinstance(result, TableEntry):
        return ((result.winner, True), (" at the table", False))
    if result.outcome == "draw":
        return (("Dead hand", False),)
    k = int(knocked_by) if knocked_by in ("0", "1") else 0
    knocker, defender = (players[k], True), (players[1 - k], True)
    if result.outcome == "undercut":
        return (defender, (" undercuts ", False), knocker)
    if result.outcome in ("gin", "big_gin"):
        return (knocker, (" goes " + OUTCOME_WORDS[result.outcome].lower(), False))
    if result.winner is None:
        return (knocker, (" knocks: a tie", False))
    return (knocker, (" knocks", False))


def counts(result) -> str:
    if not isinstance(result, HandResult) or result.knocker is None:
        return ""
    return f"{result.knocker.deadwood} v {result.defender.deadwood}"
