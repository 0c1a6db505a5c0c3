"""A turn: C-T1, C-T2, C-T3, C-R1..C-R7, C-X5 (judged facts), C-E1..C-E4."""

from __future__ import annotations

import pytest

from game.cactus.rules import (
    CactusGame,
    Die,
    Event,
    Face,
    FlowerBank,
    IllegalMove,
    Options,
    Phase,
    PlacementFacts,
    allowed_pieces,
    winners,
)

ALWAYS = {"colour": Die(6, 0, 0), "form": Die(0, 6, 0), "special": Die(0, 0, 6)}


class Table:
    """A fake world: every piece stays on the cactus it was placed on unless a test says otherwise."""

    def __init__(self, game: CactusGame) -> None:
        self.g = game
        self.where: dict[str, int] = {}

    def facts(
        self,
        cactus: int | None = None,
        *,
        touching: tuple[tuple[str, str], ...] = (),
        on_base: tuple[str, ...] = (),
        fallen: tuple[str, ...] = (),
        moved: dict[str, int] | None = None,
    ) -> PlacementFacts:
        placed = self.g.turn.piece
        assert placed is not None
        if cactus is None:
            target = self.g.target_cactus()
            cactus = 0 if target is None else target
        carried: dict[str, int | None] = {p: self.where[p] for p in self.g.in_world}
        carried.update(moved or {})
        carried[placed] = cactus
        return PlacementFacts.make(carried, touching=touching, on_base=on_base, fallen=fallen)

    def turn(self, piece: str | None = None, cactus: int | None = None, **kw: object) -> list[Event]:
        if self.g.phase == Phase.ROLL:
            self.g.roll()
        self.g.take(piece or self.g.allowed_pieces()[0])
        facts = self.facts(cactus, **kw)  # type: ignore[arg-type]
        placed = self.g.turn.piece
        events = self.g.end_turn(facts)
        assert placed is not None
        self.where[placed] = facts.carried_by[placed]  # type: ignore[assignment]
        self.where.update({p: c for p, c in facts.carried_by.items() if c is not None})
        return events


def new(players: int = 3, die: str | None = None, **opts: object) -> tuple[CactusGame, Table]:
    options = Options(die=ALWAYS[die] if die else Die(), **opts)  # type: ignore[arg-type]
    g = CactusGame.new(players, seed=1, start_player=0, options=options)
    return g, Table(g)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


# ---------------------------------------------------------------- C-T1, C-T2


def test_C_T1_first_turn_any_basic_any_cactus_no_roll() -> None:
    g, table = new()
    assert g.phase == Phase.CHOOSE and g.first_turn
    with pytest.raises(IllegalMove):
        g.roll()
    assert sorted(g.allowed_pieces()) == sorted(p for p in g.pieces if g.pieces[p].kind == "basic")
    with pytest.raises(IllegalMove, match="may not be taken"):
        g.take(g.row[0])  # no special in the first turn
    assert g.target_cactus() is None
    table.turn("blue_fork", cactus=4)  # any cactus
    assert g.last_cactus == 4 and g.target_cactus() == 0  # clockwise wraps 4 -> 0 (C-K1)
    assert g.phase == Phase.ROLL


def test_C_T2_colour_roll_asks_for_last_colour() -> None:
    g, table = new(die="colour")
    table.turn("blue_fork", cactus=1)
    assert g.roll() == Face.COLOUR
    allowed = g.allowed_pieces()
    assert sorted(allowed) == ["blue_arch", "blue_crescent", "blue_hook", "blue_zigzag"]
    assert g.target_cactus() == 2
    with pytest.raises(IllegalMove):
        g.take("red_fork")
    g.take("blue_hook")  # several fit: the player chooses
    assert g.turn.piece == "blue_hook" and "blue_hook" not in g.supply


def test_C_T2_form_roll_asks_for_last_form() -> None:
    g, table = new(die="form")
    table.turn("blue_fork", cactus=1)
    g.roll()
    assert sorted(g.allowed_pieces()) == ["green_fork", "purple_fork", "red_fork", "yellow_fork"]


def test_C_T2_special_roll_takes_the_leftmost() -> None:
    g, table = new(die="special")
    table.turn("blue_fork", cactus=1)
    leftmost = g.row[0]
    g.roll()
    assert g.allowed_pieces() == [leftmost]
    table.g.take(leftmost)
    assert leftmost not in g.row


