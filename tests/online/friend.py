"""A friend's room on a game server in this process, for tests of an app that joins it: the server
on a free loopback port, and the friend's connection, which created the room and holds seat 1."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.client import Link
from tests.waiting import until


@asynccontextmanager
async def friends_room(folder: Path, variant: str, size: str) -> AsyncIterator[tuple[str, Link]]:
    """(the server's ws:// address, the friend's link) once the room is made; both end after."""
    running = await server.start("127.0.0.1", 0, folder / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    friend = Link(url, create=p.Create(p.VERSION, variant, size, "1", {}))
    connection = asyncio.create_task(friend.run())
    try:
        await until(None, lambda: friend.room is not None, "the friend's room to be made")
        yield url, friend
    finally:
        await friend.close()
        connection.cancel()
        await running.stop()
