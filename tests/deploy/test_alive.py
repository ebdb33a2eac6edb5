"""The liveness check (calculator/alive.py) on its own: a listening socket passes, a closed
port fails, and a PORT that is not ASCII digits of a port is refused by name."""
from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from calculator import DEFAULTS, alive
from calculator.api import limits
from calculator.core.numbers import whole_number


def test_a_listening_socket_is_alive_and_a_closed_port_is_not(capsys):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()  # never accepted: the kernel completes the connection alone
        port = server.getsockname()[1]
        assert alive.main({"PORT": str(port)}) == 0
    assert alive.main({"PORT": str(port)}) == 1
    assert f"127.0.0.1:{port}" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["²", "٣", "８０００", " 8000", "8_000", "70000", "0", "",
                                  "9" * 10_000])
def test_a_port_that_is_not_one_is_refused_by_name(text, capsys):
    assert alive.main({"PORT": text}) == 2
    err = capsys.readouterr().err
    assert "is not a port number" in err and len(err) < 100


def test_it_runs_as_the_probes_run_it_without_flask():
    code = ("import runpy, sys; sys.argv = ['alive']; sys.modules['flask'] = None\n"
            "try:\n    runpy.run_module('calculator.alive', run_name='__main__')\n"
            "except SystemExit as stop:\n    print(stop.code)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PORT": "1"}, timeout=30)
    assert done.stdout.strip() == "1", done.stderr


@pytest.mark.parametrize("text", ["8000", "1", "65535", "00080", "²", "٣", "８０００", " 8000",
                                  "8_000", "+80", "-1", "123456", "", "0x1f"])
def test_its_port_reading_is_the_cores_ascii_digits_rule(text):
    assert alive.port_number(text) == whole_number(text, 5)


def test_it_loads_neither_the_engine_nor_the_web_stack():
    code = ("import sys, calculator.alive; "
            "print(sorted(m for m in sys.modules if m.startswith(('calculator.', 'flask'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=30)
    assert done.stdout.strip() == "['calculator.alive']", done.stdout + done.stderr


def test_the_apps_body_limit_is_the_apis():
    assert DEFAULTS["MAX_CONTENT_LENGTH"] == limits.MAX_BODY_BYTES