def test_C_T2_form_after_special_uses_last_basic() -> None:
    g, table = new(die="special")
    table.turn("blue_fork", cactus=1)
    special = g.row[0]
    table.turn(special)
    assert g.last_placed == special and g.last_basic == "blue_fork"
    assert sorted(allowed_pieces(g, Face.FORM)) == ["green_fork", "purple_fork", "red_fork", "yellow_fork"]
    colour = g.pieces[special].colour
    assert all(g.pieces[p].colour == colour for p in allowed_pieces(g, Face.COLOUR))  # specials carry colour
    assert len(allowed_pieces(g, Face.COLOUR)) == (4 if colour == "blue" else 5)


def test_C_T2_last_placed_counts_even_after_it_fell() -> None:
    g, table = new(die="form")
    table.turn("blue_fork", cactus=1)
    table.turn("red_fork")  # seat 1, on cactus 2
    events = g.record_fallen(["red_fork"])  # it falls before seat 2 rolls: no one's penalty
    assert kinds(events) == ["piece_out"]
    g.roll()
    assert g.last_placed == "red_fork"
    assert sorted(g.allowed_pieces()) == ["green_fork", "purple_fork", "yellow_fork"]


# ---------------------------------------------------------------- C-X5, C-R2..C-R5 (judge)


def test_C_X5_wrong_cactus_and_not_hanging_must_be_placed_again() -> None:
    g, table = new(die="colour")
    table.turn("blue_fork", cactus=1)
    g.roll()
    g.take("blue_hook")
    (v,) = g.judge(table.facts(cactus=3))
    assert (v.rule, v.kind, v.action) == ("C-X5", "wrong_cactus", "place_again")
    (v,) = g.judge(PlacementFacts.make({"blue_fork": 1, "blue_hook": None}))
    assert (v.rule, v.kind) == ("C-X5", "not_hanging")
    assert g.judge(table.facts(cactus=2)) == []


def test_C_R2_same_colours_touching_must_be_fixed() -> None:
    g, table = new(die="colour")
    table.turn("blue_fork", cactus=1)
    g.roll()
    g.take("blue_hook")
    facts = table.facts(touching=(("blue_hook", "blue_fork"),))
    (v,) = g.judge(facts)
    assert (v.rule, v.kind, v.action, set(v.pieces)) == ("C-R2", "same_colour", "fix", {"blue_hook", "blue_fork"})
    before = g.to_dict()
    with pytest.raises(IllegalMove, match="C-R2"):
        g.end_turn(facts)
    assert g.to_dict() == before  # refused: nothing changed


def test_C_R2_pair_pushed_together_by_the_placement_counts() -> None:
    g, table = new()
    table.turn("blue_fork", cactus=1)
    g.in_world.append("blue_hook")  # a blue piece hanging elsewhere (set up directly)
    g.supply.remove("blue_hook")
    table.where["blue_hook"] = 1
    g.phase, g.turn.roll = Phase.CHOOSE, Face.FORM
    g.take("red_fork")
    touching = (("blue_hook", "blue_fork"), ("red_fork", "green_arch"))  # green_arch is not on the table
    kinds_ = [v.kind for v in g.judge(table.facts(touching=touching))]
    assert kinds_ == ["same_colour"]  # pushed together by your piece: you must fix it


def test_C_R2_different_colours_may_touch() -> None:
    g, table = new(die="form")
    table.turn("blue_fork", cactus=1)
    g.roll()
    g.take("red_fork")
    (v,) = g.judge(table.facts(touching=(("red_fork", "blue_fork"),)))
    assert (v.rule, v.kind) == ("C-R3", "same_form")  # different colour: only the form rule breaks


def test_C_R2_C_R3_different_colour_and_form_touch_freely() -> None:
    g, table = new(die="colour")
    table.turn("blue_fork", cactus=1)
    g.roll()
    g.take("blue_hook")
    g.in_world.append("red_arch")
    g.supply.remove("red_arch")
    table.where["red_arch"] = 2
    assert g.judge(table.facts(touching=(("blue_hook", "red_arch"),))) == []


def test_C_R3_specials_never_count_as_same_form() -> None:
    g, table = new(die="special")
    table.turn("blue_fork", cactus=1)
    special = g.row[0]
    g.roll()
    g.take(special)
    violations = g.judge(table.facts(touching=((special, "blue_fork"),)))
    expected = ["same_colour"] if g.pieces[special].colour == "blue" else []
    assert [v.kind for v in violations] == expected


