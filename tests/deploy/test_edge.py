"""What nginx (deploy/nginx.conf) makes of who the client is and what it sends: the client's
address behind a trusted proxy (real_ip) for the limits and the logs, CORS on nginx's own
answers, requests gunicorn would refuse with a bare page, and the bound on batch answers
spooled at once. All on 127.0.0.1: clients bind other loopback addresses to be other clients,
and 127.0.0.10 plays the trusted load balancer.
"""
from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

import topology
from deploy_support import SlowBody, SlowReader, batch_body, call

SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options",
                    "Referrer-Policy", "Cross-Origin-Opener-Policy")
BALANCER = "127.0.0.10"


def assert_nginx_problem(status, headers, data, expected):
    problem = json.loads(data)
    assert status == expected and problem["status"] == expected, (status, data[:300])
    assert headers["Content-Type"] == "application/problem+json"
    assert all(headers[name] for name in SECURITY_HEADERS), dict(headers)


@pytest.fixture(scope="module")
def edge_cluster(nginx_installed):
    """One instance behind nginx trusting 127.0.0.10's X-Forwarded-For, CORS for one origin,
    small limits (a burst of 2 a client, two batch requests open at once)."""
    edge = topology.Edge(trusted=(BALANCER,), cors_origins="https://app.example")
    limits = topology.Limits(rate=1, burst=2, connections=20, batches=2)
    with topology.Cluster(instances=1, workers=2, limits=limits, edge=edge) as running:
        yield running


def exhaust(url: str, source: str, headers: dict | None = None) -> list[int]:
    """Requests one after another until nginx refuses one (12 at most)."""
    statuses = []
    while 429 not in statuses and len(statuses) < 12:
        statuses.append(call(url, "/healthz", source=source, headers=headers)[0])
    return statuses


def test_behind_a_trusted_balancer_each_client_has_its_own_bucket(edge_cluster):
    url = edge_cluster.url
    first = exhaust(url, BALANCER, {"X-Forwarded-For": "203.0.113.1"})
    assert first[-1] == 429 and set(first) == {200, 429}, first
    # the same balancer, another client behind it: a full bucket of its own
    assert call(url, "/healthz", source=BALANCER,
                headers={"X-Forwarded-For": "198.51.100.7, 203.0.113.2"})[0] == 200
    # a client that is not a trusted proxy cannot pick its bucket by naming someone else
    assert exhaust(url, "127.0.0.11", {"X-Forwarded-For": "203.0.113.3"})[-1] == 429
    assert call(url, "/healthz", source="127.0.0.11",
                headers={"X-Forwarded-For": "203.0.113.4"})[0] == 429


def test_the_access_logs_name_the_client_not_the_proxy(edge_cluster):
    url, instance = edge_cluster.url, edge_cluster.instances[0]
    # what a client writes left of the address the balancer saw is not believed
    assert call(url, "/healthz?who=1", source=BALANCER,
                headers={"X-Forwarded-For": "192.0.2.66, 203.0.113.5"})[0] == 200
    assert call(url, "/healthz?who=2", source="127.0.0.12",
                headers={"X-Forwarded-For": "203.0.113.6", "X-Real-IP": "203.0.113.6"})[0] == 200
    # straight at gunicorn from an address that is not FORWARDED_ALLOW_IPS: its own address
    assert call(instance.url, "/healthz?who=3", source="127.0.0.13",
                headers={"X-Real-IP": "203.0.113.7"})[0] == 200
    time.sleep(0.3)  # the log line follows the answer
    log = instance.log_text()
    clients = set(re.findall(r'^(\S+) \[[^]]*\] "GET /healthz HTTP/1\.[01]" 200 ', log, re.M))
    assert {"203.0.113.5", "127.0.0.12", "127.0.0.13"} <= clients, log[-2000:]
    assert not clients & {"192.0.2.66", "203.0.113.6", "203.0.113.7"}, clients
    nginx_log = edge_cluster.nginx.access_log.read_text()
    assert re.search(r'^203\.0\.113\.5 .*"GET /healthz HTTP/1.1" 200 ', nginx_log, re.M), \
        nginx_log[-1000:]


