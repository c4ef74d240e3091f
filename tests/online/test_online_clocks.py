"""The server's clocks shown by both online front ends (issue 31): the app's online screen and the line
client show both players' time from the room's messages, counted down between messages by the room
driver on the front end's own time source (a fake here: nothing waits on real time), the last ten seconds
marked in words; in a game from the lobby the line client also says who sits where, with their ratings.
The server runs on `ManualTime`; everything talks over loopback in this process."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from dataclasses import replace

import aiohttp
import pytest

from gridgames.engine.clock import Clock, TimeControl
from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.address import Address
from gridgames.online.launch import Hosting, plan_host, plan_join
from gridgames.online.lobbylink import paired_plan
from gridgames.online.timesource import ManualTime
from gridgames.play.clocks import LowTimeWatch
from gridgames.play.setup import default_setup
from gridgames.tui.online import plan_to_join
from gridgames.tui.screens.online import OnlineGameScreen
from tests.tui.helpers import make_app, text_of
from tests.waiting import screen_becomes, until

from .test_lobby import Player
from .test_room_driver import finish, typist
from .test_untrusted import Client


class FakeTime:
    """The front end's time source, moved by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def site(tmp_path, monkeypatch) -> AsyncIterator[tuple[str, ManualTime]]:
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data"))
    time = ManualTime()
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=time)
    yield f"ws://127.0.0.1:{running.port}", time
    await running.stop()


async def _clocked_room(host: Client) -> str:
    """A room of Row and Column under 0.5+1 (30 s and 1 s a move), made by a bare client as Player 1."""
    await host.send(p.Create(p.VERSION, "rowcol", "3x3", "1", {}, clock="0.5+1"))
    room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
    await host.next(p.State)
    return str(room)


async def test_the_online_screen_counts_both_clocks_down(site):
    url, server_time = site
    app = make_app()
    app.now = fake = FakeTime()
    async with aiohttp.ClientSession() as session, Client(session, url) as host:
        room = await _clocked_room(host)
        async with app.run_test(size=(110, 32)) as pilot:
            app.start_online(plan_to_join(Address(url, room)))
            screen = await screen_becomes(pilot, OnlineGameScreen, "the online game to open")

            def clocks() -> str:
                return text_of(app, "#clocks")

            both = "▶ Player 1 (X) 0:30\n  Player 2 (O) 0:30"
            shown = screen.query_one("#clocks")
            await until(pilot, lambda: clocks() == both and shown.display, "both clocks")
            fake.now += 12
            await until(pilot, lambda: "▶ Player 1 (X) 0:18" in clocks(), "Player 1's clock counting down")
            server_time.advance(5.0)
            await host.send(p.MoveMsg(0, "B2"))
            pressed = "  Player 1 (X) 0:26\n▶ Player 2 (O) 0:30"  # 30 - 5 + 1, as the server read it
            await until(pilot, lambda: clocks() == pressed, "the server's reading after the move")
            fake.now += 21.5
            low = "▶ Player 2 (O) 0:08.5 ⚠ low"
            await until(pilot, lambda: low in clocks(), "the last ten seconds marked")
            assert shown.has_class("-low")
            assert "Player 1 (X) 0:26" in clocks()  # the other clock stands still


async def test_the_line_client_shows_both_clocks_with_its_status_and_on_asking(site):
    url, server_time = site
    async with aiohttp.ClientSession() as session, Client(session, url) as host:
        room = await _clocked_room(host)
        guest = typist(plan_join(Address(url, room), watch=False))
        guest.player.room.now = fake = FakeTime()
        try:
            both = "Clock: ▶ Player 1 (X) 0:30 · Player 2 (O) 0:30"
            await until(None, lambda: both in guest.said(), "both clocks under the status line")
            status = guest.said().index(both) - 1
            assert guest.said()[status].startswith("[You: Player 2 (O)")
            fake.now += 21.5
            guest.player.put_line("clock")
            low = "Clock: ▶ Player 1 (X) 0:08.5 ⚠ low · Player 2 (O) 0:30"
            await until(None, lambda: low in guest.said(), "the clocks now, the last ten seconds marked")
            server_time.advance(2.0)
            await host.send(p.MoveMsg(0, "B2"))
            pressed = "Clock: Player 1 (X) 0:29 · ▶ Player 2 (O) 0:30"  # 30 - 2 + 1: the server's reading
            await until(None, lambda: pressed in guest.said(), "the clocks after the move")
        finally:
            await finish(guest)


