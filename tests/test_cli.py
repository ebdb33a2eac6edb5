"""The command line: --json is byte-for-byte the API's answer; errors name the bad token."""
import json
import subprocess
import sys

import pytest

from calculator import create_app
from calculator.cli import main

HAND = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"
DEFENDER = "4s 5s 9h 9d 9c Kd Qd 2c 3d 6h"


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


TIED = "As 3s 4s 5s 6s 4h 5h 6h 5d 6c"  # docs/RULES.md: runs or sets, both leave 12

SAME_ANSWER_CASES = [
    (["analyze", HAND], "/api/v1/analyze", {"hand": HAND}),
    (["analyze", "8c 8s 6d 5c 5d 7h 6h 8d 7d 7s 5h"], "/api/v1/analyze",
     {"hand": "8c 8s 6d 5c 5d 7h 6h 8d 7d 7s 5h"}),
    (["analyze", HAND, "--no-outs", "--preset", "straight"], "/api/v1/analyze",
     {"hand": HAND, "outs": False, "rules": {"preset": "straight"}}),
    (["analyze", HAND, "--known", "4s 7s"], "/api/v1/analyze", {"hand": HAND, "known": "4s 7s"}),
    (["analyze", TIED, "--ties"], "/api/v1/analyze", {"hand": TIED, "ties": True}),
    (["score", "--draw", "--upcard", "Kd"], "/api/v1/score", {"outcome": "draw", "upcard": "Kd"}),
    (["score", "--knocker", HAND, "--defender", DEFENDER], "/api/v1/score",
     {"knocker": {"hand": HAND}, "defender": {"hand": DEFENDER}}),
    (["score", "--knocker-deadwood", "5", "--defender-deadwood", "28", "--preset", "oklahoma",
      "--upcard", "6s"], "/api/v1/score",
     {"knocker": {"deadwood": 5, "gin": False, "big_gin": False}, "defender": {"deadwood": 28},
      "rules": {"preset": "oklahoma"}, "upcard": "6s"}),
    (["score", "--draw"], "/api/v1/score", {"outcome": "draw"}),
    (["score", "--knocker-deadwood", "7", "--defender-deadwood", "7", "--rule",
      "tie_is_undercut=false"], "/api/v1/score",
     {"knocker": {"deadwood": 7, "gin": False, "big_gin": False}, "defender": {"deadwood": 7},
      "rules": {"tie_is_undercut": False}}),
]


@pytest.mark.parametrize("argv, path, body", SAME_ANSWER_CASES)
def test_json_is_byte_for_byte_the_api_answer(client, capsys, argv, path, body):
    assert main(argv + ["--json"]) == 0
    printed = capsys.readouterr().out
    assert printed.encode() == client.post(path, json=body).data


def test_game_json_matches_the_api(client, capsys, tmp_path):
    ledger = {"players": ["Ann", "Bob"], "rules": {"preset": "hollywood"},
              "hands": [{"winner": "Ann", "points": 30}, {"outcome": "draw"},
                        {"knocked_by": "Bob", "knocker": {"hand": HAND},
                         "defender": {"hand": DEFENDER}}]}
    path = tmp_path / "ledger.json"
    path.write_text(json.dumps(ledger))
    assert main(["game", str(path), "--json"]) == 0
    assert capsys.readouterr().out.encode() == client.post("/api/v1/games", json=ledger).data
    assert main(["game", str(path)]) == 0
    table = capsys.readouterr().out
    assert "Ann" in table and "Bob" in table and "in progress" in table


def test_a_right_to_left_name_is_isolated_in_the_sheets_sentences(capsys, tmp_path):
    """FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE around "מיכל": in a terminal that
    follows the bidi rules the name cannot reorder "won by" or the sum after it; an ASCII
    name is printed as it is."""
    name = "מיכל"
    path = tmp_path / "ledger.json"
    path.write_text(json.dumps({"players": ["Ann", name],
                                "hands": [{"winner": name, "points": 100}]}))
    assert main(["game", str(path)]) == 0
    out = capsys.readouterr().out
    held = f"\u2068{name}\u2069"
    assert f"won by {held}\n" in out and f"Winner: {held}\n" in out
    assert f"; {held}: 100 + game 100" in out and "— Ann: 0 + game 0" in out
    for line in out.splitlines():  # the table's cells too, each padded, then isolated
        assert line.count("\u2068") == line.count("\u2069") == line.count(name), line


