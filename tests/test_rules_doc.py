"""The rule book (docs/RULES.md) cannot drift from the engine.

Every ```console block of the rule book is a transcript: each `$ python -m calculator ...`
line, with the standard input of a `<<'EOF'` here-document when it has one, is run through the
command line's `main` and must print exactly the lines shown under it (with `; echo "exit $?"`,
what it wrote to stderr and its exit status). The tables of rule options and presets are read
back and compared with `calculator.core.Rules` and `PRESETS`, option by option and bound by
bound.
"""
from __future__ import annotations

import dataclasses
import io
import re
import shlex
from pathlib import Path

import pytest

from calculator import cli
from calculator.core import PRESETS, RuleError, Rules

RULES_PATH = Path(__file__).resolve().parents[1] / "docs" / "RULES.md"
TEXT = RULES_PATH.read_text(encoding="utf-8")
EXIT_SUFFIX = '; echo "exit $?"'
HEREDOC = " <<'EOF'"


# --- the transcripts ----------------------------------------------------------------------------

def transcripts(text: str):
    """(section, command line, standard input or None, lines shown) for every `$ ` command in a
    ```console block, in document order."""
    section = ""
    for part in re.split(r"(^## .*$)", text, flags=re.M):
        if part.startswith("## "):
            section = part[3:]
            continue
        for block in re.findall(r"^```console\n(.*?)^```$", part, flags=re.S | re.M):
            lines = block.splitlines()
            i = 0
            while i < len(lines):
                line = lines[i]
                assert line.startswith("$ "), f"{section}: text before a command: {line!r}"
                command, i, stdin = line[2:], i + 1, None
                if HEREDOC in command:
                    end = lines.index("EOF", i)
                    stdin, i = "\n".join(lines[i:end]) + "\n", end + 1
                start = i
                while i < len(lines) and not lines[i].startswith("$ "):
                    i += 1
                shown = "".join(f"{printed}\n" for printed in lines[start:i])
                yield section, command, stdin, shown


TRANSCRIPTS = list(transcripts(TEXT))


def run(command: str, stdin: str | None, capsys, monkeypatch) -> str:
    """What the command prints, as a shell would show it."""
    shows_exit = command.endswith(EXIT_SUFFIX)
    command = command.removesuffix(EXIT_SUFFIX)
    assert command.endswith(HEREDOC) == (stdin is not None)
    words = shlex.split(command.removesuffix(HEREDOC))
    assert words[:3] == ["python", "-m", "calculator"], command
    # a terminal's stdin: text over bytes (the ledger is read as bytes, as JSON is)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO((stdin or "").encode())))
    capsys.readouterr()
    status = cli.main(words[3:])
    out, err = capsys.readouterr()
    if shows_exit:
        return out + err + f"exit {status}\n"
    assert status == 0 and err == "", err
    return out


@pytest.mark.parametrize("section, command, stdin, shown", TRANSCRIPTS,
                         ids=[f"{section}: {command[:50]}" for section, command, _, _ in TRANSCRIPTS])
def test_the_rule_books_transcript_is_what_the_calculator_prints(section, command, stdin, shown,
                                                                 capsys, monkeypatch):
    assert shown, f"{section}: {command} shows no output"
    assert run(command, stdin, capsys, monkeypatch) == shown


def test_every_rule_section_has_worked_examples():
    sections = {section for section, *_ in TRANSCRIPTS}
    for heading in re.findall(r"^## (.*)$", TEXT, flags=re.M):
        if heading not in ("Rule options", "Presets"):  # those two are checked as tables
            assert heading in sections, f"'{heading}' has no transcript"
    assert len(TRANSCRIPTS) >= 40


def test_the_small_worked_examples_are_all_worked():
    section = TEXT.split("\n## Small worked examples\n", 1)[1]
    listed = re.findall(r"^(\d+)\. ", section, flags=re.M)
    assert listed == [str(n) for n in range(1, 7)]
    worked = [command for name, command, _, _ in TRANSCRIPTS if name == "Small worked examples"]
    for hand in ("As 2s 3s 7c 7h 7d Tc Jc Qc 5h", "7s 7h 7d 8s 9s 2c 4d 6h Jc Qd"):
        assert any(hand in command for command in worked), hand
    for counts in ("5 --defender-deadwood 28", "7 --defender-deadwood 7",
                   "0 --defender-deadwood 14", "--upcard 4c", "--upcard 6s"):
        assert any(counts in command for command in worked), counts


