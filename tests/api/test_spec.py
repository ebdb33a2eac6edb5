"""The contract and the app agree.

openapi.yaml is a valid OpenAPI 3.1 document; every example in it is the app's real answer to
its request (`x-request`), fits its schema, and is written as tools/refresh_examples.py writes
it; the limits it quotes are the code's; and schemathesis, run in-process against the WSGI
app, finds no answer that breaks the contract: every status, content type, header and body as
documented, schema-valid bodies accepted (or refused with the documented 422 for the card
rules JSON Schema cannot say), schema-invalid bodies refused.
"""
from __future__ import annotations

import os
import time
from collections import Counter

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from schemathesis.config import SchemathesisConfig

import refresh_examples  # tools/refresh_examples.py (see conftest.py)
from calculator import create_app
from calculator.api import limits

SPEC_PATH = refresh_examples.SPEC_PATH
SPEC = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
METHODS = {"get", "put", "post", "delete", "patch", "options", "head", "trace"}

# Fuzzing budget: examples per operation and generation mode. With the examples and coverage
# phases this makes well over 1,000 requests a run (test_enough_cases checks it).
# the quick lane's profile (make check) shortens the fuzz; CI and developers run 150
FUZZ_EXAMPLES = min(150, settings.default.max_examples)


@pytest.fixture(scope="module")
def client():
    return refresh_examples.make_client()


def operations():
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


# --- the document -----------------------------------------------------------------------------

def test_spec_is_valid_openapi_3_1():
    assert SPEC["openapi"].startswith("3.1")
    validate(SPEC)


def test_served_spec_is_this_file(client):
    answer = client.get("/openapi.yaml")
    assert answer.status_code == 200
    assert answer.mimetype == "application/yaml"
    assert answer.get_data(as_text=True) == SPEC_PATH.read_text(encoding="utf-8")


def test_limits_are_the_code_limits():
    quoted = {entry["name"]: entry["value"] for entry in SPEC["x-limits"]}
    code = {name.lower(): value for name, value in vars(limits).items() if name.isupper()}
    assert quoted == code


def test_the_counts_and_table_points_bounds_are_the_cores():
    """The spec's maxima are the core's: the most deadwood a hand holds, and the most one hand
    scores under the largest bonuses the rules allow, doubled by Oklahoma's spade upcard."""
    from calculator.core import Rules
    from calculator.core.melds import MOST_DEADWOOD
    from calculator.core.scoring import most_points
    schemas = SPEC["components"]["schemas"]
    largest = Rules.from_options({"preset": "oklahoma", "gin_bonus": 1000,
                                  "big_gin_bonus": 1000, "undercut_bonus": 1000})
    assert schemas["TableEntry"]["properties"]["points"]["maximum"] == most_points(largest)
    for name in ("KnockerCounts", "DefenderCount"):
        assert schemas[name]["properties"]["deadwood"]["maximum"] == MOST_DEADWOOD


def test_every_route_is_documented_and_every_path_served():
    app = create_app()
    served = {(rule.rule, method.lower()) for rule in app.url_map.iter_rules()
              for method in rule.methods - {"HEAD", "OPTIONS"}
              if rule.endpoint != "static"}
    documented = {(path, method) for path, method, _ in operations()}
    assert documented <= served
    api = {(path, method) for path, method in served
           if path.startswith("/api/") or path in ("/healthz", "/openapi.yaml", "/docs")}
    assert api <= documented


def test_every_operation_documents_its_errors():
    for path, method, operation in operations():
        statuses = set(operation["responses"])
        assert "405" in statuses, (method, path)
        if method == "post":
            assert {"200", "400", "413", "415", "422"} <= statuses, (method, path)


# --- examples: real and valid -----------------------------------------------------------------

REGISTRY = Registry().with_resource("urn:spec", Resource(contents=SPEC, specification=DRAFT202012))


def pointer_to(*parts) -> str:
    return "urn:spec#/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def validator(*parts) -> Draft202012Validator:
    return Draft202012Validator({"$ref": pointer_to(*parts)}, registry=REGISTRY)


