"""Liveness, the API contract and its human page: GET /healthz, /openapi.yaml, /docs.

/docs is rendered on the server from openapi.yaml, so the page and the contract cannot drift
apart, and it needs no script (the Content-Security-Policy forbids inline ones, and a stock
Swagger UI page loads from a CDN).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

import yaml
from flask import Blueprint, Response, render_template
from markupsafe import Markup, escape

from ..assets import asset_path

bp = Blueprint("docs", __name__)

SPEC_PATH = asset_path("openapi.yaml")
METHODS = ("get", "post", "put", "patch", "delete")


@lru_cache(maxsize=1)
def spec_text() -> str:
    return SPEC_PATH.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def spec() -> dict:
    return yaml.safe_load(spec_text())


@bp.get("/healthz")
def healthz():
    return Response('{"status":"ok"}\n', mimetype="application/json")


@bp.get("/openapi.yaml")
def openapi_yaml():
    return Response(spec_text(), mimetype="application/yaml")


@bp.get("/docs")
def docs():
    return render_template("docs.html", page=page())


# --- the page's content, built once from the spec ------------------------------------------------

@lru_cache(maxsize=1)
def page() -> dict:
    document = spec()
    operations = [operation(document, path, method, op)
                  for path, item in document["paths"].items()
                  for method, op in item.items() if method in METHODS]
    tags = [dict(tag, description=markdown(tag.get("description", "")),
                 operations=[o for o in operations if tag["name"] in o["tags"]])
            for tag in document.get("tags", [])]
    problem = document["components"]["schemas"]["Problem"]
    shared = [{"status": status, "description": markdown(response["description"]),
               "examples": examples_of(response)}
              for status, response in shared_errors(document)]
    first_422 = next((e for o in operations for e in o["errors"] if e["status"] == "422"), None)
    return {
        "info": dict(document["info"], description=markdown(document["info"]["description"])),
        "example_422": first_422,
        "tags": tags,
        "problem": markdown(problem["description"]),
        "shared": shared,
        "limits": document.get("x-limits", []),
    }


def shared_errors(document: dict):
    """The HTTP errors every operation shares, in status order."""
    responses = document["components"]["responses"]
    for status, name in (("400", "BadRequest"), ("404", "NotFound"),
                         ("405", "MethodNotAllowed"), ("413", "ContentTooLarge"),
                         ("415", "UnsupportedMediaType")):
        yield status, responses[name]


def operation(document: dict, path: str, method: str, op: dict) -> dict:
    body = op.get("requestBody", {}).get("content", {}).get("application/json")
    request_examples = (body or {}).get("examples", {})
    requests = {name: ex["value"] for name, ex in request_examples.items()}
    answers, errors = [], []
    for status, response in op["responses"].items():
        if "$ref" in response:
            continue  # the shared errors, shown once in the Errors section
        for example in examples_of(response):
            sent = example.pop("request")
            if sent is None:
                sent = requests.get(example["name"])
            example.update(status=status, request=None if sent is None else pretty(sent))
            if not example["summary"]:
                example["summary"] = request_examples.get(example["name"], {}).get("summary", "")
            (answers if status.startswith("2") else errors).append(example)
    return {
        "id": op.get("operationId", f"{method}-{path}"),
        "method": method.upper(),
        "path": path,
        "tags": op.get("tags", []),
        "summary": op.get("summary", ""),
        "description": markdown(op.get("description", "")),
        "fields": fields(document, body["schema"]) if body else [],
        "answers": answers,
        "errors": errors,
        "statuses": [{"status": status, "text": Markup(inline(short(document, response)))}
                     for status, response in op["responses"].items()],
    }


def examples_of(response: dict) -> list[dict]:
    """A response's examples, pretty-printed, with the request that `x-request` names."""
    found = []
    for media, content in response.get("content", {}).items():
        for name, example in content.get("examples", {}).items():
            found.append({"name": name, "media": media, "summary": example.get("summary", ""),
                          "value": pretty(example["value"]),
                          "request": example.get("x-request")})
    return found


def short(document: dict, response: dict) -> str:
    """The first sentence of a response's description."""
    text = deref(document, response).get("description", "").strip()
    return text.split(". ")[0].rstrip(".") + "."


def fields(document: dict, schema: dict) -> list[dict]:
    """The body's top-level keys (name, required, what it is), in groups: one group, or one
    for each shape a body may take (score: a hand to score, or a dead hand)."""
    schema = deref(document, schema)
    shapes = [deref(document, option) for option in schema.get("oneOf", [schema])]
    groups = []
    for shape in shapes:
        required = set(shape.get("required", []))
        rows = [{"name": name, "required": name in required,
                 "what": markdown(describe(document, prop))}
                for name, prop in shape.get("properties", {}).items()]
        groups.append({"title": shape.get("title", "") if len(shapes) > 1 else "",
                       "rows": rows})
    return groups


def deref(document: dict, schema: dict) -> dict:
    while "$ref" in schema:
        node = document
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        schema = node
    return schema


def describe(document: dict, schema: dict) -> str:
    """A short phrase for a field: its own description, or its type's title and description."""
    if "description" in schema:
        return schema["description"]
    target = deref(document, schema)
    if "description" in target:
        return target["description"]
    if "oneOf" in target or "anyOf" in target:
        parts = [deref(document, s).get("title", "") for s in target.get("oneOf",
                                                                          target.get("anyOf"))]
        return "One of: " + ", ".join(p for p in parts if p) + "."
    if "enum" in target:
        return "One of " + ", ".join(f"`{v}`" for v in target["enum"]) + "."
    if "const" in target:
        return f"`{json.dumps(target['const'])}`"
    return target.get("type", "")


def pretty(value, indent: str = "", width: int = 78) -> str:
    """JSON indented like jq, but a list of cards (or any flat value) stays on one line."""
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if len(indent) + len(flat) <= width or not value or not isinstance(value, (dict, list)):
        return flat
    inner = indent + "  "
    if isinstance(value, list):
        if all(not isinstance(item, (dict, list)) for item in value):
            lines, line = [], ""
            for item in (json.dumps(item, ensure_ascii=False) for item in value):
                if line and len(inner) + len(line) + len(item) + 2 > width:
                    lines.append(line.rstrip(", "))
                    line = ""
                line += item + ", "
            lines.append(line.rstrip(", "))
            return "[\n" + ",\n".join(inner + text for text in lines) + "\n" + indent + "]"
        items = [inner + pretty(item, inner, width) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    items = [f"{inner}{json.dumps(key, ensure_ascii=False)}: {pretty(item, inner, width)}"
             for key, item in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + indent + "}"


# --- a little Markdown: paragraphs, lists, `code`, **bold** --------------------------------------

_INLINE = [(re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
           (re.compile(r"\*\*([^*]+)\*\*"), r"<strong>\1</strong>")]


def inline(text: str) -> str:
    html = str(escape(text))
    for pattern, replacement in _INLINE:
        html = pattern.sub(replacement, html)
    return html


def markdown(text: str) -> Markup:
    blocks = []
    for block in re.split(r"\n\s*\n", (text or "").strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        if all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{inline(line[2:])}</li>" for line in lines)
            blocks.append(f"<ul>{items}</ul>")
        else:
            blocks.append(f"<p>{inline(' '.join(lines))}</p>")
    return Markup("\n".join(blocks))