def test_the_access_logs_keep_no_query_and_stay_short(edge_cluster):
    """A share link's ?g= holds the players' names and hands: neither log writes the query,
    and a path of 7,800 bytes of escaped non-ASCII writes a bounded line to both."""
    from calculator.logs import MAX_LINE

    url, instance = edge_cluster.url, edge_cluster.instances[0]
    assert call(url, "/healthz?g=MargaretHamilton", source="127.0.0.20")[0] == 200
    long_path = "/" + "%C3%A9" * 1300
    assert call(url, long_path, source="127.0.0.20")[0] == 404
    time.sleep(0.3)  # the log line follows the answer
    for log, bound in ((edge_cluster.nginx.access_log.read_text(), 1100),
                       (instance.log_text(), MAX_LINE)):
        assert "MargaretHamilton" not in log
        lines = [line for line in log.splitlines() if line.startswith("127.0.0.20 ")]
        assert len(lines) == 2 and max(map(len, lines)) <= bound, [len(x) for x in lines]


def test_nginx_logs_what_it_refused_by_the_clients_method_and_path(edge_cluster):
    """An answer nginx makes itself goes through its error page, after which $request_method
    and $uri read "GET /.problem": the log names the request as the client sent it."""
    url = edge_cluster.url
    too_big = b"x" * (1024 * 1024 + 1)
    assert call(url, "/api/v1/analyze?g=MargaretHamilton", too_big, source="127.0.0.21")[0] == 413
    time.sleep(0.3)  # the log line follows the answer
    lines = [line for line in edge_cluster.nginx.access_log.read_text().splitlines()
             if line.startswith("127.0.0.21 ")]
    assert len(lines) == 1 and '"POST /api/v1/analyze HTTP/1.1" 413 ' in lines[0], lines


def test_bodies_trickling_into_every_open_slot_leave_the_health_check_answered(
        nginx_installed):
    """Clients that hold every request slot of nginx (`all_open`) by sending their bodies
    slowly (from any number of addresses) get the other clients 429s, but not the readiness
    probe: /healthz is outside that limit, so the pod stays in the Service."""
    with topology.Cluster(instances=1, workers=2, limits=topology.Limits(open=3)) as running:
        slow = [SlowBody(running.url) for _ in range(3)]
        try:
            for client in slow:
                client.open()
            time.sleep(0.5)
            assert call(running.url, "/api/v1/rules", source="127.0.0.22")[0] == 429
            assert call(running.url, "/healthz", source="127.0.0.23")[0] == 200
            # outside that bound it takes no body (which could have held disk there)
            assert call(running.url, "/healthz", b"x" * 2048, source="127.0.0.24")[0] == 413
        finally:
            for client in slow:
                client.close()


@pytest.mark.parametrize("origin, granted, source", [
    ("https://app.example", "https://app.example", "127.0.0.14"),
    ("https://other.example", None, "127.0.0.19"),
])
def test_nginx_answers_carry_the_apps_cors_grant(edge_cluster, origin, granted, source):
    from calculator.api.limits import MAX_BODY_BYTES

    status, headers, data = call(edge_cluster.url, "/api/v1/analyze",
                                 b" " * (MAX_BODY_BYTES + 1), source=source,
                                 headers={"Origin": origin})
    assert_nginx_problem(status, headers, data, 413)
    assert headers["Access-Control-Allow-Origin"] == granted
    assert headers["Access-Control-Expose-Headers"] == "Retry-After"
    # the app grants the same origins on its own answers
    status, headers, _ = call(edge_cluster.url, "/api/v1/analyze", {"hand": "As"},
                              source=source, headers={"Origin": origin})
    assert status == 422 and headers["Access-Control-Allow-Origin"] == granted


