"""Clients for the deployment tests: plain requests from a chosen loopback address, a bounded
load of distinct bodies from a few threads, and the hostile slow clients of issue 17.

All traffic goes to 127.0.0.1 (clients may bind another address of 127.0.0.0/8 as their source,
so nginx's per-address limits see several clients); every loop is bounded in time and count.
"""
from __future__ import annotations

import http.client
import json
import random
import socket
import threading
import time
from dataclasses import dataclass, field

from deals import DECK

LOOPBACK = "127.0.0.1"


def port_of(url: str) -> int:
    assert url.startswith(f"http://{LOOPBACK}:"), url
    return int(url.rsplit(":", 1)[1])


def call(url: str, path: str, body=None, *, source: str = LOOPBACK, timeout: float = 10.0,
         headers: dict | None = None, method: str | None = None):
    """One request on a fresh connection from `source`: (status, headers, body bytes)."""
    connection = http.client.HTTPConnection(LOOPBACK, port_of(url), timeout=timeout,
                                            source_address=(source, 0))
    try:
        data = None if body is None else (body if isinstance(body, bytes)
                                          else json.dumps(body).encode())
        all_headers = dict(headers or {})
        if data is not None:
            all_headers.setdefault("Content-Type", "application/json")
        connection.request(method or ("GET" if data is None else "POST"), path, data,
                           all_headers)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def raw_call(url: str, request: bytes, *, source: str = LOOPBACK, timeout: float = 10.0):
    """`request`'s bytes as they are (a request line or header that http.client would not
    send), on a fresh connection from `source`: (status, headers, body bytes)."""
    with socket.create_connection((LOOPBACK, port_of(url)), timeout,
                                  source_address=(source, 0)) as sock:
        sock.sendall(request)
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status, response.headers, response.read()


def deal(rng: random.Random, size: int) -> list[str]:
    return rng.sample(DECK, size)


def batch_body(hands: int, seed: int, size: int = 10) -> dict:
    rng = random.Random(seed)
    return {"hands": [deal(rng, size) for _ in range(hands)], "outs": False}


@dataclass
class Outcome:
    started: float
    finished: float
    ok: bool
    note: str


