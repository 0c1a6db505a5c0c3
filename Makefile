# garden-table: every target creates .venv on first use and installs the project into it.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test quick lint typecheck pytest bench clean

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

pytest: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 $(PY) -m pytest

test: lint typecheck pytest

# the quick loop while working: every test not marked slow (make test still runs everything)
quick: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 $(PY) -m pytest -m "not slow"

bench: $(STAMP)
	$(PY) -m game bench artischocken --json
	$(PY) -m game bench cactus --json

clean:
	rm -rf $(VENV) build *.egg-info
