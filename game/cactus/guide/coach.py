"""The guided first game: a real Cactus table (you and one bot) with a card beside it that says what to do next.

The table is the play scene's (the same world, hand, ring and words; the room opens it with a :class:`GuideCoach`,
and the game is neither saved nor recorded). Each frame the coach reports what the table showed to the pure
:class:`~game.cactus.guide.steps.Guide` as a :class:`~game.cactus.guide.steps.Seen`, and its card (over the turn
log) shows the step, how far along the guide is, and what went wrong when a step failed. Once the turn is confirmed
the guide is done: the game goes on against the bot, or the player goes back to the setup screen.
"""

from __future__ import annotations

import pygame

from game import settings
from game.cactus.bots.simple import BOT_NAMES
from game.cactus.guide.seen import mark_guide_seen
from game.cactus.guide.steps import STEPS, Guide, Seen
from game.cactus.match import Match, Stage
from game.cactus.screens import layers, navigation
from game.cactus.screens.hint_view import piece_angle
from game.cactus.screens.match_scene import MatchScene
from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES
from game.ui.widgets import Button, first_taker

#: The guide's game: always the same table, so every newcomer gets the same first turn.
GUIDE_SEED = 40
#: The card's title starts this far under its top (px) and its words end this far over its bottom; its buttons (once
#: the guide is done) are this tall.
TITLE_TOP, CARD_PAD, BUTTON_H = 8, 12, 34


def guide_match() -> Match:
    """The guide's match: the player (by the name they go by, else the first seat's usual one: the log's sentences
    speak of a player, never to "you") and one bot, a fresh table."""
    name = settings.current().player_name or t("cactus.setup.default_name", n=1)
    return Match.new(2, names=[name, BOT_NAMES[1]], seed=GUIDE_SEED, bots=[False, True],
                     start_player=0)


