"""The game server's smaller holes (issue 29, item 30): a joining connection hears `welcome` before
any `moved` (the race forced by a hook), `/health` is rate-limited per address, unmasked client frames
are refused, pings count against the connection's rate, a frame of exactly the protocol's 2,048
bytes is read, and the server's heartbeat lets a silent connection go. Over loopback, against a real
server; every wait is bounded."""

from __future__ import annotations

import asyncio
import base64
import os
import struct

import aiohttp
import pytest

from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.limits import Limits
from tests.waiting import until

from .test_untrusted import WAIT, Client


@pytest.fixture
async def running(tmp_path):  # type: ignore[no-untyped-def]
    started = await server.start(
        "127.0.0.1", 0, tmp_path / "rooms.sqlite", limits=Limits(health_per_second=0.001, health_burst=3)
    )
    try:
        yield started
    finally:
        await started.stop()


def url_of(running: server.Running) -> str:
    return f"ws://127.0.0.1:{running.port}"


async def test_a_move_made_while_someone_joins_reaches_them_after_their_welcome(running):
    """The hook: the joiner is in the room (it entered) but not yet seated when a move is made and
    told to everyone; the joiner must still hear `welcome` first, then the room with the move."""
    url = url_of(running)
    async with aiohttp.ClientSession() as session, Client(session, url) as host, \
            Client(session, url) as guest, Client(session, url) as late:
        await host.send(p.Create(p.VERSION, "rowcol", "3x3", "1", {}))
        room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
        await guest.send(p.Join(p.VERSION, room))
        await guest.next(p.Welcome)
        game = running.server
        real = game._enter

        async def entered_then_a_move(conn, room_id, known=False):  # type: ignore[no-untyped-def]
            entered = await real(conn, room_id, known)
            await host.send(p.MoveMsg(0, "B2"))
            await host.next(p.Moved)  # told to everyone in the room
            await guest.next(p.Moved)
            return entered

        game._enter = entered_then_a_move  # type: ignore[method-assign]
        try:
            await late.send(p.Join(p.VERSION, room, watch=True))
            first = p.parse_server((await asyncio.wait_for(late.ws.receive(), WAIT)).data)
            second = p.parse_server((await asyncio.wait_for(late.ws.receive(), WAIT)).data)
        finally:
            del game._enter
        assert isinstance(first, p.Welcome)
        assert isinstance(second, p.State) and second.moves == ("B2",)


async def test_health_checks_are_limited_per_address(running):
    async with aiohttp.ClientSession() as session:
        statuses = []
        for _ in range(6):
            async with session.get(f"http://127.0.0.1:{running.port}/health") as response:
                statuses.append(response.status)
    assert statuses == [200, 200, 200, 429, 429, 429]


async def _raw_upgrade(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A websocket opened by hand, so that frames can be sent as no library would."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        f"GET {p.PATH} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
    assert head.startswith(b"HTTP/1.1 101"), head
    return reader, writer


def _frame(payload: bytes, opcode: int = 0x1, masked: bool = True) -> bytes:
    size = len(payload)
    length = bytes([size]) if size < 126 else bytes([126]) + struct.pack("!H", size)
    if not masked:
        return bytes([0x80 | opcode, length[0]]) + length[1:] + payload
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | length[0]]) + length[1:] + mask + body


