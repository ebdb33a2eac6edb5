"""Input limits of the service, in one place (the spec, `GET /api/v1/rules` and the README
quote them). The limits that are rules of the game live in the core and are named here."""
from ..core.errors import MAX_REPORTED_ERRORS
from ..core.game import MAX_NAME_CHARS

MAX_BODY_BYTES = 1024 * 1024      # 413 above this (configurable: MAX_CONTENT_LENGTH)
MAX_BATCH_HANDS = 10_000          # hands in one batch analyze request
MAX_TOKENS = 60                   # tokens in one hand (a hand is 10 or 11 cards)
MAX_TOKEN_CHARS = 40              # characters in one card token ("queen of diamonds")
MAX_HAND_CHARS = 2_000            # characters of a hand written as one string
MAX_LEDGER_HANDS = 500            # hands in one game ledger


def published() -> dict[str, int]:
    """Every limit by its lower-case name, as `GET /api/v1/rules` lists them."""
    return {"max_body_bytes": MAX_BODY_BYTES, "max_batch_hands": MAX_BATCH_HANDS,
            "max_tokens": MAX_TOKENS, "max_token_chars": MAX_TOKEN_CHARS,
            "max_hand_chars": MAX_HAND_CHARS, "max_ledger_hands": MAX_LEDGER_HANDS,
            "max_name_chars": MAX_NAME_CHARS, "max_reported_errors": MAX_REPORTED_ERRORS}
