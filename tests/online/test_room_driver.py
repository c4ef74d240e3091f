"""One room driver for both online front ends (issue 28, item 2; issue 29, items 10, 11, 14; issue 27,
item 6 online): the app's online screen and the line client drive `online.room_driver.RoomDriver`,
so they behave alike: a room whose game fails ends for everyone in one sentence and `quit` works; a
switched-off game is not hosted; the line client prints its status line once on join and on
rejoin; the host sees the end banner when the joiner resigns, with no stale line; a watcher's
player keys say why they do nothing. Everything runs in this process, on loopback."""

from __future__ import annotations

import asyncio
import io

import pytest

from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online.address import Address
from gridgames.online.client import Link
from gridgames.online.launch import Hosting, HostRefused, plan_host, plan_join
from gridgames.online.plain import EXIT_REFUSED
from gridgames.play.narration import ONLINE_NO_HELP, WATCHING
from gridgames.play.setup import default_setup
from gridgames.tui.screens.online import OnlineGameScreen
from tests.games.broken_plugin import BROKEN
from tests.online.typists import due, finish, hosted, typist
from tests.tui.helpers import make_app
from tests.waiting import screen_becomes, until


async def test_a_room_whose_game_fails_ends_for_players_and_watcher_in_one_sentence(
    url, register_games, one_sentence
):
    register_games(BROKEN)
    host = await hosted(url, "late", "3x3")
    room = host.player.link.room
    guest = typist(plan_join(Address(url, room), watch=False))
    fan = typist(plan_join(Address(url, room), watch=True))
    try:
        await until(None, lambda: fan.player.view is not None and guest.player.seat == 2, "everyone in")
        movers = (host, guest)
        for ply, move in enumerate(("A1", "A3", "B1", "B3")):
            mover = movers[ply % 2]
            await until(None, lambda m=mover, n=ply: due(m, n), f"move {ply + 1} to be due")
            mover.player.put_line(move)
            await until(None, lambda m=mover, n=ply: m.task.done() or len(m.player.view.game.played) > n,
                        f"move {ply + 1} to be played or the room to close")
            if mover.task.done():
                break
        for one in (host, guest, fan):  # each ends by itself: nobody is left waiting for a turn
            code = await asyncio.wait_for(one.task, 30)
            closed = [line for line in one.said() if line.startswith("This room is closed")]
            assert code == EXIT_REFUSED and len(closed) == 1, one.said()[-5:]
            assert "Late Break" in closed[0] and one_sentence(closed[0]), closed[0]
            assert not any(line.startswith("Traceback") for line in one.said())
    finally:
        await finish(host, guest, fan)


async def test_hosting_a_game_switched_off_is_refused_in_one_sentence(url, register_games, one_sentence):
    register_games(BROKEN)
    entry = get_entry("broken-moves")
    with pytest.raises(HostRefused) as refused:
        await plan_host(Hosting(default_setup(entry), server=url), io.StringIO())
    said = str(refused.value)
    assert said.startswith("Not hosted: ") and "switched off" in said and one_sentence(said), said


async def test_the_line_client_prints_its_status_once_on_join_and_on_rejoin(url):
    host = await hosted(url, "rowcol")
    address = Address(url, host.player.link.room)
    guest = typist(plan_join(address, watch=False))
    try:
        await until(None, lambda: "[You: Player 1 (X) · Player 2 (O) connected · move 1 · your turn]"
                    in host.said(), "the host to see the guest")
        host.player.put_line("C3")
        await until(None, lambda: any("claims C3" in line for line in guest.said()), "the guest to see C3")
        joined = guest.statuses()
        assert joined[0] == "[You: Player 2 (O) · Player 1 (X) connected · move 1 · Player 1 (X) to move]"
        assert len(joined) == 2, joined  # once on joining, once after the move
        await finish(guest)
        again = typist(plan_join(address, watch=False))  # the seat is kept in this data folder
        await until(None, lambda: again.player.seat == 2 and again.statuses(), "the guest back")
        await until(None, lambda: "Player 2 (O) is back." in host.said(), "the host to see the guest back")
        host_moves = len(host.said())
        await until(None, lambda: len(host.said()) >= host_moves, "the host to settle")
        assert again.statuses() == ["[You: Player 2 (O) · Player 1 (X) connected · move 2 · your turn]"]
        again.player.put_line("C1")
        await until(None, lambda: any("claims C1" in line for line in host.said()), "the host to see C1")
        assert len(again.statuses()) == 2, again.statuses()
        await finish(again)
    finally:
        await finish(host, guest)


