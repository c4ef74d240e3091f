"""A move's news to a room's many watchers is written in slices, with a turn of the event loop between
two (issue 29, item 30: 2,000 watchers over ten rooms held the other rooms up): every member still gets
every message, in order, and the players get theirs first. Nothing here is timed: the other rooms'
p99 in that attack is measured by the online bench (`make bench-online`)."""

from __future__ import annotations

from contextlib import AsyncExitStack

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online import server

from .test_untrusted import Client, room  # noqa: F401 - the fixture


async def test_every_watcher_gets_every_move_in_order_when_the_fan_out_gives_the_loop_turns(
    room, monkeypatch  # noqa: F811 - the fixture
):
    monkeypatch.setattr(server, "FANOUT_TURN", 2)  # a turn of the loop after every second member
    url, session, host, guest, welcome, db = room
    async with AsyncExitStack() as stack:
        watchers = [await stack.enter_async_context(Client(session, url)) for _ in range(7)]
        for watcher in watchers:
            await watcher.send(p.Join(p.VERSION, welcome.room, watch=True))
            await watcher.next(p.State)
        first = watchers[0].room.first  # type: ignore[union-attr]
        game = Game.new(get_entry("rowcol"), Options(5, 5, "1"), first_player=first)
        seats = {1: host, 2: guest}
        played = []
        for ply in range(6):
            if game.outcome is not None:
                break
            move = game.legal_moves()[0]
            text = game.rules.format_move(move)
            mover = seats[game.state.to_move]
            await mover.send(p.MoveMsg(ply, text))
            assert (await mover.next(p.Ack)).ply == ply + 1  # type: ignore[attr-defined]
            game = game.play(move)
            played.append(text)
        assert len(played) >= 4
        for member in watchers:
            told = [(await member.next(p.Moved)).move for _ in played]  # type: ignore[attr-defined]
            assert told == played
