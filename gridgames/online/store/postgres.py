"""The rooms in PostgreSQL (psycopg 3): one database that any number of servers share.

Each change is one transaction on one of a few connections: it raises the room's `seq` only if
the room is still at the number the change was decided on (otherwise `Conflict`, nothing
written), writes the move or the offer, and sends `NOTIFY gridgames_rooms, 'ROOM SEQ'`, which
PostgreSQL delivers only once the transaction has committed. Every server LISTENs on one more
connection and reloads the rooms it has in memory when told they changed; after that connection
drops it reconnects and reloads them all, since notifications sent meanwhile are gone.

Why LISTEN/NOTIFY and not Redis pub/sub: the moves are already in PostgreSQL, and a notification
sent in the move's own transaction cannot announce a move that was not committed or miss one that
was (Redis would be a second system to run, secure and watch, published to after the commit, so
a crash between the two would lose the announcement). The price is one listening connection per
server and payloads under 8000 bytes; ours are a room id and a number.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import psycopg
from psycopg import errors as pg_errors

from gridgames.online.store import migrations
from gridgames.online.store.base import SCHEMA_VERSION, Changed, Conflict, RoomRow, StoreError, StoreRefused
from gridgames.online.store.dsn import redact_error
from gridgames.online.store.sqlite import seats_from_text

log = logging.getLogger("gridgames.online")

CHANNEL = "gridgames_rooms"
POOL_SIZE = 6  # connections per server for reads and writes (each change holds one for a transaction)
CONNECT_SECONDS = 10.0
HEALTH_SECONDS = 2.0
LISTEN_BACKOFF = (0.2, 5.0)
MIGRATION_LOCK = 0x6767524D  # pg_advisory_xact_lock key: servers starting together migrate one at a time

Query = Callable[[psycopg.AsyncConnection[Any]], Awaitable[Any]]


class PostgresStore:
    """Rooms shared by every server on the same database; open it with `await PostgresStore.open(url)`."""

    shared = True

    def __init__(self, url: str, where: str) -> None:
        self.url, self.where = url, where
        self._idle: asyncio.Queue[psycopg.AsyncConnection[Any]] = asyncio.Queue()
        self._listener: asyncio.Task[None] | None = None
        self._closed = False

    @classmethod
    async def open(cls, url: str, where: str) -> PostgresStore:
        """Connect, migrate, check that the server may write; raises StoreRefused in one sentence."""
        store = cls(url, where)
        try:
            first = await store._connect()
        except psycopg.Error as error:
            raise StoreRefused(
                f"Cannot connect to the rooms' database {where}: {store._say(error)}."
            ) from None
        try:
            await store._migrate(first)
        except psycopg.Error as error:
            await first.close()
            if isinstance(error, (pg_errors.InsufficientPrivilege, pg_errors.ReadOnlySqlTransaction)):
                raise StoreRefused(
                    f"The rooms' database {where} cannot be written by this server: {store._say(error)}."
                ) from None
            raise StoreRefused(f"Cannot use the rooms' database {where}: {store._say(error)}.") from None
        except BaseException:
            await first.close()
            raise
        store._idle.put_nowait(first)
        try:
            for _ in range(POOL_SIZE - 1):
                store._idle.put_nowait(await store._connect())
        except psycopg.Error as error:
            await store.close()
            raise StoreRefused(
                f"Cannot connect to the rooms' database {where}: {store._say(error)}."
            ) from None
        return store

    def _say(self, error: BaseException) -> str:
        """The database's own sentence, first line only, with any password taken out."""
        text = str(error).strip()
        return redact_error(text.splitlines()[0] if text else type(error).__name__, self.url)

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        return await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, connect_timeout=int(CONNECT_SECONDS), application_name="gridgames"
        )

    async def _migrate(self, db: psycopg.AsyncConnection[Any]) -> None:
        async with db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            has_version = await _one(db, "SELECT to_regclass('gridgames_schema') IS NOT NULL")
            version = 0
            if has_version:
                version = await _one(db, "SELECT version FROM gridgames_schema")
            else:
                found = [
                    table for table in migrations.TABLES
                    if await _one(db, "SELECT to_regclass(%s) IS NOT NULL", (table,))
                ]
                if found:
                    raise StoreRefused(migrations.not_ours(self.where))
                await db.execute("CREATE TABLE gridgames_schema (version INTEGER NOT NULL)")
                await db.execute("INSERT INTO gridgames_schema VALUES (0)")
            if version > SCHEMA_VERSION:
                raise StoreRefused(migrations.too_new(self.where, version))
            for step, sqls in migrations.statements(version, "postgresql"):
                for sql in sqls:
                    await db.execute(sql)  # type: ignore[arg-type]
                await db.execute("UPDATE gridgames_schema SET version=%s", (step,))
            # Writable: a write now (rolled back with nothing to undo) fails on a read-only database.
            await db.execute("UPDATE gridgames_schema SET version=version")
            allowed = await _one(
                db, "SELECT bool_and(has_table_privilege(t, 'SELECT, INSERT, UPDATE, DELETE')) "
                    "FROM unnest(%s::text[]) AS t", (list(migrations.TABLES),)
            )
            if not allowed:
                raise StoreRefused(
                    f"The rooms' database {self.where} does not let this server's user write its tables."
                )

    # -- connections -------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """A connection from the pool; a broken one is replaced; psycopg's errors become StoreError."""
        conn = await self._idle.get()
        try:
            if conn.closed or conn.broken:
                conn = await self._connect()
            yield conn
        except Conflict:
            raise
        except pg_errors.UniqueViolation:
            raise Conflict("The room changed meanwhile.") from None
        except psycopg.Error as error:
            raise StoreError(f"The rooms' database failed: {self._say(error)}.") from None
        finally:
            self._idle.put_nowait(conn)

    async def _read(self, query: Query) -> Any:
        async with self._conn() as conn:
            return await query(conn)

    # -- changes ---------------------------------------------------------------------------------
    async def _change(self, room: str, seq: int, sets: str, values: tuple[Any, ...],
                      then: Query | None = None) -> int:
        """`UPDATE rooms SET seq=seq+1, <sets>` if the room is still at `seq`, `then(db)`, and NOTIFY."""
        async with self._conn() as conn, conn.transaction():
            cursor = await conn.execute(
                f"UPDATE rooms SET seq=seq+1{', ' if sets else ''}{sets} WHERE id=%s AND seq=%s",  # type: ignore[arg-type]
                (*values, room, seq),
            )
            if cursor.rowcount != 1:
                raise Conflict("The room changed meanwhile.")
            if then is not None:
                await then(conn)
            await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{room} {seq + 1}"))
        return seq + 1

    async def create(self, row: RoomRow) -> None:
        async with self._conn() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO rooms (id, variant, size, first, adjacency, game_no, first_player, match, "
                "result, created, seq) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                (row.id, row.variant, row.size, row.first, row.adjacency, row.game_no, row.first_player,
                 json.dumps(row.match), None, time.time(), row.seq),
            )
            for seat, digest in row.seats.items():
                await conn.execute("INSERT INTO seats VALUES (%s,%s,%s)", (row.id, seat, digest))

    async def add_seat(self, room: str, seq: int, seat: int, digest: str) -> int:
        async def insert(db: psycopg.AsyncConnection[Any]) -> None:
            await db.execute("INSERT INTO seats VALUES (%s,%s,%s)", (room, seat, digest))

        return await self._change(room, seq, "", (), insert)

    async def add_move(
        self, room: str, seq: int, game_no: int, ply: int, move: str, match: dict[str, Any] | None
    ) -> int:
        async def insert(db: psycopg.AsyncConnection[Any]) -> None:
            await db.execute("INSERT INTO moves VALUES (%s,%s,%s,%s)", (room, game_no, ply, move))

        if match is None:
            return await self._change(room, seq, "takeback_by=NULL", (), insert)
        return await self._change(
            room, seq, "takeback_by=NULL, match=%s, finished=%s", (json.dumps(match), time.time()), insert
        )

    async def take_back(self, room: str, seq: int, game_no: int, keep: int) -> int:
        async def delete(db: psycopg.AsyncConnection[Any]) -> None:
            await db.execute(
                "DELETE FROM moves WHERE room=%s AND game_no=%s AND ply>=%s", (room, game_no, keep)
            )

        return await self._change(room, seq, "takeback_by=NULL", (), delete)

    async def set_offers(self, room: str, seq: int, takeback_by: int | None, rematch: frozenset[int]) -> int:
        text = ",".join(str(seat) for seat in sorted(rematch))
        return await self._change(room, seq, "takeback_by=%s, rematch=%s", (takeback_by, text))

    async def finish(self, room: str, seq: int, result: dict[str, Any], match: dict[str, Any]) -> int:
        return await self._change(
            room, seq, "result=%s, match=%s, takeback_by=NULL, finished=%s",
            (json.dumps(result), json.dumps(match), time.time()),
        )

    async def next_game(self, room: str, seq: int, game_no: int, first_player: int) -> int:
        return await self._change(
            room, seq, "game_no=%s, first_player=%s, result=NULL, rematch='', finished=NULL",
            (game_no, first_player),
        )

    async def purge(self, older_than: float) -> int:
        old = "SELECT id FROM rooms WHERE finished IS NOT NULL AND finished < %s"
        async with self._conn() as conn, conn.transaction():
            await conn.execute(f"DELETE FROM moves WHERE room IN ({old})", (older_than,))  # type: ignore[arg-type]
            await conn.execute(f"DELETE FROM seats WHERE room IN ({old})", (older_than,))  # type: ignore[arg-type]
            cursor = await conn.execute("DELETE FROM rooms WHERE finished < %s", (older_than,))
            return cursor.rowcount

    # -- reads ---------------------------------------------------------------------------------
    async def load(self, room_id: str) -> RoomRow | None:
        async def query(db: psycopg.AsyncConnection[Any]) -> RoomRow | None:
            row = await (await db.execute(
                "SELECT id, variant, size, first, adjacency, game_no, first_player, match, result, seq, "
                "takeback_by, rematch FROM rooms WHERE id=%s", (room_id,),
            )).fetchone()
            if row is None:
                return None
            seats = dict(await (await db.execute(
                "SELECT seat, secret_hash FROM seats WHERE room=%s", (room_id,)
            )).fetchall())
            moves = tuple(m for (m,) in await (await db.execute(
                "SELECT move FROM moves WHERE room=%s AND game_no=%s ORDER BY ply", (room_id, row[5])
            )).fetchall())
            return RoomRow(
                id=row[0], variant=row[1], size=row[2], first=row[3], adjacency=row[4], game_no=row[5],
                first_player=row[6], match=json.loads(row[7]), result=json.loads(row[8]) if row[8] else None,
                seats=seats, moves=moves, seq=row[9], takeback_by=row[10] if row[10] in (1, 2) else None,
                rematch=seats_from_text(row[11]),
            )

        return await self._read(query)  # type: ignore[no-any-return]

    async def count_rooms(self) -> int:
        return int(await self._read(lambda db: _one(db, "SELECT COUNT(*) FROM rooms")))

    async def healthy(self) -> bool:
        try:
            await asyncio.wait_for(self._read(lambda db: _one(db, "SELECT 1")), HEALTH_SECONDS)
        except (StoreError, asyncio.TimeoutError):
            return False
        return True

    # -- hearing about changes -----------------------------------------------------------------
    def on_change(self, changed: Changed, lost: Callable[[], Awaitable[None]] | None = None) -> None:
        """Call `changed(room, seq)` for every committed change, and `lost()` after the listening
        connection came back (notifications sent while it was down are gone: reload everything)."""
        if self._listener is None:
            self._listener = asyncio.get_running_loop().create_task(self._listen(changed, lost))

    async def _listen(self, changed: Changed, lost: Callable[[], Awaitable[None]] | None) -> None:
        pause, dropped = LISTEN_BACKOFF[0], False
        while not self._closed:
            try:
                conn = await self._connect()
            except psycopg.Error as error:
                log.warning("cannot listen for room changes: %s", self._say(error))
                await asyncio.sleep(pause)
                pause = min(LISTEN_BACKOFF[1], pause * 2)
                continue
            try:
                await conn.execute(f"LISTEN {CHANNEL}")
                pause = LISTEN_BACKOFF[0]
                if dropped and lost is not None:
                    await lost()
                async for note in conn.notifies():
                    room, _, seq = note.payload.partition(" ")
                    if seq.isdigit():
                        try:
                            await changed(room, int(seq))
                        except Exception:  # one room's failure must not stop the others' news
                            log.exception("applying a change to room %s failed", room)
            except psycopg.Error as error:
                log.warning("lost the room-change listener: %s", self._say(error))
            finally:
                dropped = True
                with contextlib.suppress(psycopg.Error):
                    await conn.close()
            await asyncio.sleep(pause)

    async def close(self) -> None:
        self._closed = True
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        while not self._idle.empty():
            conn = self._idle.get_nowait()
            with contextlib.suppress(psycopg.Error):
                await conn.close()


async def _one(db: psycopg.AsyncConnection[Any], sql: str, params: tuple[Any, ...] = ()) -> Any:
    row = await (await db.execute(sql, params)).fetchone()  # type: ignore[arg-type]
    return None if row is None else row[0]
