"""The container recipe (Dockerfile, .dockerignore) and the Kubernetes manifests (deploy/k8s/).

No Docker engine runs here, so the image is not built; instead: hadolint lints the Dockerfile,
the build context that .dockerignore lets through is computed and the wheel built from exactly
that (the build stage), the wheel installed alone is served with the image's command and checked
with its HEALTHCHECK command (the run stage, on 127.0.0.1), and kubernetes-validate checks every
manifest offline against the Kubernetes API's schemas, with the facts that tie them to the
image, gunicorn.conf.py and deploy/nginx.conf.
"""
from __future__ import annotations

import fnmatch
import json
import os
import re
import runpy
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import zipfile
from pathlib import Path

import kubernetes_validate
import pytest
import yaml
from packaging.requirements import Requirement

import topology
from deploy_support import SlowHeaders, call
from http_server import APP, CONFIG, free_port

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
K8S = ROOT / "deploy" / "k8s"
HADOLINT = Path(sys.executable).parent / "hadolint"
# The oldest Kubernetes still commonly run, and the newest the validator knows.
K8S_VERSIONS = ["1.30.0", kubernetes_validate.utils.latest_version()]
# Measured by bench/cluster.py (docs/OPERATIONS.md): a worker's peak answering the largest
# batch, and the master with the shared engine tables.
WORKER_PEAK_MIB, MASTER_MIB = 165, 32
# The largest answer (10,000 meld-dense eleven-card hands, detail full; docs/OPERATIONS.md).
LARGEST_ANSWER_MB = 21
# The liveness check of the image and of the pod: one command (calculator/alive.py).
LIVENESS = ["python", "-m", "calculator.alive"]


def _run(command, timeout=300, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, **kwargs)


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (NAME, arguments), continuation lines joined."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, rest = line.partition(" ")
            found.append((name.upper(), rest.strip()))
    return found


def stages() -> list[list[tuple[str, str]]]:
    out: list[list[tuple[str, str]]] = []
    for name, rest in instructions():
        if name == "FROM":
            out.append([])
        out[-1].append((name, rest))
    return out


def exec_form(rest: str) -> list[str]:
    return json.loads(rest)


# --- Dockerfile --------------------------------------------------------------------------------

def test_hadolint_finds_nothing_in_the_dockerfile():
    done = _run([str(HADOLINT), "--failure-threshold", "style", str(DOCKERFILE)])
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_hadolint_does_flag_a_careless_dockerfile(tmp_path):
    careless = tmp_path / "Dockerfile"
    careless.write_text("FROM python:latest\nRUN pip install flask\nCMD python app.py\n")
    done = _run([str(HADOLINT), str(careless)])
    assert done.returncode != 0
    assert {"DL3007", "DL3013", "DL3025"} <= set(re.findall(r"DL\d{4}", done.stdout)), done.stdout


def test_the_image_is_slim_non_root_and_runs_the_shipped_config():
    build, run = stages()
    for stage in (build, run):
        image = stage[0][1].split()[0]
        assert re.fullmatch(r"python:3\.\d+-slim-\w+", image), image
    names = [name for name, _ in run]
    # the run stage copies the wheel from the build stage and the server config, nothing else
    copies = [rest for name, rest in run if name == "COPY"]
    assert copies == ["--from=build /wheels /wheels", "gunicorn.conf.py ./"], copies
    installs = [rest for name, rest in run if name == "RUN" and "pip install" in rest]
    assert len(installs) == 1 and re.search(r"pip install --no-cache-dir /wheels/\*\.whl",
                                            installs[0])
    (user,) = [rest for name, rest in run if name == "USER"]
    uid = int(user.split(":")[0])
    assert uid >= 1000, "a numeric non-root user (Kubernetes checks runAsNonRoot by number)"
    assert names.index("USER") > max(i for i, n in enumerate(names) if n in ("RUN", "COPY"))
    (cmd,) = [exec_form(rest) for name, rest in run if name == "CMD"]
    assert cmd == ["gunicorn", "-c", "gunicorn.conf.py", "calculator:create_app()"]
    (health,) = [rest for name, rest in run if name == "HEALTHCHECK"]
    # a connection to the master's socket (see the HEALTHCHECK test below), in exec form,
    # the command the Kubernetes liveness probe runs too
    assert exec_form(health.split("CMD", 1)[1].strip()) == LIVENESS


