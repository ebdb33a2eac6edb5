"""Fixtures of the hardening tests (the app and client are tests/conftest.py's): one real
gunicorn process (the shipped gunicorn.conf.py) for the checks only a real server can answer.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# bench/http_server.py starts and stops gunicorn for the benchmarks; the tests share it.
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))


@pytest.fixture(scope="session")
def gunicorn_server():
    """A real gunicorn (shipped config, two workers) on 127.0.0.1 and a free port."""
    from http_server import Gunicorn

    with Gunicorn(workers=2) as server:
        yield server
