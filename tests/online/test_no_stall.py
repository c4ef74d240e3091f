"""No client can stall the server: a long room loads off the event loop, once, however many join it;
joins and leaves cost the others nothing; addresses, rooms and watchers have ceilings. Over loopback,
against a real server and a real SQLite file; nothing here is timed except the CPU time of
the loop's callbacks."""

from __future__ import annotations

import asyncio
import gc
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager

import aiohttp
import pytest

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.limits import Limits
from gridgames.online.room import new_row
from gridgames.online.store import open_store
from tests.waiting import scaled

from .test_untrusted import Client

WAIT = scaled(20.0)
LONG_GAME = 300  # walls moves on 30x30: over a second to replay, far over the 50 ms of a slow callback
#: The CPU time one callback on the loop may take (asyncio's own debug mode warns from 100 ms of wall time).
SLOW_CALLBACK = 0.05


@contextmanager
def callbacks_over(limit: float) -> Iterator[list[str]]:
    """Every callback of this thread's event loops that took more than `limit` seconds of this
    thread's CPU time, named as asyncio's debug mode names it, while the block runs. CPU time, not
    the wall clock: on a loaded machine the process waits for a core between two instructions, and
    that wait is no work the server did on its loop (a replay on the loop is seconds of CPU)."""
    slow: list[str] = []
    run = asyncio.events.Handle._run

    def timed(handle: asyncio.events.Handle) -> None:
        started = time.thread_time()
        try:
            run(handle)
        finally:
            spent = time.thread_time() - started
            if spent > limit:
                slow.append(f"{handle!r} took {spent:.3f} s of CPU")

    asyncio.events.Handle._run = timed  # type: ignore[method-assign]
    try:
        yield slow
    finally:
        asyncio.events.Handle._run = run  # type: ignore[method-assign]


def long_walls_game(moves: int) -> Game:
    """A random legal game of walls on 30x30, `moves` long (seeded: the same every run)."""
    rng = random.Random(5)
    game = Game.new(get_entry("walls"), Options(30, 30, "1"), first_player=1)
    while len(game.played) < moves:
        game = game.play(rng.choice(game.legal_moves()))
    return game


async def store_room(db, game: Game) -> str:
    """Write a room holding `game` straight into the database, as a long-lived server would have."""
    row = new_row(p.Create(p.VERSION, "walls", "30x30", "1", {}), "s" * 24)
    store = await open_store(db)
    try:
        await store.create(row)
        seq = row.seq
        for ply, move in enumerate(game.played):
            seq = await store.add_move(row.id, seq, 1, ply, game.rules.format_move(move), None)
    finally:
        await store.close()
    return row.id


async def quiet_frames(client: Client, seconds: float) -> list[p.Message]:
    """Whatever `client` receives within `seconds`."""
    got: list[p.Message] = []
    try:
        while True:
            frame = await asyncio.wait_for(client.ws.receive(), seconds)
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            got.append(p.parse_server(frame.data))
    except asyncio.TimeoutError:
        pass
    return got


@pytest.fixture
async def started(tmp_path):
    """Start servers with given limits, the first on rooms.sqlite; all stopped at the end."""
    running: list[server.Running] = []

    async def start(limits: Limits | None = None) -> str:
        db = tmp_path / ("rooms.sqlite" if not running else f"rooms-{len(running)}.sqlite")
        one = await server.start("127.0.0.1", 0, db, limits=limits)
        running.append(one)
        return f"ws://127.0.0.1:{one.port}"

    yield start
    for one in running:
        await one.stop()