def test_C_R4_piece_on_a_base_is_placed_again() -> None:
    g, table = new()
    g.take("red_hook")
    (v,) = g.judge(PlacementFacts.make({"red_hook": None}, on_base=["red_hook"]))
    assert (v.rule, v.kind, v.action) == ("C-R4", "on_base", "place_again")
    (v,) = g.judge(PlacementFacts.make({"red_hook": 2}, on_base=["red_hook"]))
    assert v.rule == "C-R4"


def test_C_R5_own_piece_falling_no_penalty_place_again() -> None:
    g, table = new()
    g.take("red_hook")
    value = g.bank.value(0)
    (v,) = g.judge(PlacementFacts.make({}, fallen=["red_hook"]))
    assert (v.rule, v.kind, v.action) == ("C-R5", "placed_fell", "place_again")
    events = g.record_fallen(["red_hook"])
    assert kinds(events) == ["placed_fell"] and g.bank.value(0) == value
    assert g.turn.piece == "red_hook" and g.phase == Phase.PLACE  # still to be placed
    g.end_turn(table.facts(cactus=0))
    assert g.phase == Phase.ROLL


def test_C_R5_knock_off_costs_one_flower_each_and_voids_awards() -> None:
    g, table = new(die="colour")
    table.turn("blue_fork", cactus=0)
    table.turn("blue_hook")  # cactus 1, seat 1
    g.roll()
    g.take("blue_arch")  # seat 2; would make 3 blue (C-P1) ...
    seat = g.current_player
    assert seat == 2
    value = g.bank.value(seat)
    events = g.record_fallen(["blue_hook", "blue_fork"])  # ... but knocks two pieces off
    assert kinds(events).count("knocked") == 2
    assert all(e.rule == "C-R5" and e.flowers == -1 for e in events if e.kind == "knocked")
    assert g.bank.value(seat) == value - 2
    ends = g.end_turn(table.facts(cactus=2))
    assert "award" not in kinds(ends) and g.bank.value(seat) == value - 2
    assert "awards_void" not in kinds(ends)  # nothing would have been earned with the two gone
    assert g.out == ["blue_fork", "blue_hook"]  # C-R6


def test_C_R5_awards_void_event_names_the_lost_award() -> None:
    g, table = new(die="colour")
    table.turn("blue_fork", cactus=0)
    table.turn("blue_hook")  # cactus 1
    g.in_world.append("green_hook")  # a third piece, set up directly on cactus 0
    g.supply.remove("green_hook")
    table.where["green_hook"] = 0
    g.roll()
    g.take("blue_arch")  # would make 3 blue (C-P1) ...
    g.record_fallen(["green_hook"])  # ... but a piece is knocked off
    facts = table.facts(cactus=2)
    assert g.preview_awards(facts) == []
    events = g.end_turn(facts)
    assert "award" not in kinds(events)
    (void,) = [e for e in events if e.kind == "awards_void"]
    assert (void.rule, void.detail, void.nominal) == ("C-R5", "colour3", 1)


def test_C_R5_knocks_found_only_in_final_facts_are_charged() -> None:
    g, table = new(die="colour")
    table.turn("blue_fork", cactus=0)
    g.roll()
    g.take("blue_hook")
    value = g.bank.value(1)
    events = g.end_turn(table.facts(cactus=1, fallen=("blue_fork",)))
    assert kinds(events)[:2] == ["knocked", "piece_out"]
    assert g.bank.value(1) == value - 1


def test_C_R1_hand_touch_costs_one_flower_each() -> None:
    g, table = new()
    g.take("red_hook")
    (e,) = g.touch_hand()
    assert (e.kind, e.rule, e.flowers, e.nominal) == ("hand_touch", "C-R1", -1, 1)
    assert g.bank.value(0) == 2
    events = g.end_turn(table.facts(cactus=0), hand_touches=2)
    assert kinds(events)[:2] == ["hand_touch", "hand_touch"]
    assert g.bank.value(0) == 0
    assert g.bank.supply == 13


def test_C_R7_penalties_stop_at_zero_and_play_goes_on() -> None:
    g, table = new()
    g.take("red_hook")
    events = g.touch_hand(5)
    assert [e.flowers for e in events] == [-1, -1, -1, 0, 0]
    assert g.bank.value(0) == 0
    g.end_turn(table.facts(cactus=0))
    assert g.phase == Phase.ROLL


