"""Rules: an immutable value type with the presets of docs/RULES.md, every option validated."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Mapping

from .cards import Card
from .errors import MAX_QUOTED_CHARS, RuleError, quoted, quoted_number, shown

SHUTOUT_OPTIONS = ("game_bonus_doubled", "total_doubled", "none")
FORMATS = ("single", "hollywood")


PRESET_NAMES = ("standard", "classic", "oklahoma", "straight", "hollywood")


@dataclass(frozen=True)
class Rules:
    """The rules of a game: every option of docs/RULES.md, each checked when made.

    Made by keyword, each option not given is the standard one; `preset` only names the
    preset a request's options began from. A preset's own values, with overrides, come
    from `Rules.from_options({"preset": "classic", ...})` (or `PRESETS["classic"]`).

    >>> Rules(knock_limit=7).knock_limit, Rules.from_options({"preset": "classic"}).gin_bonus
    (7, 20)
    >>> Rules(knock_limit=99)
    Traceback (most recent call last):
    ...
    calculator.core.errors.RuleError: knock_limit must be between 0 and 10, not 99
    """

    preset: str = "standard"
    knock_limit: int = 10
    gin_bonus: int = 25
    big_gin_bonus: int | None = 31  # None: big gin scores as gin
    undercut_bonus: int = 25
    tie_is_undercut: bool = True
    oklahoma: bool = False
    oklahoma_ace_gin_only: bool = True
    oklahoma_spade_double: bool = True
    target: int = 100
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: str = "game_bonus_doubled"
    format: str = "single"

    def __post_init__(self):
        _check_preset(self.preset)
        for key in _OPTIONS:
            _check_option(key, getattr(self, key))

    @classmethod
    def preset_named(cls, name: str) -> "Rules":
        _check_preset(name)
        return PRESETS[name]

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> "Rules":
        """Rules from a preset name and overrides, as a request gives them.

        Raises `RuleError` naming the key for an unknown option, a bad value, or a conflict
        (a fixed `knock_limit` with Oklahoma on).
        """
        if options is not None and not isinstance(options, Mapping):
            raise RuleError("preset", "rules are a mapping of rule options", position=("rules",))
        options = dict(options or {})
        base = cls.preset_named(options.pop("preset", "standard"))
        for key in options:
            if key not in _OPTIONS:
                # a long key is not repeated in the pointer: the answer stays small
                raise RuleError(key, f"unknown rule option {quoted(key)}", position=(
                    ("rules", key) if len(key) <= MAX_QUOTED_CHARS else ("rules",)))
        for key, value in options.items():
            _check_option(key, value)
        if options.get("oklahoma", base.oklahoma) and "knock_limit" in options:
            raise RuleError("knock_limit", "knock_limit cannot be set with oklahoma on: "
                            "the upcard sets the knock limit")
        return replace(base, **options)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def plays_big_gin(self) -> bool:
        """Whether eleven melding cards go down as big gin: when the rules pay for it, at
        least as much as for gin (else the player discards one for gin, which every big gin
        holds)."""
        return self.big_gin_bonus is not None and self.big_gin_bonus >= self.gin_bonus

    def knock_limit_for(self, upcard: Card | None) -> int:
        """The knock limit of one hand: fixed, or set by the Oklahoma upcard."""
        if not self.oklahoma:
            return self.knock_limit
        if upcard is None:
            raise RuleError("upcard", "Oklahoma needs the upcard: it sets the knock limit",
                            position=("upcard",))
        if upcard.rank == 0:
            return 0 if self.oklahoma_ace_gin_only else 1
        return upcard.points

    def multiplier_for(self, upcard: Card | None) -> int:
        """2 when Oklahoma's spade upcard doubles the hand, else 1."""
        if self.oklahoma and self.oklahoma_spade_double and upcard is not None:
            return 2 if upcard.suit == 0 else 1
        return 1


_INT_RANGES = {
    "knock_limit": (0, 10),
    "gin_bonus": (0, 1000),
    "big_gin_bonus": (0, 1000),
    "undercut_bonus": (0, 1000),
    "target": (1, 10000),
    "game_bonus": (0, 10000),
    "box_bonus": (0, 1000),
}
_OPTIONS = tuple(f.name for f in fields(Rules) if f.name != "preset")
_BOOLS = ("tie_is_undercut", "oklahoma", "oklahoma_ace_gin_only", "oklahoma_spade_double")
_CHOICES = {"shutout": SHUTOUT_OPTIONS, "format": FORMATS}


def _check_preset(name) -> None:
    names = ", ".join(PRESET_NAMES)
    if not isinstance(name, str):
        raise RuleError("preset", f"unknown preset: a preset is a name, one of {names}, not "
                                  f"{shown(name)}")
    if name not in PRESET_NAMES:
        raise RuleError("preset", f"unknown preset {quoted(name)}; one of {names}")


def _check_option(key: str, value: Any) -> None:
    if key in _INT_RANGES:
        if value is None and key == "big_gin_bonus":
            return
        low, high = _INT_RANGES[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(key, f"{key} must be a whole number, not {shown(value)}")
        if not low <= value <= high:
            raise RuleError(key, f"{key} must be between {low} and {high}, "
                                 f"not {quoted_number(value)}")
    elif key in _BOOLS:
        if not isinstance(value, bool):
            raise RuleError(key, f"{key} must be true or false, not {shown(value)}")
    elif key in _CHOICES and value not in _CHOICES[key]:
        raise RuleError(key, f"{key} must be one of {', '.join(_CHOICES[key])}, "
                        f"not {quoted(value)}")


PRESETS: dict[str, Rules] = {  # in PRESET_NAMES' order
    "standard": Rules(),
    "classic": Rules(preset="classic", gin_bonus=20, big_gin_bonus=None, undercut_bonus=10,
                     box_bonus=20),
    "oklahoma": Rules(preset="oklahoma", oklahoma=True, target=150),
    "straight": Rules(preset="straight", knock_limit=0),
    "hollywood": Rules(preset="hollywood", format="hollywood"),
}
# what every entry point uses when given no rules: made once (a Rules checks every option)
DEFAULT_RULES = PRESETS["standard"]

PRESET_NOTES = {
    "standard": "the default",
    "classic": "older book values; big gin scores as gin",
    "oklahoma": "the upcard sets the knock limit; ace: gin only; spade upcard doubles the hand",
    "straight": "gin only (knock limit 0)",
    "hollywood": "three games scored at once from one series of hands",
}

OPTION_NOTES = {
    "preset": "the starting values: " + ", ".join(PRESETS),
    "knock_limit": "highest deadwood a knock may have (0-10); not with oklahoma",
    "gin_bonus": "bonus for gin",
    "big_gin_bonus": "bonus for big gin (all 11 cards melded); null: big gin scores as gin",
    "undercut_bonus": "bonus for the defender on an undercut",
    "tie_is_undercut": "a tie counts as an undercut; off: a tie scores 0 and nobody wins",
    "oklahoma": "the first upcard sets the knock limit; upcard required",
    "oklahoma_ace_gin_only": "with oklahoma, an ace upcard means gin only (off: limit 1)",
    "oklahoma_spade_double": "with oklahoma, a spade upcard doubles the hand's points",
    "target": "hand points that end a game",
    "game_bonus": "bonus for winning a game",
    "box_bonus": "bonus for each hand won",
    "shutout": "what a shutout does: " + ", ".join(SHUTOUT_OPTIONS),
    "format": "one game, or three at once (hollywood): " + ", ".join(FORMATS),
}