def test_the_transcript_reader_sees_errors_and_here_documents():
    text = ("## S\n\n```console\n$ python -m calculator game - <<'EOF'; echo \"exit $?\"\n"
            "{\"players\": [\"A\", \"A\"]}\nEOF\nerror: x\nexit 2\n"
            "$ python -m calculator score --draw\nOutcome:   draw\n```\n")
    assert list(transcripts(text)) == [
        ("S", "python -m calculator game - <<'EOF'; echo \"exit $?\"",
         '{"players": ["A", "A"]}\n', "error: x\nexit 2\n"),
        ("S", "python -m calculator score --draw", None, "Outcome:   draw\n")]


def test_a_wrong_transcript_is_caught(capsys, monkeypatch):
    section, command, stdin, shown = TRANSCRIPTS[0]
    assert run(command, stdin, capsys, monkeypatch) != shown.replace("5", "6")


# --- the tables ---------------------------------------------------------------------------------

def table(heading: str) -> list[dict[str, str]]:
    """The first Markdown table under a `## heading`, as one dict a row."""
    section = TEXT.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    names = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert set(rows[1]) <= set("|-")
    return [dict(zip(names, (cell.strip() for cell in row.strip("|").split("|"))))
            for row in rows[2:]]


def unquote(cell: str) -> str:
    return cell.strip("`")


def written(value) -> str:
    """An option's value as the options table writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"`{value}`"
    return "null" if value is None else str(value)


OPTIONS = table("Rule options")


def test_the_options_table_lists_every_option_with_its_default():
    defaults = Rules()
    assert [unquote(row["option"]) for row in OPTIONS] == [f.name for f in dataclasses.fields(Rules)]
    for row in OPTIONS:
        assert row["default"] == written(getattr(defaults, unquote(row["option"]))), row


@pytest.mark.parametrize("row", OPTIONS, ids=[unquote(row["option"]) for row in OPTIONS])
def test_the_options_table_gives_each_options_values(row):
    key, values = unquote(row["option"]), row["values"]

    def accepted(value) -> bool:
        try:
            Rules.from_options({key: value})
        except RuleError:
            return False
        return True

    bounds = re.fullmatch(r"(\d+) to (\d+)(, or null)?", values)
    if bounds:
        low, high = int(bounds[1]), int(bounds[2])
        assert accepted(low) and accepted(high) and not accepted(low - 1) \
            and not accepted(high + 1)
        assert accepted(None) == bool(bounds[3])
    elif values == "true, false":
        assert accepted(True) and accepted(False) and not accepted(1)
    else:
        choices = [unquote(word) for word in values.split()]
        assert all(accepted(choice) for choice in choices) and not accepted("other")


def test_the_presets_table_is_the_engines():
    rows = table("Presets")
    assert [unquote(row["preset"]) for row in rows] == list(PRESETS)
    for row in rows:
        rules = PRESETS[unquote(row["preset"])]
        assert rules.oklahoma == (row["knock limit"] == "upcard"), row
        if not rules.oklahoma:
            assert row["knock limit"] == str(rules.knock_limit), row
        assert row["gin"] == str(rules.gin_bonus), row
        assert row["big gin"] == ("none (scores as gin)" if rules.big_gin_bonus is None
                                  else str(rules.big_gin_bonus)), row
        assert row["undercut"] == str(rules.undercut_bonus), row
        each = " each" if rules.format == "hollywood" else ""
        assert row["target"] == f"{rules.target}{each}", row
        assert row["game"] == str(rules.game_bonus), row
        assert row["box"] == str(rules.box_bonus), row
        assert row["shutout"] == {"game_bonus_doubled": "game bonus ×2",
                                  "total_doubled": "total ×2", "none": "none"}[rules.shutout]
        assert ("three games" in row["notes"]) == (rules.format == "hollywood"), row
        assert (row["notes"] == "the default") == (rules == Rules()), row
