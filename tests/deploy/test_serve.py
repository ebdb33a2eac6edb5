"""`python -m calculator serve`: gunicorn with the shipped configuration, run by the same
interpreter (no gunicorn needed on PATH), listening where it is told."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from deploy_support import call
from http_server import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_serve_answers_on_the_given_port_without_gunicorn_on_the_path():
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "calculator", "serve", "--host", "127.0.0.1", "--port",
         str(port)], cwd=ROOT, env={"PATH": "", "WEB_CONCURRENCY": "1"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline, status = time.monotonic() + 30, None
        while time.monotonic() < deadline and process.poll() is None:
            try:
                status = call(f"http://127.0.0.1:{port}", "/healthz")[0]
                break
            except OSError:
                time.sleep(0.2)
        assert status == 200, process.stdout.read() if process.poll() is not None else status
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(40)
