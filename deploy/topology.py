"""Run the deployed topology on one machine: nginx (deploy/nginx.conf) on 127.0.0.1:PORT in
front of INSTANCES gunicorn instances (the shipped gunicorn.conf.py), each on a free loopback
port, everything (config, logs, pid and temporary files) under one temporary directory.

    make cluster                                   # PORT=8080, INSTANCES=2
    .venv/bin/python deploy/topology.py --port 8080 --instances 3 --workers 2

It runs in the foreground until Ctrl-C or SIGTERM, then stops nginx (it finishes the requests
it holds), then each instance gracefully, and removes the directory. The tests and
bench/cluster.py use the same classes: `Cluster(...)` as a context manager.

Children run in sessions of their own, so Ctrl-C reaches only this launcher, which stops them
in order; each also gets SIGTERM should the launcher die without stopping them.
"""
from __future__ import annotations

import argparse
import ctypes
import ipaddress
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))

from http_server import APP, CONFIG, LOOPBACK, children_of, free_port, request  # noqa: E402

from calculator.headers import allowed_origins  # noqa: E402

TEMPLATE = ROOT / "deploy" / "nginx.conf"
CONFIGMAP = ROOT / "deploy" / "k8s" / "nginx-configmap.yaml"
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


@dataclass(frozen=True)
class Limits:
    """Per client address: requests a second, the burst served at once, requests open; and
    all clients together: requests open in nginx (they bound its memory and its temporary
    files) and batch requests open (they bound its spool of answers)."""

    rate: int = 50
    burst: int = 100
    connections: int = 20
    batches: int = 8
    open: int = 128


# One machine's own load tests come from one address (127.0.0.1): they need the limits raised.
UNLIMITED = Limits(rate=100_000, burst=100_000, connections=10_000, batches=10_000,
                   open=10_000)

# The pod's nginx trusts X-Forwarded-For from the private networks: behind a ClusterIP Service
# every peer it has is in the cluster (the ingress, the kubelet's probes, other pods).
K8S_TRUSTED = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7")
ORIGIN = re.compile(r"[a-z][a-z0-9+.-]*://[A-Za-z0-9.-]+(:[0-9]+)?|null")


@dataclass(frozen=True)
class Edge:
    """Who the clients are: the proxies trusted to name them (nginx's set_real_ip_from), and
    the origins the app grants CORS to (the GIN_CORS_ORIGINS of the instances)."""

    trusted: tuple[str, ...] = ()
    cors_origins: str = "*"

    def __post_init__(self):
        for proxy in self.trusted:
            ipaddress.ip_network(proxy, strict=False)  # ValueError names a bad one
        self.origins()

    def origins(self) -> "str | list[str]":
        """'*', or the allowed origins, read as the app reads GIN_CORS_ORIGINS (JSON when it
        parses as JSON, as Flask's from_prefixed_env does); each one safe to quote in nginx."""
        try:
            setting = json.loads(self.cors_origins)
        except ValueError:
            setting = self.cors_origins
        allowed = allowed_origins(setting)
        if allowed == "*":
            return "*"
        for origin in allowed:
            if not ORIGIN.fullmatch(origin):
                raise ValueError(f"not an origin: {origin!r}")
        return sorted(allowed)


def render(template: str, listen: str, upstreams: list[str], limits: Limits = Limits(),
           worker_processes: str = "auto", edge: Edge = Edge()) -> str:
    """deploy/nginx.conf with its placeholders filled: a line holding {{upstream}} once per
    address in `upstreams` (an address may end in " down"), one holding {{real_ip_from}} once
    per trusted proxy and one holding {{cors_origin}} once per allowed origin (none: the line
    is left out). Unknown or unfilled names fail."""
    if not upstreams:
        raise ValueError("at least one upstream")
    origins = edge.origins()
    values = {"listen": listen, "rate": str(limits.rate), "burst": str(limits.burst),
              "connections": str(limits.connections), "batches": str(limits.batches),
              "open": str(limits.open),
              "worker_processes": worker_processes, "cors_any": "*" if origins == "*" else ""}
    repeated = {"upstream": upstreams, "real_ip_from": list(edge.trusted),
                "cors_origin": [] if origins == "*" else origins}
    lines = []
    for line in template.splitlines(keepends=True):
        copies = [line]
        for name, items in repeated.items():
            if "{{%s}}" % name in line:
                copies = [line.replace("{{%s}}" % name, item) for item in items]
        for copy in copies:
            lines.append(PLACEHOLDER.sub(lambda match: values[match.group(1)], copy))
    return "".join(lines)


