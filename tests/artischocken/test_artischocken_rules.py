"""One or more tests per Artischocken rule ID (docs/rules.md), edge cases included."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers_artischocken import END, game, play, plays, position

from game.artischocken import Action, Game, IllegalAction, new_game
from game.artischocken.engine import VEGETABLES

A = "artichoke"


# --- Setup -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_A_S1_ten_artichokes_five_in_hand(players: int) -> None:
    g = new_game(players, seed=3)
    d = g.to_dict()
    for s, pl in enumerate(d["players"]):
        assert Counter(pl["hand"] + pl["deck"] + pl["discard"]) == Counter({A: 10}) or s == g.player
        if s != g.player:
            assert pl["hand"] == [A] * 5 and len(pl["deck"]) == 5
    # the start player has harvested nothing yet: 5 in hand, 5 in deck
    assert d["players"][g.player]["hand"] == [A] * 5


@pytest.mark.parametrize("players", [1, 5, 0, "2", True])
def test_A_S1_player_count_checked(players: object) -> None:
    with pytest.raises(ValueError, match="players"):
        new_game(players)  # type: ignore[arg-type]


@pytest.mark.parametrize("rhubarb", [False, True])
def test_A_S2_garden_stack_contents(rhubarb: bool) -> None:
    g = new_game(2, seed=5, rhubarb=rhubarb)
    counts = g.card_counts()
    for v in VEGETABLES:
        assert counts[v] == 6
    assert counts["rhubarb"] == (6 if rhubarb else 0)
    assert sum(counts.values()) == 20 + 60 + (6 if rhubarb else 0)
    assert len(g.row) + len(g.stack) == 60 + (6 if rhubarb else 0)


def test_A_S2_stack_is_shuffled_by_seed() -> None:
    assert new_game(2, seed=1).to_dict()["garden_stack"] != new_game(2, seed=2).to_dict()["garden_stack"]
    assert new_game(2, seed=1).to_dict() == new_game(2, seed=1).to_dict()


def test_A_S3_start_player_chosen_or_seeded() -> None:
    assert new_game(3, seed=0, start_player=2).current_player == 2
    starts = {new_game(3, seed=s).current_player for s in range(40)}
    assert starts == {0, 1, 2}
    with pytest.raises(ValueError, match="start_player"):
        new_game(2, start_player=2)


def test_A_S4_row_filled_by_first_refill() -> None:
    g = new_game(2, seed=9)
    assert len(g.row) == 5
    assert g.phase == "harvest"
    kinds = [e["what"] for e in g.events()]
    assert kinds.index("turn") < kinds.index("refill")


# --- Turn --------------------------------------------------------------------------------------------------

def test_A_T1_refill_until_five_and_only_as_far_as_stack_reaches() -> None:
    g = Game.from_dict(position([[A], [A]], row=["corn", "leek"], stack=["peas", "beet", "onion", "carrot"],
                                phase="refill"))
    assert g.row == ["corn", "leek", "peas", "beet", "onion"]
    assert g.to_dict()["garden_stack"] == ["carrot"]
    assert g.phase == "harvest"
    g = Game.from_dict(position([[A], [A]], row=["corn"], stack=["peas"], phase="refill"))
    assert g.row == ["corn", "peas"] and g.stack == []


def test_A_T1_refill_never_from_compost() -> None:
    g = Game.from_dict(position([[A], [A]], row=[], stack=[], compost=["corn"] * 5, phase="refill"))
    assert g.row == [] and g.compost == ["corn"] * 5
    assert g.phase == "play"  # nothing to harvest (A-T3)


def test_A_T2_four_alike_reshuffles_until_none() -> None:
    stack = ["peas"] * 4 + ["corn", "leek", "beet", "onion", "carrot", "potato"]
    for seed in range(30):
        g = Game.from_dict(position([[A], [A]], stack=stack, phase="refill", seed=seed))
        assert max(Counter(g.row).values()) <= 3
        assert len(g.row) == 5
        assert Counter(g.row + g.stack) == Counter(stack)
    # at least one seed actually hit the four alike first (the top 4 cards are peas)
    g = Game.from_dict(position([[A], [A]], stack=stack, phase="refill", seed=1))
    assert any(e["what"] == "four_alike" for e in g.events())


def test_A_T2_reshuffle_repeats_while_needed() -> None:
    # 4 peas + 1 corn + 1 leek: only a row without one of the peas is valid
    stack = ["peas"] * 4 + ["corn", "leek"]
    for seed in range(20):
        g = Game.from_dict(position([[A], [A]], stack=stack, phase="refill", seed=seed))
        assert Counter(g.row)["peas"] == 3 and set(g.row) == {"peas", "corn", "leek"}


def test_A_T2_four_alike_stands_when_no_other_row_possible() -> None:
    # fewer than 5 cards in stack plus row
    g = Game.from_dict(position([[A], [A]], stack=["peas"] * 4, phase="refill"))
    assert g.row == ["peas"] * 4
    assert not any(e["what"] == "four_alike" for e in g.events())
    # 5 cards, but sum of min(count, 3) < 5: 4 peas + 1 corn
    g = Game.from_dict(position([[A], [A]], stack=["peas"] * 4 + ["corn"], phase="refill"))
    assert Counter(g.row) == Counter({"peas": 4, "corn": 1})
    # 6 cards: 5 peas + 1 corn -> min(5,3) + 1 = 4 < 5: stands
    g = Game.from_dict(position([[A], [A]], stack=["peas"] * 5 + ["corn"], phase="refill"))
    assert Counter(g.row)["peas"] >= 4


def test_A_T2_checked_at_every_refill_even_for_a_standing_row() -> None:
    # a scenario row with 4 peas that was never refilled: the next refill reshuffles it
    g = game([[A], [A]], row=["peas"] * 4 + ["corn"], stack=["leek", "beet", "onion", "carrot"],
             phase="harvest", decks=[[A] * 5, [A] * 5])
    g.apply(Action("harvest", "corn"))
    g.apply(END)
    assert max(Counter(g.row).values()) <= 3 and len(g.row) == 5
    assert any(e["what"] == "four_alike" for e in g.events())


def test_A_T2_contrived_scenario_terminates() -> None:
    stack = ["peas"] * 300 + ["corn", "leek"]
    g = Game.from_dict(position([[A], [A]], stack=stack, phase="refill"))
    assert len(g.row) == 5 and max(Counter(g.row).values()) == 3


def test_A_T3_harvest_exactly_one_card_and_no_refill() -> None:
    g = game([[A], [A]], row=["corn", "corn", "leek"], stack=["peas"] * 3, phase="harvest")
    assert {a.kind for a in g.legal_actions()} == {"harvest"}
    assert sorted(a.card for a in g.legal_actions()) == ["corn", "leek"]  # type: ignore[type-var]
    g.apply(Action("harvest", "corn"))
    assert g.hands[0] == [A, "corn"] and g.row == ["corn", "leek"]
    assert g.phase == "play" and len(g.stack) == 3


def test_A_T3_empty_row_goes_straight_to_play() -> None:
    g = game([[A, "onion"], [A]], row=[], phase="harvest")
    assert g.phase == "play"
    assert END in g.legal_actions()
    # and a new turn whose refill finds nothing
    g = game([["onion"], [A]], row=[], stack=[], decks=[[A] * 5, [A] * 5])
    g.apply(END)
    assert g.current_player == 1 and g.phase == "play"


def test_A_T4_engine_never_ends_play_by_itself() -> None:
    g = game([["broccoli", A, A, A], [A]], decks=[[A] * 5, [A] * 5])
    g.apply(play("broccoli"))
    assert g.phase == "play" and g.current_player == 0
    assert g.legal_actions() == [END]


def test_A_T4_played_card_goes_to_discard_after_its_action() -> None:
    g = game([["broccoli", A, A, A], [A]], decks=[[A] * 5, [A] * 5])
    g.apply(play("broccoli"))
    assert g.discards[0] == ["broccoli"] and g.compost == [A]
    assert g.played == ["broccoli"]


def test_A_T4_play_needs_every_action_possible() -> None:
    g = game([["broccoli", A, A], [A]])
    assert g.why_unplayable("broccoli") == "needs_three_artichokes"
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(play("broccoli"))
    assert g.to_dict() == before


def test_A_T5_unplayed_cards_go_face_up_to_discard() -> None:
    g = game([[A, "leek", "corn"], [A]], decks=[[A] * 5, [A] * 5], discards=[["peas"], []])
    g.apply(END)
    assert g.discards[0] == ["peas", A, "leek", "corn"]


def test_A_T6_draw_five_without_reshuffle_when_deck_suffices() -> None:
    g = game([["leek"], [A]], decks=[[A, "corn", A, "peas", A, "beet"], [A] * 5], discards=[["onion"], []])
    g.apply(END)
    assert g.hands[0] == [A, "corn", A, "peas", A]
    assert g.discards[0] == ["onion", "leek"]  # no reshuffle: the discard stays
    assert g.to_dict()["players"][0]["deck"] == ["beet"]
    assert not any(e["what"] == "shuffle" for e in g.events())


def test_A_T6_reshuffle_exactly_when_deck_runs_out() -> None:
    g = game([["leek", "peas"], [A]], decks=[["corn", "beet"], [A] * 5],
             discards=[[A, A, "onion", A], []])
    g.apply(END)
    events = g.events()
    draw_i = max(i for i, e in enumerate(events) if e["what"] == "draw" and e["seat"] == 0)
    shuffle_i = max(i for i, e in enumerate(events) if e["what"] == "shuffle" and e["seat"] == 0)
    assert shuffle_i < draw_i
    hand = g.hands[0]
    assert hand[:2] == ["corn", "beet"]  # the old deck first, then from the reshuffled discard
    assert len(hand) == 5
    # the discarded hand (leek, peas) was part of the discard that got shuffled in
    assert Counter(hand[2:] + g.to_dict()["players"][0]["deck"]) == Counter([A, A, "onion", A, "leek", "peas"])
    assert g.discards[0] == []


def test_A_T6_empty_deck_is_not_rebuilt_before_the_draw() -> None:
    # the deck is empty during the whole play phase: the discard stays a discard until A-T6
    g = game([["pepper", "corn", A], [A]], decks=[[], [A] * 5], discards=[["onion"], []], row=["leek"])
    g.apply(play("pepper", cards=("onion",)))
    assert g.to_dict()["players"][0]["deck"] == ["onion"] and g.discards[0] == ["pepper"]
    assert not any(e["what"] == "shuffle" for e in g.events())


def test_A_T6_fewer_than_five_when_deck_and_discard_are_short() -> None:
    g = game([["leek"], [A]], decks=[["corn"], [A] * 5], discards=[[A], []])
    g.apply(END)
    assert sorted(g.hands[0]) == sorted(["corn", A, "leek"])
    assert g.decks[0] == [] and g.discards[0] == []


def test_A_W1_win_on_artichoke_free_draw() -> None:
    g = game([[A, "leek"], [A]], decks=[["corn", "peas", "beet", "onion", "leek"], [A] * 5])
    g.apply(END)
    # the artichoke discarded in A-T5 does not matter: the drawn hand holds none
    assert g.is_over and g.winner == 0 and g.current_player is None
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply(END)


def test_A_W1_no_win_before_the_draw() -> None:
    # seat 0 composts its last artichokes mid-turn: no win yet
    g = game([["carrot", A, A], [A]], decks=[[A, "corn", "peas", "beet", "onion"], [A] * 5])
    g.apply(play("carrot"))
    assert g.hands[0] == [] and not g.is_over
    g.apply(END)
    assert not g.is_over  # drew an artichoke
    assert g.current_player == 1


def test_A_W1_opponent_without_artichokes_does_not_win() -> None:
    g = game([["onion", A, A], ["corn"]], decks=[[A] * 5, [A] * 5])
    g.apply(play("onion", target=1))
    g.apply(END)
    assert not g.is_over and g.current_player == 1  # seat 1 holds no artichoke but has not drawn


def test_A_W1_win_only_after_own_draw_with_empty_deck_cycle() -> None:
    g = game([["corn"], [A]], decks=[[], [A] * 5], discards=[["leek", "peas", "beet", "onion"], []])
    g.apply(END)
    assert g.winner == 0  # reshuffled discard (with the corn) holds no artichoke


def test_A_W2_round_limit_ends_without_winner() -> None:
    g = new_game(2, seed=1, round_limit=2)
    while not g.is_over:
        g.apply(END if END in g.legal_actions() else g.legal_actions()[0])
    assert g.winner is None
    assert g.turn_number == 4
    assert g.events()[-1]["what"] == "stalemate"


def test_A_W2_off_by_default() -> None:
    g = new_game(2, seed=1)
    assert g.round_limit is None
    while not g.is_over:
        g.apply(END if END in g.legal_actions() else g.legal_actions()[0])
    assert g.winner is not None
    assert not any(e["what"] == "stalemate" for e in g.events())


# --- Cards -------------------------------------------------------------------------------------------------

def test_A_C_ARTICHOKE_never_playable() -> None:
    g = game([[A, A, A, A], [A]])
    assert plays(g) == set()
    assert g.why_unplayable(A) == "artichoke"
    with pytest.raises(IllegalAction):
        g.apply(play(A))


def test_A_C_EGGPLANT_needs_artichoke() -> None:
    g = game([["eggplant", "corn"], [A]])
    assert "eggplant" not in plays(g)
    assert g.why_unplayable("eggplant") == "needs_artichoke"


def test_A_C_EGGPLANT_seats_with_zero_one_and_more_cards() -> None:
    g = game([["eggplant", A], ["corn"], ["leek", A, "peas"], []])
    g.apply(play("eggplant"))
    assert Counter(g.compost) == Counter({"eggplant": 1, A: 1})
    assert g.hands[0] == []
    # seat 0 and seat 3 hold nothing: only seats 1 and 2 choose, in seat order from the player
    assert g.current_player == 1
    assert g.legal_actions() == [Action("choose", cards=("corn",))]
    g.apply(Action("choose", cards=("corn",)))
    assert g.current_player == 2
    options = {a.cards for a in g.legal_actions()}
    assert options == {(A, "leek"), (A, "peas"), ("leek", "peas")}  # corn has not moved yet
    g.apply(Action("choose", cards=("peas", "leek")))  # any order is accepted
    # all moved at once: 1 -> 2, 2 -> 3
    assert g.hands[1] == [] and sorted(g.hands[2]) == [A, "corn"] and sorted(g.hands[3]) == ["leek", "peas"]
    assert g.current_player == 0 and g.pending is None and g.phase == "play"


def test_A_C_EGGPLANT_player_passes_too_and_nobody_holds_cards() -> None:
    g = game([["eggplant", A, "beet"], [A, A, "corn"]])
    g.apply(play("eggplant"))
    assert g.current_player == 0
    g.apply(Action("choose", cards=("beet",)))
    g.apply(Action("choose", cards=(A, "corn")))
    assert sorted(g.hands[0]) == [A, "corn"] and sorted(g.hands[1]) == [A, "beet"]
    g = game([["eggplant", A], []])
    g.apply(play("eggplant"))
    assert g.pending is None and g.current_player == 0


def test_A_C_EGGPLANT_choices_hidden_from_others() -> None:
    g = game([["eggplant", A, "beet", "corn"], [A, "leek"]])
    g.apply(play("eggplant"))
    g.apply(Action("choose", cards=("beet", "corn")))
    v1 = g.view(1)
    assert "beet" not in str(v1["pending"]) and v1["pending"]["mine"]
    for ev in v1["log"]:
        if ev["what"] == "pass_choice":
            assert ev["cards"] is None


def test_A_C_BROCCOLI_needs_three_artichokes() -> None:
    g = game([["broccoli", A, A], [A]])
    assert "broccoli" not in plays(g)
    g = game([["broccoli", A, A, A, A], [A]])
    g.apply(play("broccoli"))
    assert g.hands[0].count(A) == 3 and g.compost == [A]


def test_A_C_PEAS_reveal_two_and_split() -> None:
    g = game([["peas"], [A], [A]], stack=["corn", "leek", "beet"])
    g.apply(play("peas"))
    assert g.current_player == 0 and g.pending is not None
    options = {(a.card, a.target) for a in g.legal_actions()}
    assert options == {("corn", 1), ("corn", 2), ("leek", 1), ("leek", 2)}
    g.apply(Action("choose", "leek", target=2))
    assert g.discards[0] == ["leek", "peas"] and g.discards[2] == ["corn"]
    assert g.to_dict()["garden_stack"] == ["beet"]


def test_A_C_PEAS_with_one_card_left_is_unplayable() -> None:
    g = game([["peas"], [A]], stack=["corn"])
    assert "peas" not in plays(g)
    assert g.why_unplayable("peas") == "needs_two_stack_cards"


def test_A_C_CARROT_only_as_sole_vegetable() -> None:
    g = game([["onion", "carrot", A, A, A], [A]])
    assert "carrot" in plays(g)
    g.apply(play("onion", target=1))
    assert "carrot" not in plays(g)
    assert g.why_unplayable("carrot") == "carrot_not_first"


def test_A_C_CARROT_composts_two_and_nothing_after() -> None:
    g = game([["carrot", "broccoli", "onion", A, A, A, A], [A]])
    g.apply(play("carrot"))
    assert Counter(g.compost) == Counter({"carrot": 1, A: 2})
    assert g.legal_actions() == [END]
    assert g.why_unplayable("onion") == "after_carrot"
    with pytest.raises(IllegalAction):
        g.apply(play("onion", target=1))


def test_A_C_CARROT_needs_two_artichokes_and_harvest_is_not_playing() -> None:
    g = game([[A, A], [A]], row=["carrot"], phase="harvest")
    g.apply(Action("harvest", "carrot"))
    assert "carrot" in plays(g)
    g = game([["carrot", A], [A]])
    assert g.why_unplayable("carrot") == "needs_two_artichokes"


def test_A_C_POTATO_artichoke_to_compost_other_to_discard() -> None:
    g = game([["potato", "potato"], [A]], decks=[[A, "corn"], []])
    g.apply(play("potato"))
    assert g.compost == [A] and g.discards[0] == ["potato"]
    g.apply(play("potato"))
    assert g.discards[0] == ["potato", "corn", "potato"]


def test_A_C_POTATO_empty_deck_reshuffles_discard_first() -> None:
    g = game([["potato"], [A]], decks=[[], []], discards=[[A], []])
    g.apply(play("potato"))
    assert g.compost == [A] and g.discards[0] == ["potato"]
    assert any(e["what"] == "shuffle" and e["seat"] == 0 for e in g.events())


def test_A_C_POTATO_deck_and_discard_empty_unplayable() -> None:
    g = game([["potato", A], [A]], decks=[[], [A]], discards=[[], [A]])
    assert "potato" not in plays(g)
    assert g.why_unplayable("potato") == "needs_deck_or_discard"


def test_A_C_LEEK_take_or_leave() -> None:
    g = game([["leek"], [A]], decks=[[], ["corn", A]])
    g.apply(play("leek", target=1))
    assert g.pending is not None and g.view(0)["pending"]["revealed"] == ["corn"]
    g.apply(Action("choose", option="take"))
    assert g.hands[0] == ["corn"] and g.discards[0] == ["leek"]
    g = game([["leek"], [A]], decks=[[], ["corn", A]])
    g.apply(play("leek", target=1))
    g.apply(Action("choose", option="leave"))
    assert g.discards[1] == ["corn"] and g.to_dict()["players"][1]["deck"] == [A]


def test_A_C_LEEK_target_with_empty_deck_reshuffles_first() -> None:
    g = game([["leek"], [A]], decks=[[], []], discards=[[], ["onion"]])
    assert "leek" in plays(g)
    g.apply(play("leek", target=1))
    assert g.pending is not None and g.pending.revealed == ("onion",)
    assert any(e["what"] == "shuffle" and e["seat"] == 1 for e in g.events())
    assert g.discards[1] == []


def test_A_C_LEEK_target_with_nothing_cannot_be_chosen() -> None:
    g = game([["leek"], [A], [A]], decks=[[], [], ["corn"]])
    assert {a.target for a in g.legal_actions() if a.card == "leek"} == {2}
    with pytest.raises(IllegalAction):
        g.apply(play("leek", target=1))
    g = game([["leek"], [A]])
    assert g.why_unplayable("leek") == "no_leek_target"


def test_A_C_CORN_artichoke_to_discard_and_row_card_on_deck() -> None:
    g = game([["corn", A, A], [A]], decks=[["peas"], []], row=["onion", "leek"])
    assert {a.cards for a in g.legal_actions() if a.card == "corn"} == {("onion",), ("leek",)}
    g.apply(play("corn", cards=("onion",)))
    assert g.discards[0] == [A, "corn"]  # the artichoke goes to the discard, not the compost
    assert g.compost == []
    assert g.to_dict()["players"][0]["deck"] == ["onion", "peas"]
    assert g.row == ["leek"]
    assert g.view(0)["deck_top_known"] == ["onion"]
    assert g.view(1)["deck_top_known"] == []


def test_A_C_CORN_needs_artichoke_and_row_card() -> None:
    assert game([["corn", "leek"], [A]], row=["onion"]).why_unplayable("corn") == "needs_artichoke"
    assert game([["corn", A], [A]], row=[]).why_unplayable("corn") == "needs_row_card"


def test_A_C_PEPPER_never_picks_itself() -> None:
    g = game([["pepper"], [A]])
    assert "pepper" not in plays(g)
    assert g.why_unplayable("pepper") == "needs_discard_card"
    g = game([["pepper"], [A]], discards=[["onion", A], []])
    assert {a.cards for a in g.legal_actions() if a.card == "pepper"} == {("onion",), (A,)}
    g.apply(play("pepper", cards=("onion",)))
    assert g.discards[0] == [A, "pepper"]
    assert g.to_dict()["players"][0]["deck"] == ["onion"]
    assert g.view(0)["deck_top_known"] == ["onion"]


def test_A_C_BEET_swaps_random_cards() -> None:
    g = game([["beet", "corn"], [A, A]])
    g.apply(play("beet", target=1))
    assert g.hands[0] == [A] and sorted(g.hands[1]) == [A, "corn"]
    assert g.discards[0] == ["beet"]


def test_A_C_BEET_two_artichokes_composted_and_target_not_refilled() -> None:
    g = game([["beet", A], [A]], decks=[[A] * 5, [A] * 5])
    g.apply(play("beet", target=1))
    assert g.compost == [A, A] and g.hands[0] == [] and g.hands[1] == []
    g.apply(END)  # seat 0 draws; seat 1 does not draw back now
    assert g.hands[1] == [] and g.current_player == 1
    assert g.phase in ("harvest", "play")


def test_A_C_BEET_needs_other_card_and_target_with_cards() -> None:
    assert game([["beet"], [A]]).why_unplayable("beet") == "needs_other_hand_card"
    g = game([["beet", A], [], ["corn"]])
    assert {a.target for a in g.legal_actions() if a.card == "beet"} == {2}
    assert game([["beet", A], []]).why_unplayable("beet") == "no_beet_target"


def test_A_C_ONION_composts_artichoke_onion_to_opponent() -> None:
    g = game([["onion", A], [A], [A]])
    assert {a.target for a in g.legal_actions() if a.card == "onion"} == {1, 2}
    g.apply(play("onion", target=2))
    assert g.compost == [A] and g.discards[2] == ["onion"] and g.discards[0] == []
    assert game([["onion"], [A]]).why_unplayable("onion") == "needs_artichoke"


def test_A_C_RHUBARB_clears_row_under_stack_and_takes_one() -> None:
    g = game([["rhubarb"], [A]], row=["corn", "leek"], stack=["peas", "beet", "onion", "potato"], rhubarb=True)
    g.apply(play("rhubarb"))
    assert g.compost == ["rhubarb"]
    # the old row went under the stack: the new row is the old stack's 4 cards plus one old row card
    assert Counter(g.row) >= Counter(["peas", "beet", "onion", "potato"]) and len(g.row) == 5
    assert g.current_player == 0
    options = {a.card for a in g.legal_actions()}
    assert options == set(g.row)
    g.apply(Action("choose", "beet"))
    assert g.hands[0] == ["beet"] and len(g.row) == 4


def test_A_C_RHUBARB_needs_row_or_stack() -> None:
    g = game([["rhubarb"], [A]], rhubarb=True)
    assert g.why_unplayable("rhubarb") == "needs_row_or_stack"
    g = game([["rhubarb"], [A]], stack=["corn"], rhubarb=True)
    g.apply(play("rhubarb"))
    g.apply(Action("choose", "corn"))
    assert g.hands[0] == ["corn"]


def test_A_C_RHUBARB_variant_off_rejects_rhubarb_cards() -> None:
    with pytest.raises(ValueError, match="rhubarb"):
        game([["rhubarb"], [A]])


# --- General -----------------------------------------------------------------------------------------------

def test_A_G1_compost_never_returns() -> None:
    g = game([["onion", A, A], [A]], decks=[[A], [A] * 5], stack=[], row=[])
    g.apply(play("onion", target=1))
    compost = list(g.compost)
    for _ in range(6):
        g.apply(END if END in g.legal_actions() else g.legal_actions()[0])
        assert g.compost[: len(compost)] == compost


def test_A_G2_view_hides_hands_and_orders() -> None:
    g = game([["onion", A], ["corn", "leek"]], decks=[["beet"], ["peas", "potato"]], stack=["carrot", "eggplant"],
             row=["broccoli"])
    v = g.view(0)
    assert v["hand"] == ["onion", A]
    assert v["seats"][1]["hand_count"] == 2 and "hand" not in v["seats"][1]
    assert v["seats"][1]["deck_count"] == 2 and v["garden_stack_count"] == 2
    text = str(v)
    for hidden in ("corn", "leek", "peas", "potato", "carrot", "eggplant", "beet"):
        assert hidden not in text


def test_A_G2_known_deck_top_until_drawn() -> None:
    g = game([["pepper", "leek"], [A]], decks=[[A, A, A, A, A, A], [A] * 5], discards=[["onion"], []])
    g.apply(play("pepper", cards=("onion",)))
    assert g.view(0)["deck_top_known"] == ["onion"]
    g.apply(END)
    assert "onion" in g.hands[0] and g.view(0)["deck_top_known"] == []


def test_A_G2_reveals_are_public_but_hands_are_not() -> None:
    g = game([["leek"], [A], [A]], decks=[[], ["corn"], []])
    g.apply(play("leek", target=1))
    for seat in (0, 1, 2):
        assert g.view(seat)["pending"]["revealed"] == ["corn"]  # revealed face up (A-C-LEEK)
    assert g.view(0)["pending"]["mine"] and not g.view(2)["pending"]["mine"]
    g.apply(Action("choose", option="take"))
    assert g.view(2)["seats"][0]["hand_count"] == 1 and "hand" not in g.view(2)["seats"][0]


def test_A_G3_cards_conserved_through_a_game() -> None:
    g = new_game(3, seed=11, rhubarb=True, round_limit=30)
    base = g.card_counts()
    assert sum(base.values()) == 30 + 66
    i = 0
    while not g.is_over:
        acts = g.legal_actions()
        g.apply(acts[i % len(acts)])
        i += 7
        assert g.card_counts() == base