async def test_a_churn_of_joins_to_a_long_room_stalls_no_callback_and_loads_it_once(tmp_path, started):
    game = await asyncio.to_thread(long_walls_game, LONG_GAME)
    long_room = await store_room(tmp_path / "rooms.sqlite", game)
    url = await started()
    # This process also holds pytest's heap, many times a server's: frozen out of the collector's
    # sight (as `gridgames server` freezes its start-up), so its full passes measure the server's own.
    gc.collect()
    gc.freeze()
    try:
        with callbacks_over(SLOW_CALLBACK) as stalls:
            async with aiohttp.ClientSession() as session:
                async with Client(session, url) as host, Client(session, url) as guest:
                    await host.send(p.Create(p.VERSION, "rowcol", "5x5", "1", {}))
                    other = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
                    await guest.send(p.Join(p.VERSION, other))
                    await guest.next(p.Welcome)

                    async def watch_once() -> int:
                        async with Client(session, url) as watcher:
                            await watcher.send(p.Join(p.VERSION, long_room, watch=True))
                            state = await watcher.next(p.State)
                            return len(state.moves)  # type: ignore[attr-defined]

                    first = asyncio.gather(*(watch_once() for _ in range(4)))  # four at once: one load
                    await host.send(p.MoveMsg(0, "C3"))  # the other room plays on meanwhile
                    assert (await host.next(p.Ack)).ply == 1  # type: ignore[attr-defined]
                    assert await first == [LONG_GAME] * 4
                    for _ in range(20):  # then join and leave, again and again
                        assert await watch_once() == LONG_GAME
                    await guest.send(p.MoveMsg(1, "C1"))
                    assert (await guest.next(p.Ack)).ply == 2  # type: ignore[attr-defined]
    finally:
        gc.unfreeze()
    assert stalls == []


async def test_the_room_is_replayed_once_however_often_it_is_joined(tmp_path, started):
    game = await asyncio.to_thread(long_walls_game, 40)
    long_room = await store_room(tmp_path / "rooms.sqlite", game)
    url = await started()
    from gridgames.online import room as room_module

    replays = 0
    real = room_module.Room.from_row.__func__  # type: ignore[attr-defined]

    def counted(cls, row):  # type: ignore[no-untyped-def]
        nonlocal replays
        replays += 1
        return real(cls, row)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(room_module.Room, "from_row", classmethod(counted))
        async with aiohttp.ClientSession() as session:
            for _ in range(10):
                async with Client(session, url) as watcher:
                    await watcher.send(p.Join(p.VERSION, long_room, watch=True))
                    await watcher.next(p.State)
    assert replays == 1


async def test_watchers_coming_and_going_cost_the_others_nothing_and_a_seat_leaving_is_one_small_message(
    started,
):
    url = await started()
    async with aiohttp.ClientSession() as session:
        async with Client(session, url) as host, Client(session, url) as guest:
            await host.send(p.Create(p.VERSION, "rowcol", "5x5", "1", {}))
            room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
            await host.next(p.State)
            await guest.send(p.Join(p.VERSION, room))
            await guest.next(p.State)
            assert isinstance(await host.next(p.Members), p.Members)  # Player 2 arrived
            for _ in range(15):
                async with Client(session, url) as watcher:
                    await watcher.send(p.Join(p.VERSION, room, watch=True))
                    await watcher.next(p.State)
            assert await quiet_frames(host, 0.3) == []  # 15 watchers came and went: not a word
            await host.send(p.MoveMsg(0, "C3"))
            got = [await host.next(p.Ack), await guest.next(p.Moved)]
            assert got[1] == p.Moved(1, 1, "C3", (0, 0), 0)
        # the guest left: the host (gone too) saw nothing but small messages throughout


async def test_a_seat_leaving_tells_the_others_in_a_members_message(started):
    url = await started()
    async with aiohttp.ClientSession() as session:
        async with Client(session, url) as host:
            await host.send(p.Create(p.VERSION, "rowcol", "5x5", "1", {}))
            room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
            async with Client(session, url) as guest:
                await guest.send(p.Join(p.VERSION, room))
                await guest.next(p.Welcome)
                assert (await host.next(p.Members)).connected == (True, True)  # type: ignore[attr-defined]
            left = await host.next(p.Members)
            assert left == p.Members((True, True), (True, False))


async def test_joins_and_creates_from_one_address_are_rate_limited(started):
    url = await started(Limits(room_ops_burst=3, room_ops_per_second=0.01))
    async with aiohttp.ClientSession() as session:
        async with Client(session, url) as host:
            await host.send(p.Create(p.VERSION, "rowcol", "5x5", "1", {}))  # 1
            room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
            async with Client(session, url) as watcher:  # 2, and its leave: 3
                await watcher.send(p.Join(p.VERSION, room, watch=True))
                await watcher.next(p.State)
            async with Client(session, url) as churner:
                refusal = await churner.refused(p.Join(p.VERSION, room, watch=True))
                assert refusal == server.TOO_BUSY
            assert await host.alive()


