"""The rooms in one SQLite file (WAL mode, one writer, group commit): the embedded default.

Every change a client is told about is committed first: a write returns only after the
transaction holding it is committed. The first change of a turn of the event loop, with nothing
waiting, is committed at once in the writer's own task (a lone move, as most are at a game's pace,
costs no future, callback or wake-up); the changes after it in the same turn queue up, and one
callback, scheduled by the first of them for the next turn, commits whatever has queued by then in one
transaction (when one fails, the batch is done again with a savepoint a change, so one failure spoils
only itself). In WAL mode with synchronous=NORMAL a commit is a
write to the log, no fsync, so it runs on the event loop itself (measured: quicker at the tail
than a hop to a thread and back); checkpoints, which do fsync, run on a thread of their own with
a second connection, beside the writer.

The log is bounded: checkpoints beside a writer that never stops can copy the log into the file but
never start it again from the top (a writer always holds frames past the last copy), so it grew by
hundreds of MB a minute under a flood of moves. Once it is over `wal_limit` after a commit, the
writes wait (asynchronously: the event loop runs on, moves queue) for one checkpoint that empties
and truncates it (`_drain`), then go on; the checkpoints every `CHECKPOINT_SECONDS` have copied
most of it already.

One server per file: the file itself is locked (an OS lock on its inode, which the OS lets go when
the process dies, even by kill -9; see `file_lock`), and a second server on the same file is refused
at start, whatever name, symlink or hard link it is given.
Sharing rooms between servers is PostgreSQL's job.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from gridgames.online.store import migrations
from gridgames.online.store.base import (
    SCHEMA_VERSION,
    Changed,
    Conflict,
    GameRecord,
    LobbyGame,
    PlayerRow,
    Rated,
    RateGame,
    RatingRow,
    RoomRow,
    SeekRow,
    StoreError,
    StoreLocked,
    StoreRefused,
    offer_text,
    offers_from_text,
)
from gridgames.online.store.file_lock import Busy, InodeLock, NotAFile

BATCH_LIMIT = 500
CHECKPOINT_SECONDS = 2.0
WAL_LIMIT = 64 * 1024 * 1024  # bytes of write-ahead log before the writer waits for it to be emptied
#: PRAGMA application_id of a gridgames rooms database ("GGRM"): another program's file is told apart.
APPLICATION_ID = 0x4747524D

Change = Callable[[sqlite3.Connection], object]


class SqliteStore:
    """One SQLite file, used from one event loop: its writer task is the only writer."""

    shared = False

    def __init__(self, path: str | Path, wal_limit: int = WAL_LIMIT) -> None:
        """Raises StoreRefused (one sentence) for a file the server cannot or must not use."""
        self.path = Path(path)
        self.wal_limit = wal_limit
        self.drains = 0  # times the log was emptied for being over its limit
        self.where = str(self.path)
        self._queue: list[tuple[Change, asyncio.Future[None]]] = []
        self._flush_due: asyncio.Handle | None = None  # the callback that commits what has queued
        self._draining: asyncio.Task[None] | None = None  # the log being emptied: writes wait for it
        self._turn_taken = False  # a change was committed at once in this turn of the loop (`write`)
        self._checks: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop of the first write (the only one)
        self._wal = f"{self.path}-wal"
        self._wal_fd: int | None = None  # the log held open: its size is one fstat a commit, no path walk
        self._lock = self._take_lock()
        try:
            self._db = self._connect()
        except BaseException:
            self._lock.release()
            raise
        self._checkpointer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gridgames-checkpoint")

    # -- opening ----------------------------------------------------------------------------
    def _take_lock(self) -> InodeLock:
        if self.path.exists() and not self.path.is_file():
            raise StoreRefused(f"'{self.path}' is not a regular file, so it cannot hold the rooms.")
        lock = InodeLock(self.path)
        try:
            lock.acquire()
        except Busy:
            raise StoreLocked(
                f"Another gridgames server is using {self.path} (under this name or another): one SQLite "
                "file serves one server (several servers share rooms through PostgreSQL, --db postgresql://...)."
            ) from None
        except NotAFile:
            raise StoreRefused(f"'{self.path}' is not a regular file, so it cannot hold the rooms.") from None
        except OSError as error:
            raise StoreRefused(
                f"Cannot write beside the rooms' database {self.path} ({error.strerror or error}): "
                "the server needs a folder it can write."
            ) from None
        return lock

    def _connect(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreRefused(f"Cannot open the rooms' database {self.path}: {error}.") from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
            # WAL with synchronous=NORMAL: a commit is in the log before it returns, so an acknowledged
            # move survives the server being killed (SIGKILL, a crash); only a power cut or an OS crash
            # can lose the last moments, the price of not waiting for the disk on every move.
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run beside the writer: `_checkpoint`
            db.execute("PRAGMA foreign_keys=ON")
            self._migrate(db)
        except sqlite3.Error as error:
            db.close()
            if "readonly" in str(error) or "read-only" in str(error):
                raise StoreRefused(
                    f"The rooms' database {self.path} cannot be written (it or its folder is read-only): "
                    "give the server a file it can write."
                ) from None
            raise StoreRefused(f"Cannot use {self.path} as the rooms' database: {error}.") from None
        return db

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Bring the file to SCHEMA_VERSION, or refuse it; always ends with a write (the writable check)."""
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            app = db.execute("PRAGMA application_id").fetchone()[0]
            tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if version > SCHEMA_VERSION:
                raise StoreRefused(migrations.too_new(str(self.path), version))
            if version == 0 and tables:
                raise StoreRefused(migrations.not_ours(str(self.path)))
            if version >= 1 and app != APPLICATION_ID:
                columns = tuple(row[1] for row in db.execute("PRAGMA table_info(rooms)"))
                if version != 1 or columns != migrations.V1_ROOM_COLUMNS:  # version 1 had no application_id
                    raise StoreRefused(migrations.not_ours(str(self.path)))
            for step, sqls in migrations.statements(version, "sqlite"):
                for sql in sqls:
                    db.execute(sql)
                db.execute(f"PRAGMA user_version={step}")
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    # -- writing -----------------------------------------------------------------------------
    def _commit(self, batch: list[Change]) -> list[BaseException | None]:
        """Commit `batch` in one transaction; each change's failure (None: it is committed)."""
        failure = self._commit_all(batch)
        if failure is None:
            return [None] * len(batch)
        if len(batch) == 1:
            return [failure]
        return self._commit_apart(batch)

    def _commit_all(self, batch: list[Change]) -> BaseException | None:
        """The usual batch, where no change fails (most often a change alone): its changes side by side
        in one transaction, no savepoint each (two statements a change fewer). When one fails, the
        transaction is rolled back and its failure returned; a batch of more is then done again by
        `_commit_apart`, change by change in the same order (a change writes nothing but its statements
        and its answer, so doing it again answers the same)."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            for change in batch:
                change(db)
        except (sqlite3.Error, Conflict) as error:
            db.execute("ROLLBACK")
            return error
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        try:
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return None

    def _commit_apart(self, batch: list[Change]) -> list[BaseException | None]:
        """Each change of `batch` in a savepoint of its own, so that a failure spoils only itself."""
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
                except (sqlite3.Error, Conflict) as error:
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

    def _drain(self) -> None:
        """Empty the log into the database and cut it to nothing (the writer waits meanwhile)."""
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            db.close()

    def wal_size(self) -> int:
        """Bytes in the write-ahead log now (0 when there is none). Asked after every commit, so the log
        is held open and asked by its descriptor (SQLite keeps the same file while the writer's
        connection is open, and a checkpoint truncates it in place); `_same_wal` lets a replaced one go."""
        fd = self._wal_fd
        if fd is None:
            try:
                fd = self._wal_fd = os.open(self._wal, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                return 0
        try:
            return os.fstat(fd).st_size
        except OSError:
            self._let_wal_go()
            return 0

    def _same_wal(self) -> None:
        """Let the log's descriptor go when the file at its name is another (or none): the next size
        is then asked of the file there now."""
        fd = self._wal_fd
        if fd is None:
            return
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(self._wal))
        except OSError:
            same = False
        if not same:
            self._let_wal_go()

    def _let_wal_go(self) -> None:
        if self._wal_fd is not None:
            fd, self._wal_fd = self._wal_fd, None
            os.close(fd)

    async def _checkpoint_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            self._same_wal()
            try:
                await loop.run_in_executor(self._checkpointer, self._checkpoint)
            except sqlite3.Error:
                pass  # busy or locked: the next round catches up

    async def write(self, change: Change) -> None:
        """Run `change(db)` in a transaction and return once it is committed (raises StoreError)."""
        loop = self._loop
        if loop is None:  # the first write: the loop is kept (asking for it costs Python 3.11 a getpid call)
            loop = self._loop = asyncio.get_running_loop()
            self._checks = loop.create_task(self._checkpoint_loop())
        if not (self._turn_taken or self._queue or self._flush_due or self._draining):
            # the first change of a loop turn, with nothing waiting: committed now, in the writer's own
            # task (no future, no callback, no wake-up); the turn's later changes share the callback's
            self._turn_taken = True
            loop.call_soon(self._next_turn)
            self._commit_now(change)
            return
        done: asyncio.Future[None] = loop.create_future()
        self._queue.append((change, done))
        if self._flush_due is None and self._draining is None:
            # every room that changes before the callback runs joins its batch
            self._flush_due = loop.call_soon(self._flush)
        await done

    def _next_turn(self) -> None:
        self._turn_taken = False

    def _commit_now(self, change: Change) -> None:
        """Commit `change` alone (raises StoreError as `_flush` answers it), and look at the log's size."""
        try:
            error = self._commit([change])[0]
        except Exception as failure:  # the whole transaction failed (disk full, ...)
            error = failure
        if self.wal_size() > self.wal_limit:
            self._draining = (self._loop or asyncio.get_running_loop()).create_task(self._drain_log())
        if error is None:
            return
        if isinstance(error, StoreError):
            raise error
        raise StoreError(f"The rooms' database failed: {error}.")

    def _flush(self) -> None:
        """Commit what has queued, a batch at a time, and tell each writer how its change went."""
        self._flush_due = None
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
                elif isinstance(error, StoreError):
                    done.set_exception(error)
                else:
                    done.set_exception(StoreError(f"The rooms' database failed: {error}."))
            if self.wal_size() > self.wal_limit:
                self._draining = (self._loop or asyncio.get_running_loop()).create_task(self._drain_log())
                return

    async def _drain_log(self) -> None:
        """Empty the log (on the checkpoint thread) while writes queue, then commit them."""
        try:
            await asyncio.get_running_loop().run_in_executor(self._checkpointer, self._drain)
            self.drains += 1
        except sqlite3.Error:
            pass  # busy: the next commit over the limit tries again
        finally:
            self._draining = None
            if self._queue and self._flush_due is None:
                self._flush_due = asyncio.get_running_loop().call_soon(self._flush)

    async def read(self, query: Callable[[sqlite3.Connection], Any]) -> Any:
        try:
            return query(self._db)  # point lookups by primary key: quicker than a hop to a thread
        except sqlite3.Error as error:
            raise StoreError(f"The rooms' database failed: {error}.") from None

    async def close(self) -> None:
        while self._queue or self._draining is not None:
            await asyncio.sleep(0.01)
        if self._checks is not None:
            self._checks.cancel()
        self._checkpointer.shutdown(wait=True)
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass
        self._db.close()
        self._let_wal_go()
        self._lock.release()

    # -- rooms -------------------------------------------------------------------------------
    async def load(self, room_id: str) -> RoomRow | None:
        return await self.read(lambda db: _load(db, room_id))  # type: ignore[no-any-return]

    async def count_rooms(self) -> int:
        return int(await self.read(lambda db: db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0]))

    async def healthy(self) -> bool:
        try:
            await self.read(lambda db: db.execute("SELECT 1").fetchone())
        except StoreError:
            return False
        return True

    def on_change(
        self, changed: Changed, lost: Callable[[], Awaitable[None]] | None = None,
        presence: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        """Nothing to hear: this server is the file's only writer."""

    async def notify_presence(self, payload: str) -> None:
        """Nobody to tell."""

    async def create(self, row: RoomRow) -> None:
        def change(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO rooms (id, variant, size, first, options, game_no, first_player, match, "
                "result, created, seq, clock, players, rated) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (row.id, row.variant, row.size, row.first, json.dumps(row.options), row.game_no,
                 row.first_player,
                 json.dumps(row.match), None, time.time(), row.seq, row.clock,
                 None if row.players is None else json.dumps(list(row.players)), int(row.rated)),
            )
            for seat, digest in row.seats.items():
                db.execute("INSERT INTO seats VALUES (?,?,?)", (row.id, seat, digest))

        await self.write(change)

    async def _change(self, room: str, seq: int, sets: str, values: tuple[Any, ...],
                      then: Callable[[sqlite3.Connection], object] | None = None,
                      clock: str | None = None) -> int:
        """`UPDATE rooms SET seq=seq+1, <sets>` if the room is still at `seq`, then `then(db)`; `clock`
        (when not None) is stored too."""
        if clock is not None:
            sets, values = f"{sets}{', ' if sets else ''}clock=?", (*values, clock)

        def change(db: sqlite3.Connection) -> None:
            sql = f"UPDATE rooms SET seq=seq+1{', ' if sets else ''}{sets} WHERE id=? AND seq=?"
            updated = db.execute(sql, (*values, room, seq)).rowcount
            if updated != 1:
                raise Conflict("The room changed meanwhile.")
            if then is not None:
                then(db)

        await self.write(change)
        return seq + 1

    async def add_seat(self, room: str, seq: int, seat: int, digest: str, clock: str | None = None) -> int:
        return await self._change(
            room, seq, "", (),
            lambda db: db.execute("INSERT INTO seats VALUES (?,?,?)", (room, seat, digest)), clock,
        )

    async def add_move(
        self, room: str, seq: int, game_no: int, ply: int, move: str, match: dict[str, Any] | None,
        snapshot: str | None = None, clock: str | None = None, keep_snapshot: bool = False,
    ) -> int:
        def insert(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO moves VALUES (?,?,?,?)", (room, game_no, ply, move))

        sets, values = "takeback_by=NULL", () if keep_snapshot else (snapshot,)
        if not keep_snapshot:
            sets += ", snapshot=?"
        if match is not None:
            sets, values = f"{sets}, match=?, finished=?", (*values, json.dumps(match), time.time())
        return await self._change(room, seq, sets, values, insert, clock)

    async def take_back(
        self, room: str, seq: int, game_no: int, keep: int, snapshot: str | None = None,
        clock: str | None = None,
    ) -> int:
        return await self._change(
            room, seq, "takeback_by=NULL, snapshot=?", (snapshot,),
            lambda db: db.execute(
                "DELETE FROM moves WHERE room=? AND game_no=? AND ply>=?", (room, game_no, keep)
            ), clock,
        )

    async def set_offers(self, room: str, seq: int, takeback_by: int | None, rematch: frozenset[int]) -> int:
        return await self._change(
            room, seq, "takeback_by=?, rematch=?", (takeback_by, offer_text(rematch))
        )

    async def finish(
        self, room: str, seq: int, result: dict[str, Any], match: dict[str, Any], clock: str | None = None
    ) -> int:
        return await self._change(
            room, seq, "result=?, match=?, takeback_by=NULL, finished=?",
            (json.dumps(result), json.dumps(match), time.time()), clock=clock,
        )

    async def next_game(
        self, room: str, seq: int, game_no: int, first_player: int, clock: str | None = None
    ) -> int:
        return await self._change(
            room, seq, "game_no=?, first_player=?, result=NULL, rematch='', finished=NULL, snapshot=NULL",
            (game_no, first_player), clock=clock,
        )

    # -- the game site -------------------------------------------------------------------------
    async def player(self, folded: str) -> PlayerRow | None:
        row = await self.read(
            lambda db: db.execute(
                "SELECT name, key_hash, bot FROM players WHERE folded=?", (folded,)
            ).fetchone()
        )
        return None if row is None else PlayerRow(row[0], row[1], bool(row[2]))

    async def add_player(self, name: str, folded: str, key_hash: str, bot: bool, now: float) -> bool:
        added: list[bool] = [False]

        def change(db: sqlite3.Connection) -> None:
            cursor = db.execute(
                "INSERT INTO players VALUES (?,?,?,?,?,?) ON CONFLICT DO NOTHING",
                (name, folded, key_hash, int(bot), now, now),
            )
            added[0] = cursor.rowcount == 1

        await self.write(change)
        return added[0]

    async def seen(self, names: list[str], now: float) -> None:
        if names:
            await self.write(lambda db: db.executemany(
                "UPDATE players SET seen=? WHERE name=?", [(now, name) for name in names]
            ))

    async def online(self, since: float, limit: int) -> list[tuple[str, bool]]:
        rows = await self.read(lambda db: db.execute(
            "SELECT name, bot FROM players WHERE seen>=? ORDER BY name LIMIT ?", (since, limit)
        ).fetchall())
        return [(name, bool(bot)) for name, bot in rows]

    async def ratings(self, name: str) -> dict[str, RatingRow]:
        rows = await self.read(lambda db: db.execute(
            "SELECT variant, rating, rd, volatility, games, last FROM ratings WHERE player=?", (name,)
        ).fetchall())
        return {row[0]: RatingRow(*row[1:]) for row in rows}

    async def record_game(self, record: GameRecord, rate: RateGame | None) -> Rated | None:
        done: list[Rated | None] = [None]

        def change(db: sqlite3.Connection) -> None:
            inserted = db.execute(
                "INSERT INTO games (room, game_no, variant, player1, player2, winner, reason, rated, ended) "
                "VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING",
                (record.room, record.game_no, record.variant, *record.players, record.winner, record.reason,
                 int(rate is not None), record.ended),
            ).rowcount
            if inserted != 1 or rate is None:
                done[0] = None
                return
            before = tuple(_rating(db, name, record.variant) for name in record.players)
            after = rate(before[0], before[1])
            for name, new in zip(record.players, after, strict=True):
                db.execute(
                    "INSERT OR REPLACE INTO ratings VALUES (?,?,?,?,?,?,?)",
                    (name, record.variant, new.rating, new.rd, new.volatility, new.games, new.last),
                )
            db.execute(
                "UPDATE games SET before1=?, before2=?, after1=?, after2=? WHERE room=? AND game_no=?",
                (*(None if b is None else b.rating for b in before), after[0].rating, after[1].rating,
                 record.room, record.game_no),
            )
            done[0] = ((before[0], before[1]), after)

        await self.write(change)
        return done[0]

    async def last_games(self, name: str, limit: int) -> list[dict[str, Any]]:
        def query(db: sqlite3.Connection) -> list[dict[str, Any]]:
            cursor = db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE player1=? OR player2=? ORDER BY ended DESC LIMIT ?",
                (name, name, limit),
            )
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

        return await self.read(query)  # type: ignore[no-any-return]

    async def add_seek(self, seek: SeekRow) -> None:
        await self.write(lambda db: db.execute(
            "INSERT INTO seeks VALUES (?,?,?,?,?,?,?,?,?,?)",
            (seek.id, seek.player, seek.variant, seek.size, json.dumps(seek.options), seek.clock,
             int(seek.rated), seek.low, seek.high, seek.created),
        ))

    async def take_seek(self, seek_id: str) -> SeekRow | None:
        taken: list[SeekRow | None] = [None]

        def change(db: sqlite3.Connection) -> None:
            row = db.execute(f"SELECT {SEEK_COLUMNS} FROM seeks WHERE id=?", (seek_id,)).fetchone()
            if row is not None:
                db.execute("DELETE FROM seeks WHERE id=?", (seek_id,))
            taken[0] = None if row is None else seek_row(row)

        await self.write(change)
        return taken[0]

    async def seeks(self, limit: int) -> list[SeekRow]:
        rows = await self.read(lambda db: db.execute(
            f"SELECT {SEEK_COLUMNS} FROM seeks ORDER BY created LIMIT ?", (limit,)
        ).fetchall())
        return [seek_row(row) for row in rows]

    async def lobby_games(self, limit: int) -> list[LobbyGame]:
        rows = await self.read(lambda db: db.execute(
            "SELECT id, variant, size, clock, rated, players FROM rooms "
            "WHERE players IS NOT NULL AND finished IS NULL ORDER BY created DESC LIMIT ?", (limit,)
        ).fetchall())
        return [lobby_game(row) for row in rows]

    async def clocked_games(self, after: str, limit: int) -> list[tuple[str, str]]:
        rows = await self.read(lambda db: db.execute(
            "SELECT id, clock FROM rooms WHERE id > ? AND clock IS NOT NULL AND finished IS NULL "
            "ORDER BY id LIMIT ?", (after, limit),
        ).fetchall())
        return [(str(row[0]), str(row[1])) for row in rows]

    def on_lobby(self, heard: Callable[[str], Awaitable[None]]) -> None:
        """Nothing to hear: this server is the file's only writer (it tells its own lobby itself)."""

    async def notify_lobby(self, payload: str) -> None:
        """Nobody to tell."""

    async def purge(self, older_than: float) -> int:
        purged: list[int] = [0]

        def change(db: sqlite3.Connection) -> None:
            old = "SELECT id FROM rooms WHERE finished IS NOT NULL AND finished < ?"
            db.execute(f"DELETE FROM moves WHERE room IN ({old})", (older_than,))
            db.execute(f"DELETE FROM seats WHERE room IN ({old})", (older_than,))
            purged[0] = db.execute("DELETE FROM rooms WHERE finished < ?", (older_than,)).rowcount

        await self.write(change)
        return purged[0]


GAME_COLUMNS = "room, game_no, variant, player1, player2, winner, reason, rated, after1, after2, before1, " \
    "before2, ended"
SEEK_COLUMNS = "id, player, variant, size, options, clock, rated, low, high, created"


def seek_row(row: Any) -> SeekRow:
    return SeekRow(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5], bool(row[6]), row[7], row[8],
                   row[9])


