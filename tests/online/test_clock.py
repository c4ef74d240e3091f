"""Clocks in rooms (issue 31): the server keeps the time on its own (injected) time source, charges a move
the time it took less the reported round trip (up to the cap), ends a game on time by itself when the
running player's time and the lag cap are up (a sweep ends it in a room nobody holds), and keeps the clock
across a restart. Time is moved by the
test (`ManualTime`), never waited for; the network is loopback."""

from __future__ import annotations

import aiohttp
import pytest

from gridgames.engine.clock import LAG_CAP
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.timesource import ManualTime

from .test_untrusted import Client


@pytest.fixture
def clock() -> ManualTime:
    return ManualTime()


async def _room(url: str, session: aiohttp.ClientSession, host: Client, guest: Client) -> tuple[str, str]:
    await host.send(p.Create(p.VERSION, "rowcol", "3x3", "1", {}, clock="0.5+1"))
    welcome = await host.next(p.Welcome)
    state = await host.next(p.State)
    assert state.clock == {"control": "0.5+1", "left": [30.0, 30.0], "running": None}  # type: ignore[attr-defined]
    await guest.send(p.Join(p.VERSION, welcome.room))  # type: ignore[attr-defined]
    await guest.next(p.Welcome)
    return welcome.room, welcome.secret  # type: ignore[attr-defined]


async def test_a_move_is_charged_its_time_less_the_reported_round_trip(tmp_path, clock):
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=clock)
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Client(session, url) as host, \
                Client(session, url) as guest:
            await _room(url, session, host, guest)
            state = await guest.next(p.State)
            assert state.clock["running"] == 1  # type: ignore[attr-defined]  # both seated: it runs
            clock.advance(5.0)
            await host.send(p.MoveMsg(0, "B2", lag=300))  # 0.3 s of the 5 was the network's
            moved = await guest.next(p.Moved)
            assert moved.clock == {  # type: ignore[attr-defined]
                "control": "0.5+1", "left": [pytest.approx(30 - 4.7 + 1), 30.0], "running": 2,
            }
            await host.next(p.Moved)  # its own move, told to it too
            clock.advance(2.0)
            await guest.send(p.MoveMsg(1, "B1", lag=5000))  # a claimed 5 s round trip: only the cap counts
            moved = await host.next(p.Moved)
            assert moved.clock["left"][1] == pytest.approx(30 - (2.0 - LAG_CAP) + 1)  # type: ignore[attr-defined]
    finally:
        await running.stop()


async def test_a_player_who_never_moves_loses_on_time_with_nobody_sending_anything(tmp_path, clock):
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=clock)
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Client(session, url) as host, \
                Client(session, url) as guest:
            await _room(url, session, host, guest)
            clock.advance(30.0 + LAG_CAP - 0.01)  # within the lag cap: not yet
            clock.advance(0.01)
            state = await guest.next(p.State)
            while state.result is None:  # type: ignore[attr-defined]
                state = await guest.next(p.State)
            assert state.result.winner == 2  # type: ignore[attr-defined]
            assert "ran out of time" in state.result.reason  # type: ignore[attr-defined]
            assert state.clock == {"control": "0.5+1", "left": [0.0, 30.0], "running": None}  # type: ignore[attr-defined]
            assert "is over" in await host.refused(p.MoveMsg(0, "B2"))
    finally:
        await running.stop()


async def test_a_move_arriving_after_the_time_and_the_cap_loses_on_time(tmp_path, clock):
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=clock)
    running.server.arm = lambda room: None  # type: ignore[method-assign]  # no timer: the move finds it
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Client(session, url) as host, \
                Client(session, url) as guest:
            await _room(url, session, host, guest)
            clock.advance(31.0)
            assert "time ran out" in await host.refused(p.MoveMsg(0, "B2", lag=500))
            state = await guest.next(p.State)
            while state.result is None:  # type: ignore[attr-defined]
                state = await guest.next(p.State)
            assert state.result is not None and state.result.winner == 2  # type: ignore[attr-defined]
    finally:
        await running.stop()


async def test_the_clock_runs_on_while_the_server_is_down_and_is_kept_across_a_restart(tmp_path, clock):
    db = tmp_path / "rooms.sqlite"
    running = await server.start("127.0.0.1", 0, db, time_source=clock)
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Client(session, url) as host, \
                Client(session, url) as guest:
            room, secret = await _room(url, session, host, guest)
            clock.advance(4.0)
            await host.send(p.MoveMsg(0, "B2"))
            await host.next(p.Ack)
    finally:
        await running.stop()
    clock.advance(10.0)  # the guest's time runs while the server is down
    running = await server.start("127.0.0.1", 0, db, time_source=clock)
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Client(session, url) as host:
            await host.send(p.Join(p.VERSION, room, secret))
            state = await host.next(p.State)
            assert state.clock == {  # type: ignore[attr-defined]
                "control": "0.5+1", "left": [pytest.approx(27.0), pytest.approx(20.0)], "running": 2,
            }
    finally:
        await running.stop()


