"""Several servers over one real PostgreSQL (a throwaway cluster, tests/pg.py): the database orders
each room's changes, news of a change reaches the other servers' clients, a `--db` the server may
not use is refused in one sentence, and a password in the URL is never shown."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import aiohttp
import psycopg
import pytest

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.store import StoreRefused, open_store
from tests.waiting import scaled

from .test_untrusted import Client

WAIT = scaled(10.0)


@pytest.fixture
async def nodes(pg_url):
    """Two servers in this process sharing one PostgreSQL database; yields their ws:// URLs."""
    first = await server.start("127.0.0.1", 0, pg_url)
    second = await server.start("127.0.0.1", 0, pg_url)
    try:
        yield f"ws://127.0.0.1:{first.port}", f"ws://127.0.0.1:{second.port}"
    finally:
        await first.stop()
        await second.stop()


async def state_where(client: Client, check) -> p.State:  # type: ignore[no-untyped-def]
    """The room as `client` follows it (`state`, then `moved` and `members`), once it passes `check`."""
    while client.room is None or not check(client.room):
        await client.next((p.State, p.Moved, p.Members))
    return client.room


async def seated_pair(session, a: str, b: str) -> tuple[Client, Client, str, str]:
    """A rowcol room created on `a` (seat 1) and joined on `b` (seat 2); (host, guest, room, host secret)."""
    host = await Client(session, a).__aenter__()
    await host.send(p.Create(p.VERSION, "rowcol", "3x3", "1", {}))
    welcome = await host.next(p.Welcome)
    guest = await Client(session, b).__aenter__()
    await guest.send(p.Join(p.VERSION, welcome.room))  # type: ignore[attr-defined]
    assert (await guest.next(p.Welcome)).seat == 2  # type: ignore[attr-defined]
    return host, guest, welcome.room, welcome.secret  # type: ignore[attr-defined]


async def test_two_servers_taking_a_move_for_the_same_ply_acknowledge_exactly_one(nodes):
    a, b = nodes
    async with aiohttp.ClientSession() as session:
        host, guest, room, secret = await seated_pair(session, a, b)
        twin = await Client(session, b).__aenter__()  # seat 1 opened on the other server too
        await twin.send(p.Join(p.VERSION, room, secret))
        await twin.next(p.Welcome)
        await asyncio.gather(host.send(p.MoveMsg(0, "A1")), twin.send(p.MoveMsg(0, "C3")))

        answers = await asyncio.gather(host.next((p.Ack, p.Error)), twin.next((p.Ack, p.Error)))
        acks = [m for m in answers if isinstance(m, p.Ack)]
        assert len(acks) == 1, answers
        refusal = next(m for m in answers if isinstance(m, p.Error))
        assert "earlier position" in refusal.message  # type: ignore[attr-defined]
        winner = "A1" if isinstance(answers[0], p.Ack) else "C3"
        for client in (host, guest, twin):  # every client, on either server, sees the one that committed
            await state_where(client, lambda s: s.moves == (winner,))
        for client in (host, guest, twin):
            await client.__aexit__()


async def test_takebacks_resignations_and_rematches_are_ordered_across_servers(nodes):
    a, b = nodes
    async with aiohttp.ClientSession() as session:
        host, guest, _, _ = await seated_pair(session, a, b)
        await host.send(p.MoveMsg(0, "A1"))
        await host.next(p.Ack)
        await state_where(guest, lambda s: s.moves == ("A1",))
        await host.send(p.Takeback("request"))
        await state_where(guest, lambda s: s.takeback == 1)  # asked on one server, seen on the other
        await guest.send(p.Takeback("accept"))  # and answered there
        await state_where(host, lambda s: s.moves == () and s.takeback is None)
        await guest.send(p.Resign())
        over = await state_where(host, lambda s: s.result is not None)
        assert over.result.winner == 1  # type: ignore[union-attr]
        await host.send(p.Rematch("offer"))
        await state_where(guest, lambda s: s.rematch == (True, False))
        await guest.send(p.Rematch("offer"))
        for client in (host, guest):
            await state_where(client, lambda s: s.game == 2 and s.result is None)
        await host.__aexit__()
        await guest.__aexit__()


