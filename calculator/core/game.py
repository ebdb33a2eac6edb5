"""A ledger of hands: running totals, boxes, game and shutout bonuses, and Hollywood.

The service keeps no state: the caller sends the whole ledger every time and gets the whole
sheet back, so undo and edit are just another ledger. A hand is entered in one game (or, for
Hollywood, in the games the entry rule of docs/RULES.md picks); a game ends when a player's hand
points reach the target, and its bonuses are added then.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from .errors import CalculatorError, GameError, NumberRangeError, PlayerNameError, quoted
from .numbers import is_whole
from .rules import DEFAULT_RULES, Rules
from .scoring import HandResult, most_points, score_hand

GAMES_PER_FORMAT = {"single": 1, "hollywood": 3}
MAX_NAME_CHARS = 40

# Characters that draw nothing although Unicode files them as letters or symbols (Hangul
# fillers, the blank Braille pattern): "Ann" and "Ann" + one of these would look alike.
_INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Control, format (bidi overrides, zero-width, BOM), private-use, unassigned, surrogate, and
# line or paragraph separators: none belongs in a name printed on a score sheet.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})
# ZERO WIDTH NON-JOINER and JOINER are format characters, yet parts of real names: Persian
# writes مهر‌انگیز with a non-joiner, an emoji family is people joined by joiners. Each is
# kept between two characters of the name, one of them outside ASCII (beside a space, at an
# end, or inside a Latin word it changes nothing anyone sees).
_JOINERS = frozenset("\u200c\u200d")


def _refused(char: str) -> bool:
    return char in _INVISIBLE_LETTERS or unicodedata.category(char) in _REFUSED_CATEGORIES


def _joins(name: str, at: int) -> bool:
    """Whether the joiner at `at` stands between two characters it can join."""
    if not 0 < at < len(name) - 1:
        return False
    before, after = name[at - 1], name[at + 1]
    return (not (before.isspace() or after.isspace() or _refused(before) or _refused(after))
            and not (before.isascii() and after.isascii()))


def _looks(name: str) -> str:
    """A name as it looks, to tell two players apart: joiners draw nothing, case is none, and
    a compatibility form is its plain letters (NFKC: fullwidth "Ａｎｎ" is "Ann").

    >>> _looks("Ａｎｎ") == _looks("ANN")
    True
    """
    return unicodedata.normalize("NFKC", name.replace("\u200c", "").replace("\u200d", "")
                                 ).casefold()


def player_name(value, position: tuple = ()) -> str:
    """A player's name as the sheet keeps it: NFC, spaces trimmed and runs of spaces made one;
    1 to 40 characters, none of them a control, format or invisible character (but a
    joiner, U+200C or U+200D, between two characters of the name: see `_JOINERS`).

    >>> player_name("  Ann   Lee ")
    'Ann Lee'
    >>> player_name("Ann\u202e")
    Traceback (most recent call last):
    ...
    calculator.core.errors.PlayerNameError: a player's name cannot hold U+202E \
(RIGHT-TO-LEFT OVERRIDE), a control, format or invisible character
    """
    if not isinstance(value, str):
        raise PlayerNameError(repr(value), "must be text", position)
    value = value.strip()  # spaces at either end do not count, however many
    if len(value) > 4 * MAX_NAME_CHARS:  # refused before any per-character work
        raise PlayerNameError(value[:MAX_NAME_CHARS], f"has {len(value)} characters; at most "
                              f"{MAX_NAME_CHARS}", position)
    name = unicodedata.normalize("NFC", value).strip()
    for at, char in enumerate(name):  # a tab or a newline is refused, not made a space
        if char in _JOINERS and not _joins(name, at):
            raise PlayerNameError(name, f"cannot hold U+{ord(char):04X} "
                                  f"({unicodedata.name(char)}) there: it goes between two "
                                  f"characters, at least one outside ASCII", position)
        if char not in _JOINERS and _refused(char):
            label = unicodedata.name(char, "a control character")
            raise PlayerNameError(name, f"cannot hold U+{ord(char):04X} ({label}), a control, "
                                  f"format or invisible character", position)
    name = " ".join(name.split())  # what is left to collapse: runs of spaces
    if not 1 <= len(name) <= MAX_NAME_CHARS:
        raise PlayerNameError(name, f"has 1 to {MAX_NAME_CHARS} characters (spaces at either "
                              f"end do not count)", position)
    return name


@dataclass(frozen=True, slots=True)
class ScoredEntry:
    """A hand scored by the engine: a score body, and which player knocked."""

    knocked_by: str
    knocker: Any
    defender: Any
    upcard: Any = None


@dataclass(frozen=True, slots=True)
class DrawEntry:
    """A dead hand: nobody scores."""


@dataclass(frozen=True, slots=True)
class TableEntry:
    """A hand scored at the table: who won it and how many points."""

    winner: str
    points: int


@dataclass(slots=True)
class Game:
    """One game's sheet. `bonuses` are the points each bonus adds, by player."""

    totals: dict[str, int]
    hands_won: dict[str, int]
    finished: bool = False
    winner: str | None = None
    ended_at: int | None = None  # index of the ledger entry that ended it
    bonuses: dict[str, dict[str, int]] = field(default_factory=dict)
    final: dict[str, int] = field(default_factory=dict)
    margin: int | None = None

    def has_scored(self, player: str) -> bool:
        return self.hands_won[player] > 0