def k8s_configmap(edge: Edge = Edge(K8S_TRUSTED)) -> str:
    """deploy/k8s/nginx-configmap.yaml: deploy/nginx.conf as the sidecar of each pod runs it
    (port 8080 in front of gunicorn on 127.0.0.1:8000, one event loop, the shipped limits,
    X-Forwarded-For trusted from `edge.trusted`, CORS as the app's default '*')."""
    config = render(TEMPLATE.read_text(), "8080", ["127.0.0.1:8000"], Limits(), "1", edge)
    if any(line != line.rstrip() for line in config.splitlines()):
        raise ValueError("deploy/nginx.conf has trailing spaces (a YAML block cannot keep them)")
    body = "".join(f"    {line}" if line else "" for line in config.splitlines(keepends=True))
    return ("# Generated from deploy/nginx.conf by `python deploy/topology.py --write-configmap`\n"
            "# (the tests check it is up to date): the nginx sidecar of deployment.yaml.\n"
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: gin-rummy-calculator-nginx\n"
            "  labels:\n    app.kubernetes.io/name: gin-rummy-calculator\ndata:\n"
            "  nginx.conf: |\n" + body)


def _die_with_parent() -> None:
    """In the child, before exec: a session of its own, and SIGTERM when the thread that
    started it ends (Linux's PR_SET_PDEATHSIG follows the thread, not the process: start
    children from the main thread)."""
    os.setsid()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _kill_all(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def stop_gracefully(process: subprocess.Popen | None, signum: int, children, timeout: float):
    """Send a master its graceful-stop signal and wait; past `timeout`, SIGKILL it and the
    children it had (`children()` lists them). Returns its exit code (None if never started)."""
    if process is None:
        return None
    if process.poll() is None:
        workers = children()
        process.send_signal(signum)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            _kill_all(workers + [process.pid])
            process.wait(10)
    return process.returncode


def wait_healthz(url: str, timeout: float, alive=lambda: True) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive():
            raise RuntimeError(f"{url}: the process exited")
        try:
            if request(url + "/healthz", timeout=2)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise TimeoutError(f"{url}/healthz did not answer in {timeout:g} s")


class Instance:
    """One gunicorn master (the shipped config) on a fixed loopback port."""

    def __init__(self, directory: Path, name: str, workers: int | None = None,
                 env: dict[str, str] | None = None):
        self.directory = directory / name
        self.directory.mkdir(parents=True, exist_ok=True)
        self.name, self.workers, self.port = name, workers, free_port()
        self.env = dict(env or {})
        self.log_path = self.directory / "gunicorn.log"
        self.process: subprocess.Popen | None = None

    @property
    def address(self) -> str:
        return f"{LOOPBACK}:{self.port}"

    @property
    def url(self) -> str:
        return f"http://{self.address}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self, timeout: float = 60.0) -> "Instance":
        return self.spawn().wait_ready(timeout)

    def spawn(self) -> "Instance":
        """Start the master; from the thread that will outlive it (see _die_with_parent)."""
        env = dict(os.environ, **self.env, HOST=LOOPBACK, PORT=str(self.port))
        if self.workers is not None:
            env["WEB_CONCURRENCY"] = str(self.workers)
        env.pop("GIN_DEBUG", None)
        command = [sys.executable, "-m", "gunicorn", "-c", str(CONFIG), "--control-socket",
                   str(self.directory / "gunicorn.ctl"), APP]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log,
                                            stderr=subprocess.STDOUT,
                                            preexec_fn=_die_with_parent)
        return self

    def wait_ready(self, timeout: float = 60.0) -> "Instance":
        wait_healthz(self.url, timeout, self.running)
        if self.workers is not None:
            deadline = time.monotonic() + timeout
            while len(self.worker_pids()) < self.workers and time.monotonic() < deadline:
                time.sleep(0.05)
        return self

    def worker_pids(self) -> list[int]:
        return children_of(self.pid) if self.running() else []

    def stop(self, timeout: float = 40.0) -> int | None:
        """SIGTERM (gunicorn finishes the requests in flight), SIGKILL after `timeout`."""
        return stop_gracefully(self.process, signal.SIGTERM, self.worker_pids, timeout)

    def kill(self) -> None:
        """SIGKILL the master and its workers at once, as a machine or container dies."""
        _kill_all([self.pid] + self.worker_pids())
        self.process.wait(10)

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class Nginx:
    """Debian's nginx with the rendered deploy/nginx.conf, prefix = its own directory."""

    def __init__(self, directory: Path, port: int, limits: Limits, template: str | None = None,
                 edge: Edge = Edge()):
        self.prefix = directory / "nginx"
        for sub in ("logs", "temp"):
            (self.prefix / sub).mkdir(parents=True, exist_ok=True)
        self.port, self.limits, self.edge = port, limits, edge
        # the tests run altered copies of the config to show what a setting protects
        self.template = TEMPLATE.read_text() if template is None else template
        self.config_path = self.prefix / "nginx.conf"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def error_log(self) -> Path:
        return self.prefix / "logs" / "error.log"

    @property
    def access_log(self) -> Path:
        return self.prefix / "logs" / "access.log"

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def write_config(self, upstreams: list[str]) -> None:
        text = render(self.template, f"{LOOPBACK}:{self.port}", upstreams, self.limits,
                      edge=self.edge)
        self.config_path.write_text(text)
        self._nginx("-t", "-q")

    def _nginx(self, *args: str) -> None:
        done = subprocess.run(self.command(*args), capture_output=True, text=True, timeout=30)
        if done.returncode != 0:
            raise RuntimeError(f"nginx {' '.join(args)}: {done.stderr.strip()}")

    def command(self, *args: str) -> list[str]:
        return [nginx_binary(), "-p", str(self.prefix) + "/", "-c", str(self.config_path),
                "-e", str(self.error_log), *args]

    def start(self, upstreams: list[str], timeout: float = 20.0) -> "Nginx":
        self.write_config(upstreams)
        with open(self.prefix / "logs" / "stderr.log", "ab") as log:
            self.process = subprocess.Popen(self.command("-g", "daemon off;"), stdout=log,
                                            stderr=subprocess.STDOUT,
                                            preexec_fn=_die_with_parent)
        wait_healthz(self.url, timeout, self.running)
        return self

    def worker_pids(self) -> list[int]:
        return children_of(self.process.pid) if self.running() else []

    def reload(self, upstreams: list[str], timeout: float = 40.0) -> None:
        """New config, SIGHUP, and wait until every worker is one that reads it (the old ones
        finish the requests they hold, then exit)."""
        self.write_config(upstreams)
        old = set(self.worker_pids())
        self.process.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = set(self.worker_pids())
            if now and not now & old:
                return
            time.sleep(0.02)
        raise TimeoutError(f"nginx workers {sorted(old)} still running after the reload")

    def stop(self, timeout: float = 40.0) -> int | None:
        """SIGQUIT: stop accepting, finish the requests held, exit; SIGKILL after `timeout`."""
        return stop_gracefully(self.process, signal.SIGQUIT, self.worker_pids, timeout)