async def test_a_clocked_rematch_agreed_across_servers_is_the_same_game_and_clock_on_both(nodes):
    """The offers and the next game reach the other server by their news alone: both players see the
    second game with the same first player and that player's clock running, and a move in it."""
    a, b = nodes
    async with aiohttp.ClientSession() as session:
        host = await Client(session, a).__aenter__()
        await host.send(p.Create(p.VERSION, "rowcol", "3x3", "1", {}, "3+2"))
        welcome = await host.next(p.Welcome)
        guest = await Client(session, b).__aenter__()
        await guest.send(p.Join(p.VERSION, welcome.room))  # type: ignore[attr-defined]
        await guest.next(p.Welcome)
        await host.send(p.MoveMsg(0, "A1"))
        await host.next(p.Ack)
        await state_where(guest, lambda s: s.moves == ("A1",))
        await guest.send(p.Resign())
        await state_where(host, lambda s: s.result is not None)
        await host.send(p.Rematch("offer"))
        await state_where(guest, lambda s: s.rematch == (True, False))
        await guest.send(p.Rematch("offer"))  # the next game begins on server B
        seen = [
            await state_where(client, lambda s: s.game == 2 and s.result is None) for client in (host, guest)
        ]
        assert seen[0].first == seen[1].first and seen[0].rematch == seen[1].rematch == (False, False)
        for state in seen:
            assert state.clock is not None and state.clock["running"] == state.first
        mover, other = (host, guest) if seen[0].first == 1 else (guest, host)
        await mover.send(p.MoveMsg(0, "B2"))
        await mover.next(p.Ack)
        await state_where(other, lambda s: s.game == 2 and s.moves == ("B2",))
        await host.__aexit__()
        await guest.__aexit__()


async def test_a_game_won_by_a_move_shows_the_same_result_and_score_through_both_servers(nodes):
    """The move that ends a game reaches the other server by its news: both players see the game's
    result and the match's new score, and the rematch starts from it."""
    a, b = nodes
    async with aiohttp.ClientSession() as session:
        host, guest, _, _ = await seated_pair(session, a, b)
        game = Game.new(get_entry("rowcol"), Options(3, 3, "1"), first_player=1)
        while game.outcome is None:
            move = game.legal_moves()[0]
            mover, other = (host, guest) if game.state.to_move == 1 else (guest, host)
            await mover.send(p.MoveMsg(len(game.moves), game.rules.format_move(move)))
            await mover.next(p.Ack)
            game = game.play(move)
            ply = len(game.moves)
            await state_where(other, lambda s, ply=ply: len(s.moves) == ply)
        winner = game.outcome.winner
        ended = [
            await state_where(client, lambda s: s.score != (0, 0) or s.draws) for client in (host, guest)
        ]
        assert ended[0].score == ended[1].score and ended[0].draws == ended[1].draws
        assert ended[0].score == ((1, 0) if winner == 1 else (0, 1) if winner == 2 else (0, 0))
        await host.send(p.Rematch("offer"))
        await guest.send(p.Rematch("offer"))
        for client in (host, guest):
            state = await state_where(client, lambda s: s.game == 2)
            assert state.score == ended[0].score and state.moves == ()
        await host.__aexit__()
        await guest.__aexit__()


async def test_a_room_left_idle_on_one_server_is_current_when_joined_there_again(nodes):
    """Server A keeps a room everyone there has left in memory: changes made on server B meanwhile
    must be what a player rejoining on A sees (a move is played from the news, anything else makes
    A read the room again)."""
    a, b = nodes
    async with aiohttp.ClientSession() as session:
        host, guest, room, secret = await seated_pair(session, a, b)
        await host.send(p.MoveMsg(0, "A1"))
        await host.next(p.Ack)
        await host.__aexit__()  # nobody is in the room on server A now
        await state_where(guest, lambda s: s.moves == ("A1",))
        await guest.send(p.MoveMsg(1, "A2"))
        await guest.next(p.Ack)
        back = await Client(session, a).__aenter__()
        await back.send(p.Join(p.VERSION, room, secret))
        await state_where(back, lambda s: s.moves == ("A1", "A2"))
        await back.__aexit__()
        await guest.send(p.Resign())
        await state_where(guest, lambda s: s.result is not None)
        again = await Client(session, a).__aenter__()
        await again.send(p.Join(p.VERSION, room, secret))
        over = await state_where(again, lambda s: s.result is not None)
        assert over.moves == ("A1", "A2") and over.result.winner == 1  # type: ignore[union-attr]
        await again.__aexit__()
        await guest.__aexit__()