@dataclass
class Load:
    """`threads` clients posting distinct random 10- and 11-card hands to /api/v1/analyze
    until stopped, `limit` seconds at most; each answer is checked against its hand."""

    url: str
    threads: int = 6
    limit: float = 30.0
    outcomes: list[Outcome] = field(default_factory=list)

    def __post_init__(self):
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._workers = [threading.Thread(target=self._client, args=(n,), daemon=True)
                         for n in range(self.threads)]

    def _client(self, number: int) -> None:
        rng = random.Random(number)
        deadline = time.monotonic() + self.limit
        while not self._stop.is_set() and time.monotonic() < deadline:
            hand = deal(rng, rng.choice((10, 11)))
            started = time.monotonic()
            try:
                status, _, data = call(self.url, "/api/v1/analyze", {"hand": hand},
                                       timeout=20)
                answer = json.loads(data) if status == 200 else {}
                ok = status == 200 and sorted(answer["hand"]) == sorted(hand)
                note = str(status)
            except (OSError, ValueError, KeyError, http.client.HTTPException) as error:
                ok, note = False, type(error).__name__
            with self._lock:
                self.outcomes.append(Outcome(started, time.monotonic(), ok, note))

    def start(self) -> "Load":
        for worker in self._workers:
            worker.start()
        return self

    def count(self) -> int:
        with self._lock:
            return len(self.outcomes)

    def wait_for(self, count: int, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while self.count() < count and time.monotonic() < deadline:
            time.sleep(0.01)
        assert self.count() >= count, f"only {self.count()} requests in {timeout:g} s"

    def stop(self) -> list[Outcome]:
        self._stop.set()
        for worker in self._workers:
            worker.join(30)
        return list(self.outcomes)


# --- hostile slow clients ------------------------------------------------------------------

def _connect(url: str, receive_buffer: int | None = None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:
        # before connect, so the window the server sees is small from the start
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(5)
    sock.connect((LOOPBACK, port_of(url)))
    return sock


class SlowClient:
    """One hostile connection, held open until close(); `tick()` sends the next drip."""

    settle = 1.0  # seconds from open() to the first probe

    def __init__(self, url: str):
        self.url = url
        self.sock: socket.socket | None = None

    def open(self) -> None:
        raise NotImplementedError

    def tick(self) -> None:
        """Called about once a second while the scenario lasts."""

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()


class SlowHeaders(SlowClient):
    """A request line, then one header line a second, never the blank line that ends them."""

    def open(self) -> None:
        self.sock = _connect(self.url)
        self.sock.sendall(b"POST /api/v1/analyze HTTP/1.1\r\nHost: localhost\r\n")

    def tick(self) -> None:
        try:
            self.sock.sendall(b"X-Slow: 1\r\n")
        except OSError:
            pass  # the server gave up on us: that is its defence, not our failure


class SlowBody(SlowClient):
    """A body that declares 100 bytes and sends 2."""

    def open(self) -> None:
        self.sock = _connect(self.url)
        self.sock.sendall(b"POST /api/v1/analyze HTTP/1.1\r\nHost: localhost\r\n"
                          b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"")


class SlowReader(SlowClient):
    """A whole batch request, then never a byte read, through a 4 KB receive window. The answer
    (4,000 eleven-card hands: 7.7 MB) is larger than what the kernel's socket buffers between
    a proxy and an instance absorb (4 MB here), so that only a proxy that buffers it frees the
    worker: an unbuffered one (proxy_buffering off) leaves it blocked writing."""

    body = json.dumps(batch_body(4_000, seed=17, size=11)).encode()
    settle = 3.0  # the instances compute the answers (~0.5 s of CPU each) before the probes

    def open(self) -> None:
        self.sock = _connect(self.url, receive_buffer=4096)
        self.sock.sendall(b"POST /api/v1/analyze/batch HTTP/1.1\r\nHost: localhost\r\n"
                          b"Content-Type: application/json\r\n"
                          b"Content-Length: %d\r\n\r\n" % len(self.body) + self.body)


class LargeSlowReader(SlowReader):
    """`SlowReader` with the largest batch answer (10,000 eleven-card hands: about 19 MB), for
    the control through an unbuffered nginx. There the answer fills three sockets' kernel
    buffers before the worker blocks: the instance's send buffer, nginx's receive buffer from
    it (which the kernel may grow up to tcp_rmem's maximum, 32 MB here) and nginx's send
    buffer to the client; SlowReader's 7.7 MB was now and then taken in whole."""

    body = json.dumps(batch_body(10_000, seed=17, size=11)).encode()
    settle = 6.0  # three such batches take about 5 s of CPU on two cores


KINDS = {"slow headers": SlowHeaders, "slow body": SlowBody, "slow reader": SlowReader}


def probe_healthz(url: str, seconds: float, every: float = 0.1,
                  timeout: float = 1.0) -> list[tuple[float, str]]:
    """GET /healthz on a fresh connection every `every` s for `seconds`: (latency, outcome)."""
    results = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            status, _, data = call(url, "/healthz", timeout=timeout)
            outcome = str(status) if json.loads(data) == {"status": "ok"} else "junk"
        except (OSError, ValueError, http.client.HTTPException) as error:
            outcome = type(error).__name__
        results.append((time.monotonic() - started, outcome))
        time.sleep(max(0.0, every - (time.monotonic() - started)))
    return results


def hold(url: str, kind: "str | type[SlowClient]", count: int, seconds: float,
         target: str | None = None) -> list[tuple[float, str]]:
    """Open `count` hostile clients of `kind` (a name of KINDS, or a class) against `target`
    (default `url`), let them settle, then probe /healthz at `url` for `seconds` while they
    drip, and close them."""
    kind = KINDS[kind] if isinstance(kind, str) else kind
    clients = [kind(target or url) for _ in range(count)]
    stop = threading.Event()

    def drip():
        while not stop.wait(1.0):
            for client in clients:
                client.tick()

    try:
        for client in clients:
            client.open()
        dripper = threading.Thread(target=drip, daemon=True)
        dripper.start()
        time.sleep(kind.settle)
        return probe_healthz(url, seconds)
    finally:
        stop.set()
        for client in clients:
            client.close()
