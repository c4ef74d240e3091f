"""The rooms in PostgreSQL (psycopg 3): one database that any number of servers share.

Each change is one statement: it raises the room's `seq` only if the room is still at the number
the change was decided on (otherwise `Conflict`, nothing written), writes the move or the offer,
and sends `NOTIFY gridgames_rooms, 'ROOM SEQ[ NEWS]'`, which PostgreSQL delivers only once the
transaction has committed. Changes made in the same turn of the event loop are committed together
in one transaction, sent without waiting for each answer (pipeline mode): one round trip and one
disk flush for many moves (group commit, as the SQLite store does). The batch's plain moves of
different rooms are written by one statement over arrays (`MOVES`), which is its own transaction, in
place of BEGIN, a statement each and COMMIT. If such a batch fails, its changes are retried one by one,
so one bad change fails only itself. Every server LISTENs on one more connection and follows the
rooms it has in memory from the news (`cluster.Follower`: a move, the offers, the next game), reading
a room again for any other change; after that connection drops it reconnects and reloads them all,
since notifications sent meanwhile are gone.

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
    StoreRefused,
    offer_text,
    offers_from_text,
)
from gridgames.online.store.dsn import redact_error
from gridgames.online.store.sqlite import GAME_COLUMNS, SEEK_COLUMNS, lobby_game, players_from, seek_row

log = logging.getLogger("gridgames.online")

CHANNEL = "gridgames_rooms"
PRESENCE_CHANNEL = "gridgames_presence"
LOBBY_CHANNEL = "gridgames_lobby"
POOL_SIZE = 6  # connections per server for reads and writes (each change holds one for a transaction)
CONNECT_SECONDS = 10.0
HEALTH_SECONDS = 2.0
LISTEN_BACKOFF = (0.2, 5.0)
MIGRATION_LOCK = 0x6767524D  # pg_advisory_xact_lock key: servers starting together migrate one at a time

BATCH_LIMIT = 500  # changes committed in one transaction at most
Query = Callable[[psycopg.AsyncConnection[Any]], Awaitable[Any]]
Statement = tuple[str, "tuple[Any, ...] | dict[str, Any]"]
#: A move that neither ends its game nor needs more than the room's row and the move's: room, seq, game,
#: ply, move, snapshot, keep the stored snapshot, clock (None: kept), news. Moves like this made in the
#: same turn of the loop are written by one statement over arrays (`MOVES`), not one statement each.
MoveRow = tuple[str, int, int, int, str, "str | None", bool, "str | None", str]
Queued = tuple[list[Statement], "asyncio.Future[int]", "MoveRow | None"]  # a change, its answer, as a move
#: Several rooms' moves in one statement, all or nothing (autocommit: the statement is its transaction,
#: answered once committed): each room's seq raised if still the one its move was decided on, the move
#: inserted and the news sent for each room raised; returns the positions (from 1) of the moves written.
#: The rooms are given once more, to `= ANY`, so that PostgreSQL finds them by the key: a plan prepared
#: once for any number of moves otherwise joins them by scanning every room.
MOVES = (
    "WITH given AS (SELECT * FROM unnest(%s::text[], %s::int[], %s::int[], %s::int[], %s::text[], "
    "%s::text[], %s::bool[], %s::text[], %s::text[]) WITH ORDINALITY "
    "AS g(room, seq, game, ply, move, snap, keep, clock, news, i)), "
    "bumped AS (UPDATE rooms r SET seq=r.seq+1, takeback_by=NULL, "
    "snapshot=CASE WHEN g.keep THEN r.snapshot ELSE g.snap END, clock=coalesce(g.clock, r.clock) "
    "FROM given g WHERE r.id = ANY(%s::text[]) AND r.id=g.room AND r.seq=g.seq "
    "RETURNING r.id, r.seq, g.game, g.ply, g.move, g.news, g.i), "
    "added AS (INSERT INTO moves SELECT id, game, ply, move FROM bumped), "
    f"told AS (SELECT i, pg_notify('{CHANNEL}', id || ' ' || seq || news) FROM bumped) "
    "SELECT i FROM told"
)


class PostgresStore:
    """Rooms shared by every server on the same database; open it with `await PostgresStore.open(url)`."""

    shared = True

    def __init__(self, url: str, where: str) -> None:
        self.url, self.where = url, where
        self._idle: asyncio.Queue[psycopg.AsyncConnection[Any]] = asyncio.Queue()
        self._listener: asyncio.Task[None] | None = None
        self._closed = False
        self._queue: list[Queued] = []
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        self._lobby: Callable[[str], Awaitable[None]] | None = None

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
                    await db.execute(sql)
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

    # -- writing: group commit -----------------------------------------------------------------
    async def _write(self, statements: list[Statement], checked: bool, move: MoveRow | None = None) -> None:
        """Commit `statements` (with whatever else is queued in this turn of the event loop, in one
        transaction: one disk flush for all). `checked`: the last statement returns how many rooms it
        changed, and 0 means the room was not at the expected seq (raises Conflict). `move`: the same
        change as a row of `MOVES`, which writes the batch's moves in one statement."""
        loop = asyncio.get_running_loop()
        if self._writer is None:
            self._wake = asyncio.Event()
            self._writer = loop.create_task(self._write_loop())
        done: asyncio.Future[int] = loop.create_future()
        self._queue.append((statements, done, move))
        assert self._wake is not None
        self._wake.set()
        if await done == 0 and checked:
            raise Conflict("The room changed meanwhile.")

    async def _write_loop(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            await asyncio.sleep(0)  # every change made in this turn of the loop joins the batch
            self._wake.clear()
            while self._queue:
                batch, self._queue = self._queue[:BATCH_LIMIT], self._queue[BATCH_LIMIT:]
                moves, rest = _moves_apart(batch)
                if moves:
                    _settle(moves, await self._commit_moves(moves))
                if rest:
                    _settle(rest, await self._commit_batch([statements for statements, _, _ in rest]))

    async def _commit_batch(self, batch: list[list[Statement]]) -> list[int | BaseException]:
        """The batch's changes in one transaction; if that fails, each alone, so one fails only itself."""
        try:
            async with self._conn() as conn:
                return await self._commit(conn, batch)
        except (StoreError, psycopg.Error):
            return [await self._one_by_one(statements) for statements in batch]

    async def _commit_moves(self, moves: list[Queued]) -> list[int | BaseException]:
        """Moves of different rooms by one statement (`MOVES`): 1 for each written, 0 for a room that
        moved on meanwhile. If the statement fails, the moves' own statements as any batch's."""
        columns = [list(column) for column in zip(*(move for _, _, move in moves), strict=True)]
        columns.append(columns[0])  # the rooms again, for `= ANY`
        try:
            async with self._conn() as conn:
                written = {row[0] for row in await (await conn.execute(MOVES, columns)).fetchall()}
        except (StoreError, psycopg.Error):
            return await self._commit_batch([statements for statements, _, _ in moves])
        return [int(i in written) for i in range(1, len(moves) + 1)]

    async def _commit(
        self, conn: psycopg.AsyncConnection[Any], batch: list[list[Statement]]
    ) -> list[int | BaseException]:
        """The batch in one transaction, BEGIN to COMMIT sent at once (pipeline mode): one round trip.
        Its results are read only after the COMMIT's answer, so nothing is reported done before it is
        committed; after a failure the transaction is rolled back and the caller retries one by one.
        A batch of one statement (a move when moves are few) is sent alone: the connection commits
        each statement by itself (autocommit), and the answer comes once it is committed, so no
        BEGIN, no COMMIT and no pipeline are needed for it."""
        if len(batch) == 1 and len(batch[0]) == 1:
            sql, params = batch[0][0]
            cursor = await conn.execute(sql, params)
            row = await cursor.fetchone() if cursor.description else None
            return [int(row[0]) if row else 1]
        try:
            async with conn.pipeline():
                await conn.execute("BEGIN")
                cursors = [[await conn.execute(sql, params) for sql, params in statements]
                           for statements in batch]
                await conn.execute("COMMIT")
        except BaseException:
            if not conn.closed and not conn.broken:
                with contextlib.suppress(psycopg.Error):
                    await conn.execute("ROLLBACK")  # a failed statement left the transaction open
            raise
        results: list[int | BaseException] = []
        for mine in cursors:
            row = await mine[-1].fetchone() if mine[-1].description else None
            results.append(int(row[0]) if row else 1)
        return results

    async def _one_by_one(self, statements: list[Statement]) -> int | BaseException:
        """After a batch failed: this change alone, so one bad change fails only itself."""
        try:
            async with self._conn() as conn:
                return (await self._commit(conn, [statements]))[0]
        except StoreError as error:
            return error

    # -- changes ---------------------------------------------------------------------------------
    async def _change(
        self, room: str, seq: int, sets: str, values: dict[str, Any], then: str = "", news: str = "",
        clock: str | None = None, move: MoveRow | None = None,
    ) -> int:
        """One statement: raise the room's seq if it is still `seq` (setting `sets`, and `clock` when
        given), run `then` (more WITH clauses, on the room in `bumped`), and NOTIFY 'ROOM SEQ[ NEWS]',
        all or nothing."""
        if clock is not None:
            sets, values = f"{sets}{', ' if sets else ''}clock=%(clock)s", {**values, "clock": clock}
        sql = (
            f"WITH bumped AS (UPDATE rooms SET seq=seq+1{', ' if sets else ''}{sets} "
            "WHERE id=%(room)s AND seq=%(seq)s RETURNING id, seq)"
            f"{then}, told AS (SELECT pg_notify('{CHANNEL}', id || ' ' || seq || %(news)s) FROM bumped) "
            "SELECT count(*) FROM told"
        )
        values = {"room": room, "seq": seq, "news": f" {news}" if news else "", **values}
        await self._write([(sql, values)], checked=True, move=move)
        return seq + 1

    async def create(self, row: RoomRow) -> None:
        statements: list[Statement] = [(
            "INSERT INTO rooms (id, variant, size, first, options, game_no, first_player, match, "
            "result, created, seq, clock, players, rated) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
            (row.id, row.variant, row.size, row.first, json.dumps(row.options), row.game_no, row.first_player,
             json.dumps(row.match), None, time.time(), row.seq, row.clock,
             None if row.players is None else json.dumps(list(row.players)), int(row.rated)),
        )]
        for seat, digest in row.seats.items():
            statements.append(("INSERT INTO seats VALUES (%s,%s,%s)", (row.id, seat, digest)))
        await self._write(statements, checked=False)

    async def add_seat(self, room: str, seq: int, seat: int, digest: str, clock: str | None = None) -> int:
        return await self._change(
            room, seq, "", {"seat": seat, "digest": digest},
            ", added AS (INSERT INTO seats SELECT id, %(seat)s, %(digest)s FROM bumped)", clock=clock,
        )

    async def add_move(
        self, room: str, seq: int, game_no: int, ply: int, move: str, match: dict[str, Any] | None,
        snapshot: str | None = None, clock: str | None = None, keep_snapshot: bool = False,
    ) -> int:
        sets = "takeback_by=NULL" if keep_snapshot else "takeback_by=NULL, snapshot=%(snapshot)s"
        if match is not None:
            sets += ", match=%(match)s, finished=%(now)s"
        values = {"game": game_no, "ply": ply, "move": move, "now": time.time(), "snapshot": snapshot,
                  "match": None if match is None else json.dumps(match)}
        news = " ".join(part for part in (str(game_no), str(ply), move, clock) if part is not None)
        return await self._change(
            room, seq, sets, values,
            ", added AS (INSERT INTO moves SELECT id, %(game)s, %(ply)s, %(move)s FROM bumped)",
            news=news, clock=clock,
            move=None if match is not None else (
                room, seq, game_no, ply, move, snapshot, keep_snapshot, clock, f" {news}"
            ),
        )

    async def take_back(
        self, room: str, seq: int, game_no: int, keep: int, snapshot: str | None = None,
        clock: str | None = None,
    ) -> int:
        return await self._change(
            room, seq, "takeback_by=NULL, snapshot=%(snapshot)s",
            {"game": game_no, "keep": keep, "snapshot": snapshot},
            ", gone AS (DELETE FROM moves WHERE room IN (SELECT id FROM bumped) "
            "AND game_no=%(game)s AND ply>=%(keep)s)", clock=clock,
        )

    async def set_offers(self, room: str, seq: int, takeback_by: int | None, rematch: frozenset[int]) -> int:
        return await self._change(
            room, seq, "takeback_by=%(by)s, rematch=%(rematch)s",
            {"by": takeback_by, "rematch": offer_text(rematch)},
            news=f"offers {takeback_by or '-'} {offer_text(rematch) or '-'}",
        )

    async def finish(
        self, room: str, seq: int, result: dict[str, Any], match: dict[str, Any], clock: str | None = None
    ) -> int:
        return await self._change(
            room, seq, "result=%(result)s, match=%(match)s, takeback_by=NULL, finished=%(now)s",
            {"result": json.dumps(result), "match": json.dumps(match), "now": time.time()}, clock=clock,
        )

    async def next_game(
        self, room: str, seq: int, game_no: int, first_player: int, clock: str | None = None
    ) -> int:
        return await self._change(
            room, seq, "game_no=%(game)s, first_player=%(first)s, result=NULL, rematch='', finished=NULL, "
            "snapshot=NULL",
            {"game": game_no, "first": first_player}, clock=clock,
            news=f"next {game_no} {first_player}" + ("" if clock is None else f" {clock}"),
        )

    # -- the game site -------------------------------------------------------------------------
    async def player(self, folded: str) -> PlayerRow | None:
        async def query(db: psycopg.AsyncConnection[Any]) -> PlayerRow | None:
            row = await (await db.execute(
                "SELECT name, key_hash, bot FROM players WHERE folded=%s", (folded,)
            )).fetchone()
            return None if row is None else PlayerRow(row[0], row[1], bool(row[2]))

        return await self._read(query)  # type: ignore[no-any-return]

    async def add_player(self, name: str, folded: str, key_hash: str, bot: bool, now: float) -> bool:
        async with self._conn() as conn:
            cursor = await conn.execute(
                "INSERT INTO players VALUES (%s,%s,%s,%s,%s,%s) ON CONFLICT DO NOTHING",
                (name, folded, key_hash, int(bot), now, now),
            )
            return cursor.rowcount == 1

    async def seen(self, names: list[str], now: float) -> None:
        if names:
            async with self._conn() as conn:
                await conn.execute("UPDATE players SET seen=%s WHERE name = ANY(%s)", (now, names))

    async def online(self, since: float, limit: int) -> list[tuple[str, bool]]:
        async def query(db: psycopg.AsyncConnection[Any]) -> list[tuple[str, bool]]:
            rows = await (await db.execute(
                "SELECT name, bot FROM players WHERE seen>=%s ORDER BY name LIMIT %s", (since, limit)
            )).fetchall()
            return [(name, bool(bot)) for name, bot in rows]

        return await self._read(query)  # type: ignore[no-any-return]

    async def ratings(self, name: str) -> dict[str, RatingRow]:
        async def query(db: psycopg.AsyncConnection[Any]) -> dict[str, RatingRow]:
            rows = await (await db.execute(
                "SELECT variant, rating, rd, volatility, games, last FROM ratings WHERE player=%s", (name,)
            )).fetchall()
            return {row[0]: RatingRow(*row[1:]) for row in rows}

        return await self._read(query)  # type: ignore[no-any-return]

    async def record_game(self, record: GameRecord, rate: RateGame | None) -> Rated | None:
        """One transaction: both players' rows locked (in name order), so two games ending at once on
        two servers rate one after the other, each from the other's result."""
        async with self._conn() as conn, conn.transaction():
            inserted = (await conn.execute(
                "INSERT INTO games (room, game_no, variant, player1, player2, winner, reason, rated, ended) "
                "VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s) ON CONFLICT DO NOTHING",
                (record.room, record.game_no, record.variant, *record.players, record.winner, record.reason,
                 int(rate is not None), record.ended),
            )).rowcount
            if inserted != 1 or rate is None:
                return None
            await conn.execute(
                "SELECT name FROM players WHERE name = ANY(%s) ORDER BY name FOR UPDATE",
                (list(record.players),),
            )
            before = []
            for name in record.players:
                row = await (await conn.execute(
                    "SELECT rating, rd, volatility, games, last FROM ratings WHERE player=%s AND variant=%s",
                    (name, record.variant),
                )).fetchone()
                before.append(None if row is None else RatingRow(*row))
            after = rate(before[0], before[1])
            for name, new in zip(record.players, after, strict=True):
                await conn.execute(
                    "INSERT INTO ratings VALUES (%s,%s,%s,%s,%s,%s,%s) "
                    "ON CONFLICT (player, variant) DO UPDATE SET rating=EXCLUDED.rating, rd=EXCLUDED.rd, "
                    "volatility=EXCLUDED.volatility, games=EXCLUDED.games, last=EXCLUDED.last",
                    (name, record.variant, new.rating, new.rd, new.volatility, new.games, new.last),
                )
            await conn.execute(
                "UPDATE games SET before1=%s, before2=%s, after1=%s, after2=%s WHERE room=%s AND game_no=%s",
                (*(None if b is None else b.rating for b in before), after[0].rating, after[1].rating,
                 record.room, record.game_no),
            )
            return (before[0], before[1]), after

    async def last_games(self, name: str, limit: int) -> list[dict[str, Any]]:
        async def query(db: psycopg.AsyncConnection[Any]) -> list[dict[str, Any]]:
            cursor = await db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE player1=%s OR player2=%s "
                "ORDER BY ended DESC LIMIT %s", (name, name, limit),
            )
            names = [d.name for d in cursor.description or ()]
            return [dict(zip(names, row, strict=True)) for row in await cursor.fetchall()]

        return await self._read(query)  # type: ignore[no-any-return]

    async def add_seek(self, seek: SeekRow) -> None:
        async with self._conn() as conn:
            await conn.execute(
                "INSERT INTO seeks VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                (seek.id, seek.player, seek.variant, seek.size, json.dumps(seek.options), seek.clock,
                 int(seek.rated), seek.low, seek.high, seek.created),
            )

    async def take_seek(self, seek_id: str) -> SeekRow | None:
        async with self._conn() as conn:
            row = await (await conn.execute(
                f"DELETE FROM seeks WHERE id=%s RETURNING {SEEK_COLUMNS}", (seek_id,)
            )).fetchone()
            return None if row is None else seek_row(row)

    async def seeks(self, limit: int) -> list[SeekRow]:
        async def query(db: psycopg.AsyncConnection[Any]) -> list[SeekRow]:
            rows = await (await db.execute(
                f"SELECT {SEEK_COLUMNS} FROM seeks ORDER BY created LIMIT %s", (limit,)
            )).fetchall()
            return [seek_row(row) for row in rows]

        return await self._read(query)  # type: ignore[no-any-return]

    async def lobby_games(self, limit: int) -> list[LobbyGame]:
        async def query(db: psycopg.AsyncConnection[Any]) -> list[LobbyGame]:
            rows = await (await db.execute(
                "SELECT id, variant, size, clock, rated, players FROM rooms "
                "WHERE players IS NOT NULL AND finished IS NULL ORDER BY created DESC LIMIT %s", (limit,)
            )).fetchall()
            return [lobby_game(row) for row in rows]

        return await self._read(query)  # type: ignore[no-any-return]

    async def clocked_games(self, after: str, limit: int) -> list[tuple[str, str]]:
        async def query(db: psycopg.AsyncConnection[Any]) -> list[tuple[str, str]]:
            rows = await (await db.execute(
                "SELECT id, clock FROM rooms WHERE id > %s AND clock IS NOT NULL AND finished IS NULL "
                "ORDER BY id LIMIT %s", (after, limit),
            )).fetchall()
            return [(str(row[0]), str(row[1])) for row in rows]

        return await self._read(query)  # type: ignore[no-any-return]

    def on_lobby(self, heard: Callable[[str], Awaitable[None]]) -> None:
        self._lobby = heard

    async def notify_lobby(self, payload: str) -> None:
        async with self._conn() as conn:
            await conn.execute("SELECT pg_notify(%s, %s)", (LOBBY_CHANNEL, payload))

    async def purge(self, older_than: float) -> int:
        old = "SELECT id FROM rooms WHERE finished IS NOT NULL AND finished < %s"
        async with self._conn() as conn, conn.transaction():
            await conn.execute(f"DELETE FROM moves WHERE room IN ({old})", (older_than,))
            await conn.execute(f"DELETE FROM seats WHERE room IN ({old})", (older_than,))
            cursor = await conn.execute("DELETE FROM rooms WHERE finished < %s", (older_than,))
            return cursor.rowcount

    # -- reads ---------------------------------------------------------------------------------
    async def load(self, room_id: str) -> RoomRow | None:
        """The room, its seats and its current game's moves in one round trip."""

        async def query(db: psycopg.AsyncConnection[Any]) -> RoomRow | None:
            row = await (await db.execute(
                "SELECT id, variant, size, first, options, game_no, first_player, match, result, seq, "
                "takeback_by, rematch, snapshot, clock, players, rated, "
                "ARRAY(SELECT seat::text || ' ' || secret_hash FROM seats WHERE room=r.id), "
                "ARRAY(SELECT move FROM moves WHERE room=r.id AND game_no=r.game_no ORDER BY ply) "
                "FROM rooms r WHERE id=%s", (room_id,),
            )).fetchone()
            if row is None:
                return None
            seats = {int(seat): digest for seat, _, digest in (text.partition(" ") for text in row[16])}
            return RoomRow(
                id=row[0], variant=row[1], size=row[2], first=row[3], options=json.loads(row[4]),
                game_no=row[5], first_player=row[6], match=json.loads(row[7]),
                result=json.loads(row[8]) if row[8] else None, seats=seats, moves=tuple(row[17]), seq=row[9],
                takeback_by=row[10] if row[10] in (1, 2) else None, rematch=offers_from_text(row[11]),
                snapshot=row[12], clock=row[13], players=players_from(row[14]), rated=bool(row[15]),
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
    def on_change(
        self, changed: Changed, lost: Callable[[], Awaitable[None]] | None = None,
        presence: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        """Call `changed(room, seq, news)` for every committed change, and `lost()` after the listening
        connection came back (notifications sent while it was down are gone: reload everything)."""
        if self._listener is None:
            self._listener = asyncio.get_running_loop().create_task(self._listen(changed, lost, presence))

    async def notify_presence(self, payload: str) -> None:
        async with self._conn() as conn:
            await conn.execute("SELECT pg_notify(%s, %s)", (PRESENCE_CHANNEL, payload))

    async def _listen(
        self, changed: Changed, lost: Callable[[], Awaitable[None]] | None,
        presence: Callable[[str], Awaitable[None]] | None,
    ) -> None:
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
                if presence is not None:
                    await conn.execute(f"LISTEN {PRESENCE_CHANNEL}")
                await conn.execute(f"LISTEN {LOBBY_CHANNEL}")
                pause = LISTEN_BACKOFF[0]
                if dropped and lost is not None:
                    await lost()
                async for note in conn.notifies():
                    if note.channel == LOBBY_CHANNEL:
                        if self._lobby is not None:
                            try:
                                await self._lobby(note.payload)
                            except Exception:  # the lobby's failure must not stop the rooms' news
                                log.exception("handling lobby news failed")
                        continue
                    if note.channel == PRESENCE_CHANNEL:
                        if presence is not None:
                            await presence(note.payload)
                        continue
                    room, _, rest = note.payload.partition(" ")
                    seq, _, news = rest.partition(" ")
                    if seq.isdigit():
                        try:
                            await changed(room, int(seq), news)
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
        if self._writer is not None:
            while self._queue:
                await asyncio.sleep(0.01)
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        while not self._idle.empty():
            conn = self._idle.get_nowait()
            with contextlib.suppress(psycopg.Error):
                await conn.close()


def _moves_apart(batch: list[Queued]) -> tuple[list[Queued], list[Queued]]:
    """(the moves `MOVES` writes together: the first of each room, if two or more; the other changes)."""
    moves: list[Queued] = []
    rest: list[Queued] = []
    rooms = set()
    for queued in batch:
        move = queued[2]
        if move is not None and move[0] not in rooms:
            rooms.add(move[0])
            moves.append(queued)
        else:
            rest.append(queued)
    if len(moves) < 2:
        return [], batch
    return moves, rest


def _settle(batch: list[Queued], results: list[int | BaseException]) -> None:
    """Answer each change of `batch` with its result (a count, or the error it failed with)."""
    for (_, done, _), result in zip(batch, results, strict=True):
        if done.done():
            continue
        if isinstance(result, BaseException):
            done.set_exception(result)
        else:
            done.set_result(result)


async def _one(db: psycopg.AsyncConnection[Any], sql: str, params: tuple[Any, ...] = ()) -> Any:
    row = await (await db.execute(sql, params)).fetchone()
    return None if row is None else row[0]
