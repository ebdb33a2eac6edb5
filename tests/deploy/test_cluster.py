"""The deployed topology on one machine (deploy/topology.py: nginx with deploy/nginx.conf in front
of several gunicorn instances, all on 127.0.0.1): requests are spread over the instances, a
killed instance costs at most its in-flight requests, a rolling restart drops nothing, and
nginx's own limits and answers behave as the config says.

Bounded: a few hundred requests from six threads, every wait with a deadline (~40 s in all).
"""
from __future__ import annotations

import gzip
import json
import re
import time

import pytest

import topology
from deploy_support import Load, batch_body, call, raw_call

SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options",
                    "Referrer-Policy", "Cross-Origin-Opener-Policy")


@pytest.fixture
def open_cluster(nginx_installed):
    """Two instances of two workers, limits raised: the load comes from one address."""
    with topology.Cluster(instances=2, workers=2, limits=topology.UNLIMITED) as running:
        yield running


def served_by(instance: topology.Instance, client: str) -> list[str]:
    """The lines of one client's GET /healthz in one instance's own access log (it names the
    client nginx saw, and logs no query)."""
    return re.findall(rf'^{re.escape(client)} \[[^]]*\] "GET /healthz HTTP/1\.[01]" 200 .*$',
                      instance.log_text(), re.M)