async def test_a_player_on_another_server_shows_as_connected_until_they_leave(nodes):
    async with aiohttp.ClientSession() as session:
        host, guest, _, _ = await seated_pair(session, *nodes)
        await state_where(host, lambda s: s.connected == (True, True))
        await state_where(guest, lambda s: s.connected == (True, True))
        await guest.__aexit__()
        await state_where(host, lambda s: s.connected == (True, False))
        await host.__aexit__()


async def test_each_server_answers_the_health_check(nodes):
    async with aiohttp.ClientSession() as session:
        for url in nodes:
            async with session.get(url.replace("ws://", "http://") + "/health") as response:
                assert response.status == 200
                body = await response.json()
                assert body["status"] == "ok" and body["protocol"] == p.VERSION


async def test_a_client_of_another_protocol_version_is_told_which_side_is_older(nodes):
    async with aiohttp.ClientSession() as session, Client(session, nodes[0]) as old:
        refusal = await old.refused(p.Create(p.VERSION - 1, "rowcol", "3x3", "1", {}))
        assert "older than this server's" in refusal
    async with aiohttp.ClientSession() as session, Client(session, nodes[1]) as new:
        refusal = await new.refused(p.Create(p.VERSION + 1, "rowcol", "3x3", "1", {}))
        assert "newer than this server's" in refusal


async def test_finished_rooms_past_the_retention_are_purged_and_others_kept(nodes, pg_url):
    async with aiohttp.ClientSession() as session:
        host, guest, finished, _ = await seated_pair(session, *nodes)
        await guest.send(p.Resign())
        await state_where(host, lambda s: s.result is not None)
        _, _, going_on, _ = await seated_pair(session, *nodes)
    store = await open_store(pg_url)
    try:
        assert await store.purge(older_than=0.0) == 0  # ended after that: kept
        assert await store.purge(older_than=2e9) == 1
        assert await store.load(finished) is None and await store.load(going_on) is not None
    finally:
        await store.close()


async def test_another_programs_tables_and_a_read_only_user_are_refused(pg_cluster, pg_url):
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute("CREATE TABLE rooms (number INTEGER)")
    with pytest.raises(StoreRefused, match="another program"):
        await open_store(pg_url)
    reader_db = pg_cluster.create_database(f"readonly_{os.getpid()}")
    store = await open_store(reader_db)  # the schema is made by its owner
    await store.close()
    with psycopg.connect(reader_db, autocommit=True) as admin:
        admin.execute("DROP ROLE IF EXISTS reader")
        admin.execute("CREATE ROLE reader LOGIN")
        admin.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
    with pytest.raises(StoreRefused, match="cannot be written") as refused:
        await open_store(reader_db.replace("//gridgames@", "//reader@"))
    assert "\n" not in str(refused.value)


def run_server(tmp_path, db: str, wait: float = 30.0) -> tuple[str, str, int]:
    """`gridgames server --db DB` until it says where the rooms are (then SIGTERM); (stdout, stderr, code)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "gridgames", "server", "--port", "0", "--db", db], text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=dict(os.environ, GRIDGAMES_DATA_DIR=str(tmp_path)),
    )
    assert proc.stdout is not None
    lines = [proc.stdout.readline(), proc.stdout.readline()]
    proc.terminate()
    out, err = proc.communicate(timeout=wait)
    return "".join(lines) + out, err, proc.returncode


def test_the_url_password_is_never_shown(tmp_path, pg_cluster, pg_url):
    password = "Sw0rdfish-never-print-me"
    served = pg_url.replace("//gridgames@", f"//gridgames:{password}@")  # trust auth: accepted, ignored
    out, err, _ = run_server(tmp_path, served)
    assert "Rooms are kept in postgresql://gridgames:***@127.0.0.1" in out
    assert password not in out + err
    closed = f"postgresql://gridgames:{password}@127.0.0.1:1/rooms?connect_timeout=2"
    out, err, code = run_server(tmp_path, closed)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "Cannot connect to the rooms' database postgresql://gridgames:***@" in err
    assert password not in out + err


async def test_changes_committed_together_fail_only_themselves(pg_url):
    """Changes made at once share one transaction; one that breaks a rule must not take the others down."""
    from gridgames.online.store import Conflict, RoomRow

    def row(name: str) -> RoomRow:
        return RoomRow(name * 22, "rowcol", "3x3", "1", {}, 1, 1, {}, None, {1: "h"}, ())

    store = await open_store(pg_url)
    try:
        await store.create(row("a"))
        outcomes = await asyncio.gather(
            store.create(row("a")),  # the same room again: refused by its key
            store.create(row("b")),
            store.add_move("a" * 22, 0, 1, 0, "A1", None),
            store.add_move("a" * 22, 0, 1, 0, "C3", None),  # the same seq: the room moved on
            return_exceptions=True,
        )
        assert isinstance(outcomes[0], Conflict) and outcomes[1] is None
        assert 1 in outcomes[2:] and any(isinstance(outcome, Conflict) for outcome in outcomes[2:])
        stored = await store.load("a" * 22)
        assert stored is not None and len(stored.moves) == 1 and await store.load("b" * 22) is not None
    finally:
        await store.close()


async def listening(url: str) -> None:
    """Return once a store's listener in this database has run its last LISTEN (within WAIT)."""
    deadline = asyncio.get_running_loop().time() + WAIT
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as watch:
        while asyncio.get_running_loop().time() < deadline:
            row = await (await watch.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND state = 'idle' AND query = 'LISTEN gridgames_lobby'"
            )).fetchone()
            if row and row[0]:
                return
            await asyncio.sleep(0.01)
    raise AssertionError("The store's listener did not start listening.")


