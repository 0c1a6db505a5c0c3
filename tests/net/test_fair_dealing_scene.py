"""The Cactus table scene at a remote table rolls the table's die (C-T2): pressing Roll sends the roll without a
face, the die tumbles for as long as the face is on its way (however long that takes), and shows the face the
table rolled once it comes back."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.cactus.match import Stage
from game.cactus.screens.effects import ROLL_TIME
from game.cactus.screens.scene_remote import RemotePlayScene
from game.i18n import t

from .helpers_cactus_net import Loop, human_turn, wire
from .helpers_cactus_scene import open_remote_scene


def test_c_t2_the_die_tumbles_until_the_tables_face_comes_back(make_app: Any) -> None:
    loop = Loop(["remote", "remote"], seed=4, start_player=0, spectators=0)
    human_turn(loop.links[0], loop.pump)  # the first turn rolls no die (C-T1): on to one that does
    human_turn(loop.links[1], loop.pump)
    assert loop.table.match.current == 0 and loop.table.match.stage == Stage.ROLL
    connection, driver = open_remote_scene(make_app, loop, hold=("input",))  # what the scene sends waits
    scene = driver.scene
    assert isinstance(scene, RemotePlayScene) and scene.human_turn and scene.match.stage == Stage.ROLL
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    driver.frames(round(3 * ROLL_TIME * 1000 / 33))  # far longer than the die tumbles at a local table
    assert scene.link.rolling and scene.roll_anim > 0 and scene.match.rules.turn.roll is None
    sent = [m for m in connection.sent if m["type"] == "input"]
    assert [m["items"] for m in sent] == [[["r"]]]  # the roll, without a face
    connection.hold = ()
    loop.route(loop.table.act(0, wire(sent[0])))  # the table rolls; its face comes back
    driver.frames(round(2 * ROLL_TIME * 1000 / 33))
    assert not scene.link.rolling and scene.roll_anim == 0
    face = loop.table.match.rules.turn.roll
    assert face is not None and scene.match.rules.turn.roll == face
    assert scene.match.stage != Stage.ROLL


@pytest.mark.parametrize("seeded", [True, False])
def test_a_cactus_table_whose_creator_chose_the_seed_says_so_as_it_opens(make_app: Any, seeded: bool) -> None:
    loop = Loop(["remote", "remote"], seed=4, start_player=0, spectators=0)
    _, driver = open_remote_scene(make_app, loop, seeded=seeded)
    scene = driver.scene
    assert isinstance(scene, RemotePlayScene)
    said = scene.message.visible and scene.message.text == t("net.seeded.note")
    assert said is seeded
