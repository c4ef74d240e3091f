"""Coming back to online games in the app (issue 20, item 6): after kill -9 mid game the next start
offers the online game beside the saved ones, and the host's invite is on screen again; the asker
of a takeback is told it is waiting; a watcher is never told its seat is kept."""

from __future__ import annotations

import asyncio

import pytest

from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.address import Address
from gridgames.online.client import Link
from gridgames.tui.screens.confirm import ConfirmScreen
from gridgames.tui.screens.online import OnlineGameScreen
from tests.tui.helpers import make_app
from tests.waiting import screen_becomes, until

from .driver import Procs, invite
from .test_play_online import wait_turn


@pytest.fixture
def procs(tmp_path):
    running = Procs(tmp_path)
    yield running
    running.stop_all()


async def test_after_kill_9_the_app_offers_the_online_game_and_shows_the_invite_until_the_friend_is_back(
    procs, tmp_path, monkeypatch
):
    host = procs.start("host", "rowcol", "--plain", "--port", "0", "--first", "1", person="app")
    address = invite(host)
    guest = procs.start("join", address, "--plain", person="guest")
    wait_turn(host, 1)
    host.send("C3")
    wait_turn(guest, 2)
    host.kill9()  # the app's window, killed mid game (its server with it)
    guest.kill9()  # and the friend's, so only the invite can bring them back

    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the offer to resume")
        question = app.screen.question
        assert question.startswith(f"Resume your unfinished game of {get_entry('rowcol').label}, ")
        assert "online game you host, seat kept" in question
        card = app.select_screen.query_one("#variant-rowcol")
        assert card.unfinished.startswith("▶ Unfinished: online game you host, seat kept")
        await pilot.press("y")
        screen = await screen_becomes(pilot, OnlineGameScreen, "the online game to open")
        await until(pilot, lambda: screen.view is not None and screen.invite, "the room and the invite")
        assert len(screen.view.game.played) == 1
        assert screen.invite.startswith(f"Invite: gridgames join {address}")
        # the friend has a seat but is not here
        await until(pilot, lambda: screen.query_one("#invite").display, "the invite on screen")

        again = procs.start("join", address, "--plain", person="guest")  # the invite brings them back
        await asyncio.to_thread(again.expect, "^You are Player 2")
        await until(pilot, lambda: screen.view.state.connected[1], "the friend back")
        await until(pilot, lambda: not screen.query_one("#invite").display, "the invite to go")
        await asyncio.to_thread(wait_turn, again, 2)
        again.send("C1")
        await until(pilot, lambda: len(screen.view.game.played) == 2, "the friend's move")

        await pilot.press("u")  # the app asks to take its move back
        asked = "Takeback asked; waiting for Player 2 (O) to accept or decline."
        await until(pilot, lambda: screen.message == asked, "the takeback asked")
        await asyncio.to_thread(again.expect, r"Player 1 \(X\) asks to take back their last move")
        assert screen.message == "Takeback asked; waiting for Player 2 (O) to accept or decline."
        await pilot.press("escape")


def test_a_watcher_is_never_told_its_seat_is_kept(procs):
    host = procs.start("host", "rowcol", "--plain", "--port", "0", "--first", "1", person="host")
    address = invite(host)
    guest = procs.start("join", address, "--plain", person="guest")
    guest.expect("^You are Player 2")
    watcher = procs.start("join", address, "--plain", person="watcher")
    watcher.expect("^You are watching")
    watcher.send("help")
    watcher.expect("^You are watching: every move shows here")
    host.send("quit")
    guest.expect("^The host has left, so their game server has stopped; your seat is kept")
    watcher.expect("^The host has left")
    assert watcher.wait() == 3
    rest = []
    while (line := watcher.lines.get(timeout=10)) is not None:  # the output to its end
        rest.append(line)
    assert not any("seat is kept" in line for line in [*watcher.seen, *rest])


async def test_the_app_watching_is_not_told_its_seat_is_kept_when_the_host_leaves(tmp_path, monkeypatch):
    from gridgames.online.launch import HOST_LEFT, HOST_LEFT_WATCHING
    from gridgames.tui import online as tui_online

    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    players = [Link(url, create=p.Create(p.VERSION, "rowcol", "5x5", "1", {}))]
    tasks = [asyncio.create_task(players[0].run())]
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: players[0].room is not None, "the room to be made")
            players.append(Link(url, room=players[0].room))
            tasks.append(asyncio.create_task(players[1].run()))
            await until(pilot, lambda: players[1].seat is not None, "the second player's seat")
            app.start_online(tui_online.plan_to_join(Address(url, players[0].room)))
            screen = await screen_becomes(pilot, OnlineGameScreen, "the online game to open")
            await until(pilot, lambda: screen.view is not None and screen.seat == 0, "a place to watch")
            await running.stop(HOST_LEFT, HOST_LEFT_WATCHING)
            await until(pilot, lambda: screen.closed, "the room closing")
            assert screen.closed == HOST_LEFT_WATCHING and "seat" not in screen.message
            await pilot.press("escape")
    finally:
        for link in players:
            await link.close()
        for task in tasks:
            task.cancel()


async def test_the_joiners_game_is_offered_back_and_esc_asks_before_leaving(procs, tmp_path, monkeypatch):
    """Issue 29, item 1: the joiner's kept seat names its game, so the next start offers it back; Esc
    in a game on asks first, and No stays."""
    from gridgames.online.invite import parse_invite
    from gridgames.tui import online as tui_online

    host = procs.start("host", "rowcol", "--plain", "--port", "0", "--first", "1", person="host")
    address = invite(host)
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_online(tui_online.plan_to_join(parse_invite(address)))
        screen = await screen_becomes(pilot, OnlineGameScreen, "the online game to open")
        await until(pilot, lambda: screen.view is not None and screen.seat == 2, "the free seat")
        await pilot.press("escape")
        asked = await screen_becomes(pilot, ConfirmScreen, "a question before leaving")
        assert asked.question.startswith("Leave this online game? Your seat is kept")
        await pilot.press("n")
        await screen_becomes(pilot, OnlineGameScreen, "the game again after No")
        await pilot.press("escape")
        await screen_becomes(pilot, ConfirmScreen, "the question again")
        await pilot.press("y")
        gone = lambda: not any(isinstance(s, OnlineGameScreen) for s in app.screen_stack)  # noqa: E731
        await until(pilot, gone, "the online game to close")

    app = make_app()  # the next start, in the same data folder
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the offer to resume")
        question = app.screen.question
        assert question.startswith(f"Resume your unfinished game of {get_entry('rowcol').label}, ")
        assert "online game you joined" in question


def test_a_plain_joiners_kept_seat_names_its_game(procs, tmp_path) -> None:
    """`gridgames join ADDRESS --plain`, quit mid game: the kept seat says which game, so the first
    screen lists it (a seat of no known game is not listed)."""
    from gridgames.online import seats

    host = procs.start("host", "rowcol", "--plain", "--port", "0", "--first", "1", person="host")
    address = invite(host)
    guest = procs.start("join", address, "--plain", person="guest")
    guest.expect("^You are Player 2")
    guest.send("quit")
    assert guest.wait() == 0
    kept = seats.unfinished(root=tmp_path / "data-guest")
    assert [(seat.role, seat.variant) for seat in kept] == [("join", "rowcol")]