async def test_the_line_client_warns_once_when_its_own_time_falls_under_ten_seconds(site):
    url, server_time = site
    async with aiohttp.ClientSession() as session, Client(session, url) as host:
        room = await _clocked_room(host)
        guest = typist(plan_join(Address(url, room), watch=False), piped=False)  # a terminal
        guest.player.room.now = fake = FakeTime()
        try:
            await until(None, lambda: guest.player.seat == 2 and guest.player.view is not None, "the seat")
            await host.send(p.MoveMsg(0, "B2"))
            turn = "Clock: Player 1 (X) 0:31 · ▶ Player 2 (O) 0:30"  # 30 + 1
            await until(None, lambda: turn in guest.said(), "Player 2's clock running")
            await until(None, lambda: guest.out.getvalue().endswith("Enter your move: "), "the prompt")
            fake.now += 20.5
            warning = "⚠ Your time is low: 0:09.5 left."  # a line of its own, below the waiting prompt
            await until(None, lambda: warning in guest.said(), "the warning, without typing anything")
            assert "Enter your move: " in guest.said()
            guest.player.put_line("clock")
            now = "Clock: Player 1 (X) 0:31 · ▶ Player 2 (O) 0:09.5 ⚠ low"
            await until(None, lambda: any(now in line for line in guest.said()), "the clocks asked for")
            assert sum("Your time is low" in line for line in guest.said()) == 1
        finally:
            await finish(guest)


def test_the_low_time_warning_is_said_once_for_its_own_running_clock_and_again_after_an_increment():
    watch = LowTimeWatch()
    clock = Clock.new(TimeControl.parse("0.5+15")).start(1, 0.0)  # 30 s, and 15 s a move
    assert watch.due(clock, 1, 0.0) == 20.0
    assert watch.check(clock, 1, 19.0) is None
    assert watch.check(clock, 2, 25.0) is None  # the other player's clock: not this one's warning
    assert watch.check(clock, 1, 25.0) == "⚠ Your time is low: 0:05.0 left."
    assert watch.check(clock, 1, 26.0) is None and watch.due(clock, 1, 26.0) is None  # said once
    pressed = clock.press(26.0)  # 4 s + 15 s: back above ten seconds, the other player's turn
    assert watch.due(pressed, 1, 26.0) is None
    again = pressed.press(27.0)  # the other moved: this player's 19 s run again
    assert watch.due(again, 1, 27.0) == 9.0
    assert watch.check(again, 1, 36.5) == "⚠ Your time is low: 0:09.5 left."


async def test_the_line_client_says_when_a_game_has_no_clock(site):
    url, _ = site
    async with aiohttp.ClientSession() as session, Client(session, url) as host:
        await host.send(p.Create(p.VERSION, "rowcol", "3x3", "1", {}))
        room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
        guest = typist(plan_join(Address(url, room), watch=False))
        try:
            await until(None, lambda: guest.player.view is not None, "the room")
            guest.player.put_line("clock")
            await until(None, lambda: "This game has no clock." in guest.said(), "the answer")
            assert not any(line.startswith("Clock:") for line in guest.said())
        finally:
            await finish(guest)


async def test_the_line_client_in_a_lobby_game_shows_who_sits_where_and_the_clocks(site):
    url, _ = site
    async with aiohttp.ClientSession() as session, Player(session, url, "Quinn") as quinn, \
            Player(session, url, "Alice1") as alice:
        await quinn.lobby.send(p.Seek("rowcol", "3x3", {}, "0.5+1", True))
        seek = (await quinn.lobby.next(p.Seeking)).seek  # type: ignore[attr-defined]
        await alice.lobby.send(p.Accept(seek))
        paired = await alice.lobby.next(p.Paired)
        assert isinstance(paired, p.Paired)
        guest = typist(paired_plan(url, paired, "Alice1", alice.key))
        guest.player.room.now = FakeTime()
        try:
            await quinn.paired()
            seats = {paired.seat: "Alice1", 3 - paired.seat: "Quinn"}
            players = [f"Player {n} ({'XO'[n - 1]}): {seats[n]} 1500?" for n in (1, 2)]
            await until(None, lambda: all(line in guest.said() for line in players), "who sits where")
            both = "Clock: ▶ Player 1 (X) 0:30 · Player 2 (O) 0:30"
            await until(None, lambda: both in guest.said(), "both clocks")
        finally:
            await finish(guest)


async def test_the_hosts_clock_starts_when_the_friend_arrives(site):
    url, _ = site
    entry = get_entry("rowcol")
    setup = default_setup(entry).chosen(entry, size="3x3", first="1")
    setup = replace(setup, clock=TimeControl.parse("0.5+1"))
    plan = await plan_host(Hosting(setup, server=url), io.StringIO())
    host = typist(plan)
    host.player.room.now = fake = FakeTime()
    try:
        await until(None, lambda: plan.link.room is not None, "the room to be made")
        async with aiohttp.ClientSession() as session, Client(session, url) as guest:
            await guest.send(p.Join(p.VERSION, str(plan.link.room)))
            await guest.next(p.Welcome)
            running = "Clock: ▶ Player 1 (X) 0:30 · Player 2 (O) 0:30"  # told by the server, not guessed
            await until(None, lambda: running in host.said(), "the host's clock to start")
            fake.now += 3
            host.player.put_line("clock")
            later = "Clock: ▶ Player 1 (X) 0:27 · Player 2 (O) 0:30"
            await until(None, lambda: later in host.said(), "the host's clock to run")
    finally:
        await finish(host)