async def _close_code(reader: asyncio.StreamReader) -> int | None:
    """The code of the server's close frame, skipping other frames; None if the connection just ends."""
    while True:
        try:
            head = await asyncio.wait_for(reader.readexactly(2), WAIT)
        except asyncio.IncompleteReadError:
            return None
        size = head[1] & 0x7F
        if size == 126:
            size = struct.unpack("!H", await reader.readexactly(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", await reader.readexactly(8))[0]
        body = await reader.readexactly(size)
        if head[0] & 0x0F == 0x8:
            return struct.unpack("!H", body[:2])[0] if len(body) >= 2 else None


async def test_an_unmasked_client_frame_is_refused(running):
    reader, writer = await _raw_upgrade(running.port)
    try:
        writer.write(_frame(p.Ping(7).to_json().encode(), masked=False))
        assert await _close_code(reader) == 1002  # protocol error: the reply was a pong before
    finally:
        writer.close()


async def test_a_masked_frame_by_hand_is_answered(running):
    reader, writer = await _raw_upgrade(running.port)
    try:
        writer.write(_frame(p.Ping(7).to_json().encode()))
        head = await asyncio.wait_for(reader.readexactly(2), WAIT)
        body = await reader.readexactly(head[1] & 0x7F)
        assert isinstance(p.parse_server(body.decode()), p.Pong)
    finally:
        writer.close()


async def test_pings_count_against_the_connections_rate(running):
    async with aiohttp.ClientSession() as session, session.ws_connect(url_of(running) + p.PATH) as ws:
        for n in range(150):  # a burst of 40 and 50 strikes past it: then the connection ends
            await ws.ping(str(n).encode())
        while not ws.closed:
            message = await asyncio.wait_for(ws.receive(), WAIT)
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                break
        assert ws.close_code == 1008


async def test_a_message_of_exactly_the_protocols_frame_size_is_read(running):
    bare = p.Ping(5).to_json()
    exact = bare[:-1] + " " * (p.MAX_CLIENT_FRAME - len(bare)) + "}"
    assert len(exact.encode()) == p.MAX_CLIENT_FRAME
    async with aiohttp.ClientSession() as session, Client(session, url_of(running)) as client:
        await client.send(exact)
        assert (await client.next(p.Pong)).n == 5  # type: ignore[attr-defined]
        await client.send(exact[:-1] + " }")  # one byte more: aiohttp ends the connection
        message = await asyncio.wait_for(client.ws.receive(), WAIT)
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        assert client.ws.close_code == 1009


async def test_a_move_reaches_fifty_watchers_without_a_task_for_each(running):
    """The fan-out is one pass over the room: counted with the event loop's own task factory, a move
    told to 50 watchers starts a handful of tasks, not one (or two) per watcher."""
    url = url_of(running)
    async with aiohttp.ClientSession() as session, Client(session, url) as host, \
            Client(session, url) as guest:
        await host.send(p.Create(p.VERSION, "rowcol", "3x3", "1", {}))
        room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
        await guest.send(p.Join(p.VERSION, room))
        await guest.next(p.Welcome)
        watchers = [await Client(session, url).__aenter__() for _ in range(50)]
        try:
            for watcher in watchers:
                await watcher.send(p.Join(p.VERSION, room, watch=True))
                await watcher.next(p.State)
            loop = asyncio.get_running_loop()
            started = 0

            def counting(loop, coro, **kwargs):  # type: ignore[no-untyped-def]
                nonlocal started
                started += 1
                return asyncio.Task(coro, loop=loop, **kwargs)

            async def all_told() -> None:  # read without a task per read (Client.next makes one)
                for watcher in watchers:
                    while not isinstance(told := p.parse_server((await watcher.ws.receive()).data), p.Moved):
                        pass
                    assert told.move == "B2"

            loop.set_task_factory(counting)
            try:
                await host.send(p.MoveMsg(0, "B2"))
                await asyncio.wait_for(all_told(), WAIT)
            finally:
                loop.set_task_factory(None)
            assert started < 10, f"{started} tasks for one move told to 50 watchers"
        finally:
            for watcher in watchers:
                await watcher.__aexit__()


async def test_the_heartbeat_pings_a_silent_connection_then_lets_it_go_and_keeps_one_that_answers(tmp_path):
    """The server's heartbeat, its looks made by hand (its own timer is an hour away): the first look
    pings both connections, one answers with a pong (aiohttp's client does), the other does not and
    is let go at the next look."""
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", limits=Limits(heartbeat=7200))
    game = running.server
    try:
        async with aiohttp.ClientSession() as session, \
                session.ws_connect(url_of(running) + p.PATH, autoping=False) as silent:
            await until(None, lambda: len(game.conns) == 1, "the silent connection")
            (quiet,) = game.conns
            async with session.ws_connect(url_of(running) + p.PATH) as answering:
                await until(None, lambda: len(game.conns) == 2, "the answering connection")
                (answers,) = game.conns - {quiet}
                reader = asyncio.create_task(answering.receive())  # its client answers pings as it reads
                game.heartbeat()
                assert (await asyncio.wait_for(silent.receive(), WAIT)).type == aiohttp.WSMsgType.PING
                assert answers.frames is not None
                await until(None, lambda: answers.frames.reads > answers.heard, "the pong")  # type: ignore
                game.heartbeat()
                closing = await asyncio.wait_for(silent.receive(), WAIT)
                assert (closing.type, closing.data) == (aiohttp.WSMsgType.CLOSE, 1001)
                assert answers in game.conns and not answering.closed and not reader.done()
                reader.cancel()
    finally:
        await running.stop()
