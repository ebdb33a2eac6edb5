"""Slow and hostile clients (issue 17) cannot starve the instances behind nginx.

Each scenario opens three connections of one kind (more than the two workers of an instance),
lets them settle, then probes GET /healthz on a fresh connection every 0.1 s for 3 s while
they drip. Through nginx every probe must answer 200 within 100 ms. The same clients sent to
one gunicorn directly (two workers) make the probes wait: that control shows the attack is
real, so the nginx case cannot pass by accident. About 6 s a kind.
"""
from __future__ import annotations

import pytest

from deploy_support import KINDS, hold

ATTACKERS = 3
SECONDS = 3.0
LIMIT_S = 0.100


@pytest.mark.parametrize("kind", list(KINDS))
def test_healthz_answers_within_100_ms_through_nginx(guarded_cluster, kind):
    probes = hold(guarded_cluster.url, kind, ATTACKERS, SECONDS)
    slowest = max(latency for latency, _ in probes)
    print(f"\n  [slow clients] {kind} x{ATTACKERS} through nginx: {len(probes)} probes, "
          f"slowest {slowest * 1000:.1f} ms")
    assert len(probes) >= SECONDS / 0.1 * 0.8, probes
    assert all(outcome == "200" for _, outcome in probes), probes
    assert slowest < LIMIT_S, sorted(probes)[-5:]
    # the instances are still whole afterwards
    for instance in guarded_cluster.instances:
        assert instance.running() and len(instance.worker_pids()) == 2


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_same_clients_starve_a_bare_gunicorn(guarded_cluster, kind):
    """Control: straight at one instance (two sync workers), three such clients hold both
    workers, and /healthz at that instance stops answering in time."""
    instance = guarded_cluster.instances[0]
    probes = hold(instance.url, kind, ATTACKERS, 1.5)
    late = [p for p in probes if p[1] != "200" or p[0] >= LIMIT_S]
    print(f"\n  [slow clients] {kind} x{ATTACKERS} at gunicorn directly: {len(late)} of "
          f"{len(probes)} probes late or failed")
    assert late, probes
