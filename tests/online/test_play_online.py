"""Two `--plain` players play every game to the end over loopback, through `gridgames server` and
through `gridgames host` alone; a third `join` watches and cannot move; kill -9 of a player and of
the server loses nothing. The commands run as processes for one game each; every game is played by
the same line clients run in this process (tests/online/typists.py), which spares 35 process starts."""

from __future__ import annotations

import asyncio
import io
import random
import re

import pytest

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import catalogue, get_entry
from gridgames.online.address import Address
from gridgames.online.launch import Hosting, plan_host, plan_join
from gridgames.play.setup import default_setup
from gridgames.storage import Store
from tests.online.typists import Typist, due, finish, hosted, typist
from tests.waiting import until

from .driver import Proc, Procs, invite

CATALOGUE = catalogue()

SIZES = {"walls": "3x3", "noneighbour": "3x3"}


@pytest.fixture
def procs(tmp_path):
    running = Procs(tmp_path)
    yield running
    running.stop_all()


def replica(variant: str, size: str) -> Game:
    entry = get_entry(variant)
    rows, cols = (int(n) for n in size.split("x"))
    return Game.new(entry, Options(rows, cols, "1"), first_player=1)


def wait_turn(proc: Proc, number: int) -> None:
    """Wait until `proc` says it is its turn to play move `number`."""
    while not proc.status().endswith(f"move {number} · your turn"):
        pass


def score_line(game: Game) -> str:
    winner = game.outcome.winner
    entry = game.entry
    points = (int(winner == 1), int(winner == 2))
    return f"Match score after 1 game: {entry.player(1)} {points[0]}, {entry.player(2)} {points[1]}"


def play_out(game: Game, players: dict[int, Proc], rng: random.Random, watcher: Proc | None = None) -> Game:
    """Each player waits for 'your turn' and types a random legal move; everyone sees the final score."""
    while game.outcome is None:
        mover = players[game.state.to_move]
        wait_turn(mover, len(game.played) + 1)
        move = rng.choice(game.legal_moves())
        mover.send(game.rules.format_move(move))
        game = game.play(move)
    for proc in [*players.values(), *([watcher] if watcher else [])]:
        proc.expect("^" + re.escape(score_line(game)))
    return game


async def typed_out(game: Game, host: Typist, guest: Typist, rng: random.Random, *others: Typist) -> Game:
    """`play_out` for line clients in this process (tests/online/typists.py)."""
    while game.outcome is None:
        mover = host if game.state.to_move == 1 else guest
        ply = len(game.played)
        await until(None, lambda m=mover, n=ply: due(m, n), f"{game.entry.id}'s move {ply + 1}")
        move = rng.choice(game.legal_moves())
        mover.player.put_line(game.rules.format_move(move))
        game = game.play(move)
    for one in (host, guest, *others):
        await until(None, lambda o=one, g=game: score_line(g) in "\n".join(o.said()), "the score")
    return game


def test_a_game_through_gridgames_server_with_a_spectator(procs, tmp_path):
    """The commands themselves: `gridgames server`, `host --server`, `join`, and a third `join` that
    watches (every game is played through a server process below, by line clients in this process)."""
    _, url = procs.server(tmp_path / "rooms.sqlite")
    entry = CATALOGUE[0]
    size = SIZES.get(entry.id, "4x4")
    host = procs.start("host", entry.id, "--plain", "--server", url, "--size", size, "--first", "1",
                       person="host")
    address = invite(host)
    guest = procs.start("join", address, "--plain", person="guest")
    guest.expect("^" + re.escape(f"You are {entry.player(2)}"))  # each game names its players
    watcher = procs.start("join", address, "--plain", person="watcher")
    watcher.expect(r"^You are watching")
    watcher.send("A1")
    watcher.expect("spectators cannot play")
    play_out(replica(entry.id, size), {1: host, 2: guest}, random.Random(12), watcher)
    for proc in (host, guest, watcher):
        proc.send("quit")
        assert proc.wait() == 0