def test_text_output_reads_like_the_table(capsys):
    assert main(["analyze", HAND]) == 0
    out = capsys.readouterr().out
    assert "[A♠ 2♠ 3♠]  [7♥ 7♦ 7♣]  [10♣ J♣ Q♣]" in out
    assert "Deadwood:  5  (5♥)" in out and "Gin outs:  4♠ 7♠ 9♣ K♣" in out
    assert main(["score", "--knocker", HAND, "--defender", DEFENDER]) == 0
    out = capsys.readouterr().out
    assert "knocker scores 26" in out and "4♠ onto meld 1" in out


BIG_GIN = "As 2s 3s 4s 7c 7h 7d Tc Jc Qc Kc"


@pytest.mark.parametrize("rules, words", [
    ([], "big gin: all 11 cards meld; lay them all down, no discard"),
    (["--preset", "classic"], "all 11 cards meld, but these rules have no big gin"),
    (["--rule", "big_gin_bonus=10"], "all 11 cards meld, but these rules pay more for gin "
                                     "than for big gin: discard for gin"),
])
def test_big_gin_is_told_as_the_rules_play_it(capsys, rules, words):
    assert main(["analyze", BIG_GIN, "--no-outs", *rules]) == 0
    out = capsys.readouterr().out
    assert words in out and out.count("big gin") == 1


@pytest.mark.parametrize("flag, points", [("--gin", 45), ("--big-gin", 51)])
def test_a_gin_by_counts_needs_no_knocker_deadwood(capsys, flag, points):
    assert main(["score", flag, "--defender-deadwood", "20"]) == 0
    assert f"knocker scores {points}" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["analyze", "As 2s 3s Qx 7h 7d Tc Jc Qc 5h"], "/hand/3: unknown suit 'x' in token 4 'Qx'"),
    (["analyze", "As 2s 3s"], "/hand: hand has 3 cards; expected 10 or 11"),
    (["analyze", "As 2s 3s 7c 7h 7d Tc Jc Qc 🂡"], "/hand/9: duplicate card As ('🂡')"),
    (["score", "--knocker-deadwood", "12", "--defender-deadwood", "3"],
     "/knocker/deadwood: illegal knock: deadwood 12 is above the knock limit 10"),
    (["score", "--preset", "oklahoma", "--knocker-deadwood", "2", "--defender-deadwood", "3"],
     "/upcard: Oklahoma needs the upcard"),
    (["analyze", HAND, "--rule", "knock_limit=11"], "/rules/knock_limit"),
    (["score", "--draw", "--rule", "knock_limit=11"], "/rules/knock_limit"),
    (["score", "--draw", "--knocker-deadwood", "3"], "--draw is a dead hand, scored without "
                                                     "--knocker-deadwood"),
    # cards count their own deadwood: a count or a gin flag beside them is refused, not dropped
    (["score", "--knocker", HAND, "--knocker-deadwood", "9", "--gin", "--defender-deadwood",
      "3"], "--knocker cards are scored as they meld, without --knocker-deadwood or --gin"),
    (["score", "--knocker", HAND, "--defender", "4s Kc 2h 9d 8h 6c 5d 3h Jd Qs",
      "--defender-deadwood", "3"],
     "--defender cards are scored with their lay-offs, without --defender-deadwood"),
    # a count of 0 is a count given (0 == False let it through, dropped without a word)
    (["score", "--knocker", HAND, "--knocker-deadwood", "0", "--defender", DEFENDER],
     "--knocker cards are scored as they meld, without --knocker-deadwood"),
    (["score", "--draw", "--defender-deadwood", "0"],
     "--draw is a dead hand, scored without --defender-deadwood"),
    (["score", "--knocker", HAND, "--defender", DEFENDER, "--defender-deadwood", "0"],
     "--defender cards are scored with their lay-offs, without --defender-deadwood"),
])
def test_errors_go_to_stderr_with_status_2(capsys, argv, message):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


