"""Fixtures of the page's tests: the Flask test client, and for browser tests the real app
served by gunicorn on 127.0.0.1 (a free port), driven by Debian's chromium through Playwright.

Playwright never downloads a browser here: it launches /usr/bin/chromium, which `make test`
installs. Without it the browser tests are skipped, saying so.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from calculator import create_app

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WIDTHS = {"phone": (375, 812), "desktop": (1280, 900)}


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """gunicorn serving create_app() with the project's own config; stopped by its PID."""
    port = _free_port()
    gunicorn = Path(sys.executable).with_name("gunicorn")
    env = dict(os.environ, HOST="127.0.0.1", PORT=str(port), WEB_CONCURRENCY="2",
               LOG_LEVEL="warning")
    log = tmp_path_factory.mktemp("gunicorn") / "error.log"   # a file: a pipe could fill up
    process = subprocess.Popen(
        [str(gunicorn), "-c", str(ROOT / "gunicorn.conf.py"), "--access-logfile", "/dev/null",
         "--error-logfile", str(log), "calculator:create_app()"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1):
                break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError("gunicorn did not start: " + log.read_text(
                    errors="replace")[-2000:]) from None
            time.sleep(0.1)
    yield url
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    errors = [line for line in log.read_text(errors="replace").splitlines()
              if "Traceback" in line or "[ERROR]" in line]
    assert not errors, "the server logged errors:\n" + "\n".join(errors)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: `make test` installs Debian's chromium "
                    f"(apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _context(browser, javascript: bool, width: str = "phone", scheme: str = "light",
             **options):
    w, h = WIDTHS[width]
    return browser.new_context(java_script_enabled=javascript, viewport={"width": w, "height": h},
                               device_scale_factor=1, locale="en-GB", color_scheme=scheme,
                               **options)


def watch(context, tab, live_server: str) -> tuple[list, list]:
    """Requests that try to leave the server (aborted) and console errors, to assert on."""
    outside, problems = [], []
    context.route("**/*", lambda route: (route.continue_() if route.request.url.startswith(
        live_server) else (outside.append(route.request.url), route.abort())))
    tab.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    tab.on("pageerror", lambda error: problems.append(str(error)))
    return outside, problems


def check_clean(outside: list, problems: list) -> None:
    assert not outside, f"requests left the server: {outside}"
    real = [p for p in problems if "status of 4" not in p]  # a 4xx answer is logged as such
    assert not real, f"console errors: {real}"


@pytest.fixture()
def make_tab(browser, live_server):
    """Tabs of any size, scheme and JavaScript setting, checked as `page` is when closed."""
    opened = []

    def make(javascript: bool = True, width: str = "phone", scheme: str = "light", **options):
        context = _context(browser, javascript, width, scheme, **options)
        tab = context.new_page()
        checks = watch(context, tab, live_server)
        tab.on("dialog", lambda dialog: dialog.accept())
        tab.javascript, tab.base, tab.scheme = javascript, live_server, scheme
        opened.append((context, checks))
        return tab

    yield make
    for context, checks in opened:
        context.close()
        check_clean(*checks)


@pytest.fixture(params=[True, False], ids=["js", "nojs"])
def page(request, browser, live_server):
    """A phone-sized page, once with JavaScript and once without. Any request that leaves
    127.0.0.1 fails the test (no CDN, no outside fonts), and so does a console error (a CSP
    violation is one)."""
    context = _context(browser, request.param)
    tab = context.new_page()
    checks = watch(context, tab, live_server)
    tab.on("dialog", lambda dialog: dialog.accept())
    tab.javascript, tab.base, tab.scheme = request.param, live_server, "light"
    yield tab
    context.close()
    check_clean(*checks)


@pytest.fixture()
def desktop(browser, live_server):
    context = _context(browser, True, "desktop")
    tab = context.new_page()
    tab.on("dialog", lambda dialog: dialog.accept())
    tab.javascript, tab.base, tab.scheme = True, live_server, "light"
    yield tab
    context.close()
