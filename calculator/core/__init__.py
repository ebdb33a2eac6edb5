"""The Gin Rummy engine: pure functions on values, no Flask and no I/O.

Entry points: `parse_hand`, `deadwood`, `analyze`, `layoffs`, `score_hand`, `Rules`; the game
ledger lives in `calculator.core.game`.
"""
from .arrangements import all_best_arrangements
from .cards import ALL_CARDS, Card, card_name, format_cards, parse_card, parse_hand, tokenize
from .errors import (CalculatorError, CardInBothHandsError, CardNotationError,
                     DuplicateCardError, ErrorGroup, GameError, HandSizeError,
                     IllegalKnockError, IncompatibleInputError, MeldError, NumberRangeError,
                     PlayerNameError, RuleError)
from .knock import DiscardOption, HandAnalysis, Outs, analyze
from .layoffs import Defense, Layoff, LayoffOption, LayoffResult, read_spread
from .melds import Arrangement, Meld, best_arrangement, deadwood
from .rules import PRESETS, Rules
from .scoring import (BestSpread, DefenderSide, HandResult, KnockerCounts, KnockerSide,
                      draw_result, layoffs, score_hand)
from .tables import deadwood_of_mask

Spread = Arrangement  # a knocker's spread is an arrangement laid on the table

__all__ = [
    "ALL_CARDS", "Arrangement", "BestSpread", "CalculatorError", "Card", "CardInBothHandsError",
    "CardNotationError", "Defense", "DefenderSide", "DiscardOption",
    "DuplicateCardError", "ErrorGroup", "GameError", "HandAnalysis", "HandResult", "HandSizeError",
    "IllegalKnockError", "IncompatibleInputError", "KnockerCounts", "KnockerSide", "Layoff",
    "LayoffOption", "LayoffResult", "Meld", "MeldError", "NumberRangeError", "Outs",
    "PlayerNameError", "PRESETS", "RuleError",
    "Rules", "Spread", "all_best_arrangements", "analyze", "best_arrangement", "card_name",
    "deadwood", "deadwood_of_mask", "draw_result", "format_cards", "layoffs", "parse_card",
    "parse_hand", "read_spread", "score_hand", "tokenize",
]
