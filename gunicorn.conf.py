"""Production server settings for `gunicorn -c gunicorn.conf.py 'calculator:create_app()'`.

Every setting can be overridden from the environment, as a container platform expects.
"""
import multiprocessing
import os

from calculator.core.numbers import whole_number


def _whole(name: str, default: int, low: int = 0, high: int = 10 ** 6) -> int:
    """A setting from the environment: ASCII digits from `low` to `high` (int() would also
    read "٣٠" and " 30"), else the server does not start, and says why."""
    text = os.environ.get(name)
    if text is None:
        return default
    value = whole_number(text, 7)
    if value is None or not low <= value <= high:
        raise SystemExit(f"error: {name}={text[:20]!r} is not a whole number from {low} to "
                         f"{high}")
    return value


bind = f"{os.environ.get('HOST', '127.0.0.1')}:{_whole('PORT', 8000, 1, 65535)}"
# The engine is CPU-bound pure Python: one sync worker per core (+1 to cover I/O gaps).
workers = _whole("WEB_CONCURRENCY", multiprocessing.cpu_count() + 1, 1, 1000)
worker_class = "sync"
# A request is bounded (largest batch, largest ledger of card hands): a worker silent for
# this long is stuck, and the master replaces it.
timeout = _whole("GUNICORN_TIMEOUT", 30, 1)
# On SIGTERM, in-flight requests get at least as long as any request may take.
graceful_timeout = _whole("GUNICORN_GRACEFUL_TIMEOUT", timeout)
keepalive = 5
# Share links carry a game ledger in the URL: keep gunicorn's own request-line limit explicit.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
max_requests = _whole("GUNICORN_MAX_REQUESTS", 0)
max_requests_jitter = 50
# "-": the access log goes to stdout, the error log to stderr.
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
# %(client)s (calculator/logs.py): the X-Real-IP nginx sets when the peer is one of
# FORWARDED_ALLOW_IPS, else the peer's address; gunicorn's %(h)s is always the peer (nginx).
# The path without its query (%(U)s): a share link's ?g= holds the players' names and hands.
access_log_format = '%(client)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s %(M)sms'
# Each access-log field (a share link's request line is up to 8 KiB) and each error record is
# cut to a bounded length, so no request writes more than about 2 KB into a log.
logger_class = "calculator.logs.BoundedLogger"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
preload_app = True
# gunicorn 27's control socket defaults to one path per user, shared by every instance on the
# machine (a second server replaces the first one's socket); the service does not use it.
control_socket_disable = True


def when_ready(server):
    """In the master, after the app is loaded (preload_app) and before any worker is forked:
    fill the engine's per-suit tables (about half a second), so that every worker starts with
    them instead of filling its own on its first requests (a first batch of 10,000 random
    hands cost about 35 ms more), then freeze what exists, so that the workers' garbage
    collector leaves those objects alone and their memory stays shared."""
    import gc

    from calculator.core.memo import fill_tables

    server.log.info("filled %d table entries before forking the workers", fill_tables())
    gc.freeze()
