"""Rules (docs/RULES.md "Presets" and "Variants", DESIGN.md `rules`): preset values, options and
their validation, the knock limit and the Oklahoma multiplier."""
from __future__ import annotations

import pytest

from calculator.core import PRESETS, Card, RuleError, Rules

# docs/RULES.md presets table, column by column; None for big gin means "scores as gin".
PRESET_TABLE = [
    # name, knock limit, gin, big gin, undercut, target, game, box, shutout, oklahoma, format
    ("standard", 10, 25, 31, 25, 100, 100, 25, "game_bonus_doubled", False, "single"),
    ("classic", 10, 20, None, 10, 100, 100, 20, "game_bonus_doubled", False, "single"),
    ("oklahoma", None, 25, 31, 25, 150, 100, 25, "game_bonus_doubled", True, "single"),
    ("straight", 0, 25, 31, 25, 100, 100, 25, "game_bonus_doubled", False, "single"),
    ("hollywood", 10, 25, 31, 25, 100, 100, 25, "game_bonus_doubled", False, "hollywood"),
]


@pytest.mark.parametrize("name, limit, gin, big_gin, undercut, target, game, box, shutout, "
                         "oklahoma, fmt", PRESET_TABLE)
def test_preset_values(name, limit, gin, big_gin, undercut, target, game, box, shutout,
                       oklahoma, fmt):
    for rules in (PRESETS[name], Rules.preset_named(name), Rules.from_options({"preset": name})):
        assert rules.preset == name
        if limit is not None:
            assert rules.knock_limit == limit
            assert rules.knock_limit_for(None) == limit
        assert rules.gin_bonus == gin
        assert rules.big_gin_bonus == big_gin
        assert rules.undercut_bonus == undercut
        assert rules.target == target
        assert rules.game_bonus == game
        assert rules.box_bonus == box
        assert rules.shutout == shutout
        assert rules.oklahoma is oklahoma
        assert rules.format == fmt
        assert rules.tie_is_undercut is True  # a tie is an undercut unless the option says not


def test_presets_are_exactly_the_five():
    assert set(PRESETS) == {"standard", "classic", "oklahoma", "straight", "hollywood"}


def test_default_rules_are_standard():
    assert Rules() == PRESETS["standard"]
    assert Rules.from_options(None) == PRESETS["standard"]
    assert Rules.from_options({}) == PRESETS["standard"]


def test_oklahoma_preset_options():
    rules = PRESETS["oklahoma"]
    assert rules.oklahoma_ace_gin_only is True
    assert rules.oklahoma_spade_double is True


@pytest.mark.parametrize("options, field, value", [
    ({"knock_limit": 7}, "knock_limit", 7),
    ({"knock_limit": 0}, "knock_limit", 0),
    ({"knock_limit": 10}, "knock_limit", 10),
    ({"gin_bonus": 20}, "gin_bonus", 20),
    ({"gin_bonus": 0}, "gin_bonus", 0),
    ({"big_gin_bonus": None}, "big_gin_bonus", None),
    ({"big_gin_bonus": 50}, "big_gin_bonus", 50),
    ({"undercut_bonus": 10}, "undercut_bonus", 10),
    ({"tie_is_undercut": False}, "tie_is_undercut", False),
    ({"oklahoma": True}, "oklahoma", True),
    ({"oklahoma_ace_gin_only": False}, "oklahoma_ace_gin_only", False),
    ({"oklahoma_spade_double": False}, "oklahoma_spade_double", False),
    ({"target": 250}, "target", 250),
    ({"game_bonus": 0}, "game_bonus", 0),
    ({"box_bonus": 30}, "box_bonus", 30),
    ({"shutout": "total_doubled"}, "shutout", "total_doubled"),
    ({"shutout": "none"}, "shutout", "none"),
    ({"format": "hollywood"}, "format", "hollywood"),
    ({"preset": "classic", "gin_bonus": 25}, "gin_bonus", 25),
    ({"preset": "classic", "big_gin_bonus": 31}, "big_gin_bonus", 31),
    ({"preset": "oklahoma", "oklahoma": False, "knock_limit": 5}, "knock_limit", 5),
])
def test_from_options_overrides(options, field, value):
    assert getattr(Rules.from_options(options), field) == value


def test_from_options_keeps_the_preset_for_other_fields():
    rules = Rules.from_options({"preset": "classic", "gin_bonus": 25})
    assert (rules.undercut_bonus, rules.box_bonus, rules.big_gin_bonus) == (10, 20, None)


def test_from_options_does_not_mutate_its_argument():
    options = {"preset": "classic", "target": 200}
    Rules.from_options(options)
    assert options == {"preset": "classic", "target": 200}


