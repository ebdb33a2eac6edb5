"""Every answer of the API, written once: the core's results as the JSON that openapi.yaml
describes (the tests check real answers against it).

Cards are written as their canonical codes, in the order the core keeps them (by suit s, h, d,
c, then rank). A key whose value the result does not have is left out (a 10-card analysis has
no `discards`), except where the contract writes null (`winner` of a draw).
"""
from __future__ import annotations

from ..core.game import Game, GameSheet, HandRow, TableEntry
from ..core.knock import HandAnalysis
from ..core.layoffs import LayoffResult
from ..core.melds import meld_from_mask
from ..core.memo import Memo
from ..core.rules import Rules
from ..core.scoring import BestSpread, DefenderSide, HandResult, KnockerSide


def codes(cards) -> list[str]:
    return [card.code for card in cards]


def _written_meld(mask: int) -> dict:
    value = meld_from_mask(mask)
    return {"type": value.kind, "cards": codes(value.cards)}


# There are only 329 melds, each an immutable value known by its mask: each is written once
# and its dictionary shared after (an answer is encoded, never changed in place). An analysis
# has up to 36 melds among its discards, so this halves the cost of writing one.
_MELDS = Memo(_written_meld)


def melds(values) -> list[dict]:
    return [_MELDS[value.mask] for value in values]


# --- analyze ------------------------------------------------------------------------------

def analysis(result: HandAnalysis, detail: str = "full", ties: bool = False) -> dict:
    """One hand's analysis. `detail`: "full" (every discard), "best" (only the best
    discards' options) or "summary" (the figures, no melds or discard options); `ties`: the
    other arrangements with the same deadwood too."""
    # an 11-card answer reads its options before its melds: the kept hand's arrangement is
    # then the discard's option, not a second search (HandAnalysis.arrangement)
    options = (result.discards if result.discard is not None and detail != "summary"
               else None)
    if detail == "summary":
        answer = {"hand": codes(result.hand), "deadwood": result.deadwood,
                  "knock_limit": result.knock_limit, "can_knock": result.can_knock,
                  "gin": result.gin}
    else:
        answer = {"hand": codes(result.hand), "deadwood": result.deadwood,
                  "melds": melds(result.melds), "deadwood_cards": codes(result.deadwood_cards),
                  "knock_limit": result.knock_limit, "can_knock": result.can_knock,
                  "gin": result.gin}
    if result.discard is not None:  # 11 cards
        answer["big_gin"] = result.big_gin
        answer["discard"] = result.discard.code
        if options is not None:
            if detail == "best":
                best = {card.index for card in result.best_discards}
                options = [option for option in options if option.card.index in best]
            answer["discards"] = [discard_option(option) for option in options]
        answer["best_discards"] = codes(result.best_discards)
    if result.outs is not None:
        answer["outs"] = {"gin": codes(result.outs.gin), "knock": codes(result.outs.knock)}
    if ties:
        answer["ties"] = [{"melds": melds(tie.melds), "deadwood_cards": codes(tie.deadwood_cards)}
                          for tie in result.ties()]
    return answer


def discard_option(option) -> dict:
    return {"card": option.card.code, "deadwood": option.deadwood,
            "can_knock": option.can_knock, "gin": option.gin, "melds": melds(option.melds),
            "deadwood_cards": codes(option.deadwood_cards)}


# --- layoffs and score ----------------------------------------------------------------------

def layoffs(result: LayoffResult) -> dict:
    spread, defense = result.knocker, result.defender
    knocker = {"melds": melds(spread.melds), "deadwood_cards": codes(spread.deadwood_cards),
               "deadwood": spread.deadwood, "gin": result.gin, "big_gin": result.big_gin}
    if result.discard is not None:
        knocker["discard"] = result.discard.code
    return {
        "knocker": knocker,
        "defender": {"melds": melds(defense.melds), "layoffs": _layoffs(defense.layoffs),
                     "deadwood_cards": codes(defense.deadwood_cards),
                     "deadwood": defense.deadwood},
        "options": _options(result.options),
    }


def _layoffs(values) -> list[dict]:
    return [{"card": layoff.card.code, "meld": layoff.meld} for layoff in values]


def _options(values) -> list[dict]:
    return [{"card": option.card.code, "melds": list(option.melds)} for option in values]


def score(result: HandResult) -> dict:
    answer = {"outcome": result.outcome, "winner": result.winner, "points": result.points,
              "multiplier": result.multiplier, "knock_limit": result.knock_limit,
              "knocker": None if result.knocker is None else _knocker_side(result.knocker),
              "defender": None if result.defender is None else _defender_side(result.defender),
              "explanation": result.explanation}
    if result.best_spread is not None:
        answer["best_spread"] = _best_spread(result.best_spread)
    if result.options is not None:
        answer["options"] = _options(result.options)
    return answer


def _knocker_side(side: KnockerSide) -> dict:
    answer = {}
    if side.melds is not None:  # given as cards, not counts
        answer["melds"] = melds(side.melds)
        answer["deadwood_cards"] = codes(side.deadwood_cards)
    answer.update(deadwood=side.deadwood, gin=side.gin, big_gin=side.big_gin)
    if side.discard is not None:
        answer["discard"] = side.discard.code
    return answer


def _defender_side(side: DefenderSide) -> dict:
    if side.melds is None:  # given as a count
        return {"deadwood": side.deadwood}
    return {"melds": melds(side.melds), "layoffs": _layoffs(side.layoffs),
            "deadwood_cards": codes(side.deadwood_cards), "deadwood": side.deadwood}


def _best_spread(best: BestSpread) -> dict:
    return {"points": best.points, "outcome": best.outcome, "winner": best.winner,
            "melds": melds(best.melds), "deadwood_cards": codes(best.deadwood_cards),
            "deadwood": best.deadwood,
            "discard": None if best.discard is None else best.discard.code}


# --- games ----------------------------------------------------------------------------------

def sheet(value: GameSheet) -> dict:
    return {"players": list(value.players), "hands": [_row(row) for row in value.hands],
            "games": [_game(game) for game in value.games], "finished": value.finished,
            "winner": value.winner, "margin": value.margin}


def _row(row: HandRow) -> dict:
    result = (table_result(row.result) if isinstance(row.result, TableEntry)
              else score(row.result))
    return {"result": result, "winner": row.winner, "points": row.points,
            "games": list(row.games), "totals": [dict(totals) for totals in row.totals]}


def table_result(entry: TableEntry) -> dict:
    return {"winner": entry.winner, "points": entry.points}


def _game(game: Game) -> dict:
    return {"totals": dict(game.totals), "hands_won": dict(game.hands_won),
            "finished": game.finished, "winner": game.winner,
            "bonuses": {kind: dict(game.bonuses[kind]) for kind in ("game", "box", "shutout")},
            "final": dict(game.final), "margin": game.margin}


# --- rules ----------------------------------------------------------------------------------

def rules(value: Rules) -> dict:
    """A set of rules' values; the knock limit null under Oklahoma, where the upcard sets it
    (the stored default would read as a limit that never applies)."""
    values = value.as_dict()
    if value.oklahoma:
        values["knock_limit"] = None
    return values