async def test_the_host_in_the_app_sees_the_end_banner_when_the_joiner_resigns(url, monkeypatch):
    """Issue 29, item 11: the resignation ends the game on the host's screen as a local game ends
    (the banner), and the takeback's line before it is gone."""
    from gridgames.tui import online as tui_online

    monkeypatch.setattr(tui_online, "HOST_PORT", 0)
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        entry = get_entry("rowcol")
        setup = default_setup(entry).chosen(entry, first="1")
        app.start_online(lambda notes: plan_host(Hosting(setup, server=url), notes))
        screen = await screen_becomes(pilot, OnlineGameScreen, "the online screen")
        await until(pilot, lambda: screen.room is not None and screen.room.plan.link.room, "the room")
        guest = typist(plan_join(Address(url, screen.room.plan.link.room), watch=False))
        try:
            await until(pilot, lambda: screen.view and screen.view.state.connected[1], "the friend")
            await until(pilot, lambda: screen.board_ready, "the board")
            await pilot.press("enter")  # the cursor's cell: the host's first move
            await until(pilot, lambda: guest.player.view and guest.player.view.to_move == 2, "the move")
            guest.player.put_line("C1")
            await until(pilot, lambda: len(screen.view.game.played) == 2, "the friend's move")
            guest.player.put_line("undo")
            await until(pilot, lambda: screen.view.state.takeback == 2, "the takeback request")
            await pilot.press("y")
            await until(pilot, lambda: screen.message.startswith("Took back the last move"), "the takeback")
            guest.player.put_line("resign")
            await until(pilot, lambda: screen.has_class("-over"), "the end banner")
            assert screen.query_one("#banner").display
            assert "resigned" in screen.message and "Took back" not in screen.message
        finally:
            await finish(guest)


async def test_a_watcher_in_the_app_is_told_why_player_keys_and_help_do_nothing(url, monkeypatch):
    from gridgames.tui import online as tui_online

    monkeypatch.setattr(tui_online, "HOST_PORT", 0)
    links = [Link(url, create=p.Create(p.VERSION, "rowcol", "5x5", "1", {}))]
    tasks = [asyncio.create_task(links[0].run())]
    try:
        app = make_app()
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: links[0].room is not None, "the room to be made")
            app.start_online(tui_online.plan_to_join(Address(url, links[0].room), watch=True))
            screen = await screen_becomes(pilot, OnlineGameScreen, "the online screen")
            await until(pilot, lambda: screen.view is not None and screen.board_ready, "a place to watch")
            for key, said in (("R", WATCHING), ("n", WATCHING), ("u", WATCHING), ("i", ONLINE_NO_HELP),
                              ("a", ONLINE_NO_HELP)):
                screen.say("")
                await pilot.press(key)
                await until(pilot, lambda said=said: screen.message == f"✗ {said}", f"{key} to say why not")
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "q to quit")
    finally:
        for link in links:
            await link.close()
        for task in tasks:
            task.cancel()


async def test_the_app_watching_a_room_whose_game_fails_is_told_and_quits(url, register_games, one_sentence):
    """Issue 27, item 6: the app's online screen shows the room closed in one sentence, offers no
    player's key, and q quits at once."""
    from gridgames.tui import online as tui_online

    register_games(BROKEN)
    host = await hosted(url, "late", "3x3")
    guest = typist(plan_join(Address(url, host.player.link.room), watch=False))
    try:
        app = make_app()
        async with app.run_test(size=(100, 32)) as pilot:
            app.start_online(tui_online.plan_to_join(Address(url, host.player.link.room), watch=True))
            screen = await screen_becomes(pilot, OnlineGameScreen, "the online screen")
            await until(pilot, lambda: screen.view is not None and guest.player.seat == 2, "everyone in")
            for ply, move in enumerate(("A1", "A3", "B1", "B3")):
                mover = (host, guest)[ply % 2]
                await until(pilot, lambda m=mover, n=ply: m.task.done() or due(m, n), f"move {ply + 1} due")
                if mover.task.done():
                    break
                mover.player.put_line(move)
            await until(pilot, lambda: screen.closed.startswith("This room is closed"), "the room closed")
            assert one_sentence(screen.closed) and screen.message == screen.closed
            assert "your turn" not in screen.status_text()
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "q to quit")
    finally:
        await finish(host, guest)
