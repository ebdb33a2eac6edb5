"""Log lines of bounded length: no request may write more than `MAX_LINE` characters into a
log, however long its URL, headers or the error it caused (a share link is up to 8 KiB, and an
unexpected error's message may quote the input)."""
from __future__ import annotations

import functools
import ipaddress
import logging
import traceback

from gunicorn.glogging import Logger, SafeAtoms

MAX_LINE = 2048   # characters of one log record: its message and its traceback
MAX_ATOM = 400    # characters of one access-log field (the request line, a header)


def bounded(text: str, limit: int) -> str:
    """`text`, cut to at most `limit` characters with a note of how much was left out."""
    if len(text) <= limit:
        return text
    keep = max(0, limit - 40)  # room for the note
    return f"{text[:keep]}... ({len(text) - keep} more characters)"


# Control characters (C0, DEL, C1) and the Unicode line and paragraph separators, written as
# escapes: one request, one log line, and no terminal codes (a decoded URL path can carry a
# newline or an ESC). A backslash stays as it is: gunicorn's own quoting writes `"` as `\"`.
_ESCAPES = {code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7f, 0xa0))}
_ESCAPES |= {0x2028: "\\u2028", 0x2029: "\\u2029"}


def escaped(text: str) -> str:
    r"""`text` with control characters and line separators escaped (a backslash stays, so a
    typed "\x0a" reads as an escape: gunicorn already writes `"` as `\"`).

    >>> escaped("/x\n1.2.3.4 - \x1b[31m")
    '/x\\x0a1.2.3.4 - \\x1b[31m'
    """
    return text.translate(_ESCAPES)


def traceback_text(exc_info) -> str:
    """A traceback as Python writes it, each exception's own words escaped (they may quote a
    request: a newline in them would write a line of its own); the lines of the frames and
    the chain's headings stay lines."""
    parts = []
    for part in traceback.TracebackException(*exc_info).format():
        if part.startswith(("  ", "\n", "Traceback (most recent call last):")):
            parts.append(part)  # a frame, a "[Previous line repeated]", a chain heading
        else:  # "ValueError: words\n"
            parts.append(escaped(part[:-1] if part.endswith("\n") else part) + "\n")
    return "".join(parts)


class BoundedRecords(logging.Filter):
    """Cuts a record's message and traceback so that the line it writes stays bounded, and
    escapes the control characters of the message and of the exceptions' words (the
    traceback's own lines stay lines)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = bounded(escaped(record.getMessage()), MAX_LINE // 2)
        record.msg, record.args = message, None
        if record.exc_info:
            text = traceback_text(record.exc_info)
            record.exc_text, record.exc_info = bounded(text, MAX_LINE - len(message)), None
        return True


def install(logger: logging.Logger) -> None:
    if not any(isinstance(f, BoundedRecords) for f in logger.filters):
        logger.addFilter(BoundedRecords())


class BoundedAtoms(SafeAtoms):
    """gunicorn's access-log atoms, each escaped (`escaped`) and cut to `MAX_ATOM` characters
    when the log format reads it: the format reads five of some fifty atoms, and cutting
    every atom up front cost 7 µs a request (a sixth of what gunicorn's access logging
    costs)."""

    def __getitem__(self, key):
        value = super().__getitem__(key)
        return bounded(escaped(value), MAX_ATOM) if isinstance(value, str) else value


@functools.lru_cache(maxsize=8)
def _networks(allowed: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in allowed if entry != "*")


def trusted_peer(peer: str, allowed: list[str]) -> bool:
    """Whether `peer` is one of gunicorn's `forwarded_allow_ips` (addresses, networks or '*')."""
    if "*" in allowed:
        return True
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    return any(address in network for network in _networks(tuple(allowed)))


def client_address(environ: dict, allowed: list[str]) -> str:
    """The client a request came from: the X-Real-IP a trusted proxy (nginx) set, when the
    peer is one and the header holds an address; otherwise the peer itself (a client cannot
    name itself in the log by sending the header)."""
    peer = environ.get("REMOTE_ADDR") or "-"
    named = environ.get("HTTP_X_REAL_IP", "").strip()
    if named and "%" not in named and trusted_peer(peer, allowed):  # no IPv6 scope: any text
        try:
            return str(ipaddress.ip_address(named))
        except ValueError:
            pass
    return escaped(peer)


class BoundedLogger(Logger):
    """gunicorn's logger with each access-log field cut to `MAX_ATOM` characters, and its
    error log's records bounded as the app's are (`logger_class` in gunicorn.conf.py). One
    atom more, `client` (`%(client)s`): the address `client_address` gives."""

    atoms_wrapper_class = BoundedAtoms

    def setup(self, cfg) -> None:
        super().setup(cfg)
        install(self.error_log)
        # The app's own records (an unexpected error) go where gunicorn's go, in its format
        # (time, pid, level) and at its LOG_LEVEL: without a handler of their own they met
        # Python's last-resort handler, a bare message on stderr.
        app = logging.getLogger("calculator")
        app.handlers = list(self.error_log.handlers)
        app.setLevel(self.error_log.level)
        app.propagate = False
        install(app)

    def atoms(self, resp, req, environ, request_time) -> dict:
        atoms = super().atoms(resp, req, environ, request_time)
        atoms["client"] = client_address(environ, self.cfg.forwarded_allow_ips)
        return atoms
