"""A walls room of thousands of token steps stays small (issue 29, item 25): the room's game folds its
history into counts of the positions that can still repeat, the snapshot stored with each move keeps
each of those once, the draw by repetition stays exact, snapshots of boards larger than the app's are
written off the event loop, and the SQLite log is emptied once it is over its limit. Nothing here is
timed: the p99 and memory of this attack are measured by the online bench (`make bench-online`)."""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from dataclasses import replace

import aiohttp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.engine.snapshot import SnapshotError
from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online import rooms, server
from gridgames.online import snapshot as snapshots
from gridgames.online.history import FOLD_AT
from gridgames.online.room import Room, new_row
from gridgames.online.store import open_store
from gridgames.online.store.sqlite import SqliteStore

from .test_untrusted import Client

HOST_SECRET = "s" * 24


def walls(rows: int, cols: int) -> Game:
    return Game.new(get_entry("walls"), Options(rows, cols, "1"), first_player=1)


def wander(
    game: Game, plies: int, rng: random.Random, walls_too: bool = False, fresh_first: bool = True
) -> Game:
    """`game` with up to `plies` more moves: token steps chosen at random among those that do not
    end the game, preferring positions not seen yet (so the game runs long) unless not
    `fresh_first`, and now and then a wall when `walls_too`."""
    for _ in range(plies):
        moves = [m for m in game.legal_moves() if walls_too or m.kind != "wall"]
        if walls_too and rng.random() < 0.1:
            moves = [m for m in moves if m.kind == "wall"] or moves
        afters = [game.play(m) for m in moves]
        going = [a for a in afters if a.outcome is None] or afters
        fresh = ([a for a in going if a.repetitions() == 1] if fresh_first else []) or going
        if not fresh:
            break
        game = rng.choice(fresh)
        if game.is_over:
            break
    return game


def placed(rows: int, cols: int) -> Game:
    game = walls(rows, cols)
    return game.play("A1").play(f"{chr(64 + rows)}{cols}")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40), st.booleans())
def test_a_folded_game_draws_by_repetition_exactly_when_the_whole_game_does(seed, keep, walls_too):
    rng = random.Random(seed)
    whole = wander(placed(3, 3), rng.randrange(4, 120), rng, walls_too)
    folded = whole.folded(keep)
    assert len(folded.states) == min(len(whole.states), max(1, keep))
    assert folded.repetitions() == whole.repetitions() and folded.outcome == whole.outcome
    for move in whole.legal_moves():  # every next position: the same count, the same outcome
        assert folded.play(move).repetitions() == whole.play(move).repetitions()
        assert folded.play(move).outcome == whole.play(move).outcome


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 70))
def test_a_room_stored_after_any_fold_and_takeback_loads_with_the_same_counts(seed, back):
    """Token steps and walls on 4x4 played through a room (folding as a server does), then taken
    back `back` moves (as far as the room holds, as a takeback does): the snapshot it stores loads
    back with the same repetition count for every next move as the whole game has."""
    rng = random.Random(seed)
    whole = wander(placed(4, 4), rng.randrange(20, 200), rng, walls_too=rng.random() < 0.5, fresh_first=False)
    row = new_row(p.Create(p.VERSION, "walls", "4x4", "1", {}), HOST_SECRET)
    room = Room.from_row(replace(row, first_player=1))
    for move in whole.played:
        room.advance(room.game.play(move))
    keep = max(room.base, room.ply - back)
    cut = room.cut_back(keep)
    assert cut is not None
    room.set_game(*cut)
    whole = whole.goto(keep).truncated()
    texts = tuple(whole.rules.format_move(m) for m in whole.played)
    stored = replace(row, first_player=1, moves=texts, snapshot=room.snapshot())
    loaded = Room.from_snapshot(stored)
    assert loaded.game.state == whole.state and loaded.game.repetitions() == whole.repetitions()
    for move in whole.legal_moves():
        assert loaded.game.play(move).repetitions() == whole.play(move).repetitions()


def test_a_room_of_token_steps_keeps_a_bounded_history_and_snapshot_however_long_it_runs():
    """1,500 token steps on 9x9 with no wall, wandering at random (never a third time to one
    position): the room's memory and its snapshot hold one entry per position that can repeat, never
    one per move, and loaded back the room counts every next position's repetitions exactly."""
    row = new_row(p.Create(p.VERSION, "walls", "9x9", "1", {}), HOST_SECRET)
    room = Room.from_row(row)
    rng = random.Random(29)
    seen = Counter([room.game.state])  # every position of the game, counted independently
    texts: list[str] = []
    largest = 0
    while len(texts) < 1500:
        moves = [m for m in room.game.legal_moves() if m.kind != "wall"]
        going = [m for m in moves if seen[room.game.play(m).state] < 2]
        assert going, "the walk is stuck"
        after = room.game.play(rng.choice(going))
        room.advance(after)
        seen[after.state] += 1
        texts.append(after.rules.format_move(after.played[-1]))
        largest = max(largest, len(room.game.states))
    assert largest <= FOLD_AT  # the room's game never holds the whole history
    assert not room.game.is_over and room.game.repetitions() == seen[room.game.state]
    stored = replace(row, moves=tuple(texts), snapshot=room.snapshot())
    assert len(stored.snapshot or "") < 1000  # four positions, whatever the length (was 100 KB and more)
    loaded = Room.from_snapshot(stored)
    assert loaded.ply == 1500 and loaded.game.state == room.game.state
    assert len(loaded.game.states) <= FOLD_AT + 2
    for move in loaded.game.legal_moves():
        after = loaded.game.play(move)
        count = seen[after.state] + 1
        assert after.repetitions() == count
        assert (after.outcome is not None) == (count >= 3 or after.rules.outcome(after.state) is not None)