def request_examples():
    for path, method, operation in operations():
        content = operation.get("requestBody", {}).get("content", {})
        for media, body in content.items():
            for name, example in body.get("examples", {}).items():
                where = ("paths", path, method, "requestBody", "content", media)
                yield pytest.param(where, example["value"], id=f"{method} {path} {name}")


# Every response example, each with the request it answers (its x-request).
EXAMPLES = refresh_examples.spec_examples(SPEC)


def example_id(example) -> str:
    if example.method is None:
        return f"{example.where[2]} {example.where[-1]}"
    return f"{example.method} {example.path} {example.status} {example.where[-1]}"


@pytest.mark.parametrize("where, value", list(request_examples()))
def test_request_examples_fit_their_schema(where, value):
    validator(*where, "schema").validate(value)


@pytest.mark.parametrize("example", EXAMPLES, ids=[example_id(e) for e in EXAMPLES])
def test_response_examples_are_real_answers(client, example):
    assert not refresh_examples.request_problems(SPEC, example)
    answer = refresh_examples.send(client, example)
    if example.status is not None:
        assert answer.status_code == example.status
    else:
        assert answer.status_code == example.value["status"]
    assert answer.mimetype == example.media
    assert answer.get_json() == example.value
    schema = (example.where[:-2] + ("schema",) if example.method is not None
              else ("components", "schemas", "Problem"))
    validator(*schema).validate(example.value)


def test_every_shared_error_has_an_example():
    shared = {e.where[2] for e in EXAMPLES if e.method is None}
    assert shared == {"BadRequest", "NotFound", "MethodNotAllowed", "ContentTooLarge",
                      "UnsupportedMediaType"}


@pytest.mark.slow  # runs the refresh tool over the whole spec: make test, not make check
def test_the_refresh_tool_finds_the_spec_up_to_date(client):
    result = refresh_examples.refresh_spec(client)
    assert not result.problems
    assert not result.stale, "run python tools/refresh_examples.py\n" + result.diff()


@pytest.mark.slow  # runs the refresh tool over the whole spec: make test, not make check
def test_the_refresh_tool_rewrites_only_example_values(client, tmp_path):
    text = SPEC_PATH.read_text(encoding="utf-8")
    old = "                    deadwood: 46\n"
    assert old in text
    stale = tmp_path / "openapi.yaml"
    stale.write_text(text.replace(old, "                    deadwood: 47\n", 1), encoding="utf-8")
    result = refresh_examples.refresh_spec(client, stale)
    assert not result.problems
    assert result.stale and "-                    deadwood: 47" in result.diff()
    assert result.new == refresh_examples.refresh_spec(client).new


@pytest.mark.slow  # runs the refresh tool over the whole spec: make test, not make check
def test_the_refresh_tool_reports_an_example_under_the_wrong_status(client, tmp_path):
    text = SPEC_PATH.read_text(encoding="utf-8")
    old = "x-request: {hand: \"As 2s 3s 7c 7h 7d Tc Jc Qc\"}"  # nine cards: a 422
    assert old in text
    wrong = tmp_path / "openapi.yaml"
    wrong.write_text(text.replace(old, "x-request: {hand: \"As 2s 3s 7c 7h 7d Tc Jc Qc 5h\"}"),
                     encoding="utf-8")
    result = refresh_examples.refresh_spec(client, wrong)
    assert result.problems[0] == ("POST /api/v1/analyze 422 example 'wrong-size': the request "
                                  "now gets 200, not 422")
    assert "detail: hand has 9 cards; expected 10 or 11" in result.new, "left as it is"


