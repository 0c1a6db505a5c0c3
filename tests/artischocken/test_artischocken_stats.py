"""End-of-game statistics per seat (turns, artichokes composted by card, cards passed and stolen).

``stats.seat_stats`` must give the same numbers from any seat's view of the log (A-G2: hidden cards are None
there, only their count is known) as from the full log.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from helpers_artischocken import END, game, play

from game.artischocken import Action, Game, new_game, simulate
from game.artischocken.bots import make_bot
from game.artischocken.stats import STAT_KEYS, seat_stats

A = "artichoke"


def _bot_game(seed: int, players: int, kinds: tuple[str, ...] = ("greedy", "random")) -> Game:
    g = new_game(players, seed=seed, rhubarb=seed % 2 == 1, round_limit=80)
    bots = [make_bot(kinds[s % len(kinds)], seed * 10 + s) for s in range(players)]
    while not g.is_over:
        p = g.current_player
        assert p is not None
        legal = g.legal_actions()
        g.apply(legal[0] if len(legal) == 1 else bots[p].choose(g.view(p, log=False), legal))
    return g


def _check_views_agree(g: Game) -> list[dict[str, object]]:
    full = seat_stats(g.events(), g.players)
    for seat in range(g.players):
        assert seat_stats(g.log_view(seat), g.players) == full, seat  # A-G2: the seat's view suffices
        assert seat_stats(g.view(seat)["log"], g.players) == full
    return full


def test_stats_every_seat_view_gives_the_full_log_numbers() -> None:
    for seed in range(24):
        g = _bot_game(seed, 2 + seed % 3)
        full = _check_views_agree(g)
        assert [list(st) for st in full] == [list(STAT_KEYS)] * g.players
        assert sum(st["turns"] for st in full) == g.turn_number  # the game is over: every turn begun has ended
        composted = sum(st["artichokes_composted"] for st in full)
        assert composted == g.compost.count(A)  # every composted artichoke is credited to one card


@pytest.mark.slow
def test_stats_views_agree_over_many_bot_games() -> None:
    for seed in range(300):
        _check_views_agree(_bot_game(seed, 2 + seed % 3, ("greedy", "random", "random")))


def test_stats_turns_played_and_composted_by_card() -> None:
    # A-C-BROCCOLI and A-C-ONION each compost one artichoke; A-T3 harvest; A-T4 turns
    g = game([["broccoli", "onion", A, A, A], [A, A]], decks=[[A, A, A, A, A], [A, A, A, A, A]],
             stack=["corn", "leek"], row=["peas"], phase="harvest")
    g.apply(Action("harvest", "peas"))
    g.apply(play("broccoli"))
    g.apply(play("onion", target=1))
    g.apply(END)
    st = seat_stats(g.events(), 2)
    assert st[0]["played"] == {"broccoli": 1, "onion": 1}
    assert st[0]["composted"] == {"broccoli": 1, "onion": 1} and st[0]["artichokes_composted"] == 2
    assert st[0]["harvested"] == 1 and st[0]["given"] == 1  # the onion lies on seat 1's discard
    assert st[0]["turns"] == 0 and st[1]["turns"] == 1  # a loaded position starts without a turn event
    assert st[1]["played"] == {} and st[1]["composted"] == {}


def test_stats_eggplant_passes_are_counted_for_every_seat_even_hidden() -> None:
    # A-C-EGGPLANT: seats 0 and 2 pass 2 cards, seat 1 its only card
    g = game([["eggplant", A, "corn", "leek"], ["peas"], [A, "onion"]])
    g.apply(play("eggplant"))
    g.apply(Action("choose", cards=("corn", "leek")))
    g.apply(Action("choose", cards=("peas",)))
    g.apply(Action("choose", cards=(A, "onion")))
    for log in (g.events(), g.log_view(0), g.log_view(1), g.log_view(2)):
        st = seat_stats(log, 3)
        assert [s["passed"] for s in st] == [2, 1, 2]
        assert st[0]["composted"] == {"eggplant": 1}
    hidden = [e for e in g.log_view(2) if e["what"] == "pass" and e["cards"] is None]
    assert [(e["seat"], e["count"]) for e in hidden] == [(0, 2)]  # seat 2 never sees what 0 gave 1 (A-G2)


def test_stats_beet_and_leek_steal_from_an_opponent() -> None:
    # A-C-BEET: the beet's player receives an opponent's card (the opponent's received card is not stolen)
    g = game([["beet", "corn"], ["leek", "onion"]], decks=[[], [A]], seed=3)
    g.apply(play("beet", target=1))
    for log in (g.events(), g.log_view(0), g.log_view(1)):
        st = seat_stats(log, 2)
        assert (st[0]["stolen"], st[1]["stolen"]) == (1, 0)
    # A-C-LEEK: taking the revealed card from the opponent's deck steals it; leaving it does not
    g = game([["leek", "leek"], [A]], decks=[[], ["corn", "peas"]])
    g.apply(play("leek", target=1))
    g.apply(Action("choose", option="take"))
    g.apply(play("leek", target=1))
    g.apply(Action("choose", option="leave"))
    st = seat_stats(g.log_view(1), 2)
    assert st[0]["stolen"] == 1 and st[1]["stolen"] == 0


def test_stats_in_simulate_json_are_each_kinds_totals_over_its_seat_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(["--games", "12", "--seats", "greedy,random,random", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_kind = data["seat_stats_by_bot"]
    assert set(by_kind) == {"greedy", "random"}
    assert by_kind["greedy"]["seat_games"] == 12 and by_kind["random"]["seat_games"] == 24
    # the same batch, its per-game statistics summed here per kind: every mean is that total / seat-games
    results = simulate.run(simulate.SimConfig(games=12, lineup=("greedy", "random", "random"), seed=2))
    counts = ("turns", "artichokes_composted", "harvested", "passed", "stolen", "given")
    for kind, entry in by_kind.items():
        rows = [st for r in results for k, st in zip(r.kinds, r.stats, strict=True) if k == kind]
        assert len(rows) == entry["seat_games"]
        for key in counts:
            assert entry[f"{key}_mean"] == pytest.approx(sum(st[key] for st in rows) / len(rows)), (kind, key)
        by_card: Counter[str] = Counter()
        for st in rows:
            by_card.update(st["composted"])
        assert entry["composted_by_card_mean"] == pytest.approx({c: n / len(rows) for c, n in by_card.items()})
    for key in counts:  # the batch moves every kind of card, so a statistic stuck at zero cannot pass
        assert any(e[f"{key}_mean"] > 0 for e in by_kind.values()), key
    # seat-games times the turn mean give back the turns the engine counted in every game
    turns = sum(e["turns_mean"] * e["seat_games"] for e in by_kind.values())
    assert turns == pytest.approx(sum(r.turns for r in results))
    # the per-kind composted numbers add up to the per-card totals of the whole batch
    total = sum(e["artichokes_composted_mean"] * e["seat_games"] for e in by_kind.values())
    assert total == pytest.approx(sum(data["artichokes_composted"].values()))


def test_stats_simulate_game_result_matches_the_log() -> None:
    cfg = simulate.SimConfig(games=3, lineup=("greedy", "random"), seed=7)
    for r in simulate.run(cfg):
        assert len(r.stats) == 2 and r.kinds == cfg.seats_for(r.index)
        assert sum(st["turns"] for st in r.stats) == r.turns
        composted: Counter[str] = Counter()
        for st in r.stats:
            composted.update(st["composted"])
        assert dict(composted) == r.composted