def test_requests_are_spread_over_the_instances(guarded_cluster):
    count = 40
    for n in range(count):
        status, _, _ = call(guarded_cluster.url, f"/healthz?spread={n}", source="127.0.0.5")
        assert status == 200
    time.sleep(0.2)  # the access log line follows the answer
    seen = {i.name: served_by(i, "127.0.0.5") for i in guarded_cluster.instances}
    print(f"\n  [cluster] {count} requests: " +
          ", ".join(f"{name} {len(lines)}" for name, lines in seen.items()))
    # every request was served exactly once, and round-robin gives each instance its share
    assert sum(len(lines) for lines in seen.values()) == count
    assert all(len(lines) >= count // 3 for lines in seen.values()), seen
    # nginx's own log names the instance too
    upstreams = re.findall(r'^127\.0\.0\.5 \[[^]]*\] "GET /healthz HTTP/1.1" 200 .* '
                           r'upstream=(\S+)', guarded_cluster.nginx.access_log.read_text(), re.M)
    assert len(upstreams) == count
    assert set(upstreams) == {i.address for i in guarded_cluster.instances}


def test_a_killed_instance_loses_at_most_its_in_flight_requests(open_cluster):
    victim, survivor = open_cluster.instances
    load = Load(open_cluster.url, threads=6, limit=30).start()
    try:
        load.wait_for(100)
        killed_at = time.monotonic()
        victim.kill()  # returns once the master and every worker are gone
        dead_at = time.monotonic()
        load.wait_for(load.count() + 300)
    finally:
        outcomes = load.stop()
    failed = [o for o in outcomes if not o.ok]
    after = [o for o in outcomes if o.started > dead_at]
    in_flight = [o for o in outcomes if o.started < dead_at and o.finished > killed_at]
    print(f"\n  [cluster] SIGKILL of {victim.name} (master and {victim.workers} workers) under "
          f"load: {len(outcomes)} requests, {len(in_flight)} in flight during the kill, "
          f"{len(failed)} failed {[o.note for o in failed]}, {len(after)} sent after it")
    # a sync worker holds one request: at most the killed instance's workers' requests fail.
    # nginx tries a broken exchange once more on the other instance, so usually none do; it
    # cannot once it has passed part of the answer on (the client then reads a cut answer).
    assert len(failed) <= victim.workers, failed
    assert all(o in in_flight for o in failed), failed
    assert len(after) >= 300 and all(o.ok for o in after), [o for o in after if not o.ok]
    assert survivor.running() and len(survivor.worker_pids()) == survivor.workers
    assert call(open_cluster.url, "/healthz")[0] == 200
    # with no instance left, nginx answers itself: a 502 problem, to retry in a second
    survivor.kill()
    status, headers, data = call(open_cluster.url, "/api/v1/analyze", {"hand": "As"})
    assert status == 502 and json.loads(data)["title"] == "Bad Gateway"
    assert headers["Retry-After"] == "1" and headers["X-Content-Type-Options"] == "nosniff"


def test_a_rolling_restart_drops_nothing(open_cluster):
    before = [instance.pid for instance in open_cluster.instances]
    load = Load(open_cluster.url, threads=6, limit=60).start()
    try:
        load.wait_for(50)
        started = time.monotonic()
        open_cluster.rolling_restart()
        took = time.monotonic() - started
        load.wait_for(load.count() + 50)
    finally:
        outcomes = load.stop()
    during = [o for o in outcomes if started <= o.started <= started + took]
    failed = [o for o in outcomes if not o.ok]
    print(f"\n  [cluster] rolling restart of {len(before)} instances in {took:.1f} s: "
          f"{len(outcomes)} requests ({len(during)} during it), {len(failed)} failed")
    assert [instance.pid for instance in open_cluster.instances] != before
    assert all(new != old for new, old in zip(
        [instance.pid for instance in open_cluster.instances], before))
    assert len(during) >= 50, "the restart was not under load"
    assert not failed, failed


def test_the_body_limit_is_the_apps(guarded_cluster):
    """nginx's client_max_body_size is the app's MAX_BODY_BYTES: one byte over is refused by
    nginx (no instance sees it), exactly at the limit the body reaches the app."""
    from calculator.api.limits import MAX_BODY_BYTES

    url = guarded_cluster.url
    status, headers, data = call(url, "/api/v1/analyze", b" " * (MAX_BODY_BYTES + 1),
                                 source="127.0.0.6")
    problem = json.loads(data)
    assert status == 413 and problem["status"] == 413 and problem["errors"][0]["pointer"] == ""
    assert headers["Content-Type"] == "application/problem+json"
    assert all(headers[name] for name in SECURITY_HEADERS)
    # at the limit: the app reads it (all spaces: malformed JSON, the app's own 400)
    status, headers, data = call(url, "/api/v1/analyze", b" " * MAX_BODY_BYTES,
                                 source="127.0.0.6")
    assert status == 400 and json.loads(data)["status"] == 400, data[:200]
    assert "default-src 'self'" in headers["Content-Security-Policy"]  # the app's own answer
    # and a body within the limit is answered
    status, _, data = call(url, "/api/v1/analyze/batch", batch_body(5_000, seed=5),
                           source="127.0.0.6")
    assert status == 200 and len(json.loads(data)["results"]) == 5_000


def assert_nginx_problem(got: int, headers, data: bytes, status: int, title: str) -> None:
    """nginx's own answer: problem JSON with the app's security headers, no version."""
    problem = json.loads(data)
    assert got == status and problem["status"] == status and problem["title"] == title
    assert problem["errors"][0]["pointer"] == "" and problem["detail"]
    assert headers["Content-Type"] == "application/problem+json"
    assert all(headers[name] for name in SECURITY_HEADERS), dict(headers)
    assert headers["Server"] == "nginx"  # no version


@pytest.mark.parametrize("path, headers, status, title", [
    ("/?" + "a" * 9000, {}, 414, "URI Too Long"),                  # request line over 8 KB
    ("/healthz", {"X-Big": "b" * 9000}, 400, "Bad Request"),       # a header line over 8 KB
    ("/.problem", {}, 404, "Not Found"),                            # nginx's internal page
    ("/healthz", {"Transfer-Encoding": "gzip"}, 501, "Not Implemented"),  # not chunked
])
def test_nginx_error_answers_are_problem_json_with_security_headers(guarded_cluster, path,
                                                                     headers, status, title):
    assert_nginx_problem(*call(guarded_cluster.url, path, source="127.0.0.7", headers=headers),
                         status, title)


@pytest.mark.parametrize("request_bytes, status, title", [
    (b"GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n", 505, "HTTP Version Not Supported"),
    (b"GARBAGE\r\n\r\n", 400, "Bad Request"),                       # no request line
    (b"GET /healthz HTTP/1.1\r\n\r\n", 400, "Bad Request"),          # HTTP/1.1 without Host
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400, "Bad Request"),
])
def test_nginx_refuses_malformed_requests_with_problem_json(guarded_cluster, request_bytes,
                                                            status, title):
    """Requests refused while nginx reads the request line and headers, before a location
    is chosen, get the same problem JSON."""
    assert_nginx_problem(*raw_call(guarded_cluster.url, request_bytes, source="127.0.0.7"),
                         status, title)


