"""The Cactus end screen: the final table behind a ranking card (C-E1..C-E4)."""

from __future__ import annotations

import math

import pygame

from game.app import BaseScene
from game.cactus.match import Match
from game.cactus.screens import layers, navigation
from game.cactus.screens.layers import Layer
from game.cactus.screens.view import TableView, flower_icon
from game.i18n import t
from game.ui import draw
from game.ui.theme import PALETTE, SIZES, lerp
from game.ui.widgets import Button, FocusGroup, first_taker

MEDALS = ((232, 178, 60), (176, 180, 188), (196, 128, 76))
#: The winners' medals bob this many seconds, then settle in ``BOB_FADE`` s (so the screen is still and the app idles).
BOB_SECONDS = 4.0
BOB_FADE = 0.5
#: The screen takes no key or click for this long (s) after it appears: an Enter or a click meant for the last
#: turn must not skip who won for the setup of a new game.
END_GUARD = 0.8


class EndScene(BaseScene):
    def __init__(self, match: Match, *, quit_after: int | None = None, remote: bool = False) -> None:
        self.match = match
        #: A remote table's end: no "play again" here (the host sets up the next table); back leads
        #: to the lobby the table was opened from.
        self.remote = remote
        self.view = TableView((match.world.bounds[2], match.world.bounds[3]))
        self.quit_after = quit_after
        self.frames = 0
        self.time = 0.0
        self.again = Button(lambda: t("cactus.end.again"), self.play_again, style="primary")
        self.back = Button(lambda: t("cactus.remote.end_back" if remote else "cactus.end.back"), self.leave,
                           style="primary" if remote else "secondary")
        self.buttons = [self.back] if remote else [self.again, self.back]
        self.focus = FocusGroup(list(self.buttons), columns=len(self.buttons))
        self.card = pygame.Rect(0, 0, 0, 0)
        self.table = Layer()

    def play_again(self) -> None:
        rules = self.match.rules
        self.app.replace(navigation.setup_screen(names=list(rules.names), bots=list(self.match.bots),
                                                 options=rules.options, kinds=list(self.match.bot_kinds)))

    def leave(self) -> None:
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.view.fit(pygame.Rect(0, 0, w, h))
        n = self.match.rules.players
        cw = min(560, w - 80)
        ch = 200 + n * 56 + SIZES.button_height + 40
        self.card = pygame.Rect(0, 0, cw, ch)
        self.card.center = (w // 2, h // 2)
        bw = (cw - 3 * 32) // 2
        y = self.card.bottom - 28 - SIZES.button_height
        self.again.rect = pygame.Rect(self.card.x + 32, y, bw, SIZES.button_height)
        self.back.rect = pygame.Rect(self.again.rect.right + 32, y, bw, SIZES.button_height)
        if self.remote:
            self.back.rect.centerx = self.card.centerx
        self.focus.focus(0)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.time < END_GUARD and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        first_taker([self.focus, *self.buttons], event)

    def update(self, dt: float) -> None:
        self.time += dt
        self.frames += 1
        if self.quit_after is not None and self.frames > self.quit_after:
            self.app.quit()  # --until-over: the end screen has been drawn; the app saves the screenshot
        for b in self.buttons:
            b.update(dt)

    def bob(self) -> float:
        """How far the winners' medals bob now: 1 at first, down to 0 after ``BOB_SECONDS``."""
        late = self.time - BOB_SECONDS
        return 1.0 if late <= 0 else max(0.0, 1.0 - late / BOB_FADE)

    def still(self) -> bool:
        """The medals have settled and no button flashes: nothing moves until the next input (the app may sleep)."""
        return (self.dialog is None and self.quit_after is None and self.bob() <= 0
                and all(b.flash <= 0 for b in self.buttons))

    def paint_table(self, surface: pygame.Surface) -> None:
        """The final table under a veil (it never changes: painted once per window size)."""
        w, h = surface.get_size()
        self.view.draw_backdrop(surface, surface.get_rect())
        self.view.draw_cacti(surface, self.match.world, None, 0.0)
        self.view.draw_pieces(surface, self.match)
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((*PALETTE.ink, 110))
        surface.blit(veil, (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.table.get(surface, self.view.shot, self.paint_table), (0, 0))
        rules = self.match.rules
        card = self.card
        draw.panel(surface, card, PALETTE.paper, PALETTE.dune, 18)
        draw.text(surface, t("cactus.end.title"), (card.centerx, card.y + 44), size=40, display=True,
                  color=PALETTE.terracotta, anchor="center")
        reason = t(f"cactus.end.{rules.end_reason}") if rules.end_reason else ""
        layers.text_block(surface, t("cactus.end.reason", reason=reason),
                        pygame.Rect(card.x + 32, card.y + 78, card.width - 64, 50), size=SIZES.text_small + 1,
                        color=PALETTE.ink_soft, align="center")
        winners = rules.winners
        best = rules.bank.value(winners[0]) if winners else 0
        if len(winners) == 1:
            headline = t("cactus.winner.one", player=rules.names[winners[0]], flowers=best)
        else:
            headline = t("cactus.winner.shared", flowers=best, players=", ".join(rules.names[p] for p in winners))
        draw.text(surface, headline, (card.centerx, card.y + 136), size=SIZES.text + 2, bold=True, color=PALETTE.ink,
                  anchor="center")
        y = card.y + 168
        place = 0
        last_value: int | None = None
        for k, (seat, value) in enumerate(rules.standings()):
            if value != last_value:
                place = k + 1
                last_value = value
            row = pygame.Rect(card.x + 32, y, card.width - 64, 48)
            bg = lerp(PALETTE.paper, PALETTE.sun, 0.25) if seat in winners else PALETTE.sand_light
            draw.rounded_rect(surface, row, bg, 12, PALETTE.sand_dark, 1)
            medal = MEDALS[place - 1] if place <= 3 else PALETTE.sand_dark
            bob = 2 * math.sin(self.time * 3 + k) * self.bob() if seat in winners else 0
            pygame.draw.circle(surface, medal, (row.x + 28, row.centery + bob), 16)
            draw.text(surface, str(place), (row.x + 28, row.centery + bob), size=SIZES.text_small + 1, bold=True,
                      color=PALETTE.paper, anchor="center")
            name = rules.names[seat] + ("  " + t("cactus.bot") if self.match.bots[seat] else "")
            draw.text(surface, name, (row.x + 56, row.centery), size=SIZES.text, bold=seat in winners,
                      color=PALETTE.ink, anchor="midleft")
            ones, threes = rules.bank.tokens(seat)
            x = row.right - 60 - 22 * (ones + threes)
            for three in [True] * threes + [False] * ones:
                surface.blit(flower_icon(20, three), (x, row.centery - 10))
                x += 22
            draw.text(surface, str(value), (row.right - 16, row.centery), size=26, bold=True,
                      color=PALETTE.terracotta if seat in winners else PALETTE.ink, anchor="midright")
            y += 56
        for b in self.buttons:
            b.draw(surface)


navigation.register("end", EndScene)

__all__ = ["EndScene"]
