"""Refresh the example answers of openapi.yaml and README.md from the live app.

    python tools/refresh_examples.py           # rewrite every stale example in place
    python tools/refresh_examples.py --check   # print what is stale; exit 1 if anything is

Both files show the service's real answers, and both are their own template: nothing else is
needed to regenerate them from a clean clone.

openapi.yaml: every response example carries `x-request`, the request it answers.

- Under an operation (`paths`), `x-request` is the JSON body sent to that operation's method
  and path, or null when nothing is sent (GET). The /docs page shows it as the request body.
- Under `components/responses` there is no operation, and those requests are not JSON, so
  `x-request` is the whole request: `method`, `path`, optional `headers`, and optional `text`,
  the body as text (a list of parts may stand for a long body: a part is a string or
  `{repeat: <string>, times: <n>}`) sent in `encoding` (default UTF-8; `latin-1` writes the
  characters U+0000..U+00FF as single bytes, which is how a body that is not UTF-8 is written).

Only the `value` block of each example is rewritten, as text: comments, key order, quoting and
everything else in the file stay as they are. The answer's status and media type must be the
ones the example sits under; when they are not, the example is reported, not rewritten.

README.md: the ```json block after every ```sh block holding a curl command is what that
command prints when the server is this app (through the same shell pipe, if it has one).

The tests use this module too (tests/api/test_spec.py, tests/api/test_readme.py): the one
copy of how an example's request is sent and how a README command is run.
"""
from __future__ import annotations

import argparse
import copy
import difflib
import json
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import yaml

from calculator.core.numbers import DIGITS

ROOT = Path(__file__).resolve().parents[1]
SPEC_PATH = ROOT / "openapi.yaml"
README_PATH = ROOT / "README.md"

HTTP_METHODS = ("get", "put", "post", "delete", "patch", "options", "head", "trace")


def make_client():
    """A test client of the app with its default settings, whatever the environment says
    (GIN_* variables would otherwise change limits or CORS and so the answers)."""
    from calculator import DEFAULTS, create_app

    return create_app(dict(DEFAULTS)).test_client()


# --- the spec's examples ------------------------------------------------------------------------

@dataclass
class Example:
    """One response example of the spec and the request it documents."""

    where: tuple[str, ...]    # keys from the document's root to the example
    method: str | None        # an operation's method; None under components/responses
    path: str | None          # an operation's path; None under components/responses
    status: int | None        # None under components/responses (the answer says it)
    media: str
    request: Any              # the example's x-request
    value: Any

    @property
    def label(self) -> str:
        if self.method is not None:
            return f"{self.method.upper()} {self.path} {self.status} example '{self.where[-1]}'"
        return f"{'/'.join(self.where[:3])} example '{self.where[-1]}'"


MISSING = object()


def spec_examples(spec: dict) -> list[Example]:
    """Every response example of the spec, in document order."""
    found = []
    for path, item in spec.get("paths", {}).items():
        for method, operation in item.items():
            if method not in HTTP_METHODS:
                continue
            for status, response in operation.get("responses", {}).items():
                for media, name, example in _examples(response):
                    where = ("paths", path, method, "responses", str(status), "content", media,
                             "examples", name)
                    code = int(status) if DIGITS.fullmatch(str(status)) else None  # or "default"
                    found.append(Example(where, method, path, code, media,
                                         example.get("x-request", MISSING), example.get("value")))
    for response_name, response in spec.get("components", {}).get("responses", {}).items():
        for media, name, example in _examples(response):
            where = ("components", "responses", response_name, "content", media, "examples",
                     name)
            found.append(Example(where, None, None, None, media,
                                 example.get("x-request", MISSING), example.get("value")))
    return found


def _examples(response: dict) -> Iterator[tuple[str, str, dict]]:
    for media, content in response.get("content", {}).items():
        for name, example in (content or {}).get("examples", {}).items():
            yield media, name, example


def request_problems(spec: dict, example: Example) -> list[str]:
    """What is wrong with an example's x-request (nothing, usually)."""
    if example.request is MISSING:
        return [f"{example.label}: no x-request (the request this example answers)"]
    if example.method is None:
        request = example.request
        if not isinstance(request, dict) or not {"method", "path"} <= set(request):
            return [f"{example.label}: x-request needs method and path"]
        unknown = set(request) - {"method", "path", "headers", "text", "encoding"}
        return [f"{example.label}: x-request has unknown keys {sorted(unknown)}"] if unknown else []
    if example.status is not None and 200 <= example.status < 300:
        # a 2xx answer and the request example of the same name must show the same request
        body = spec["paths"][example.path][example.method].get("requestBody", {})
        paired = body.get("content", {}).get("application/json", {}).get("examples", {}).get(
            example.where[-1])
        if paired is not None and paired.get("value") != example.request:
            return [f"{example.label}: x-request differs from the request example "
                    f"'{example.where[-1]}'"]
    return []