def nginx_binary() -> str:
    found = shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(path, os.X_OK)),
        None)
    if found is None:
        raise FileNotFoundError("nginx is not installed (make nginx installs Debian's package)")
    return found


class Cluster:
    """nginx in front of `instances` gunicorn instances, under one temporary directory; the
    instances grant CORS as `edge` says, and nginx's own answers the same."""

    def __init__(self, instances: int = 2, port: int | None = None, workers: int | None = None,
                 limits: Limits = Limits(), template: str | None = None, edge: Edge = Edge()):
        self.tmp = tempfile.TemporaryDirectory(prefix="gin-cluster-")
        self.directory = Path(self.tmp.name)
        if os.geteuid() == 0:
            # nginx's workers drop root for nobody: they must reach their temporary files
            self.directory.chmod(0o711)
        cors = {"GIN_CORS_ORIGINS": edge.cors_origins}
        self.instances = [Instance(self.directory, f"instance-{n + 1}", workers, cors)
                          for n in range(instances)]
        self.nginx = Nginx(self.directory, port or free_port(), limits, template, edge)
        self.down: set[int] = set()

    @property
    def url(self) -> str:
        return self.nginx.url

    def upstreams(self) -> list[str]:
        return [instance.address + (" down" if n in self.down else "")
                for n, instance in enumerate(self.instances)]

    def start(self) -> "Cluster":
        try:
            # the instances start at once: each fills the engine's tables (~0.5 s) first
            for instance in self.instances:
                instance.spawn()
            for instance in self.instances:
                try:
                    instance.wait_ready()
                except (RuntimeError, TimeoutError) as error:
                    raise RuntimeError(f"{instance.name}: {error}\n{instance.log_text()}") from None
            self.nginx.start(self.upstreams())
        except BaseException:
            self.close()
            raise
        return self

    def set_down(self, index: int, down: bool) -> None:
        """Take an instance out of nginx's rotation (or back in), and wait for the reload."""
        (self.down.add if down else self.down.discard)(index)
        self.nginx.reload(self.upstreams())

    def restart(self, index: int) -> None:
        """Out of the rotation, graceful stop, start on the same port, back in."""
        self.set_down(index, True)
        instance = self.instances[index]
        instance.stop()
        instance.start()
        self.set_down(index, False)

    def rolling_restart(self) -> None:
        for index in range(len(self.instances)):
            self.restart(index)

    def close(self) -> None:
        try:
            self.nginx.stop()
        finally:
            for instance in self.instances:
                instance.stop()
            self.tmp.cleanup()

    def __enter__(self) -> "Cluster":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8080, help="nginx's port on 127.0.0.1")
    parser.add_argument("--instances", type=int, default=2)
    parser.add_argument("--workers", type=int, default=None,
                        help="WEB_CONCURRENCY of each instance (default: the config's)")
    parser.add_argument("--rate", type=int, default=Limits.rate,
                        help="requests a second allowed to one client address")
    parser.add_argument("--burst", type=int, default=Limits.burst)
    parser.add_argument("--connections", type=int, default=Limits.connections,
                        help="requests open at once from one client address")
    parser.add_argument("--batches", type=int, default=Limits.batches,
                        help="batch requests open at once in nginx, all clients together")
    parser.add_argument("--real-ip-from", action="append", default=None, metavar="NETWORK",
                        help="a proxy trusted to name the client in X-Forwarded-For (repeat it; "
                             "default: none, or the private networks with --write-configmap)")
    parser.add_argument("--cors-origins", default="*",
                        help="GIN_CORS_ORIGINS of the instances and of nginx's own answers")
    parser.add_argument("--write-configmap", action="store_true",
                        help=f"write {CONFIGMAP.relative_to(ROOT)} from deploy/nginx.conf, exit")
    args = parser.parse_args(argv)
    try:
        edge = Edge(tuple(args.real_ip_from or (K8S_TRUSTED if args.write_configmap else ())),
                    args.cors_origins)
    except ValueError as error:
        parser.error(str(error))
    if args.write_configmap:
        CONFIGMAP.write_text(k8s_configmap(edge))
        print(f"wrote {CONFIGMAP.relative_to(ROOT)}")
        return 0
    if args.instances < 1:
        parser.error("--instances must be at least 1")

    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    limits = Limits(args.rate, args.burst, args.connections, args.batches)
    with Cluster(args.instances, args.port, args.workers, limits, edge=edge) as cluster:
        print(f"nginx {cluster.url} (pid {cluster.nginx.process.pid}) in front of "
              f"{len(cluster.instances)} gunicorn instance(s):", flush=True)
        for instance in cluster.instances:
            print(f"  {instance.name} {instance.url} (pid {instance.pid}, "
                  f"{len(instance.worker_pids())} workers)  log {instance.log_path}", flush=True)
        print(f"  nginx access log {cluster.nginx.access_log}\n  nginx error log "
              f"{cluster.nginx.error_log}\nCtrl-C stops it all.", flush=True)
        while not stop.wait(1.0):
            if not cluster.nginx.running():
                print("nginx exited; stopping", file=sys.stderr)
                break
        print("stopping: nginx first, then each instance gracefully", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