def _ignore_patterns() -> list[tuple[bool, str]]:
    rules = []
    for line in (ROOT / ".dockerignore").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            negated = line.startswith("!")
            rules.append((negated, line.lstrip("!").rstrip("/")))
    return rules


def _ignored(relative: str, rules) -> bool:
    """Docker's rule: the last pattern that matches the path or one of its parents decides."""
    parts = relative.split("/")
    prefixes = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
    verdict = False
    for negated, pattern in rules:
        regex = fnmatch.translate(pattern).replace(".*.*/", "(.*/)?")
        if any(re.fullmatch(regex, prefix) for prefix in prefixes) or (
                pattern.startswith("**/") and any(
                    fnmatch.fnmatch(part, pattern[3:]) for part in parts)):
            verdict = not negated
    return verdict


def build_context() -> list[str]:
    """The files of the source tree that `docker build .` would send, as relative paths."""
    rules, found = _ignore_patterns(), []
    for path in ROOT.rglob("*"):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith((".git/", ".venv/")) or relative in (".git", ".venv"):
            continue
        if path.is_file() and not _ignored(relative, rules):
            found.append(relative)
    return sorted(found)


def test_the_build_context_holds_what_the_dockerfile_copies_and_no_more():
    context = build_context()
    tops = {name.split("/")[0] for name in context}
    assert tops == {"pyproject.toml", "README.md", "openapi.yaml", "calculator", "templates",
                    "static", "packaging", "gunicorn.conf.py"}, tops
    assert not [name for name in context if "__pycache__" in name or name.endswith(".pyc")]
    for stage in stages():
        for name, rest in stage:
            if name == "COPY" and not rest.startswith("--from"):
                for source in rest.split()[:-1]:
                    assert source in tops, f"COPY {source}: not in the build context"