def test_one_client_over_its_rate_gets_429_and_others_do_not(guarded_cluster):
    limits = guarded_cluster.nginx.limits
    statuses, refused = [], None
    started = time.monotonic()
    # one request after another, faster than the rate: the burst runs out within seconds
    while refused is None and len(statuses) < 20 * limits.burst and \
            time.monotonic() - started < 20:
        status, headers, data = call(guarded_cluster.url, "/healthz", source="127.0.0.2")
        statuses.append(status)
        if status == 429:
            refused = (headers, json.loads(data))
    seconds = time.monotonic() - started
    print(f"\n  [cluster] {len(statuses)} requests one after another from one address in "
          f"{seconds:.1f} s: {statuses.count(200)} answered, then a 429")
    assert refused is not None, f"no 429 in {len(statuses)} requests"
    assert set(statuses) == {200, 429}
    # the burst, and what the rate refilled meanwhile, were served
    assert limits.burst <= statuses.count(200) <= limits.burst + limits.rate * seconds + 1
    headers, problem = refused
    assert problem["status"] == 429 and headers["Retry-After"] == "1"
    assert all(headers[name] for name in SECURITY_HEADERS)
    # another address has a bucket of its own
    assert call(guarded_cluster.url, "/healthz", source="127.0.0.3")[0] == 200


def test_one_client_over_its_open_requests_gets_429(guarded_cluster):
    """Requests held open (a body still coming) count against one address's connections."""
    import socket

    limits, port = guarded_cluster.nginx.limits, guarded_cluster.nginx.port
    held = []
    try:
        for _ in range(limits.connections):
            sock = socket.create_connection(("127.0.0.1", port), 5, ("127.0.0.4", 0))
            sock.sendall(b"POST /api/v1/analyze HTTP/1.1\r\nHost: x\r\n"
                         b"Content-Length: 100\r\n\r\n{")
            held.append(sock)
        # nginx counts a request once its headers are in: wait (5 s at most) until it has
        # all of them, then the next one from that address is one too many
        deadline = time.monotonic() + 5
        # (a path of `location /`, as the held requests': /healthz has a location of its own)
        status = call(guarded_cluster.url, "/api/v1/rules", source="127.0.0.4")[0]
        while status != 429 and time.monotonic() < deadline:
            time.sleep(0.1)
            status = call(guarded_cluster.url, "/api/v1/rules", source="127.0.0.4")[0]
        if status != 429:  # what nginx had done with the held requests, for the report
            log = guarded_cluster.nginx.error_log
            tail = log.read_text(errors="replace").splitlines()[-5:] if log.exists() else []
            pytest.fail(f"no 429 in 5 s; held requests answered or closed: {_answered(held)};"
                        f" nginx's error log ends: {tail}")
        assert call(guarded_cluster.url, "/healthz", source="127.0.0.8")[0] == 200
    finally:
        for sock in held:
            sock.close()


def _answered(held) -> list[str]:
    """What nginx has sent on the held sockets so far (each answer's first line, or that it
    closed the connection), without waiting: none, while they are held as the test means."""
    import socket

    found = []
    for sock in held:
        sock.setblocking(False)
        try:
            data = sock.recv(200, socket.MSG_PEEK)
            found.append(data.split(b"\r\n", 1)[0].decode("latin-1") if data else "closed")
        except BlockingIOError:
            pass
        except OSError as error:
            found.append(f"error {error.errno}")
    return found


def test_answers_are_compressed_and_static_files_cacheable(guarded_cluster):
    url, body = guarded_cluster.url, batch_body(200, seed=9)
    _, _, plain = call(url, "/api/v1/analyze/batch", body, source="127.0.0.9")
    status, headers, packed = call(url, "/api/v1/analyze/batch", body, source="127.0.0.9",
                                   headers={"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 4
    status, headers, page = call(url, "/", source="127.0.0.9",
                                 headers={"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(page)
    status, headers, _ = call(url, "/static/app.css", source="127.0.0.9")
    assert status == 200 and headers.get_all("Cache-Control") == ["public, max-age=3600"]
    assert headers["ETag"]
    # API answers and missing static files are not marked cacheable
    status, headers, _ = call(url, "/static/missing.css", source="127.0.0.9")
    assert status == 404 and "max-age" not in (headers["Cache-Control"] or "")