async def test_moves_of_several_rooms_written_together_each_answer_for_themselves(pg_url):
    """Moves of different rooms made at once are written by one statement: each is stored and heard of
    with its own news, a move decided on a stale seq is refused alone, and a room's second move of the
    batch waits for its first."""
    from gridgames.online.store import Conflict, RoomRow

    def row(name: str) -> RoomRow:
        return RoomRow(name * 22, "rowcol", "3x3", "1", {}, 1, 1, {}, None, {1: "h"}, ())

    store = await open_store(pg_url)
    heard: list[tuple[str, int, str]] = []

    async def changed(room: str, seq: int, news: str = "") -> None:
        heard.append((room, seq, news))

    try:
        for name in "abcd":
            await store.create(row(name))
        store.on_change(changed)
        await listening(pg_url)  # news sent before the listener listens would not be heard
        await store.add_move("d" * 22, 0, 1, 0, "A1", None)
        outcomes = await asyncio.gather(
            store.add_move("a" * 22, 0, 1, 0, "A1", None, snapshot="snap", clock="c1"),
            store.add_move("b" * 22, 0, 1, 0, "B2", None, keep_snapshot=True),
            store.add_move("c" * 22, 0, 1, 0, "C3", None),
            store.add_move("d" * 22, 0, 1, 0, "B1", None),  # decided before d's first move: refused
            store.add_move("a" * 22, 0, 1, 1, "B1", None),  # a's again at the same seq: refused
            return_exceptions=True,
        )
        assert outcomes[:3] == [1, 1, 1]  # the rooms' new seqs
        assert isinstance(outcomes[3], Conflict) and isinstance(outcomes[4], Conflict)
        for name, moves in (("a", ("A1",)), ("b", ("B2",)), ("c", ("C3",)), ("d", ("A1",))):
            stored = await store.load(name * 22)
            assert stored is not None and stored.moves == moves and stored.seq == 1
        first = await store.load("a" * 22)
        assert first is not None and first.snapshot == "snap" and first.clock == "c1"
        deadline = asyncio.get_running_loop().time() + WAIT
        while len(heard) < 4 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)
        assert sorted(heard) == [
            ("a" * 22, 1, "1 0 A1 c1"), ("b" * 22, 1, "1 0 B2"), ("c" * 22, 1, "1 0 C3"),
            ("d" * 22, 1, "1 0 A1"),
        ]
        # A move the database refuses (its ply is stored already) fails the statement: the others are
        # then written one by one, and only it fails.
        outcomes = await asyncio.gather(
            store.add_move("a" * 22, 1, 1, 1, "B1", None),
            store.add_move("b" * 22, 1, 1, 0, "C1", None),  # ply 0 again
            store.add_move("c" * 22, 1, 1, 1, "A3", None),
            return_exceptions=True,
        )
        assert outcomes[0] == 2 and isinstance(outcomes[1], Conflict) and outcomes[2] == 2  # the new seqs
        for name, moves in (("a", ("A1", "B1")), ("b", ("B2",)), ("c", ("C3", "A3"))):
            stored = await store.load(name * 22)
            assert stored is not None and stored.moves == moves
    finally:
        await store.close()
