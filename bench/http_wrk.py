"""Run wrk (Debian's package) against a local server and read its results as numbers.

Each run gets a generated Lua script: the requests (method, path, JSON body with its
Content-Type) are formatted once per thread in `init` and rotated in `request`, and `done`
prints one JSON line with throughput, latency percentiles and the error counts, so nothing is
scraped from wrk's human summary.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

MARKER = "WRK-RESULT "

LUA = r"""
local specs = {
%(specs)s
}
local prepared = {}
local i = 0

function init(args)
  for k, spec in ipairs(specs) do
    local headers = {}
    if spec.body then headers["Content-Type"] = "application/json" end
    prepared[k] = wrk.format(spec.method, spec.path, headers, spec.body)
  end
  i = math.random(#prepared) - 1
end

function request()
  i = i %% #prepared + 1
  return prepared[i]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '%(marker)s{"requests":%%d,"duration_us":%%d,"bytes":%%d,"connect":%%d,"read":%%d,' ..
    '"write":%%d,"status":%%d,"timeout":%%d,"p50_us":%%d,"p90_us":%%d,"p99_us":%%d,' ..
    '"max_us":%%d,"mean_us":%%.1f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean))
end
"""


@dataclass
class WrkResult:
    requests: int
    duration_us: int
    bytes: int
    connect: int
    read: int
    write: int
    status: int
    timeout: int
    p50_us: int
    p90_us: int
    p99_us: int
    max_us: int
    mean_us: float

    @property
    def rps(self) -> float:
        return self.requests / (self.duration_us / 1e6) if self.duration_us else 0.0

    @property
    def socket_errors(self) -> int:
        return self.connect + self.read + self.write + self.timeout

    @property
    def non_2xx(self) -> int:
        return self.status

    def as_dict(self) -> dict:
        return asdict(self) | {"rps": round(self.rps, 1), "socket_errors": self.socket_errors}


def _lua_string(text: str) -> str:
    """A Lua long-bracket literal that cannot be closed early by the text itself."""
    level = 0
    while f"]{'=' * level}]" in text:
        level += 1
    eq = "=" * level
    return f"[{eq}[{text}]{eq}]"


def lua_script(requests: list[tuple[str, str, object]]) -> str:
    specs = []
    for method, path, body in requests:
        text = None if body is None else (body if isinstance(body, str) else json.dumps(body))
        specs.append("  {method=%s, path=%s, body=%s}," % (
            _lua_string(method), _lua_string(path),
            "nil" if text is None else _lua_string(text)))
    return LUA % {"specs": "\n".join(specs), "marker": MARKER}


def wrk_available() -> bool:
    return shutil.which("wrk") is not None


def run_wrk(base_url: str, requests: list[tuple[str, str, object]], *, connections: int,
            duration: float, threads: int = 2, timeout: float = 10.0) -> WrkResult:
    """One wrk run; `requests` are rotated. Raises RuntimeError if wrk prints no result."""
    assert base_url.startswith("http://127.0.0.1:"), base_url
    threads = max(1, min(threads, connections))
    with tempfile.TemporaryDirectory(prefix="gin-wrk-") as tmp:
        script = Path(tmp) / "requests.lua"
        script.write_text(lua_script(requests))
        command = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{duration:g}s",
                   "--timeout", f"{timeout:g}s", "-s", str(script), base_url + "/"]
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=duration + timeout + 60)
    for line in done.stdout.splitlines():
        if line.startswith(MARKER):
            return WrkResult(**json.loads(line[len(MARKER):]))
    raise RuntimeError(f"wrk gave no result (exit {done.returncode}):\n{done.stdout}\n"
                       f"{done.stderr}")
