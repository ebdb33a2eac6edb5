"""Input limits of the service, in one place (the spec and the README quote them)."""

MAX_BODY_BYTES = 1024 * 1024      # 413 above this (configurable: MAX_CONTENT_LENGTH)
MAX_BATCH_HANDS = 10_000          # hands in one batch analyze request
MAX_TOKENS = 60                   # tokens in one hand (a hand is 10 or 11 cards)
MAX_TOKEN_CHARS = 40              # characters in one card token ("queen of diamonds")
MAX_HAND_CHARS = 2_000            # characters of a hand written as one string
MAX_LEDGER_HANDS = 500            # hands in one game ledger
MAX_NAME_CHARS = 40               # characters of a player's name
MAX_REPORTED_ERRORS = 50          # errors listed in one answer; reading stops there