async def test_connections_are_capped_per_address_and_watchers_per_room(started):
    url = await started(Limits(per_address=3, watchers_per_room=1))
    async with aiohttp.ClientSession() as session:
        async with Client(session, url) as host, Client(session, url) as watcher:
            await host.send(p.Create(p.VERSION, "rowcol", "5x5", "1", {}))
            room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
            await watcher.send(p.Join(p.VERSION, room, watch=True))
            await watcher.next(p.State)
            async with Client(session, url) as second:
                assert "already has 1 watchers" in await second.refused(p.Join(p.VERSION, room, watch=True))
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(url + p.PATH)  # a fourth connection from 127.0.0.1
                assert refused.value.status == 503


async def test_an_idle_watcher_is_let_go_and_the_players_stay(started):
    url = await started(Limits(watcher_idle=0.3))
    async with aiohttp.ClientSession() as session:
        async with Client(session, url) as host, Client(session, url) as watcher:
            await host.send(p.Create(p.VERSION, "rowcol", "5x5", "1", {}))
            room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
            await watcher.send(p.Join(p.VERSION, room, watch=True))
            closed = await watcher.next(p.Closed)
            assert "Nothing happened in this room" in closed.message  # type: ignore[attr-defined]
            assert await host.alive()


async def test_boards_are_as_large_as_the_app_draws_unless_the_operator_allows_more(started):
    small = await started()
    large = await started(Limits(max_size=(12, 12)))
    async with aiohttp.ClientSession() as session:
        async with Client(session, small) as host:
            refusal = await host.refused(p.Create(p.VERSION, "rowcol", "10x9", "1", {}))
            assert refusal == (
                "This server hosts boards up to 9x9, not 10x9; "
                "its operator can allow larger ones with gridgames server --max-size."
            )
        async with Client(session, large) as host:
            await host.send(p.Create(p.VERSION, "rowcol", "12x12", "1", {}))
            assert (await host.next(p.State)).size == "12x12"  # type: ignore[attr-defined]


def test_host_refuses_a_board_its_own_server_would_not_host_and_says_what_to_do(tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "gridgames", "host", "rowcol", "--size", "12x12", "--plain"],
        capture_output=True, text=True, timeout=WAIT, env=env, stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert "start `gridgames server --max-size 12x12` and host with --server." in done.stderr


async def test_idle_rooms_kept_in_memory_are_bounded_by_count_and_by_moves(tmp_path):
    from gridgames.online.rooms import Rooms

    game = long_walls_game(30)
    ids = [await store_room(tmp_path / "rooms.sqlite", game) for _ in range(4)]
    store = await open_store(tmp_path / "rooms.sqlite")
    rooms = Rooms(store, resting=3, resting_moves=70)

    class Conn:
        room = None

    try:
        for room_id in ids:
            conn = Conn()
            assert await rooms.enter(conn, room_id) is not None
            assert await rooms.leave(conn) is None
        assert list(rooms.resting) == ids[-2:] and rooms.moves_held == 60  # 70 moves hold two of 30
        conn = Conn()
        await rooms.enter(conn, ids[-1])  # live again: no longer idle
        assert list(rooms.resting) == ids[-2:-1] and rooms.moves_held == 30 and rooms.loads == 4
    finally:
        rooms.close()
        await store.close()


async def test_gridgames_server_max_size_lets_larger_boards_in(tmp_path):
    from .driver import Procs

    procs = Procs(tmp_path)
    try:
        proc = procs.start("server", "--port", "0", "--db", str(tmp_path / "r.sqlite"), "--max-size", "12x10",
                           person="server")
        url = (await asyncio.to_thread(proc.expect, r"game server on (ws://127\.0\.0\.1:\d+)")).group(1)
        async with aiohttp.ClientSession() as session, Client(session, url) as host:
            await host.send(p.Create(p.VERSION, "rowcol", "12x10", "1", {}))
            assert (await host.next(p.State)).size == "12x10"  # type: ignore[attr-defined]
        async with aiohttp.ClientSession() as session, Client(session, url) as other:
            refusal = await other.refused(p.Create(p.VERSION, "rowcol", "12x11", "1", {}))
            assert "up to 12x10, not 12x11" in refusal
    finally:
        procs.stop_all()
