"""Load benchmark: bots play random legal games in many rooms at once against `gridgames server`.

    python -m benchmarks.online.load [--rooms 500] [--seconds 20]      (also: make bench-online)

Loopback only: the server is started here on 127.0.0.1 with a throw-away database, and the bots
connect to nothing else. Bounded: at most 2000 rooms and 120 seconds, and everything stops by
itself. Reports the move round trip (a move sent until its acknowledgement, which the server
sends only after the move is committed) at p50 and p99, and the server's memory per idle room
(its resident memory with every room created and both players connected and silent, minus its
memory before, divided by the rooms). Each target line ends in "met" or "NOT met".

Then, with the bots still playing, the churn an attacker would try: a room of walls on 30x30 with
a long game in it (700 moves, stored before the server starts) is joined and left by watchers again and again
for `--churn-seconds`, and the other rooms' move round trip is reported for that window too
(target p99 under 50 ms: a join must not cost the others a replay of someone else's game).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import catalogue
from gridgames.online import protocol as p
from gridgames.online.follow import View
from gridgames.online.room import new_row
from gridgames.online.store import open_store

MAX_ROOMS = 2000
MAX_SECONDS = 120.0
TARGET_P99_MS = 50.0
TARGET_IDLE_KB = 100.0
SETUP_BATCH = 50  # rooms opened at once
THINK = (0.5, 2.0)  # seconds a bot waits before moving, like a quick human
CHURN_MOVES = 700  # the long room's game (walls on 30x30; a random game there lasts about 750)
CHURNERS = 2  # watchers joining and leaving the long room at once, each as fast as it can


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid` so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    """Resident memory of process `pid` in KB (Linux /proc)."""
    text = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"^VmRSS:\s+(\d+) kB", text, re.MULTILINE)
    return int(found.group(1)) if found else 0


class Bot:
    """One seat: follows the room's game with the engine; once playing, moves at random after a pause
    and times each move from sending it to its acknowledgement."""

    def __init__(
        self, ws: aiohttp.ClientWebSocketResponse[bool], rng: random.Random, rtts: list[tuple[float, float]]
    ) -> None:
        self.ws, self.rng, self.rtts = ws, rng, rtts
        self.seat = 0
        self.view: View | None = None
        self.sent_at: float | None = None
        self.playing = False
        self.thinking: asyncio.Task[None] | None = None

    async def welcome(self) -> None:
        while True:
            frame = await self.ws.receive()
            if frame.type != aiohttp.WSMsgType.TEXT:
                raise SystemExit(f"The server closed a bot's connection before welcoming it ({frame.extra}).")
            message = p.parse_server(frame.data)
            if isinstance(message, p.Error):
                raise SystemExit(f"The server refused a bot: {message.message}")
            if isinstance(message, p.Welcome):
                self.seat = message.seat
                self.room = message.room
                return

    async def read(self) -> None:
        """Handle frames until the connection closes."""
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            message = p.parse_server(frame.data)
            if isinstance(message, p.Ack) and self.sent_at is not None:
                now = time.perf_counter()
                self.rtts.append((now, now - self.sent_at))
                self.sent_at = None
            elif isinstance(message, (p.State, p.Moved, p.Members)):
                self.follow(message)
                await self.act()

    def follow(self, message: p.Message) -> None:
        """Keep up with the room as the app does (`follow.View`): each move checked as it comes."""
        view = self.view
        if isinstance(message, p.Moved) and view is not None:
            self.view = view.moved(message)
        elif isinstance(message, p.Members) and view is not None:
            self.view = view.members(message)
        elif isinstance(message, p.State):
            try:
                self.view = view.follow(message) if view is not None else View.from_state(message)
            except p.ProtocolError:
                self.view = View.from_state(message)

    async def act(self) -> None:
        view = self.view
        if not self.playing or view is None:
            return
        game, state = view.game, view.state
        if state.result is not None or game.outcome is not None:
            if not state.rematch[self.seat - 1]:
                await self.ws.send_str(p.Rematch("offer").to_json())  # play on: the next game starts
        elif game.state.to_move == self.seat and (self.thinking is None or self.thinking.done()):
            self.thinking = asyncio.create_task(self.move_later(len(game.played)))

    async def move_later(self, ply: int) -> None:
        await asyncio.sleep(self.rng.uniform(*THINK))
        game = self.view.game if self.view is not None else None
        if not self.playing or game is None or len(game.played) != ply or game.outcome is not None:
            return
        move = self.rng.choice(game.legal_moves())
        self.sent_at = time.perf_counter()
        await self.ws.send_str(p.MoveMsg(ply, game.rules.format_move(move)).to_json())

    async def stop(self) -> None:
        self.playing = False
        if self.thinking is not None:
            self.thinking.cancel()
        await self.ws.close()


async def loop_lag(lags: list[float]) -> None:
    """How late the bots' own event loop wakes from a 10 ms sleep: the part of a round trip that is
    this machine being busy (the bots' process), not the server."""
    while True:
        started = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - started - 0.01)