def test_the_recipe_without_docker_builds_serves_and_passes_its_healthcheck(tmp_path):
    """The build stage's command on exactly the build context, then the run stage's: the
    wheel installed alone, gunicorn.conf.py in the working directory, the image's CMD, and
    its HEALTHCHECK command, with HOST=127.0.0.1 and a free port instead of 0.0.0.0:8000."""
    source, wheels, venv, app = (tmp_path / n for n in ("src", "wheels", "venv", "app"))
    for name in build_context():
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    (build_stage, run_stage) = stages()
    (build_cmd,) = [rest for name, rest in build_stage if name == "RUN"]
    assert build_cmd == "pip wheel --no-cache-dir --no-deps --wheel-dir /wheels ."
    built = _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-cache-dir", "--no-deps",
                  "--wheel-dir", str(wheels), "."], cwd=source)
    if built.returncode and "No matching distribution" in built.stderr:
        pytest.skip("the build backend setuptools==80.9.0 is not installable here: "
                    + built.stderr.strip().splitlines()[-1])
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = wheels.glob("gin_rummy_calculator-*.whl")
    assert "calculator/_data/templates/index.html" in zipfile.ZipFile(wheel).namelist()

    assert _run([sys.executable, "-m", "venv", "--without-pip", str(venv)]).returncode == 0
    python = venv / "bin" / "python"
    installed = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                      "--no-deps", "--no-index", str(wheel)])
    assert installed.returncode == 0, installed.stderr[-3000:]
    app.mkdir()
    shutil.copy2(ROOT / "gunicorn.conf.py", app / "gunicorn.conf.py")

    port = free_port()
    # the wheel's dependencies from this venv's site-packages, as a plain path (its editable
    # install of the source tree is not activated that way)
    env = dict(os.environ, HOST="127.0.0.1", PORT=str(port), WEB_CONCURRENCY="1",
               PYTHONPATH=sysconfig.get_paths()["purelib"])
    env.pop("GIN_DEBUG", None)
    (cmd,) = [exec_form(rest) for name, rest in run_stage if name == "CMD"]
    (health,) = [rest for name, rest in run_stage if name == "HEALTHCHECK"]
    check = [str(python)] + exec_form(health.split("CMD", 1)[1].strip())[1:]

    def healthcheck() -> int:
        return _run(check, timeout=10, cwd=app, env=env).returncode

    server = subprocess.Popen([str(python), "-m", *cmd, "--control-socket",
                               str(tmp_path / "gunicorn.ctl")], cwd=app, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while healthcheck() != 0 and time.monotonic() < deadline:
            assert server.poll() is None, server.stdout.read()
            time.sleep(0.2)
        assert healthcheck() == 0
        # with the one worker held by a client that never finishes its headers, the check
        # still passes at once: it does not wait behind the workers
        held = SlowHeaders(f"http://127.0.0.1:{port}")
        held.open()
        try:
            time.sleep(0.5)
            started = time.monotonic()
            assert healthcheck() == 0
            assert time.monotonic() - started < 3
        finally:
            held.close()
        where = _run([str(python), "-c", "import calculator; print(calculator.__file__)"],
                     cwd=app, env=env).stdout
        assert where.startswith(str(venv)), where
    finally:
        server.send_signal(signal.SIGTERM)
        code = server.wait(40)
    assert code == 0
    assert healthcheck() != 0, "the HEALTHCHECK passes with nothing listening"


# --- Kubernetes ----------------------------------------------------------------------------

def manifests() -> dict[str, dict]:
    found = {}
    for path in sorted(K8S.glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            found[f"{document['kind']}/{document['metadata']['name']}"] = document
    return found


@pytest.mark.parametrize("version", K8S_VERSIONS)
def test_every_manifest_is_valid_for_kubernetes(version):
    found = manifests()
    kinds = {key.split("/")[0] for key in found}
    assert kinds == {"Deployment", "Service", "HorizontalPodAutoscaler",
                     "PodDisruptionBudget", "ConfigMap"}, kinds
    for key, document in found.items():
        kubernetes_validate.validate(document, version, strict=True)


def test_the_validator_does_refuse_a_broken_manifest():
    broken = json.loads(json.dumps(manifests()["Deployment/gin-rummy-calculator"]))
    broken["spec"]["template"]["spec"]["containers"][1]["readinessProbe"]["httpGet"]["pth"] = "/"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, K8S_VERSIONS[-1], strict=True)
    broken = json.loads(json.dumps(manifests()["Deployment/gin-rummy-calculator"]))
    broken["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, K8S_VERSIONS[-1], strict=False)


def _containers() -> dict[str, dict]:
    pod = manifests()["Deployment/gin-rummy-calculator"]["spec"]["template"]["spec"]
    return {container["name"]: container for container in pod["containers"]}


def _mib(quantity: str) -> float:
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", quantity).groups()
    return int(number) * (1024 if unit == "Gi" else 1)


def _env(container: dict) -> dict[str, str]:
    return {item["name"]: item["value"] for item in container.get("env", [])}


def test_the_deployment_sizes_memory_from_the_measured_workers():
    app = _containers()["app"]
    env = _env(app)
    workers = int(env["WEB_CONCURRENCY"])
    worst = MASTER_MIB + workers * WORKER_PEAK_MIB
    assert _mib(app["resources"]["requests"]["memory"]) >= worst
    assert _mib(app["resources"]["limits"]["memory"]) > _mib(app["resources"]["requests"]["memory"])
    assert float(app["resources"]["requests"]["cpu"]) >= workers / 2  # CPU-bound workers
    # the same non-root user as the image
    (user,) = [rest for name, rest in stages()[-1] if name == "USER"]
    assert app["securityContext"]["runAsUser"] == int(user.split(":")[0])


def _exec_probe(probe: dict, env: dict) -> list[str]:
    """The probe's command as this machine runs it: the venv's python for the image's."""
    command = probe["exec"]["command"]
    assert command == LIVENESS
    return [sys.executable, *command[1:]]


@pytest.fixture
def pod_gunicorn(tmp_path):
    """gunicorn with the shipped config and the app container's environment (its HOST,
    two workers), on a free port."""
    env = dict(os.environ, **_env(_containers()["app"]))
    env["PORT"] = str(free_port())
    env.pop("GIN_DEBUG", None)
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(CONFIG),
                                "--control-socket", str(tmp_path / "gunicorn.ctl"), APP],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{env['PORT']}"
    try:
        topology.wait_healthz(url, 60, lambda: process.poll() is None)
        yield process, url, env
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(40)


def test_gunicorn_in_the_pod_listens_on_loopback_only(pod_gunicorn):
    """No other pod can open gunicorn's port: it answers on 127.0.0.1, and the same port on
    another of the machine's addresses refuses the connection (0.0.0.0 would accept it)."""
    import socket

    _, url, env = pod_gunicorn
    assert call(url, "/healthz")[0] == 200
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.2", int(env["PORT"])), 2).close()
    # the container declares no port of its own, and nothing in the pod points at one
    app = _containers()["app"]
    assert "ports" not in app and "readinessProbe" not in app


def test_the_probes_do_not_wait_behind_busy_workers(pod_gunicorn):
    """Both workers held by clients that never finish their headers (as a long batch holds
    them): a GET /healthz straight at gunicorn would wait past the old 2-3 s probe timeouts,
    but the app's liveness probe (the master's socket) passes at once; it fails once gunicorn
    is gone. Readiness goes through nginx and waits longer than the slowest request."""
    process, url, env = pod_gunicorn
    containers = _containers()
    liveness = containers["app"]["livenessProbe"]
    command = _exec_probe(liveness, env)
    held = [SlowHeaders(url) for _ in range(3)]
    try:
        for client in held:
            client.open()
        time.sleep(1.0)
        with pytest.raises(OSError):  # a timeout: the workers are held
            call(url, "/healthz", timeout=3)
        started = time.monotonic()
        done = _run(command, timeout=liveness["timeoutSeconds"], env=env)
        assert done.returncode == 0, done.stderr
        assert time.monotonic() - started < liveness["timeoutSeconds"]
    finally:
        for client in held:
            client.close()
    process.send_signal(signal.SIGTERM)
    process.wait(40)
    assert _run(command, timeout=10, env=env).returncode != 0
    readiness = containers["nginx"]["readinessProbe"]
    assert readiness["httpGet"] == {"path": "/healthz", "port": "http"}
    assert readiness["timeoutSeconds"] >= 10 and readiness["failureThreshold"] >= 3
    assert containers["nginx"]["livenessProbe"]["tcpSocket"] == {"port": "http"}


def test_a_pod_stops_gracefully_within_its_grace_period():
    pod = manifests()["Deployment/gin-rummy-calculator"]["spec"]["template"]["spec"]
    graceful = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["graceful_timeout"]
    pauses = {}
    for container in pod["containers"]:
        pauses[container["name"]] = int(container["lifecycle"]["preStop"]["exec"]["command"][1])
        assert pod["terminationGracePeriodSeconds"] > pauses[container["name"]] + graceful
    # gunicorn closes its socket only after nginx has stopped taking requests and passed on
    # the ones whose bodies it was still reading (each may pause client_body_timeout)
    config = manifests()["ConfigMap/gin-rummy-calculator-nginx"]["data"]["nginx.conf"]
    (body_timeout,) = re.findall(r"^\s*client_body_timeout (\d+)s;", config, re.M)
    assert pauses["app"] > pauses["nginx"] + int(body_timeout)


def test_the_service_reaches_nginx_and_nginx_reaches_gunicorn_in_the_pod(nginx_installed,
                                                                          tmp_path):
    found = manifests()
    containers = _containers()
    nginx_port = containers["nginx"]["ports"][0]
    (service_port,) = found["Service/gin-rummy-calculator"]["spec"]["ports"]
    assert service_port["targetPort"] == nginx_port["name"]
    config = found["ConfigMap/gin-rummy-calculator-nginx"]["data"]["nginx.conf"]
    assert (K8S / "nginx-configmap.yaml").read_text() == topology.k8s_configmap(), \
        "deploy/k8s/nginx-configmap.yaml is stale: python deploy/topology.py --write-configmap"
    # the YAML block holds the rendered deploy/nginx.conf exactly, granting CORS as the app
    # container is told to
    app_env = _env(containers["app"])
    edge = topology.Edge(topology.K8S_TRUSTED, app_env["GIN_CORS_ORIGINS"])
    assert config == topology.render(topology.TEMPLATE.read_text(), "8080", ["127.0.0.1:8000"],
                                     topology.Limits(), "1", edge)
    assert f"server {app_env['HOST']}:{app_env['PORT']} " in config
    # gunicorn believes the forwarded headers of nginx, which reaches it on loopback
    assert app_env["FORWARDED_ALLOW_IPS"] == "127.0.0.1"
    assert f"listen {nginx_port['containerPort']};" in config
    # nginx accepts it (a prefix of its own with logs/ and temp/, as the pod's command makes)
    (tmp_path / "logs").mkdir()
    (tmp_path / "temp").mkdir()
    (tmp_path / "nginx.conf").write_text(config)
    done = _run([topology.nginx_binary(), "-t", "-q", "-p", f"{tmp_path}/", "-c",
                 str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "logs" / "error.log")])
    assert done.returncode == 0, done.stderr


