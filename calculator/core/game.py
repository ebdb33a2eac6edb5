"""A ledger of hands: running totals, boxes, game and shutout bonuses, and Hollywood.

The service keeps no state: the caller sends the whole ledger every time and gets the whole
sheet back, so undo and edit are just another ledger. A hand is entered in one game (or, for
Hollywood, in the games the entry rule of RULES.md picks); a game ends when a player's hand
points reach the target, and its bonuses are added then.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import CalculatorError, GameError, IncompatibleInputError
from .rules import DEFAULT_RULES, Rules
from .scoring import HandResult, score_hand

GAMES_PER_FORMAT = {"single": 1, "hollywood": 3}


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
    players: tuple[str, str]
    rules: Rules
    hands: tuple[HandRow, ...]
    games: tuple[Game, ...]
    finished: bool
    winner: str | None


def play_ledger(players, entries, rules: Rules | None = None) -> GameSheet:
    """Score every entry in order and keep the sheet; errors point at ("hands", i, ...)."""
    rules = rules or DEFAULT_RULES
    players = _check_players(players)
    games = tuple(Game({p: 0 for p in players}, {p: 0 for p in players})
                  for _ in range(GAMES_PER_FORMAT[rules.format]))
    rows = []
    for index, entry in enumerate(entries):
        if all(game.finished for game in games):
            ended = max(game.ended_at for game in games)
            what = "game" if len(games) == 1 else "match"
            raise GameError(f"the {what} ended at hand {ended + 1}; hand {index + 1} comes "
                            f"after it", ("hands", index))
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
    return GameSheet(players, rules, tuple(rows), games, finished,
                     _match_winner(games, players) if finished else None)


def _check_players(players) -> tuple[str, str]:
    if not isinstance(players, (list, tuple)) or len(players) != 2:
        raise GameError("a game has exactly two players", ("players",))
    for i, name in enumerate(players):
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 40:
            raise GameError("a player's name has 1 to 40 characters", ("players", i))
    if players[0].strip() == players[1].strip():
        raise GameError("the two players need different names", ("players", 1))
    return players[0].strip(), players[1].strip()


def _score_entry(entry, players, rules: Rules) -> tuple[Any, str | None, int]:
    if isinstance(entry, DrawEntry):
        return score_hand(outcome="draw", rules=rules), None, 0
    if isinstance(entry, TableEntry):
        if entry.winner not in players:
            raise GameError(f"'{entry.winner}' is not one of the players", ("winner",))
        if isinstance(entry.points, bool) or not isinstance(entry.points, int) \
                or entry.points < 0:
            raise IncompatibleInputError("points are a whole number of at least 0",
                                         ("points",))
        return entry, entry.winner, entry.points
    if entry.knocked_by not in players:
        raise GameError(f"'{entry.knocked_by}' is not one of the players", ("knocked_by",))
    result = score_hand(entry.knocker, entry.defender, rules, entry.upcard)
    other = players[1] if entry.knocked_by == players[0] else players[0]
    winner = {"knocker": entry.knocked_by, "defender": other}.get(result.winner)
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
    loser = players[1] if winner == players[0] else players[0]
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


def _match_winner(games: tuple[Game, ...], players: tuple[str, str]) -> str | None:
    if len(games) == 1:
        return games[0].winner
    sums = {p: sum(game.final[p] for game in games) for p in players}
    a, b = players
    return None if sums[a] == sums[b] else max(players, key=sums.__getitem__)


__all__ = ["play_ledger", "ScoredEntry", "DrawEntry", "TableEntry", "Game", "GameSheet",
           "HandRow"]