LONG = "9" * 5000  # past Python's 4,300-digit int limit


@pytest.mark.parametrize("argv, message", [
    # a count or a rule of any length gets the core's range message, never a traceback
    (["score", "--knocker-deadwood", "9999999", "--defender-deadwood", "5"],
     "/knocker/deadwood: a deadwood count is a whole number from 0 to 98"),
    (["score", "--knocker-deadwood", LONG, "--defender-deadwood", "5"],
     "/knocker/deadwood: a deadwood count is a whole number from 0 to 98"),
    (["score", "--knocker-deadwood", "3", "--defender-deadwood", "4", "--rule",
      f"target={LONG}"],
     "/rules/target: target must be between 1 and 10000, not a number of more than 40 digits"),
    (["score", "--knocker-deadwood", "3", "--defender-deadwood", "4", "--rule",
      "target=" + "[" * 100_000], "/rules/target: target must be a whole number"),
    (["score", "--knocker-deadwood", "3", "--defender-deadwood", "4", "--rule",
      "target=\udcff"], "/rules/target: target must be a whole number"),
    # cards given, even none, are read as cards
    (["score", "--knocker", "", "--defender-deadwood", "5"],
     "/knocker/hand: hand has 0 cards; expected 10 or 11"),
], ids=["seven digits", "5,000 digits", "a rule of 5,000 digits", "a deep rule",
        "a rule not UTF-8", "no cards"])
def test_long_deep_or_empty_input_is_an_error_not_a_crash(capsys, argv, message):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == "" and "Traceback" not in captured.err