def _size(text: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([km]?)", text).groups()
    return int(number) * {"": 1, "k": 1024, "m": 1024 * 1024}[unit]


def test_nginx_fits_its_memory_limit_and_its_volume_with_every_request_open():
    """Every request nginx holds at once (`all_open`, all clients together) at its worst:
    the header buffers, the body buffer and the answer's memory buffers each, and beside
    them every connection it may hold still sending its headers (which no limit counts
    yet: `worker_connections` of them, each with the header buffers and some 8 KB of its
    own; measured, 1,024 of them took a worker from 4 to 44 MB), within the sidecar's
    memory limit (beside some 16 MB of nginx itself); a body past the buffer (up to the
    body limit) and an answer past the buffers (a non-batch answer is under 1 MB) each on
    disk, with the batch answers' spool, within the volume."""
    config = manifests()["ConfigMap/gin-rummy-calculator-nginx"]["data"]["nginx.conf"]

    def setting(name: str) -> list[str]:
        # the server's own (the first): a location's own may only be smaller (/healthz's)
        return re.findall(rf"^\s*{name} ([^;]+);", config, re.M)[0].split()

    (open_at_once,) = re.findall(r"^\s*limit_conn all_open (\d+);", config, re.M)[:1]
    assert set(re.findall(r"^\s*limit_conn all_open (\d+);", config, re.M)) == {open_at_once}
    count, size = setting("large_client_header_buffers")
    buffers, buffer = setting("proxy_buffers")
    per_request = (int(count) * _size(size) + 1024 + _size(setting("client_body_buffer_size")[0])
                   + _size(setting("proxy_buffer_size")[0]) + int(buffers) * _size(buffer))
    (workers,) = setting("worker_processes")
    (connections,) = setting("worker_connections")
    sending_headers = int(workers) * int(connections) * (int(count) * _size(size) + 8 * 1024)
    memory = _mib(_containers()["nginx"]["resources"]["limits"]["memory"]) * 1024 * 1024
    assert (int(open_at_once) * per_request + sending_headers + 16 * 1024 * 1024 <= memory), \
        (per_request, sending_headers)
    (cap,) = re.findall(r"^\s*proxy_max_temp_file_size (\w+);", config, re.M)
    (slots,) = re.findall(r"^\s*limit_conn batches_open (\d+);", config, re.M)
    disk = (int(open_at_once) * (_size(setting("client_max_body_size")[0]) + 1024 * 1024)
            + int(slots) * _size(cap))
    pod = manifests()["Deployment/gin-rummy-calculator"]["spec"]["template"]["spec"]
    (volume,) = [v for v in pod["volumes"] if v["name"] == "nginx-run"]
    assert disk <= _mib(volume["emptyDir"]["sizeLimit"]) * 1024 * 1024


def test_the_spool_volume_holds_every_answer_nginx_may_spool():
    """Batch answers are the ones past nginx's memory buffers: each may spool up to
    proxy_max_temp_file_size (above the largest answer, so that none waits for its client at
    the instance), and at most `batches_open` of them at once; the volume holding nginx's
    temporary files is at least that, as an emptyDir past its sizeLimit evicts the pod."""
    config = manifests()["ConfigMap/gin-rummy-calculator-nginx"]["data"]["nginx.conf"]
    (cap,) = re.findall(r"^\s*proxy_max_temp_file_size (\w+);", config, re.M)
    (slots,) = re.findall(r"^\s*limit_conn batches_open (\d+);", config, re.M)
    assert _size(cap) >= LARGEST_ANSWER_MB * 1_000_000
    pod = manifests()["Deployment/gin-rummy-calculator"]["spec"]["template"]["spec"]
    (mount,) = [m for m in _containers()["nginx"]["volumeMounts"] if m["name"] == "nginx-run"]
    assert "-p " + mount["mountPath"] in " ".join(_containers()["nginx"]["command"])
    (volume,) = [v for v in pod["volumes"] if v["name"] == "nginx-run"]
    assert _mib(volume["emptyDir"]["sizeLimit"]) * 1024 * 1024 >= int(slots) * _size(cap)


def test_the_wheel_pins_every_package_it_installs():
    """Every dependency of a pinned dependency (as installed here, Python 3.11 on Linux, as in
    the image) is pinned exactly in pyproject.toml too: no build resolves a version itself."""
    from importlib.metadata import distribution

    import tomllib

    pins = {}
    for line in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]:
        requirement = Requirement(line)
        (spec,) = requirement.specifier
        assert spec.operator == "==", line
        pins[requirement.name.lower()] = spec.version
    for name, version in pins.items():
        assert distribution(name).version == version, name
        for needed in distribution(name).requires or []:
            requirement = Requirement(needed)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                assert requirement.name.lower() in pins, f"{name} needs {needed}: not pinned"


def test_the_autoscaler_and_the_disruption_budget_cover_the_deployment():
    found = manifests()
    deployment = found["Deployment/gin-rummy-calculator"]
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    hpa = found["HorizontalPodAutoscaler/gin-rummy-calculator"]["spec"]
    assert hpa["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment",
                                     "name": deployment["metadata"]["name"]}
    assert hpa["minReplicas"] >= 2 and hpa["maxReplicas"] > hpa["minReplicas"]
    assert [m["resource"]["name"] for m in hpa["metrics"]] == ["cpu"]
    pdb = found["PodDisruptionBudget/gin-rummy-calculator"]["spec"]
    assert pdb["selector"]["matchLabels"].items() <= labels.items()
    assert pdb["maxUnavailable"] < hpa["minReplicas"]
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
    service = found["Service/gin-rummy-calculator"]["spec"]
    assert service["type"] == "ClusterIP" and service["selector"].items() <= labels.items()
