"""The contract and the app agree.

openapi.yaml is a valid OpenAPI 3.1 document; every example in it is the app's real answer to
its request and fits its schema; the limits it quotes are the code's; and schemathesis, run
in-process against the WSGI app, finds no answer that breaks the contract: every status,
content type, header and body as documented, schema-valid bodies accepted (or refused with
the documented 422 for the card rules JSON Schema cannot say), schema-invalid bodies refused.
"""
from __future__ import annotations

import os
import time
from collections import Counter
from pathlib import Path

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from schemathesis.config import SchemathesisConfig

from calculator import create_app
from calculator.api import limits

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
SPEC = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
METHODS = {"get", "put", "post", "delete", "patch", "options", "head", "trace"}

# Fuzzing budget: examples per operation and generation mode. With the examples and coverage
# phases this makes well over 1,000 requests a run (test_enough_cases checks it).
FUZZ_EXAMPLES = 150


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


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


def response_examples():
    for path, method, operation in operations():
        requests = {name: example["value"] for name, example in operation.get(
            "requestBody", {}).get("content", {}).get("application/json", {}).get(
            "examples", {}).items()}
        for status, response in operation["responses"].items():
            if "$ref" in response:
                continue
            for media, content in response.get("content", {}).items():
                for name, example in content.get("examples", {}).items():
                    sent = example.get("x-request", requests.get(name))
                    where = ("paths", path, method, "responses", status, "content", media)
                    yield pytest.param(path, method, int(status), media, sent, example["value"],
                                       where, id=f"{method} {path} {status} {name}")


# The shared error answers, each with the request that produces it.
SHARED_EXAMPLES = {
    ("BadRequest", "malformed-json"): lambda c: c.post(
        "/api/v1/analyze", data=b'{"hand": ', content_type="application/json"),
    ("BadRequest", "not-utf-8"): lambda c: c.post(
        "/api/v1/analyze", data=b'{"hand": "A\xff"}', content_type="application/json"),
    ("ContentTooLarge", "too-large"): lambda c: c.post(
        "/api/v1/analyze/batch", data=b'{"hands": ["' + b"As " * 400_000 + b'"]}',
        content_type="application/json"),
    ("UnsupportedMediaType", "text-plain"): lambda c: c.post(
        "/api/v1/analyze", data="As 2s 3s", content_type="text/plain"),
    ("MethodNotAllowed", "get-analyze"): lambda c: c.get("/api/v1/analyze"),
    ("NotFound", "not-found"): lambda c: c.get("/api/v1/nope"),
}


@pytest.mark.parametrize("where, value", list(request_examples()))
def test_request_examples_fit_their_schema(where, value):
    validator(*where, "schema").validate(value)


@pytest.mark.parametrize("path, method, status, media, sent, value, where",
                         list(response_examples()))
def test_response_examples_are_real_answers(client, path, method, status, media, sent, value,
                                            where):
    if method == "get":
        answer = client.get(path)
    else:
        assert sent is not None, "an answer example needs its request (same name, or x-request)"
        answer = client.open(path, method=method.upper(), json=sent)
    assert answer.status_code == status
    assert answer.mimetype == media
    assert answer.get_json() == value
    validator(*where, "schema").validate(value)


def test_shared_error_examples_are_real_answers(client):
    responses = SPEC["components"]["responses"]
    found = set()
    for name, response in responses.items():
        for media, content in response.get("content", {}).items():
            for example_name, example in content.get("examples", {}).items():
                found.add((name, example_name))
                answer = SHARED_EXAMPLES[name, example_name](client)
                assert answer.mimetype == media
                assert answer.get_json() == example["value"], (name, example_name)
                Draft202012Validator({"$ref": pointer_to("components", "schemas", "Problem")},
                                     registry=REGISTRY).validate(example["value"])
    assert found == set(SHARED_EXAMPLES)


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