async def test_another_server_of_a_cluster_shows_and_keeps_the_same_clock(pg_url, clock):
    one = await server.start("127.0.0.1", 0, pg_url, time_source=clock)
    two = await server.start("127.0.0.1", 0, pg_url, time_source=clock)
    try:
        async with aiohttp.ClientSession() as session, \
                Client(session, f"ws://127.0.0.1:{one.port}") as host, \
                Client(session, f"ws://127.0.0.1:{two.port}") as guest:
            await _room("", session, host, guest)
            clock.advance(3.0)
            await host.send(p.MoveMsg(0, "B2"))
            moved = await guest.next(p.Moved)  # heard of through the database
            assert moved.clock == {  # type: ignore[attr-defined]
                "control": "0.5+1", "left": [pytest.approx(28.0), 30.0], "running": 2,
            }
            clock.advance(30.0 + LAG_CAP)  # the guest never answers: whichever server's timer fires ends it
            state = await host.next(p.State)
            while state.result is None:  # type: ignore[attr-defined]
                state = await host.next(p.State)
            assert state.result.winner == 1  # type: ignore[attr-defined]
            state = await guest.next(p.State)
            while state.result is None:  # type: ignore[attr-defined]
                state = await guest.next(p.State)
            assert state.clock == {  # type: ignore[attr-defined]
                "control": "0.5+1", "left": [pytest.approx(28.0), 0.0], "running": None,
            }
    finally:
        await one.stop()
        await two.stop()


async def _left_alone(url: str, rooms: int) -> list[tuple[str, str]]:
    """`rooms` hosted rooms under 0.5+1, both seats taken (Player 1's time running), then left by both."""
    made = []
    async with aiohttp.ClientSession() as session:
        for _ in range(rooms):
            async with Client(session, url) as host, Client(session, url) as guest:
                made.append(await _room(url, session, host, guest))
                await guest.next(p.State)  # both seated: the clock runs
    return made


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
async def test_a_hosted_room_nobody_holds_ends_on_time_by_the_sweep(tmp_path, clock, store, request):
    db = tmp_path / "rooms.sqlite" if store == "sqlite" else request.getfixturevalue("pg_url")
    running = await server.start("127.0.0.1", 0, db, time_source=clock)
    try:
        (room, secret), = await _left_alone(f"ws://127.0.0.1:{running.port}", 1)
    finally:
        await running.stop()
    clock = ManualTime(clock.now())  # the first server's timers stay behind with it
    running = await server.start("127.0.0.1", 0, db, time_source=clock)  # no room in memory, no timer
    url = f"ws://127.0.0.1:{running.port}"
    try:
        clock.advance(30.0)
        assert await running.server.sweep_flags() == 0  # the time is up, the lag cap not yet
        clock.advance(LAG_CAP)
        assert await running.server.sweep_flags() == 1
        assert await running.server.sweep_flags() == 0  # ended once
        async with aiohttp.ClientSession() as session, Client(session, url) as host:
            await host.send(p.Join(p.VERSION, room, secret))
            state = await host.next(p.State)
            assert state.result is not None and state.result.winner == 2  # type: ignore[attr-defined]
            assert "ran out of time" in state.result.reason  # type: ignore[attr-defined]
            assert state.clock == {"control": "0.5+1", "left": [0.0, 30.0], "running": None}  # type: ignore[attr-defined]
            assert state.score == (0, 1)  # type: ignore[attr-defined]  # the result is recorded in the match
    finally:
        await running.stop()


async def test_the_sweep_pages_through_every_clocked_room(tmp_path, clock, monkeypatch):
    db = tmp_path / "rooms.sqlite"
    running = await server.start("127.0.0.1", 0, db, time_source=clock)
    try:
        await _left_alone(f"ws://127.0.0.1:{running.port}", 2)
    finally:
        await running.stop()
    monkeypatch.setattr(server, "SWEEP_LIMIT", 1)  # one room a sweep: the next sweep reads on
    clock = ManualTime(clock.now())
    running = await server.start("127.0.0.1", 0, db, time_source=clock)
    try:
        clock.advance(31.0)
        assert [await running.server.sweep_flags() for _ in range(3)] == [1, 1, 0]
    finally:
        await running.stop()