@pytest.mark.parametrize("raw, message", [
    pytest.param(b'{"players": ["Ann", "Bob"], "hands": [{"winner": "Ann", "points": '
                 + LONG.encode() + b"}]}",
                 "/hands/0/points: a hand's score is a whole number from 0 to 129", id="long"),
    pytest.param(b"[" * 100_000, "error: JSON that cannot be read", id="deep"),
    pytest.param(b"\xff{}", "error: the ledger is not valid UTF-8 (byte 0)", id="not UTF-8"),
    pytest.param(b'{"players": ', "error: malformed JSON", id="malformed"),
])
def test_a_ledger_file_that_cannot_be_read_is_an_error(capsys, tmp_path, raw, message):
    ledger = tmp_path / "ledger.json"
    ledger.write_bytes(raw)
    assert main(["game", str(ledger)]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_module_entry_point_runs():
    done = subprocess.run([sys.executable, "-m", "calculator", "analyze", HAND, "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["deadwood"] == 5
    bad = subprocess.run([sys.executable, "-m", "calculator", "analyze", "Zz"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "'Zz'" in bad.stderr


@pytest.mark.parametrize("argv, shown", [
    (["analyze", "As 2s 3s 7c 7h 7d Tc Jc Qc A\x1b[2J\u202e"], "'A\\x1b[2J\\u202e'"),
    (["analyze", HAND, "--rule", "x\x1b]0;PWNED\x07=1"], "/rules/x\\x1b]0;PWNED\\x07:"),
    # the isolates and marks reorder a line as the overrides do
    (["analyze", "As 2s 3s \u2067Qx 7h 7d Tc Jc Qc 5h"], "'\\u2067Qx'"),
    (["analyze", "As 2s 3s \u200fQx 7h 7d Tc Jc Qc 5h"], "'\\u200fQx'"),
    # a C1 control: U+009B is ESC [ to many terminals
    (["analyze", "As 2s 3s Q\x9b2J 7h 7d Tc Jc Qc 5h"], "'Q\\x9b2J'"),
])
def test_what_a_terminal_would_obey_is_written_as_escapes(capsys, argv, shown):
    """An escape sequence typed in a token or a rule's name was echoed raw to stderr, where
    the terminal cleared the screen or set its title; a right-to-left override reversed
    the rest of the line."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert shown in err and "\x1b" not in err and "\u202e" not in err and "\x07" not in err
    assert not set(err) & {"\u2067", "\u200f", "\x9b"}


def test_a_name_the_core_isolated_keeps_its_isolates_and_nothing_else_does():
    from calculator.cli import _escaped

    assert _escaped("Bob beat \u2068מיכל\u2069") == "Bob beat \u2068מיכל\u2069"
    assert _escaped("\u2068x\u202ey\u2069") == "\\u2068x\\u202ey\\u2069"
    assert _escaped("\u2069\u2068") == "\\u2069\\u2068"


@pytest.mark.parametrize("argv", [["analyze", HAND],
                                  ["advise", "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd", "--json",
                                   "--samples", "50"],
                                  ["score", "--knocker-deadwood", "5",
                                   "--defender-deadwood", "28"]])
def test_an_output_without_the_suit_glyphs_gets_escapes_not_a_traceback(argv):
    """stdout in ASCII (or cp1252, a Windows file) could not hold ♠ or −: a traceback."""
    import os

    env = dict(os.environ, PYTHONIOENCODING="ascii")
    done = subprocess.run([sys.executable, "-m", "calculator", *argv], capture_output=True,
                          env=env, check=False, timeout=60)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    if "--json" in argv:  # the same JSON value, in ASCII
        plain = subprocess.run([sys.executable, "-m", "calculator", *argv],
                               capture_output=True, check=True, timeout=60)
        assert json.loads(done.stdout) == json.loads(plain.stdout)
    else:
        assert b"\\u26" in done.stdout or b"\\u2212" in done.stdout


def test_usage_names_the_command_as_it_was_run(monkeypatch, capsys):
    from calculator.cli import _parser

    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/gin-calculator"])
    assert _parser().format_usage().startswith("usage: gin-calculator ")
    monkeypatch.setattr(sys, "argv", ["/x/calculator/__main__.py"])
    assert _parser().format_usage().startswith("usage: python -m calculator ")


@pytest.mark.parametrize("rule, told", [
    ("knock_limit=\u0663", "/rules/knock_limit: knock_limit must be a whole number, not '\u0663'"),
    ("knock_limit=\u00b2", "knock_limit must be a whole number, not '\u00b2'"),
    ("knock_limit=1e400", "knock_limit must be a whole number, not a number too large to read"),
    ("knock_limit=10.0", "knock_limit must be a whole number, not 10.0"),
    ("oklahoma=1", "/rules/oklahoma: oklahoma must be true or false, not 1"),
    ("knock_limit", "/rules: --rule 'knock_limit' has no value: give KEY=VALUE"),
])
def test_a_bad_rule_value_is_quoted(capsys, rule, told):
    assert main(["analyze", HAND, "--rule", rule]) == 2
    assert told in capsys.readouterr().err


def test_a_rule_count_reads_as_every_count_of_the_line_does(capsys):
    """--stock 030 was read, --rule knock_limit=07 refused (JSON forbids leading zeros)."""
    assert main(["analyze", HAND, "--rule", "knock_limit=07", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["knock_limit"] == 7


def test_a_ledger_that_is_no_object_is_named(capsys, tmp_path):
    ledger = tmp_path / "ledger.json"
    ledger.write_text("[1]")
    assert main(["game", str(ledger)]) == 2
    assert "error: the ledger must be a JSON object" in capsys.readouterr().err


def test_an_unknown_key_of_a_ledger_is_escaped_in_its_pointer_too(capsys, tmp_path):
    ledger = tmp_path / "ledger.json"
    ledger.write_text('{"players": ["a", "b"], "\\u001b[31mevil": 1}')
    assert main(["game", str(ledger)]) == 2
    err = capsys.readouterr().err
    assert "/\\x1b[31mevil: unknown field" in err and "\x1b" not in err


def test_a_ledger_is_read_no_further_than_a_request_may_hold(capsys, tmp_path):
    """`yes | python -m calculator game -` grew without end: the ledger is read up to the
    API's body limit and refused past it."""
    from calculator.api.limits import MAX_BODY_BYTES

    ledger = tmp_path / "ledger.json"
    ledger.write_bytes(b" " * (MAX_BODY_BYTES + 1))
    assert main(["game", str(ledger)]) == 2
    assert "the ledger is longer than 1,048,576 bytes" in capsys.readouterr().err
    endless = subprocess.run(f"yes | {sys.executable} -m calculator game -", shell=True,
                             capture_output=True, text=True, timeout=60, check=False)
    assert endless.returncode == 2 and "longer than" in endless.stderr


def test_a_reader_that_goes_away_is_no_error_of_the_input():
    done = subprocess.run(f"{sys.executable} -m calculator analyze '{HAND}' | true",
                          shell=True, capture_output=True, text=True, timeout=60, check=False)
    assert "error" not in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("argv, path, body", [
    (["analyze", HAND + " " * 2100], "/api/v1/analyze", {"hand": HAND + " " * 2100}),
    (["analyze", HAND, "--upcard", "x" * 41], "/api/v1/analyze",
     {"hand": HAND, "upcard": "x" * 41}),
    (["score", "--knocker", HAND, "--defender", DEFENDER, "--upcard", "x" * 41],
     "/api/v1/score", {"knocker": {"hand": HAND}, "defender": {"hand": DEFENDER},
                       "upcard": "x" * 41}),
])
def test_the_request_limits_hold_on_the_command_line_too(client, capsys, argv, path, body):
    """analyze and score read their input as the API's schema does, so a hand string past
    2,000 characters or an upcard past 40 is refused with the API's words (they were read)."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    for error in client.post(path, json=body).get_json()["errors"]:
        assert f"{error['pointer']}: {error['detail']}" in err


@pytest.mark.parametrize("port", ["٨٠٠٠", "0", "65536", "8e3", "9" * 5000])
def test_serve_takes_a_port_in_ascii_digits_only(capsys, monkeypatch, port):
    """gunicorn reads its port with int(), which takes '٨٠٠٠' as 8000: refused before it."""
    def never(*args):  # a port let through must not start a server from the tests
        raise AssertionError(f"serve went on to run {args}")

    monkeypatch.setattr("os.execv", never)
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--port", port])
    assert exited.value.code == 2 and "is not a port number" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--upcard", "--face-up"])
def test_advise_tells_an_empty_card_as_analyze_does(capsys, option):
    """`advise --upcard ''` was dropped (then 'Oklahoma needs the upcard'), where analyze
    says the card is empty."""
    hand = HAND if option == "--face-up" else HAND + " Kd"
    assert main(["advise", hand, option, "", "--preset", "oklahoma", "--upcard", "Qs"]
                if option == "--face-up" else ["advise", hand, option, "", "--preset",
                                               "oklahoma"]) == 2
    assert "empty card in ''" in capsys.readouterr().err


def test_a_sheets_columns_keep_names_alike_apart(capsys, tmp_path):
    """Names were cut to 9 characters in the heading: "Alexander Smith" and "Alexander
    Jones" both read "Alexander"; the rule under it counted the invisible isolates."""
    ledger = tmp_path / "ledger.json"
    ledger.write_text(json.dumps({"players": ["Alexander Smith", "Alexander Jones"],
                                  "hands": [{"winner": "Alexander Jones", "points": 30}]}))
    assert main(["game", str(ledger)]) == 0
    header, rule, row = capsys.readouterr().out.splitlines()[1:4]
    assert "Alexander Smith" in header and "Alexander Jones" in header
    assert len(rule) == len(header) == len(row) and "Alexander Jones" in row
    ledger.write_text(json.dumps({"players": ["אבי", "דנה"],
                                  "hands": [{"winner": "אבי", "points": 30}]}))
    assert main(["game", str(ledger)]) == 0
    header, rule = capsys.readouterr().out.splitlines()[1:3]
    assert len(rule) == len(header) - header.count("\u2068") - header.count("\u2069")


def test_analyze_lists_the_ties_in_words(capsys):
    assert main(["analyze", TIED, "--ties", "--no-outs"]) == 0
    assert "Ties:      [5♠ 5♥ 5♦]  [6♠ 6♥ 6♣]  (A♠ 3♠ 4♠ 4♥)" in capsys.readouterr().out
    assert main(["analyze", HAND, "--ties", "--no-outs"]) == 0
    assert "Ties:      none" in capsys.readouterr().out
