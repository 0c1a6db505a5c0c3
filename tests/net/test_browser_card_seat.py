"""A seat of a card table in a real browser (docs/remote-play.md, "A seat in the browser"): headless Chromium opens
the table's link on a real ``serve``, asks the name once, sits down by the code over the websocket wire, and plays
a whole game against the table's bot, and one against a seat of the program's own client, by clicking the buttons
of the region "Your move"; a spectators' link shows nobody's hand; a reload mid-game and a
tab opened again take the same seat back; a path outside the page is refused; the page breaks no rule of its
Content-Security-Policy."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.net.client.connection import Connection
from game.net.client.remote_cards import RemoteTable

from .browser import browser, server
from .netserver import Client, ServerProcess, create
from .test_client import free_port

__all__ = ["browser", "server"]  # the fixtures, used by name

pytestmark = pytest.mark.slow
#: The longest any one step of the page may take before the test gives up (a bound, not a measure).
STEP_MS = 20_000


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A browser profile of the test's own (its own storage), in English."""
    made = browser.new_context(locale="en-GB", viewport={"width": 1100, "height": 900})
    yield made
    made.close()


def base(server: ServerProcess) -> str:
    return "http://" + server.url.removeprefix("ws://")


def new_table(server: ServerProcess, **options: Any) -> str:
    client = Client(server.url)
    created = create(client, ["remote", "greedy"], **options)
    client.close()
    return str(created["table"])


def peek(server: ServerProcess, table: str) -> dict[str, Any]:
    client = Client(server.url)
    answer = client.ask({"type": "peek", "table": table})
    client.close()
    return answer


def open_page(context: Any, server: ServerProcess, table: str, problems: list[str], *, watch: bool = False) -> Any:
    """The table's page (``watch``: its spectators' link); what the page's console says wrong goes to ``problems``."""
    page = context.new_page()
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"{base(server)}/{'w' if watch else 't'}/{table}")
    return page


def sit_down(page: Any, name: str) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Sit down").click()


def my_move(page: Any) -> str:
    """Wait until the page asks a move of this seat or the game is over: "move" or "over"."""
    # locators, not a script: the page's policy lets no test script be evaluated in it either
    page.locator("body[data-state=over], #move button:enabled").first.wait_for(timeout=STEP_MS)
    return "over" if page.locator("body").get_attribute("data-state") == "over" else "move"


def click_a_move(page: Any) -> str:
    """Click one of the legal moves: a vegetable or a card before ending the turn. Its words."""
    buttons = page.get_by_role("region", name="Your move").get_by_role("button")
    words = [text.strip() for text in buttons.all_inner_texts()]
    assert words and all(words), words
    choice = next((i for i, text in enumerate(words) if text != "End turn"), 0)
    buttons.nth(choice).click()
    return words[choice]


def test_a_whole_card_game_is_played_by_clicking(context: Any, server: ServerProcess, tmp_path: Path) -> None:
    table = new_table(server, seed=11, round_limit=40)
    problems: list[str] = []
    page = open_page(context, server, table, problems)
    sit_down(page, "Anna")
    seen: set[str] = set()
    clicks = 0
    while my_move(page) == "move":
        if clicks == 3:
            page.screenshot(path=str(tmp_path / "move.png"))
            assert page.get_by_role("heading", name="Your hand").is_visible()
        seen.add(click_a_move(page).split(" ")[0])
        clicks += 1
        assert clicks < 2000
    over = peek(server, table)
    assert over["over"] is True and over["seats"][0]["name"] == "Anna"
    winners = over["result"]["winners"]
    verdict = page.locator("#turn").inner_text()
    assert verdict == ("You win!" if winners == [0] else "Ada wins!" if winners == [1] else
                       "No winner: the round limit was reached.") or (winners == [1] and verdict.endswith(" wins!"))
    assert {"Harvest", "Play"} <= seen
    assert page.locator("#log li").count() > 20 and page.locator("#hand li").count() >= 0
    assert problems == []


