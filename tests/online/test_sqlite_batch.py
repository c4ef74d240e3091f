"""The SQLite store's commits: the first change of a turn of the event loop is committed at once, and
the changes made after it in the same turn share a transaction, with no savepoint each; when one of them
fails, the batch is done again change by change, so that the failure spoils only itself and every other
change is committed and answered as if alone. And what a commit asks of the file: the log's size by a
descriptor held open, the moves in one B-tree."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from gridgames.online import protocol as p
from gridgames.online.room import new_row
from gridgames.online.store import Conflict, open_store
from gridgames.online.store.sqlite import SqliteStore

SECRET = "s" * 24


async def test_a_failed_change_in_a_batch_spoils_only_itself(tmp_path):
    store = await open_store(tmp_path / "rooms.sqlite")
    assert isinstance(store, SqliteStore)
    row = new_row(p.Create(p.VERSION, "walls", "5x5", "1", {}), SECRET)
    try:
        await store.create(row)
        assert await store.add_player("Ann", "ann", "k" * 8, False, 1.0)
        batch = await asyncio.gather(
            store.add_player("Bob", "bob", "k" * 8, False, 2.0),  # new: added
            store.add_move(row.id, row.seq, 1, 0, "A1", None),  # the room's next change: committed
            store.add_move(row.id, row.seq, 1, 0, "B2", None),  # decided on the same room's state: refused
            store.add_player("Ann", "ann", "k" * 8, False, 3.0),  # taken already: not added
            return_exceptions=True,
        )
        assert batch[0] is True
        assert batch[1] == row.seq + 1
        assert isinstance(batch[2], Conflict)
        assert batch[3] is False
        loaded = await store.load(row.id)
        assert loaded is not None and loaded.moves == ("A1",) and loaded.seq == row.seq + 1
        assert await store.player("bob") is not None
    finally:
        await store.close()


async def test_a_batch_with_no_failure_commits_every_change_in_one_go(tmp_path):
    store = await open_store(tmp_path / "rooms.sqlite")
    assert isinstance(store, SqliteStore)
    rows = [new_row(p.Create(p.VERSION, "walls", "5x5", "1", {}), SECRET) for _ in range(3)]
    try:
        await asyncio.gather(*(store.create(row) for row in rows))
        seqs = await asyncio.gather(*(store.add_move(row.id, row.seq, 1, 0, "A1", None) for row in rows))
        assert seqs == [row.seq + 1 for row in rows]
        for row in rows:
            loaded = await store.load(row.id)
            assert loaded is not None and loaded.moves == ("A1",)
    finally:
        await store.close()


async def test_the_first_change_of_a_turn_is_committed_at_once_and_the_others_together(tmp_path, monkeypatch):
    store = await open_store(tmp_path / "rooms.sqlite")
    assert isinstance(store, SqliteStore)
    rows = [new_row(p.Create(p.VERSION, "walls", "5x5", "1", {}), SECRET) for _ in range(4)]
    batches: list[int] = []
    commit = store._commit

    def counted(batch):  # type: ignore[no-untyped-def]
        batches.append(len(batch))
        return commit(batch)

    try:
        await asyncio.gather(*(store.create(row) for row in rows))
        monkeypatch.setattr(store, "_commit", counted)
        seqs = await asyncio.gather(*(store.add_move(row.id, row.seq, 1, 0, "A1", None) for row in rows))
        assert seqs == [row.seq + 1 for row in rows]
        assert batches == [1, 3]
        await store.add_move(rows[0].id, rows[0].seq + 1, 1, 1, "B2", None)  # a later turn's first: at once
        assert batches == [1, 3, 1]
    finally:
        await store.close()


@pytest.mark.parametrize("together", [True, False])
async def test_the_batch_is_done_apart_only_after_a_failure(tmp_path, monkeypatch, together):
    """What a failure costs: the batch is rolled back and done again with a savepoint a change."""
    store = await open_store(tmp_path / "rooms.sqlite")
    assert isinstance(store, SqliteStore)
    apart: list[int] = []
    done_apart = store._commit_apart

    def counted(batch):  # type: ignore[no-untyped-def]
        apart.append(len(batch))
        return done_apart(batch)

    monkeypatch.setattr(store, "_commit_apart", counted)
    row = new_row(p.Create(p.VERSION, "walls", "5x5", "1", {}), SECRET)
    try:
        await store.create(row)
        stale = row.seq if not together else row.seq + 1
        await asyncio.gather(
            store.add_player("Bob", "bob", "k" * 8, False, 2.0),  # the turn's first change: alone, at once
            store.add_move(row.id, row.seq, 1, 0, "A1", None),
            store.add_move(row.id, stale, 1, 1, "B2", None),
            return_exceptions=True,
        )
    finally:
        await store.close()
    assert apart == ([] if together else [2])


async def test_the_log_size_is_read_from_the_file_at_its_name(tmp_path):
    """The log's size is asked of a descriptor kept open (one fstat a commit); a file no longer at the
    log's name is let go at the next checkpoint's look, and the size is then asked of the name again."""
    store = await open_store(tmp_path / "rooms.sqlite")
    assert isinstance(store, SqliteStore)
    wal = tmp_path / "rooms.sqlite-wal"
    row = new_row(p.Create(p.VERSION, "walls", "5x5", "1", {}), SECRET)
    try:
        await store.create(row)
        await store.add_move(row.id, row.seq, 1, 0, "A1", None, "x" * 20_000)
        assert store.wal_size() == wal.stat().st_size > 20_000
        wal.rename(tmp_path / "moved-away")
        store._same_wal()
        assert store.wal_size() == 0  # nothing at the name now
        (tmp_path / "moved-away").rename(wal)
        assert store.wal_size() == wal.stat().st_size > 20_000
    finally:
        await store.close()


async def test_a_new_file_keeps_its_moves_in_one_tree(tmp_path):
    """A new file's moves are WITHOUT ROWID (one B-tree by their key: a move's commit writes one page
    fewer than a table and its key's index), and read back in order like any."""
    store = await open_store(tmp_path / "rooms.sqlite")
    row = new_row(p.Create(p.VERSION, "walls", "5x5", "1", {}), SECRET)
    try:
        await store.create(row)
        seq = row.seq
        for ply, move in enumerate(["A1", "B2", "C3"]):
            seq = await store.add_move(row.id, seq, 1, ply, move, None)
        loaded = await store.load(row.id)
        assert loaded is not None and loaded.moves == ("A1", "B2", "C3")
    finally:
        await store.close()
    db = sqlite3.connect(tmp_path / "rooms.sqlite")
    try:
        (sql,) = db.execute("SELECT sql FROM sqlite_master WHERE name='moves'").fetchone()
        indexes = db.execute(
            "SELECT name FROM sqlite_master WHERE tbl_name='moves' AND type='index'"
        ).fetchall()
    finally:
        db.close()
    assert sql.rstrip().endswith("WITHOUT ROWID") and indexes == []
