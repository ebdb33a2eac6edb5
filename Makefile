# make run   : build .venv if missing, install, serve on http://127.0.0.1:8000 with gunicorn
# make test  : build .venv if missing, install test needs (Debian's chromium too), run every test
# make check : the quick lane: core, API and command line, short property runs (no browser, no gunicorn)
# make bench : engine, HTTP, load and cluster benchmarks, and instruction counts (figures only)
# make cluster: nginx on http://127.0.0.1:8080 in front of 2 gunicorn instances, until Ctrl-C
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
INSTANCES ?= 2
# Debian packages are installed when missing, through sudo unless make runs as root.
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
apt_install = { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(1); }

.PHONY: run test check bench chromium wrk peers clean cluster nginx valgrind

# Debian's python3 makes virtual environments only with its python3-venv package (ensurepip).
$(BIN)/python:
	@$(PYTHON) -c 'import ensurepip' 2>/dev/null || $(call apt_install,python3-venv)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip==26.3

# One stamp per extra, remade whenever pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed-run
	HOST=$(HOST) PORT=$(PORT) $(BIN)/gunicorn -c gunicorn.conf.py 'calculator:create_app()'

# The deployed topology on one machine (deploy/nginx.conf in front of INSTANCES gunicorn
# instances), everything under a temporary directory, in the foreground until Ctrl-C.
cluster: PORT = 8080
cluster: $(VENV)/.installed-run nginx
	$(BIN)/python deploy/topology.py --port $(PORT) --instances $(INSTANCES)

# Browser tests drive Debian's chromium; no tool may download a browser of its own.
chromium:
	@command -v chromium >/dev/null 2>&1 || $(call apt_install,chromium)

# The reverse proxy of deploy/nginx.conf (Debian's package), for make cluster and its tests.
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || $(call apt_install,nginx)

test: $(VENV)/.installed-test chromium nginx
	$(BIN)/python -m pytest

# What a change to the engine or the API needs checked before a commit, in well under a minute
# (a worker a core); `make test` stays the full suite that CI runs.
check: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q -n auto -m "not browser and not slow" --hypothesis-profile=quick \
		tests/core tests/api tests/test_cli.py tests/test_layers.py tests/test_rules_doc.py

# Load generator for the HTTP benchmarks (Debian's package).
wrk:
	@command -v wrk >/dev/null 2>&1 || $(call apt_install,wrk)

valgrind:  # bench/instructions.py counts instructions under its callgrind
	@command -v valgrind >/dev/null 2>&1 || $(call apt_install,valgrind)

# The engine's peers are optional, bench-only installs; the benchmark says when one is missing.
peers: $(VENV)/.installed-test
	-$(BIN)/python -m pip install --quiet -r bench/requirements-peers.txt

bench: $(VENV)/.installed-test peers wrk nginx valgrind
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/api_http.py
	$(BIN)/python bench/http_parts.py
	$(BIN)/python bench/load.py
	$(BIN)/python bench/cluster.py
	$(BIN)/python bench/instructions.py
	$(BIN)/python bench/advice.py
	$(BIN)/python bench/calibration.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis .schemathesis
