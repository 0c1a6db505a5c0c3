"""Colour aids. With them on, every piece on the table and in the supply carries the mark of its
colour; under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009, severity
1, on linear sRGB) each mark still stands out from its piece, each piece is told by its mark, and every two
supply pieces of one form and different colours still differ on the screenshot. Without the aids some pair does
not: the check can fail."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from game import settings
from game.cactus.screens.view import icon_points
from game.lab.cactus.colour_shots import CROWDED, crowded_scene
from game.ui import colour_aids
from game.ui.colour_aids import MARKS, draw_mark, ink_for, mark_spot, piece_fill

SIMULATIONS: dict[str, np.ndarray] = {
    "normal": np.eye(3),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
FORMS = ("arch", "crescent", "fork", "hook", "zigzag")


def seen_grey(rgb: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """What a viewer with that colour vision sees, as luminance 0..1 (the screenshot's pixels, ..., 3)."""
    c = rgb.astype(float) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return np.clip(linear @ matrix.T, 0, 1) @ np.array([0.2126, 0.7152, 0.0722])


def apart(a: np.ndarray, b: np.ndarray) -> bool:
    """Two pictures of the same size differ visibly: at least 1 % of their pixels by 5 % luminance or more."""
    return bool((np.abs(a - b) > 0.05).mean() >= 0.01)


@pytest.fixture
def shot(make_app, request: pytest.FixtureRequest) -> Iterator[tuple[object, np.ndarray]]:
    app = make_app()
    settings.begin_run(saved=settings.Settings(), colour_blind=request.param)
    scene = crowded_scene(app)
    app.frame()
    yield scene, pygame.surfarray.array3d(app.surface)  # (x, y, rgb)
    settings.begin_run(saved=settings.Settings())


def supply_cells(scene) -> dict[str, pygame.Rect]:
    return {pid: r for pid, r in scene.heap_cells.items() if pid in scene.match.rules.supply}


def crop(img: np.ndarray, r: pygame.Rect) -> np.ndarray:
    return img[r.x:r.right, r.y:r.bottom]


def pairs_apart(scene, img: np.ndarray, matrix: np.ndarray) -> list[tuple[str, str, bool]]:
    cells = supply_cells(scene)
    out = []
    for form in FORMS:
        ids = sorted(p for p in cells if p.endswith(form))
        for a, b in itertools.combinations(ids, 2):
            out.append((a, b, apart(seen_grey(crop(img, cells[a]), matrix), seen_grey(crop(img, cells[b]), matrix))))
    return out


@pytest.mark.parametrize("shot", [True], indirect=True)
@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_with_aids_every_two_supply_colours_differ_in_every_vision(shot, vision: str) -> None:
    scene, img = shot
    result = pairs_apart(scene, img, SIMULATIONS[vision])
    assert len(result) >= 15
    assert all(ok for *_, ok in result), [(a, b) for a, b, ok in result if not ok]


@pytest.mark.parametrize("shot", [False], indirect=True)
def test_without_aids_some_supply_colours_run_together(shot) -> None:
    # the reason for the aids, and proof that the check above can fail
    scene, img = shot
    together = [(a, b, v) for v, m in SIMULATIONS.items() if v != "normal"
                for a, b, ok in pairs_apart(scene, img, m) if not ok]
    assert together


def mark_mask(img: np.ndarray, spot: tuple[float, float, float], fill: tuple[int, int, int]) -> np.ndarray:
    """The pixels of the mark's ink in the disc the mark of ``spot`` fills (in a square around it)."""
    x, y, size = spot
    half = int(size / 2) + 2
    box = pygame.Rect(round(x) - half, round(y) - half, 2 * half, 2 * half)
    return np.all(crop(img, box) == ink_for(fill), axis=2), box


def reference(colour: str, spot: tuple[float, float, float], box: pygame.Rect,
              fill: tuple[int, int, int]) -> np.ndarray:
    surface = pygame.Surface(box.size)
    surface.fill(fill)
    draw_mark(surface, colour, (spot[0] - box.x, spot[1] - box.y), spot[2], fill, force=True)
    return np.all(pygame.surfarray.array3d(surface) == ink_for(fill), axis=2)


def marked_pieces(scene):
    """(piece spec, mark spot) of every piece on the crowded cactus and every supply icon."""
    m = scene.match
    world = m.world
    facts = world.facts()
    out = []
    for pid in world.pieces_in_world():
        if facts.carried_by.get(pid) == CROWDED:
            spec = world.pieces[pid]
            out.append((spec, mark_spot(spec.outline, scene.view.pts(world.outline_world(pid)))))
    for pid, cell in supply_cells(scene).items():
        spec = world.pieces[pid]
        out.append((spec, mark_spot(spec.outline, icon_points(spec, cell.center, cell.width - 6))))
    return out


@pytest.mark.parametrize("shot", [True], indirect=True)
def test_every_piece_carries_its_own_mark_readable_in_every_vision(shot) -> None:
    scene, img = shot
    pieces = marked_pieces(scene)
    assert len({spec.colour for spec, _ in pieces}) == 5
    assert sum(1 for spec, _ in pieces if spec.id in scene.match.world.pieces_in_world()) >= 6  # crowded
    for spec, spot in pieces:
        fill = piece_fill(spec.colour, spec.colour_hex)
        seen, box = mark_mask(img, spot, fill)
        assert seen.sum() >= 6, f"{spec.id}: no mark"
        # the mark is its colour's: it matches its own shape better than any other colour's
        def iou(colour: str, seen=seen, spot=spot, box=box, fill=fill) -> float:
            ref = reference(colour, spot, box, fill)
            return float((ref & seen).sum() / max(1, (ref | seen).sum()))
        scores = {c: iou(c) for c in MARKS}
        assert max(scores, key=scores.get) == spec.colour, (spec.id, scores)
        # and it stands out from its piece whatever the colour vision
        for vision, matrix in SIMULATIONS.items():
            grey = seen_grey(crop(img, box), matrix)
            disc = ~seen & np.all(crop(img, box) == fill, axis=2)
            assert disc.any()
            assert abs(grey[seen].mean() - grey[disc].mean()) >= 0.15, (spec.id, vision)


def test_marks_are_shapes_that_stay_apart_in_grey() -> None:
    # every two marks differ in shape (so in grey scale and any colour vision), drawn on one grey ground
    masks = {}
    for colour in MARKS:
        surface = pygame.Surface((24, 24))
        surface.fill((128, 128, 128))
        draw_mark(surface, colour, (12, 12), 16, (128, 128, 128), force=True)
        masks[colour] = np.any(pygame.surfarray.array3d(surface) != 128, axis=2)
    for a, b in itertools.combinations(MARKS, 2):
        iou = (masks[a] & masks[b]).sum() / (masks[a] | masks[b]).sum()
        assert iou < 0.7, (a, b, iou)


def test_aids_off_draw_nothing_and_keep_the_usual_colours() -> None:
    settings.begin_run(saved=settings.Settings())
    assert not colour_aids.enabled()
    assert piece_fill("red", "#c9483b") == (201, 72, 59)
    surface = pygame.Surface((20, 20))
    draw_mark(surface, "red", (10, 10), 12, (0, 0, 0))
    assert not pygame.surfarray.array3d(surface).any()
