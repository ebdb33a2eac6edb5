# make run   : build .venv if missing, install, serve on http://127.0.0.1:8000 with gunicorn
# make test  : build .venv if missing, install test needs (chromium too), run every test
# make bench : engine and HTTP benchmarks (figures, not pass/fail)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test bench clean

$(BIN)/python:
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

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest
	
bench: $(VENV)/.installed-test
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis .schemathesis
