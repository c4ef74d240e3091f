"""The online server and a game whose code fails: new rooms of it are refused with the game's
sentence, and the server goes on serving the other games (gridgames/games/guard.py)."""

from __future__ import annotations

import aiohttp

from gridgames.online import protocol as p
from gridgames.online import server
from tests.games.broken_plugin import BROKEN
from tests.online.test_untrusted import Client


async def test_rooms_of_a_broken_game_are_refused_and_the_others_play(register_games, tmp_path, one_sentence):
    register_games(BROKEN)
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session:
            for game_id, said in (("broken-moves", "legal moves exploded"), ("broken-notation", "notation")):
                async with Client(session, url) as host:
                    refusal = await host.refused(p.Create(p.VERSION, game_id, "3x3", "1", {}))
                    assert said in refusal and "switched off" in refusal and one_sentence(refusal), refusal
                    assert await host.alive()
            async with Client(session, url) as host, Client(session, url) as guest:
                await host.send(p.Create(p.VERSION, "rowcol", "5x5", "1", {}))
                welcome = await host.next(p.Welcome)
                await guest.send(p.Join(p.VERSION, welcome.room))
                assert (await guest.next(p.Welcome)).seat == 2  # type: ignore[attr-defined]
                await host.send(p.MoveMsg(0, "C3"))
                assert (await host.next(p.Ack)).ply == 1  # type: ignore[attr-defined]
    finally:
        await running.stop()


async def test_a_fault_mid_game_closes_that_room_for_everyone_and_not_the_server(
    register_games, tmp_path, one_sentence
):
    """Issue 27, item 6: the players and the watcher of the failed room are each told in one
    sentence that it is closed (nobody is told "your turn" again, nobody waits), and the server
    goes on serving other rooms."""
    register_games(BROKEN)
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session:
            async with Client(session, url) as host, Client(session, url) as guest, \
                    Client(session, url) as fan:
                await host.send(p.Create(p.VERSION, "late", "3x3", "1", {}))
                welcome = await host.next(p.Welcome)
                await guest.send(p.Join(p.VERSION, welcome.room))
                await guest.next(p.Welcome)
                await fan.send(p.Join(p.VERSION, welcome.room, None, True))
                await fan.next(p.Welcome)
                players = (host, guest)
                closed = None
                for ply, move in enumerate(("A1", "A3", "B1", "B3")):
                    await players[ply % 2].send(p.MoveMsg(ply, move))
                    reply = await players[ply % 2].next((p.Ack, p.Closed))  # type: ignore[arg-type]
                    if isinstance(reply, p.Closed):
                        closed = reply.message
                        break
                assert closed is not None and "lost track of the board" in closed, closed
                assert closed.startswith("This room is closed") and one_sentence(closed), closed
                for other in (host, guest, fan):
                    if other is not players[ply % 2]:
                        said = (await other.next(p.Closed)).message  # type: ignore[attr-defined]
                        assert said == closed
                async with Client(session, url) as other:
                    await other.send(p.Create(p.VERSION, "rowcol", "5x5", "1", {}))
                    assert (await other.next(p.Welcome)).seat == 1  # type: ignore[attr-defined]
    finally:
        await running.stop()