def test_C_R6_fallen_pieces_leave_the_game() -> None:
    g, table = new(die="special")
    table.turn("blue_fork", cactus=0)
    special = g.row[0]
    table.turn(special)
    g.roll()
    g.take(g.row[0])
    events = g.record_fallen(["blue_fork", special])
    assert [e.kind for e in events if e.rule == "C-R6"] == ["piece_out", "piece_out"]
    assert sorted(g.out) == sorted(["blue_fork", special])
    assert "blue_fork" not in g.supply and special not in g.row


def test_C_R6_long_game_pieces_go_back() -> None:
    g, table = new(die="special", long_game=True)
    table.turn("blue_fork", cactus=0)
    special = g.row[0]
    table.turn(special)
    g.roll()
    g.take(g.row[0])
    events = g.record_fallen(["blue_fork", special])
    back = [(e.pieces[0], e.detail) for e in events if e.kind == "piece_returned"]
    assert sorted(back) == sorted([("blue_fork", "supply"), (special, "row")])
    assert g.row[-1] == special  # a special goes to the rightmost place
    assert "blue_fork" in g.supply and g.out == []


def test_C_R6_placed_piece_that_falls_is_not_lost() -> None:
    g, table = new(long_game=False)
    g.take("red_hook")
    g.record_fallen(["red_hook"])
    assert g.out == [] and g.turn.piece == "red_hook"


def test_hand_and_falls_only_while_placing() -> None:
    g, _ = new()
    with pytest.raises(IllegalMove):
        g.touch_hand()
    with pytest.raises(IllegalMove):
        g.judge(PlacementFacts.make({}))


# ---------------------------------------------------------------- awards in a turn (C-P*, C-T3)


def blue_three(strict: bool = False) -> tuple[CactusGame, Table]:
    """Two blue pieces on the table; the next (colour roll) blue piece makes 3 blue (C-P1)."""
    g, table = new(die="colour", strict_claim=strict)
    table.turn("blue_fork", cactus=0)
    table.turn("blue_hook")
    g.roll()
    g.take("blue_arch")
    return g, table


def test_C_P1_award_given_in_the_turn() -> None:
    g, table = blue_three()
    seat = g.current_player
    assert seat is not None
    facts = table.facts(cactus=2)
    assert [a.kind for a in g.preview_awards(facts)] == ["colour3"]
    events = g.end_turn(facts)
    (award,) = [e for e in events if e.kind == "award"]
    assert (award.rule, award.flowers, award.detail, award.subject) == ("C-P1", 1, "colour3", "blue")
    assert g.bank.value(seat) == 4


def test_C_T3_default_awards_are_automatic() -> None:
    g, table = blue_three()
    events = g.end_turn(table.facts(cactus=2), claims=[])  # claims are ignored by default
    assert "award" in kinds(events)


def test_C_T3_strict_claim_given_only_when_claimed() -> None:
    g, table = blue_three(strict=True)
    events = g.end_turn(table.facts(cactus=2), claims=["colour3"])
    assert [e.detail for e in events if e.kind == "award"] == ["colour3"]


def test_C_T3_strict_claim_unclaimed_is_lost() -> None:
    g, table = blue_three(strict=True)
    seat = g.current_player
    assert seat is not None
    events = g.end_turn(table.facts(cactus=2), claims=["rainbow"])
    lost = [e for e in events if e.kind == "award_lost"]
    rejected = [e for e in events if e.kind == "claim_rejected"]
    assert [(e.rule, e.detail) for e in lost] == [("C-T3", "colour3")]
    assert [(e.rule, e.detail) for e in rejected] == [("C-T3", "rainbow")]
    assert g.bank.value(seat) == 3


def test_C_P3_rainbow_in_a_turn() -> None:
    g, table = new()
    colours = ["red", "yellow", "green", "blue"]
    table.turn("red_hook", cactus=0)
    for colour, form in zip(colours[1:], ["crescent", "fork", "zigzag"]):
        pid = f"{colour}_{form}"
        g.in_world.append(pid)  # set up directly: four colours on cactus 0
        g.supply.remove(pid)
        table.where[pid] = 0
    g.last_cactus = 4  # the next target is cactus 0
    g.phase, g.turn.roll = Phase.CHOOSE, Face.FORM  # FORM after red_hook: a hook
    g.take("purple_hook")
    events = g.end_turn(table.facts(cactus=0))
    awards = [(e.rule, e.detail, e.flowers) for e in events if e.kind == "award"]
    assert awards == [("C-P3", "rainbow", 2)]


