"""The save format artischocken/1 (docs/design.md): minimal positions, exact resumption, clear errors."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from helpers_artischocken import position
from hypothesis import given, settings
from hypothesis import strategies as st

from game.artischocken import Action, Game, IllegalAction, new_game


def _documented_example() -> dict[str, Any]:
    return {"format": "artischocken/1",
            "options": {"players": 2, "rhubarb": False},
            "players": [{"hand": ["artichoke"], "deck": ["artichoke"], "discard": []},
                        {"hand": ["artichoke"], "deck": ["artichoke"], "discard": []}],
            "garden_stack": ["peas"], "garden_row": ["corn"], "compost": [],
            "turn": {"player": 0, "phase": "play", "played": []},
            "seed": 0}


def test_documented_keys_alone_are_enough() -> None:
    g = Game.from_dict(_documented_example())
    assert g.current_player == 0 and g.phase == "play"
    assert g.legal_actions() == [Action("end_play")]
    assert g.to_dict()["format"] == "artischocken/1"


def test_refill_phase_refills_and_stands_at_harvest() -> None:
    d = _documented_example()
    d["turn"]["phase"] = "refill"
    g = Game.from_dict(d)
    assert g.phase == "harvest" and g.row == ["corn", "peas"]
    assert {a.kind for a in g.legal_actions()} == {"harvest"}


def test_deck_top_first_discard_top_last() -> None:
    d = position([["pepper"], ["artichoke"]], decks=[["corn", "leek"], []], discards=[["onion", "beet"], []])
    g = Game.from_dict(d)
    g.apply(Action("play", "pepper", cards=("beet",)))
    out = g.to_dict()
    assert out["players"][0]["deck"] == ["beet", "corn", "leek"]
    assert out["players"][0]["discard"] == ["onion", "pepper"]


def test_to_dict_is_json_and_complete() -> None:
    g = new_game(3, seed=8, rhubarb=True, round_limit=9)
    d = g.to_dict()
    assert json.loads(json.dumps(d)) == d
    for key in ("format", "options", "players", "garden_stack", "garden_row", "compost", "turn", "seed",
                "rng", "pending", "log"):
        assert key in d
    assert Game.from_dict(d).to_dict() == d


def test_pending_decision_survives_save() -> None:
    g = Game.from_dict(position([["leek"], ["artichoke"]], decks=[[], ["corn"]]))
    g.apply(Action("play", "leek", target=1))
    h = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h.current_player == 0 and h.legal_actions() == g.legal_actions()
    h.apply(Action("choose", option="take"))
    assert h.hands[0] == ["corn"] and h.discards[0] == ["leek"]


def test_eggplant_pending_survives_save() -> None:
    g = Game.from_dict(position([["eggplant", "artichoke", "corn"], ["leek", "peas", "beet"]]))
    g.apply(Action("play", "eggplant"))
    g.apply(Action("choose", cards=("corn",)))
    h = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h.current_player == 1
    act = h.legal_actions()[0]
    h.apply(act)
    g.apply(act)
    assert h.to_dict() == g.to_dict()


#: Each open decision as saved and as seats 0, 1 and 2 see it (``pending``, ``in_play``), exactly as the engine wrote
#: them when a decision was still a plain dict (commit 81c2032): the typed decisions keep the format.
DECISION_JSON: dict[str, tuple[dict[str, Any], list[dict[str, Any]], str | None]] = {
    "leek": ({"kind": "leek", "seat": 0, "revealed": ["peas"], "target": 1, "in_play": "leek"},
             [{"kind": "leek", "seat": 0, "by": 0, "mine": s == 0, "revealed": ["peas"], "target": 1}
              for s in range(3)], "leek"),
    "peas": ({"kind": "peas", "seat": 0, "revealed": ["onion", "peas"], "in_play": "peas"},
             [{"kind": "peas", "seat": 0, "by": 0, "mine": s == 0, "revealed": ["onion", "peas"]}
              for s in range(3)], "peas"),
    "rhubarb": ({"kind": "rhubarb", "seat": 0},
                [{"kind": "rhubarb", "seat": 0, "by": 0, "mine": s == 0} for s in range(3)], None),
    "eggplant": ({"kind": "eggplant", "seat": 0, "queue": [1, 2], "chosen": [[0, ["artichoke", "artichoke"]]]},
                 [{"kind": "eggplant", "seat": 1, "by": 0, "mine": s == 1, "waiting": [1, 2],
                   **({"count": 2} if s == 1 else {})} for s in range(3)], None),
}


@pytest.mark.parametrize("card", list(DECISION_JSON))
def test_every_open_decision_keeps_its_saved_and_viewed_json(card: str) -> None:
    a = "artichoke"
    vegetables = ["eggplant", "broccoli", "peas", "carrot", "potato", "leek", "corn", "pepper", "beet", "onion",
                  "rhubarb"]
    g = Game.from_dict(position(
        [[*vegetables, a, a, a, a], [a, "corn"], ["beet", a, "peas"]],
        decks=[["corn", "leek"], ["peas", a], ["onion"]], discards=[["beet"], ["onion"], []],
        stack=["onion", "peas", "corn", "beet", "leek", "potato", "carrot"], row=["leek", "corn", "peas"],
        rhubarb=True))
    g.apply(Action("play", card, target=1 if card == "leek" else None))
    if card == "eggplant":
        g.apply(g.legal_actions()[0])  # seat 0 has chosen; seats 1 and 2 wait
    saved, viewed, in_play = DECISION_JSON[card]
    d = g.to_dict()
    assert d["pending"] == saved and list(d["pending"]) == list(saved)  # the keys in the same order, too
    for seat in range(3):
        view = g.view(seat, log=False)
        assert view["pending"] == viewed[seat] and list(view["pending"]) == list(viewed[seat])
        assert view["in_play"] == in_play
    again = Game.from_dict(json.loads(json.dumps(d)))
    assert again.pending == g.pending and again.to_dict() == d


def _bad(mutate: Any) -> str:
    d = _documented_example()
    mutate(d)
    with pytest.raises(ValueError) as info:
        Game.from_dict(d)
    return str(info.value)


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: d.update(format="artischocken/2"), "format"),
        (lambda d: d["players"][0]["hand"].append("banana"), "unknown card 'banana'"),
        (lambda d: d["garden_row"].append(7), "card id"),
        (lambda d: d["turn"].update(phase="dance"), "unknown phase 'dance'"),
        (lambda d: d["turn"].update(player="0"), "turn.player"),
        (lambda d: d["turn"].update(player=5), "turn.player"),
        (lambda d: d.update(players={"hand": []}), "players"),
        (lambda d: d["options"].update(players=3), "options.players"),
        (lambda d: d["options"].update(rhubarb="yes"), "options.rhubarb"),
        (lambda d: d["players"][1].update(hand="artichoke"), "players[1].hand"),
        (lambda d: d.update(seed=1.5), "seed"),
        (lambda d: d.update(garden_row=["corn"] * 6), "garden_row"),
        (lambda d: d.update(colour="red"), "unknown key"),
        (lambda d: d["players"][0].update(cards=[]), "unknown key"),
        (lambda d: d.update(compost=None), "compost"),
        (lambda d: d.update(rng=[3, [1, 2], None]), "rng"),
        (lambda d: d.update(pending={"kind": "dance"}), "pending.kind"),
        (lambda d: d.update(pending={"kind": "leek", "target": 0, "revealed": ["corn"]}), "opponent"),
        (lambda d: d["players"][0].update(hand=["rhubarb"]), "rhubarb"),
        (lambda d: d.update(log=[{"what": 1}]), "log[0].what"),
    ],
)
def test_malformed_positions_rejected_clearly(mutate: Any, words: str) -> None:
    message = _bad(mutate)
    assert words in message
    assert message.startswith("artischocken position")


def test_not_a_dict_rejected() -> None:
    with pytest.raises(ValueError, match="expected an object"):
        Game.from_dict([])  # type: ignore[arg-type]


def test_illegal_action_is_value_error_with_message() -> None:
    g = new_game(2, seed=1)
    assert issubclass(IllegalAction, ValueError)
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="harvest"):
        g.apply(Action("end_play"))
    with pytest.raises(IllegalAction, match="expected an Action"):
        g.apply("end_play")  # type: ignore[arg-type]
    assert g.to_dict() == before


def test_action_is_frozen_value() -> None:
    a = Action("play", "leek", target=1)
    assert a == Action(kind="play", card="leek", target=1, cards=(), option=None)
    with pytest.raises(AttributeError):
        a.card = "corn"  # type: ignore[misc]
    assert hash(a) == hash(copy.copy(a))


def test_view_json_and_seat_checked() -> None:
    g = new_game(2, seed=1)
    v = g.view(0)
    assert json.loads(json.dumps(v)) == v
    with pytest.raises(ValueError, match="seat"):
        g.view(2)
    assert "log" not in g.view(0, log=False)


_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 7), st.floats(allow_nan=False), st.text(max_size=6),
                  st.lists(st.sampled_from(["corn", "banana", 3]), max_size=3),
                  st.dictionaries(st.sampled_from(["kind", "seat", "x"]), st.integers(0, 3), max_size=2))


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:3]):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_fuzzed_positions_raise_only_value_error(data: st.DataObject) -> None:
    g = new_game(2, seed=3)
    for act in g.legal_actions()[:1]:
        g.apply(act)
    d = g.to_dict()
    d.pop("log")
    paths = _paths(d)
    path = data.draw(st.sampled_from(paths))
    junk = data.draw(_JUNK)
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    try:
        h = Game.from_dict(d)
    except ValueError as exc:
        assert str(exc).startswith("artischocken position")
    else:  # the junk happened to be valid: the game must still work
        legal = h.legal_actions()
        if legal:
            h.apply(legal[0])


def test_lenient_forms_of_legal_actions() -> None:
    # two players: the only opponent may be left out; cards may come as a list
    g = Game.from_dict(position([["onion", "artichoke", "pepper"], ["artichoke"]], discards=[["corn"], []]))
    g.apply(Action("play", "onion"))
    assert g.discards[1] == ["onion"]
    g.apply(Action("play", "pepper", cards=["corn"]))  # type: ignore[arg-type]
    assert g.to_dict()["players"][0]["deck"] == ["corn"]
    with pytest.raises(IllegalAction, match="tuple of card ids"):
        g.apply(Action("play", "pepper", cards=5))  # type: ignore[arg-type]
    # three players: the target must be named
    g = Game.from_dict(position([["onion", "artichoke"], ["artichoke"], ["artichoke"]]))
    with pytest.raises(IllegalAction):
        g.apply(Action("play", "onion"))


def test_save_rng_uses_the_shared_generator_form() -> None:
    # one generator form for every save: the one game.rngstate writes, {"version", "state", "gauss"}
    d = new_game(2, seed=12).to_dict()
    assert set(d["rng"]) == {"version", "state", "gauss"} and len(d["rng"]["state"]) == 625


@pytest.mark.parametrize("players", [2, 3, 4])
def test_old_list_form_rng_save_loads_and_resumes_exactly(players: int) -> None:
    """A save in the older list form (``"rng": [version, [625 integers], gauss]``) still resumes exactly."""
    g = new_game(players, seed=40 + players, rhubarb=True, round_limit=40)
    for i in range(25):  # into the game, with shuffles and beet swaps behind it
        legal = g.legal_actions()
        g.apply(legal[(i * 7) % len(legal)])
    old = json.loads(json.dumps(g.to_dict()))
    rng = old["rng"]
    old["rng"] = [rng["version"], rng["state"], rng["gauss"]]  # the form the old to_dict wrote
    resumed = Game.from_dict(old)
    assert resumed.to_dict() == g.to_dict()
    i = 0
    while not g.is_over:  # chance keeps drawing the same numbers in both
        legal = g.legal_actions()
        assert resumed.legal_actions() == legal
        act = legal[(i * 5) % len(legal)]
        g.apply(act)
        resumed.apply(act)
        i += 1
    assert resumed.to_dict() == g.to_dict() and resumed.winner == g.winner
