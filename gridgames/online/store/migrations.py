"""The rooms' schema, version by version, for SQLite and PostgreSQL alike.

A database records the version it is at (SQLite: `PRAGMA user_version`, PostgreSQL: the table
`gridgames_schema`). A server brings an older one up to `SCHEMA_VERSION` step by step, each step in
the same transaction as the new version number, and refuses a newer one. Version 1 is the schema
gridgames shipped first (SQLite only); version 2 adds what lets several servers share a room: the
room's change counter `seq`, the offers pending, and when its game ended (for `--retention`);
version 3 the room's snapshot, so a long game loads without replaying its moves; version 4 the
game's own options as one JSON column, `options` (`{name: value}`), in place of the one option that had
a column of its own (GridLock's adjacency, see `engine.legacy`); version 5 the game site (issue 31): a
room's clock, its named players and whether it is rated, and the players, their ratings, their finished
games and the open seeks; version 6 (PostgreSQL only, `POSTGRESQL_ONLY`) drops the moves' foreign key to
their room, which PostgreSQL checked with a query and a row lock (a WAL record) for every move although
a move is only ever written by the statement that raises its room's `seq` (`PostgresStore._change`),
and the purge deletes a room's moves before the room.
"""

from __future__ import annotations

from gridgames.online.store.base import SCHEMA_VERSION

# Version 1, as first shipped. `{real}` is SQLite's REAL or PostgreSQL's DOUBLE PRECISION. `{moves_table}`:
# a SQLite file made since issue 31's fifth pass keeps its moves WITHOUT ROWID, in one B-tree ordered by
# their primary key rather than a table and that key's index (a move's commit writes one page fewer); the
# same table to every statement, so the version is the same and older files keep theirs.
_V1 = [
    """CREATE TABLE rooms (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        size TEXT NOT NULL,
        first TEXT NOT NULL,
        adjacency TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        first_player INTEGER NOT NULL,
        match TEXT NOT NULL,
        result TEXT,
        created {real} NOT NULL
    )""",
    """CREATE TABLE seats (
        room TEXT NOT NULL REFERENCES rooms(id),
        seat INTEGER NOT NULL CHECK (seat IN (1, 2)),
        secret_hash TEXT NOT NULL,
        PRIMARY KEY (room, seat)
    )""",
    """CREATE TABLE moves (
        room TEXT NOT NULL REFERENCES rooms(id),
        game_no INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        move TEXT NOT NULL,
        PRIMARY KEY (room, game_no, ply)
    ){moves_table}""",
]

_V2 = [
    "ALTER TABLE rooms ADD COLUMN seq INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE rooms ADD COLUMN takeback_by INTEGER",
    "ALTER TABLE rooms ADD COLUMN rematch TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE rooms ADD COLUMN finished {real}",
    "CREATE INDEX rooms_finished ON rooms (finished) WHERE finished IS NOT NULL",
]

# Version 3: the room's snapshot (`online.snapshot`), written with each move; NULL (a room stored by
# version 2, or a new game) means the room loads by replaying its moves.
_V3 = ["ALTER TABLE rooms ADD COLUMN snapshot TEXT"]

# Version 4: a game's own options in one column (JSON); the old column's value moves into it (its
# default, "king", is the default still, so it is left out). Braces are doubled for `str.format`.
_V4 = [
    "ALTER TABLE rooms ADD COLUMN options TEXT NOT NULL DEFAULT '{{}}'",
    """UPDATE rooms SET options = '{{"adjacency": "' || adjacency || '"}}' WHERE adjacency <> 'king'""",
    "ALTER TABLE rooms DROP COLUMN adjacency",
]

