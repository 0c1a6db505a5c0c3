"""The lobby of remote play ("Play over the network"): host a table, join one by its code, go back to one of
your tables, or pick one found on this network.

The player's name is asked once, the first time the lobby opens (kept in the settings, editable on the
settings screen); it goes with every create, claim and join, so the others see it on the seat.

Host: the game (Artischocken or Cactus), the seats (you, then each a player over the network or a bot), and the
server: the program's own (:mod:`game.net.client.home_server`: started here once, it outlives the lobby, keeps
its port, advertises its open tables under the player's name; quitting with a hosted table in play asks whether
it keeps running) or one already running at an address. Once the server set the table, its code is shown big
(``HOST:PORT/TABLE``) for the others, and "Open the table" takes the host's seat. Join: type the code, or click
a table found on this network (tables this player already holds a seat at are left out there). A seat this
player already holds (``remote_seats.json`` in the user folder, see :mod:`game.net.client.seats`) is taken back
with its token; otherwise the server hands a free seat's token (``claim``). Every seat taken, hosted or joined,
is written down there under (the server's id, the table) and listed under "Your tables", with how the game
stands (``peek``, every few seconds: :mod:`game.net.client.your_tables`); a click takes the seat back.

Servers are known by their id (``hello``): :mod:`game.net.client.server_watch` asks every address worth asking
every few seconds, so a server that came back on another port is found again (by the addresses it last said,
the network's announcements, the program's own server) and its tables work again; the found list holds only
servers that answer, one row per server, the program's own marked as the player's. A table found over stays in
"Your tables" with who won until the player dismisses it (the small cross on its row); its replay is fetched
once and written into the Replays list.

Every trouble is a sentence on the card it belongs to: an unreachable server, a full table, a table that is
gone, a server that could not be started. The table scenes come from the rooms (``game.rooms``): the card
room's ``remote_table_scene``, the Cactus room's ``remote_play_scene`` (where it exists; "coming soon"
otherwise).

Keys: Tab / arrows move the focus, Enter or Space activates (on the code field: focuses it; Enter in it
joins), Esc goes back.
"""

from __future__ import annotations

import contextlib
import getpass
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import pygame
import pygame_gui

from game import rooms, settings
from game.app import BaseScene
from game.i18n import t
from game.net.client.connection import Connection
from game.net.client.home_server import HomeServer, program_server, saved_id, saved_port, set_program_server
from game.net.client.host import lan_address
from game.net.client.identity import player_id
from game.net.client.lobby import Seating
from game.net.client.remote_cards import RemoteTable
from game.net.client.seats import HeldSeat, SeatBook, note_seating, seat_problem_text, table_of, take_seat
from game.net.client.server_watch import ServerWatch, found_rows, found_url
from game.net.client.servers import FindsAgain, KnownServers
from game.net.client.your_tables import GONE, UNKNOWN, UNREACHABLE, TableNews, TableWatch
from game.net.codes import CodeError, make_code, parse_code
from game.net.discovery import Browser
from game.replay import store as replay_store
from game.screens.network_draw import draw_lobby, kind_text, seat_kinds
from game.screens.network_quit import AskBeforeQuit
from game.screens.table_words import other_names, over_words, table_state
from game.ui import draw
from game.ui.gui import make_manager
from game.ui.theme import SIZES
from game.ui.wake import post_wake
from game.ui.widgets import Button, FocusGroup, Pressable, first_taker

ROOMS = ("artischocken", "cactus")
MIN_SEATS, MAX_SEATS = 2, 4


def typical_problem() -> str:
    """Words as long as the longest usual problem of a server, in the player's language: the room the host card
    keeps for them below the server's choice."""
    return t("net.problem.server", detail=LONG_DETAIL)


#: What a server that could not be started or refused may say, at its usual longest.
LONG_DETAIL = "no table server answers at ws://192.168.100.200:8765 (connection refused)"
#: The found tables listed at most.
MAX_FOUND = 4
#: Height and step of a row of "Your tables" and of the found list; height of a section's title.
ROW_H, ROW_STEP, SECTION_H = 36, 42, 30


@dataclass
class TableRow:
    """A table of "Your tables": its key in the seat book, what it is, how it stands, its button, and for a
    table that is over the small button that dismisses it."""

    key: str
    title: str
    state: str
    kind: str  # "turn" (yours), "info", "error" (cannot be reached), "wait" or "over"
    button: Button
    dismiss: Button | None = None


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
    #: Its key in the seat book.
    key: str = ""