class GuideCoach:
    """The guide beside a play scene (see the module doc): the scene calls :meth:`update`, :meth:`handle_event` and
    :meth:`draw` after its own."""

    def __init__(self) -> None:
        self.guide = Guide()
        self.start_turn: int | None = None
        self.card = pygame.Rect(0, 0, 0, 0)
        self.scene: MatchScene | None = None
        self.play_on = Button(lambda: t("cactus.guide.play_on"), self.close_card, style="green",
                              text_size=SIZES.text_small)
        self.to_setup = Button(lambda: t("cactus.guide.back"), self.back_to_setup, style="secondary",
                               text_size=SIZES.text_small)
        self.buttons = [self.play_on, self.to_setup]
        self.card_open = True
        self.presses_seen = 0

    # ------------------------------------------------------------------ the guide
    @staticmethod
    def seen(scene: MatchScene, start_turn: int, refused: str | None = None) -> Seen:
        """What the table shows now, as the guide reads it (facts only)."""
        m = scene.match
        stage = m.stage
        cue = scene.hand
        ring = None if cue is None else "touch" if cue.contact is not None else "near" if cue.near else None
        on_target = False
        pid = m.piece
        if stage == Stage.HOLDING and pid is not None and m.world.has_piece(pid):
            target = m.rules.target_cactus()
            touched = m.facts().touching_cactus.get(pid, set())
            on_target = bool(touched) if target is None else target in touched
        broken = tuple(v.kind for v in m.violations) if stage == Stage.JUDGED else ()
        turn = m.rules.turn
        return Seen(stage.value, piece_angle(m), ring, turn.hand_touches if pid else 0, refused, on_target,
                    broken, turn.placed_fell, m.rules.turn_number > start_turn, m.world.hand.grip_world())

    def update(self, scene: MatchScene, dt: float) -> None:
        self.scene = scene
        if self.start_turn is None:
            self.start_turn = scene.match.rules.turn_number
        for b in self.buttons:
            b.update(dt)
        was_done = self.guide.done
        if not was_done:
            fresh = scene.presses != self.presses_seen  # a press since the last frame: its refusal, if any
            self.guide.observe(self.seen(scene, self.start_turn, scene.refused if fresh else None))
        self.presses_seen = scene.presses
        if self.guide.done and not was_done:
            mark_guide_seen()
        self._lay_card(scene)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The card's buttons (once the guide is done)."""
        return first_taker([b for b in self.buttons if b.enabled], event)

    def _lay_card(self, scene: MatchScene) -> None:
        """The card at the top of the turn log's place, as tall as its words (the log goes on under it)."""
        log = scene.rects.get("log")
        show = self.card_open and log is not None
        self.card = pygame.Rect(0, 0, 0, 0)
        if show and log is not None:
            self.card = pygame.Rect(log.x, log.y, log.width, min(log.height, self.card_height(log.width)))
        done = self.guide.done and show
        for b in (self.play_on, self.to_setup):
            b.enabled = done
        if done:
            w = (self.card.width - 36) // 2
            y = self.card.bottom - CARD_PAD - BUTTON_H
            self.play_on.rect = pygame.Rect(self.card.x + 12, y, w, BUTTON_H)
            self.to_setup.rect = pygame.Rect(self.play_on.rect.right + 12, y, w, BUTTON_H)
        else:
            self.play_on.rect = pygame.Rect(0, 0, 0, 0)
            self.to_setup.rect = pygame.Rect(0, 0, 0, 0)

    def card_height(self, width: int) -> int:
        """How tall the card of ``width`` is for its words now (the title, the step, what went wrong, the buttons)."""
        title, body, problem = self.words()
        inner = width - 28
        height = self.text_top(title, width) + layers.text_height(body, inner, size=SIZES.text_small) + CARD_PAD
        if problem is not None:
            height += 8 + layers.text_height(problem, inner, size=SIZES.text_small)
        if self.guide.done:
            height += 8 + BUTTON_H
        return height

    @staticmethod
    def text_top(title: str, width: int) -> int:
        """How far under the card's top the step's words start: under the title, in as many lines as it takes."""
        return TITLE_TOP + layers.text_height(title, width - 28, size=SIZES.text_small, bold=True) + 4

    def covers(self) -> pygame.Rect:
        """Where the card stands over the turn log's place (an empty rect while it is closed)."""
        return self.card

    def close_card(self) -> None:
        self.card_open = False
        if self.scene is not None:
            self._lay_card(self.scene)

    def back_to_setup(self) -> None:
        if self.scene is not None:
            self.scene.finished = True
            self.scene.app.replace(navigation.setup_screen())

    def words(self) -> tuple[str, str, str | None]:
        """The card's title, the step's words and what went wrong (None: nothing)."""
        g = self.guide
        if g.done:
            bot = self.scene.match.rules.names[1] if self.scene is not None else ""
            return t("cactus.guide.title_done"), t("cactus.guide.done", bot=bot), None
        title = t("cactus.guide.title", step=g.index + 1, steps=len(STEPS))
        return title, t(g.text_key()), None if g.problem is None else t(g.problem)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.card.width <= 0 or self.card.height <= 0:
            return
        rect = self.card
        title, body, problem = self.words()
        draw.panel(surface, rect, PALETTE.paper, PALETTE.terracotta, 14)
        top = self.text_top(title, rect.width)
        layers.text_block(surface, title, pygame.Rect(rect.x + 14, rect.y + TITLE_TOP, rect.width - 28, top),
                          size=SIZES.text_small, bold=True, color=PALETTE.terracotta_dark)
        inner = pygame.Rect(rect.x + 14, rect.y + top, rect.width - 28, rect.height - top - CARD_PAD)
        if self.guide.done:
            inner.height = max(0, self.play_on.rect.top - 8 - inner.y)
        size = SIZES.text_small

        def height(size: int) -> int:
            extra = 0 if problem is None else 8 + layers.text_height(problem, inner.width, size=size)
            return layers.text_height(body, inner.width, size=size) + extra

        while size > SIZES.text_small - 4 and height(size) > inner.height:
            size -= 1
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        used = layers.text_height(body, inner.width, size=size)
        layers.text_block(surface, body, inner, size=size, color=PALETTE.ink)
        if problem is not None:
            layers.text_block(surface, problem, inner.move(0, used + 8), size=size, color=PALETTE.error)
        surface.set_clip(clip)
        if self.guide.done:
            self.play_on.draw(surface)
            self.to_setup.draw(surface)


__all__ = ["GUIDE_SEED", "GuideCoach", "guide_match"]
