"""Bots (views only), the batch simulation CLI and the benchmark CLI."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.artischocken import Action, Game, new_game, simulate
from game.artischocken.bots import BOTS, ExpertBot, GreedyBot, RandomBot, make_bot, sample_position, unseen_cards
from game.lab.artischocken import bench


def test_registry_and_make_bot() -> None:
    # weakest first: the setup screen's order, the search levels among the others by strength
    assert list(BOTS) == ["random", "greedy", "search-easy", "expert", "search", "search-hard"]
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot("expert", 1), ExpertBot)
    with pytest.raises(ValueError, match="unknown bot 'banana'"):
        make_bot("banana", 0)


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_bots_always_choose_a_legal_action_from_views(kind: str) -> None:
    for seed in range(12):
        bots = [make_bot(kind, seed * 10 + s) for s in range(3)]
        g = new_game(3, seed=seed, rhubarb=True, round_limit=60)
        while not g.is_over:
            p = g.current_player
            assert p is not None
            legal = g.legal_actions()
            view = json.loads(json.dumps(g.view(p)))  # a bot works on plain JSON data (A-G2)
            act = bots[p].choose(view, legal)
            assert act in legal
            g.apply(act)


def test_random_bot_is_seeded() -> None:
    legal = [Action("end_play"), Action("play", "potato"), Action("play", "peas")]
    a = [RandomBot(5).choose({}, legal) for _ in range(3)]
    b = [RandomBot(5).choose({}, legal) for _ in range(3)]
    assert a == b


def _choose(g: Game, bot: GreedyBot | None = None) -> Action:
    p = g.current_player
    assert p is not None
    return (bot or GreedyBot(0)).choose(g.view(p), g.legal_actions())


def test_greedy_composts_artichokes_first() -> None:
    g = Game.from_dict({"format": "artischocken/1",
                        "players": [{"hand": ["peas", "onion", "artichoke", "corn"]}, {"hand": ["artichoke"]}],
                        "garden_stack": ["leek", "beet"], "garden_row": ["potato"],
                        "turn": {"player": 0, "phase": "play"}})
    assert _choose(g).card == "onion"


def test_greedy_carrot_when_it_is_the_best_single_move() -> None:
    def hand(*cards: str) -> Game:
        return Game.from_dict({"format": "artischocken/1",
                               "players": [{"hand": list(cards)}, {"hand": ["artichoke"]}],
                               "garden_stack": ["leek", "beet"], "turn": {"player": 0, "phase": "play"}})

    # carrot (2 artichokes) beats a lone onion (1), which would also rule the carrot out
    assert _choose(hand("carrot", "onion", "artichoke", "artichoke", "artichoke")).card == "carrot"
    assert _choose(hand("carrot", "peas", "artichoke", "artichoke")).card == "carrot"
    # onion + eggplant compost 2 as well and keep the turn going: no carrot
    assert _choose(hand("carrot", "onion", "eggplant", "artichoke", "artichoke", "artichoke")).card != "carrot"


def test_greedy_passes_artichokes_after_eggplant() -> None:
    g = Game.from_dict({"format": "artischocken/1",
                        "players": [{"hand": ["eggplant", "artichoke", "artichoke", "onion", "artichoke"]},
                                    {"hand": ["corn", "leek"]}],
                        "turn": {"player": 0, "phase": "play"}})
    g.apply(Action("play", "eggplant"))
    assert _choose(g).cards == ("artichoke", "artichoke")


def test_greedy_leek_takes_good_cards_and_leaves_artichokes() -> None:
    for top, option in (("onion", "take"), ("artichoke", "leave")):
        g = Game.from_dict({"format": "artischocken/1",
                            "players": [{"hand": ["leek"]}, {"hand": [], "deck": [top]}],
                            "turn": {"player": 0, "phase": "play"}})
        g.apply(Action("play", "leek", target=1))
        assert _choose(g).option == option


def _play(bots: list[Any], g: Game) -> list[Action]:
    """Play ``g`` to the end with ``bots``, each given its seat's JSON view (A-G2); the actions taken."""
    taken = []
    while not g.is_over:
        p = g.current_player
        assert p is not None
        legal = g.legal_actions()
        view = json.loads(json.dumps(g.view(p)))
        act = bots[p].choose(view, legal)
        assert act in legal
        g.apply(act)
        taken.append(act)
    return taken


def test_expert_always_chooses_a_legal_action_from_views() -> None:
    """3 and 4 seats, rhubarb, eggplant passes out of turn, leek/peas/rhubarb decisions: always legal."""
    decisions: set[str] = set()
    for seed, players in ((1, 3), (2, 4), (3, 2), (4, 3)):
        bots = [ExpertBot(seed * 10 + s, budget=8, min_worlds=2) for s in range(players)]
        for act in _play(bots, new_game(players, seed=seed, rhubarb=True, round_limit=20)):
            if act.kind == "choose":
                decisions.add("leek" if act.option else "pass" if act.cards else "peas/rhubarb")
    assert decisions == {"leek", "pass", "peas/rhubarb"}  # the searches really met every kind of decision


def test_expert_is_deterministic_for_a_seed() -> None:
    def game_actions(seed: int) -> list[Action]:
        return _play([ExpertBot(seed, budget=12), GreedyBot(4)], new_game(2, seed=9, round_limit=6))

    assert game_actions(3) == game_actions(3)