class FieldFocus(Pressable):
    """The code field as an item of the focus group (activating it puts the text cursor in)."""

    def __init__(self, scene: NetworkScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.hovered = self.pressed = self.focused = False

    def activate(self) -> None:
        entry, manager = self.scene.code_entry, self.scene.manager
        if entry is not None and manager is not None:
            manager.set_focus_set(entry)  # through the manager, which else keeps an old focus and drops a click


class NetworkScene(BaseScene):
    """The lobby (see the module text). ``server_command``: how to start a server here (tests);
    ``discover``: browse and advertise on the network (off in tests that must not touch it)."""

    def __init__(self, *, server_command: list[str] | None = None, data: Path | None = None,
                 discover: bool = True, seats_file: Path | None = None) -> None:
        self.server_command = server_command
        self.seats_file = seats_file
        self.seat_book: SeatBook | None = None  # read when the lobby opens (the user folder's held seats)
        #: Card tables opened from here (address, server id, table): one found gone when the lobby is back is
        #: forgotten.
        self.opened: list[tuple[str, str | None, RemoteTable]] = []
        #: The servers that answer hello now, and where (asked in a thread of its own).
        self.servers: ServerWatch | None = None
        self.known: KnownServers | None = None
        self.servers_seen = -1
        #: The program's own server's id, once it answered hello (else as last written down).
        self.home_id: str | None = None
        self.data = data
        self.discover = discover
        self.room = "artischocken"
        self.kinds = ["remote", "remote"]  # seat 0 is the host's own
        self.server_here = True
        self._pending_create = False  # a create waits for the server started here
        self.hosted: Hosted | None = None
        self.hosting: tuple[Seating, str] | None = None  # a create on its way, and the code's address
        self.joining: tuple[Seating, Connection] | None = None  # a seat being taken
        self.host_status: tuple[str, str] | None = None  # (text, kind): kind "info" or "error"
        self.join_status: tuple[str, str] | None = None
        #: The code typed when the join card's message was said: a message about another code no longer holds.
        self.status_code: str | None = None
        #: The hosted table's news as its server last told them (table, news), and whether it answers now: the host
        #: card says what Your tables says, and keeps what is known while the server does not answer.
        self.hosted_seen: tuple[str, TableNews] | None = None
        self.hosted_quiet = False
        #: A row of "Your tables" clicked while the program's own server was starting again: taken once it runs.
        self.pending_take: str | None = None
        #: The address of a server said not to answer, and those words: withdrawn once it answers hello again.
        self.down: tuple[str, str] | None = None
        self.browser: Browser | None = None
        self.watch: TableWatch | None = None
        self.tables: list[TableRow] = []
        self.tables_top = 0
        self.news_seen = -1
        self.lists_shown: tuple[list[tuple[str, str, str, str]], list[tuple[str, str]]] = ([], [])
        #: The name dialog is open (the first time the lobby opens, or hosting without a name).
        self.asking_name = False
        self.name_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.name_text = ""  # typed so far (kept when the window changes size)
        self.name_card = pygame.Rect(0, 0, 0, 0)
        self.name_button = Button(lambda: t("common.ok"), self.keep_name, style="primary")
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
        self.server_button = Button(self._server_text, self.toggle_server, text_size=SIZES.text_small)
        self.host_button = Button(lambda: t("net.host.start"), self.host, style="primary")
        self.open_button = Button(lambda: t("net.host.open"), self.open_hosted, style="primary")
        self.new_button = Button(lambda: t("net.host.new"), self.host_another)
        self.join_button = Button(lambda: t("net.join.go"), self.join_typed, style="green")
        self.back_button = Button(lambda: t("common.back"), self.leave, style="ghost")
        self.found_buttons: list[tuple[str, Button]] = []  # (code, button)

    # -- life ------------------------------------------------------------------------------------------------
    @property
    def server(self) -> HomeServer | None:
        """The program's own server (it outlives the lobby), once started or found."""
        return program_server(self.app) if hasattr(self, "app") else None

    def on_enter(self) -> None:
        self._book()
        if self.discover and self.browser is None:
            self.browser = Browser(wake=post_wake)  # a server heard or gone is drawn at once, the window idle
        if self.watch is None:
            self.watch = TableWatch(wake=post_wake)
        if self.known is None:
            self.known = KnownServers()
        if self.servers is None:
            self.servers = ServerWatch(known=self.known, wake=post_wake)
        self.home_id = self.home_id or saved_id()
        self._watch_book()
        if self.server is None and self.server_command is None:  # a server kept running by an earlier run
            kept = HomeServer.find_kept(self.data, name=settings.current().player_name if self.discover else "")
            if kept is not None:
                set_program_server(self.app, kept)
                self._ask_before_quit()
        self._serve_own_tables()
        if not settings.current().player_name and not self.asking_name:
            self.ask_name()

    def _serve_own_tables(self) -> None:
        """The host is back after the program's server ended (quit with "End it", a restart): when "Your tables"
        holds a table of that server, it is started again on its port, so its saved tables are served under the
        same codes and the seats held there can be taken back."""
        if not any(self._own(held) for held in self._book().seats.values()):
            return
        server = self.server
        if server is not None:
            # killed or crashed: its tables are needed, so it serves again, unless the same server (its id) answers
            # on another port already (started by hand, say): a second process on one data folder splits a game
            if server.down and self._own_elsewhere() is None:
                server.revive()
            return
        if saved_port():
            server = HomeServer(self.data, name=settings.current().player_name if self.discover else "",
                                command=self.server_command)
            set_program_server(self.app, server)
            self._ask_before_quit()

    def _own_elsewhere(self) -> str | None:
        """Where the program's own server (by its id) answers on another port than the one the program started it
        on: it came back there (a hand-started ``serve``, say), so it is the one that serves its tables."""
        own, servers, home = self.home_id or saved_id(), self.servers, self._home_url()
        if own is None or servers is None:
            return None
        where = servers.where(own)
        if where is None or (home is not None and _port_of(where) == _port_of(home)):
            return None
        return where

    def _own(self, held: HeldSeat) -> bool:
        """The seat is at a table of the program's own server."""
        own, port = self.home_id or saved_id(), saved_port()
        return (own is not None and held.server == own) or (
            bool(port) and _port_of(held.url) == port and _host_of(held.url) in {"127.0.0.1", "localhost",
                                                                                 lan_address()})

    def _ask_before_quit(self) -> None:
        if not any(isinstance(check, AskBeforeQuit) for check in self.app.quit_checks):
            self.app.quit_checks.append(AskBeforeQuit(self.app, self.seats_file))

    def on_exit(self) -> None:
        """The lobby goes: its look-outs and connections with it (the program's server serves on)."""
        for closer in (self.browser, self.watch, self.servers):
            if closer is not None:
                closer.close()
        self.browser = None
        self.watch = None
        self.servers = None
        if self.joining is not None:
            self.joining[1].close()
            self.joining = None
        if self.hosting is not None:
            self.hosting[0].link.close()
            self.hosting = None

    def leave(self) -> None:
        self.app.pop()

    def typing(self) -> bool:
        return self._typing() is not None

    # -- the player's name ------------------------------------------------------------------------------------
    def ask_name(self) -> None:
        self.asking_name = True
        self.name_text = ""
        self.layout(self.size)

    def keep_name(self) -> None:
        """The name typed (OK or Enter), kept in the settings; an empty field keeps the dialog open."""
        name = settings.clean_name(self.name_entry.get_text() if self.name_entry is not None else "")
        if not name:
            if self.manager is not None and self.name_entry is not None:
                self.manager.set_focus_set(self.name_entry)  # still to be typed
            return
        settings.change("player_name", name)
        self.asking_name = False
        self.layout(self.size)

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

    def _server_text(self) -> str:
        if not self.server_here:
            return t("net.host.server_running")
        server = self.server
        running = server is not None and server.status == "running"
        return t("net.host.server_ours" if running else "net.host.server_here")

    def _hosted_news(self) -> TableNews | None:
        hosted, seen = self.hosted, self.hosted_seen
        return seen[1] if hosted is not None and seen is not None and seen[0] == hosted.table else None

    def _follow_hosted(self) -> None:
        """The hosted table as Your tables sees it: its last news kept, whether its server answers, and its code
        and address where the server answers now (it may have come back on another port)."""
        hosted = self.hosted
        held = self._book().seats.get(hosted.key) if hosted is not None else None
        if hosted is None or held is None:
            self.hosted_quiet = False
            return
        said = self._news_of(held, hosted.key)
        if isinstance(said, TableNews):
            self.hosted_seen = (hosted.table, said)
        self.hosted_quiet = said == UNREACHABLE
        url = self._url_for(held)
        hello = self.servers.alive(url) if self.servers is not None else None
        if hello is None:
            return
        with contextlib.suppress(CodeError):
            at = parse_code(f"{hello.addresses[0] if hello.addresses else url}/{hosted.table}")
            code = make_code(at.host, at.port, hosted.table)
            if code != hosted.code or url != hosted.url:
                self.hosted = replace(hosted, code=code, url=url)

    def host_words(self) -> str:
        """The host card's line under the seats, from the same table news as Your tables: who won once it is
        over, that its server does not answer, else who is still to come."""
        hosted = self.hosted
        if hosted is None:
            return ""
        held = self._book().seats.get(hosted.key)
        news = self._hosted_news()
        if self._hosted_over():
            result = held.result if held is not None and held.result is not None else (
                news.result if news is not None else None)
            return t("net.host.over", result=over_words(result or {}, hosted.seat))
        if held is None:  # gone from its server, or the seat given up: the seats said last are no longer true
            return t("net.host.no_seat")
        if self.hosted_quiet:
            return t("net.host.no_answer")
        n = self.seats_free()
        free = ("net.host.free_taken" if n == 0 < hosted.free else "net.host.free_none" if n == 0
                else "net.host.free_one" if n == 1 else "net.host.free_many")
        return t(free, n=n)

    def _hosted_over(self) -> bool:
        hosted = self.hosted
        held = self._book().seats.get(hosted.key) if hosted is not None else None
        news = self._hosted_news()
        return (held is not None and held.over) or (news is not None and news.over)

    def host_can_open(self) -> bool:
        """The host card offers "Open the table": the host still holds the seat and the game is not over."""
        hosted = self.hosted
        return hosted is not None and hosted.key in self._book().seats and not self._hosted_over()

    def host_buttons(self) -> list[Button]:
        return [self.open_button, self.new_button] if self.host_can_open() else [self.new_button]

    def seat_names(self) -> dict[int, str]:
        """The names of the hosted table's seats, as its server last said them (none before it answered)."""
        said = self._hosted_news()
        return {s.seat: s.name for s in said.seats if s.name} if said is not None else {}

    def seats_free(self) -> int:
        """The hosted table's seats for the others that nobody sat down at yet (as set, until its server said
        otherwise); the host's own seat, kept for the host, is not one of them."""
        hosted = self.hosted
        said = self._hosted_news()
        if said is None or hosted is None:
            return hosted.free if hosted is not None else 0
        return sum(1 for s in said.seats if s.state == "waiting" and s.seat != hosted.seat)

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
        if not settings.current().player_name:
            self.ask_name()
            return
        elsewhere = self._own_elsewhere() if self.server_here else None
        if elsewhere is not None:  # the program's own server (its id) serves its data folder on another port already
            self._create(elsewhere, _host_of(elsewhere), _port_of(elsewhere))
            return
        if self.server_here:
            server = self.server
            if server is None or server.status in ("failed", "stopped"):
                # the server announces its open tables under the player's name (not where discovery is off)
                server = HomeServer(self.data, name=settings.current().player_name if self.discover else "",
                                    command=self.server_command)
                set_program_server(self.app, server)
            self._ask_before_quit()
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
        # no seed: the server draws its own, so that nobody, the host neither, can know the deal
        self.hosting = (Seating.host(link, self.room, kinds, name=settings.current().player_name, sit=False,
                                     player=player_id(), greet=True), f"{host}:{port}")
        self.host_status = (t("net.host.creating"), "info")

    def _hosting_step(self) -> None:
        server = self.server
        if server is not None:
            server.step()
        if self.pending_take is not None and server is not None and server.status != "starting":
            key, self.pending_take = self.pending_take, None
            if self.join_status is not None and self.join_status[1] == "info":
                self.join_status = None
            self._take_now(key)  # not running after all: the join says so in plain words
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
            self.host_status = (self._problem_words(seating, seating.link.url
                                                    if isinstance(seating.link, Connection) else ""), "error")
            return
        assert seating.table is not None and seating.seat is not None
        host, _, port = address.rpartition(":")
        code = make_code(host.strip("[]"), int(port), seating.table)
        hello = seating.hello
        if hello is not None and hello.addresses:  # where the server says others reach it, never 0.0.0.0
            with contextlib.suppress(CodeError):
                said = parse_code(f"{hello.addresses[0]}/{seating.table}")
                code = make_code(said.host, said.port, seating.table)
        url = seating.link.url if isinstance(seating.link, Connection) else ""
        server_id = hello.server if hello is not None else None
        self._note_hello(seating, url)
        book = self._book()
        book.keep(url or parse_code(code).url, seating.table, seating.seat, seating.tokens[seating.seat], self.room,
                  server_id)
        key = book.key_of(url or parse_code(code).url, seating.table, server_id) or ""
        self.hosted = Hosted(self.room, url, code, seating.table, seating.seat, seating.tokens[seating.seat],
                             list(self.kinds), seating.free_seats, key)
        seating.link.close()  # the host's seat is kept for the host: "Open the table" joins it with its token
        self.host_status = None
        self._watch_book()
        self.layout(self.size)
        if self.focus.index is not None:  # the host card's buttons changed: the focus goes to its next step
            self.focus.focus(0)

    def open_hosted(self) -> None:
        """The host takes their seat at the table just set."""
        hosted = self.hosted
        if hosted is None or self.joining is not None or not self.host_can_open():
            return
        link = Connection(hosted.url)
        seating = Seating.rejoin(link, hosted.room, hosted.table, hosted.seat, hosted.token, hosted.kinds,
                                 name=settings.current().player_name, player=player_id(), greet=True)
        self.joining = (seating, link)
        self.host_status = (t("net.join.joining"), "info")

    def host_another(self) -> None:
        """A new table to set; the one set stays under "Your tables"."""
        self.hosted = None
        self.host_status = None
        self.layout(self.size)
        if self.focus.index is not None:
            self.focus.focus(0)

    # -- join ------------------------------------------------------------------------------------------------
    def join_typed(self) -> None:
        self._keep_texts()
        self.join_code(self.code_text)

    def join_code(self, text: str, room: str | None = None) -> None:
        """Take back the seat held at the table of code ``text``, or else a free one (a message on the join card
        when the code cannot be read)."""
        if self.joining is not None:
            return
        self.status_code = self.code_text
        try:
            code = parse_code(text)
        except CodeError as exc:
            self.join_status = (t(f"net.code.{exc.reason}"), "error")
            return
        self._take(code.url, code.table, room or "artischocken")

    def _take(self, url: str, table: str, room: str) -> None:
        link = Connection(url)
        # the room is told by the server's state; a code typed by hand is a card table until the state says so
        self.joining = (take_seat(self._book(), link, url, room, table, settings.current().player_name,
                                  player_id()), link)
        self.join_status = (t("net.connecting", url=url.removeprefix("ws://")), "info")

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
        self._note_hello(seating, url)
        note_seating(self._book(), url, seating)
        self._watch_book()
        if self.join_status is not None and self.join_status[1] == "info":
            self.join_status = None  # "Connecting to ..." no longer holds, whichever card the seating was for
        if seating.phase == "failed":
            link.close()
            if seating.problem == "bad_token" and url and seating.table is not None:
                # the seat held no longer takes its token (the server's table was made anew): claim a free one
                fresh = Connection(url)
                self.joining = (Seating.join(fresh, seating.room, seating.table, name=seating.name,
                                             player=seating.player), fresh)
                return
            self._set_status(seating, (self._problem_words(seating, url), "error"))
            return
        # a table whose creator chose the seed: said where the player comes back to
        self._set_status(seating, (t("net.seeded.note"), "info") if seating.seeded else None)
        self._open_table(seating)

    def _problem_words(self, seating: Seating, url: str) -> str:
        """Why the seating failed, in plain words; a server that does not answer is remembered, so the words go
        once it answers again."""
        if seating.problem != "unreachable":
            return _problem_text(seating.problem, seating.detail)
        home = self._home_url()
        own = bool(url) and (url.rstrip("/") == (home or "").rstrip("/") or (
            _port_of(url) == saved_port() and _host_of(url) in {"127.0.0.1", "localhost", lan_address()}))
        words = t("net.problem.own_down") if own or not url else t(
            "net.problem.no_answer", address=url.removeprefix("ws://").removeprefix("wss://").rstrip("/"))
        if url:
            self.down = (url.rstrip("/"), words)
            if self.servers is not None:
                self.servers.forget(url)  # an answer from before it went down does not withdraw the words
        return words

    def _withdraw_down(self) -> None:
        """The server said not to answer answers hello again: the words saying so no longer hold."""
        if self.down is None or self.servers is None or self.servers.alive(self.down[0]) is None:
            return
        words = self.down[1]
        self.down = None
        if self.join_status is not None and self.join_status[0] == words:
            self.join_status = None
        if self.host_status is not None and self.host_status[0] == words:
            self.host_status = None

    def _set_status(self, seating: Seating, status: tuple[str, str] | None) -> None:
        if self.hosted is not None and seating.table == self.hosted.table:
            self.host_status = status
        else:
            self.join_status = status

    def _open_table(self, seating: Seating) -> None:
        room, link = seating.room, seating.link
        module = rooms.room_module(room)
        hosted = self.hosted
        url = parse_code(hosted.code).url if hosted is not None and hosted.table == seating.table else (
            link.url if isinstance(link, Connection) else "")
        server = seating.hello.server if seating.hello is not None else None
        # giving the seat up at the table (confirmed by the server) lets it go from the book too
        on_resign = partial(self._book().forget, url, seating.table or "", server)
        for watch in (self.watch, self.servers):
            if watch is not None:
                watch.active = False  # no asking while the table is open; on_enter looks again
        if server is not None and isinstance(link, Connection):  # its server back elsewhere is found by its id
            link.find = FindsAgain(server, self.places, known=self.known)
        if room == "artischocken" and module is not None and seating.remote is not None:
            self.opened.append((url, server, seating.remote))
            self.app.push(module.remote_table_scene(seating.remote, on_resign=on_resign, seeded=seating.seeded))
            return
        factory = getattr(module, "remote_play_scene", None) if module is not None else None
        if factory is None:
            link.close()
            self._set_status(seating, (t("net.cactus_soon"), "info"))
            return
        if isinstance(link, Connection) and seating.leftover:
            link.unread(seating.leftover)  # what came after "joined" is the room scene's to read
        self.app.push(factory(link, seating.seat, seating.table, on_resign=on_resign, seeded=seating.seeded))

    # -- layout ----------------------------------------------------------------------------------------------
    def _keep_texts(self) -> None:
        if self.code_entry is not None:
            self.code_text = self.code_entry.get_text()
        if self.address_entry is not None:
            self.address_text = self.address_entry.get_text()
        if self.name_entry is not None:
            self.name_text = self.name_entry.get_text()

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
        self._layout_name()
        self._focus_items()

    def _layout_name(self) -> None:
        """The name dialog (over everything, the other fields off while it is open)."""
        self.name_entry = None
        if not self.asking_name:
            return
        assert self.manager is not None
        w, h = self.size
        self.name_card = pygame.Rect(0, 0, min(560, w - 40), 250)
        self.name_card.center = (w // 2, h // 2)
        card = self.name_card
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(card.x + 32, card.y + 120, card.width - 64, 44), manager=self.manager)
        self.name_entry.set_text_length_limit(settings.MAX_NAME)
        self.name_entry.set_text(self.name_text or settings.current().player_name or default_name())
        self.manager.set_focus_set(self.name_entry)
        for entry in (self.code_entry, self.address_entry):
            if entry is not None:  # under the dialog: no field takes a click or a key (the texts are kept)
                entry.kill()
        self.code_entry = self.address_entry = None
        self.name_button.rect = pygame.Rect(card.right - 32 - 160, card.bottom - 24 - SIZES.button_height, 160,
                                            SIZES.button_height)

    def _focus_items(self) -> None:
        items: list[Pressable] = []
        if self.asking_name:
            self.focus.set_items([self.name_button], columns=1)  # type: ignore[list-item]
            return
        if self.hosted is None:
            items += [self.room_button, *self.seat_buttons[1:len(self.kinds)], self.add_button, self.remove_button,
                      self.server_button, self.host_button]
        else:
            items += self.host_buttons()
        items += [self.field, self.join_button, *self._row_buttons(),
                  *(b for _, b in self.found_buttons), self.back_button]
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
        status = draw.text_height(typical_problem(), inner, size=SIZES.text_small) + 16  # room for why it failed
        free = card.bottom - 24 - SIZES.button_height - y - status
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
        lowest = y + row + 10  # just below the seats' buttons
        y = max(lowest, card.y + 64 + row + 40 + MAX_SEATS * (row + 4) + row + 10)  # below the most seats
        y = max(lowest, min(y, card.bottom - 24 - SIZES.button_height - status - (row + 4)))  # a status fits below
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
        self.tables_top = y + 44 + 64
        self._layout_lists()

    def _layout_lists(self) -> None:
        """"Your tables", then the found list below it: every table held gets a row as long as one is left for a
        found table."""
        card = self.join_card
        x, inner = card.x + 24, card.width - 48
        rows = max(2, (card.bottom - 16 - self.tables_top - 2 * SECTION_H) // ROW_STEP)
        entries = self.table_entries()
        mine = min(len(entries), rows - 1)
        old = {row.key: row.button for row in self.tables}
        y = self.tables_top + SECTION_H
        old_dismiss = {row.key: row.dismiss for row in self.tables if row.dismiss is not None}
        self.tables = []
        for key, title, state, kind in entries[:mine]:
            button = old.get(key) or Button("", partial(self._take_held, key), text_size=SIZES.text_small)
            dismiss = None
            if kind == "over":  # a small cross of its own at the row's end: the row's click loses nothing
                dismiss = old_dismiss.get(key) or Button("×", partial(self.dismiss, key), style="ghost",
                                                         text_size=SIZES.text_small)
                dismiss.rect = pygame.Rect(x + inner - ROW_H, y, ROW_H, ROW_H)
                button.rect = pygame.Rect(x, y, inner - ROW_H - 6, ROW_H)
            else:
                button.rect = pygame.Rect(x, y, inner, ROW_H)
            self.tables.append(TableRow(key, title, state, kind, button, dismiss))
            y += ROW_STEP
        self.found_top = y + (14 if self.tables else ROW_STEP + 6)
        old_found = {code: button for code, button in self.found_buttons}
        self.found_buttons = []
        y = self.found_top + SECTION_H
        for code, label in self._found_entries():
            if y + ROW_H > card.bottom - 12 or len(self.found_buttons) >= MAX_FOUND:
                break
            button = old_found.get(code) or Button(label, partial(self._join_found, code),
                                                   text_size=SIZES.text_small)
            button.label = label
            button.rect = pygame.Rect(x, y, inner, ROW_H)
            self.found_buttons.append((code, button))
            y += ROW_STEP

    def _found_entries(self) -> list[tuple[str, str]]:
        """The open tables of the servers on this network that answer hello (one row per server), but those this
        player holds a seat at (they are under "Your tables"); the program's own server's are the player's."""
        if self.browser is None or self.servers is None:
            return []
        held = {(held.server, table_of(key)) for key, held in self._book().seats.items()}
        out = []
        for row in found_rows(self.browser.found(), self.servers, self.home_id):
            address = parse_code(f"{row.url}/x")
            for table in row.tables:
                if table.free <= 0 or (row.server, table.table.upper()) in held:
                    continue
                code = make_code(address.host, address.port, table.table)
                words = "net.found.entry_one" if table.free == 1 else "net.found.entry_many"
                host = t("net.found.yours") if row.own else row.name
                label = t(words, host=host, room=t(f"launcher.{table.room}.name"), free=table.free)
                out.append((code, t("net.seeded.entry", entry=label) if table.seeded else label))
        return out

    # -- servers by their id ----------------------------------------------------------------------------------
    def _url_for(self, held: HeldSeat) -> str:
        """Where the server of a held seat answers now: found again by its id, else where it was last reached."""
        home = self._home_url()
        if home and held.server is not None and held.server == self.home_id:
            return self._own_elsewhere() or home
        if held.server and self.servers is not None:
            found = self.servers.where(held.server)
            if found is not None:
                return found
        return held.url

    def _home_url(self) -> str | None:
        server = self.server
        return server.url if server is not None else None

    def _look(self) -> None:
        if self.servers is not None:
            self.servers.look(self.places())

    def places(self) -> list[str]:
        """Every address worth a hello: the found servers', the program's own, and for each table held, where it
        was last reached and the addresses its server last said (a table's connection asks them too, from its
        thread, when its server is no longer where it was)."""
        # every server heard, not only those with a free seat: a server back on another port whose tables are all
        # taken is where the player's seats are
        urls = [found_url(found) for found in (self.browser.heard() if self.browser is not None else [])]
        home = self._home_url()
        urls += [home] if home else []
        urls += [self.down[0]] if self.down is not None else []
        for held in list(self._book().seats.values()):
            urls.append(held.url)
            if held.server and self.known is not None:
                urls += self.known.addresses(held.server)
        return urls

    def _follow_servers(self) -> None:
        """The servers answered (or stopped): the program's own server's id learnt, entries kept under an
        address moved under the id that answers there, and each entry's server asked where it answers now."""
        servers = self.servers
        if servers is None:
            return
        home = self._home_url()
        said = servers.alive(home) if home else None
        if said is not None and said.server != self.home_id:
            self.home_id = said.server
            if self.server is not None:
                self.server.note_id(said.server)
        book = self._book()
        for held in list(book.seats.values()):
            if held.server is None and held.url and (answer := servers.alive(held.url)) is not None:
                book.adopt(held.url, answer.server)
        for key, held in list(book.seats.items()):
            url = self._url_for(held)
            if url != held.url:
                book.reached(key, url)  # asked there first next time
        self._watch_book()

    def _note_hello(self, seating: Seating, url: str) -> None:
        if seating.hello is not None and self.known is not None:
            self.known.note(seating.hello, url or None)

    # -- your tables ------------------------------------------------------------------------------------------
    def _watch_book(self) -> None:
        self._look()
        if self.watch is not None:
            book = self._book()
            self.watch.watch([(self._url_for(held), table_of(key)) for key, held in book.seats.items()])
            self.watch.want_replays({(self._url_for(held), table_of(key)) for key, held in book.seats.items()
                                     if not held.replay})

    def _news_of(self, held: HeldSeat, key: str) -> TableNews | str | None:
        return self.watch.news().get((self._url_for(held), table_of(key))) if self.watch is not None else None

    def table_entries(self) -> list[tuple[str, str, str, str]]:
        """(key, title, state, kind) of each table of the book, the latest taken first."""
        book = self._book()
        out = []
        for key, held in sorted(book.seats.items(), key=lambda item: item[1].joined, reverse=True):
            said = self._news_of(held, key)
            room = said.room if isinstance(said, TableNews) else held.room or "artischocken"
            title = t(f"launcher.{room}.name") if room in ("artischocken", "cactus") else room
            state, kind = t("net.yours.asking"), "info"
            if held.over and held.result is not None:
                names = [str(s.get("name")) for s in held.result.get("seats", [])
                         if s.get("seat") != held.seat and s.get("name")]
                if names:
                    title = t("net.yours.with", game=title, names=", ".join(names))
                state, kind = over_words(held.result, held.seat), "over"
            else:
                others = other_names(said, held.seat) if isinstance(said, TableNews) else held.others
                if others:  # while its server does not answer: the names it said last
                    title = t("net.yours.with", game=title, names=", ".join(others))
                if isinstance(said, TableNews):
                    state, kind = table_state(said, held.seat)
                    if said.seeded:
                        state = t("net.seeded.entry", entry=state)
                elif said == UNREACHABLE:
                    state, kind = t("net.yours.unreachable"), "error"
                elif said == UNKNOWN:
                    state = t("net.yours.unknown")
            out.append((key, title, state, kind))
        return out

    def _note_over(self) -> None:
        """Tables the servers say are over keep their result (listed until dismissed); tables gone that were
        not over leave the book; each table keeps the other seats' names as its server said them last."""
        if self.watch is None:
            return
        book = self._book()
        for key, held in list(book.seats.items()):
            said = self._news_of(held, key)
            if said == GONE and not held.over:
                book.drop(key)
            elif isinstance(said, TableNews):
                book.heard(key, other_names(said, held.seat))
                if said.over:
                    book.finish(key, said.result or {"winners": [], "seats": []})

    def _keep_replays(self) -> None:
        """Replays fetched of tables over: written once into the Replays list, under a name of their own."""
        if self.watch is None:
            return
        got = self.watch.replays()
        if not got:
            return
        book = self._book()
        for key, held in list(book.seats.items()):
            replay = got.get((self._url_for(held), table_of(key)))
            if replay is None or held.replay:
                continue
            name = replay_name(held, table_of(key))
            try:
                replay_store.write(replay, name=name)
            except OSError:
                continue  # asked again next time
            book.replay_written(key, name)
        self._watch_book()

    def dismiss(self, key: str) -> None:
        """The player is done with a finished table: it leaves "Your tables"."""
        self._book().drop(key)
        self._watch_book()
        self._layout_lists()
        self._focus_items()

    def _take_held(self, key: str) -> None:
        """Back to a table of "Your tables": the seat taken back with its token, the table opened (a finished
        one: who won is said, nothing is lost)."""
        held = self._book().seats.get(key)
        if held is None or self.joining is not None:
            return
        self.status_code = self.code_text
        if held.over:
            words = "net.yours.over_note_replay" if held.replay else "net.yours.over_note"
            self.join_status = (t(words, result=over_words(held.result or {}, held.seat)), "info")
            return
        if self._own(held):
            self._serve_own_tables()  # the program's own server went down: started again, the seat taken then
            server = self.server
            if server is not None and server.status == "starting":
                self.pending_take = key
                self.join_status = (t("net.host.starting"), "info")
                return
        self._take_now(key)

    def _take_now(self, key: str) -> None:
        held = self._book().seats.get(key)
        if held is not None and self.joining is None:
            self._take(self._url_for(held), table_of(key), held.room or "artischocken")

    def _join_found(self, code: str) -> None:
        room = None
        for server in self.browser.found() if self.browser else []:
            address = parse_code(f"{found_url(server)}/x")
            for table in server.tables:
                if make_code(address.host, address.port, table.table) == code:
                    room = table.room
        self.join_code(code, room)

    # -- events and frames ------------------------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        if self.asking_name:
            return [self.name_button]
        if self.hosted is not None:
            host = self.host_buttons()
        else:
            host = [self.room_button, *self.seat_buttons[:len(self.kinds)], self.add_button, self.remove_button,
                    self.server_button, self.host_button]
        return [*host, self.join_button, *self._row_buttons(), *(b for _, b in self.found_buttons),
                self.back_button]

    def _row_buttons(self) -> list[Button]:
        return [b for row in self.tables for b in (row.button, row.dismiss) if b is not None]

    def _typing(self) -> pygame_gui.elements.UITextEntryLine | None:
        return next((e for e in (self.name_entry, self.code_entry, self.address_entry)
                     if e is not None and e.is_focused), None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.manager is not None:
            consumed = self.manager.process_events(event)
            typing = self._typing()
            if consumed or (typing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)):
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and typing:
                    self.manager.set_focus_set(None)  # the manager forgets it too: a click focuses it again
                    if typing is self.code_entry:
                        self.join_typed()
                    elif typing is self.name_entry:
                        self.keep_name()
                return
        if self.asking_name:  # the name dialog is modal
            first_taker([self.focus, self.name_button], event)
            return
        if first_taker([self.focus], event):
            return
        first_taker(self._buttons(), event)

    def _forget_finished(self) -> None:
        """Back in the lobby: a card table that is gone holds no seat worth keeping (one that is over stays, with
        its result, until dismissed)."""
        for url, server, remote in self.opened:
            if remote.ended is not None and remote.ended != "table_over" and not remote.session.is_over:
                self._book().forget(url, remote.table_id, server)
        self.opened = []

    def update(self, dt: float) -> None:
        if self.opened and self.app.scene is self:
            self._forget_finished()
        if self.manager is not None:
            self.manager.update(dt)
        for button in self._buttons():
            button.update(dt)
        self._hosting_step()
        self._joining_step()
        self._keep_texts()
        if self.join_status is not None and self.join_status[1] == "error" and self.status_code is not None \
                and self.code_text != self.status_code:
            self.join_status = self.status_code = None  # said of another code: no longer true
        self._look()  # the network may have heard of another server since
        self._withdraw_down()
        self._follow_hosted()
        if self.servers is not None and self.servers.version != self.servers_seen:
            self.servers_seen = self.servers.version
            self._follow_servers()
        if self.watch is not None and self.watch.version != self.news_seen:
            self.news_seen = self.watch.version
            self._note_over()
            self._keep_replays()
            self._watch_book()
        lists = (self.table_entries(), self._found_entries())
        if lists != self.lists_shown:  # read on every frame, idle ones too
            self.lists_shown = lists
            self._layout_lists()
            self._focus_items()

    def still(self) -> bool:
        """Nothing moves: no button flash, no cursor blinking, nothing on its way, no list being looked for."""
        if self._pending_create or self.hosting is not None or self.joining is not None or self.pending_take:
            return False
        server = self.server
        if server is not None and server.status == "starting":
            return False
        return all(b.still() for b in self._buttons()) and self._typing() is None

    def draw(self, surface: pygame.Surface) -> None:
        draw_lobby(surface, self)
        if self.manager is not None:
            self.manager.draw_ui(surface)


def _host_of(url: str) -> str:
    """The host of a server address (``ws://HOST:PORT``)."""
    return url.removeprefix("ws://").rpartition(":")[0].strip("[]")


def _port_of(url: str) -> int:
    port = url.rpartition(":")[2]
    return int(port) if port.isascii() and port.isdigit() else 0


def replay_name(held: HeldSeat, table: str) -> str:
    """The file name (without .json) of a remote table's replay in the Replays list: one per table held, so it
    is written once (its time stamp: when the seat was taken)."""
    stamp = "".join(ch for ch in held.joined[:19] if ch.isdigit())
    stamp = f"{stamp[:8]}-{stamp[8:14]}" if len(stamp) >= 14 else "remote"
    safe = "".join(ch for ch in table if ch.isalnum() or ch in "-_")
    return f"{stamp}-{held.room or 'table'}-{safe}"


def default_name() -> str:
    """The name offered the first time: the login name, cleaned (capitalised), else a plain word."""
    try:
        login = getpass.getuser()
    except (OSError, KeyError, ImportError):  # no login name to be had (a service account, a container)
        login = ""
    name = settings.clean_name(login.replace(".", " ").replace("_", " "))
    return name[:1].upper() + name[1:] if name else t("net.name.default")


def _problem_text(problem: str | None, detail: str) -> str:
    if problem in ("full", "no_table", "ended", "lost", "already_seated"):
        return t(f"net.problem.{problem}")
    return t("net.problem.refused", detail=detail or "?")

__all__ = ["Hosted", "NetworkScene"]
