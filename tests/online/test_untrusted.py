"""The server against hostile clients, over loopback: garbage, oversized frames, moves for the other
seat, out of turn, replayed, floods. Every one is answered or cut off, the server never falls over,
and the game and the database are exactly what the honest moves made them."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from dataclasses import replace

import aiohttp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.online import protocol as p
from gridgames.online import server
from tests.waiting import scaled

WAIT = scaled(10.0)


class Client:
    """A raw websocket: sends whatever it is told, reads typed server messages."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.session, self.url = session, url
        self.room: p.State | None = None  # the room followed: the last `state`, then `moved`, `members`

    def follow(self, message: p.Message) -> None:
        """Keep `room` up to date as a client does (without the engine: these tests check the server)."""
        room = self.room
        if isinstance(message, p.State):
            self.room = message
        elif isinstance(message, p.Moved) and room is not None:
            moves = (*room.moves, message.move)
            self.room = replace(room, moves=moves, takeback=None, score=message.score, draws=message.draws)
        elif isinstance(message, p.Members) and room is not None:
            self.room = replace(room, seated=message.seated, connected=message.connected)

    async def __aenter__(self) -> Client:
        self.ws = await self.session.ws_connect(self.url + p.PATH, max_msg_size=p.MAX_SERVER_FRAME)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def send(self, message: p.Message | str) -> None:
        await self.ws.send_str(message if isinstance(message, str) else message.to_json())

    async def next(self, kind: type[p.Message] | tuple[type[p.Message], ...]) -> p.Message:
        """The next message of `kind`, skipping others (states after other people's changes)."""
        while True:
            frame = await asyncio.wait_for(self.ws.receive(), WAIT)
            assert frame.type == aiohttp.WSMsgType.TEXT, f"connection ended: {frame}"
            message = p.parse_server(frame.data)
            self.follow(message)
            if isinstance(message, kind):
                return message

    async def refused(self, frame: p.Message | str) -> str:
        await self.send(frame)
        return (await self.next(p.Error)).message  # type: ignore[attr-defined]

    async def alive(self) -> bool:
        await self.send(p.Ping(7))
        return (await self.next(p.Pong)).n == 7  # type: ignore[attr-defined]


@pytest.fixture
async def room(tmp_path):
    """A server with a rowcol room, its two seated players connected; yields (url, host, guest, room, db)."""
    db = tmp_path / "rooms.sqlite"
    running = await server.start("127.0.0.1", 0, db)
    url = f"ws://127.0.0.1:{running.port}"
    async with aiohttp.ClientSession() as session:
        async with Client(session, url) as host, Client(session, url) as guest:
            await host.send(p.Create(p.VERSION, "rowcol", "5x5", "1", {}))
            welcome = await host.next(p.Welcome)
            await guest.send(p.Join(p.VERSION, welcome.room))
            assert (await guest.next(p.Welcome)).seat == 2
            yield url, session, host, guest, welcome, db
    await running.stop()


def stored_moves(db, room_id: str) -> list[str]:
    with sqlite3.connect(db) as check:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return [m for (m,) in check.execute("SELECT move FROM moves WHERE room=? ORDER BY ply", (room_id,))]


GARBAGE = [
    "not json", "[]", "{}", "null", "42", '"move"', '{"t": 5}', '{"t": "teleport"}',
    '{"t": "move"}', '{"t": "move", "ply": "0", "move": "C3"}', '{"t": "move", "ply": -1, "move": "C3"}',
    '{"t": "move", "ply": 0, "move": "C3", "seat": 2}',
    '{"t": "move", "ply": 0, "move": "__import__(\'os\')"}',
    '{"t": "move", "ply": 0, "move": "C3\\u0000"}', '{"t": "move", "ply": 1e400, "move": "C3"}',
    '{"t": "takeback", "answer": "force"}', '{"t": "join", "v": 1, "room": "../../etc/passwd"}',
    "[" * 1000 + "]" * 1000, '{"t": "ping", "n": true}', '{"t": "move", "ply": 0, "move": "\\udcff"}',
    "\U0001f600",
]


async def test_garbage_is_answered_with_an_error_and_changes_nothing(room):
    _, _, host, guest, welcome, db = room
    for frame in GARBAGE:
        message = await host.refused(frame)
        assert message and "\n" not in message
    await host.ws.send_bytes(b"\x80\x04binary")
    assert "not binary" in (await host.next(p.Error)).message  # type: ignore[attr-defined]
    assert await host.alive() and await guest.alive()
    assert stored_moves(db, welcome.room) == []


