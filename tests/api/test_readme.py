"""The README's API tour shows real answers: each curl command is replayed against the app
(through the same shell pipe, if it has one) and must print exactly the output shown under it."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from calculator import create_app

README = Path(__file__).resolve().parents[2] / "README.md"
BASE = "http://127.0.0.1:8000"
BLOCK = re.compile(r"```sh\n(?P<command>curl .*?)\n```\n```json\n(?P<output>.*?)```", re.S)


def tour(text: str):
    """(command, output shown) for every curl example followed by its output block."""
    for match in BLOCK.finditer(text):
        yield match.group("command"), match.group("output")


def run(command: str, client) -> str:
    """What the command prints when the server is this app."""
    line = command.replace("\\\n", " ")
    curl, _, pipe = line.partition(" | ")
    words = shlex.split(curl)
    url = next(word for word in words if word.startswith(BASE))
    body = words[words.index("-d") + 1] if "-d" in words else None
    headers = {}
    if "-H" in words:
        name, _, value = words[words.index("-H") + 1].partition(": ")
        headers[name] = value
    method = "POST" if body is not None else "GET"
    answer = client.open(url[len(BASE):], method=method, data=body, headers=headers)
    text = answer.get_data(as_text=True)
    if pipe:
        pipe = re.sub(r"\bpython3\b", shlex.quote(sys.executable), pipe)
        text = subprocess.run(pipe, shell=True, input=text, capture_output=True, text=True,
                              check=True).stdout
    return text


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def test_readme_starts_with_the_two_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "```"
    assert lines[1].startswith("make run    # ")
    assert lines[2].startswith("make test   # ")
    assert lines[3] == "```"


def test_readme_has_the_lead_sections():
    text = README.read_text(encoding="utf-8")
    for heading in ("Command line", "Speed", "Game sheets", "Operations"):
        assert f"\n## {heading}\n" in text


EXAMPLES = list(tour(README.read_text(encoding="utf-8"))) if README.exists() else []


def test_the_tour_covers_every_endpoint():
    commands = " ".join(command for command, _ in EXAMPLES)
    for path in ("/api/v1/analyze ", "/api/v1/analyze/batch", "/api/v1/layoffs",
                 "/api/v1/score", "/api/v1/games", "/api/v1/rules", "/healthz"):
        assert BASE + path in commands + " ", path


@pytest.mark.parametrize("command, shown", EXAMPLES,
                         ids=[f"example {i + 1}" for i in range(len(EXAMPLES))])
def test_readme_outputs_are_real(client, command, shown):
    assert run(command, client) == shown
