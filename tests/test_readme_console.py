"""The README's command-line transcripts are real: every `$ python -m calculator ...` line is
run and its printed lines compared with the README's."""
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXIT_SUFFIX = '; echo "exit $?"'


def transcripts():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        for command in re.split(r"^\$ ", block, flags=re.M)[1:]:
            line, _, printed = command.partition("\n")
            yield pytest.param(line, printed, id=line[:60])


@pytest.mark.parametrize("line, printed", list(transcripts()))
def test_readme_transcript(line, printed):
    shows_exit = line.endswith(EXIT_SUFFIX)
    words = shlex.split(line.removesuffix(EXIT_SUFFIX))
    assert words[:3] == ["python", "-m", "calculator"]
    done = subprocess.run([sys.executable, *words[1:]], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    if shows_exit:
        assert done.stderr + f"exit {done.returncode}\n" == printed
    else:
        assert done.returncode == 0 and done.stdout == printed


def test_readme_has_transcripts():
    assert len(list(transcripts())) >= 6


def test_readme_shows_every_command_but_serve():
    import argparse

    from calculator import cli

    commands = next(action for action in cli._parser()._actions
                    if isinstance(action, argparse._SubParsersAction)).choices
    shown = {line.split()[3] for line, _ in (param.values for param in transcripts())}
    assert set(commands) - {"serve"} <= shown, set(commands) - shown