BAD_OPTIONS = [
    # options, key named by the error
    ({"knock": 10}, "knock"),
    ({"preset": "standard", "colour": "red"}, "colour"),
    ({"preset": "gin"}, "preset"),
    ({"preset": None}, "preset"),
    ({"preset": ["standard"]}, "preset"),
    ({"preset": {"name": "standard"}}, "preset"),
    ({"knock_limit": 11}, "knock_limit"),
    ({"knock_limit": -1}, "knock_limit"),
    ({"knock_limit": 5.0}, "knock_limit"),
    ({"knock_limit": "5"}, "knock_limit"),
    ({"knock_limit": True}, "knock_limit"),
    ({"knock_limit": None}, "knock_limit"),
    ({"gin_bonus": -1}, "gin_bonus"),
    ({"gin_bonus": "25"}, "gin_bonus"),
    ({"gin_bonus": None}, "gin_bonus"),
    ({"big_gin_bonus": -5}, "big_gin_bonus"),
    ({"big_gin_bonus": 31.5}, "big_gin_bonus"),
    ({"undercut_bonus": False}, "undercut_bonus"),
    ({"target": 0}, "target"),
    ({"game_bonus": -100}, "game_bonus"),
    ({"box_bonus": "25"}, "box_bonus"),
    ({"tie_is_undercut": "yes"}, "tie_is_undercut"),
    ({"tie_is_undercut": 1}, "tie_is_undercut"),
    ({"oklahoma": None}, "oklahoma"),
    ({"oklahoma_ace_gin_only": 0}, "oklahoma_ace_gin_only"),
    ({"oklahoma_spade_double": "true"}, "oklahoma_spade_double"),
    ({"shutout": "double"}, "shutout"),
    ({"shutout": None}, "shutout"),
    ({"format": "triple"}, "format"),
    ({"format": ["single"]}, "format"),
    # a fixed knock limit with Oklahoma on is a conflict
    ({"oklahoma": True, "knock_limit": 5}, "knock_limit"),
    ({"preset": "oklahoma", "knock_limit": 5}, "knock_limit"),
    ({"preset": "oklahoma", "knock_limit": 10}, "knock_limit"),
]


@pytest.mark.parametrize("options, key", BAD_OPTIONS, ids=lambda v: repr(v)[:40])
def test_from_options_errors_name_the_key(options, key):
    with pytest.raises(RuleError) as info:
        Rules.from_options(options)
    assert info.value.key == key
    assert info.value.position == ("rules", key)
    assert key in info.value.detail


# --- knock limit and multiplier ---------------------------------------------------------------

OKLAHOMA_LIMITS = [
    ("2c", 2), ("3h", 3), ("4c", 4), ("5d", 5), ("6s", 6), ("7h", 7), ("8d", 8), ("9c", 9),
    ("Ts", 10), ("Jh", 10), ("Qd", 10), ("Kc", 10),
]


@pytest.mark.parametrize("upcard, limit", OKLAHOMA_LIMITS)
def test_oklahoma_upcard_sets_the_knock_limit(upcard, limit):
    assert PRESETS["oklahoma"].knock_limit_for(Card(upcard)) == limit
    assert Rules(oklahoma=True).knock_limit_for(Card(upcard)) == limit


@pytest.mark.parametrize("upcard", ["As", "Ah", "Ad", "Ac"])
def test_oklahoma_ace_upcard(upcard):
    assert PRESETS["oklahoma"].knock_limit_for(Card(upcard)) == 0
    rules = Rules.from_options({"preset": "oklahoma", "oklahoma_ace_gin_only": False})
    assert rules.knock_limit_for(Card(upcard)) == 1


def test_oklahoma_without_upcard_is_a_rule_error_at_upcard():
    with pytest.raises(RuleError) as info:
        PRESETS["oklahoma"].knock_limit_for(None)
    assert info.value.position == ("upcard",)
    # a sentence a person reads: the variant's name is capitalised
    assert info.value.detail == "Oklahoma needs the upcard: it sets the knock limit"


@pytest.mark.parametrize("preset, limit", [("standard", 10), ("classic", 10), ("straight", 0),
                                           ("hollywood", 10)])
@pytest.mark.parametrize("upcard", [None, "As", "4c", "6s"])
def test_fixed_knock_limit_ignores_the_upcard(preset, limit, upcard):
    rules = PRESETS[preset]
    card = None if upcard is None else Card(upcard)
    assert rules.knock_limit_for(card) == limit
    assert rules.multiplier_for(card) == 1


@pytest.mark.parametrize("upcard, multiplier", [
    ("As", 2), ("6s", 2), ("Ks", 2), ("6h", 1), ("6d", 1), ("6c", 1), ("Ah", 1),
])
def test_oklahoma_spade_upcard_doubles(upcard, multiplier):
    assert PRESETS["oklahoma"].multiplier_for(Card(upcard)) == multiplier
    off = Rules.from_options({"preset": "oklahoma", "oklahoma_spade_double": False})
    assert off.multiplier_for(Card(upcard)) == 1


def test_rules_are_immutable_values():
    rules = Rules()
    with pytest.raises(Exception):
        rules.knock_limit = 3
    assert Rules.from_options({"target": 200}) == Rules.from_options({"target": 200})
    assert Rules().as_dict()["knock_limit"] == 10


@pytest.mark.parametrize("options, key, message", [
    ({"preset": "bogus"}, "preset", "unknown preset 'bogus'"),
    ({"knock_limit": 99}, "knock_limit", "knock_limit must be between 0 and 10, not 99"),
    ({"preset": ["oklahoma"]}, "preset", "unknown preset: a preset is a name, one of "),
    ({"knock_limit": 7.0}, "knock_limit", "knock_limit must be a whole number, not 7.0"),
    ({"oklahoma": 1}, "oklahoma", "oklahoma must be true or false, not 1"),
    ({"format": "bogus"}, "format", "format must be one of single, hollywood, not 'bogus'"),
    ({"shutout": None}, "shutout", "shutout must be one of"),
])
def test_rules_made_directly_are_checked_as_a_request_is(options, key, message):
    """`Rules(knock_limit=99)` was taken as it stood (it let 10 deadwood knock), and a
    game played by `Rules(format="bogus")` failed with a bare KeyError."""
    with pytest.raises(RuleError) as info:
        Rules(**options)
    assert info.value.key == key and message in info.value.detail
    assert info.value.position == ("rules", key)


def test_every_preset_is_a_checked_rules_value_in_the_documented_order():
    from calculator.core.rules import PRESET_NAMES

    assert tuple(PRESETS) == PRESET_NAMES
    assert all(Rules(**rules.as_dict()) == rules for rules in PRESETS.values())
