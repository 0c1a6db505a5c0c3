"""The lobby of remote play ("Play over the network"): host a table, join one by its code, or pick
one found on this network.

Host: the game (Artischocken or Cactus), the seats (you, then each a player over the network or a bot), and the
server: one started here in the background (``python -m game serve --port 0``, stopped when the lobby or the
program ends) or one already running at an address. Once the server set the table, its code is shown big
(``HOST:PORT/TABLE``) for the others, and "Open the table" takes the host's seat. Join: type the code, or click
a table found by zeroconf. A seat this player already holds there (``remote_seats.json`` in the user folder,
see :mod:`game.net.client.seats`) is taken back with its token; otherwise the server hands a free seat's token
(``claim``). Every seat taken, hosted or joined, is written down there, so leaving the table or restarting the
program keeps it.

Every trouble is a sentence on the card it belongs to: an unreachable server, a full table, a table that is
gone, a server that could not be started. The table scenes come from the rooms (``game.rooms``): the card
room's ``remote_table_scene``, the Cactus room's ``remote_play_scene`` (where it exists; "coming soon"
otherwise).

Keys: Tab / arrows move the focus, Enter or Space activates (on the code field: focuses it; Enter in it
joins), Esc goes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame
import pygame_gui

from game import rooms
from game.app import BaseScene
from game.i18n import t
from game.net.client.connection import Connection
from game.net.client.host import LocalServer, lan_address
from game.net.client.lobby import Seating
from game.net.client.remote_cards import RemoteTable
from game.net.client.seats import SeatBook, note_seating, seat_problem_text, take_seat
from game.net.codes import CodeError, make_code, parse_code
from game.net.discovery import Advertiser, Browser, OpenTable
from game.screens.network_draw import draw_lobby, kind_text, seat_kinds
from game.ui.gui import make_manager
from game.ui.theme import SIZES
from game.ui.widgets import Button, FocusGroup, Pressable, first_taker

ROOMS = ("artischocken", "cactus")
MIN_SEATS, MAX_SEATS = 2, 4
#: The found tables listed at most.
MAX_FOUND = 4


@dataclass
class Hosted:
    """A table this lobby set: where it is, its code, and the host's seat and token."""

    room: str
    url: str
    code: str
    table: str
    seat: int
    token: str
    kinds: list[str]
    free: int
    #: The host's seat, taken at once and held by this connection until the host opens the table (None once
    #: handed to the table: leaving the table and opening it again joins anew with the token).
    held: Seating | None = None