def test_a_reload_and_a_new_tab_take_the_same_seat_back(context: Any, server: ServerProcess) -> None:
    table = new_table(server, seed=5)
    problems: list[str] = []
    page = open_page(context, server, table, problems)
    sit_down(page, "Ben")
    for _ in range(4):
        assert my_move(page) == "move"
        click_a_move(page)
    assert my_move(page) == "move"
    hand = page.locator("#hand li").all_inner_texts()
    page.reload()
    assert my_move(page) == "move"  # no name asked again: the browser kept it, and the seat's token
    assert page.locator("#hand li").all_inner_texts() == hand
    assert page.locator("#seats li").first.inner_text().startswith("Ben (you)")
    page.close()
    again = open_page(context, server, table, problems)
    assert my_move(again) == "move"
    click_a_move(again)
    stands = peek(server, table)
    assert [(s["name"], s["state"]) for s in stands["seats"]][0] == ("Ben", "here")
    assert problems == []


def test_a_second_browser_gets_no_seat_at_a_full_table(browser: Any, context: Any, server: ServerProcess) -> None:
    table = new_table(server, seed=2)
    first = open_page(context, server, table, [])
    sit_down(first, "Cleo")
    my_move(first)
    other = browser.new_context(locale="en-GB")
    try:
        page = open_page(other, server, table, [])
        sit_down(page, "Dan")
        page.locator("#turn").get_by_text("Every seat of this table is taken.").wait_for(timeout=STEP_MS)
        assert page.get_by_role("region", name="Your move").get_by_role("button").count() == 0
    finally:
        other.close()


def test_the_page_speaks_german_to_a_german_browser(browser: Any, server: ServerProcess) -> None:
    table = new_table(server, seed=3)
    german = browser.new_context(locale="de-DE")
    try:
        page = open_page(german, server, table, [])
        page.get_by_label("Dein Name").fill("Dora")
        page.get_by_role("button", name="Hinsetzen").click()
        assert my_move(page) == "move"
        assert page.get_by_role("region", name="Dein Zug").get_by_role("button").first.inner_text().endswith(
            " ernten")
    finally:
        german.close()


def test_a_table_that_is_not_there_is_said_in_place_of_the_table(context: Any, server: ServerProcess) -> None:
    page = open_page(context, server, "ABCD-EFGH", [])
    sit_down(page, "Lou")
    page.locator("#turn").get_by_text("There is no table ABCD-EFGH on this server.").wait_for(timeout=STEP_MS)
    assert not page.get_by_role("heading", name="Your hand").is_visible()


def test_a_path_outside_the_page_is_refused(context: Any, server: ServerProcess) -> None:
    page = context.new_page()
    for path in ("/static/%2e%2e/web.py", "/static/..%2f..%2fserve.py", "/etc/passwd"):
        answer = page.goto(f"{base(server)}{path}")
        assert answer is not None and answer.status == 404, path
    answer = page.goto(f"{base(server)}/")
    assert answer is not None and answer.status == 200
    assert answer.headers["content-security-policy"].startswith("default-src 'self'")


def test_leaving_hands_the_seat_to_a_bot_and_sitting_down_again_takes_it_back(context: Any,
                                                                              server: ServerProcess) -> None:
    table = new_table(server, seed=8)
    problems: list[str] = []
    page = open_page(context, server, table, problems)
    sit_down(page, "Eve")
    assert my_move(page) == "move"
    page.get_by_role("button", name="Leave the table").click()
    page.get_by_text("You left the table: a bot plays your seat until you sit down again.").wait_for(timeout=STEP_MS)
    assert peek(server, table)["seats"][0]["state"] == "left"
    page.get_by_role("region", name="Your move").get_by_role("button", name="Sit down again").click()
    assert my_move(page) in ("move", "over")
    assert peek(server, table)["seats"][0]["state"] == "here"
    assert problems == []


def test_giving_the_seat_up_is_asked_first_and_then_is_for_good(context: Any, server: ServerProcess) -> None:
    table = new_table(server, seed=9)
    problems: list[str] = []
    page = open_page(context, server, table, problems)
    sit_down(page, "Eve")
    assert my_move(page) == "move"
    page.get_by_role("button", name="Give up my seat").click()
    page.get_by_role("dialog").get_by_role("button", name="Keep my seat").click()  # the safe answer: nothing
    assert peek(server, table)["seats"][0]["state"] == "here"
    page.get_by_role("button", name="Give up my seat").click()
    page.get_by_role("dialog").get_by_role("button", name="Give it up").click()
    page.get_by_text("You gave up this seat.").first.wait_for(timeout=STEP_MS)
    assert peek(server, table)["seats"][0]["state"] == "resigned"
    page.reload()  # the browser holds no seat there now: a claim finds the table full
    page.locator("#turn", has_text="Every seat of this table is taken").wait_for(timeout=STEP_MS)
    assert problems == []


