# Print-kit toolchain. `make help` lists the targets.
.DELETE_ON_ERROR:
.DEFAULT_GOAL := help
SHELL := /bin/bash

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# Debian packages beyond Python: Pango and HarfBuzz-subset for WeasyPrint; poppler, qpdf,
# xmllint and rsvg-convert to check and preview outputs; MuPDF and Ghostscript, the audit's
# second and third PDF renderers.
DEBS   := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 poppler-utils qpdf libxml2-utils librsvg2-bin \
          mupdf-tools ghostscript
# ... and for the tests: headless Chromium opens the preview gallery and the SVG boards;
# a Times-metric serif (Nimbus Roman) is what SVG labels fall back to where a viewer ignores
# their embedded fonts; `locales` builds the locales the reproducibility test runs under.
TESTDEBS = chromium fonts-urw-base35 locales nodejs $(if $(shell command -v npm),,npm)
# ... with Node.js, yaml-language-server (the YAML server of VS Code, Neovim, Helix, ...): the
# tests drive it over its protocol on the written schemas. npm comes with Debian's `npm`, or
# inside NodeSource's `nodejs` (which conflicts with Debian's `npm`): asked for only if absent.
YLS_VERSION := 2.0.0
YLS := $(VENV)/node/node_modules/yaml-language-server/package.json
# ... and pre-commit, the hook's real client: tests/install/test_init.py runs the toolkit's hook
# (installed by pre-commit from the package index into an environment of its own) on a
# repository `toolkit init` made. Kept in a virtual environment of its own, made once.
PRECOMMIT_VERSION := 4.7.0
PRECOMMIT := $(VENV)/pre-commit/bin/pre-commit
TESTLOCALES := tr_TR
# Test workers (pytest-xdist): one per core, the slow tests first, a worker that is done takes
# tests from the other (worksteal); the shipped kit is built once for all of them. The tests
# run with Python's bytecode cache on (the suite starts `python -m toolkit` dozens of times,
# and pytest keeps its rewritten test modules there), whatever PYTHONDONTWRITEBYTECODE says.
TESTJOBS ?= auto

.PHONY: help setup sysdeps testlocales sheets test test-slow test-all pytest check audit audit-deps lock lint format schema bench clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'

# The versions the suite passed with (requirements.lock, `make lock`) are the ones installed:
# a dependency's new release must not change what a fresh clone builds or tests.
$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -c requirements.lock -e '.[dev]'
	touch $@

sysdeps: ## Install the Debian packages the toolchain needs (only those missing)
	@have=$$(dpkg-query -W -f='$${Package} $${db:Status-Abbrev}\n' $(DEBS) $(EXTRA_DEBS) 2>/dev/null | awk '$$2 == "ii" {print $$1}'); \
	missing=$$(for p in $(DEBS) $(EXTRA_DEBS); do echo "$$have" | grep -qx "$$p" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# `make sheets` runs `setup` before every build, so what setup has done once is not done
# again (70 ms of a designer's one-second edit loop): the Debian packages are looked for
# again when the Makefile's list of them changes (`make sysdeps` looks at once), and the
# toolkit's own modules are compiled again when one of them changes. They are compiled ahead
# (pip compiles the installed packages; the toolkit is installed editable): a cold `toolkit
# check` then starts in a tenth of the time, even where PYTHONDONTWRITEBYTECODE keeps Python
# from writing what it compiles. compileall compiles only the modules that changed.
SYSDEPS  := $(VENV)/.sysdeps
COMPILED := $(VENV)/.compiled
SOURCES  := $(wildcard toolkit/*.py toolkit/*/*.py toolkit/*/*/*.py toolkit/*/*/*/*.py)

$(SYSDEPS): Makefile
	@$(MAKE) --no-print-directory sysdeps
	@mkdir -p $(VENV) && touch $@

$(COMPILED): $(STAMP) $(SOURCES)
	@$(PY) -m compileall -q toolkit
	@touch $@

setup: $(SYSDEPS) $(STAMP) $(COMPILED) ## Create .venv and install everything

testlocales: ## Generate the locales the tests build under (tr_TR), those missing
	@for l in $(TESTLOCALES); do \
	  locale -a 2>/dev/null | grep -qix "$$l.utf-\?8" && continue; \
	  echo "generating locale $$l.UTF-8"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO localedef -i $$l -f UTF-8 $$l.UTF-8 || exit 1; \
	done

sheets: setup ## Check the shipped content and build the whole kit under build/
	$(PY) -m toolkit build

test: setup ## Run the tests a contributor runs before each commit (under 3 minutes on 2 cores)
	@$(MAKE) --no-print-directory pytest MARKS="not slow"

test-slow: setup ## Run the slow tests (real builds, browsers, installed clients); CI runs them too
	@$(MAKE) --no-print-directory pytest MARKS="slow"

test-all: setup ## Run every test: make test, then make test-slow
	@$(MAKE) --no-print-directory pytest MARKS=""

# an empty selection is a failure, not a pass (pytest's exit code 5)
pytest: setup
	@$(MAKE) --no-print-directory sysdeps EXTRA_DEBS="$(TESTDEBS)"
	@$(MAKE) --no-print-directory testlocales
	@$(MAKE) --no-print-directory $(YLS)
	@$(MAKE) --no-print-directory $(PRECOMMIT)
	@env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -q -n $(TESTJOBS) --dist worksteal \
	  $(if $(MARKS),-m "$(MARKS)",); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: the suite must not be empty" >&2; exit 1; fi; \
	exit $$rc

$(YLS): Makefile
	npm install --prefix $(VENV)/node --no-audit --no-fund --silent yaml-language-server@$(YLS_VERSION)
	@touch $@

$(PRECOMMIT): Makefile
	$(PYTHON) -m venv $(VENV)/pre-commit
	$(VENV)/pre-commit/bin/python -m pip install --quiet --disable-pip-version-check pre-commit==$(PRECOMMIT_VERSION)
	@touch $@

check: setup ## Check all content (GitHub annotations when CI=true)
	$(PY) -m toolkit check $(if $(CI),--format github,)

audit: sheets ## Build the kit (and its print-shop, Letter variant), then audit every PDF and SVG
	$(PY) -m toolkit build --preset pod --paper letter --out build-pod
	time $(PY) -m toolkit audit build
	time $(PY) -m toolkit audit build-pod

lock: setup ## Pin the exact versions of every installed dependency in requirements.lock
	$(PY) -m pip freeze --exclude-editable --disable-pip-version-check | sort > requirements.lock

audit-deps: setup ## pip-audit the locked dependencies against the advisory database
	$(VENV)/bin/pip-audit --requirement requirements.lock --no-deps --disable-pip --progress-spinner off

lint: setup ## Ruff lint and format check
	$(PY) -m ruff check toolkit tests scripts
	$(PY) -m ruff format --check toolkit tests scripts

format: setup ## Apply ruff fixes and formatting
	$(PY) -m ruff check --fix toolkit tests scripts
	$(PY) -m ruff format toolkit tests scripts

schema: setup ## Regenerate the JSON Schemas in schemas/
	$(PY) -m toolkit schema --out schemas

bench: setup ## Benchmark: check, builds, a designer's edits and --watch, against the in-run engine floor
	$(PY) scripts/bench.py

clean: ## Remove build outputs (keeps .venv)
	rm -rf build build-pod
