"""A room loads from its snapshot, stored every few moves: joining a long stored game applies through the
rules only the moves stored after its snapshot (none when it was stored with the last); a damaged snapshot
is refused and the room is replayed, right. Over loopback against
real servers, on a real SQLite file and on the throwaway PostgreSQL (tests/pg.py); nothing is timed."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from dataclasses import replace

import aiohttp
import psycopg
import pytest

from gridgames.engine.cells import Cell
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.snapshot import SnapshotError
from gridgames.games import get_entry
from gridgames.games.guard import unwrapped
from gridgames.games.walls.rules import WALL
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online import snapshot as snapshots
from gridgames.online.limits import Limits
from gridgames.online.room import new_row
from gridgames.online.rooms import rebuild
from gridgames.online.store import open_store

from .test_cluster import state_where
from .test_untrusted import Client

SIDE = 30
HOST_SECRET = "s" * 24


def walls_game(side: int = SIDE) -> Game:
    """900 legal moves of walls on 30x30: the tokens placed in opposite corners, one step each, then a
    wall on every other cell but the two the tokens step between (the game goes on: both can step)."""
    game = Game.new(get_entry("walls"), Options(side, side, "1"), first_player=1)
    last = side * side - 1

    def at(index: int, kind: str = "") -> Move:
        return Move((Cell(*divmod(index, side)),), kind)

    moves = [at(0), at(last), at(1), at(last - 1)] + [at(i, WALL) for i in range(2, last - 1)]
    for move in moves:
        game = game.play(move)
    return game


@pytest.fixture(scope="module")
def long_game() -> Game:
    return walls_game()


async def three_takebacks(host: Client, guest: Client) -> Client:
    """Three takebacks, each asked by the player who just moved and accepted by the other, from
    seven moves back to four; the last to accept (whose room shows the result)."""
    turns = (((host, guest), 6), ((guest, host), 5), ((host, guest), 4))
    for (asker, answerer), keep in turns:
        await asker.send(p.Takeback("request"))
        await state_where(answerer, lambda s: s.takeback is not None)
        await answerer.send(p.Takeback("accept"))
        await state_where(answerer, lambda s, keep=keep: s.takeback is None and len(s.moves) == keep)
    return answerer


async def store_room(db, game: Game, snapshots_too: bool = True, every: int = 1) -> str:  # type: ignore[no-untyped-def]
    """`game` written into the database move by move, with a snapshot with every `every`-th (a server
    writes one every `snapshot.EVERY` moves)."""
    size = f"{game.options.rows}x{game.options.cols}"
    row = new_row(p.Create(p.VERSION, game.entry.id, size, "1", {}), HOST_SECRET)
    store = await open_store(db)
    try:
        await store.create(row)
        seq = row.seq
        for ply, move in enumerate(game.played):
            text = game.rules.format_move(move)
            kept = snapshots_too and (ply + 1) % every != 0
            snapshot = snapshots.write(row.id, 1, 0, game.goto(ply + 1), text) if snapshots_too else None
            seq = await store.add_move(row.id, seq, 1, ply, text, None, snapshot, keep_snapshot=kept)
    finally:
        await store.close()
    return row.id


@pytest.fixture
def applied(monkeypatch):  # type: ignore[no-untyped-def]
    """Counts the moves walls' rules apply: every move the engine plays ends in `apply_unchecked`
    (the checked `apply_move` calls it after its checks)."""
    rules = type(unwrapped(get_entry("walls").rules))
    count = {"moves": 0}
    real = rules.apply_unchecked

    def counted(self, state, move):  # type: ignore[no-untyped-def]
        count["moves"] += 1
        return real(self, state, move)

    monkeypatch.setattr(rules, "apply_unchecked", counted)
    return count


async def watch(url: str, room: str) -> p.State:
    async with aiohttp.ClientSession() as session, Client(session, url) as watcher:
        await watcher.send(p.Join(p.VERSION, room, watch=True))
        return await watcher.next(p.State)  # type: ignore[return-value]


async def test_joining_a_stored_900_move_room_applies_no_move_and_it_plays_on(tmp_path, long_game, applied):
    db = tmp_path / "rooms.sqlite"
    room = await store_room(db, long_game)
    texts = tuple(long_game.rules.format_move(move) for move in long_game.played)
    running = await server.start("127.0.0.1", 0, db, limits=Limits(max_size=(SIDE, SIDE)))
    url = f"ws://127.0.0.1:{running.port}"
    try:
        applied["moves"] = 0
        state = await watch(url, room)
        assert state.moves == texts and len(texts) == 900
        assert applied["moves"] == 0
        async with aiohttp.ClientSession() as session, Client(session, url) as host:
            await host.send(p.Join(p.VERSION, room, HOST_SECRET))
            await host.next(p.State)
            await host.send(p.MoveMsg(900, "A1"))  # X steps back to its corner
            assert (await host.next(p.Ack)).ply == 901  # type: ignore[attr-defined]
    finally:
        await running.stop()
    assert applied["moves"] == 1  # that move, once
    running = await server.start("127.0.0.1", 0, db, limits=Limits(max_size=(SIDE, SIDE)))
    try:  # the snapshot of ply 900 loads the room again, and the one move after it is played on it
        state = await watch(f"ws://127.0.0.1:{running.port}", room)
        assert state.moves == (*texts, "A1")
    finally:
        await running.stop()
    assert applied["moves"] == 2


async def test_a_room_loads_from_a_snapshot_a_few_moves_behind_with_the_moves_after_it_played_on(
    tmp_path, applied
):
    game = walls_game(5)  # 25 moves: the snapshot is of ply 24, move 25 is played on it
    assert len(game.played) == 25 and snapshots.due(24, False) and not snapshots.due(25, False)
    db = tmp_path / "rooms.sqlite"
    room = await store_room(db, game, every=snapshots.EVERY)
    store = await open_store(db)
    try:
        row = await store.load(room)
    finally:
        await store.close()
    assert row is not None and json.loads(row.snapshot or "")["ply"] == 24
    applied["moves"] = 0
    loaded = await asyncio.to_thread(rebuild, row)
    assert applied["moves"] == 1
    assert loaded is not None and loaded.state().moves == row.moves
    assert loaded.game.state == game.state and loaded.ply == 25
    ahead = replace(row, moves=row.moves[:20])  # a snapshot of a ply the stored moves have not reached
    with pytest.raises(SnapshotError, match="another game or ply"):
        snapshots.read(ahead)


def short_game() -> Game:
    """Seven moves; the fifth is a wall, so no position before the snapshot's first (ply 5) may come
    back after it: a takeback to ply 4 goes past what a room loaded from the snapshot holds."""
    game = Game.new(get_entry("walls"), Options(5, 5, "1"), first_player=1)
    for text in ("A1", "E5", "#C3", "#C4", "#A3", "D5", "#B1"):
        game = game.play(text)
    return game


def damage(text: str, room: str, how: str) -> str:
    """The snapshot `text` damaged `how`: a character changed, or a position the game must refuse
    (O's token on X's cell) with the digest made to match, or the ply and last move of another game."""
    if how == "bit rot":
        return text.replace('"ply":7', '"ply":6')
    payload = json.loads(text)
    payload.pop("sum")
    if how == "inconsistent":
        payload["states"][-1] = payload["states"][-1].replace('"token2":19', '"token2":0')
    else:
        payload["game"] = 2
    payload["sum"] = snapshots._digest(room, payload)
    return json.dumps(payload)


@pytest.mark.parametrize("how", ["bit rot", "inconsistent", "another game"])
async def test_a_damaged_snapshot_is_refused_and_the_room_is_replayed_right(tmp_path, applied, how, caplog):
    game = short_game()
    db = tmp_path / "rooms.sqlite"
    room = await store_room(db, game)
    with sqlite3.connect(db) as con:
        (text,) = con.execute("SELECT snapshot FROM rooms WHERE id=?", (room,)).fetchone()
        con.execute("UPDATE rooms SET snapshot=? WHERE id=?", (damage(text, room, how), room))
    store = await open_store(db)
    try:
        row = await store.load(room)
    finally:
        await store.close()
    assert row is not None
    applied["moves"] = 0
    with caplog.at_level(logging.WARNING, logger="gridgames.online"):
        loaded = await asyncio.to_thread(rebuild, row)
    assert loaded is not None and loaded.state() .moves == row.moves
    assert loaded.game.state == game.state and loaded.game.states == game.states
    assert applied["moves"] == 7  # replayed
    assert "its snapshot is refused" in caplog.text


async def test_a_room_stored_before_snapshots_loads_by_replay_and_a_takeback_past_the_snapshot_replays(
    tmp_path, applied
):
    game = short_game()
    db = tmp_path / "rooms.sqlite"
    room = await store_room(db, game, snapshots_too=False)
    store = await open_store(db)
    try:
        row = await store.load(room)
        assert row is not None and row.snapshot is None
        loaded = await asyncio.to_thread(rebuild, row)
        assert loaded is not None and loaded.game.states == game.states
    finally:
        await store.close()
    room_id = await store_room(db, game)  # with snapshots: the game from ply 5 on
    running = await server.start("127.0.0.1", 0, db)
    url = f"ws://127.0.0.1:{running.port}"
    applied["moves"] = 0
    try:
        async with aiohttp.ClientSession() as session, Client(session, url) as host, \
                Client(session, url) as guest:
            await host.send(p.Join(p.VERSION, room_id, HOST_SECRET))
            await host.next(p.State)
            await guest.send(p.Join(p.VERSION, room_id))
            await guest.next(p.State)
            # O is to move after 7 moves: X takes back move 7, O move 6, X move 5 (before ply 5, the
            # first position the snapshot keeps)
            answerer = await three_takebacks(host, guest)
            assert answerer.room.moves == ("A1", "E5", "#C3", "#C4")  # type: ignore[union-attr]
    finally:
        await running.stop()
    assert applied["moves"] == 4  # the last takeback went past the positions kept: 4 moves replayed


def test_a_game_whose_code_fails_to_write_its_position_loses_no_move_and_stays_on(monkeypatch) -> None:
    from gridgames.games.guard import why_off
    from gridgames.games.walls.rules import WallsRules

    def broken(self, state):  # type: ignore[no-untyped-def]
        raise RuntimeError("cannot write this")

    monkeypatch.setattr(WallsRules, "encode_state", broken)
    game = short_game()
    assert snapshots.write("r" * 22, 1, 0, game, "#B1") is None  # the room will load by replay
    assert why_off("walls") is None and game.play("#A5").state.ply == 8


# -- PostgreSQL ---------------------------------------------------------------------------------


@pytest.fixture
async def pg_nodes(pg_url):
    """Two servers on the throwaway PostgreSQL, as `server.Running`s."""
    limits = Limits(max_size=(SIDE, SIDE))
    first = await server.start("127.0.0.1", 0, pg_url, limits=limits)
    second = await server.start("127.0.0.1", 0, pg_url, limits=limits)
    try:
        yield first, second
    finally:
        await first.stop()
        await second.stop()


async def test_on_postgresql_a_long_room_loads_from_its_snapshot_and_a_damaged_one_is_replayed(
    pg_url, pg_nodes, long_game, applied
):
    room = await store_room(pg_url, long_game)
    texts = tuple(long_game.rules.format_move(move) for move in long_game.played)
    first, second = pg_nodes
    applied["moves"] = 0
    assert (await watch(f"ws://127.0.0.1:{first.port}", room)).moves == texts
    assert applied["moves"] == 0
    async with await psycopg.AsyncConnection.connect(pg_url, autocommit=True) as db:
        damaged = "replace(snapshot, '\"ply\":900', '\"ply\":899')"
        await db.execute(f"UPDATE rooms SET snapshot={damaged} WHERE id=%s", (room,))
    assert (await watch(f"ws://127.0.0.1:{second.port}", room)).moves == texts  # a cluster keeps no idle room
    assert applied["moves"] == 900


async def test_a_change_made_on_another_server_while_a_room_loads_is_seen_at_once(pg_nodes, monkeypatch):
    first, second = pg_nodes
    a, b = f"ws://127.0.0.1:{first.port}", f"ws://127.0.0.1:{second.port}"
    read, go_on = asyncio.Event(), asyncio.Event()
    real = second.server.store.load

    async def slow_load(room_id: str):  # type: ignore[no-untyped-def]
        """The second server's first load of the room pauses after reading it, until told to go on."""
        row = await real(room_id)
        if not read.is_set():
            read.set()
            await go_on.wait()
        return row

    async with aiohttp.ClientSession() as session, Client(session, a) as host, Client(session, a) as guest:
        await host.send(p.Create(p.VERSION, "rowcol", "3x3", "1", {}))
        room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
        await guest.send(p.Join(p.VERSION, room))
        await guest.next(p.Welcome)
        monkeypatch.setattr(second.server.store, "load", slow_load)
        async with Client(session, b) as watcher:
            await watcher.send(p.Join(p.VERSION, room, watch=True))
            await asyncio.wait_for(read.wait(), 10)
            await host.send(p.MoveMsg(0, "B2"))  # committed on the first server while the second loads
            await host.next(p.Ack)
            await guest.next(p.Moved)  # the news is out (the second server heard it too, and had no room)
            await asyncio.sleep(0.2)
            go_on.set()
            state = await watcher.next(p.State)
            assert state.moves == ("B2",)  # type: ignore[attr-defined]
