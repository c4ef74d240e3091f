"""A Pilot test: the first screen's `l` opens the lobby, which lists a real server's open seek with its
player's provisional rating; a bad address is one sentence on the screen."""

from __future__ import annotations

import aiohttp

from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.tui.screens.lobby import LobbyScreen
from tests.tui.helpers import make_app
from tests.waiting import screen_becomes, until

from .test_lobby import Player


async def test_the_lobby_screen_lists_a_servers_seeks(tmp_path, monkeypatch):
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Player(session, url, "Quinn") as quinn:
            await quinn.lobby.send(p.Seek("rowcol", "3x3", {}, "3+2", True))
            await quinn.lobby.next(p.Seeking)
            app = make_app()
            async with app.run_test(size=(110, 32)) as pilot:
                await pilot.press("l")
                screen = await screen_becomes(pilot, LobbyScreen, "the lobby to open")
                await pilot.press(*"http://nowhere", "enter")
                await until(pilot, lambda: "WebSocket" in screen.shown, "the address to be refused")
                screen.query_one("#lobby-server").value = url  # type: ignore[attr-defined]
                await pilot.press("enter")
                await until(pilot, lambda: "Open seeks (1):" in screen.shown, "the server's seeks")
                assert "Quinn 1500?" in screen.shown and "3+2 rated" in screen.shown
                await pilot.press("escape")
                await until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "the lobby to close")
    finally:
        await running.stop()