def test_a_snapshot_replays_from_the_position_after_the_last_wall_and_refuses_another_one():
    rng = random.Random(3)
    game = wander(placed(5, 5), 100, rng)
    walled = game.play(next(m for m in game.legal_moves() if m.kind == "wall"))
    steps = wander(walled, 30, rng)
    row = new_row(p.Create(p.VERSION, "walls", "5x5", "1", {}), HOST_SECRET)
    row = replace(row, first_player=1, moves=tuple(steps.rules.format_move(m) for m in steps.played))
    text = snapshots.write(row.id, 1, 0, steps, row.moves[-1])
    assert text is not None
    payload = json.loads(text)
    since = payload.pop("from")
    assert since[0] == walled.cursor  # the position the wall made: nothing before it can come back
    loaded = Room.from_snapshot(replace(row, snapshot=text))
    assert loaded.game.state == steps.state and loaded.game.repetitions() == steps.repetitions()
    earlier = since[0] - 2  # the same position named two moves earlier: the moves do not replay from it
    payload["from"] = [earlier, since[1].replace(f'"ply":{since[0]}', f'"ply":{earlier}')]
    payload.pop("sum")
    payload["sum"] = snapshots._digest(row.id, payload)
    with pytest.raises(SnapshotError):  # a position the stored moves do not replay from
        Room.from_snapshot(replace(row, snapshot=json.dumps(payload)))


@pytest.mark.parametrize("inline_cells", [24, 25])
async def test_snapshots_of_large_boards_are_written_off_the_event_loop(tmp_path, monkeypatch, inline_cells):
    """A board above `rooms.INLINE_CELLS` (here 5x5 stands in for one: the ceiling is lowered to 24)
    has its snapshots written on the snapshot thread; a board the app draws, on the event loop, where
    writing costs less than the hop to a thread."""
    threads: list[str] = []
    real = snapshots.write

    def spied(*args):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(snapshots, "write", spied)
    monkeypatch.setattr(snapshots, "EVERY", 1)  # a snapshot with each move (the server's is every few)
    monkeypatch.setattr(rooms, "INLINE_CELLS", inline_cells)
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Client(session, url) as host, \
                Client(session, url) as guest:
            await host.send(p.Create(p.VERSION, "walls", "5x5", "1", {}))
            room = (await host.next(p.Welcome)).room  # type: ignore[attr-defined]
            await guest.send(p.Join(p.VERSION, room))
            await guest.next(p.Welcome)
            for ply, (mover, text) in enumerate([(host, "A1"), (guest, "E5"), (host, "A2"), (guest, "E4")]):
                await mover.send(p.MoveMsg(ply, text))
                assert (await mover.next(p.Ack)).ply == ply + 1  # type: ignore[attr-defined]
    finally:
        await running.stop()
    assert len(threads) == 4
    if inline_cells < 25:
        assert threading.main_thread().name not in threads
        assert all(name.startswith("gridgames-snapshot") for name in threads)
    else:
        assert threads == [threading.main_thread().name] * 4


async def test_the_sqlite_log_is_emptied_once_it_is_over_its_limit(tmp_path):
    limit = 256 * 1024
    store = SqliteStore(tmp_path / "rooms.sqlite", wal_limit=limit)
    row = new_row(p.Create(p.VERSION, "walls", "9x9", "1", {}), HOST_SECRET)
    big = "x" * 60_000  # a snapshot's worth of text: what makes the log grow
    try:
        await store.create(row)
        seq, largest = row.seq, 0
        for ply in range(60):
            seq = await store.add_move(row.id, seq, 1, ply, "A1", None, big)
            largest = max(largest, store.wal_size())
    finally:
        await store.close()
    assert store.drains >= 2
    assert largest <= limit + 2 * len(big) + 64 * 1024  # over the limit by one commit at most
    reopened = await open_store(tmp_path / "rooms.sqlite")
    try:
        loaded = await reopened.load(row.id)
        assert loaded is not None and len(loaded.moves) == 60  # every move kept
    finally:
        await reopened.close()