def send(client, example: Example):
    """The app's answer to the request of an example."""
    request = example.request
    if example.method is not None:
        if request is None:
            return client.open(example.path, method=example.method.upper())
        return client.open(example.path, method=example.method.upper(), json=request)
    text = request.get("text")
    if isinstance(text, list):
        text = "".join(part if isinstance(part, str) else part["repeat"] * part["times"]
                       for part in text)
    data = None if text is None else text.encode(request.get("encoding", "utf-8"))
    return client.open(request["path"], method=request["method"].upper(), data=data,
                       headers=request.get("headers") or {})


def answer_problems(example: Example, answer) -> list[str]:
    """Why an answer cannot be the example's value (its status or media type differ)."""
    problems = []
    if example.status is not None and answer.status_code != example.status:
        problems.append(f"{example.label}: the request now gets {answer.status_code}, "
                        f"not {example.status}")
    if answer.mimetype != example.media:
        problems.append(f"{example.label}: the answer is {answer.mimetype}, not {example.media}")
    return problems


# --- YAML for example values, in the file's style ------------------------------------------------
#
# Block mappings; a sequence under a key is indentless ("- " at the key's column); a mapping or
# list of scalars (one level of nesting at most) is written in flow style when it fits on its
# line; a long list of scalars wraps; strings are plain when YAML reads them back unchanged,
# else single-quoted, else double-quoted.

WIDTH = 100
_INDICATORS = set("-?:,[]{}#&*!|>'\"%@`")


def _string(text: str, flow: bool) -> str:
    if _plain_ok(text, flow):
        return text
    if "\n" not in text and all(c.isprintable() for c in text):
        return "'" + text.replace("'", "''") + "'"
    try:
        json.dumps(text, ensure_ascii=False).encode("utf-8")
        return json.dumps(text, ensure_ascii=False)
    except UnicodeEncodeError:  # a lone surrogate cannot be written as UTF-8
        return json.dumps(text)


def _plain_ok(text: str, flow: bool) -> bool:
    if not text or text != text.strip() or text[0] in _INDICATORS:
        return False
    if ": " in text or " #" in text or text.endswith(":") or "\t" in text:
        return False
    if flow and any(c in text for c in ",[]{}"):
        return False
    if not all(c.isprintable() for c in text):
        return False
    try:
        return yaml.safe_load(f"k: {text}") == {"k": text} and (
            not flow or yaml.safe_load(f"k: [{text}]") == {"k": [text]})
    except yaml.YAMLError:
        return False


def _scalar(value, flow: bool = False) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, str):
        return _string(value, flow)
    raise TypeError(f"not a JSON scalar: {value!r}")


def _is_scalar(value) -> bool:
    return not isinstance(value, (dict, list))


def _flow(value) -> str | None:
    """The flow form of a value simple enough for it, else None."""
    if _is_scalar(value):
        return _scalar(value, flow=True)
    if isinstance(value, list):
        if not all(_is_scalar(item) for item in value):
            return None
        return "[" + ", ".join(_scalar(item, True) for item in value) + "]"
    parts = []
    for key, item in value.items():
        if isinstance(item, dict) and item:
            return None
        if isinstance(item, list) and not all(_is_scalar(i) for i in item):
            return None
        parts.append(f"{_scalar(key, True)}: {_flow(item)}")
    return "{" + ", ".join(parts) + "}"


def _entry(head: str, value, indent: int) -> list[str]:
    """Lines for a value after `head` (a key with its colon, or a sequence dash), where
    `indent` is the column of the head's key."""
    if isinstance(value, str) and head.endswith(":") and \
            len(head) + 1 + len(_scalar(value)) > WIDTH:
        return _folded(head, value, indent)
    if _is_scalar(value):
        return [f"{head} {_scalar(value)}"]
    if not value:
        return [f"{head} {'[]' if isinstance(value, list) else '{}'}"]
    flat = _flow(value)
    if flat is not None and len(head) + 1 + len(flat) <= WIDTH:
        return [f"{head} {flat}"]
    if isinstance(value, list) and all(_is_scalar(item) for item in value):
        return _wrapped_list(head, value, indent)
    if isinstance(value, dict):
        return [head] + _mapping(value, indent + 2)
    return [head] + _sequence(value, indent)


