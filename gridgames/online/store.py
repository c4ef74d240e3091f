"""The server's rooms, seats and moves in SQLite (WAL mode, one writer thread, group commit).

Every change a client is told about is committed first: `write()` resolves only after the
transaction holding it is committed. Writes queue to one writer task, which commits whatever has
queued up in the same turn of the event loop in one transaction (each change in its own
savepoint, so one failure spoils only itself). In WAL mode with synchronous=NORMAL a commit is a
write to the log, no fsync, so it runs on the event loop itself (measured: quicker at the tail
than a hop to a thread and back); checkpoints, which do fsync, run on a thread of their own with
a second connection, beside the writer.

Seat secrets are stored only as SHA-256 hashes (they are long random tokens, so a fast hash
is enough); a stolen database does not let anyone take a seat.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
BATCH_LIMIT = 500
CHECKPOINT_SECONDS = 2.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    size TEXT NOT NULL,
    first TEXT NOT NULL,
    adjacency TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    first_player INTEGER NOT NULL,
    match TEXT NOT NULL,
    result TEXT,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL CHECK (seat IN (1, 2)),
    secret_hash TEXT NOT NULL,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL REFERENCES rooms(id),
    game_no INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (room, game_no, ply)
);
"""


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii", "replace")).hexdigest()


@dataclass(frozen=True)
class RoomRow:
    """A room as stored: its options, the current game's number and moves, and the seats' hashes."""

    id: str
    variant: str
    size: str
    first: str
    adjacency: str
    game_no: int
    first_player: int
    match: dict[str, Any]
    result: dict[str, Any] | None  # a result the rules did not decide (a resignation)
    seats: dict[int, str]
    moves: tuple[str, ...]


Change = Callable[[sqlite3.Connection], object]


