"""Shared helpers for the Artischocken engine tests (scenario positions in the artischocken/1 format)."""

from __future__ import annotations

from typing import Any

from game.artischocken import Action, Game


def position(
    hands: list[list[str]],
    *,
    decks: list[list[str]] | None = None,
    discards: list[list[str]] | None = None,
    stack: list[str] | None = None,
    row: list[str] | None = None,
    compost: list[str] | None = None,
    player: int = 0,
    phase: str = "play",
    played: list[str] | None = None,
    rhubarb: bool = False,
    seed: int = 0,
) -> dict[str, Any]:
    n = len(hands)
    return {
        "format": "artischocken/1",
        "options": {"players": n, "rhubarb": rhubarb},
        "players": [
            {"hand": list(hands[s]), "deck": list((decks or [[]] * n)[s]),
             "discard": list((discards or [[]] * n)[s])}
            for s in range(n)
        ],
        "garden_stack": list(stack or []),
        "garden_row": list(row or []),
        "compost": list(compost or []),
        "turn": {"player": player, "phase": phase, "played": list(played or [])},
        "seed": seed,
    }


def game(hands: list[list[str]], **kw: Any) -> Game:
    return Game.from_dict(position(hands, **kw))


def play(card: str, target: int | None = None, cards: tuple[str, ...] = ()) -> Action:
    return Action("play", card, target=target, cards=cards)


def plays(g: Game) -> set[str]:
    """The cards that have at least one legal play action now."""
    return {a.card for a in g.legal_actions() if a.kind == "play" and a.card is not None}


END = Action("end_play")


def play_out(game: Game, bots: list[Any], each: Any = None) -> None:
    """Play ``game`` to its end, seat ``p`` deciding with ``bots[p]`` from its own view (no thought when only one
    action is legal); every chosen action must be legal; ``each(game)`` runs after every action."""
    while not game.is_over:
        p = game.current_player
        assert p is not None
        legal = game.legal_actions()
        act = legal[0] if len(legal) == 1 else bots[p].choose(game.view(p, log=False), legal)
        assert act in legal
        game.apply(act)
        if each is not None:
            each(game)