def _folded(head: str, text: str, indent: int) -> list[str]:
    """A long string over several lines (YAML folds the breaks back into spaces), as PyYAML's
    emitter writes it, continued two columns right of its key."""
    key = "k" * (len(head.strip()) - 1)  # a stand-in as long as the key, so lines fit
    dumped = yaml.safe_dump({key: text}, allow_unicode=True, width=max(WIDTH - indent - 8, 40))
    first, *rest = dumped.rstrip("\n").split("\n")
    return [head + first[len(key) + 1:]] + [" " * indent + line for line in rest]


def _wrapped_list(head: str, items: list, indent: int) -> list[str]:
    """A flow list over several lines, continued two columns right of its key."""
    lines, line = [], f"{head} ["
    for i, item in enumerate(items):
        text = _scalar(item, True) + ("]" if i == len(items) - 1 else ",")
        separator = "" if line.endswith("[") else " "
        if separator and len(line) + 1 + len(text) > WIDTH:
            lines.append(line)
            line = " " * (indent + 2) + text
        else:
            line += separator + text
    return lines + [line]


def _mapping(mapping: dict, indent: int) -> list[str]:
    lines = []
    for key, value in mapping.items():
        lines += _entry(" " * indent + _scalar(key) + ":", value, indent)
    return lines


def _sequence(items: list, indent: int) -> list[str]:
    lines = []
    dash = " " * indent + "-"
    for item in items:
        flat = None if _is_scalar(item) or not item else _flow(item)
        if isinstance(item, dict) and item and (flat is None or
                                                len(dash) + 1 + len(flat) > WIDTH):
            inner = _mapping(item, indent + 2)
            lines += [dash + " " + inner[0][indent + 2:]] + inner[1:]
        elif isinstance(item, list) and item and (flat is None or
                                                  len(dash) + 1 + len(flat) > WIDTH):
            lines += [dash] + _sequence(item, indent + 2)
        else:
            lines += _entry(dash, item, indent + 2)
    return lines


def value_block(value, indent: int) -> list[str]:
    """The `value:` entry of an example at column `indent`: always a block at the top."""
    head = " " * indent + "value:"
    if isinstance(value, dict) and value:
        return [head] + _mapping(value, indent + 2)
    if isinstance(value, list) and value:
        return [head] + _sequence(value, indent + 2)
    return _entry(head, value, indent)


# --- where each example's value is, as lines of the file ---------------------------------------

_KEY = re.compile(r"(?P<indent> *)(?:'(?P<single>[^']*)'|\"(?P<double>[^\"]*)\"|"
                  r"(?P<plain>[^\s'\"#{\[\-][^:#]*?)):(?P<rest> .*|)$")


def value_spans(lines: list[str]) -> dict[tuple[str, ...], tuple[int, int]]:
    """For every `value:` key of the file, its path of keys and its lines [start, end): the key's
    line and every deeper line after it (trailing blank lines excluded)."""
    spans = {}
    stack: list[tuple[int, str]] = []
    skip_deeper_than = None
    for number, line in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip(" "))
        if skip_deeper_than is not None:
            if not stripped or indent > skip_deeper_than:
                continue
            skip_deeper_than = None
        if not stripped or stripped.startswith("#") or stripped.startswith("- ") \
                or stripped == "-":
            continue
        match = _KEY.fullmatch(line)
        if not match:
            continue
        key = match["single"] if match["single"] is not None else (
            match["double"] if match["double"] is not None else match["plain"])
        while stack and stack[-1][0] >= indent:
            stack.pop()
        stack.append((indent, key))
        rest = match["rest"].strip()
        if rest[:1] in ("|", ">"):
            skip_deeper_than = indent
        if key == "value":
            end = number + 1
            last = number + 1
            while end < len(lines):
                following = lines[end]
                if following.strip():
                    if len(following) - len(following.lstrip(" ")) <= indent:
                        break
                    last = end + 1
                end += 1
            spans[tuple(k for _, k in stack)] = (number, last)
            skip_deeper_than = indent
    return spans


# --- refreshing ---------------------------------------------------------------------------------

@dataclass
class Refresh:
    """A file's text before and after, and what could not be refreshed."""

    path: Path
    old: str
    new: str
    problems: list[str]

    @property
    def stale(self) -> bool:
        return self.old != self.new

    def diff(self) -> str:
        name = self.path.relative_to(ROOT).as_posix() if self.path.is_relative_to(ROOT) \
            else str(self.path)
        return "".join(difflib.unified_diff(self.old.splitlines(True), self.new.splitlines(True),
                                            f"a/{name}", f"b/{name}"))