def stop_server(server: subprocess.Popen[str]) -> None:
    """Ask the bench's server to stop (SIGTERM, as an operator would), killing it after 10 s."""
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


async def start_server(db: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "gridgames", "server", "--host", "127.0.0.1", "--port", "0", "--db", str(db),
         "--per-address", "10000", "--max-size", "30x30"],  # every bot comes from 127.0.0.1
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    assert server.stdout is not None
    line = await asyncio.to_thread(server.stdout.readline)
    found = re.search(r"(ws://127\.0\.0\.1:\d+)", line)
    if not found:
        server.kill()
        raise SystemExit(f"The server did not start: {line.strip()}")
    return server, found.group(1)


def long_game_entry() -> Entry:
    """The game a long stored room is played in: the first whose positions can repeat (so a game
    on 30x30 can run to hundreds of moves), found in the catalogue, not named."""
    return next(entry for entry in catalogue() if entry.rules.can_repeat)


def long_game(moves: int, seed: int) -> Game:
    """A random legal game on 30x30 of at most `moves` moves (`long_game_entry`)."""
    rng = random.Random(seed)
    game = Game.new(long_game_entry(), Options(30, 30, "1"), first_player=1)
    while len(game.played) < moves and game.outcome is None:
        game = game.play(rng.choice(game.legal_moves()))
    return game


async def _until(ws: aiohttp.ClientWebSocketResponse[bool], kind: type[p.Message]) -> p.Message:
    while True:
        message = p.parse_server((await ws.receive()).data)
        if isinstance(message, kind):
            return message


async def store_long_room(db: Path, seed: int) -> tuple[str, int]:
    """Write a 30x30 room with a long game into the server's database before it starts, as a
    client that played it long ago would have left it; its id and length. The server replays it
    when the first watcher joins."""
    game = await asyncio.to_thread(long_game, CHURN_MOVES, seed)
    row = new_row(p.Create(p.VERSION, game.entry.id, "30x30", "1", {}), "bench-" * 4)
    store = await open_store(db)
    try:
        await store.create(row)
        seq = row.seq
        for ply, move in enumerate(game.played):
            seq = await store.add_move(row.id, seq, 1, ply, game.rules.format_move(move), None)
    finally:
        await store.close()
    return row.id, len(game.played)


async def churn(session: aiohttp.ClientSession, url: str, room: str, until: float) -> int:
    """Join `room` as a watcher, wait for its state, leave; again until `until`. How many joins."""
    joins = 0
    while time.perf_counter() < until:
        async with session.ws_connect(url + p.PATH, max_msg_size=p.MAX_SERVER_FRAME) as ws:
            await ws.send_str(p.Join(p.VERSION, room, watch=True).to_json())
            await _until(ws, p.State)
        joins += 1
    return joins


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def bench(rooms: int, seconds: float, seed: int, churn_seconds: float) -> dict[str, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="gridgames-load-") as folder:
        db = Path(folder) / "rooms.sqlite"
        long_room = await store_long_room(db, seed)
        server, url = await start_server(db)
        try:
            return await _measure(server, url, rooms, seconds, rng, churn_seconds, long_room)
        finally:
            stop_server(server)


