"""Where the server keeps rooms, seats and moves: `open_store(--db)` picks the backend.

A path is a SQLite file (the embedded default; one server per file). A `postgresql://` URL is a
PostgreSQL database any number of servers share. See `base` for what both promise.
"""

from __future__ import annotations

from pathlib import Path

from gridgames.online.store.base import (
    SCHEMA_VERSION,
    Conflict,
    RoomRow,
    RoomStore,
    StoreError,
    StoreLocked,
    StoreRefused,
    hash_secret,
)
from gridgames.online.store.dsn import DbError, DbSpec, parse_db, redact
from gridgames.online.store.sqlite import SqliteStore

__all__ = [
    "SCHEMA_VERSION", "Conflict", "DbError", "DbSpec", "RoomRow", "RoomStore", "SqliteStore", "StoreError",
    "StoreLocked", "StoreRefused", "hash_secret", "open_store", "parse_db", "redact",
]


async def open_store(db: str | Path | DbSpec) -> RoomStore:
    """The store `db` names, opened, migrated and checked; raises StoreRefused or DbError (one sentence)."""
    if isinstance(db, Path):
        return SqliteStore(db)
    spec = db if isinstance(db, DbSpec) else parse_db(db)
    if spec.kind == "sqlite":
        return SqliteStore(spec.target)
    try:
        from gridgames.online.store.postgres import PostgresStore
    except ModuleNotFoundError:
        raise StoreRefused("PostgreSQL needs psycopg: pip install 'psycopg[binary]'.") from None
    return await PostgresStore.open(spec.target, spec.where)
