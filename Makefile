# Two commands matter: `make run` and `make test` (see README.md); a club's
# server for a room of phones is `make serve`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed
PG_URL ?= postgres://postgres@127.0.0.1:5432/bridgescore
HOST   ?=
PORT   ?= 8000
# make serve: gunicorn's processes and threads in each (make bench-tables
# measured 3 × 4 on SQLite and PostgreSQL), plus LIVE_WAITS threads in each for
# the pages waiting on the change feed; on PostgreSQL each process keeps a pool
# of THREADS + 2 connections (waiting pages hold none); every host name is
# accepted, so phones reach the machine by its LAN address.
WORKERS ?= 3
THREADS ?= 4
LIVE_WAITS ?= 20
ALLOWED_HOSTS ?= *
# HTTPS=true behind a reverse proxy that terminates TLS (config/settings.py).
HTTPS ?= false
SECRET_FILE := .secret_key
# gunicorn's access log (stdout of make serve): one line a request, ending with
# the request id that a server error's lines on stderr carry too.
ACCESS_LOG_FORMAT := %(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms id=%({x-request-id}o)s
# The addresses phones open: the machine's IPv4 addresses on the network when
# gunicorn listens on all of them, HOST when it is one of them, none when HOST is
# a loopback address (behind a reverse proxy: the proxy's address is SITE_URL).
LOOPBACK := 127.% localhost ::1 [::1]
PHONE_HOSTS = $(strip $(if $(filter-out 0.0.0.0,$(HOST)),$(filter-out $(LOOPBACK),$(HOST)),\
	$(shell hostname -I 2>/dev/null | tr ' ' '\n' | grep -v ':')))
# The site's public address (SITE_URL, config/settings.py), named on the table
# cards and their QR codes: unless SITE_URL or SITE_HOST is given, the first
# address printed for the phones (over plain http: with HTTPS a proxy's
# address must be given).
SITE_URL ?=
PROPOSED_SITE_URL = $(strip $(if $(SITE_URL)$(SITE_HOST)$(filter true,$(HTTPS)),,\
	$(if $(PHONE_HOSTS),http://$(firstword $(PHONE_HOSTS)):$(PORT))))
SERVE_SITE_URL = $(strip $(or $(SITE_URL),$(PROPOSED_SITE_URL)))
NO_PHONE_HOSTS = $(strip $(if $(SERVE_SITE_URL),$(SERVE_SITE_URL)/t/ (SITE_URL),\
	none on the network: gunicorn listens on $(HOST) only))
CARDS_ADDRESS = $(strip $(or $(SERVE_SITE_URL),$(if $(SITE_HOST),SITE_HOST=$(SITE_HOST),\
	the address of the director's browser: set SITE_URL to the address phones open)))
SERVE_ENV = DEBUG=false ALLOWED_HOSTS='$(ALLOWED_HOSTS)' LIVE_WAITS=$(LIVE_WAITS) \
	WORKING_THREADS=$(THREADS) DATABASE_POOL=$(shell echo $$(( $(THREADS) + 2 ))) \
	HTTPS=$(HTTPS) SECRET_KEY="$${SECRET_KEY:-$$(cat $(SECRET_FILE))}" \
	SITE_URL='$(SERVE_SITE_URL)'

# Debian packages: fonts with the suit symbols for PDFs and msgfmt for the
# catalogues (make run), plus chromium for the browser tests and nginx for the
# caching proxy of docs/deployment.md, run by its test (make test); npm
# for their axe-core comes from Debian only when no npm is on the PATH (this
# machine's nodejs carries its own).
# salliere (a Java scorer) for the side-by-side benchmark, nginx for election
# night's viewers through that proxy (make bench).
DEBS_run   := fonts-dejavu-core gettext
DEBS_test  := $(DEBS_run) chromium nginx-light
DEBS_bench := $(DEBS_run) salliere nginx-light
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install axe run serve demo test test-sqlite test-postgres test-engine lint format \
	bench bench-exports bench-tables bench-nodes messages debs-run debs-test debs-bench clean

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.txt
	touch $(STAMP)

install: $(STAMP)

# axe-core (WCAG checks inside the browser tests), from npm into .cache/npm.
AXE := .cache/npm/node_modules/axe-core/axe.min.js
$(AXE):
	@command -v npm >/dev/null || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq npm; }
	npm install --prefix .cache/npm --no-audit --no-fund --loglevel=error axe-core@4

axe: $(AXE)

# Installs only what dpkg does not list as installed.
debs-run debs-test debs-bench: debs-%:
	@missing=""; \
	for deb in $(DEBS_$*); do \
		dpkg -s $$deb >/dev/null 2>&1 || missing="$$missing $$deb"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

messages: install debs-run
	$(PY) manage.py compilemessages --ignore=.venv --verbosity=0

# The demo lives in its own SQLite file, never in the database of `make serve`
# (db.sqlite3 or DATABASE_URL): its operator director / director must not reach
# a club's real users.
DEMO_ENV := DATABASE_URL=sqlite:///$(CURDIR)/demo.sqlite3 DEBUG=true
RUN_HOST = $(or $(HOST),127.0.0.1)

demo: install messages
	$(DEMO_ENV) $(PY) manage.py migrate --noinput
	$(DEMO_ENV) $(PY) manage.py load_demo --address http://$(RUN_HOST):$(PORT)/

# The background worker (manage.py run_tasks: the double-dummy analysis of
# imported deals) runs beside the server, on the same database, and stops with
# it (Ctrl-C stops both).
run: demo
	$(DEMO_ENV) $(PY) manage.py run_tasks & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT; trap 'exit 130' INT TERM; \
	$(DEMO_ENV) $(PY) manage.py runserver $(RUN_HOST):$(PORT)

# The secret key of `make serve` when SECRET_KEY is not set: made once, kept.
$(SECRET_FILE): | install
	umask 077 && $(PY) -c "import secrets; print(secrets.token_urlsafe(50))" > $@.new \
		&& mv $@.new $@

# The production server: gunicorn, DEBUG off, static files from whitenoise,
# DATABASE_URL (default the SQLite file db.sqlite3), on every address of the
# machine unless HOST is given. gunicorn's master starts the one background
# worker (manage.py run_tasks) and stops it when it stops (config/gunicorn_hooks.py).
serve: install messages $(if $(SECRET_KEY),,$(SECRET_FILE))
	$(SERVE_ENV) $(PY) manage.py migrate --noinput
	$(SERVE_ENV) $(PY) manage.py collectstatic --noinput --verbosity=0
	@$(if $(PHONE_HOSTS),$(foreach address,$(PHONE_HOSTS),echo "Phones: http://$(address):$(PORT)/t/";),\
		echo "Phones: $(NO_PHONE_HOSTS)";)
	@echo "Table cards and QR codes: $(CARDS_ADDRESS)"
	$(SERVE_ENV) exec $(BIN)/gunicorn config.wsgi --bind $(or $(HOST),0.0.0.0):$(PORT) \
		--workers $(WORKERS) --threads $(shell echo $$(( $(THREADS) + $(LIVE_WAITS) ))) --graceful-timeout 10 --no-control-socket \
		--preload --config python:config.gunicorn_hooks --access-logfile - --access-logformat '$(ACCESS_LOG_FORMAT)'

test: install messages debs-test
	$(MAKE) --no-print-directory axe
	$(MAKE) --no-print-directory test-sqlite
	$(MAKE) --no-print-directory test-postgres

test-sqlite: install
	env -u DATABASE_URL $(BIN)/pytest

# Runs the suite again on PostgreSQL when a server answers (or DATABASE_URL is set).
# When none answers, .ci/postgres.py prints a banner on stderr (the
# PostgreSQL-only tests did NOT run), and under CI=true the target fails.
test-postgres: install
	@if [ -n "$$DATABASE_URL" ]; then \
		$(BIN)/pytest; \
	else \
		status=0; $(PY) .ci/postgres.py '$(PG_URL)' || status=$$?; \
		if [ $$status = 0 ]; then DATABASE_URL=$(PG_URL) $(BIN)/pytest; \
		elif [ $$status != 3 ]; then exit $$status; fi; \
	fi

test-engine: install
	$(BIN)/pytest tests/scoring/engine tests/movements/engine tests/test_engine_purity.py

# ruff; the layers (import-linter); types: the whole project, the pure packages strict.
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy .
	$(BIN)/mypy --strict scoring/engine movements/engine scoring/formats

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: install messages debs-bench
	$(PY) -m benchmarks.run
	$(PY) -m benchmarks.run --exports
	$(PY) -m benchmarks.salliere
	$(PY) -m benchmarks.speed
	$(PY) -m benchmarks.dealing
	$(PY) -m benchmarks.roster
	$(PY) -m benchmarks.table_reads
	$(PY) -m benchmarks.version_query
	$(PY) -m benchmarks.simultaneous --live
	$(PY) -m benchmarks.simultaneous --live --proxy --pollers 1000 --runs 1
	$(MAKE) --no-print-directory bench-tables

bench-exports: install messages
	$(PY) -m benchmarks.run --exports

# 120 tables (8 sections x 15), two phones each, and a room display a section
# following the change feed, against `make serve` (SQLite, then PostgreSQL when one
# answers): all at the same instant, then starting within 10 seconds of each
# other; then a team event's 60 tables (30 matches, open and closed rooms) within
# 10 seconds. Lines lost and duplicated, HTTP errors, p95 of each request, and the
# time from a confirmation to the room displays showing it.
bench-tables: install messages
	$(PY) -m benchmarks.table_load
	$(PY) -m benchmarks.table_load --spread 10
	$(PY) -m benchmarks.table_load --spread 10 --teams 30

# Two `make serve` nodes on two ports sharing one PostgreSQL (docs/deployment.md,
# "Several nodes"): a result confirmed through node A's table API until node
# B's overall live part shows it (target 2 s), then a room's load over both.
bench-nodes: install messages
	$(PY) -m benchmarks.two_nodes
	$(PY) -m benchmarks.two_nodes --replica

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm demo.sqlite3 demo.sqlite3-wal \
		demo.sqlite3-shm staticfiles .pytest_cache \
		.ruff_cache .hypothesis .cache
