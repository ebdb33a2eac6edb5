"""`make cluster` (deploy/topology.py): nginx on the given port in front of the instances, in
the foreground until SIGTERM or Ctrl-C (SIGINT), which stops everything it started and removes
its temporary directory. Also: the config it renders is valid for nginx, and the shipped
template keeps the body limit of the app.
"""
from __future__ import annotations

import re
import runpy
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import topology
from deploy_support import call
from http_server import children_of, free_port

ROOT = Path(__file__).resolve().parents[2]


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        children = children_of(todo.pop())
        found += children
        todo += children
    return found


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_the_launcher_runs_in_the_foreground_and_stops_it_all(nginx_installed, signum):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "deploy" / "topology.py"), "--port", str(port),
         "--instances", "2", "--workers", "1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any("Ctrl-C" in line for line in lines):
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line)
        banner = "".join(lines)
        assert f"nginx http://127.0.0.1:{port} " in banner, banner
        assert call(f"http://127.0.0.1:{port}", "/healthz")[0] == 200
        # nginx (master and workers) and two instances (master and one worker each)
        started = _descendants(process.pid)
        assert len(started) >= 2 + 2 * 2, started
        directory = Path(re.search(r"log (\S+)/instance-1/gunicorn.log", banner).group(1))
        assert directory.is_dir()
        process.send_signal(signum)
        code = process.wait(60)
        rest = process.stdout.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    assert code == 0, rest
    assert "stopping" in rest
    assert not directory.exists()
    alive = [pid for pid in started if Path(f"/proc/{pid}").exists()
             and Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"]
    assert not alive, alive
    with pytest.raises(OSError):
        call(f"http://127.0.0.1:{port}", "/healthz", timeout=2)


def test_the_rendered_config_passes_nginx_t(nginx_installed, tmp_path):
    nginx = topology.Nginx(tmp_path, free_port(), topology.Limits())
    nginx.write_config(["127.0.0.1:8001", "127.0.0.1:8002 down"])  # runs nginx -t
    text = nginx.config_path.read_text()
    assert "{{" not in text
    assert text.count("server 127.0.0.1:8001 max_fails=1 fail_timeout=5s;") == 1
    assert text.count("server 127.0.0.1:8002 down max_fails=1 fail_timeout=5s;") == 1
    assert "listen 127.0.0.1:" in text and "rate=50r/s" in text


def test_render_refuses_unknown_or_missing_values():
    with pytest.raises(KeyError):
        topology.render("listen {{nowhere}};", "127.0.0.1:1", ["127.0.0.1:2"])
    with pytest.raises(ValueError):
        topology.render(topology.TEMPLATE.read_text(), "127.0.0.1:1", [])


def test_the_body_limit_in_nginx_conf_is_the_apps():
    from calculator.api.limits import MAX_BODY_BYTES

    text = topology.TEMPLATE.read_text()
    sizes = re.findall(r"^\s*client_max_body_size\s+(\d+)([km]?);", text, re.M)
    units = {"": 1, "k": 1024, "m": 1024 * 1024}
    # the server's (the first); a location's own may only be smaller (/healthz takes none)
    server, *locations = [int(n) * units[u] for n, u in sizes]
    assert server == MAX_BODY_BYTES and all(size < server for size in locations)
    assert f"{MAX_BODY_BYTES:,} bytes" in text  # the detail nginx's 413 gives


def test_proxy_read_timeout_is_above_gunicorns_worker_timeout():
    timeout = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["timeout"]
    (read,) = re.findall(r"^\s*proxy_read_timeout\s+(\d+)s;", topology.TEMPLATE.read_text(),
                         re.M)
    assert int(read) > timeout


@pytest.mark.parametrize("name, value", [("GUNICORN_TIMEOUT", "abc"),
                                         ("GUNICORN_TIMEOUT", "\u0663\u0660"),
                                         ("GUNICORN_GRACEFUL_TIMEOUT", " 30"),
                                         ("GUNICORN_MAX_REQUESTS", "-1"),
                                         ("WEB_CONCURRENCY", "0"),
                                         ("PORT", "\u0668\u0660\u0660\u0660")])
def test_a_setting_in_the_environment_is_ascii_digits_in_range(monkeypatch, name, value):
    """gunicorn.conf.py's int() took '٣٠' as 30 (the service's own ports refuse that) and
    crashed with a traceback on 'abc': the server does not start, and says which setting."""
    monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as info:
        runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert str(info.value).startswith(f"error: {name}={value!r} is not a whole number from ")


def test_settings_from_the_environment_are_read(monkeypatch):
    for name in ("GUNICORN_GRACEFUL_TIMEOUT", "GUNICORN_MAX_REQUESTS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GUNICORN_TIMEOUT", "45")
    monkeypatch.setenv("PORT", "9001")
    monkeypatch.setenv("WEB_CONCURRENCY", "2")
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert (settings["timeout"], settings["graceful_timeout"], settings["max_requests"],
            settings["workers"]) == (45, 45, 0, 2)
    assert settings["bind"].endswith(":9001")
