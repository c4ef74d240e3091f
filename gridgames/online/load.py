"""Load benchmark: bots play random legal games in many rooms at once against `gridgames server`.

    python -m gridgames.online.load [--rooms 500] [--seconds 20]      (also: make bench-online)

Loopback only: the server is started here on 127.0.0.1 with a throw-away database, and the bots
connect to nothing else. Bounded: at most 2000 rooms and 120 seconds, and everything stops by
itself. Reports the move round trip (a move sent until its acknowledgement, which the server
sends only after the move is committed) at p50 and p99, and the server's memory per idle room
(its resident memory with every room created and both players connected and silent, minus its
memory before, divided by the rooms). Each target line ends in "met" or "NOT met".
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from gridgames.games import catalogue
from gridgames.online import protocol as p
from gridgames.online.follow import View

MAX_ROOMS = 2000
MAX_SECONDS = 120.0
TARGET_P99_MS = 50.0
TARGET_IDLE_KB = 100.0
SETUP_BATCH = 50  # rooms opened at once
THINK = (0.5, 2.0)  # seconds a bot waits before moving, like a quick human


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
        self, ws: aiohttp.ClientWebSocketResponse[bool], rng: random.Random, rtts: list[float]
    ) -> None:
        self.ws, self.rng, self.rtts = ws, rng, rtts
        self.seat = 0
        self.view: View | None = None
        self.sent_at: float | None = None
        self.playing = False
        self.thinking: asyncio.Task[None] | None = None

    async def welcome(self) -> None:
        while True:
            message = p.parse_server((await self.ws.receive()).data)
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
                self.rtts.append(time.perf_counter() - self.sent_at)
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
        await self.ws.send_str(p.MoveMsg(ply, move.notation()).to_json())

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


async def bench(rooms: int, seconds: float, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="gridgames-load-") as folder:
        server, url = await start_server(Path(folder) / "rooms.sqlite")
        try:
            return await _measure(server, url, rooms, seconds, rng)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


async def _measure(
    server: subprocess.Popen[str], url: str, rooms: int, seconds: float, rng: random.Random
) -> dict[str, float]:
    rtts: list[float] = []
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
            await host.ws.send_str(p.Create(p.VERSION, entry.id, size, "toss", "king").to_json())
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
        server_cpu, own_cpu = cpu_seconds(server.pid), time.process_time()
        lags: list[float] = []
        probe = asyncio.create_task(loop_lag(lags))
        for bot in bots:
            bot.playing = True
            await bot.act()
        await asyncio.sleep(seconds)
        probe.cancel()
        server_cpu, own_cpu = cpu_seconds(server.pid) - server_cpu, time.process_time() - own_cpu
        for bot in bots:
            await bot.stop()
        await asyncio.gather(*readers, return_exceptions=True)
        peak = rss_kb(server.pid)
    rtts.sort()
    return {
        "setup_seconds": setup,
        "moves": len(rtts),
        "p50_ms": 1000 * statistics.median(rtts) if rtts else float("nan"),
        "p99_ms": 1000 * rtts[min(len(rtts) - 1, int(0.99 * len(rtts)))] if rtts else float("nan"),
        "idle_kb_per_room": (idle - before) / rooms,
        "server_rss_mb": peak / 1024,
        "lag_p99_ms": 1000 * sorted(lags)[int(0.99 * len(lags))] if lags else float("nan"),
        "server_cpu": server_cpu / seconds,
        "bots_cpu": own_cpu / seconds,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gridgames.online.load", description="Online load bench.")
    parser.add_argument("--rooms", type=int, default=500, help=f"concurrent rooms (1 to {MAX_ROOMS})")
    parser.add_argument("--seconds", type=float, default=20.0, help=f"play time (at most {MAX_SECONDS:.0f})")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 1 <= args.rooms <= MAX_ROOMS or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--rooms must be 1 to {MAX_ROOMS}, --seconds above 0 and at most {MAX_SECONDS:.0f}")
    print(f"Online load: {args.rooms} rooms, two bots each, {args.seconds:.0f} s of random legal games "
          "over loopback ...", flush=True)
    result = asyncio.run(bench(args.rooms, args.seconds, args.seed))
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
