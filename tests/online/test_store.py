"""`gridgames server --db`: what it refuses at start (one sentence, exit 2), the SQLite file's lock
(a second server is refused; kill -9 frees it at once), and rooms written by the first schema."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from gridgames.online.store import SCHEMA_VERSION, open_store
from gridgames.online.store.dsn import parse_db, redact

from .driver import Procs


@pytest.fixture
def procs(tmp_path):
    running = Procs(tmp_path)
    yield running
    running.stop_all()


def refused(tmp_path, *args: str) -> str:
    """Run `gridgames server` expecting a refusal: exit 2, one line on stderr, nothing on stdout."""
    done = subprocess.run(
        [sys.executable, "-m", "gridgames", "server", "--port", "0", *args],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env=dict(os.environ, GRIDGAMES_DATA_DIR=str(tmp_path / "data")),
    )
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_an_unknown_url_scheme_is_refused_without_creating_anything(tmp_path):
    line = refused(tmp_path, "--db", "mysql://player:hunter2secret@db.example/rooms")
    assert "not in 'mysql://'" in line
    assert "hunter2secret" not in line
    assert sorted(os.listdir(tmp_path)) == []  # no folder named 'mysql:'


def test_a_database_url_missing_its_slashes_is_refused_without_echoing_it(tmp_path):
    line = refused(tmp_path, "--db", "postgresql:/ann:hunter2secret@db.example/rooms")
    assert "postgresql://USER@HOST/DATABASE" in line and "hunter2secret" not in line
    assert sorted(os.listdir(tmp_path)) == []


@pytest.mark.parametrize("scheme", ["postgresql", "mysql"])
def test_a_password_holding_a_slash_is_never_printed(tmp_path, scheme):
    line = refused(tmp_path, "--db", f"{scheme}://ann:hunter/2secret@127.0.0.1:1/rooms")
    assert "hunter" not in line and "2secret" not in line and "ann:***@127.0.0.1:1/rooms" in line


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_db_is_refused_not_taken_for_the_default(tmp_path, empty):
    line = refused(tmp_path, "--db", empty)
    assert line == (
        "gridgames: --db is empty: give a SQLite file's path or postgresql://USER@HOST/DATABASE, "
        "or leave --db out for the data folder's server.sqlite."
    )
    assert not (tmp_path / "data").exists()


def test_another_programs_rooms_table_is_refused(tmp_path):
    db = tmp_path / "theirs.sqlite"
    with sqlite3.connect(db) as other:
        other.execute("CREATE TABLE rooms (number INTEGER, building TEXT)")
    line = refused(tmp_path, "--db", str(db))
    assert "another program" in line
    with sqlite3.connect(db) as other:  # and left as it was
        assert [row[0] for row in other.execute("SELECT name FROM sqlite_master")] == ["rooms"]


def test_a_database_from_a_newer_gridgames_is_refused(tmp_path):
    db = tmp_path / "newer.sqlite"
    with sqlite3.connect(db) as newer:
        newer.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
        newer.execute("CREATE TABLE rooms (id TEXT)")
    assert "newer gridgames" in refused(tmp_path, "--db", str(db))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files (see the PostgreSQL test)")
def test_a_read_only_file_is_refused(tmp_path):
    db = tmp_path / "rooms.sqlite"
    sqlite3.connect(db).close()
    db.chmod(0o444)
    assert "cannot be written" in refused(tmp_path, "--db", str(db))


def test_a_second_server_on_the_same_file_is_refused_and_kill_9_frees_it(tmp_path, procs):
    db = tmp_path / "rooms.sqlite"
    first, _ = procs.server(db)
    line = refused(tmp_path, "--db", str(db))
    assert "Another gridgames server is using" in line and "PostgreSQL" in line
    first.kill9()
    again, url = procs.server(db)  # the OS let go of the killed server's lock: no refusal, it serves
    assert url.startswith("ws://127.0.0.1:")


@pytest.mark.parametrize("link", ["symlink", "hard link"])
def test_a_second_server_through_another_name_of_the_file_is_refused(tmp_path, procs, link):
    db = tmp_path / "rooms.sqlite"
    sqlite3.connect(db).close()
    other = tmp_path / "elsewhere"
    other.mkdir()
    alias = other / "alias.sqlite"
    if link == "symlink":
        alias.symlink_to(db)
    else:
        os.link(db, alias)
    procs.server(db)
    line = refused(tmp_path, "--db", str(alias))
    assert "Another gridgames server is using" in line and "PostgreSQL" in line


def test_the_url_password_is_taken_out_wherever_it_is_written():
    assert redact("postgresql://ann:s3cr%40t@h1:5432,h2:5433/rooms") == "postgresql://ann:***@h1:5432,h2:5433/rooms"
    assert redact("postgresql://h/rooms?sslmode=require&password=pw1") == (
        "postgresql://h/rooms?sslmode=require&password=***"
    )
    assert parse_db("postgresql://ann:pw@h/rooms").where == "postgresql://ann:***@h/rooms"
    assert parse_db("rooms.sqlite").kind == "sqlite"


async def test_rooms_of_the_first_schema_are_migrated_and_kept(tmp_path):
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as old:  # exactly what gridgames wrote before the schema had versions 2+
        old.executescript("""
            CREATE TABLE rooms (id TEXT PRIMARY KEY, variant TEXT NOT NULL, size TEXT NOT NULL,
                first TEXT NOT NULL, adjacency TEXT NOT NULL, game_no INTEGER NOT NULL,
                first_player INTEGER NOT NULL, match TEXT NOT NULL, result TEXT, created REAL NOT NULL);
            CREATE TABLE seats (room TEXT NOT NULL REFERENCES rooms(id), seat INTEGER NOT NULL
                CHECK (seat IN (1, 2)), secret_hash TEXT NOT NULL, PRIMARY KEY (room, seat));
            CREATE TABLE moves (room TEXT NOT NULL REFERENCES rooms(id), game_no INTEGER NOT NULL,
                ply INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (room, game_no, ply));
            PRAGMA user_version=1;
        """)
        old.execute("INSERT INTO rooms VALUES ('R' || hex(randomblob(10)), 'rowcol', '3x3', '1', 'king', "
                    "1, 1, ?, NULL, 0)", (json.dumps({"score": [0, 0]}),))
        room = old.execute("SELECT id FROM rooms").fetchone()[0]
        old.execute("INSERT INTO seats VALUES (?, 1, 'hash1')", (room,))
        old.executemany("INSERT INTO moves VALUES (?, 1, ?, ?)", [(room, 0, "A1"), (room, 1, "B3")])
    store = await open_store(db)
    try:
        row = await store.load(room)
        assert row is not None and row.moves == ("A1", "B3") and row.seats == {1: "hash1"} and row.seq == 0
        assert await store.add_move(room, 0, 1, 2, "C2", None) == 1
    finally:
        await store.close()
    with sqlite3.connect(db) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_two_games_hosted_at_once_from_one_data_folder_each_get_a_database(procs, tmp_path):
    first = procs.start("host", "rowcol", "--plain", "--port", "0", person="host")
    first.expect("^Invite: gridgames join ")
    second = procs.start("host", "walls", "--plain", "--port", "0", "--new", person="host")
    second.expect("^Invite: gridgames join ")  # the first holds host.sqlite: this one uses host-2.sqlite
    assert (tmp_path / "data-host" / "online" / "host-2.sqlite").exists()


def test_the_retention_is_a_number_and_a_unit_or_never():
    import argparse

    from gridgames.commands.server import retention_type

    assert retention_type("7d") == 7 * 86400 and retention_type("90m") == 5400
    assert retention_type("never") is None
    for wrong in ("7", "7 days", "-1d", "1w", "7d\n"):
        with pytest.raises(argparse.ArgumentTypeError):
            retention_type(wrong)
