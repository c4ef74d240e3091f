"""A Pilot test: the first screen's `l` opens the lobby, which lists a real server's open seeks with their
players' provisional ratings and a bot's seek marked as a bot's; a bad address is one sentence on the
screen."""

from __future__ import annotations

import aiohttp

from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.players import new_key
from gridgames.tui.screens.lobby import LobbyScreen
from tests.tui.helpers import make_app
from tests.waiting import screen_becomes, until

from .test_lobby import Player
from .test_untrusted import Client


async def test_the_lobby_screen_lists_a_servers_seeks(tmp_path, monkeypatch):
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Player(session, url, "Quinn") as quinn, \
                Client(session, url) as robot:
            await quinn.lobby.send(p.Seek("rowcol", "3x3", {}, "3+2", True))
            await quinn.lobby.next(p.Seeking)
            await robot.send(p.Lobby(p.VERSION, "Robo1", new_key(), bot=True))  # as `gridgames bot` does
            await robot.next(p.Listing)
            await robot.send(p.Seek("rowcol", "4x4", {}, "3+2", True))
            await robot.next(p.Seeking)
            app = make_app()
            async with app.run_test(size=(110, 32)) as pilot:
                await pilot.press("l")
                screen = await screen_becomes(pilot, LobbyScreen, "the lobby to open")
                await pilot.press(*"http://nowhere", "enter")
                await until(pilot, lambda: "WebSocket" in screen.shown, "the address to be refused")
                screen.query_one("#lobby-server").value = url  # type: ignore[attr-defined]
                await pilot.press("enter")
                await until(pilot, lambda: "Open seeks (2):" in screen.shown, "the server's seeks")
                assert "Quinn 1500?" in screen.shown and "3+2 rated" in screen.shown
                assert "Robo1 (bot) 1500?" in screen.shown and "Quinn (bot)" not in screen.shown
                await pilot.press("escape")
                await until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "the lobby to close")
    finally:
        await running.stop()