@dataclass(frozen=True, slots=True)
class HandRow:
    """One ledger entry after scoring: its result, who won it, and every game's totals."""

    result: HandResult | TableEntry
    winner: str | None
    points: int
    games: tuple[int, ...]  # indices of the games it was entered in
    totals: tuple[dict[str, int], ...]


@dataclass(frozen=True, slots=True)
class GameSheet:
    """The whole sheet. `sums` are each player's finals added over the games (one game: its
    final); `margin` is the match winner's sum less the other's (negative when boxes left the
    winner of one game behind), None until there is a winner."""

    players: tuple[str, str]
    rules: Rules
    hands: tuple[HandRow, ...]
    games: tuple[Game, ...]
    finished: bool
    winner: str | None
    sums: dict[str, int]
    margin: int | None


def play_ledger(players, entries, rules: Rules | None = None) -> GameSheet:
    """Score every entry in order and keep the sheet; errors point at ("hands", i, ...)."""
    rules = rules or DEFAULT_RULES
    players = check_players(players)
    games = tuple(Game({p: 0 for p in players}, {p: 0 for p in players})
                  for _ in range(GAMES_PER_FORMAT[rules.format]))
    rows = []
    entries = list(entries)
    for index, entry in enumerate(entries):
        if all(game.finished for game in games):
            raise _hands_after_the_end(max(game.ended_at for game in games), index,
                                       len(entries), "game" if len(games) == 1 else "match")
        try:
            result, winner, points = _score_entry(entry, players, rules)
        except CalculatorError as error:
            raise error.at("hands", index)
        entered = _enter(games, winner, points, index, rules) if winner else ()
        rows.append(HandRow(result, winner, points, entered,
                            tuple(dict(game.totals) for game in games)))
    for game in games:
        _settle(game, rules)
    finished = all(game.finished for game in games)
    sums = {p: sum(game.final[p] for game in games) for p in players}
    winner = _match_winner(games, sums) if finished else None
    # The winner's sum less the other's, not the gap: in one game boxes can leave the player
    # who reached the target behind (docs/RULES.md), and then the margin is negative.
    margin = sums[winner] - sums[_other(players, winner)] if winner else None
    return GameSheet(players, rules, tuple(rows), games, finished, winner, sums, margin)


def _hands_after_the_end(ended: int, first: int, count: int, what: str) -> GameError:
    """Hands after the one that ended the game: say which, and how to mend the ledger (an
    edit that ends the game earlier leaves the later hands standing)."""
    later = (f"hand {first + 1} comes" if first + 1 == count else
             f"hands {first + 1} to {count} come")
    them = "it" if first + 1 == count else "them"
    return GameError(f"the {what} ended at hand {ended + 1}, and {later} after it: delete "
                     f"{them} first, or change hand {ended + 1}", ("hands", first))


