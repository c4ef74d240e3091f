"""Pilot tests of the lobby screen: the first screen's `l` opens the lobby, which lists a real server's open
seeks with their players' provisional ratings and a bot's seek marked as a bot's (a bad address is one
sentence on the screen); with a name typed in, Enter on one of two seeks accepts it and the online game
starts, and a seek posted there starts the game when another player takes it."""

from __future__ import annotations

import aiohttp
import pytest
from textual.widgets import OptionList

from gridgames.engine.errors import OptionsError
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.lobbylink import parse_seek
from gridgames.online.players import new_key
from gridgames.tui.screens.lobby import LISTED, LobbyScreen
from gridgames.tui.screens.online import OnlineGameScreen
from tests.tui.helpers import make_app, text_of
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


async def _lobby_with_name(pilot, url: str, name: str) -> LobbyScreen:  # type: ignore[no-untyped-def]
    """The first screen's `l`, the server's address and a player's name typed in, the lobby read."""
    await pilot.press("l")
    screen = await screen_becomes(pilot, LobbyScreen, "the lobby to open")
    screen.query_one("#lobby-server").value = url  # type: ignore[attr-defined]
    screen.query_one("#lobby-name").value = name  # type: ignore[attr-defined]
    screen.action_refresh()
    held = lambda: screen.link is not None and "Open seeks" in screen.shown  # noqa: E731
    await until(pilot, held, f"the lobby as {name}")
    return screen


async def test_accepting_a_seek_in_the_app_starts_the_game(tmp_path, monkeypatch):
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Player(session, url, "Quinn") as quinn, \
                Player(session, url, "Rhea1") as rhea:
            await quinn.lobby.send(p.Seek("rowcol", "3x3", {}, "3+2", True))
            await quinn.lobby.next(p.Seeking)
            await rhea.lobby.send(p.Seek("rowcol", "4x4", {}, None, False))
            wanted = (await rhea.lobby.next(p.Seeking)).seek  # type: ignore[attr-defined]
            app = make_app()
            async with app.run_test(size=(110, 32)) as pilot:
                screen = await _lobby_with_name(pilot, url, "Alice1")
                seeks = screen.query_one("#lobby-seeks", OptionList)
                await until(pilot, lambda: seeks.option_count == 2, "both seeks to pick from")
                assert seeks.highlighted == 0  # Enter on the list accepts the first seek at once
                seeks.focus()
                seeks.highlighted = seeks.get_option_index(wanted)
                await pilot.press("enter")  # accept Rhea1's seek
                online = await screen_becomes(pilot, OnlineGameScreen, "the game to start")
                await rhea.paired()  # Rhea1 is told, and joins
                await until(pilot, lambda: online.view is not None and online.seat, "the app seated")
                view = online.view
                assert view is not None and view.state.size == "4x4" and view.state.clock is None
                names = [player["name"] for player in view.state.players]  # type: ignore[index]
                assert names[online.seat - 1] == "Alice1" and names[2 - online.seat] == "Rhea1"
                await until(pilot, lambda: "connected" in online.status_text(), "both players in the room")
                me, them = online.seat, 3 - online.seat  # who sits where, with their provisional ratings
                seated = f"{view.entry.player(me)}: Alice1 1500?", f"{view.entry.player(them)}: Rhea1 1500?"
                shown = lambda: all(line in text_of(app, "#score") for line in seated)  # noqa: E731
                await until(pilot, shown, "the players and their ratings")
    finally:
        await running.stop()


async def test_a_seek_posted_in_the_app_starts_the_game_when_taken(tmp_path, monkeypatch):
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Player(session, url, "Quinn") as quinn:
            app = make_app()
            async with app.run_test(size=(110, 32)) as pilot:
                screen = await _lobby_with_name(pilot, url, "Alice1")
                screen.query_one("#lobby-seek").value = "rowcol 3 0.5+1 casual"  # type: ignore[attr-defined]
                await pilot.click("#seek")
                await until(pilot, lambda: screen.said == LISTED, "the seek to be listed")
                listing = await quinn.lobby.next(p.Listing)
                while not listing.seeks:  # type: ignore[attr-defined]
                    listing = await quinn.lobby.next(p.Listing)
                seek = listing.seeks[0]  # type: ignore[attr-defined]
                shown = (seek["player"], seek["size"], seek["clock"], seek["rated"])
                assert shown == ("Alice1", "3x3", "0.5+1", False)
                await quinn.lobby.send(p.Accept(seek["seek"]))
                online = await screen_becomes(pilot, OnlineGameScreen, "the game to start")
                await quinn.paired()
                await until(pilot, lambda: online.view and online.view.state.clock, "the clocked room")
    finally:
        await running.stop()


def test_a_seek_typed_on_one_line_is_read_or_refused_in_one_sentence(one_sentence):
    assert parse_seek("rowcol 4x4 3+2 rated") == p.Seek("rowcol", "4x4", {}, "3+2", True)
    assert parse_seek("RowCol") == p.Seek("rowcol", "5x5", {}, None, False)
    for bad in ("", "rowcol 3+x", "nosuchgame", "rowcol purple"):
        with pytest.raises(OptionsError) as refused:
            parse_seek(bad)
        assert one_sentence(str(refused.value)), str(refused.value)