async def test_every_game_through_gridgames_server_with_a_spectator(procs, tmp_path, monkeypatch):
    """Every game played to the end through a `gridgames server` process by two line clients, a third
    watching and unable to move; the clients run in this process (`PlainPlayer`, what `host --plain`
    and `join --plain` run: starting 21 processes cost a minute and proved the same)."""
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data"))
    _, url = procs.server(tmp_path / "rooms.sqlite")
    rng = random.Random(12)
    for entry in CATALOGUE:
        size = SIZES.get(entry.id, "4x4")
        host = await hosted(url, entry.id, size)
        address = Address(url, host.player.link.room)
        guest = typist(plan_join(address, watch=False))
        watcher = None
        try:
            named = f"You are {entry.player(2)}"  # each game names its players
            await until(None, lambda g=guest, s=named: s in "\n".join(g.said()), "the guest's seat")
            watcher = typist(plan_join(address, watch=True))  # (the guest's seat is kept in this folder)
            await until(None, lambda w=watcher: "You are watching" in "\n".join(w.said()), "a watcher")
            told = "\n".join(watcher.said()).count("cannot play")  # on joining: "spectators cannot play"
            watcher.player.put_line("A1")
            await until(None, lambda w=watcher, n=told: "\n".join(w.said()).count("cannot play") > n,
                        "the refusal")
            await typed_out(replica(entry.id, size), host, guest, rng, watcher)
        finally:
            await finish(host, guest, *([watcher] if watcher else []))
        assert (host.task.result(), guest.task.result()) == (0, 0)


def test_a_game_through_host_alone_then_a_rematch_swaps_who_starts(procs):
    """The commands themselves: `host` with its own server, `join`, `again` and `accept` (every game
    is played so below, by line clients in this process)."""
    variant, size = "rowcol", "3x3"
    host = procs.start(
        "host", variant, "--plain", "--port", "0", "--size", size, "--first", "1", person="host"
    )
    guest = procs.start("join", invite(host), "--plain", person="guest")
    game = play_out(replica(variant, size), {1: host, 2: guest}, random.Random(variant))
    host.send("again")
    guest.expect("offers a rematch")
    guest.send("accept")
    entry = get_entry(variant)
    for proc in (host, guest):
        proc.expect("^" + re.escape(f"Game 2: {entry.player(2)} moves first"))
    assert game.outcome is not None
    host.send("quit")
    assert host.wait() == 0
    guest.expect("The host has left")
    assert guest.wait() in (0, 3)


@pytest.mark.parametrize("variant", [entry.id for entry in CATALOGUE])
async def test_every_game_through_host_alone_then_a_rematch_swaps_who_starts(variant, tmp_path, monkeypatch):
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data"))
    entry, size = get_entry(variant), SIZES.get(variant, "3x3")
    setup = default_setup(entry).chosen(entry, size=size, first="1")
    host = typist(await plan_host(Hosting(setup, port=0), io.StringIO()))  # its own server, as `host` runs
    await until(None, lambda: host.player.link.room is not None, "the room to be made")
    guest = typist(plan_join(Address(host.player.link.server, host.player.link.room), watch=False))
    try:
        game = await typed_out(replica(variant, size), host, guest, random.Random(variant))
        assert game.outcome is not None
        host.player.put_line("again")
        await until(None, lambda: "offers a rematch" in "\n".join(guest.said()), "the rematch offer")
        guest.player.put_line("accept")
        second = f"Game 2: {entry.player(2)} moves first"
        for one in (host, guest):
            await until(None, lambda o=one: second in "\n".join(o.said()), "the second game")
        host.player.put_line("quit")
        assert await asyncio.wait_for(host.task, 30) == 0
        await until(None, lambda: "The host has left" in "\n".join(guest.said()), "the guest to be told")
        assert await asyncio.wait_for(guest.task, 30) in (0, 3)
    finally:
        await finish(host, guest)