def test_ending_the_turn_while_a_card_could_be_played_is_asked_first(context: Any, server: ServerProcess) -> None:
    """As the program asks: the safe answer (keep playing) comes first and changes nothing."""
    problems: list[str] = []
    for seed in range(20, 40):  # a deal whose first hand holds a card to play
        table = new_table(server, seed=seed, start_player=0)
        page = open_page(context, server, table, problems)
        if page.locator("#name-form").is_visible():
            sit_down(page, "Eve")
        assert my_move(page) == "move"
        region = page.get_by_role("region", name="Your move")
        region.get_by_role("button").first.click()  # the harvest first
        assert my_move(page) == "move"
        if region.get_by_role("button", name="Play", exact=False).count():
            break
        page.close()
    else:
        raise AssertionError("no deal with a card to play")
    region.get_by_role("button", name="End turn").click()
    dialog = page.get_by_role("dialog")
    assert "You could still play" in dialog.inner_text()
    dialog.get_by_role("button", name="Keep playing").click()
    assert region.get_by_role("button", name="End turn").is_enabled()  # nothing was sent
    lines = page.locator("#log li").count()
    region.get_by_role("button", name="End turn").click()
    page.get_by_role("dialog").get_by_role("button", name="End turn").click()
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {lines}", timeout=STEP_MS)
    assert problems == []


def test_the_start_page_opens_the_table_of_a_typed_code(context: Any, server: ServerProcess) -> None:
    table = new_table(server, seed=9)
    page = context.new_page()
    page.goto(f"{base(server)}/")
    page.get_by_label("Table code").fill("K7QX")
    page.get_by_role("button", name="Join").click()
    page.get_by_text("That is not a table code").wait_for(timeout=STEP_MS)
    page.get_by_label("Table code").fill(f"{server.url.removeprefix('ws://')}/{table.lower().replace('-', ' ')}")
    page.get_by_role("button", name="Join").click()
    page.wait_for_url(f"**/t/{table}")
    sit_down(page, "Finn")
    assert my_move(page) == "move"


def test_a_spectators_link_shows_the_table_and_nobodys_hand(browser: Any, context: Any, server: ServerProcess) -> None:
    table = new_table(server, seed=4)
    player = open_page(context, server, table, [])
    sit_down(player, "Gus")
    assert my_move(player) == "move"
    click_a_move(player)
    others = browser.new_context(locale="en-GB")
    problems: list[str] = []
    try:
        page = open_page(others, server, table, problems, watch=True)  # no name asked of a spectator
        assert not page.get_by_label("Your name").is_visible()
        page.get_by_text("You are watching: the spectators' view, nobody's hand.").wait_for(timeout=STEP_MS)
        page.locator("#log li").first.wait_for(timeout=STEP_MS)
        assert page.locator("#seats li").first.inner_text().startswith("Gus")
        assert page.locator("#hand li").count() == 0 and not page.locator("#hand").is_visible()
        assert page.get_by_role("region", name="Your move").get_by_role("button").count() == 0
        hidden = page.locator("#log li").all_inner_texts()
        assert any("hidden card" in line for line in hidden)  # the draws of a hand are not told to a spectator
        assert [s["state"] for s in peek(server, table)["seats"]] == ["here", "bot"]  # watching takes no seat
    finally:
        others.close()
    assert problems == []


