"""Fixtures of the deployment tests: the topology of deploy/nginx.conf (Debian's nginx in front
of several gunicorn instances) started on 127.0.0.1 by deploy/topology.py, on free ports, under
a temporary directory, and stopped by PID.

nginx is installed by `make test` (`make nginx`); without it these tests fail and say so.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# deploy/topology.py runs the topology; bench/http_server.py has the request helpers.
for folder in ("deploy", "bench"):
    if str(ROOT / folder) not in sys.path:
        sys.path.append(str(ROOT / folder))


@pytest.fixture(scope="session")
def nginx_installed():
    import topology

    try:
        return topology.nginx_binary()
    except FileNotFoundError as error:
        pytest.fail(str(error))


@pytest.fixture(scope="module")
def guarded_cluster(nginx_installed):
    """The shipped limits (per client address), two instances of two workers each."""
    import topology

    with topology.Cluster(instances=2, workers=2, limits=topology.Limits()) as running:
        yield running
