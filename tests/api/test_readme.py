"""The README's API tour shows real answers: each curl command is replayed against the app
(through the same shell pipe, if it has one) and must print exactly the output shown under it.
`python tools/refresh_examples.py` rewrites the outputs; these tests say when it is due."""
from __future__ import annotations

import pytest

import refresh_examples
from refresh_examples import BASE, README_PATH as README, run, tour


@pytest.fixture(scope="module")
def client():
    return refresh_examples.make_client()


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


def test_the_refresh_tool_finds_the_readme_up_to_date(client):
    result = refresh_examples.refresh_readme(client)
    assert not result.problems
    assert not result.stale, "run python tools/refresh_examples.py\n" + result.diff()


def test_the_refresh_tool_rewrites_a_stale_output(client, tmp_path):
    text = README.read_text(encoding="utf-8")
    command, shown = EXAMPLES[0]
    stale = tmp_path / "README.md"
    stale.write_text(text.replace(shown, '{"old":"answer"}\n', 1), encoding="utf-8")
    result = refresh_examples.refresh_readme(client, stale)
    assert result.stale and '-{"old":"answer"}' in result.diff()
    assert result.new == refresh_examples.refresh_readme(client).new


@pytest.mark.parametrize("command, method, headers, body", [
    pytest.param("curl -s http://127.0.0.1:8000/healthz", "GET", {}, None, id="GET"),
    pytest.param("curl -s http://127.0.0.1:8000/api/v1/score -H 'Content-Type: application/json'"
                 " -d '{\"outcome\": \"draw\"}'", "POST",
                 {"Content-Type": "application/json"}, '{"outcome": "draw"}', id="POST -d"),
    pytest.param("curl -s -X OPTIONS http://127.0.0.1:8000/api/v1/score \\\n"
                 "  -H 'Origin: https://a.example' -H 'Access-Control-Request-Method: POST'",
                 "OPTIONS", {"Origin": "https://a.example",
                             "Access-Control-Request-Method": "POST"}, None,
                 id="-X and two -H"),
])
def test_a_curl_command_becomes_this_request(command, method, headers, body):
    seen = {}

    class Recorder:
        def open(self, path, method, data, headers):
            seen.update(path=path, method=method, data=data, headers=headers)

            class Answer:
                def get_data(self, as_text):
                    return "{}\n"
            return Answer()

    assert run(command, Recorder()) == "{}\n"
    assert seen["method"] == method and seen["headers"] == headers and seen["data"] == body
    assert seen["path"].startswith("/")