# Version 5: clocks, players, ratings, games and seeks. A room's clock is JSON (`Room.stored_clock`),
# its players a JSON pair of names (NULL: a room hosted by invite), `rated` 0 or 1.
_V5 = [
    "ALTER TABLE rooms ADD COLUMN clock TEXT",
    "ALTER TABLE rooms ADD COLUMN players TEXT",
    "ALTER TABLE rooms ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
    """CREATE TABLE players (
        name TEXT PRIMARY KEY,
        folded TEXT NOT NULL UNIQUE,
        key_hash TEXT NOT NULL,
        bot INTEGER NOT NULL DEFAULT 0,
        created {real} NOT NULL,
        seen {real} NOT NULL
    )""",
    """CREATE TABLE ratings (
        player TEXT NOT NULL REFERENCES players(name),
        variant TEXT NOT NULL,
        rating {real} NOT NULL,
        rd {real} NOT NULL,
        volatility {real} NOT NULL,
        games INTEGER NOT NULL,
        last {real} NOT NULL,
        PRIMARY KEY (player, variant)
    )""",
    """CREATE TABLE games (
        room TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        variant TEXT NOT NULL,
        player1 TEXT NOT NULL,
        player2 TEXT NOT NULL,
        winner INTEGER,
        reason TEXT NOT NULL,
        rated INTEGER NOT NULL,
        before1 {real}, before2 {real}, after1 {real}, after2 {real},
        ended {real} NOT NULL,
        PRIMARY KEY (room, game_no)
    )""",
    "CREATE INDEX games_player1 ON games (player1, ended)",
    "CREATE INDEX games_player2 ON games (player2, ended)",
    """CREATE TABLE seeks (
        id TEXT PRIMARY KEY,
        player TEXT NOT NULL REFERENCES players(name),
        variant TEXT NOT NULL,
        size TEXT NOT NULL,
        options TEXT NOT NULL,
        clock TEXT,
        rated INTEGER NOT NULL,
        low INTEGER,
        high INTEGER,
        created {real} NOT NULL
    )""",
    "CREATE INDEX rooms_lobby ON rooms (created) WHERE players IS NOT NULL AND finished IS NULL",
]

# Version 6: nothing for SQLite (its foreign keys stay; `POSTGRESQL_ONLY` says why PostgreSQL's go).
_V6: list[str] = []

STEPS: dict[int, list[str]] = {1: _V1, 2: _V2, 3: _V3, 4: _V4, 5: _V5, 6: _V6}
assert max(STEPS) == SCHEMA_VERSION

#: Steps of PostgreSQL's alone, run after the shared ones of the same version. The moves' foreign key
#: costs every move an RI query and a lock on the room's row (issue 31: PostgreSQL's share of a move).
POSTGRESQL_ONLY: dict[int, list[str]] = {
    6: ["ALTER TABLE moves DROP CONSTRAINT IF EXISTS moves_room_fkey"],
}

#: The tables a gridgames database holds; a database with any of them but no version is another program's.
TABLES = ("rooms", "seats", "moves", "players", "ratings", "games", "seeks")
#: The columns of version 1's rooms table, to recognise a database gridgames wrote before it kept versions.
V1_ROOM_COLUMNS = (
    "id", "variant", "size", "first", "adjacency", "game_no", "first_player", "match", "result", "created",
)


def statements(after: int, dialect: str) -> list[tuple[int, list[str]]]:
    """The steps that bring a database at version `after` to SCHEMA_VERSION, in the dialect's words."""
    real = "REAL" if dialect == "sqlite" else "DOUBLE PRECISION"
    moves_table = " WITHOUT ROWID" if dialect == "sqlite" else ""
    only = POSTGRESQL_ONLY if dialect == "postgresql" else {}
    return [
        (version, [sql.format(real=real, moves_table=moves_table) for sql in STEPS[version]]
         + only.get(version, []))
        for version in range(after + 1, SCHEMA_VERSION + 1)
    ]


def too_new(where: str, version: int) -> str:
    return (
        f"The rooms' database {where} was written by a newer gridgames (schema {version}, this one knows "
        f"up to {SCHEMA_VERSION}): upgrade gridgames."
    )


def not_ours(where: str) -> str:
    return (
        f"The database {where} holds tables of another program (a 'rooms' table gridgames did not write): "
        "give the server a database of its own."
    )