async def test_an_oversized_frame_costs_only_that_connection(room):
    url, session, host, guest, welcome, db = room
    async with Client(session, url) as rude:
        await rude.send("x" * (p.MAX_CLIENT_FRAME + 1))
        frame = await asyncio.wait_for(rude.ws.receive(), WAIT)
        assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
    await host.send(p.MoveMsg(0, "C3"))
    assert (await host.next(p.Ack)).ply == 1  # type: ignore[attr-defined]
    assert stored_moves(db, welcome.room) == ["C3"]


async def test_only_the_seat_to_move_moves_and_old_moves_are_not_replayed(room):
    url, session, host, guest, welcome, db = room
    assert "not your turn" in await guest.refused(p.MoveMsg(0, "C3"))
    await host.send(p.MoveMsg(0, "C3"))
    await host.next(p.Ack)
    assert "earlier position" in await host.refused(p.MoveMsg(0, "C3"))  # the same frame again
    assert "not your turn" in await host.refused(p.MoveMsg(1, "C1"))  # the other seat's move
    assert "row C or column 3" in await guest.refused(p.MoveMsg(1, "A1"))  # the engine's sentence
    async with Client(session, url) as thief:
        assert "does not belong" in await thief.refused(p.Join(p.VERSION, welcome.room, "x" * 32))
    async with Client(session, url) as watcher:
        await watcher.send(p.Join(p.VERSION, welcome.room))
        assert (await watcher.next(p.Welcome)).seat == 0  # both seats taken: a spectator
        assert "cannot" in await watcher.refused(p.MoveMsg(1, "C1"))
        assert "cannot" in await watcher.refused(p.Resign())
    async with Client(session, url) as stranger:
        assert "no game room" in await stranger.refused(p.Join(p.VERSION, "A" * 22))
    await guest.send(p.MoveMsg(1, "C1"))
    assert (await guest.next(p.Ack)).ply == 2  # type: ignore[attr-defined]
    assert stored_moves(db, welcome.room) == ["C3", "C1"]


async def test_a_flood_is_rate_limited_then_cut_off_and_the_room_plays_on(room):
    url, session, host, guest, welcome, db = room
    await guest.send(p.Join(p.VERSION, welcome.room))  # a second hello on the same connection
    assert "already in a room" in (await guest.next(p.Error)).message  # type: ignore[attr-defined]
    flood = [p.MoveMsg(0, "C3").to_json()] * 400
    for frame in flood:
        if guest.ws.closed:
            break
        await guest.ws.send_str(frame)
    errors, closed = set(), False
    while not closed:
        frame = await asyncio.wait_for(guest.ws.receive(), WAIT)
        if frame.type == aiohttp.WSMsgType.TEXT:
            message = p.parse_server(frame.data)
            if isinstance(message, p.Error):
                errors.add(message.message)
        else:
            closed = True
    assert "Too many messages: slow down." in errors
    assert await host.alive()
    await host.send(p.MoveMsg(0, "B3"))
    await host.next(p.Ack)
    async with Client(session, url) as back:  # the flooder's seat is still its own, with its secret
        await back.send(p.Join(p.VERSION, welcome.room, watch=True))
        state = await back.next(p.State)
        assert state.moves == ("B3",) and state.seated == (True, True)  # type: ignore[attr-defined]
    assert stored_moves(db, welcome.room) == ["B3"]


@settings(max_examples=120, deadline=None)
@given(st.one_of(
    st.text(max_size=300),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
            ["t", "v", "ply", "move", "room", "secret", "watch", "answer", "n", "variant", "size"]
        ) | st.text(max_size=5), inner, max_size=6),
        max_leaves=20,
    ).map(json.dumps),
    st.sampled_from(sorted(p.CLIENT_MESSAGES)).flatmap(
        lambda t: st.dictionaries(st.sampled_from(["ply", "move", "answer", "room", "v"]),
                                  st.integers() | st.text(max_size=10), max_size=3).map(
            lambda d: json.dumps({"t": t, **d}))
    ),
))
def test_any_frame_parses_to_a_message_or_one_refusal(frame):
    try:
        message = p.parse_client(frame)
    except p.ProtocolError as error:
        assert str(error).endswith(".") and "\n" not in str(error)
    else:
        assert p.parse_client(message.to_json()) == message


async def test_a_web_page_cannot_connect(room):
    url, session, *_ = room
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await session.ws_connect(url + p.PATH, origin="https://evil.example")
    assert refused.value.status == 403


async def test_a_connection_that_never_says_hello_is_closed(room, monkeypatch):
    url, session, host, *_ = room
    monkeypatch.setattr(server, "HELLO_SECONDS", 0.2)
    async with Client(session, url) as silent:
        frame = await asyncio.wait_for(silent.ws.receive(), WAIT)
        assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
    assert await host.alive()