# ---------------------------------------------------------------- end (C-E1..C-E4)


def bank(ones: list[int], threes: list[int], supply: int) -> FlowerBank:
    box = 25 - sum(ones) - sum(threes) - supply
    return FlowerBank.from_dict({"ones": ones, "threes": threes, "supply": supply, "box": box})


def test_C_E1_no_flowers_ends_the_game() -> None:
    g, table = blue_three()  # seat 2 earns 1 flower (C-P1)
    g.bank = bank([0, 0, 0], [2, 1, 1], supply=0)  # 3 -> 4 would need a token: none in the supply
    events = g.end_turn(table.facts(cactus=2))
    assert g.bank.value(2) == 3  # nothing given (C-R8), all on 3-sides, supply empty
    assert g.is_over and g.end_reason == "no_flowers" and g.end_rule == "C-E1"
    assert events[-1].kind == "game_over" and events[-1].rule == "C-E1"
    assert g.winners == [0] and g.current_player is None


def test_C_E1_supply_left_goes_on() -> None:
    g, table = blue_three()
    g.bank = bank([0, 0, 2], [2, 1, 0], supply=0)  # 2 -> 3: one 1 turned, the other back to the supply
    g.end_turn(table.facts(cactus=2))
    assert g.bank.all_on_three_side() and g.bank.supply == 1
    assert not g.is_over


def test_C_E1_a_one_side_left_goes_on() -> None:
    g, table = blue_three()
    g.bank = bank([0, 0, 1], [2, 1, 0], supply=0)  # 1 -> 2 needs a token: none; seat 2 keeps a 1-side
    g.end_turn(table.facts(cactus=2))
    assert g.bank.supply == 0 and not g.bank.all_on_three_side()
    assert not g.is_over


def test_C_E2_no_fitting_basic_piece_ends_the_game() -> None:
    g, table = new(die="colour")
    table.turn("blue_fork", cactus=0)
    for pid in ["blue_hook", "blue_crescent", "blue_zigzag", "blue_arch"]:
        g.supply.remove(pid)
        g.out.append(pid)
    g.roll()
    assert g.is_over and g.end_reason == "no_basic" and g.end_rule == "C-E2"
    assert g.log[-1].kind == "game_over"
    with pytest.raises(IllegalMove):
        g.take("red_hook")


def test_C_E2_a_special_roll_does_not_need_a_basic() -> None:
    g, table = new(die="special")
    table.turn("blue_fork", cactus=0)
    g.supply.clear()
    g.roll()
    assert not g.is_over and g.allowed_pieces() == [g.row[0]]


def test_C_E3_empty_row_ends_the_game() -> None:
    g, table = new(die="special")
    table.turn("blue_fork", cactus=0)
    for _ in range(9):
        table.turn()
        assert not g.is_over
    events = table.turn()
    assert g.row == [] and g.is_over and g.end_reason == "no_specials"
    assert events[-1].rule == "C-E3"


def test_C_E3_long_game_returned_special_keeps_the_game_going() -> None:
    g, table = new(die="special", long_game=True)
    table.turn("blue_fork", cactus=0)
    for _ in range(9):
        table.turn()
    first_special = g.placed_log[1]
    g.roll()
    g.take(g.row[0])
    g.record_fallen([first_special])  # knocked off: back to the row
    g.end_turn(table.facts())
    assert g.row == [first_special] and not g.is_over


def test_C_E4_most_flowers_wins_ties_share() -> None:
    bank = FlowerBank(3)
    bank.award(1, 2)
    assert winners(bank) == [1]
    bank.award(2, 2)
    assert winners(bank) == [1, 2]
    bank.pay(1, 1)
    assert winners(bank) == [2]


def test_C_E4_winners_set_at_the_end() -> None:
    g, table = new(die="special", turn_limit=None)
    table.turn("blue_fork", cactus=0)
    g.bank.award(1, 4)
    for _ in range(10):
        table.turn()
    best = max(g.bank.value(p) for p in range(3))
    assert g.is_over and g.winners == [p for p in range(3) if g.bank.value(p) == best]
    assert 1 in g.winners
    assert g.standings()[0] == (g.winners[0], best)


def test_turn_limit_ends_a_simulation() -> None:
    g, table = new(die="colour", turn_limit=3)
    for _ in range(3):
        table.turn(cactus=None)
    assert g.is_over and g.end_reason == "turn_limit"
