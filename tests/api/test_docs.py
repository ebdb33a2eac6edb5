"""GET /docs: the API page rendered on the server from openapi.yaml, working offline and under
the Content-Security-Policy (no script, no inline style, nothing from another host)."""
from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from calculator import create_app
from calculator.api import docs

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text("utf-8"))


class Page(HTMLParser):
    """The tags, attributes, ids, links and text of a page."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.tags, self.ids, self.links, self.text, self.open = [], [], [], [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if "id" in attrs:
            self.ids.append(attrs["id"])
        for key in ("href", "src", "action"):
            if attrs.get(key) is not None:
                self.links.append(attrs[key])
        if tag not in ("meta", "link", "br", "img", "input", "hr"):
            self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, (tag, self.open[-5:])
        self.open.pop()

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


@pytest.fixture(scope="module")
def answer(client):
    return client.get("/docs")


@pytest.fixture(scope="module")
def page(answer):
    return Page(answer.get_data(as_text=True))


@pytest.fixture(scope="module")
def text(page):
    return " ".join(" ".join(page.text).split())


def test_docs_is_an_html_page(answer, page):
    assert answer.status_code == 200
    assert answer.mimetype == "text/html"
    assert not page.open, "every element is closed"
    assert ("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}) \
        in page.tags


def test_docs_keeps_to_the_content_security_policy(answer, page):
    assert "script-src 'self'" in answer.headers["Content-Security-Policy"]
    assert not [tag for tag, _ in page.tags if tag in ("script", "style", "iframe", "object")]
    assert not [attrs for _, attrs in page.tags if "style" in attrs]
    assert not [attrs for _, attrs in page.tags
                if any(key.startswith("on") for key in attrs)], "no inline event handlers"
    for link in page.links:
        assert link.startswith(("/", "#")), f"{link} is not on this server"


def test_docs_assets_are_served(client, page):
    for tag, attrs in page.tags:
        if tag == "link":
            asset = client.get(attrs["href"])
            assert asset.status_code == 200, attrs["href"]
    css = client.get("/static/docs.css")
    assert css.mimetype == "text/css"
    assert "@import" not in css.get_data(as_text=True)
    assert "url(http" not in css.get_data(as_text=True)


def test_internal_links_land_on_an_element(page):
    ids = set(page.ids)
    assert len(page.ids) == len(ids), "ids are unique"
    for link in page.links:
        if link.startswith("#"):
            assert link[1:] in ids, link


def test_docs_show_every_operation(page, text):
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            assert operation["operationId"] in page.ids
            assert f"{method.upper()} {path}" in text
            assert " ".join(operation["summary"].split()) in text


def test_docs_show_request_and_answer_examples(text):
    assert "As 2s 3s 7c 7h 7d Tc Jc Qc 5h" in text               # a request example
    assert '"deadwood_cards": ["5h"]' in text                    # its answer
    assert '"pointer": "/hand/3"' in text                         # an error example
    assert "The knocker knocked with 5 deadwood against the defender" in text


def test_docs_explain_errors_limits_tie_rule_and_card_order(text):
    assert "application/problem+json" in text and "JSON Pointer" in text
    for status in ("400", "404", "405", "413", "415", "422"):
        assert status in text
    for limit in SPEC["x-limits"]:
        assert limit["name"] in text and f"{limit['value']:,}" in text
    assert "fewest deadwood cards, then the fewest melds" in text
    assert "s, h, d, c, then by rank A..K" in text


def test_docs_show_every_body_field(page, text):
    schemas = SPEC["components"]["schemas"]
    for name in ("AnalyzeRequest", "BatchRequest", "LayoffsRequest", "GamesRequest"):
        for key in schemas[name]["properties"]:
            assert key in text, (name, key)


def test_docs_are_built_once(client):
    docs.page.cache_clear()
    client.get("/docs")
    client.get("/docs")
    assert docs.page.cache_info().misses == 1


@pytest.mark.parametrize("value, expected", [
    ({"hand": ["As", "2s"]}, '{"hand": ["As", "2s"]}'),
    ([1, [2, 3]], "[1, [2, 3]]"),
])
def test_pretty_json_is_json(value, expected):
    assert docs.pretty(value) == expected
    long = {"outs": {"knock": [f"{r}{s}" for s in "shdc" for r in "A23456789TJQK"]}}
    assert json.loads(docs.pretty(long)) == long
    assert all(len(line) <= 80 for line in docs.pretty(long).splitlines())


def test_markdown_escapes_html():
    html = str(docs.markdown("A <b>bold</b> `code` and **strong**\n\n- one\n- two"))
    assert "<b>" not in html and "&lt;b&gt;" in html
    assert "<code>code</code>" in html and "<strong>strong</strong>" in html
    assert "<ul><li>one</li><li>two</li></ul>" in html