def lobby_game(row: Any) -> LobbyGame:
    names = json.loads(row[5])
    return row[0], row[1], row[2], row[3], bool(row[4]), (str(names[0]), str(names[1]))


def players_from(text: str | None) -> tuple[str, str] | None:
    if not text:
        return None
    names = json.loads(text)
    return (str(names[0]), str(names[1]))


def _rating(db: sqlite3.Connection, name: str, variant: str) -> RatingRow | None:
    row = db.execute(
        "SELECT rating, rd, volatility, games, last FROM ratings WHERE player=? AND variant=?",
        (name, variant),
    ).fetchone()
    return None if row is None else RatingRow(*row)


def _load(db: sqlite3.Connection, room_id: str) -> RoomRow | None:
    row = db.execute(
        "SELECT id, variant, size, first, options, game_no, first_player, match, result, seq, "
        "takeback_by, rematch, snapshot, clock, players, rated FROM rooms WHERE id=?",
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
        id=row[0], variant=row[1], size=row[2], first=row[3], options=json.loads(row[4]), game_no=row[5],
        first_player=row[6], match=json.loads(row[7]), result=json.loads(row[8]) if row[8] else None,
        seats=seats, moves=moves, seq=row[9], takeback_by=row[10] if row[10] in (1, 2) else None,
        rematch=offers_from_text(row[11]), snapshot=row[12], clock=row[13], players=players_from(row[14]),
        rated=bool(row[15]),
    )
