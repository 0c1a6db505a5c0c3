"""The page's words for every kind of move and every kind of log event (docs/remote-play.md, "A seat in the
browser"), run in headless Chromium on positions of real engine games: each legal move's button says something
of its own (no two buttons of one decision alike), and no text shows a catalogue key, a placeholder or an event's
internal name, in English and German."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.artischocken import new_game
from game.net.wire import action_to_json

from .browser import browser
from .netserver import ServerProcess

__all__ = ["browser"]

pytestmark = pytest.mark.slow

WORDS = """async ([lang, cases, events]) => {
  const words = await import("/static/words.js");
  Object.defineProperty(navigator, "languages", { get: () => [lang] });
  await words.loadWords();
  const cards = await import("/static/card_words.js");
  const nameOf = (seat) => `Seat${seat}`;
  return {
    moves: cases.map(([view, legal]) => ({ ask: cards.askWords(view, nameOf),
      buttons: legal.map((action) => cards.actionWords(action, view, nameOf)) })),
    events: events.map((event) => cards.describe(event, nameOf)),
  };
}"""


def positions() -> tuple[list[tuple[dict[str, Any], list[dict[str, Any]]]], list[dict[str, Any]]]:
    """A position for every shape of move the engine offers (the kind, which fields it fills, the decision asked),
    from random games of 2-4 players with and without rhubarb; and the log events of every kind as seats saw them
    (hidden cards as null)."""
    cases: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    seen: set[tuple[Any, ...]] = set()
    events: dict[tuple[Any, ...], dict[str, Any]] = {}
    for seed in range(24):
        game = new_game(2 + seed % 3, seed=seed, rhubarb=seed % 2 == 0)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            legal = game.legal_actions()
            view = game.view(seat)
            fields = frozenset((a.kind, a.card is not None, a.target is not None, bool(a.cards), a.option)
                               for a in legal)
            shape = ((view["pending"] or {}).get("kind"), view["phase"], fields)
            if shape not in seen:
                seen.add(shape)
                cases.append((view, [action_to_json(a) for a in legal]))
            game.apply(rng.choice(legal))
        for seat in range(game.players):
            for event in game.view(seat)["log"]:
                events.setdefault((event["what"], event["cards"] is None, event["target"] is None,
                                   event.get("from")), event)
    return cases, list(events.values())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("words"), "--workers", "0")
    yield proc
    assert proc.stop() == 0


def plain(text: str) -> bool:
    return bool(text.strip()) and not any(mark in text for mark in ("{", "}", "web.", "artischocken.", "presence.",
                                                                   "undefined", "null", "NaN"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_move_and_every_event_has_plain_words_of_its_own(browser: Any, server: ServerProcess,
                                                               lang: str) -> None:
    cases, events = positions()
    kinds = {(action["kind"], view["pending"] and view["pending"]["kind"]) for view, legal in cases for action in legal}
    assert {("harvest", None), ("play", None), ("end_play", None), ("choose", "leek"), ("choose", "peas"),
            ("choose", "eggplant"), ("choose", "rhubarb")} <= kinds
    assert len({event["what"] for event in events}) >= 18
    context = browser.new_context(bypass_csp=True)  # this test's own script runs in the page
    try:
        page = context.new_page()
        page.goto("http://" + server.url.removeprefix("ws://") + "/")
        said = page.evaluate(WORDS, [lang, cases, events])
    finally:
        context.close()
    for (_, legal), words in zip(cases, said["moves"], strict=True):
        assert plain(words["ask"]), words
        assert len(set(words["buttons"])) == len(legal), words["buttons"]  # no two moves said alike
        assert all(plain(text) for text in words["buttons"]), words["buttons"]
    for event, text in zip(events, said["events"], strict=True):
        assert plain(text) and f"{event['what']} (" not in text, text  # a sentence of its own, not the fallback
