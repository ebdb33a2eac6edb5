"""The container's liveness check, one command for the image's HEALTHCHECK and the Kubernetes
probe: `python -m calculator.alive` exits 0 once a connection to 127.0.0.1:$PORT (8000 when
unset) completes within 2 s, else 1 (2 for a PORT that is no port number), with the reason
on stderr.

Why a connection and not `GET /healthz`: the kernel completes it on gunicorn's master's
listening socket even while every sync worker is busy with a long batch (a request would wait
behind them and call a busy container dead); a dead master fails it. It imports neither Flask
nor the engine.
"""
from __future__ import annotations

import os
import re
import socket
import sys

TIMEOUT_S = 2  # below the probes' own timeouts (3 s)
_PORT = re.compile(r"[0-9]{1,5}")  # ASCII digits only: Unicode counts "²" and "٣" as digits


def port_number(text: str) -> int | None:
    """PORT as 1 to 5 ASCII digits, else None: `core.numbers.whole_number(text, 5)` written
    with the standard library, because importing the engine for it took 0.3 s of every probe
    (tests/deploy/test_alive.py keeps the two the same)."""
    if isinstance(text, str) and _PORT.fullmatch(text):
        return int(text)
    return None


def main(environ=os.environ) -> int:
    text = environ.get("PORT", "8000")
    port = port_number(text)
    if port is None or not 0 < port < 65536:
        print(f"PORT={text[:20]!r} is not a port number", file=sys.stderr)
        return 2
    try:
        socket.create_connection(("127.0.0.1", port), TIMEOUT_S).close()
    except OSError as error:
        print(f"nothing accepts connections on 127.0.0.1:{port}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