class RoomStore:
    """One SQLite file, used from one event loop: its writer task is the only writer."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._queue: list[tuple[Change, asyncio.Future[None]]] = []
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        self._connect()
        self._checkpointer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gridgames-checkpoint")
        self._checks: asyncio.Task[None] | None = None

    # -- the connection ----------------------------------------------------------------------
    def _connect(self) -> None:
        if self.path.exists() and not self.path.is_file():
            raise OSError(f"{self.path} is not a regular file")
        db = sqlite3.connect(self.path, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a commit is in the log before it returns, so an acknowledged
        # move survives the server being killed (SIGKILL, a crash); only a power cut or an OS crash
        # can lose the last moments, the price of not waiting for the disk on every move.
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run beside the writer: see `_checkpoint`
        db.execute("PRAGMA foreign_keys=ON")
        db.executescript(SCHEMA)
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        elif version != SCHEMA_VERSION:
            raise OSError(f"{self.path} was written by another version of gridgames (schema {version})")
        self._db = db

    def _commit(self, batch: list[Change]) -> list[BaseException | None]:
        db = self._db
        errors: list[BaseException | None] = []
        db.execute("BEGIN IMMEDIATE")
        try:
            for change in batch:
                db.execute("SAVEPOINT one")
                try:
                    change(db)
                    db.execute("RELEASE one")
                    errors.append(None)
                except sqlite3.Error as error:
                    db.execute("ROLLBACK TO one")
                    db.execute("RELEASE one")
                    errors.append(error)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return errors

    def _checkpoint(self) -> None:
        """Copy the log into the database from a second connection, so commits never wait for it."""
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    async def _checkpoint_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await loop.run_in_executor(self._checkpointer, self._checkpoint)
            except sqlite3.Error:
                pass  # busy or locked: the next round catches up

    # -- the event loop side ---------------------------------------------------------------
    async def write(self, change: Change) -> None:
        """Run `change(db)` in a transaction and return once it is committed (raises sqlite3.Error)."""
        loop = asyncio.get_running_loop()
        if self._writer is None:
            self._wake = asyncio.Event()
            self._writer = loop.create_task(self._write_loop())
            self._checks = loop.create_task(self._checkpoint_loop())
        done: asyncio.Future[None] = loop.create_future()
        self._queue.append((change, done))
        assert self._wake is not None
        self._wake.set()
        await done

    async def _write_loop(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            await asyncio.sleep(0)  # every room that changes in this turn of the loop joins the batch
            self._wake.clear()
            while self._queue:
                batch, self._queue = self._queue[:BATCH_LIMIT], self._queue[BATCH_LIMIT:]
                try:
                    errors = self._commit([change for change, _ in batch])
                except Exception as failure:  # the whole transaction failed (disk full, ...)
                    errors = [failure] * len(batch)
                for (_, done), error in zip(batch, errors, strict=True):
                    if done.done():
                        continue
                    if error is None:
                        done.set_result(None)
                    else:
                        done.set_exception(error)

    async def read(self, query: Callable[[sqlite3.Connection], Any]) -> Any:
        return query(self._db)  # point lookups by primary key: quicker than a hop to a thread

    async def close(self) -> None:
        if self._writer is not None:
            while self._queue:
                await asyncio.sleep(0.01)
            self._writer.cancel()
            self._writer = None
        if self._checks is not None:
            self._checks.cancel()
        self._checkpointer.shutdown(wait=True)
        self._checkpoint_and_close()

    def _checkpoint_and_close(self) -> None:
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass
        self._db.close()

    # -- rooms -------------------------------------------------------------------------------
    async def load(self, room_id: str) -> RoomRow | None:
        return await self.read(lambda db: _load(db, room_id))

    async def count_rooms(self) -> int:
        return int(await self.read(lambda db: db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0]))

    async def create(self, row: RoomRow) -> None:
        def change(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO rooms VALUES (?,?,?,?,?,?,?,?,?,?)",
                (row.id, row.variant, row.size, row.first, row.adjacency, row.game_no, row.first_player,
                 json.dumps(row.match), None, time.time()),
            )
            for seat, digest in row.seats.items():
                db.execute("INSERT INTO seats VALUES (?,?,?)", (row.id, seat, digest))

        await self.write(change)

    async def add_seat(self, room: str, seat: int, digest: str) -> None:
        await self.write(lambda db: db.execute("INSERT INTO seats VALUES (?,?,?)", (room, seat, digest)))

    async def add_move(
        self, room: str, game_no: int, ply: int, move: str, match: dict[str, Any] | None
    ) -> None:
        """Store move number `ply` (0-based); `match` is the new score when this move ended the game."""

        def change(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO moves VALUES (?,?,?,?)", (room, game_no, ply, move))
            if match is not None:
                db.execute("UPDATE rooms SET match=? WHERE id=?", (json.dumps(match), room))

        await self.write(change)

    async def take_back(self, room: str, game_no: int, keep: int) -> None:
        """Forget the current game's moves from number `keep` (0-based) on."""
        await self.write(
            lambda db: db.execute(
                "DELETE FROM moves WHERE room=? AND game_no=? AND ply>=?", (room, game_no, keep)
            )
        )

    async def finish(self, room: str, result: dict[str, Any], match: dict[str, Any]) -> None:
        """End the current game with a result the rules did not decide (a resignation)."""
        await self.write(
            lambda db: db.execute(
                "UPDATE rooms SET result=?, match=? WHERE id=?", (json.dumps(result), json.dumps(match), room)
            )
        )

    async def next_game(self, room: str, game_no: int, first_player: int) -> None:
        await self.write(
            lambda db: db.execute(
                "UPDATE rooms SET game_no=?, first_player=?, result=NULL WHERE id=?",
                (game_no, first_player, room),
            )
        )


def _load(db: sqlite3.Connection, room_id: str) -> RoomRow | None:
    row = db.execute(
        "SELECT id, variant, size, first, adjacency, game_no, first_player, match, result "
        "FROM rooms WHERE id=?",
        (room_id,),
    ).fetchone()
    if row is None:
        return None
    seats = dict(db.execute("SELECT seat, secret_hash FROM seats WHERE room=?", (room_id,)).fetchall())
    moves = tuple(
        m for (m,) in db.execute(
            "SELECT move FROM moves WHERE room=? AND game_no=? ORDER BY ply", (room_id, row[5])
        )
    )
    return RoomRow(
        id=row[0], variant=row[1], size=row[2], first=row[3], adjacency=row[4], game_no=row[5],
        first_player=row[6], match=json.loads(row[7]), result=json.loads(row[8]) if row[8] else None,
        seats=seats, moves=moves,
    )