def test_A_G2_expert_samples_only_what_the_view_allows() -> None:
    """The sampled worlds keep everything the seat sees and deal exactly the cards it cannot see (A-G3)."""
    g = new_game(3, seed=4, rhubarb=True)
    for _ in range(40):
        g.apply(GreedyBot(1).choose(g.view(g.current_player or 0), g.legal_actions()))
    p = g.current_player
    assert p is not None
    view = g.view(p, log=False)
    rng = random.Random(0)
    for _ in range(5):
        world = Game.from_dict(sample_position(view, rng))
        seen = world.view(p, log=False)
        for key in ("hand", "garden_row", "compost", "deck_top_known", "phase", "turn", "pending", "in_play"):
            assert seen[key] == view[key], key
        assert seen["seats"] == view["seats"] and seen["garden_stack_count"] == view["garden_stack_count"]
        assert sum(world.card_counts().values()) == 3 * 10 + 66  # A-G3
        assert "artichoke" not in world.to_dict()["garden_stack"]  # artichokes never reach the stack
    assert sum(unseen_cards(view).values()) == sum(
        s["hand_count"] + s["deck_count"] for s in view["seats"]) - len(view["hand"]) - len(
        view["deck_top_known"]) + view["garden_stack_count"]


def test_expert_beats_greedy() -> None:
    cfg = simulate.SimConfig(games=40, lineup=("expert", "greedy"), seed=5)
    summary = simulate.summarize(cfg, simulate.run(cfg))
    assert summary["games"] == 40
    assert summary["wins"]["expert"] > 20, summary["wins"]


def test_greedy_beats_random_clearly() -> None:
    cfg = simulate.SimConfig(games=160, lineup=("greedy", "random"), seed=3)
    summary = simulate.summarize(cfg, simulate.run(cfg))
    assert summary["games"] == 160
    assert summary["win_rate"]["greedy"] > 0.75
    assert summary["win_rate_ci95"]["greedy"][0] > 0.5


def test_simulate_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code = simulate.main(["--games", "30", "--seats", "greedy,random,random", "--seed", "4", "--json",
                          "--rhubarb", "--round-limit", "50"])
    assert code == 0
    out, err = capsys.readouterr()
    data: dict[str, Any] = json.loads(out)
    assert data["games"] == 30
    assert set(data["wins"]) == {"greedy", "random"} == set(data["win_rate"])
    assert sum(data["wins"].values()) + data["draws"] == 30
    assert sum(data["wins_by_seat"].values()) + data["draws"] == 30
    assert data["turns_median"] > 0 and data["turns_p95"] >= data["turns_median"]
    assert data["rhubarb"] is True and data["round_limit"] == 50
    assert "30/30" in err  # the progress bar goes to stderr, never into the JSON


def test_simulate_text_and_workers_give_same_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(["--games", "24", "--seats", "greedy,random", "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert simulate.main(["--games", "24", "--seats", "greedy,random", "--json", "--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one == two
    assert simulate.main(["--games", "10", "--fixed-seats"]) == 0
    text = capsys.readouterr().out
    assert "Wins by bot" in text and "Wins by seat" in text and "median" in text and "fixed" in text


def test_simulate_rotates_seats_unless_fixed() -> None:
    cfg = simulate.SimConfig(games=4, lineup=("greedy", "random"))
    assert cfg.seats_for(0) == ("greedy", "random") and cfg.seats_for(1) == ("random", "greedy")
    fixed = simulate.SimConfig(games=4, lineup=("greedy", "random"), fixed_seats=True)
    assert fixed.seats_for(1) == ("greedy", "random")


def test_simulate_round_limit_gives_draws() -> None:
    cfg = simulate.SimConfig(games=6, lineup=("random", "random"), round_limit=1)
    summary = simulate.summarize(cfg, simulate.run(cfg))
    assert summary["draws"] + sum(summary["wins"].values()) == 6
    assert summary["draws"] >= 5  # one round of 2 turns almost never wins  # A-W2


@pytest.mark.parametrize("argv", [["--seats", "greedy"], ["--seats", "greedy,banana"], ["--games", "0"],
                                  ["--games", "x"], ["--workers", "0"], ["--wat"]])
def test_simulate_bad_flags_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        simulate.main(argv)
    assert info.value.code == 2
    assert "usage" in capsys.readouterr().err


def test_wilson_interval() -> None:
    lo, hi = simulate.wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert simulate.wilson(0, 0) == (0.0, 1.0)


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--json", "--seconds", "0.05"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["games_per_s"]) == {"2", "3", "4"} == set(data["decisions_per_game"])
    assert all(v > 0 for v in data["games_per_s"].values())
    assert data["decisions_per_game"]["4"] > data["decisions_per_game"]["2"] > 5


def test_bench_text_and_bad_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--seconds", "0.05"]) == 0
    assert "games/s" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        bench.main(["--seconds", "-1"])


def test_bench_games_are_random_but_reproducible() -> None:
    assert bench.play_random_games(2, 5, seed=1) == bench.play_random_games(2, 5, seed=1)
    rng = random.Random(0)
    assert rng.random() != random.Random(1).random()
