"""The README's API tour shows real answers: each curl command is replayed against the app
(through the same shell pipe, if it has one) and must print exactly the output shown under it.
`python tools/refresh_examples.py` rewrites the outputs; these tests say when it is due."""
from __future__ import annotations

import re

import pytest

import refresh_examples
from refresh_examples import BASE, README_PATH as README, run, tour


@pytest.fixture(scope="module")
def client():
    return refresh_examples.make_client()


README_TEXT = README.read_text(encoding="utf-8")
SECTIONS = ["Keep score", "API tour", "Command line", "Card notation", "More"]


def test_readme_says_what_it_is_then_gives_the_commands():
    assert README_TEXT.startswith("# Gin Rummy calculator\n\n")
    opening = README_TEXT.split("\n## ", 1)[0]
    commands = re.search(r"\n```\n(.*?)\n```\n", opening, re.S)[1].splitlines()
    assert [line.split("#")[0].strip() for line in commands] == [
        "make run", "make test", "make check", "make bench"]
    makefile = (README.parent / "Makefile").read_text(encoding="utf-8")
    for target in ("run", "test", "check", "bench"):
        assert re.search(rf"^{target}:", makefile, re.M), target


def test_readme_is_a_users_guide_in_this_order():
    headings = re.findall(r"^## (.*)$", README_TEXT, re.M)
    assert headings == SECTIONS
    keep_score = README_TEXT.split("\n## Keep score\n", 1)[1].split("\n## ", 1)[0]
    assert "open http://127.0.0.1:8000/ to keep score" in keep_score
    assert "](docs/screenshots/phone-sheet.png)" in keep_score


def test_readme_keeps_no_engineering_log():
    # figures live in docs/PERFORMANCE.md, history in git
    assert not re.search(r"\b(?:at|commit) [0-9a-f]{7,40}\b", README_TEXT)
    assert "slow spell" not in README_TEXT
    assert "req/s" not in README_TEXT and "pairs/s" not in README_TEXT


def test_readme_links_point_inside_the_repository():
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README_TEXT)
    local = [link for link in links if not link.startswith("http")]
    for document in ("docs/RULES.md", "docs/PERFORMANCE.md", "docs/OPERATIONS.md",
                     "openapi.yaml"):
        assert document in local, document
    for link in local:
        assert (README.parent / link).exists(), link
    screenshot = README.parent / "docs/screenshots/phone-sheet.png"  # the browser tests make it
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_readme_anchors_exist():
    rules = (README.parent / "docs" / "RULES.md").read_text(encoding="utf-8")
    anchors = {"docs/RULES.md": rules, "": README_TEXT}
    for target, anchor in re.findall(r"\]\((docs/RULES\.md|)#([^)]+)\)", README_TEXT):
        headings = re.findall(r"^#+ (.*)$", anchors[target], re.M)
        slugs = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}
        assert anchor in slugs, f"{target}#{anchor}"


EXAMPLES = list(tour(README_TEXT))


def test_every_curl_command_is_an_example_with_its_output():
    commands = re.findall(r"^```sh\n(.*?)^```$", README_TEXT, re.S | re.M)
    assert len(commands) == len(EXAMPLES) >= 15
    assert [command.rstrip("\n") for command in commands] == [c for c, _ in EXAMPLES]


def test_the_tour_covers_every_endpoint():
    commands = " ".join(command for command, _ in EXAMPLES)
    for path in ("/api/v1/analyze ", "/api/v1/analyze/batch", "/api/v1/layoffs",
                 "/api/v1/score", "/api/v1/games", "/api/v1/advice", "/api/v1/rules",
                 "/healthz"):
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
