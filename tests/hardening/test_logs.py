"""No request writes more than about 2 KB into a log: access-log fields and error records are
cut to a bounded length, whatever the request carried."""
from __future__ import annotations

import datetime
import logging
import re
import runpy
from pathlib import Path
from types import SimpleNamespace

from gunicorn.config import Config

from calculator import create_app
from calculator.logs import MAX_ATOM, MAX_LINE, BoundedLogger, bounded, client_address

ROOT = Path(__file__).resolve().parents[2]


def test_bounded_keeps_short_text_and_says_what_it_cut():
    assert bounded("short", 100) == "short"
    cut = bounded("x" * 10_000, 100)
    assert len(cut) <= 100 and cut.endswith("... (9940 more characters)")


def test_an_unexpected_error_logs_a_bounded_record(caplog):
    app = create_app()

    @app.get("/boom")
    def boom():
        raise RuntimeError("y" * 500_000)

    with caplog.at_level(logging.ERROR, logger="calculator"):
        answer = app.test_client().get("/boom")
    assert answer.status_code == 500
    assert b"yyyy" not in answer.data
    lines = [caplog.handler.format(record) for record in caplog.records]
    assert lines and all(len(line) <= MAX_LINE + 200 for line in lines), [len(x) for x in lines]
    assert "RuntimeError" in "".join(lines)


def test_the_access_log_cuts_a_long_request_line():
    logger = BoundedLogger(Config())
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/?g=" + "A" * 8000,
               "SERVER_PROTOCOL": "HTTP/1.1", "PATH_INFO": "/", "QUERY_STRING": "g=" + "A" * 8000,
               "HTTP_USER_AGENT": "b" * 8000}
    response = SimpleNamespace(status="200 OK", headers=[("X-Long", "c" * 8000)], sent=10)
    atoms = logger.atoms_wrapper_class(logger.atoms(
        response, SimpleNamespace(headers=[("USER-AGENT", "b" * 8000)]), environ,
        datetime.timedelta(milliseconds=5)))
    for key in atoms:  # every atom a format may name, however it is spelt
        for name in (key, "{%s}" % key.strip("{}").upper() if key.startswith("{") else key):
            value = atoms[name]
            assert not isinstance(value, str) or len(value) <= MAX_ATOM, name
    line = logger.cfg.access_log_format % atoms
    assert len(line) <= MAX_LINE
    # the shipped format: the path, no query (a share link's ?g= holds names and hands)
    shipped = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["access_log_format"]
    line = shipped % atoms
    assert '"GET / HTTP/1.1"' in line and "AAAA" not in line and len(line) <= MAX_LINE


def test_the_apps_records_go_to_gunicorns_error_log_in_its_format(capsys):
    """Under gunicorn the app's own records (an unexpected error) are written by gunicorn's
    error-log handler, with its time, pid and level, at its LOG_LEVEL."""
    app_logger = logging.getLogger("calculator")
    saved = (app_logger.handlers[:], app_logger.level, app_logger.propagate,
             app_logger.filters[:])
    try:
        config = Config()
        config.set("errorlog", "-")
        config.set("loglevel", "warning")
        BoundedLogger(config)
        app_logger.info("below the level")
        app_logger.error("unexpected error on %s %s", "POST", "/api/v1/analyze")
        written = capsys.readouterr().err
        assert "below the level" not in written
        assert re.search(r"^\[\d{4}-\d\d-\d\d [^]]+\] \[\d+\] \[ERROR\] unexpected error on "
                         r"POST /api/v1/analyze$", written, re.M), written
    finally:
        app_logger.handlers, app_logger.propagate = saved[0], saved[2]
        app_logger.setLevel(saved[1])
        app_logger.filters = saved[3]


def test_a_path_with_a_newline_or_an_escape_writes_one_log_line():
    """The access log's path is the decoded PATH_INFO: %0A and %1B in a URL had written a
    forged second line and a terminal code."""
    logger = BoundedLogger(Config())
    forged = '/x\n1.2.3.4 - [03/Dec/2026:12:00:00 +0000] "GET /admin HTTP/1.1" 200 16\x1b[31m\u2028'
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/x", "SERVER_PROTOCOL": "HTTP/1.1",
               "PATH_INFO": forged, "QUERY_STRING": "", "REMOTE_ADDR": "127.0.0.1"}
    response = SimpleNamespace(status="404 NOT FOUND", headers=[], sent=10)
    atoms = logger.atoms_wrapper_class(logger.atoms(
        response, SimpleNamespace(headers=[]), environ, datetime.timedelta(milliseconds=5)))
    shipped = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["access_log_format"]
    line = shipped % atoms
    assert "\n" not in line and "\x1b" not in line and "\u2028" not in line, line
    assert "/x\\x0a1.2.3.4" in line and "\\x1b[31m" in line and '\\"GET /admin' in line


def failing_request(caplog, path: str, error: Exception) -> list[logging.LogRecord]:
    """The app's records when every request to it raises `error` (a bug)."""
    app = create_app()

    @app.before_request
    def boom():
        raise error

    with caplog.at_level(logging.ERROR, logger="calculator"):
        assert app.test_client().get(path).status_code == 500
    return caplog.records


def test_an_unexpected_error_on_a_forged_path_logs_one_line(caplog):
    failing_request(caplog, "/a%0Afake%1B[2J", RuntimeError("bug"))
    messages = [record.getMessage() for record in caplog.records]
    assert messages == ["unexpected error on GET /a\\x0afake\\x1b[2J"], messages


def test_a_proxys_client_address_is_an_address_and_nothing_more():
    trusted = ["127.0.0.1"]
    assert client_address({"REMOTE_ADDR": "127.0.0.1", "HTTP_X_REAL_IP": "203.0.113.5"},
                          trusted) == "203.0.113.5"
    # an IPv6 scope may hold any text: the peer is logged instead
    assert client_address({"REMOTE_ADDR": "127.0.0.1",
                           "HTTP_X_REAL_IP": '::1%a 1.2.3.4 - "GET'}, trusted) == "127.0.0.1"


def test_an_exceptions_words_in_a_traceback_write_no_line_of_their_own(caplog):
    """The words of an exception may quote a request: escaped in the traceback (its frames'
    lines stay lines)."""
    (record,) = failing_request(
        caplog, "/", ValueError("bad token 'x'\nFAKE 1.2.3.4 - \"GET /admin\" 200\x1b[2J"))
    lines = record.exc_text.splitlines()
    assert not any(line.startswith("FAKE") for line in lines) and "\x1b" not in record.exc_text
    assert lines[0] == "Traceback (most recent call last):"
    assert any(line.startswith("  File ") for line in lines)
    assert lines[-1] == "ValueError: bad token 'x'\\x0aFAKE 1.2.3.4 - \"GET /admin\" 200\\x1b[2J"
