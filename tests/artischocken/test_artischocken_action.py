"""``Action``: its hash is computed once, equal actions hash alike, and an action pickled by another process (whose
string hashes differ) is the same dict key here (the table's bot thinks in a worker process)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import pytest

from game.artischocken import Action, new_game
from game.artischocken.engine.cards import END_PLAY, HARVEST_ACTS, PLAY_TARGET_ACTS


def test_equal_actions_hash_alike_and_work_as_keys() -> None:
    a = Action("play", "leek", target=1)
    assert a == PLAY_TARGET_ACTS["leek", 1] and hash(a) == hash(PLAY_TARGET_ACTS["leek", 1])
    assert {PLAY_TARGET_ACTS["leek", 1]: "x"}[a] == "x"
    assert hash(Action("harvest", "corn")) == hash(HARVEST_ACTS["corn"])
    assert Action("harvest", "corn") != Action("harvest", "peas")
    assert pickle.loads(pickle.dumps(END_PLAY)) == END_PLAY


def test_an_action_pickled_in_another_process_is_the_same_key() -> None:
    code = ("import pickle, sys; from game.artischocken import new_game; g = new_game(2, seed=4); "
            "sys.stdout.buffer.write(pickle.dumps(g.legal_actions()))")
    env = dict(os.environ, PYTHONHASHSEED="12345")  # other string hashes than this process's
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True).stdout
    theirs = pickle.loads(out)
    mine = new_game(2, seed=4).legal_actions()
    assert theirs == mine
    keys = {a: k for k, a in enumerate(mine)}
    assert [keys[a] for a in theirs] == list(range(len(mine)))


def test_a_malformed_action_can_be_made_but_not_hashed() -> None:
    """Bad input (a list for a card) still makes an Action, which the engine refuses (A-G3); hashing it fails as
    it would for the fields themselves."""
    bad = Action("play", card=[])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hash(bad)
