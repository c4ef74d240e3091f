"""Two `gridgames server` processes over one real PostgreSQL, a `--plain` player on each: they play a
game to the end, one server is killed with SIGKILL mid-game, its player reconnects to the other server
(the invite names both) and the game goes on with every acknowledged move."""

from __future__ import annotations

import random

import psycopg
import pytest

from .driver import Procs, invite
from .test_play_online import play_out, replica, wait_turn


@pytest.fixture
def procs(tmp_path):
    running = Procs(tmp_path)
    yield running
    running.stop_all()


def test_kill_9_of_a_server_mid_game_loses_no_acknowledged_move(procs, pg_url):
    nodes = []
    for name in ("node-a", "node-b"):
        proc = procs.start("server", "--port", "0", "--db", pg_url, person=name)
        nodes.append((proc, proc.expect(r"game server on ws://(127\.0\.0\.1:\d+)").group(1)))
    (node_a, a), (_, b) = nodes
    host = procs.start("host", "rowcol", "--plain", "--server", f"ws://{a},{b}", "--size", "4x4",
                       "--first", "1", person="host")
    address = invite(host)
    assert address.startswith(f"ws://{a},{b}/")
    room = address.rsplit("/", 1)[1]
    guest = procs.start("join", f"ws://{b},{a}/{room}", "--plain", person="guest")  # on the other server
    guest.expect("^You are Player 2")
    game, rng = replica("rowcol", "4x4"), random.Random(19)
    for _ in range(4):  # each move acknowledged by its server and seen by the other player
        mover = {1: host, 2: guest}[game.state.to_move]
        wait_turn(mover, len(game.played) + 1)
        move = rng.choice(game.legal_moves())
        text = game.rules.format_move(move)
        mover.send(text)
        game = game.play(move)
        (guest if mover is host else host).expect(f"claims {text}")
    node_a.kill9()
    host.expect("The connection to the server is lost; reconnecting")
    host.expect("^Reconnected.")  # to node b, the invite's second server
    final = play_out(game, {1: host, 2: guest}, rng)  # both see every move, the four before the kill too
    with psycopg.connect(pg_url) as db:  # and the database holds them all, in order
        rows = db.execute("SELECT move FROM moves WHERE room=%s ORDER BY ply", (room,)).fetchall()
    stored = [move for (move,) in rows]
    assert stored == [final.rules.format_move(move) for move in final.played]
