"""`gridgames server` runs on uvloop's event loop when it is installed, and on asyncio's own when not
(or when `GRIDGAMES_LOOP=asyncio` says so): the same game, move and acknowledgement on both. Loopback
only; every wait has a deadline."""

from __future__ import annotations

import asyncio
import importlib.util
import sys

import aiohttp
import pytest

from gridgames.online import fastloop, server
from gridgames.online import protocol as p

from .test_untrusted import Client

LOOPS = ["asyncio", pytest.param("uvloop", marks=pytest.mark.skipif(
    importlib.util.find_spec("uvloop") is None, reason="uvloop is not installed"))]


async def _a_move_is_acknowledged(folder: str) -> str:
    """Host a room, seat a guest, play a move: the loop's name once the mover heard its `ack`."""
    running = await server.start("127.0.0.1", 0, f"{folder}/rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Client(session, url) as host, \
                Client(session, url) as guest:
            await host.send(p.Create(p.VERSION, "rowcol", "3x3", "1", {}))
            welcome = await host.next(p.Welcome)
            await guest.send(p.Join(p.VERSION, welcome.room))  # type: ignore[attr-defined]
            await guest.next(p.Welcome)
            await host.send(p.MoveMsg(0, "B2"))
            assert (await host.next(p.Ack)).ply == 1  # type: ignore[attr-defined]
            moved = await guest.next(p.Moved)
            assert (moved.ply, moved.move) == (1, "B2")  # type: ignore[attr-defined]
    finally:
        await running.stop()
    return type(asyncio.get_running_loop()).__module__.split(".")[0]


@pytest.mark.parametrize("loop", LOOPS)
def test_the_server_plays_on_either_loop(tmp_path, monkeypatch, loop):
    monkeypatch.setenv("GRIDGAMES_LOOP", loop)
    assert fastloop.name() == loop
    assert fastloop.run(_a_move_is_acknowledged(str(tmp_path))) == loop
    assert not server._WARNED  # the frame filter (online.frames) watched every connection on this loop too


def test_without_uvloop_the_server_keeps_asyncio_loop(monkeypatch):
    monkeypatch.delenv("GRIDGAMES_LOOP", raising=False)
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as if not installed
    assert fastloop.loop_factory() is None
    assert fastloop.name() == "asyncio"