def test_a_429_from_nginx_lets_any_origin_read_its_retry_after(guarded_cluster):
    """The shipped CORS setting ('*', the app's default): a browser client of another origin
    can read nginx's 429 and when to retry."""
    statuses, headers = [], None
    while len(statuses) < 400 and 429 not in statuses:
        status, headers, data = call(guarded_cluster.url, "/api/v1/rules", source="127.0.0.15",
                                     headers={"Origin": "https://other.example"})
        statuses.append(status)
    assert_nginx_problem(status, headers, data, 429)
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert headers["Access-Control-Expose-Headers"] == "Retry-After"
    assert headers["Retry-After"] == "1"


@pytest.mark.parametrize("headers, status", [
    # an X-Forwarded-For line at nginx's limit (8,000 bytes with its line end): answered, as
    # nginx passes on the client's address only, never a longer header
    ({"X-Forwarded-For": "1" * (7998 - len("X-Forwarded-For: "))}, 200),
    # a header line over nginx's limit and under gunicorn's 8,190: nginx refuses it
    ({"X-Big": "b" * 8100}, 400),
    # more header fields than gunicorn's limit_request_fields (100): gunicorn's 431 is
    # replaced by nginx's problem
    ({f"X-Field-{n}": "1" for n in range(120)}, 431),
    # a client's own scheme header beside nginx's X-Forwarded-Proto is dropped, not
    # refused by gunicorn as contradictory
    ({"X-Forwarded-Ssl": "on", "X-Forwarded-Protocol": "ssl"}, 200),
])
def test_what_gunicorn_would_refuse_nginx_answers_as_problem_json(guarded_cluster, headers,
                                                                   status):
    got, answer_headers, data = call(guarded_cluster.url, "/healthz", source="127.0.0.16",
                                     headers=headers)
    if status == 200:
        assert got == 200 and json.loads(data) == {"status": "ok"}, (got, data[:300])
    else:
        assert_nginx_problem(got, answer_headers, data, status)
        assert json.loads(data)["errors"][0]["pointer"] == ""


def spooled_files(nginx: topology.Nginx) -> list[int]:
    """Sizes of the answers nginx's workers hold in temporary files."""
    sizes = []
    for pid in nginx.worker_pids():
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if "/temp/proxy/" in os.readlink(fd):
                    sizes.append(fd.stat().st_size)
            except OSError:
                pass
    return sizes


def test_batch_requests_open_at_once_are_bounded(edge_cluster):
    """Two slow readers hold the two batch slots while nginx spools their answers (4,000
    eleven-card hands, 7.7 MB each): a third batch request gets 503, retry in a second, other
    requests are served, and a batch is answered again once they are gone."""
    url = edge_cluster.url
    readers = [SlowReader(url) for _ in range(2)]
    try:
        for reader in readers:
            reader.open()
        time.sleep(SlowReader.settle)
        status, headers, data = call(url, "/api/v1/analyze/batch", batch_body(3, seed=1),
                                     source="127.0.0.17")
        assert_nginx_problem(status, headers, data, 503)
        assert headers["Retry-After"] == "1"
        assert call(url, "/api/v1/analyze", {"hand": "As"}, source="127.0.0.17")[0] == 422
        # nginx unlinks a temporary file once open: its workers' descriptors show them
        spooled = spooled_files(edge_cluster.nginx)
        assert len(spooled) == 2 and all(size <= 32 * 1024 * 1024 for size in spooled), spooled
    finally:
        for reader in readers:
            reader.close()
    deadline, status = time.monotonic() + 10, None
    while status != 200 and time.monotonic() < deadline:
        time.sleep(0.2)
        status = call(url, "/api/v1/analyze/batch", batch_body(3, seed=2), source="127.0.0.18")[0]
    assert status == 200