class FieldFocus(Pressable):
    """The code field as an item of the focus group (activating it puts the text cursor in)."""

    def __init__(self, scene: NetworkScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.hovered = self.pressed = self.focused = False

    def activate(self) -> None:
        if self.scene.code_entry is not None:
            self.scene.code_entry.focus()


class NetworkScene(BaseScene):
    """The lobby (see the module text). ``server_command``: how to start a server here (tests);
    ``discover``: browse and advertise on the network (off in tests that must not touch it)."""

    def __init__(self, *, server_command: list[str] | None = None, data: Path | None = None,
                 discover: bool = True, seats_file: Path | None = None) -> None:
        self.server_command = server_command
        self.seats_file = seats_file
        self.seat_book: SeatBook | None = None  # read when the lobby opens (the user folder's held seats)
        #: Card tables opened from here, by the book's address: one found over when the lobby is back is forgotten.
        self.opened: list[tuple[str, RemoteTable]] = []
        self.data = data
        self.discover = discover
        self.room = "artischocken"
        self.kinds = ["remote", "remote"]  # seat 0 is the host's own
        self.server_here = True
        self._pending_create = False  # a create waits for the server started here
        self.server: LocalServer | None = None
        self.hosted: Hosted | None = None
        self.hosting: tuple[Seating, str] | None = None  # a create on its way, and the code's address
        self.joining: tuple[Seating, Connection] | None = None  # a seat being taken
        self.host_status: tuple[str, str] | None = None  # (text, kind): kind "info" or "error"
        self.join_status: tuple[str, str] | None = None
        self.browser: Browser | None = None
        self.advertiser: Advertiser | None = None
        self.manager: pygame_gui.UIManager | None = None
        self.code_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.address_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.code_text = ""
        self.address_text = "127.0.0.1:8765"
        self.field = FieldFocus(self)
        self.found_top = 0
        self.focus = FocusGroup()
        self.size = (0, 0)
        self.host_card = self.join_card = pygame.Rect(0, 0, 0, 0)
        self.room_button = Button(lambda: t("net.host.room", room=t(f"launcher.{self.room}.name")), self.cycle_room)
        self.seat_buttons = [Button(partial(self._seat_text, i), partial(self.cycle_seat, i),
                                    text_size=SIZES.text_small) for i in range(MAX_SEATS)]
        self.add_button = Button(lambda: t("net.host.add"), self.add_seat, style="ghost", text_size=SIZES.text_small)
        self.remove_button = Button(lambda: t("net.host.remove"), self.remove_seat, style="ghost",
                                    text_size=SIZES.text_small)
        self.server_button = Button(lambda: t("net.host.server_here" if self.server_here
                                              else "net.host.server_running"), self.toggle_server,
                                    text_size=SIZES.text_small)
        self.host_button = Button(lambda: t("net.host.start"), self.host, style="primary")
        self.open_button = Button(lambda: t("net.host.open"), self.open_hosted, style="primary")
        self.new_button = Button(lambda: t("net.host.new"), self.host_another)
        self.join_button = Button(lambda: t("net.join.go"), self.join_typed, style="green")
        self.back_button = Button(lambda: t("common.back"), self.leave, style="ghost")
        self.found_buttons: list[tuple[str, Button]] = []  # (code, button)

    # -- life ------------------------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self._book()
        if self.discover and self.browser is None:
            self.browser = Browser()

    def on_exit(self) -> None:
        """The lobby goes: its server, announcements and connections with it."""
        for closer in (self.browser, self.advertiser):
            if closer is not None:
                closer.close()
        self.browser = self.advertiser = None
        if self.joining is not None:
            self.joining[1].close()
            self.joining = None
        if self.hosting is not None:
            self.hosting[0].link.close()
            self.hosting = None
        if self.hosted is not None and self.hosted.held is not None:
            self.hosted.held.link.close()
            self.hosted.held = None
        if self.server is not None:
            self.server.stop()
            self.server = None

    def leave(self) -> None:
        self.app.pop()

    def _book(self) -> SeatBook:
        """The held seats, read once; a file that cannot be read is said on the join card (it was kept aside)."""
        if self.seat_book is None:
            self.seat_book = SeatBook(self.seats_file)
            words = seat_problem_text(self.seat_book)
            if words is not None:
                self.join_status = (t("net.join.seats_corrupt", **words), "error")
        return self.seat_book

    def on_back(self) -> bool:
        if self.joining is not None:  # Esc while a seat is being taken: give that up first
            self.joining[1].close()
            self.joining = None
            self.join_status = None
            return True
        return False

    # -- host ------------------------------------------------------------------------------------------------
    def _seat_text(self, i: int) -> str:
        if i == 0:
            return t("net.host.you")
        return kind_text(self.room, self.kinds[i]) if i < len(self.kinds) else ""

    def cycle_room(self) -> None:
        self.room = ROOMS[(ROOMS.index(self.room) + 1) % len(ROOMS)]
        allowed = seat_kinds(self.room)
        self.kinds = ["remote", *(k if k in allowed else allowed[-1] for k in self.kinds[1:])]

    def cycle_seat(self, i: int) -> None:
        if 0 < i < len(self.kinds):
            options = seat_kinds(self.room)
            kind = self.kinds[i]
            self.kinds[i] = options[(options.index(kind) + 1) % len(options)] if kind in options else options[0]

    def add_seat(self) -> None:
        if len(self.kinds) < MAX_SEATS:
            self.kinds.append("remote")
            self.layout(self.size)

    def remove_seat(self) -> None:
        if len(self.kinds) > MIN_SEATS:
            self.kinds.pop()
            self.layout(self.size)

    def toggle_server(self) -> None:
        self._keep_texts()
        self.server_here = not self.server_here
        self.layout(self.size)

    def host(self) -> None:
        """Set the table: start the server here (or use the running one), then ``create``."""
        if self.hosting is not None or self.hosted is not None:
            return
        self.host_status = None
        if self.server_here:
            if self.server is None or self.server.status in ("failed", "stopped"):
                self.server = LocalServer(self.data, command=self.server_command)
            self.host_status = (t("net.host.starting"), "info")
            self.hosting = None
            self._pending_create = True
            return
        self._keep_texts()
        try:
            code = parse_code(self.address_text.strip().removesuffix("/") + "/x")
        except CodeError:
            self.host_status = (t("net.problem.address"), "error")
            return
        self._create(code.url, code.host if ":" not in code.host else f"[{code.host}]", code.port)

    def _create(self, url: str, host: str, port: int) -> None:
        kinds = list(self.kinds)
        link = Connection(url)
        self.hosting = (Seating.host(link, self.room, kinds, seed=_seed()), f"{host}:{port}")
        self.host_status = (t("net.host.creating"), "info")

    def _hosting_step(self) -> None:
        server = self.server
        if self._pending_create and server is not None:
            if server.status == "failed":
                self._pending_create = False
                self.host_status = (t("net.problem.server", detail=server.error or ""), "error")
            elif server.status == "running" and server.port is not None and server.url is not None:
                self._pending_create = False
                self._create(server.url, lan_address(), server.port)
        if self.hosting is None:
            return
        seating, address = self.hosting
        seating.step()
        if not seating.done:
            return
        self.hosting = None
        if seating.phase == "failed":
            seating.link.close()
            self.host_status = (_problem_text(seating.problem, seating.detail), "error")
            return
        assert seating.table is not None and seating.seat is not None
        host, _, port = address.rpartition(":")
        code = make_code(host.strip("[]"), int(port), seating.table)
        url = seating.link.url if isinstance(seating.link, Connection) else ""
        self._book().keep(parse_code(code).url, seating.table, seating.seat, seating.tokens[seating.seat],
                          self.room)
        self.hosted = Hosted(self.room, url, code, seating.table, seating.seat, seating.tokens[seating.seat],
                             list(self.kinds), seating.free_seats, held=seating)
        self.host_status = None
        if self.discover and not host.startswith("127."):
            self.advertiser = Advertiser(host, int(port), [OpenTable(seating.table, self.room, seating.free_seats)])
        self.layout(self.size)

    def open_hosted(self) -> None:
        """The host takes their seat at the table just set."""
        hosted = self.hosted
        if hosted is None or self.joining is not None:
            return
        held, hosted.held = hosted.held, None
        if held is not None and held.link.status != "failed":
            self.host_status = None
            self._open_table(held)
            return
        link = Connection(hosted.url)
        seating = Seating.rejoin(link, hosted.room, hosted.table, hosted.seat, hosted.token, hosted.kinds)
        self.joining = (seating, link)
        self.host_status = (t("net.join.joining"), "info")

    def _hold_step(self) -> None:
        """The host's held seat reads its news (a card table's states), so that they are there when it opens."""
        held = self.hosted.held if self.hosted is not None else None
        if held is None:
            return
        if held.link.status == "failed":
            held.link.close()
            self.hosted.held = None  # type: ignore[union-attr]
        elif held.remote is not None:
            held.remote.pump()

    def host_another(self) -> None:
        if self.hosted is not None and self.hosted.held is not None:
            self.hosted.held.link.close()
        self.hosted = None
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None
        self.host_status = None
        self.layout(self.size)

    # -- join ------------------------------------------------------------------------------------------------
    def join_typed(self) -> None:
        self._keep_texts()
        self.join_code(self.code_text)

    def join_code(self, text: str, room: str | None = None) -> None:
        """Take back the seat held at the table of code ``text``, or else a free one (a message on the join card
        when the code cannot be read)."""
        if self.joining is not None:
            return
        try:
            code = parse_code(text)
        except CodeError as exc:
            self.join_status = (t(f"net.code.{exc.reason}"), "error")
            return
        link = Connection(code.url)
        # the room is told by the server's state; a code typed by hand is a card table until the state says so
        self.joining = (take_seat(self._book(), link, code.url, room or "artischocken", code.table), link)
        self.join_status = (t("net.connecting", url=code.url), "info")

    def _joining_step(self) -> None:
        if self.joining is None:
            return
        seating, link = self.joining
        seating.step()
        status = self.join_status if self.hosted is None or seating.table != self.hosted.table else None
        if not seating.done:
            if link.status == "open" and status is not None and status[1] == "info":
                self._set_status(seating, (t("net.join.joining"), "info"))
            return
        self.joining = None
        url = link.url if isinstance(link, Connection) else ""
        note_seating(self._book(), url, seating)
        if seating.phase == "failed":
            link.close()
            if seating.problem == "bad_token" and url and seating.table is not None:
                # the seat held no longer takes its token (the server's table was made anew): claim a free one
                fresh = Connection(url)
                self.joining = (Seating.join(fresh, seating.room, seating.table), fresh)
                return
            self._set_status(seating, (_problem_text(seating.problem, seating.detail), "error"))
            return
        self._set_status(seating, None)
        self._open_table(seating)

    def _set_status(self, seating: Seating, status: tuple[str, str] | None) -> None:
        if self.hosted is not None and seating.table == self.hosted.table:
            self.host_status = status
        else:
            self.join_status = status

    def _open_table(self, seating: Seating) -> None:
        room, link = seating.room, seating.link
        module = rooms.room_module(room)
        if room == "artischocken" and module is not None and seating.remote is not None:
            hosted = self.hosted
            url = parse_code(hosted.code).url if hosted is not None and hosted.table == seating.table else (
                link.url if isinstance(link, Connection) else "")
            self.opened.append((url, seating.remote))
            self.app.push(module.remote_table_scene(seating.remote))
            return
        factory = getattr(module, "remote_play_scene", None) if module is not None else None
        if factory is None:
            link.close()
            self._set_status(seating, (t("net.cactus_soon"), "info"))
            return
        if isinstance(link, Connection) and seating.leftover:
            link.unread(seating.leftover)  # what came after "joined" is the room scene's to read
        self.app.push(factory(link, seating.seat, seating.table))

    # -- layout ----------------------------------------------------------------------------------------------
    def _keep_texts(self) -> None:
        if self.code_entry is not None:
            self.code_text = self.code_entry.get_text()
        if self.address_entry is not None:
            self.address_text = self.address_entry.get_text()

    def layout(self, size: tuple[int, int]) -> None:
        self._keep_texts()
        self.size = size
        w, h = size
        self.manager = make_manager(size)
        gap = max(20, w // 40)
        card_w = min(560, (w - 2 * 32 - gap) // 2)
        top = 100 if h < 700 else 130
        card_h = min(520, h - top - 84)
        x0 = (w - 2 * card_w - gap) // 2
        self.host_card = pygame.Rect(x0, top, card_w, card_h)
        self.join_card = pygame.Rect(x0 + card_w + gap, top, card_w, card_h)
        self._layout_host()
        self._layout_join()
        self.back_button.rect = pygame.Rect(x0, h - 28 - SIZES.button_height, 160, SIZES.button_height)
        self._focus_items()

    def _focus_items(self) -> None:
        items: list[Pressable] = []
        if self.hosted is None:
            items += [self.room_button, *self.seat_buttons[1:len(self.kinds)], self.add_button, self.remove_button,
                      self.server_button, self.host_button]
        else:
            items += [self.open_button, self.new_button]
        items += [self.field, self.join_button, *(b for _, b in self.found_buttons), self.back_button]
        self.focus.set_items(items, columns=1)  # type: ignore[arg-type]

    def _layout_host(self) -> None:
        card = self.host_card
        x, inner = card.x + 24, card.width - 48
        y = card.y + 64
        self.address_entry = None
        if self.hosted is not None:
            self.open_button.rect = pygame.Rect(x, card.bottom - 24 - SIZES.button_height, inner // 2 - 6,
                                                SIZES.button_height)
            self.new_button.rect = pygame.Rect(x + inner // 2 + 6, self.open_button.rect.y, inner // 2 - 6,
                                               SIZES.button_height)
            return
        free = card.bottom - 24 - SIZES.button_height - y
        row = max(30, min(40, (free - 28 - 3 * 44) // (MAX_SEATS + 1)))
        self.room_button.rect = pygame.Rect(x, y, inner, row + 4)
        y += row + 4 + 12
        y += 24  # the "Seats" label
        for i, button in enumerate(self.seat_buttons):
            button.rect = pygame.Rect(x + 34, y + i * (row + 4), inner - 34, row)
            button.enabled = i != 0
        y += len(self.kinds) * (row + 4)
        half = (inner - 34 - 8) // 2
        self.add_button.rect = pygame.Rect(x + 34, y, half, row - 2)
        self.remove_button.rect = pygame.Rect(x + 34 + half + 8, y, half, row - 2)
        self.add_button.enabled = len(self.kinds) < MAX_SEATS
        self.remove_button.enabled = len(self.kinds) > MIN_SEATS
        y = max(y + row + 10, card.y + 64 + row + 40 + MAX_SEATS * (row + 4) + row + 10)
        if self.server_here:
            self.server_button.rect = pygame.Rect(x, y, inner, row + 4)
        else:
            self.server_button.rect = pygame.Rect(x, y, inner // 2 - 4, row + 4)
            assert self.manager is not None
            self.address_entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x + inner // 2 + 4, y, inner // 2 - 4, row + 4), manager=self.manager,
                placeholder_text=t("net.host.address_hint"))
            self.address_entry.set_text(self.address_text)
        self.host_button.rect = pygame.Rect(x, card.bottom - 24 - SIZES.button_height, inner, SIZES.button_height)

    def _layout_join(self) -> None:
        card = self.join_card
        x, inner = card.x + 24, card.width - 48
        y = card.y + 64 + 24
        assert self.manager is not None
        button_w = 120
        self.code_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, inner - button_w - 10, 44),
                                                              manager=self.manager,
                                                              placeholder_text=t("net.join.code_hint"))
        self.code_entry.set_text(self.code_text)
        self.code_entry.set_text_length_limit(80)
        self.field.rect = self.code_entry.rect.copy()
        self.join_button.rect = pygame.Rect(x + inner - button_w, y, button_w, 44)
        self.found_top = y + 44 + 84
        self._layout_found()

    def _layout_found(self) -> None:
        card = self.join_card
        x, inner = card.x + 24, card.width - 48
        old = {code: button for code, button in self.found_buttons}
        self.found_buttons = []
        y = self.found_top + 30
        for code, label in self._found_entries():
            if y + 40 > card.bottom - 16 or len(self.found_buttons) >= MAX_FOUND:
                break
            button = old.get(code) or Button(label, partial(self._join_found, code), text_size=SIZES.text_small)
            button.label = label
            button.rect = pygame.Rect(x, y, inner, 38)
            self.found_buttons.append((code, button))
            y += 44

    def _found_entries(self) -> list[tuple[str, str]]:
        if self.browser is None:
            return []
        out = []
        for server in self.browser.found():
            for table in server.tables:
                if table.free <= 0:
                    continue
                code = make_code(server.host, server.port, table.table)
                out.append((code, t("net.found.entry", host=server.name, room=t(f"launcher.{table.room}.name"),
                                    free=table.free)))
        return out

    def _join_found(self, code: str) -> None:
        room = next((table.room for server in (self.browser.found() if self.browser else [])
                     for table in server.tables if make_code(server.host, server.port, table.table) == code), None)
        self.join_code(code, room)

    # -- events and frames ------------------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        if self.hosted is not None:
            host = [self.open_button, self.new_button]
        else:
            host = [self.room_button, *self.seat_buttons[:len(self.kinds)], self.add_button, self.remove_button,
                    self.server_button, self.host_button]
        return [*host, self.join_button, *(b for _, b in self.found_buttons), self.back_button]

    def _typing(self) -> pygame_gui.elements.UITextEntryLine | None:
        return next((e for e in (self.code_entry, self.address_entry) if e is not None and e.is_focused), None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.manager is not None:
            consumed = self.manager.process_events(event)
            typing = self._typing()
            if consumed or (typing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)):
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and typing:
                    typing.unfocus()
                    if typing is self.code_entry:
                        self.join_typed()
                return
        if first_taker([self.focus], event):
            return
        first_taker(self._buttons(), event)

    def _forget_finished(self) -> None:
        """Back in the lobby: a card table that ended or whose game is over holds no seat worth keeping."""
        for url, remote in self.opened:
            if remote.ended is not None or remote.session.is_over:
                self._book().forget(url, remote.table_id)
        self.opened = []

    def update(self, dt: float) -> None:
        if self.opened and self.app.scene is self:
            self._forget_finished()
        if self.manager is not None:
            self.manager.update(dt)
        for button in self._buttons():
            button.update(dt)
        self._hosting_step()
        self._hold_step()
        self._joining_step()
        if self.browser is not None:
            entries = [code for code, _ in self._found_entries()][:MAX_FOUND]
            if entries != [code for code, _ in self.found_buttons]:  # read on every frame, idle ones too
                self._layout_found()
                self._focus_items()

    def still(self) -> bool:
        """Nothing moves: no button flash, no cursor blinking, nothing on its way, no list being looked for."""
        if self._pending_create or self.hosting is not None or self.joining is not None:
            return False
        return all(b.still() for b in self._buttons()) and self._typing() is None

    def draw(self, surface: pygame.Surface) -> None:
        draw_lobby(surface, self)
        if self.manager is not None:
            self.manager.draw_ui(surface)


def _seed() -> int:
    import random

    return random.SystemRandom().randrange(1 << 30)


def _problem_text(problem: str | None, detail: str) -> str:
    if problem == "unreachable":
        return t("net.problem.unreachable", detail=detail)
    if problem in ("full", "no_table", "ended", "lost"):
        return t(f"net.problem.{problem}")
    return t("net.problem.refused", detail=detail or "?")

__all__ = ["Hosted", "NetworkScene"]
