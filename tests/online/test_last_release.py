"""Rooms the last release stored (tests/last_release/: a SQLite file and a PostgreSQL dump, schema 3,
the house rule in a column of its own) are migrated to `options` and play on, and a client of the
last release's protocol (version 2) is told in one sentence to update."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import aiohttp
import psycopg
import pytest

from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.room import Room
from gridgames.online.store import SCHEMA_VERSION, open_store

from .test_untrusted import Client

OLD = Path(__file__).resolve().parent.parent / "last_release"
IDS = json.loads((OLD / "room-ids.json").read_text())
PG_IDS = {"noneighbour": "pgNoNeighbour0000000000", "locked-duel": "pgLockedDuel00000000000"}


def duel_options():  # type: ignore[no-untyped-def]
    from gridgames.engine.options import Options

    return Options(5, 5, "toss")


async def check_rooms(store, ids: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """The two old rooms load, with their options, and take a move."""
    row = await store.load(ids["noneighbour"])
    assert row is not None and row.options == {"adjacency": "orthogonal"} and row.moves == ("(1,1)",)
    room = Room.from_row(row)
    assert room.options.game_options == {"adjacency": "orthogonal"}
    assert room.match.options == room.options and room.state().options == {"adjacency": "orthogonal"}
    duel = await store.load(ids["locked-duel"])
    assert duel is not None and duel.options == {}
    assert Room.from_row(duel).options == duel_options()
    assert await store.add_move(row.id, row.seq, 1, 1, "B3", None) == row.seq + 1


async def test_an_old_sqlite_database_is_migrated_and_its_rooms_play_on(tmp_path):
    db = tmp_path / "rooms.sqlite"
    shutil.copy(OLD / "rooms.sqlite", db)
    store = await open_store(db)
    try:
        await check_rooms(store, IDS)
    finally:
        await store.close()
    with sqlite3.connect(db) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        columns = [name for (_, name, *_) in check.execute("PRAGMA table_info(rooms)")]
        assert "options" in columns and "clock" in columns and len(columns) == 18


async def test_an_old_postgresql_database_is_migrated_and_its_rooms_play_on(pg_url):
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute((OLD / "rooms-postgresql.sql").read_text())
        db.execute("SELECT pg_catalog.set_config('search_path', 'public', false)")
    store = await open_store(pg_url)
    try:
        await check_rooms(store, PG_IDS)
    finally:
        await store.close()
    with psycopg.connect(pg_url) as db:
        assert db.execute("SELECT version FROM gridgames_schema").fetchone() == (SCHEMA_VERSION,) == (6,)
        # version 6: the moves' foreign key, checked with a query and a lock for every move, is gone
        assert db.execute("SELECT count(*) FROM pg_constraint WHERE conrelid = 'moves'::regclass "
                          "AND contype = 'f'").fetchone() == (0,)


def test_a_version_2_create_is_refused_in_one_sentence_before_its_fields_are_read():
    frame = (OLD / "create-v2.json").read_text()
    with pytest.raises(p.ProtocolError) as refused:
        p.parse_client(frame)
    said = str(refused.value)
    assert said == (
        "Your gridgames is older than this server's (protocol 2, the server speaks 3): "
        "update gridgames to play here."
    )


async def test_a_version_2_client_is_told_by_a_server_and_an_old_room_is_watched(tmp_path):
    db = tmp_path / "rooms.sqlite"
    shutil.copy(OLD / "rooms.sqlite", db)
    running = await server.start("127.0.0.1", 0, db)
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session:
            async with Client(session, url) as old:
                refusal = await old.refused((OLD / "create-v2.json").read_text())
                assert "older than this server's (protocol 2" in refusal
            async with Client(session, url) as watcher:
                await watcher.send(p.Join(p.VERSION, IDS["noneighbour"], watch=True))
                assert (await watcher.next(p.Welcome)).seat == 0
                state = await watcher.next(p.State)
                assert state.options == {"adjacency": "orthogonal"} and len(state.moves) == 1
    finally:
        await running.stop()


def test_a_version_2_server_refusing_a_create_is_explained_in_one_sentence(one_sentence):
    from gridgames.online.client import Link

    create = p.Create(p.VERSION, "noneighbour", "4x4", "1", {"adjacency": "orthogonal"})
    link = Link("ws://127.0.0.1:9", create=create)  # never connected: only its reading of a reply
    # what a server of the last release answers this create (it knows no `options` field)
    event = link._event(p.parse_server(p.Error(p.OLD_CREATE_REFUSAL).to_json()))
    assert event is not None and event.kind == "error"
    assert event.value.startswith("The server is older than your gridgames (protocol 2, yours speaks 3)")
    assert one_sentence(event.value)
    other = link._event(p.parse_server(p.Error("There is no game called 'chess'.").to_json()))
    assert other is not None and other.value == "There is no game called 'chess'."
