# garden-table: every target creates .venv on first use and installs the project into it.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test quick lint typecheck pytest bench clean redis-server chromium

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,dev,lab]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

lint: $(STAMP)
	$(PY) -m ruff check game physics tools tests
	$(PY) -m vulture

typecheck: $(STAMP)
	$(PY) -m mypy

# the cluster tests start real Redis servers: Debian's redis-server, installed where it is missing
redis-server:
	@command -v redis-server >/dev/null 2>&1 || { \
	  command -v apt-get >/dev/null 2>&1 || { echo "the cluster tests need redis-server (Redis 7): install it"; exit 1; }; \
	  echo "installing redis-server (Debian package) for the cluster tests"; \
	  SUDO=$$(test "$$(id -u)" = 0 || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq redis-server >/dev/null; }

# the browser seat's tests drive Debian's chromium headless (Playwright for Python, never a browser download)
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  command -v apt-get >/dev/null 2>&1 || { echo "the browser tests need chromium: install it"; exit 1; }; \
	  echo "installing chromium (Debian package) for the browser tests"; \
	  SUDO=$$(test "$$(id -u)" = 0 || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

pytest: $(STAMP) redis-server chromium
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 $(PY) -m pytest

test: lint typecheck pytest

# the quick loop while working: every test not marked slow (make test still runs everything)
quick: $(STAMP) redis-server chromium
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 $(PY) -m pytest -m "not slow"

bench: $(STAMP)
	$(PY) -m game bench artischocken --json
	$(PY) -m game bench cactus --json

clean:
	rm -rf $(VENV) build *.egg-info
