"""The setup screen (seats, names, kinds, rhubarb, start player) and the layout at two window sizes."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import Driver, position, table

from game.artischocken.room import setup_scene
from game.artischocken.table.layout import compute
from game.artischocken.table.scene_table import TableScene


@pytest.fixture
def drv(make_app):
    return Driver(make_app((1280, 800), seed=9))


def test_A_S3_setup_seats_names_rhubarb_and_start_player(drv: Driver) -> None:
    setup = setup_scene()
    drv.app.push(setup)
    drv.frame()
    assert setup.dialog is None and len(setup.kinds) == 2
    drv.click(setup.add_button.rect.center)
    assert len(setup.kinds) == 3
    drv.click(setup.kind_buttons[2].rect.center)  # cycles the third seat's kind
    while setup.kinds[2] != "human":
        drv.click(setup.kind_buttons[2].rect.center)
    # type a name into the second seat's field
    entry = setup.entries[1]
    drv.click(entry.rect.center)
    for _ in range(10):
        drv.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=42))
    drv.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoe"))
    drv.frame(3)
    assert entry.get_text() == "Zoe"
    drv.click(setup.rhubarb_button.rect.center)
    drv.click(setup.start_button.rect.center)
    drv.click(setup.start_button.rect.center)
    assert setup.start == 1
    drv.click(setup.play_button.rect.center)
    scene = drv.app.scene
    assert isinstance(scene, TableScene)
    assert [s.name for s in scene.seats][1] == "Zoe"
    assert [s.kind for s in scene.seats][2] == "human" and scene.seats[0].kind == "human"
    assert scene.table.game.rhubarb and scene.table.game.start_player == 1  # A-S2 variant, A-S3 picked start player


def test_setup_refuses_an_empty_name(drv: Driver) -> None:
    setup = setup_scene()
    drv.app.push(setup)
    drv.frame()
    setup.entries[0].set_text("   ")
    drv.click(setup.play_button.rect.center)
    assert drv.app.scene is setup and setup.message.visible


def test_seat_limits(drv: Driver) -> None:
    setup = setup_scene()
    drv.app.push(setup)
    drv.frame()
    for _ in range(4):
        drv.click(setup.add_button.rect.center)
    assert len(setup.kinds) == 4 and not setup.add_button.enabled
    for _ in range(4):
        drv.click(setup.remove_buttons[0].rect.center)
    assert len(setup.kinds) == 2


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_layout_has_no_overlaps(size: tuple[int, int], players: int) -> None:
    lay = compute(size, players, 0)
    screen = pygame.Rect(0, 0, *size)
    zones = [lay.log, lay.bar, lay.stack, lay.compost, *lay.row]
    for place in lay.seats.values():
        zones.append(place.panel)
    for rect in zones:
        assert screen.contains(rect), rect
    for i, a in enumerate(zones):
        for b in zones[i + 1:]:
            assert not a.colliderect(b), (a, b)
    hand = lay.seats[0].hand
    assert not hand.colliderect(lay.bar) and not hand.colliderect(lay.seats[0].panel)
    assert hand.right <= lay.table.right and screen.contains(hand)
    for rect in lay.hand_rects(12):
        assert rect.left >= hand.left - 1 and rect.right <= hand.right + 1


def test_small_window_draws_a_full_table(drv: Driver) -> None:
    drv.app.resize((1024, 700))
    scene = table(drv.app, position([["leek", "corn", "beet", "artichoke", "artichoke"], ["artichoke"],
                                     ["artichoke"]], row=["peas", "onion"], discards=[["carrot"], [], []]),
                  ["human", "greedy", "random"])
    drv.frame(2)
    keys = {c.key for c in scene.choices}
    assert {"hand0", "hand1", "hand2"} <= keys
    assert scene.lay is not None and scene.lay.size == (1024, 700)