def _other(players, name: str) -> str:
    return players[1] if name == players[0] else players[0]


def check_players(players) -> tuple[str, str]:
    """The two players' names as the sheet keeps them; two that look alike are refused."""
    if not isinstance(players, (list, tuple)) or len(players) != 2:
        raise GameError("a game has exactly two players", ("players",))
    first, second = (player_name(name, ("players", i)) for i, name in enumerate(players))
    if _looks(first) == _looks(second):
        raise GameError("the two players need different names", ("players", 1))
    return first, second


def _score_entry(entry, players, rules: Rules) -> tuple[Any, str | None, int]:
    if isinstance(entry, DrawEntry):
        return score_hand(outcome="draw", rules=rules), None, 0
    if isinstance(entry, TableEntry):
        if player_name(entry.winner, ("winner",)) not in players:
            raise GameError(f"{quoted(entry.winner, True)} is not one of the players",
                            ("winner",))
        most = most_points(rules)  # a hand scored at the table scores what one could
        if not is_whole(entry.points, 0, most):
            raise NumberRangeError(entry.points, 0, most, "a hand's score", ("points",),
                                   ", the most one hand scores under these rules")
        return entry, player_name(entry.winner), entry.points
    knocked_by = player_name(entry.knocked_by, ("knocked_by",))
    if knocked_by not in players:
        raise GameError(f"{quoted(entry.knocked_by, True)} is not one of the players",
                        ("knocked_by",))
    result = score_hand(entry.knocker, entry.defender, rules, entry.upcard)
    other = _other(players, knocked_by)
    winner = {"knocker": knocked_by, "defender": other}.get(result.winner)
    return result, winner, result.points


def _enter(games: tuple[Game, ...], winner: str, points: int, index: int, rules: Rules
           ) -> tuple[int, ...]:
    """Credit a won hand. One game: that game. Hollywood: every open game the winner has
    scored in, and the first open game they have not."""
    open_games = [i for i, game in enumerate(games) if not game.finished]
    if len(games) == 1:
        chosen = open_games
    else:
        scored = [i for i in open_games if games[i].has_scored(winner)]
        fresh = [i for i in open_games if not games[i].has_scored(winner)][:1]
        chosen = sorted(scored + fresh)
    for i in chosen:
        game = games[i]
        game.totals[winner] += points
        game.hands_won[winner] += 1
        if game.totals[winner] >= rules.target:
            game.finished, game.winner, game.ended_at = True, winner, index
    return tuple(chosen)


def _settle(game: Game, rules: Rules) -> None:
    """Bonuses and final totals; added only once the game has ended (they never count
    toward the target)."""
    players = list(game.totals)
    zero = {p: 0 for p in players}
    if not game.finished:
        game.bonuses = {"game": dict(zero), "box": dict(zero), "shutout": dict(zero)}
        game.final = dict(game.totals)
        return
    winner = game.winner
    loser = _other(players, winner)
    game_bonus = dict(zero, **{winner: rules.game_bonus})
    box = {p: rules.box_bonus * game.hands_won[p] for p in players}
    shutout = dict(zero)
    if game.totals[loser] == 0:
        if rules.shutout == "game_bonus_doubled":
            shutout[winner] = rules.game_bonus
        elif rules.shutout == "total_doubled":
            shutout[winner] = game.totals[winner] + game_bonus[winner] + box[winner]
    game.bonuses = {"game": game_bonus, "box": box, "shutout": shutout}
    game.final = {p: game.totals[p] + game_bonus[p] + box[p] + shutout[p] for p in players}
    game.margin = game.final[winner] - game.final[loser]


def _match_winner(games: tuple[Game, ...], sums: dict[str, int]) -> str | None:
    """One game: its winner. Hollywood: the larger sum of the three finals (none on a tie)."""
    if len(games) == 1:
        return games[0].winner
    a, b = sums
    return None if sums[a] == sums[b] else max(sums, key=sums.__getitem__)


__all__ = ["play_ledger", "ScoredEntry", "DrawEntry", "TableEntry", "Game", "GameSheet",
           "HandRow"]
