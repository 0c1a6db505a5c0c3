"""Black-box contract tests for `game.artischocken` (docs/design.md "Contracts", docs/rules.md Artischocken).

Written from docs/design.md and docs/rules.md only. Positions are set up with the exact save JSON of docs/design.md
(`artischocken/1`: deck and garden_stack top first, discard top last) and read back through `to_dict()`
(which writes at least the documented keys).
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import random
from collections import Counter
from typing import Any

import pytest

from game.artischocken import Action, Game, IllegalAction, new_game

VEGETABLES = ["eggplant", "broccoli", "peas", "carrot", "potato", "leek", "corn", "pepper", "beet", "onion"]
A = "artichoke"


# --------------------------------------------------------------------------- helpers


def pos(
    hands: list[list[str]],
    decks: list[list[str]] | None = None,
    discards: list[list[str]] | None = None,
    *,
    stack: list[str] | None = None,
    row: list[str] | None = None,
    compost: list[str] | None = None,
    player: int = 0,
    phase: str = "play",
    played: list[str] | None = None,
    rhubarb: bool = False,
    seed: int = 0,
) -> dict[str, Any]:
    """A position in exactly the documented `artischocken/1` keys, nothing more."""
    n = len(hands)
    decks = decks if decks is not None else [[A] * 5 for _ in range(n)]
    discards = discards if discards is not None else [[] for _ in range(n)]
    return {
        "format": "artischocken/1",
        "options": {"players": n, "rhubarb": rhubarb},
        "players": [{"hand": list(h), "deck": list(d), "discard": list(x)} for h, d, x in zip(hands, decks, discards)],
        "garden_stack": list(stack if stack is not None else ["peas", "carrot", "potato", "leek", "beet", "onion"]),
        "garden_row": list(row if row is not None else ["corn"]),
        "compost": list(compost or []),
        "turn": {"player": player, "phase": phase, "played": list(played or [])},
        "seed": seed,
    }


def load(d: dict[str, Any]) -> Game:
    return Game.from_dict(copy.deepcopy(d))


def state(g: Game) -> dict[str, Any]:
    return g.to_dict()


def seat(g: Game, i: int) -> dict[str, Any]:
    return state(g)["players"][i]


def phase(g: Game) -> str:
    return state(g)["turn"]["phase"]


def all_cards(d: dict[str, Any]) -> Counter[str]:
    c: Counter[str] = Counter()
    for p in d["players"]:
        c.update(p["hand"])
        c.update(p["deck"])
        c.update(p["discard"])
    c.update(d["garden_stack"])
    c.update(d["garden_row"])
    c.update(d["compost"])
    return c


def pending_choice(g: Game) -> bool:
    acts = g.legal_actions()
    return bool(acts) and all(a.kind == "choose" for a in acts)


def random_playout(g: Game, rng: random.Random, max_steps: int = 400) -> list[Action]:
    done: list[Action] = []
    for _ in range(max_steps):
        if g.is_over:
            break
        acts = g.legal_actions()
        # Prefer playing on so the games get through many card effects; end_play now and then.
        a = rng.choice(acts)
        g.apply(a)
        done.append(a)
    return done


def answer(g: Game, a: Action) -> None:
    """Apply `a` after checking it is listed; a `cards` tuple matches in any order."""
    legal = g.legal_actions()
    same = [
        x
        for x in legal
        if (x.kind, x.card, x.target, x.option) == (a.kind, a.card, a.target, a.option)
        and Counter(x.cards) == Counter(a.cards)
    ]
    assert same, f"{a} not among {legal}"
    g.apply(same[0])


# --------------------------------------------------------------------------- Action


def test_action_is_frozen_dataclass_with_exactly_the_documented_fields() -> None:
    assert dataclasses.is_dataclass(Action)
    fields = dataclasses.fields(Action)
    assert [f.name for f in fields] == ["kind", "card", "target", "cards", "option"]
    defaults = {f.name: f.default for f in fields}
    assert defaults["kind"] is dataclasses.MISSING
    assert defaults["card"] is None and defaults["target"] is None and defaults["option"] is None
    a = Action("end_play")
    assert a.cards == () and a.card is None and a.target is None and a.option is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.kind = "harvest"  # type: ignore[misc]
    assert Action("play", card="leek", target=1) == Action("play", card="leek", target=1)
    assert len({Action("end_play"), Action("end_play")}) == 1  # hashable (frozen)


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(IllegalAction, ValueError)


# --------------------------------------------------------------------------- new_game


def test_new_game_signature_defaults_and_keyword_only_args() -> None:
    sig = inspect.signature(new_game)
    ps = sig.parameters
    assert list(ps) == ["players", "seed", "rhubarb", "start_player", "round_limit"]
    assert ps["players"].default == 2
    assert ps["players"].kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.POSITIONAL_ONLY)
    for name, default in (("seed", 0), ("rhubarb", False), ("start_player", None), ("round_limit", None)):
        assert ps[name].kind is inspect.Parameter.KEYWORD_ONLY, name
        assert ps[name].default == default, name
    with pytest.raises(TypeError):
        new_game(2, 0)  # type: ignore[misc]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_A_S1_A_S2_A_S4_A_T1_new_game_setup(players: int) -> None:
    g = new_game(players, seed=3)
    d = state(g)
    assert d["format"] == "artischocken/1"
    assert d["options"]["players"] == players and d["options"]["rhubarb"] is False
    assert len(d["players"]) == players
    for p in d["players"]:
        assert p["hand"] == [A] * 5  # A-S1: draws 5 of the 10 artichokes
        assert p["deck"] == [A] * 5
        assert p["discard"] == []
    # A-S2 + A-G3: 6 of each of the 10 vegetables, no rhubarb; all cards conserved
    veg = Counter(d["garden_stack"]) + Counter(d["garden_row"])
    assert veg == Counter({v: 6 for v in VEGETABLES})
    assert all_cards(d) == Counter({A: 10 * players, **{v: 6 for v in VEGETABLES}})
    # A-T1/A-T2 done at once; the new game stands at harvest of the current player
    assert len(d["garden_row"]) == 5
    assert max(Counter(d["garden_row"]).values()) < 4
    assert d["turn"]["phase"] == "harvest"
    assert g.current_player == d["turn"]["player"]
    assert g.current_player in range(players)
    assert not g.is_over and g.winner is None


def test_new_game_defaults_two_players() -> None:
    g = new_game()
    assert len(state(g)["players"]) == 2
    assert state(g) == new_game(2, seed=0).to_dict()


def test_A_S2_rhubarb_variant_adds_six_rhubarb() -> None:
    d = state(new_game(2, seed=1, rhubarb=True))
    assert d["options"]["rhubarb"] is True
    veg = Counter(d["garden_stack"]) + Counter(d["garden_row"])
    assert veg == Counter({v: 6 for v in [*VEGETABLES, "rhubarb"]})


@pytest.mark.parametrize("players", [1, 5])
def test_A_S1_player_count_out_of_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError):
        new_game(players)


def test_A_S3_start_player_given_and_default_seeded_random() -> None:
    for sp in range(3):
        assert new_game(3, seed=5, start_player=sp).current_player == sp
    starts = {new_game(2, seed=s).current_player for s in range(30)}
    assert starts == {0, 1}  # random start player across seeds
    assert new_game(4, seed=11).to_dict() == new_game(4, seed=11).to_dict()  # seeded


# --------------------------------------------------------------------------- legal_actions / apply


def test_legal_actions_all_applicable_and_card_count_conserved_A_G3() -> None:
    for s in range(6):
        players = 2 + s % 3
        g = new_game(players, seed=s, rhubarb=s % 2 == 1)
        total = sum(all_cards(state(g)).values())
        rng = random.Random(100 + s)
        for _ in range(150):
            if g.is_over:
                break
            acts = g.legal_actions()
            assert acts, "a running game always has an action"
            assert g.current_player is not None
            for a in acts:  # every listed action is applicable
                c = g.clone()
                c.apply(a)
            g.apply(rng.choice(acts))
            if not pending_choice(g) and not g.is_over:
                assert sum(all_cards(state(g)).values()) == total


def test_apply_illegal_raises_and_leaves_state_unchanged() -> None:
    g = new_game(2, seed=2)
    before = json.dumps(g.to_dict(), sort_keys=True)
    row = state(g)["garden_row"]
    not_in_row = next(v for v in VEGETABLES if v not in row)
    bad = [
        Action("end_play"),  # harvest is not optional (A-T3)
        Action("harvest", card=not_in_row),
        Action("harvest", card="banana"),
        Action("play", card=A),  # A-C-ARTICHOKE never played; and not the play phase
        Action("choose", option="take"),
        Action("dance"),
    ]
    for a in bad:
        with pytest.raises(IllegalAction):
            g.apply(a)
        assert json.dumps(g.to_dict(), sort_keys=True) == before, a
    # a ValueError handler catches it too
    with pytest.raises(ValueError):
        g.apply(Action("dance"))


def test_apply_illegal_in_play_phase_leaves_state_unchanged() -> None:
    g = load(pos([["pepper", A], [A]], discards=[[], []]))
    before = json.dumps(g.to_dict(), sort_keys=True)
    for a in (
        Action("play", card="pepper"),  # A-C-PEPPER needs a card in the discard
        Action("play", card=A),
        Action("play", card="carrot"),  # not in hand
        Action("harvest", card="corn"),  # harvest is over
        Action("choose", card="corn"),
    ):
        with pytest.raises(IllegalAction):
            g.apply(a)
        assert json.dumps(g.to_dict(), sort_keys=True) == before, a


def test_A_T3_harvest_actions_are_exactly_one_per_row_card() -> None:
    g = load(pos([[A], [A]], phase="refill", stack=["peas", "corn", "peas", "beet", "onion", "leek"], row=[]))
    assert phase(g) == "harvest"
    acts = g.legal_actions()
    assert all(a.kind == "harvest" for a in acts)
    assert len(acts) == len(set(acts))
    assert {a.card for a in acts} == set(state(g)["garden_row"])
    assert all(a.target is None and a.cards == () and a.option is None for a in acts)


def test_A_T3_harvest_takes_the_row_card_into_hand_then_play() -> None:
    g = load(pos([[A], [A]], phase="harvest", row=["corn", "peas"]))
    answer(g, Action("harvest", card="peas"))
    d = state(g)
    assert Counter(d["players"][0]["hand"]) == Counter([A, "peas"])
    assert d["garden_row"] == ["corn"]  # the row is not refilled before the next turn's A-T1
    assert d["turn"]["phase"] == "play" and g.current_player == 0
    assert Action("end_play") in g.legal_actions()


# --------------------------------------------------------------------------- card actions (field usage)


def test_A_C_ARTICHOKE_never_played() -> None:
    g = load(pos([[A, A, A], [A]]))
    assert all(not (a.kind == "play" and a.card == A) for a in g.legal_actions())
    assert g.legal_actions() == [Action("end_play")]


def test_A_C_LEEK_play_target_then_choose_take() -> None:
    g = load(pos([["leek"], [A]], decks=[[A], ["carrot", A]]))
    assert Action("play", card="leek", target=1) in g.legal_actions()
    g.apply(Action("play", card="leek", target=1))
    assert g.current_player == 0
    opts = g.legal_actions()
    assert set(opts) == {Action("choose", option="take"), Action("choose", option="leave")}
    g.apply(Action("choose", option="take"))
    d = state(g)
    assert d["players"][0]["hand"] == ["carrot"]
    assert d["players"][0]["discard"] == ["leek"]
    assert d["players"][1]["deck"] == [A]
    assert d["turn"]["phase"] == "play" and g.current_player == 0


def test_A_C_LEEK_choose_leave_puts_it_on_their_discard() -> None:
    g = load(pos([["leek"], [A]], decks=[[A], ["carrot", A]], discards=[[], ["beet"]]))
    g.apply(Action("play", card="leek", target=1))
    g.apply(Action("choose", option="leave"))
    d = state(g)
    assert d["players"][1]["discard"] == ["beet", "carrot"]  # top last
    assert d["players"][1]["deck"] == [A]
    assert d["players"][0]["hand"] == []


def test_A_C_LEEK_opponent_with_empty_deck_and_discard_cannot_be_chosen() -> None:
    g = load(pos([["leek"], [A], [A]], decks=[[A], [], ["carrot"]], discards=[[], [], []]))
    plays = {a.target for a in g.legal_actions() if a.kind == "play" and a.card == "leek"}
    assert plays == {2}


def test_A_C_BEET_two_artichokes_are_composted() -> None:
    g = load(pos([["beet", A], [A]]))
    answer(g, Action("play", card="beet", target=1))
    d = state(g)
    assert d["players"][0]["hand"] == [] and d["players"][1]["hand"] == []
    assert Counter(d["compost"]) == Counter([A, A])
    assert d["players"][0]["discard"] == ["beet"]


def test_A_C_BEET_otherwise_each_keeps_the_card_taken() -> None:
    g = load(pos([["beet", "carrot"], [A]]))
    answer(g, Action("play", card="beet", target=1))
    d = state(g)
    assert d["players"][0]["hand"] == [A] and d["players"][1]["hand"] == ["carrot"]
    assert d["compost"] == []


def test_A_C_BEET_needs_another_hand_card_and_an_opponent_with_cards() -> None:
    g = load(pos([["beet"], [A]]))
    assert not any(a.card == "beet" for a in g.legal_actions())
    g = load(pos([["beet", A], []]))
    assert not any(a.card == "beet" for a in g.legal_actions())


def test_A_C_ONION_target_gets_the_onion() -> None:
    g = load(pos([["onion", A], [A], [A]], discards=[[], [], ["peas"]]))
    targets = {a.target for a in g.legal_actions() if a.card == "onion"}
    assert targets == {1, 2}
    g.apply(Action("play", card="onion", target=2))
    d = state(g)
    assert d["players"][2]["discard"] == ["peas", "onion"]
    assert d["players"][0]["hand"] == [] and d["players"][0]["discard"] == []
    assert d["compost"] == [A]


def test_A_C_PEPPER_cards_is_the_discard_card() -> None:
    g = load(pos([["pepper"], [A]], decks=[[A, A], [A]], discards=[["carrot", "potato"], []]))
    peppers = {a for a in g.legal_actions() if a.card == "pepper"}
    assert peppers == {
        Action("play", card="pepper", cards=("carrot",)),
        Action("play", card="pepper", cards=("potato",)),
    }
    g.apply(Action("play", card="pepper", cards=("carrot",)))
    d = state(g)
    assert d["players"][0]["deck"] == ["carrot", A, A]  # top first
    assert d["players"][0]["discard"] == ["potato", "pepper"]  # pepper goes on the discard after its action
    assert d["players"][0]["hand"] == []


def test_A_C_PEPPER_needs_a_card_in_the_discard() -> None:
    g = load(pos([["pepper"], [A]], discards=[[], []]))
    assert not any(a.card == "pepper" for a in g.legal_actions())


def test_A_C_CORN_cards_is_the_row_card() -> None:
    g = load(pos([["corn", A], [A]], decks=[["beet"], [A]], row=["peas", "leek"]))
    corns = {a for a in g.legal_actions() if a.card == "corn"}
    assert corns == {Action("play", card="corn", cards=("peas",)), Action("play", card="corn", cards=("leek",))}
    g.apply(Action("play", card="corn", cards=("leek",)))
    d = state(g)
    assert d["players"][0]["deck"] == ["leek", "beet"]
    assert Counter(d["players"][0]["discard"]) == Counter(["corn", A])
    assert d["garden_row"] == ["peas"]
    assert d["players"][0]["hand"] == []


def test_A_C_CORN_needs_an_artichoke_and_a_row_card() -> None:
    assert not any(a.card == "corn" for a in load(pos([["corn", A], [A]], row=[])).legal_actions())
    assert not any(a.card == "corn" for a in load(pos([["corn", "peas"], [A]])).legal_actions())


def test_A_C_PEAS_choose_card_kept_and_target() -> None:
    g = load(pos([["peas"], [A], [A]], stack=["carrot", "potato", "leek"]))
    assert Action("play", card="peas") in g.legal_actions()
    g.apply(Action("play", card="peas"))
    assert g.current_player == 0
    choices = set(g.legal_actions())
    assert choices == {Action("choose", card=c, target=t) for c in ("carrot", "potato") for t in (1, 2)}
    g.apply(Action("choose", card="carrot", target=2))
    d = state(g)
    assert "carrot" in d["players"][0]["discard"] and "peas" in d["players"][0]["discard"]
    assert d["players"][2]["discard"] == ["potato"]
    assert d["players"][1]["discard"] == []
    assert d["garden_stack"] == ["leek"]


def test_A_C_PEAS_needs_two_cards_in_the_stack() -> None:
    g = load(pos([["peas"], [A]], stack=["carrot"]))
    assert not any(a.card == "peas" for a in g.legal_actions())


def test_A_C_EGGPLANT_every_seat_chooses_cards_then_all_move() -> None:
    g = load(pos([["eggplant", A, "carrot", "potato"], ["beet", "onion", "leek"], ["pepper"]]))
    answer(g, Action("play", card="eggplant"))
    passes = {0: ("carrot", "potato"), 1: ("beet", "onion"), 2: ("pepper",)}
    seen = []
    for _ in range(3):
        p = g.current_player
        assert p is not None and p not in seen
        seen.append(p)
        # nothing moves before everyone has chosen
        assert Counter(seat(g, 1)["hand"]) == Counter(["beet", "onion", "leek"])
        answer(g, Action("choose", cards=passes[p]))
    assert sorted(seen) == [0, 1, 2]
    d = state(g)
    assert Counter(d["players"][0]["hand"]) == Counter(["pepper"])  # from seat 2 (i passes to i+1)
    assert Counter(d["players"][1]["hand"]) == Counter(["carrot", "potato", "leek"])
    assert Counter(d["players"][2]["hand"]) == Counter(["beet", "onion"])
    assert Counter(d["compost"]) == Counter(["eggplant", A])
    assert g.current_player == 0 and d["turn"]["phase"] == "play"


def test_A_C_EGGPLANT_needs_an_artichoke() -> None:
    g = load(pos([["eggplant", "carrot"], [A]]))
    assert not any(a.card == "eggplant" for a in g.legal_actions())


def test_A_C_RHUBARB_choose_card_from_refilled_row() -> None:
    g = load(
        pos(
            [["rhubarb"], [A]],
            rhubarb=True,
            row=["corn", "corn"],
            stack=["carrot", "potato", "leek", "beet", "onion", "peas"],
        )
    )
    assert Action("play", card="rhubarb") in g.legal_actions()
    g.apply(Action("play", card="rhubarb"))
    assert g.current_player == 0
    row = state(g)["garden_row"]
    # the row went under the stack; the refill reveals from the top
    assert Counter(row) == Counter(["carrot", "potato", "leek", "beet", "onion"])
    assert {a for a in g.legal_actions()} == {Action("choose", card=c) for c in row}
    g.apply(Action("choose", card="leek"))
    d = state(g)
    assert d["players"][0]["hand"] == ["leek"]
    assert Counter(d["garden_row"]) == Counter(["carrot", "potato", "beet", "onion"])
    assert d["compost"] == ["rhubarb"]
    assert d["garden_stack"][0] == "peas" and Counter(d["garden_stack"][1:]) == Counter(["corn", "corn"])


def test_A_C_CARROT_composts_and_nothing_after_it() -> None:
    g = load(pos([["carrot", A, A, "potato"], [A]]))
    answer(g, Action("play", card="carrot"))
    d = state(g)
    assert Counter(d["compost"]) == Counter(["carrot", A, A])
    assert d["players"][0]["hand"] == ["potato"]
    assert g.legal_actions() == [Action("end_play")]


def test_A_C_CARROT_only_if_no_other_vegetable_played_this_turn() -> None:
    g = load(pos([["carrot", A, A], [A]], played=["potato"]))
    assert not any(a.card == "carrot" for a in g.legal_actions())
    g = load(pos([["carrot", A, A], [A]], played=[]))
    assert Action("play", card="carrot") in g.legal_actions()


def test_A_C_BROCCOLI_needs_three_artichokes() -> None:
    assert not any(a.card == "broccoli" for a in load(pos([["broccoli", A, A], [A]])).legal_actions())
    g = load(pos([["broccoli", A, A, A], [A]]))
    answer(g, Action("play", card="broccoli"))
    assert Counter(seat(g, 0)["hand"]) == Counter([A, A])
    assert state(g)["compost"] == [A]


def test_A_C_POTATO_artichoke_to_compost_other_to_discard() -> None:
    g = load(pos([["potato", "potato"], [A]], decks=[[A, "beet"], [A]]))
    answer(g, Action("play", card="potato"))
    assert state(g)["compost"] == [A]
    answer(g, Action("play", card="potato"))
    assert Counter(seat(g, 0)["discard"]) == Counter(["potato", "potato", "beet"])
    assert seat(g, 0)["deck"] == []


def test_A_C_POTATO_not_playable_with_deck_and_discard_empty() -> None:
    g = load(pos([["potato"], [A]], decks=[[], [A]], discards=[[], []]))
    assert not any(a.card == "potato" for a in g.legal_actions())


def test_engine_never_ends_play_by_itself() -> None:
    g = load(pos([["potato"], [A]], decks=[["carrot"], [A]]))
    answer(g, Action("play", card="potato"))
    assert seat(g, 0)["hand"] == []
    assert g.current_player == 0 and phase(g) == "play"
    assert g.legal_actions() == [Action("end_play")]


# --------------------------------------------------------------------------- end_play


def test_end_play_A_T5_discard_A_T6_draw_then_next_seat_refill_and_harvest() -> None:
    g = load(
        pos(
            [["carrot", "potato"], [A]],
            decks=[[A, A, "beet", A, A, "leek"], [A]],
            discards=[["onion"], []],
            row=["corn"],
            stack=["peas", "peas", "leek", "beet", "onion"],
        )
    )
    g.apply(Action("end_play"))
    d = state(g)
    p0 = d["players"][0]
    assert Counter(p0["discard"]) == Counter(["onion", "carrot", "potato"]) and p0["discard"][0] == "onion"
    assert p0["hand"] == [A, A, "beet", A, A]
    assert p0["deck"] == ["leek"]
    assert not g.is_over
    assert d["turn"]["player"] == 1 and g.current_player == 1
    assert d["turn"]["phase"] == "harvest"
    assert Counter(d["garden_row"]) == Counter(["corn", "peas", "peas", "leek", "beet"])
    assert d["garden_stack"] == ["onion"]
    assert d["turn"]["played"] == []


def test_end_play_next_seat_with_empty_row_goes_straight_to_play() -> None:
    g = load(pos([["carrot"], [A]], row=[], stack=[]))
    g.apply(Action("end_play"))
    assert g.current_player == 1
    assert phase(g) == "play"
    assert Action("end_play") in g.legal_actions()


def test_A_T6_discard_shuffled_in_only_when_the_deck_runs_out() -> None:
    g = load(pos([["carrot"], [A]], decks=[[A, A], [A]], discards=[[A, A, "beet", "onion"], []]))
    g.apply(Action("end_play"))
    p0 = seat(g, 0)
    assert len(p0["hand"]) == 5
    # 2 from the deck, then the discard (4 + the discarded carrot) becomes the deck: 3 more drawn, 2 stay
    assert Counter(p0["hand"])[A] >= 2
    assert p0["discard"] == []
    assert len(p0["deck"]) == 2
    assert Counter(p0["hand"]) + Counter(p0["deck"]) == Counter([A, A, A, A, "beet", "onion", "carrot"])


def test_A_T6_fewer_than_five_draws_fewer() -> None:
    g = load(pos([["carrot"], [A]], decks=[[A], [A]], discards=[[A], []]))
    g.apply(Action("end_play"))
    p0 = seat(g, 0)
    assert Counter(p0["hand"]) == Counter([A, A, "carrot"])
    assert p0["deck"] == [] and p0["discard"] == []


def test_A_W1_win_when_drawn_hand_holds_no_artichoke() -> None:
    g = load(pos([[A], [A]], decks=[["carrot", "potato", "peas", "leek", "beet", A], [A]]))
    g.apply(Action("end_play"))
    assert g.is_over
    assert g.winner == 0
    assert g.current_player is None
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply(Action("end_play"))


def test_A_W1_no_win_without_the_A_T6_draw() -> None:
    # seat 0 holds no artichoke during play (and seat 1 none at all): nobody wins yet
    g = load(pos([["carrot", A, A], ["beet"]], decks=[[A] * 5, ["corn", A, A, A, A, A]]))
    g.apply(Action("play", card="carrot"))
    assert seat(g, 0)["hand"] == []
    assert not g.is_over and g.winner is None and g.current_player == 0
    # drawing artichokes after playing the hand empty: no win
    g.apply(Action("end_play"))
    assert not g.is_over and g.winner is None
    assert g.current_player == 1  # seat 1 holding no artichoke outside its A-T6 wins nothing


def test_A_W1_win_after_drawing_fewer_than_five_without_artichoke() -> None:
    g = load(pos([[A], [A]], decks=[["carrot", "beet"], [A]], discards=[[], []], compost=[]))
    # the artichoke in hand is discarded then reshuffled back in: it is drawn again -> no win
    g.apply(Action("end_play"))
    assert not g.is_over
    g2 = load(pos([["carrot"], [A]], decks=[["potato"], [A]], discards=[[], []]))
    g2.apply(Action("end_play"))
    assert g2.is_over and g2.winner == 0


@pytest.mark.parametrize(("players", "limit"), [(2, 1), (2, 3), (3, 2)])
def test_A_W2_round_limit_stalemate(players: int, limit: int) -> None:
    g = new_game(players, seed=7, round_limit=limit)
    turns = 0
    while not g.is_over:
        assert turns < limit * players, "still running after round_limit full rounds"
        if phase(g) == "harvest":
            g.apply(g.legal_actions()[0])
        g.apply(Action("end_play"))
        turns += 1
    assert turns == limit * players
    assert g.winner is None
    assert g.current_player is None


def test_is_over_winner_current_player_consistent_in_random_games() -> None:
    for s in range(4):
        g = new_game(2 + s % 3, seed=40 + s, round_limit=8)
        rng = random.Random(s)
        for _ in range(600):
            assert (g.current_player is None) == g.is_over
            if g.winner is not None:
                assert g.is_over
            if g.is_over:
                assert g.legal_actions() == []
                break
            g.apply(rng.choice(g.legal_actions()))
        assert g.is_over


# --------------------------------------------------------------------------- from_dict / to_dict / clone


def test_from_dict_accepts_the_design_example_exactly() -> None:
    example = json.loads(
        """{"format": "artischocken/1",
 "options": {"players": 2, "rhubarb": false},
 "players": [{"hand": ["artichoke"], "deck": ["artichoke"], "discard": []}],
 "garden_stack": ["peas"], "garden_row": ["corn"], "compost": [],
 "turn": {"player": 0, "phase": "play", "played": []},
 "seed": 0}"""
    )
    # the DESIGN example lists one player entry for brevity: extend it to the two players it names
    example["players"].append({"hand": ["artichoke"], "deck": ["artichoke"], "discard": []})
    g = Game.from_dict(example)
    d = g.to_dict()
    for k in ("format", "options", "players", "garden_stack", "garden_row", "compost", "turn", "seed"):
        assert k in d
    assert d["players"][0] == {**d["players"][0], "hand": [A], "deck": [A], "discard": []}
    assert d["garden_stack"] == ["peas"] and d["garden_row"] == ["corn"]
    assert d["turn"]["phase"] == "play" and g.current_player == 0


def test_from_dict_in_phase_refill_refills_at_once_and_stands_at_harvest_A_T1() -> None:
    stack = ["peas", "carrot", "potato", "leek", "beet"]
    g = load(pos([[A], [A]], phase="refill", player=1, row=["corn"], stack=stack))
    d = state(g)
    assert d["turn"]["phase"] == "harvest" and g.current_player == 1
    assert Counter(d["garden_row"]) == Counter(["corn", "peas", "carrot", "potato", "leek"])
    assert d["garden_stack"] == ["beet"]


def test_A_T2_four_alike_row_is_reshuffled() -> None:
    stack = ["corn", "corn", "corn", "corn", "carrot", "potato", "leek", "beet", "onion", "peas", "pepper"]
    for s in range(5):
        g = load(pos([[A], [A]], phase="refill", row=[], stack=stack, seed=s))
        row = state(g)["garden_row"]
        assert len(row) == 5
        assert max(Counter(row).values()) < 4
        assert Counter(row) + Counter(state(g)["garden_stack"]) == Counter(stack)


def test_A_T2_four_alike_stands_when_no_other_row_can_be_formed() -> None:
    g = load(pos([[A], [A]], phase="refill", row=[], stack=["corn", "corn", "corn", "corn", "carrot"]))
    assert Counter(state(g)["garden_row"]) == Counter(["corn"] * 4 + ["carrot"])
    assert phase(g) == "harvest"


def test_A_T2_stack_runs_out_row_filled_as_far_as_it_reaches() -> None:
    g = load(pos([[A], [A]], phase="refill", row=["corn"], stack=["peas"], compost=["beet"]))
    d = state(g)
    assert Counter(d["garden_row"]) == Counter(["corn", "peas"])
    assert d["garden_stack"] == [] and d["compost"] == ["beet"]  # never rebuilt from the compost


def _malformed() -> list[tuple[str, Any]]:
    base = pos([[A], [A]])
    cases: list[tuple[str, Any]] = []

    def mut(name: str, f: Any) -> None:
        d = copy.deepcopy(base)
        f(d)
        cases.append((name, d))

    mut("format", lambda d: d.__setitem__("format", "artischocken/99"))
    mut("unknown card", lambda d: d["players"][0]["hand"].append("banana"))
    mut("unknown card in stack", lambda d: d["garden_stack"].append("banana"))
    mut("phase", lambda d: d["turn"].__setitem__("phase", "dance"))
    mut("turn player", lambda d: d["turn"].__setitem__("player", 2))
    mut("players count", lambda d: d["options"].__setitem__("players", 5))
    mut("players mismatch", lambda d: d["players"].append({"hand": [], "deck": [], "discard": []}))
    mut("hand not list", lambda d: d["players"][0].__setitem__("hand", "artichoke"))
    mut("seed not int", lambda d: d.__setitem__("seed", "zero"))
    mut("row too long", lambda d: d.__setitem__("garden_row", ["corn"] * 6))
    cases.append(("not a dict", ["artischocken/1"]))
    return cases


@pytest.mark.parametrize(("name", "data"), _malformed(), ids=[n for n, _ in _malformed()])
def test_from_dict_rejects_malformed_data_with_value_error(name: str, data: Any) -> None:
    with pytest.raises(ValueError):
        Game.from_dict(data)


def test_to_dict_from_dict_clone_resume_exactly() -> None:
    for s in range(4):
        g = new_game(2 + s % 3, seed=s, rhubarb=s % 2 == 0, round_limit=20)
        rng = random.Random(s)
        for _ in range(rng.randrange(5, 60)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        d = g.to_dict()
        text = json.dumps(d)  # JSON-safe
        r = Game.from_dict(json.loads(text))
        c = g.clone()
        assert r.to_dict() == d and c.to_dict() == d
        # the same actions from here give the same games (generator state resumes)
        for _ in range(80):
            if g.is_over:
                break
            acts = g.legal_actions()
            assert r.legal_actions() == acts and c.legal_actions() == acts
            assert r.current_player == g.current_player == c.current_player
            a = rng.choice(acts)
            for x in (g, r, c):
                x.apply(a)
            assert r.to_dict() == g.to_dict() == c.to_dict()
        assert r.is_over == g.is_over and r.winner == g.winner


def test_clone_is_independent() -> None:
    g = new_game(2, seed=9)
    before = g.to_dict()
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert g.to_dict() == before
    assert c.to_dict() != before


def test_resume_during_pending_decision() -> None:
    g = load(pos([["peas", "leek"], [A]], decks=[[A], ["carrot", A]], stack=["carrot", "potato", "leek"]))
    g.apply(Action("play", card="peas"))
    r = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert r.legal_actions() == g.legal_actions()
    a = g.legal_actions()[0]
    g.apply(a)
    r.apply(a)
    assert r.to_dict() == g.to_dict()


# --------------------------------------------------------------------------- view (A-G2)


def test_view_json_safe_for_every_seat_through_random_games() -> None:
    for s in range(3):
        g = new_game(3, seed=s, rhubarb=True, round_limit=6)
        rng = random.Random(s)
        for _ in range(120):
            for p in range(3):
                v = g.view(p)
                assert isinstance(v, dict)
                assert json.loads(json.dumps(v)) == v
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))


def test_A_G2_view_hides_other_hands_and_deck_and_stack_order() -> None:
    base = pos(
        [["carrot", A], ["beet", "onion"], [A, "leek"]],
        decks=[["potato", A, "peas"], [A, "corn"], ["pepper", A]],
        stack=["peas", "carrot", "potato", "leek", "beet", "onion"],
    )
    g0 = load(base)
    v = g0.view(0)
    variants = []
    d = copy.deepcopy(base)
    d["players"][1]["hand"] = [A, A]  # different secret hand, same size
    variants.append(d)
    d = copy.deepcopy(base)
    d["players"][2]["hand"] = ["eggplant", "broccoli"]
    variants.append(d)
    d = copy.deepcopy(base)
    d["players"][0]["deck"] = ["peas", "potato", A]  # own deck order is secret too
    variants.append(d)
    d = copy.deepcopy(base)
    d["players"][1]["deck"] = ["corn", A]
    variants.append(d)
    d = copy.deepcopy(base)
    d["garden_stack"] = list(reversed(base["garden_stack"]))
    variants.append(d)
    for d in variants:
        assert load(d).view(0) == v
    # but a seat sees its own hand and the public discards
    d = copy.deepcopy(base)
    d["players"][0]["hand"] = ["beet", A]
    assert load(d).view(0) != v
    d = copy.deepcopy(base)
    d["players"][1]["discard"] = ["onion"]
    assert load(d).view(0) != v


def test_A_G2_view_shows_own_hand() -> None:
    g = new_game(2, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    d = g.to_dict()
    for p in (0, 1):
        dump = json.dumps(g.view(p))
        for c in set(d["players"][p]["hand"]):
            assert f'"{c}"' in dump


# --------------------------------------------------------------------------- more corners


def test_A_C_CARROT_after_harvest_is_still_playable() -> None:
    g = load(pos([["carrot", A, A], [A]], phase="harvest", row=["beet"]))
    answer(g, Action("harvest", card="beet"))
    assert Action("play", card="carrot") in g.legal_actions()  # harvesting is not playing


def test_illegal_targets_raise() -> None:
    g = load(pos([["leek", "onion", A], [A], [A]]))
    before = g.to_dict()
    for a in (
        Action("play", card="leek", target=0),  # yourself
        Action("play", card="leek", target=3),  # no such seat
        Action("play", card="onion", target=0),
        Action("play", card="onion", target=-1),
    ):
        with pytest.raises(IllegalAction):
            g.apply(a)
        assert g.to_dict() == before


def test_A_C_EGGPLANT_seat_without_cards_passes_nothing() -> None:
    g = load(pos([["eggplant", A, "carrot"], ["beet", "onion", "leek"], []]))
    answer(g, Action("play", card="eggplant"))
    choosers = []
    while pending_choice(g):
        p = g.current_player
        assert p is not None
        choosers.append(p)
        hand = seat(g, p)["hand"]
        answer(g, Action("choose", cards=tuple(hand[:2])))
    assert sorted(choosers) == [0, 1]
    d = state(g)
    assert len(d["players"][2]["hand"]) == 2  # got 2 from seat 1
    assert len(d["players"][0]["hand"]) == 0  # seat 2 had nothing to pass
    assert len(d["players"][1]["hand"]) == 2  # kept 1, got the carrot
    assert "carrot" in d["players"][1]["hand"]


def test_A_C_LEEK_opponent_reshuffles_discard_first() -> None:
    g = load(pos([["leek"], [A]], decks=[[A], []], discards=[[], ["carrot"]]))
    answer(g, Action("play", card="leek", target=1))
    answer(g, Action("choose", option="take"))
    d = state(g)
    assert d["players"][0]["hand"] == ["carrot"]
    assert d["players"][1]["deck"] == [] and d["players"][1]["discard"] == []


def test_A_C_POTATO_reshuffles_discard_when_deck_empty() -> None:
    g = load(pos([["potato"], [A]], decks=[[], [A]], discards=[[A], []]))
    answer(g, Action("play", card="potato"))
    d = state(g)
    assert d["compost"] == [A]
    assert d["players"][0]["discard"] == ["potato"] and d["players"][0]["deck"] == []


def test_A_C_PEAS_playable_with_exactly_two_in_stack() -> None:
    g = load(pos([["peas"], [A]], stack=["carrot", "beet"]))
    answer(g, Action("play", card="peas"))
    answer(g, Action("choose", card="beet", target=1))
    d = state(g)
    assert d["garden_stack"] == []
    assert d["players"][1]["discard"] == ["carrot"]


def test_A_T2_four_alike_after_end_play_refill() -> None:
    stack = ["corn", "corn", "corn", "carrot", "potato", "leek", "beet", "onion", "peas"]
    g = load(pos([["beet"], [A]], row=["corn"], stack=stack))
    g.apply(Action("end_play"))
    d = state(g)
    assert len(d["garden_row"]) == 5 and max(Counter(d["garden_row"]).values()) < 4
    assert Counter(d["garden_row"]) + Counter(d["garden_stack"]) == Counter(stack + ["corn"])


def test_A_W1_empty_drawn_hand_holds_no_artichoke_and_wins() -> None:
    # all of the seat's cards are gone: the hand it drew (nothing) holds no artichoke
    g = load(pos([[], [A]], decks=[[], [A]], discards=[[], []], compost=[A] * 10))
    g.apply(Action("end_play"))
    assert g.is_over and g.winner == 0


def test_A_C_BEET_opponent_does_not_draw_back() -> None:
    g = load(pos([["beet", "carrot", "potato"], [A]], decks=[[A], [A, A, A]]))
    answer(g, Action("play", card="beet", target=1))
    d = state(g)
    assert len(d["players"][1]["hand"]) == 1 and d["players"][1]["deck"] == [A, A, A]


def test_start_player_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError):
        new_game(2, start_player=2)
    with pytest.raises(ValueError):
        new_game(3, start_player=-1)


def test_turn_played_lists_the_cards_played_this_turn() -> None:
    g = load(pos([["potato", "potato"], [A]], decks=[["beet", "onion", A, A, A, A, A], [A]]))
    assert state(g)["turn"]["played"] == []
    answer(g, Action("play", card="potato"))
    assert state(g)["turn"]["played"] == ["potato"]
    answer(g, Action("play", card="potato"))
    assert state(g)["turn"]["played"] == ["potato", "potato"]
    g.apply(Action("end_play"))
    assert state(g)["turn"]["played"] == []


def test_A_C_EGGPLANT_each_seat_passes_exactly_two_or_all_it_has() -> None:
    g = load(pos([["eggplant", A, "carrot", "potato", "leek"], ["beet"], ["pepper", "onion", "corn"]]))
    answer(g, Action("play", card="eggplant"))
    while pending_choice(g):
        p = g.current_player
        assert p is not None
        hand = seat(g, p)["hand"]
        acts = g.legal_actions()
        assert acts and all(len(a.cards) == min(2, len(hand)) for a in acts)
        assert all(not (Counter(a.cards) - Counter(hand)) for a in acts)
        g.apply(acts[0])


def test_A_C_RHUBARB_needs_a_card_in_row_or_stack() -> None:
    g = load(pos([["rhubarb"], [A]], rhubarb=True, row=[], stack=[]))
    assert not any(a.card == "rhubarb" for a in g.legal_actions())
    g = load(pos([["rhubarb"], [A]], rhubarb=True, row=["corn"], stack=[]))
    answer(g, Action("play", card="rhubarb"))
    answer(g, Action("choose", card="corn"))
    assert seat(g, 0)["hand"] == ["corn"]


def test_A_G2_eggplant_passes_stay_secret_from_a_third_seat() -> None:
    """Seat 2 sees neither what seat 0 passed to seat 1 nor what seat 1 kept."""

    def run(x: str, y: str, w: str) -> dict[str, Any]:
        g = load(pos([["eggplant", A, x, y], ["leek", "corn", w], ["pepper"]]))
        answer(g, Action("play", card="eggplant"))
        passes = {0: (x, y), 1: ("leek", "corn"), 2: ("pepper",)}
        while pending_choice(g):
            p = g.current_player
            assert p is not None
            answer(g, Action("choose", cards=passes[p]))
        return g.view(2)

    assert run("carrot", "potato", "beet") == run("onion", "broccoli", "peas")


def test_A_G2_beet_swap_stays_secret_from_a_third_seat() -> None:
    def run(mine: str, theirs: str) -> dict[str, Any]:
        g = load(pos([["beet", mine], [theirs], [A]]))
        answer(g, Action("play", card="beet", target=1))
        return g.view(2)

    assert run("carrot", "onion") == run("potato", "leek")


@pytest.mark.parametrize("seed", range(6))
def test_A_T2_reshuffle_while_another_row_can_be_formed(seed: int) -> None:
    # corn x4 + carrot + potato: sum of min(count, 3) = 3 + 1 + 1 = 5 -> a row without 4 alike exists
    stack = ["corn", "corn", "corn", "corn", "carrot", "potato"]
    g = load(pos([[A], [A]], phase="refill", row=[], stack=stack, seed=seed))
    row = state(g)["garden_row"]
    assert len(row) == 5 and max(Counter(row).values()) == 3
    assert Counter(row) + Counter(state(g)["garden_stack"]) == Counter(stack)


@pytest.mark.parametrize(
    "stack",
    [
        ["corn"] * 5 + ["carrot"],  # 3 + 1 = 4 < 5
        ["corn"] * 4,  # fewer than 5 cards
    ],
)
def test_A_T2_four_alike_may_stand_when_no_row_without_it_exists(stack: list[str]) -> None:
    g = load(pos([[A], [A]], phase="refill", row=[], stack=stack))
    row = state(g)["garden_row"]
    assert len(row) == min(5, len(stack))
    assert Counter(row)["corn"] >= 4
    assert phase(g) == "harvest"


@pytest.mark.parametrize("start_phase", ["refill", "harvest"])
def test_from_dict_empty_row_and_stack_goes_straight_to_play(start_phase: str) -> None:
    g = load(pos([[A], [A]], phase=start_phase, player=1, row=[], stack=[]))
    assert g.current_player == 1 and phase(g) == "play"
    assert g.legal_actions() == [Action("end_play")]
