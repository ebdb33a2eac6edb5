"""Production server settings for `gunicorn -c gunicorn.conf.py 'calculator:create_app()'`.

Every setting can be overridden from the environment, as a container platform expects.
"""
import multiprocessing
import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
# The engine is CPU-bound pure Python: one sync worker per core (+1 to cover I/O gaps).
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() + 1))
worker_class = "sync"
# A request is bounded (largest batch, largest ledger of card hands): a worker silent for
# this long is stuck, and the master replaces it.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
keepalive = 5
# Share links carry a game ledger in the URL: keep gunicorn's own request-line limit explicit.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "0"))
max_requests_jitter = 50
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
preload_app = True
