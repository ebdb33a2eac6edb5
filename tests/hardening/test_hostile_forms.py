"""The page and every other non-API route: arbitrary form posts and query strings.

The routes are discovered from `app.url_map` (the page is being built alongside these tests):
every rule outside /api/ that takes POST gets random form fields, every one that takes GET gets
random query arguments. Never a 5xx, never a trace of the code, and an HTML answer never holds
a script payload unescaped.
"""
from __future__ import annotations

import base64
import io
import json
import re
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from calculator import create_app
from hardening_support import (DEFENDER, KNOCKER, LONE_SURROGATES, RTL_AND_INVISIBLE, XSS,
                               check_answer, examples, json_text, json_values)

FUZZ = settings(max_examples=examples(80), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

PAYLOADS = XSS + ["javascript:alert(1)", "{{7*7}}", "{% raw %}", "${7*7}", "' OR 1=1 --"]
# An unescaped echo of any of these in HTML is a cross-site scripting hole.
DANGEROUS = [p for p in PAYLOADS if "<" in p or ">" in p]
SKIPPED_ENDPOINTS = {"static"}


def _rules(method: str):
    app = create_app()
    found = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") or rule.endpoint in SKIPPED_ENDPOINTS:
            continue
        if method in rule.methods:
            found.append(rule)
    return found


def _url(rule, value: str = "x") -> str:
    """A URL for `rule`, every variable given a plain value."""
    url = rule.rule
    for argument in rule.arguments:
        url = re.sub(r"<(?:[^:<>]+:)?" + re.escape(argument) + r">", value, url)
    return url


POST_RULES = _rules("POST")
GET_RULES = _rules("GET")

field_names = st.one_of(st.sampled_from(["players", "player1", "player2", "names", "hand",
                                         "hands", "knocker", "defender", "winner", "points",
                                         "rules", "preset", "target", "ledger", "g", "action",
                                         "csrf_token", "undo", "entry", "d0", "d1", "c0",
                                         "c1", "kind", "mode", "knocked_by", "show", "edit",
                                         "did", "u", "r", "other", "ask", "r_target",
                                         "evening_text"]),
                        st.text(max_size=12))
field_values = st.one_of(st.sampled_from(PAYLOADS + RTL_AND_INVISIBLE + LONE_SURROGATES
                                         + ["As 2s 3s 4h 5h 6h 7d 8d 9d Kc", "", "0", "-1",
                                            "²", "٣", "５", "1_0", " 7", "delete:²", "add:١",
                                            "99999999999999999999", "x" * 5000, "A" * 41]),
                         st.text(max_size=40))
forms = st.lists(st.tuples(field_names, field_values), max_size=12)


def _safe(text: str) -> str:
    """What the test client can put on the wire: lone surrogates become U+FFFD."""
    return text.encode("utf-8", "replace").decode("utf-8", "replace")


def check_page_answer(response) -> None:
    check_answer(response, api=False)
    body = response.get_data().decode("utf-8", "replace")
    if response.mimetype == "text/html":
        for payload in DANGEROUS:
            assert payload not in body, f"unescaped echo of {payload!r} in HTML"
        assert 'href="javascript:' not in body.lower()
    else:
        assert response.mimetype != "text/html"


def test_discovered_routes_are_listed():
    """Not a check: names what the fuzzing below covers, in the test report."""
    print("POST:", [r.rule for r in POST_RULES], "GET:", [r.rule for r in GET_RULES])


@pytest.mark.parametrize("rule", POST_RULES, ids=lambda r: r.rule)
@FUZZ
@given(form=forms, browser=st.booleans())
def test_form_posts(client, rule, form, browser):
    data = MultiDict([(_safe(k), _safe(v)) for k, v in form])
    headers = {"Accept": "text/html"} if browser else {}
    response = client.post(_url(rule), data=data, headers=headers)
    check_page_answer(response)


@pytest.mark.parametrize("rule", POST_RULES, ids=lambda r: r.rule)
@pytest.mark.parametrize("payload", PAYLOADS, ids=repr)
def test_every_field_holding_a_payload(client, rule, payload):
    """The page's own field names (taken from the GET page when there is one) each holding a
    payload, the others empty."""
    page = client.get(_url(rule)) if "GET" in rule.methods else None
    names = sorted(set(re.findall(r'name="([^"]+)"', page.get_data(as_text=True)))) if \
        page is not None and page.status_code == 200 else []
    for name in names or ["hand", "players"]:
        response = client.post(_url(rule), data={name: payload},
                               headers={"Accept": "text/html"})
        check_page_answer(response)


@pytest.mark.parametrize("rule", GET_RULES, ids=lambda r: r.rule)
@FUZZ
@given(query=forms, browser=st.booleans())
def test_query_strings(client, rule, query, browser):
    """Share links carry a game in the query; any query at all must be answered sanely."""
    query = MultiDict([(_safe(k), _safe(v)) for k, v in query])
    headers = {"Accept": "text/html"} if browser else {}
    response = client.get(_url(rule), query_string=query, headers=headers)
    check_page_answer(response)


# Path variables: the static files route among them (a traversal attempt must be a 404).
PATH_RULES = [r for r in create_app().url_map.iter_rules()
              if r.arguments and "GET" in r.methods and not r.rule.startswith("/api/")]


@pytest.mark.parametrize("rule", PATH_RULES, ids=lambda r: r.rule)
@pytest.mark.parametrize("payload", PAYLOADS + ["%00", "..%2F..%2Fetc%2Fpasswd", "A" * 3000],
                         ids=repr)
def test_path_variables(client, rule, payload):
    response = client.get(_url(rule, payload), headers={"Accept": "text/html"})
    check_page_answer(response)


@pytest.mark.parametrize("payload", PAYLOADS, ids=repr)
def test_not_found_page_does_not_echo_the_path_unescaped(client, payload):
    response = client.get("/" + payload, headers={"Accept": "text/html"})
    assert response.status_code in (400, 404), response.status_code
    check_page_answer(response)


# --- share links: the page reads a whole ledger from `g` (zlib + base64url of terse JSON) --------



def share_token(terse, version: str = "1", level: int = 9) -> str:
    """A share token as calculator/web/sharing.py documents it, built independently of it."""
    raw = json.dumps(terse).encode()  # ASCII: lone surrogates travel as "\\ud800" escapes
    return version + base64.urlsafe_b64encode(zlib.compress(raw, level)).rstrip(b"=").decode()


def _version() -> str:
    try:
        from calculator.web import sharing
    except ImportError:
        return "1"
    return getattr(sharing, "VERSION", "1")


who = st.sampled_from([0, 1, -1, 2, "0", None, True])
hand_text = st.one_of(st.sampled_from([KNOCKER, DEFENDER, KNOCKER + " Qh"]), json_text)
terse_hands = st.one_of(
    st.tuples(st.just("c"), who, hand_text, hand_text).map(list),
    st.tuples(st.just("c"), who, hand_text, hand_text, json_text).map(list),
    st.tuples(st.just("n"), who, st.one_of(st.integers(-5, 10_050), json_text),
              st.integers(-1, 5), st.one_of(st.integers(-5, 10_050), json_text)).map(list),
    st.just(["d"]), json_values)
terse_ledgers = st.one_of(
    st.tuples(st.lists(json_text, min_size=2, max_size=2),
              st.dictionaries(st.sampled_from(["preset", "target", "knock_limit", "oklahoma",
                                               "format", "shutout", "gin_bonus"]) | json_text,
                              st.one_of(st.none(), st.booleans(), st.integers(-10, 20_000),
                                        json_text), max_size=4),
              st.lists(terse_hands, max_size=6)).map(list),
    json_values)


@FUZZ
@given(terse=terse_ledgers, action=st.sampled_from(["show", "score", "setup", "next", "undo",
                                                     "redo", "clear", "delete:1", "delete:²",
                                                     "edit:1", "show:1", "x"]),
       shown=st.sampled_from(["", "1", "2", "0", "-1", "99999999999999999999", "<b>", "²",
                              "٣", "add:²"]))
def test_share_links_with_hostile_ledgers(client, terse, action, shown):
    token = share_token(terse, _version())
    response = client.get("/", query_string={"g": token, "show": shown, "edit": shown,
                                              "did": shown, "u": shown},
                          headers={"Accept": "text/html"})
    check_page_answer(response)
    response = client.post("/", data={"g": token, "action": action, "edit": shown},
                           headers={"Accept": "text/html"})
    check_page_answer(response)


BROKEN_TOKENS = {
    "empty": "",
    "version only": "1",
    "other version": "9" + share_token([["A", "B"], {}, []])[1:],
    "not base64": "1!!!!",
    "cut short": share_token([["Ann", "Bob"], {}, [["d"]] * 50])[:-7],
    "not zlib": "1" + base64.urlsafe_b64encode(b"plain text").decode(),
    "zlib bomb": "1" + base64.urlsafe_b64encode(zlib.compress(b" " * 50_000_000, 9)).decode(),
    "deep nesting": "1" + base64.urlsafe_b64encode(zlib.compress(b"[" * 100_000)).decode(),
    "not utf-8": "1" + base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe")).decode(),
    "huge": "1" + "A" * 400_000,
    "xss names": share_token([[XSS[0], XSS[1]], {}, [["c", 0, KNOCKER, DEFENDER]]]),
    "xss cards": share_token([["Ann", "Bob"], {}, [["c", 0, XSS[0], XSS[2]]]]),
    "surrogate name": share_token([["\ud800", "Bob"], {}, [["c", 0, KNOCKER, DEFENDER]]]),
    "surrogate card": share_token([["Ann", "Bob"], {}, [["c", 0, KNOCKER + " \udfff",
                                                          DEFENDER]]]),
    "surrogate rule key": share_token([["Ann", "Bob"], {"\ud800": 1}, []]),
    "501 hands": share_token([["Ann", "Bob"], {}, [["d"]] * 501]),
}


@pytest.mark.parametrize("name", BROKEN_TOKENS)
def test_broken_and_hostile_share_tokens(client, name):
    token = BROKEN_TOKENS[name]
    if len(token) < 6000:
        check_page_answer(client.get("/", query_string={"g": token},
                                     headers={"Accept": "text/html"}))
    check_page_answer(client.post("/", data={"g": token, "action": "show"},
                                  headers={"Accept": "text/html"}))


def test_a_form_past_werkzeug_s_part_limit_is_told_which(client):
    """werkzeug's own 413 said only "The data value transmitted exceeds the capacity
    limit", for 1,500 parts of a multipart form: about 150 KB, far below the 1 MB limit."""
    data = {f"f{i}": (io.BytesIO(b"x"), "a.txt") for i in range(1500)}
    response = client.post("/", data=data, headers={"Accept": "text/html"})
    assert response.status_code == 413
    text = response.get_data(as_text=True)
    assert "The form is too large: at most 1,000 parts, 500,000 bytes a field" in text, text
    check_page_answer(response)
