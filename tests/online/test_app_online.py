"""A Pilot test: the app hosts an online game from the new-game panel ("Online friend"), a
`gridgames join --plain` process joins with the invite shown on screen, and they play to the end."""

from __future__ import annotations

import asyncio
import re

import pytest

from gridgames.tui import online as tui_online
from gridgames.tui.online import JoinScreen
from gridgames.tui.screens.confirm import ConfirmScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.screens.online import OnlineGameScreen
from tests.tui.helpers import SCRIPTS, make_app
from tests.waiting import click, screen_becomes, until

from .driver import Procs


@pytest.fixture
def procs(tmp_path):
    running = Procs(tmp_path)
    yield running
    running.stop_all()


async def choose_online_friend(pilot) -> None:  # type: ignore[no-untyped-def]
    """On the new-game panel: Player 2 is an online friend; then Start."""
    seat2 = pilot.app.screen.query_one("#seat2")
    await click(pilot, "#seat2")
    await until(pilot, lambda: pilot.app.focused is seat2.query_one("SelectOverlay"), "the seat list to open")
    await pilot.press("down", "enter")  # Human -> Online friend
    await until(pilot, lambda: seat2.value == "online", "Online friend to be chosen")
    await click(pilot, "#start")


async def test_the_app_hosts_and_a_plain_client_plays_it_to_the_end(procs, tmp_path, monkeypatch):
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    monkeypatch.setattr(tui_online, "HOST_PORT", 0)  # any free loopback port
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3):  # locked-duel, walls, blocking, then rowcol
            await pilot.press("down")
        await pilot.press("enter")
        await screen_becomes(pilot, NewGamePanel, "the new-game panel to open")
        await choose_online_friend(pilot)
        screen = await screen_becomes(pilot, OnlineGameScreen, "the online game to open")
        await until(pilot, lambda: screen.invite, "an invite")
        address = re.search(r"gridgames join (\S+)", screen.invite).group(1)
        await until(pilot, lambda: screen.query_one("#invite").display, "the invite on screen")
        await until(pilot, lambda: "Player 2 (O) not joined yet" in screen.status_text(), "the empty seat")

        guest = procs.start("join", address, "--plain", person="guest")
        await asyncio.to_thread(guest.expect, "^You are Player 2")
        await until(pilot, lambda: screen.view and screen.view.state.connected[1], "the friend arriving")
        await until(pilot, lambda: not screen.query_one("#invite").display, "the invite to go")
        assert "Player 2 (O) connected" in screen.status_text()
        assert not screen.query_one("#clocks").display  # a game without a clock shows none

        for ply, text in enumerate(SCRIPTS["rowcol"]):
            if ply % 2 == 0:  # the app's turn: walk the cursor there and press Enter, like a person
                def my_turn(ply: int = ply) -> bool:
                    return len(screen.view.game.played) == ply and screen.board_ready

                await until(pilot, my_turn, "its turn")
                assert "your turn" in screen.status_text()
                target = screen.view.game.parse(text).cells[0]
                board = screen.query_one("#board")
                while board.cursor != target:
                    at = board.cursor
                    await pilot.press("down" if at.row < target.row else "up" if at.row > target.row else
                                      "right" if at.col < target.col else "left")
                    await until(pilot, lambda at=at, board=board: board.cursor != at, "the cursor to move")
                await pilot.press("enter")
            else:
                number = ply + 1
                await asyncio.to_thread(guest.expect, rf"move {number} · your turn\]$")
                guest.send(text)
        await until(pilot, lambda: screen.view.outcome is not None, "the end of the game")
        assert "Game over" in screen.status_text() and "Player 2 (O)" in screen.status_text()
        score = r"^Match score after 1 game: Player 1 \(X\) 0, Player 2 \(O\) 1\."
        await asyncio.to_thread(guest.expect, score)
        await until(pilot, lambda: "Player 2 (O) 1" in str(screen.query_one("#score").render()), "the score")
        await pilot.press("escape")  # leave: the app's server stops and the friend is told
        await asyncio.to_thread(guest.expect, "The host has left")


async def test_the_first_screen_joins_a_game_from_an_invite_and_a_bad_address_is_explained(
    tmp_path, monkeypatch
):
    from gridgames.online import protocol as p
    from tests.online.friend import friends_room

    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    async with friends_room(tmp_path, "noneighbour", "3x3") as (url, friend):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("o")
            dialog = await screen_becomes(pilot, JoinScreen, "the join dialog to open")
            field = dialog.query_one("#address")
            await until(pilot, lambda: app.focused is field, "the address field to take keys")
            await pilot.press(*"nowhere", "enter")
            await until(
                pilot, lambda: "is not a game address" in str(dialog.query_one("#join-message").render()),
                "the bad address explained",
            )
            field.value = ""
            await pilot.press(*f"{url}/{friend.room}", "enter")
            screen = await screen_becomes(pilot, OnlineGameScreen, "the online game to open")
            await until(pilot, lambda: screen.view is not None and screen.seat == 2, "the seat")
            status = screen.status_text()
            assert "You: Player 2 (O)" in status and "Player 1 (X) connected" in status
            await friend.send(p.MoveMsg(0, "A1"))
            await until(pilot, lambda: len(screen.view.game.played) == 1, "the friend's move")
            await friend.send(p.Takeback("request"))
            await until(pilot, lambda: "asks to take back" in screen.message, "the takeback request")
            await pilot.press("y")
            await until(pilot, lambda: not screen.view.game.played, "the move taken back")
            await friend.send(p.MoveMsg(0, "B2"))  # the centre: on 3x3 nothing is left for O
            await until(pilot, lambda: screen.view.outcome is not None, "the end")
            assert "Game over" in screen.status_text()
            await pilot.press("escape")


async def test_hosting_offers_the_game_server_already_running_here(tmp_path, monkeypatch):
    """Issue 29, item 19: with `gridgames server` running, hosting from the app asks to use it rather
    than silently starting a second server on another port; the room is made there."""
    from gridgames.online import server

    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    monkeypatch.setattr(tui_online, "RUNNING_PORT", running.port)
    monkeypatch.setattr(tui_online, "HOST_PORT", 0)  # "start my own" would take any free port
    try:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(3):  # locked-duel, walls, blocking, then rowcol
                await pilot.press("down")
            await pilot.press("enter")
            await screen_becomes(pilot, NewGamePanel, "the new-game panel to open")
            await choose_online_friend(pilot)
            asked = await screen_becomes(pilot, ConfirmScreen, "the offer of the running server")
            assert asked.question.startswith(
                f"A game server is already running on this computer (ws://127.0.0.1:{running.port})."
            )
            await pilot.press("y")
            screen = await screen_becomes(pilot, OnlineGameScreen, "the online game to open")
            await until(pilot, lambda: screen.invite, "an invite")
            assert screen.invite.startswith(f"Invite: gridgames join ws://127.0.0.1:{running.port}/")
            assert screen.room is not None and screen.room.plan.running is None  # no second server
            assert len(running.server.rooms.live) == 1
    finally:
        await running.stop()