def test_the_browser_seat_plays_a_whole_game_with_a_player_of_the_program(context: Any, server: ServerProcess) -> None:
    """The other seat is the program's own remote card table (the desktop client's parts), taking its turns."""
    client = Client(server.url)
    created = create(client, ["remote", "remote"], seed=21, hold=True, name="Tom")
    client.close()
    table = str(created["table"])
    link = Connection(server.url)
    program = RemoteTable.join(link, table, 0, created["tokens"]["0"])
    problems: list[str] = []
    page = open_page(context, server, table, problems)
    sit_down(page, "Hana")
    clicks = moves = 0
    try:
        while page.locator("body").get_attribute("data-state") != "over" and clicks + moves < 3000:
            program.pump()
            if program.my_decision():
                program.apply(program.session.legal_actions()[0])
                moves += 1
            elif page.locator("#move button:enabled").count():
                click_a_move(page)
                clicks += 1
            else:
                page.wait_for_timeout(10)  # a state on its way to one of the two
        page.locator("body[data-state=over]").wait_for(timeout=STEP_MS)
        assert program.session.is_over or wait_over(program)
        winner = peek(server, table)["result"]["winners"]
        assert page.locator("#turn").inner_text() == ("You win!" if winner == [1] else "Tom wins!" if winner == [0]
                                                      else "No winner: the round limit was reached.")
        assert clicks > 5 and moves > 5
        names = page.locator("#seats strong").all_inner_texts()
        assert names == ["Tom", "Hana (you)"]
    finally:
        link.close()
    assert problems == []


def wait_over(program: RemoteTable) -> bool:
    """Whether the program's seat hears the game's end (it may come a moment after the page's)."""
    for _ in range(1000):
        program.pump()
        if program.session.is_over:
            return True
        time.sleep(0.01)
    return False


def test_a_stale_token_is_said_plainly_and_a_reload_claims_a_free_seat(browser: Any, server: ServerProcess) -> None:
    table = new_table(server, seed=6)
    kept = {"name": "Ida", "player": "ida-player-1", "seats": {table: {"seat": 0, "token": "not-the-seats-token"}}}
    state = {"cookies": [], "origins": [{"origin": base(server),
                                        "localStorage": [{"name": "garden-table", "value": json.dumps(kept)}]}]}
    context = browser.new_context(locale="en-GB", storage_state=state)
    try:
        page = open_page(context, server, table, [])
        stale = page.locator("#turn").get_by_text("This browser's seat at the table is not valid any more.")
        stale.wait_for(timeout=STEP_MS)
        assert page.get_by_role("region", name="Your move").get_by_role("button").count() == 0
        assert [s["state"] for s in peek(server, table)["seats"]] == ["waiting", "bot"]  # the table unchanged
        page.reload()
        assert my_move(page) == "move"  # the stale seat forgotten: a free seat claimed, the name kept
        assert page.locator("#seats strong").first.inner_text() == "Ida (you)"
    finally:
        context.close()


def test_a_server_killed_and_started_again_is_found_again_and_the_seat_taken_back(context: Any,
                                                                                 tmp_path: Path) -> None:
    port = str(free_port())
    first = ServerProcess(tmp_path, "--port", port, "--workers", "0")
    table = new_table(first, seed=13)
    problems: list[str] = []
    page = open_page(context, first, table, problems)
    sit_down(page, "Jo")
    assert my_move(page) == "move"
    click_a_move(page)
    assert my_move(page) == "move"
    hand = page.locator("#hand li").all_inner_texts()
    first.proc.kill()  # kill -9: the journal holds every answered move
    first.proc.wait()
    page.get_by_text("The connection is lost: nothing can be played until the server is back.").wait_for(
        timeout=STEP_MS)
    assert page.get_by_role("region", name="Your move").get_by_role("button").count() == 0
    assert page.locator("#seats .state").first.inner_text() == "not known while the connection is lost"
    again = ServerProcess(tmp_path, "--port", port, "--workers", "0")
    try:
        assert my_move(page) == "move"  # reconnected by itself, joined with its token
        assert page.locator("#hand li").all_inner_texts() == hand
        assert peek(again, table)["seats"][0]["state"] == "here"
    finally:
        assert again.stop() == 0
    assert [p for p in problems if "WebSocket" not in p] == []  # the refused reconnects are the browser's own lines


def test_a_keyboard_player_moves_with_enter_and_keeps_the_focus_on_the_moves(context: Any,
                                                                            server: ServerProcess) -> None:
    table = new_table(server, seed=14)
    page = open_page(context, server, table, [])
    sit_down(page, "Kai")
    assert my_move(page) == "move"
    page.get_by_role("region", name="Your move").get_by_role("button").first.focus()
    for presses in range(1, 6):
        page.keyboard.press("Enter")
        page.locator(f"body[data-acts='{presses}']").wait_for(timeout=STEP_MS)
        if my_move(page) == "over":
            break
        page.locator("#move button:focus").wait_for(timeout=STEP_MS)  # the next decision's first move
