"""The card search bot (ISMCTS, kinds search-easy / search / search-hard): views only (A-G2), seeded, levels."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from helpers_artischocken import play_out

from game.artischocken import Game, new_game
from game.artischocken.bots import BOTS, SearchBot, make_bot
from game.artischocken.bots.search import LEVELS, clean_draw_chance
from game.artischocken.seats import bot_kinds


def _midgame(seed: int, players: int = 2, decisions: int = 25) -> Game:
    """A game some decisions in, at a seat's real choice (more than one legal action)."""
    g = new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        if g.is_over:
            break
    while not g.is_over and (len(g.legal_actions()) < 2 or g.pending is not None):
        g.apply(g.legal_actions()[0])
    assert not g.is_over
    return g


def _rehide(d: dict[str, Any], me: int, rng: random.Random) -> dict[str, Any]:
    """The same position with every card ``me`` cannot know dealt anew: the other seats' hands and decks mixed
    among themselves, the garden stack and the own deck below its known top reshuffled (A-G2)."""
    out = json.loads(json.dumps(d))
    others = [s for s in range(len(out["players"])) if s != me]
    pool = [c for s in others for c in out["players"][s]["hand"] + out["players"][s]["deck"]]
    rng.shuffle(pool)
    for s in others:
        pl = out["players"][s]
        h, k = len(pl["hand"]), len(pl["deck"])
        pl["hand"], pl["deck"], pool = pool[:h], pool[h:h + k], pool[h + k:]
        pl["known_top"] = 0
    own = out["players"][me]
    known = own.get("known_top", 0)
    rest = own["deck"][known:]
    rng.shuffle(rest)
    own["deck"] = own["deck"][:known] + rest
    rng.shuffle(out["garden_stack"])
    return out


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_A_G2_search_sees_only_the_view_same_input_same_choice(seed: int) -> None:
    """Two games that differ only in cards the seat cannot know give the bot the same input and the same choice."""
    g = _midgame(seed, players=3 if seed == 8 else 2)
    me = g.current_player
    assert me is not None
    d = g.to_dict()
    other = Game.from_dict(_rehide(d, me, random.Random(seed + 1)))
    assert other.to_dict() != d  # the hidden cards really differ ...
    view_a, view_b = g.view(me, log=False), other.view(me, log=False)
    assert view_a == view_b  # ... but the seat's input is the same
    legal_a, legal_b = g.legal_actions(), other.legal_actions()
    assert legal_a == legal_b
    pick_a = SearchBot(99, iterations=150, time_cap=None).choose(view_a, legal_a)
    pick_b = SearchBot(99, iterations=150, time_cap=None).choose(view_b, legal_b)
    assert pick_a == pick_b and pick_a in legal_a


def test_search_is_deterministic_for_a_seed_and_counts_iterations() -> None:
    g = _midgame(5)
    me = g.current_player
    assert me is not None
    view, legal = g.view(me, log=False), g.legal_actions()
    bots = [SearchBot(7, iterations=120, time_cap=None) for _ in range(2)]
    assert bots[0].choose(view, legal) == bots[1].choose(json.loads(json.dumps(view)), list(legal))
    assert bots[0].last_iterations == 120  # the budget is counted in iterations, not time


def test_search_levels_are_registered_offered_and_ordered() -> None:
    assert [k for k in BOTS if k.startswith("search")] == ["search-easy", "search", "search-hard"]
    for kind in LEVELS:
        assert kind in bot_kinds()  # the setup screen offers every registered kind at every seat
        assert isinstance(make_bot(kind, 1), SearchBot)
    its = [LEVELS[k].iterations for k in ("search-easy", "search", "search-hard")]
    assert its == sorted(its) and len(set(its)) == 3
    assert LEVELS["search"].time_cap <= 0.25  # the default level's cap: a bot turn never stalls the table
    with pytest.raises(ValueError):
        SearchBot(0, iterations=0)


def test_search_easy_plays_whole_games_with_legal_actions_only() -> None:
    for seed in range(2):
        g = new_game(3, seed=seed, rhubarb=True, round_limit=40)
        play_out(g, [make_bot("search-easy", seed + s) for s in range(3)])


def test_fork_copies_the_position_and_uses_the_given_generator() -> None:
    g = _midgame(11)
    rng = random.Random(1)
    f = g.fork(rng)
    assert f.rng is rng and f.log == [] and f.view(0, log=False) | {"log_size": 0} == g.view(0, log=False) | {
        "log_size": 0}
    f.apply(f.legal_actions()[-1])
    assert g.to_dict() != f.to_dict() and g.legal_actions()  # the original is untouched


def test_clean_draw_chance_is_hypergeometric() -> None:
    d = new_game(2, seed=0).to_dict()
    d["players"][0]["deck"] = ["artichoke", "peas", "corn", "beet", "onion", "leek"]
    d["players"][0]["hand"] = ["artichoke"] * 5
    g = Game.from_dict(d)
    assert clean_draw_chance(g, 0) == pytest.approx(1 / 6)  # 5 of 6 drawn: clean only when the artichoke stays


def test_every_search_level_is_selectable_at_every_seat_of_the_setup_screen(make_app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pygame
    from table_helpers import Driver

    from game.artischocken.room import setup_scene

    drv = Driver(make_app((1280, 800), seed=9))
    setup = setup_scene()
    drv.app.push(setup)
    drv.frame()
    drv.click(setup.add_button.rect.center)
    drv.click(setup.add_button.rect.center)
    for seat in range(len(setup.kinds)):
        seen = set()
        for _ in range(len(BOTS) + 1):
            seen.add(setup.kinds[seat])
            drv.click(setup.kind_buttons[seat].rect.center)
        assert set(LEVELS) <= seen, seat
    while setup.kinds[1] != "search-hard":
        drv.click(setup.kind_buttons[1].rect.center)
    drv.frame(2)
    shot = os.environ.get("CARD_SETUP_PNG", str(tmp_path / "setup.png"))  # set it to look at the screen by hand
    pygame.image.save(pygame.display.get_surface(), shot)
    assert setup.kinds[1] == "search-hard"
