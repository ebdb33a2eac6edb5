"""Start and stop a real gunicorn for the HTTP benchmarks and the hardening tests.

The server runs with the shipped gunicorn.conf.py, bound to 127.0.0.1 on a free port (through
the HOST and PORT variables the config reads), and is stopped by its PID. One addition to the
command line: gunicorn 27 opens a control socket at $XDG_RUNTIME_DIR/gunicorn.ctl or
~/.gunicorn/gunicorn.ctl by default, shared by every instance of the same user; each server
started here gets its own socket in its temporary folder, so it never replaces (or, when it
stops, deletes) the socket of a gunicorn someone else is running.

Nothing here sends traffic anywhere but 127.0.0.1.
"""
from __future__ import annotations

import http.client
import io
import json
import os
import runpy
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from calculator.core.numbers import DIGITS

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "gunicorn.conf.py"
APP = "calculator:create_app()"
LOOPBACK = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]


def children_of(pid: int) -> list[int]:
    """PIDs whose parent is `pid` (gunicorn's workers are the master's children)."""
    found = []
    for entry in os.listdir("/proc"):
        if not DIGITS.fullmatch(entry):  # a process's folder (ASCII digits), not "self"
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # the command name is in parentheses and may hold spaces: split after the last ')'
        fields = stat[stat.rindex(")") + 2:].split()
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.append(int(entry))
    return sorted(found)


def wsgi_request(method: str, path: str, body=None) -> tuple[dict, bytes]:
    """The WSGI environ and body bytes of one request, for calling the app with no server
    (`call_wsgi`): what the in-process benchmarks send."""
    data = b"" if body is None else json.dumps(body).encode()
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "SERVER_NAME": "bench",
               "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http",
               "HTTP_HOST": "127.0.0.1", "wsgi.errors": io.StringIO()}
    if body is not None:
        environ.update(CONTENT_TYPE="application/json", CONTENT_LENGTH=str(len(data)))
    return environ, data


def call_wsgi(app, environ: dict, data: bytes) -> bytes:
    """One call of the WSGI app on a prepared request (a fresh input stream each time)."""
    answer = app(dict(environ, **{"wsgi.input": io.BytesIO(data)}),
                 lambda status, headers, exc_info=None: None)
    return b"".join(answer)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process so far."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_of(pids: list[int]) -> float:
    """The CPU time of these processes so far (one that has gone counts nothing)."""
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(pid)
        except (OSError, ValueError):
            pass
    return total


class Gunicorn:
    """One gunicorn master with the shipped config; use as a context manager or start/stop."""

    def __init__(self, workers: int | None = None, env: dict | None = None,
                 quiet_access_log: bool = False, app: str = APP):
        self.app = app  # the WSGI app gunicorn loads: the calculator's unless a benchmark's own
        self.port = free_port()
        self.workers = workers
        self.extra_env = dict(env or {})
        self.quiet_access_log = quiet_access_log
        self.tmp = tempfile.TemporaryDirectory(prefix="gin-gunicorn-")
        self.log_path = Path(self.tmp.name) / "gunicorn.log"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def command(self) -> list[str]:
        command = [sys.executable, "-m", "gunicorn", "-c", str(CONFIG),
                   "--control-socket", str(Path(self.tmp.name) / "gunicorn.ctl")]
        if self.quiet_access_log:
            # Only for measuring the cost of the access log itself; the figures use the config.
            command += ["--access-logfile", os.devnull]
        return command + [self.app]

    def expected_workers(self, env: dict) -> int:
        """The worker count the shipped config computes under `env` (read, not re-derived)."""
        saved = dict(os.environ)
        try:
            os.environ.clear()
            os.environ.update(env)
            return int(runpy.run_path(str(CONFIG))["workers"])
        finally:
            os.environ.clear()
            os.environ.update(saved)

    def start(self, ready_timeout: float = 30.0) -> "Gunicorn":
        env = dict(os.environ, HOST=LOOPBACK, PORT=str(self.port), **self.extra_env)
        if self.workers is not None:
            env["WEB_CONCURRENCY"] = str(self.workers)
        env.pop("GIN_DEBUG", None)
        self.workers = self.expected_workers(env)
        log = open(self.log_path, "wb")
        self.process = subprocess.Popen(self.command(), cwd=ROOT, env=env, stdout=log,
                                        stderr=subprocess.STDOUT)
        log.close()
        self.wait_ready(ready_timeout)
        return self

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}:\n"
                                   + self.log_tail())
            try:
                status, _, _ = request(self.url + "/healthz", timeout=2)
                if status == 200 and (self.workers is None
                                      or len(self.worker_pids()) >= self.workers):
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("gunicorn did not answer /healthz in time:\n" + self.log_tail())

    def worker_pids(self) -> list[int]:
        return children_of(self.pid)

    def wait_workers(self, count: int, exclude: set[int] = frozenset(),
                     timeout: float = 20.0) -> list[int]:
        """Wait until `count` workers run, none of them in `exclude`; returns their PIDs."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pids = self.worker_pids()
            if len(pids) >= count and not set(pids) & set(exclude):
                return pids
            time.sleep(0.05)
        raise TimeoutError(f"workers now {self.worker_pids()}, wanted {count} without "
                           f"{sorted(exclude)}")

    def stop(self, timeout: float = 40.0) -> int | None:
        """SIGTERM the master (graceful), SIGKILL after `timeout`; returns its exit code."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            workers = self.worker_pids()
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                for pid in workers:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                self.process.kill()
                self.process.wait(10)
        return self.process.returncode

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def close(self) -> None:
        self.stop()
        self.tmp.cleanup()

    def __enter__(self) -> "Gunicorn":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()


def request(url: str, body=None, timeout: float = 30.0, method: str | None = None,
            headers: dict | None = None):
    """One request with urllib: (status, headers, body bytes); HTTP errors are answers too.
    A broken exchange (reset, cut short, garbage) raises OSError, whatever layer noticed."""
    assert url.startswith(f"http://{LOOPBACK}:"), url
    data = None
    all_headers = dict(headers or {})
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        all_headers.setdefault("Content-Type", "application/json")
    req = urllib.request.Request(url, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()
    except http.client.HTTPException as error:  # IncompleteRead, BadStatusLine, ...
        raise ConnectionError(f"{type(error).__name__}: {error}"[:200]) from error


def report(summary: str, results: dict, out: Path) -> None:
    """Print a benchmark's summary and keep its raw figures as JSON in `out`."""
    print(summary)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2, default=str))
    shown = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
    print(f"\n(raw figures: {shown})")