def test_takeback_resign_and_the_score_carry_on_and_count_against_online(procs, tmp_path):
    host = procs.start("host", "rowcol", "--plain", "--port", "0", "--first", "1", person="host")
    guest = procs.start("join", invite(host), "--plain", person="guest")
    guest.expect("^You are Player 2")
    wait_turn(host, 1)
    host.send("C3")
    wait_turn(guest, 2)
    guest.send("C1")
    wait_turn(host, 3)
    guest.send("undo")
    host.expect("Player 2 \\(O\\) asks to take back their last move: accept or decline\\?")
    host.send("accept")
    guest.expect("Took back the last move; Player 2 \\(O\\) to play.")
    guest.send("resign")
    host.expect("Player 2 \\(O\\) resigned, so Player 1 \\(X\\) wins.")
    host.expect("Match score after 1 game: Player 1 \\(X\\) 1, Player 2 \\(O\\) 0.")
    guest.expect("Match score after 1 game")
    for person, result in (("host", "wins"), ("guest", "losses")):
        tally = Store(tmp_path / f"data-{person}").stats()["rowcol"]["online"]
        assert tally == {"wins": 0, "losses": 0, "draws": 0} | {result: 1}


def test_a_player_killed_with_sigkill_comes_back_to_the_same_seat(procs, tmp_path):
    _, url = procs.server(tmp_path / "rooms.sqlite")
    host = procs.start("host", "rowcol", "--plain", "--server", url, "--first", "1", person="host")
    address = invite(host)
    guest = procs.start("join", address, "--plain", person="guest")
    wait_turn(host, 1)
    host.send("C3")
    wait_turn(guest, 2)
    guest.kill9()
    host.expect("Player 2 \\(O\\) has disconnected")
    again = procs.start("join", address, "--plain", person="guest")  # the same data folder
    again.expect("^You are Player 2")
    host.expect("Player 2 \\(O\\) is back")
    wait_turn(again, 2)
    again.send("E3")
    host.expect("Player 2 \\(O\\) claims E3.")


def test_the_server_killed_with_sigkill_restarts_with_every_acknowledged_move(procs, tmp_path):
    db = tmp_path / "rooms.sqlite"
    server, url = procs.server(db)
    port = url.rsplit(":", 1)[1]
    host = procs.start("host", "rowcol", "--plain", "--server", url, "--first", "1", person="host")
    guest = procs.start("join", invite(host), "--plain", person="guest")
    wait_turn(host, 1)
    host.send("C3")
    wait_turn(guest, 2)
    guest.send("C1")
    wait_turn(host, 3)
    server.kill9()
    host.expect("The connection to the server is lost; reconnecting")
    guest.expect("The connection to the server is lost; reconnecting")
    restarted = procs.start("server", "--port", port, "--db", str(db), person="server")
    restarted.expect("game server on")
    host.expect("^Reconnected.")
    guest.expect("^Reconnected.")
    wait_turn(host, 3)
    host.send("A1")
    guest.expect("Player 1 \\(X\\) claims A1.")


def test_a_host_killed_with_sigkill_brings_its_room_back_by_hosting_again(procs):
    host = procs.start("host", "rowcol", "--plain", "--port", "0", "--first", "1", person="host")
    address = invite(host)
    guest = procs.start("join", address, "--plain", person="guest")
    wait_turn(host, 1)
    host.send("C3")
    wait_turn(guest, 2)
    host.kill9()  # its in-process server dies with it
    guest.expect("The connection to the server is lost; reconnecting")
    again = procs.start("host", "rowcol", "--plain", person="host")  # same data folder, same port
    again.expect("^Rejoining your online game of rowcol")
    assert invite(again) == address  # the invite line again, to send a friend who has gone
    guest.expect("^Reconnected.")
    wait_turn(guest, 2)
    guest.send("C1")
    again.expect("Player 2 \\(O\\) claims C1.")
