"""Requests to answers, shared by the API routes and the command line's --json, so both
give the same bytes for the same input: load the body with its schema, call the core, dump."""
from __future__ import annotations

import json
from typing import Any

from marshmallow import ValidationError

from ..core import CalculatorError, KnockerCounts, analyze, layoffs, score_hand
from ..core.cards import cards_mask
from ..core.game import DrawEntry, GameSheet, ScoredEntry, TableEntry, play_ledger
from ..core.knock import analyze_mask
from ..core.layoffs import read_spread
from ..core.rules import DEFAULT_RULES
from . import schemas
from .loading import Loader, compile_loader

REQUEST_LOADERS: dict[str, Loader] = {
    "analyze": compile_loader(schemas.AnalyzeRequest),
    "batch": compile_loader(schemas.BatchRequest),
    "layoffs": compile_loader(schemas.LayoffsRequest),
    "score": compile_loader(schemas.ScoreRequest),
    "games": compile_loader(schemas.GamesRequest),
}


def load(kind: str, body: Any) -> dict:
    """Validate a decoded JSON body; raises marshmallow's ValidationError."""
    if not isinstance(body, dict):
        raise ValidationError({"_schema": ["the body must be a JSON object"]})
    return REQUEST_LOADERS[kind](body)


def analyze_answer(data: dict) -> dict:
    if data["known"]:  # cards to leave out of the outs: checked against the hand by the core
        result = analyze(data["hand"], data["rules"], data["upcard"], data["known"],
                         data["outs"])
    else:
        result = _analysis(data["hand"], _knock_limit(data), data["outs"])
    return schemas.dump_analysis(result)


def batch_answer(data: dict) -> dict:
    """Every hand was already read and checked by the schema (10 or 11 distinct cards), so
    each goes straight to the analysis, with the knock limit worked out once."""
    limit, outs, dump = _knock_limit(data), data["outs"], schemas.dump_analysis
    return {"results": [dump(_analysis(hand, limit, outs)) for hand in data["hands"]]}


def _knock_limit(data: dict) -> int:
    return (data["rules"] or DEFAULT_RULES).knock_limit_for(data["upcard"])


def _analysis(hand: list, limit: int, outs: bool):
    """A hand the schema has read and checked (10 or 11 distinct cards), nothing known."""
    return analyze_mask(cards_mask(hand), limit, 0 if outs else None)


def _knocker(data: dict):
    """The knocker as the core takes it: cards, a declared spread, or counts."""
    knocker = data["knocker"]
    if knocker["shape"] == "hand":
        return knocker["hand"]
    if knocker["shape"] == "melds":
        return read_spread(knocker["melds"], knocker["deadwood_cards"])
    return KnockerCounts(knocker["deadwood"], knocker["gin"], knocker["big_gin"])


def _defender(data: dict):
    defender = data["defender"]
    return defender["hand"] if defender["shape"] == "hand" else defender["deadwood"]


def layoffs_answer(data: dict) -> dict:
    result = layoffs(_knocker(data), data["defender"]["hand"], data["rules"], data["upcard"])
    answer = schemas.dump_layoffs(result)
    answer["knocker"].update(deadwood=result.knocker.deadwood, gin=result.gin,
                             big_gin=result.big_gin)
    if result.discard is not None:
        answer["knocker"]["discard"] = str(result.discard)
    return answer


def score_answer(data: dict) -> dict:
    if data.get("outcome") == "draw":
        extra = [key for key in ("knocker", "defender") if key in data]
        if extra:
            raise ValidationError({key: ["a draw has no knocker or defender"] for key in extra})
        return schemas.dump_score(score_hand(outcome="draw"))
    missing = [key for key in ("knocker", "defender") if key not in data]
    if missing:
        raise ValidationError({key: [f"'{key}' is required (or give outcome: \"draw\")"]
                               for key in missing})
    result = score_hand(_knocker(data), _defender(data), data["rules"] or DEFAULT_RULES,
                        data["upcard"])
    return schemas.dump_score(result)


def _ledger_entry(entry: dict):
    if entry["shape"] == "outcome":
        return DrawEntry()
    if entry["shape"] == "winner":
        return TableEntry(entry["winner"], entry["points"])
    for key in ("knocker", "defender"):
        if key not in entry:
            raise ValidationError({key: [f"'{key}' is required"]})
    return ScoredEntry(entry["knocked_by"], _knocker(entry), _defender(entry), entry["upcard"])


def games_answer(data: dict) -> dict:
    entries = []
    for index, entry in enumerate(data["hands"]):
        try:
            entries.append(_ledger_entry(entry))
        except ValidationError as error:
            raise ValidationError({"hands": {index: error.messages}}) from None
        except CalculatorError as error:
            raise error.at("hands", index)
    sheet = play_ledger(data["players"], entries, data["rules"] or DEFAULT_RULES)
    return sheet_answer(sheet)


def sheet_answer(sheet: GameSheet) -> dict:
    rows = []
    for row in sheet.hands:
        result = (schemas.dump_table_result(row.result) if isinstance(row.result, TableEntry)
                  else schemas.dump_score(row.result))
        rows.append(schemas.dump_hand_row({"result": result, "winner": row.winner,
                                           "points": row.points, "games": row.games,
                                           "totals": row.totals}))
    sums = [sum(game.final[p] for game in sheet.games) for p in sheet.players]
    margin = abs(sums[0] - sums[1]) if sheet.winner else None
    return schemas.dump_game_sheet({"players": sheet.players, "hands": rows,
                                    "games": sheet.games, "finished": sheet.finished,
                                    "winner": sheet.winner, "margin": margin})


ANSWERS = {"analyze": analyze_answer, "batch": batch_answer, "layoffs": layoffs_answer,
           "score": score_answer, "games": games_answer}


def answer(kind: str, body: Any) -> dict:
    """The answer to one request body (a decoded JSON value). Parts of it are shared with
    other answers (each meld is dumped once, see `compile_schema`): read it or encode it,
    never change it in place."""
    return ANSWERS[kind](load(kind, body))


def answer_text(kind: str, body_text: str) -> dict:
    return answer(kind, json.loads(body_text))