def refresh_spec(client, path: Path = SPEC_PATH) -> Refresh:
    text = path.read_text(encoding="utf-8")
    spec = yaml.safe_load(text)
    expected = copy.deepcopy(spec)
    lines = text.splitlines()
    spans = value_spans(lines)
    problems: list[str] = []
    replacements = []
    for example in spec_examples(spec):
        trouble = request_problems(spec, example)
        span = spans.get(example.where + ("value",))
        if span is None:
            trouble.append(f"{example.label}: its value block was not found in the text")
        if trouble:
            problems += trouble
            continue
        answer = send(client, example)
        trouble = answer_problems(example, answer)
        if trouble:
            problems += trouble
            continue
        value = answer.get_json()
        start, end = span
        indent = len(lines[start]) - len(lines[start].lstrip(" "))
        replacements.append((start, end, value_block(value, indent)))
        node = expected
        for key in example.where:
            node = node[key]
        node["value"] = value
    for start, end, block in sorted(replacements, reverse=True):
        lines[start:end] = block
    new = "\n".join(lines) + ("\n" if text.endswith("\n") else "")
    if yaml.safe_load(new) != expected:  # the text edit must change the values and nothing else
        raise AssertionError(f"{path}: rewriting the example values changed something else")
    return Refresh(path, text, new, problems)


BASE = "http://127.0.0.1:8000"
README_BLOCK = re.compile(
    r"```sh\n(?P<command>curl .*?)\n```\n```json\n(?P<output>.*?)```", re.S)


def tour(text: str) -> Iterator[tuple[str, str]]:
    """(command, output shown) for every curl example of the README followed by its output."""
    for match in README_BLOCK.finditer(text):
        yield match["command"], match["output"]


def run(command: str, client) -> str:
    """What a README curl command prints when the server is this app: curl's -d, -H and -X
    go to the test client, and a shell pipe after it runs for real (python3 being this
    interpreter)."""
    line = command.replace("\\\n", " ")
    curl, _, pipe = line.partition(" | ")
    words = shlex.split(curl)
    url = next(word for word in words if word.startswith(BASE))
    body, method, headers = None, None, {}
    for flag, value in zip(words, words[1:]):
        if flag in ("-d", "--data", "--data-raw"):
            body = value
        elif flag in ("-H", "--header"):
            name, _, text = value.partition(":")
            headers[name.strip()] = text.strip()
        elif flag in ("-X", "--request"):
            method = value
    method = method or ("POST" if body is not None else "GET")
    answer = client.open(url[len(BASE):], method=method, data=body, headers=headers)
    text = answer.get_data(as_text=True)
    if pipe:
        pipe = re.sub(r"\bpython3\b", shlex.quote(sys.executable), pipe)
        text = subprocess.run(pipe, shell=True, input=text, capture_output=True, text=True,
                              check=True).stdout
    return text


def refresh_readme(client, path: Path = README_PATH) -> Refresh:
    text = path.read_text(encoding="utf-8")
    problems: list[str] = []
    pieces, last = [], 0
    for match in README_BLOCK.finditer(text):
        output = run(match["command"], client)
        if not output.endswith("\n"):
            problems.append(f"{path.name}: the output of {match['command'][:60]!r}... does not "
                            f"end with a newline; left as it is")
            continue
        pieces += [text[last:match.start("output")], output]
        last = match.end("output")
    new = "".join(pieces) + text[last:]
    return Refresh(path, text, new, problems)


def refresh_all(client=None) -> list[Refresh]:
    client = client or make_client()
    return [refresh_spec(client), refresh_readme(client)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; print the differences and exit 1 if any")
    args = parser.parse_args(argv)
    results = refresh_all()
    for result in results:
        for problem in result.problems:
            print(f"error: {problem}", file=sys.stderr)
    stale = [result for result in results if result.stale]
    if args.check:
        for result in stale:
            sys.stdout.write(result.diff())
        names = ", ".join(result.path.name for result in stale)
        print(f"stale: {names}" if stale else "examples are up to date", file=sys.stderr)
        return 1 if stale or any(result.problems for result in results) else 0
    for result in stale:
        result.path.write_text(result.new, encoding="utf-8")
        print(f"refreshed {result.path.name}", file=sys.stderr)
    if not stale:
        print("examples are up to date", file=sys.stderr)
    return 1 if any(result.problems for result in results) else 0


if __name__ == "__main__":
    sys.exit(main())
