"""A takeback past the positions a room holds replays its game on the server's loader pool, with the
collector paused, as a load does (issue 29, item 26): not on asyncio's default executor, where
nothing bounds how many replays run at once and the collector's passes stop the event loop."""

from __future__ import annotations

import gc
import threading

import aiohttp

from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.room import Room

from .test_snapshot import HOST_SECRET, short_game, store_room, three_takebacks
from .test_untrusted import Client


async def test_a_takeback_past_the_kept_positions_replays_on_the_loader_pool_with_the_collector_paused(
    tmp_path, monkeypatch
):
    replays: list[tuple[str, bool]] = []
    real = Room.rewound

    def spied(self, keep):  # type: ignore[no-untyped-def]
        replays.append((threading.current_thread().name, gc.isenabled()))
        return real(self, keep)

    monkeypatch.setattr(Room, "rewound", spied)
    db = tmp_path / "rooms.sqlite"
    room = await store_room(db, short_game())  # its snapshot keeps the positions from ply 5 on
    running = await server.start("127.0.0.1", 0, db)
    url = f"ws://127.0.0.1:{running.port}"
    collecting = gc.isenabled()
    try:
        async with aiohttp.ClientSession() as session, Client(session, url) as host, \
                Client(session, url) as guest:
            await host.send(p.Join(p.VERSION, room, HOST_SECRET))
            await host.next(p.State)
            await guest.send(p.Join(p.VERSION, room))
            await guest.next(p.State)
            await three_takebacks(host, guest)
    finally:
        await running.stop()
    assert len(replays) == 1  # only the last takeback went past the positions kept
    (thread, collector_on), = replays
    assert thread.startswith("gridgames-room-load")  # the loader pool, not asyncio's default executor
    assert not collector_on  # paused while it replayed
    assert gc.isenabled() == collecting  # and as it was once the replay ended