@pytest.mark.slow  # runs the refresh tool over the whole spec: make test, not make check
def test_the_refresh_check_exits_0_when_up_to_date(capsys):
    assert refresh_examples.main(["--check"]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("value", [
    {"a": "null", "b": "yes", "c": "10", "d": "", "e": " lead", "f": "a: b", "g": "#x",
     "h": "it's", "i": "-x", "j": "a, b", "k": "[x]", "l": "{x}", "m": "7♥ 🂡", "n": "\n",
     "o": None, "p": True, "q": 1.5, "r": [], "s": {}, "t": ["a, b", "c"], "u": "'q'"},
    {"long": " ".join(["word: 'quoted', and more"] * 12), "list": [f"c{i}" for i in range(60)]},
    {"nested": [[1, 2], [{"a": [1]}, []], {"x": {"y": {"z": ["a b"]}}}]},
    [{"pointer": "", "detail": "the body: x"}, "plain", ["a"]],
    {"Ann": 1, "1": 2, "true": 3, "a b": 4},
])
def test_example_values_round_trip_through_the_tool_yaml(value):
    lines = refresh_examples.value_block(value, 4)
    assert lines[0].startswith("    value:")
    assert yaml.safe_load("\n".join(lines)) == {"value": value}
    assert all(len(line) <= refresh_examples.WIDTH + 12 for line in lines)


# --- what the contract says about the answers changed on purpose ------------------------------

def test_layoffs_answer_documents_gin_and_discard():
    schemas = SPEC["components"]["schemas"]
    knocker = schemas["LayoffsAnswer"]["properties"]["knocker"]
    assert {"melds", "deadwood_cards", "deadwood", "gin"} <= set(knocker["required"])
    side = schemas["KnockerSide"]["properties"]
    assert side["gin"] == {"type": "boolean"}
    assert "11 cards" in side["discard"]["description"]
    shown = [e.value["knocker"] for e in EXAMPLES
             if e.path == "/api/v1/layoffs" and e.status == 200]
    assert shown and all(set(knocker) <= set(side) for knocker in shown)
    assert any("discard" in knocker for knocker in shown)


def test_problem_documents_the_detail_summary_and_the_cap():
    problem = SPEC["components"]["schemas"]["Problem"]
    detail = " ".join(problem["properties"]["detail"]["description"].split())
    assert "N errors: /p1: text; /p2: text; /p3: text; and K more" in detail
    assert "(the first 50 are listed)" in detail
    assert problem["properties"]["errors"]["maxItems"] == 50


# --- schemathesis, in-process -----------------------------------------------------------------

CONFIG = SchemathesisConfig.from_dict({
    "checks": {
        # A schema-valid body can still break a card rule JSON Schema cannot express (the same
        # card written two ways, a card in both hands, a hand string of 9 cards, a knock above
        # the limit): the documented 422 is then the right answer, so it counts as accepted.
        "positive_data_acceptance": {"expected-statuses": ["2xx", "422"]},
        # A schema-invalid body is refused; one over the body limit (a batch beyond 10,000
        # hands can be) is refused with the documented 413 before it is read.
        "negative_data_rejection": {"expected-statuses": ["400", "404", "405", "413", "415",
                                                          "422"]},
    },
    "generation": {"mode": "all"},
    # A developer's run explores new inputs each time; CI replays the same ones (conftest's
    # "ci" profile derandomizes the property tests the same way).
    **({"seed": 20261130} if os.environ.get("CI", "").lower() == "true" else {}),
})

schema = schemathesis.openapi.from_wsgi("/openapi.yaml", create_app(), config=CONFIG)
CASES = {"count": 0, "seconds": 0.0, "statuses": Counter()}


@pytest.mark.slow  # the fuzz runs in make test; make check is the quick lane
@schema.parametrize()
@settings(max_examples=FUZZ_EXAMPLES, deadline=None,
          # timing varies with the machine's load; it says nothing about the API
          suppress_health_check=[HealthCheck.too_slow])
def test_app_keeps_the_contract(case):
    started = time.perf_counter()
    response = case.call_and_validate()
    CASES["count"] += 1
    CASES["statuses"][case.operation.label, response.status_code] += 1
    CASES["seconds"] += time.perf_counter() - started


def test_enough_cases():
    """Runs after the generated tests (file order): at least 1,000 requests a run."""
    if CASES["count"] == 0:
        pytest.skip("the generated tests did not run (deselected)")
    print(f"\nschemathesis: {CASES['count']} cases, {CASES['seconds']:.1f} s in the app")
    for (label, status), count in sorted(CASES["statuses"].items()):
        print(f"  {label:32} {status}  {count}")
    assert CASES["count"] >= 1000


def test_every_post_documents_every_refusal():
    """A body can always be malformed (400), not JSON (415), too large (413) or invalid (422)."""
    for path, operations in SPEC["paths"].items():
        if "post" in operations:
            listed = set(operations["post"]["responses"])
            assert {"400", "413", "415", "422"} <= listed, (path, sorted(listed))