async def _measure(
    server: subprocess.Popen[str], url: str, rooms: int, seconds: float, rng: random.Random,
    churn_seconds: float, long_room: tuple[str, int],
) -> dict[str, float]:
    rtts: list[tuple[float, float]] = []  # (when acknowledged, round trip)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        await asyncio.sleep(0.5)
        before = rss_kb(server.pid)
        bots: list[Bot] = []
        readers: list[asyncio.Task[None]] = []
        started = time.perf_counter()

        async def open_room(index: int) -> None:
            entry = catalogue()[index % len(catalogue())]
            size = f"{entry.default_rows}x{entry.default_cols}"
            host = Bot(await session.ws_connect(url + p.PATH), random.Random(rng.random()), rtts)
            await host.ws.send_str(p.Create(p.VERSION, entry.id, size, "toss", {}).to_json())
            await host.welcome()
            guest = Bot(await session.ws_connect(url + p.PATH), random.Random(rng.random()), rtts)
            await guest.ws.send_str(p.Join(p.VERSION, host.room).to_json())
            await guest.welcome()
            bots.extend((host, guest))
            readers.extend((asyncio.create_task(host.read()), asyncio.create_task(guest.read())))

        for first in range(0, rooms, SETUP_BATCH):
            await asyncio.gather(*(open_room(i) for i in range(first, min(rooms, first + SETUP_BATCH))))
        setup = time.perf_counter() - started
        await asyncio.sleep(2.0)  # every room idle: both players connected, nobody moving
        idle = rss_kb(server.pid)
        churned, churn_moves = long_room
        server_cpu, own_cpu = cpu_seconds(server.pid), time.process_time()
        lags: list[float] = []
        probe = asyncio.create_task(loop_lag(lags))
        for bot in bots:
            bot.playing = True
            await bot.act()
        await asyncio.sleep(seconds)
        probe.cancel()
        server_cpu, own_cpu = cpu_seconds(server.pid) - server_cpu, time.process_time() - own_cpu
        churn_from = time.perf_counter()
        churn_lags: list[float] = []
        probe = asyncio.create_task(loop_lag(churn_lags))
        joins = sum(await asyncio.gather(*(
            churn(session, url, churned, churn_from + churn_seconds) for _ in range(CHURNERS)
        ))) if churn_seconds > 0 else 0
        churn_to = time.perf_counter()
        probe.cancel()
        for bot in bots:
            await bot.stop()
        await asyncio.gather(*readers, return_exceptions=True)
        peak = rss_kb(server.pid)
    playing = [rtt for stamp, rtt in rtts if stamp < churn_from]
    churning = [rtt for stamp, rtt in rtts if churn_from <= stamp <= churn_to]
    return {
        "setup_seconds": setup,
        "moves": len(playing),
        "p50_ms": percentile(playing, 0.5),
        "p99_ms": percentile(playing, 0.99),
        "churn_room_moves": churn_moves,
        "churn_joins": joins,
        "churn_moves": len(churning),
        "churn_p50_ms": percentile(churning, 0.5),
        "churn_p99_ms": percentile(churning, 0.99),
        "churn_lag_p99_ms": percentile(churn_lags, 0.99),
        "idle_kb_per_room": (idle - before) / rooms,
        "server_rss_mb": peak / 1024,
        "lag_p99_ms": 1000 * sorted(lags)[int(0.99 * len(lags))] if lags else float("nan"),
        "server_cpu": server_cpu / seconds,
        "bots_cpu": own_cpu / seconds,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.online.load",
                                     description="Online load bench.")
    parser.add_argument("--rooms", type=int, default=500, help=f"concurrent rooms (1 to {MAX_ROOMS})")
    parser.add_argument("--seconds", type=float, default=20.0, help=f"play time (at most {MAX_SECONDS:.0f})")
    parser.add_argument(
        "--churn-seconds", type=float, default=10.0,
        help=f"then this long of joins and leaves of a long room (0: none; at most {MAX_SECONDS:.0f})",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 1 <= args.rooms <= MAX_ROOMS or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--rooms must be 1 to {MAX_ROOMS}, --seconds above 0 and at most {MAX_SECONDS:.0f}")
    if not 0 <= args.churn_seconds <= MAX_SECONDS:
        parser.error(f"--churn-seconds must be 0 to {MAX_SECONDS:.0f}")
    print(f"Online load: {args.rooms} rooms, two bots each, {args.seconds:.0f} s of random legal games "
          "over loopback ...", flush=True)
    result = asyncio.run(bench(args.rooms, args.seconds, args.seed, args.churn_seconds))
    print(f"  set up {args.rooms} rooms ({2 * args.rooms} connections) in {result['setup_seconds']:.1f} s; "
          f"{result['moves']} moves in {args.seconds:.0f} s ({result['moves'] / args.seconds:.0f}/s); "
          f"server memory at the end {result['server_rss_mb']:.0f} MB")
    print(f"  CPU while playing: server {100 * result['server_cpu']:.0f}% of a core, "
          f"bots {100 * result['bots_cpu']:.0f}%; machine load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores; the bots' own wake-up delay p99 {result['lag_p99_ms']:.1f} ms")
    p99_ok = result["p99_ms"] <= TARGET_P99_MS
    idle_ok = result["idle_kb_per_room"] <= TARGET_IDLE_KB
    print(f"  move round trip: p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms "
          f"(target p99 <= {TARGET_P99_MS:.0f} ms): {'met' if p99_ok else 'NOT met'}")
    print(f"  server memory per idle room: {result['idle_kb_per_room']:.1f} KB "
          f"(target <= {TARGET_IDLE_KB:.0f} KB): {'met' if idle_ok else 'NOT met'}")
    if args.churn_seconds > 0:
        churn_ok = result["churn_p99_ms"] < TARGET_P99_MS
        print(f"  during {args.churn_seconds:.0f} s of joins and leaves of a "
              f"{result['churn_room_moves']:.0f}-move {long_game_entry().id} 30x30 room "
              f"({result['churn_joins']:.0f} joins "
              f"by {CHURNERS} watchers, each waiting for the whole room): the other rooms' move round trip "
              f"p50 {result['churn_p50_ms']:.1f} ms, p99 {result['churn_p99_ms']:.1f} ms "
              f"over {result['churn_moves']:.0f} moves (the bots' own wake-up delay p99 "
              f"{result['churn_lag_p99_ms']:.1f} ms) (target p99 < {TARGET_P99_MS:.0f} ms): "
              f"{'met' if churn_ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
