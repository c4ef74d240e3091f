"""Cluster load benchmark: several `gridgames server` processes over one PostgreSQL, bots of each room on
different servers.

    python -m benchmarks.online.cluster [--nodes 3] [--rooms 1500] [--seconds 20]
                                                        (also: make bench-online)

Loopback only: a throwaway PostgreSQL (Debian's server binaries, a temporary folder, fsync on: the
real durability) and the servers are started here; everything stops by itself, bounded by
MAX_ROOMS and MAX_SECONDS. Each room is created by a bot on server i and joined by a bot on server
i+1, and each bot moves 0.5 to 2 s after its turn comes. Reports:

- within a server: a move's round trip, sent until the acknowledgement from the mover's own
  server, which comes only after the move is committed to PostgreSQL;
- across servers: sent until the other bot, on the other server, has the move (it went through the
  database and LISTEN/NOTIFY);
- moves per second, and each server's memory per room it holds (its resident memory with every
  room set up and both players connected and silent, minus before, divided by its rooms);
- the CPU of the servers, the bots and PostgreSQL while playing, and the WAL PostgreSQL wrote a move.

Each target line ends in "met" or "NOT met". The bots run in one process, light ones
(`lightbot.LightBot`: the JSON read for what it needs, the game kept by the engine, a timer rather
than a task before each move); on a small machine part of what is measured is that process waiting
for a core: its own wake-up delay is printed too, and the servers' CPU per move.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import multiprocessing.queues
import os
import random
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from benchmarks.online.lightbot import LightBot
from benchmarks.online.load import cpu_seconds, loop_lag, rss_kb
from benchmarks.scratch_pg import Cluster, missing
from gridgames.games import catalogue
from gridgames.online import fastloop
from gridgames.online import protocol as p

MAX_ROOMS = 2000
MAX_NODES = 8
MAX_SECONDS = 120.0
TARGET_WITHIN_P99_MS = 50.0
TARGET_ACROSS_P99_MS = 100.0
TARGET_CPU_MS_PER_MOVE = 0.4  # issue 31: the servers' CPU for one move, summed over the servers
SETUP_BATCH = 25
SETUP_SECONDS = 180.0  # the bots must have set up every room by then
BOT_PROCESSES = 1
Key = tuple[str, int, int]  # room, game, ply


@dataclass
class Figures:
    setup_seconds: float
    moves: int
    within: list[float]  # seconds, sent until acknowledged
    across: list[float]  # seconds, sent until the other bot has it
    kb_per_room: list[float]  # per server
    node_cpu: list[float]  # per server, cores
    bots_cpu: float  # all bot processes together, cores
    lags: list[float]
    db_cpu: float  # PostgreSQL (its postmaster and backends), cores
    wal_bytes: int  # the WAL PostgreSQL wrote while the bots played (its LSN's advance)


async def start_node(url: str) -> tuple[subprocess.Popen[str], str]:
    node = subprocess.Popen(
        [sys.executable, "-m", "gridgames", "server", "--host", "127.0.0.1", "--port", "0", "--db", url,
         "--per-address", "10000"],  # every bot comes from 127.0.0.1
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    assert node.stdout is not None
    line = await asyncio.to_thread(node.stdout.readline)
    found = re.search(r"(ws://127\.0\.0\.1:\d+)", line)
    if not found:
        node.kill()
        raise SystemExit(f"A server did not start: {line.strip()}")
    return node, found.group(1)


def _p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def bench(nodes: int, rooms: int, seconds: float, seed: int) -> Figures:
    cluster = Cluster({"fsync": "on", "synchronous_commit": "on", "max_connections": "100"})
    cluster.start()
    servers: list[subprocess.Popen[str]] = []
    try:
        url = cluster.create_database("bench")
        urls = []
        for _ in range(nodes):
            node, ws = await start_node(url)
            servers.append(node)
            urls.append(ws)
        postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
        return await _measure(servers, urls, rooms, seconds, random.Random(seed), postmaster, url)
    finally:
        for node in servers:
            node.send_signal(signal.SIGTERM)
        for node in servers:
            try:
                node.wait(timeout=10)
            except subprocess.TimeoutExpired:
                node.kill()
        cluster.stop()


async def _measure(
    servers: list[subprocess.Popen[str]], urls: list[str], rooms: int, seconds: float, rng: random.Random,
    postmaster: int, url: str,
) -> Figures:
    """Bots in `bot_processes()` processes (each room's two bots in the same one, on different servers);
    this process only starts them, measures the servers, and gathers the figures."""
    context = multiprocessing.get_context("spawn")
    workers = bot_processes()
    ready = [context.Event() for _ in range(workers)]
    go = context.Event()
    results: multiprocessing.queues.Queue[Share] = context.Queue()
    await asyncio.sleep(0.5)
    before = [rss_kb(node.pid) for node in servers]
    started = time.perf_counter()
    procs = [
        context.Process(
            target=play_share, daemon=True,
            args=(urls, list(range(w, rooms, workers)), seconds, rng.random(), ready[w], go, results),
        )
        for w in range(workers)
    ]
    for proc in procs:
        proc.start()
    deadline = time.monotonic() + SETUP_SECONDS
    for event in ready:
        while not await asyncio.to_thread(event.wait, 1.0):
            if any(proc.exitcode is not None for proc in procs):
                raise SystemExit("A bots process ended during set-up (its error is above).")
            if time.monotonic() > deadline:
                raise SystemExit(f"The bots did not set up {rooms} rooms within {SETUP_SECONDS:.0f} s.")
    setup = time.perf_counter() - started
    await asyncio.sleep(3.0)  # every room idle: both players connected, nobody moving
    idle = [rss_kb(node.pid) for node in servers]
    cpu = [cpu_seconds(node.pid) for node in servers]
    db_cpu = tree_cpu_seconds(postmaster)
    wal = await asyncio.to_thread(wal_position, url)
    go.set()
    shares = [await asyncio.to_thread(results.get, True, seconds + SETUP_SECONDS) for _ in procs]
    cpu = [cpu_seconds(node.pid) - was for node, was in zip(servers, cpu, strict=True)]
    db_cpu = tree_cpu_seconds(postmaster) - db_cpu
    wal = await asyncio.to_thread(wal_position, url) - wal
    for proc in procs:
        proc.join(timeout=10)
    held = [0] * len(urls)
    for index in range(rooms):
        held[index % len(urls)] += 1
        held[(index + 1) % len(urls)] += 1
    return Figures(
        setup, sum(len(share.within) for share in shares),
        [t for share in shares for t in share.within], [t for share in shares for t in share.across],
        [(after - was) / max(1, n) for after, was, n in zip(idle, before, held, strict=True)],
        [c / seconds for c in cpu], sum(share.cpu for share in shares) / seconds,
        [t for share in shares for t in share.lags], db_cpu / seconds, wal,
    )


def wal_position(url: str) -> int:
    """PostgreSQL's WAL position in bytes (`pg_current_wal_lsn`): its advance over the window is the WAL
    the moves wrote, exactly, where the statistics views lag by up to their flush interval."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn").fetchone()
    return int(row[0]) if row else 0


def tree_cpu_seconds(root: int) -> float:
    """CPU time so far of process `root` and of its children alive now (PostgreSQL's postmaster and
    its backends, which live as long as the servers' connections: the whole run)."""
    total = cpu_seconds(root)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[1]) == root:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def bot_processes() -> int:
    """The bots' processes: one, of light bots (`lightbot`), so that the bench leaves the machine's
    cores to the servers and PostgreSQL (issue 31: 3,000 bots and 3 servers on 2 cores)."""
    return BOT_PROCESSES


@dataclass
class Share:
    """One bot process's figures (seconds)."""

    within: list[float]
    across: list[float]
    lags: list[float]
    cpu: float


def play_share(urls: list[str], indices: list[int], seconds: float, seed: float, ready: Any, go: Any,
               results: Any) -> None:
    """A bot process: set up its rooms, say so, wait for the word, play, send back what it measured."""
    # on the servers' loop (uvloop's when installed, `online.fastloop`): the bots' one process is the
    # busiest on the machine after the servers
    results.put(fastloop.run(_share(urls, indices, seconds, random.Random(seed), ready, go)))


async def _share(urls: list[str], indices: list[int], seconds: float, rng: random.Random, ready: Any,
                 go: Any) -> Share:
    rtts: list[tuple[float, float]] = []  # (when acknowledged, round trip)
    arrivals: list[float] = []
    sent: dict[Key, tuple[float, int]] = {}
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        bots: list[LightBot] = []
        readers: list[asyncio.Task[None]] = []

        def bot(ws: aiohttp.ClientWebSocketResponse[bool]) -> LightBot:
            return LightBot(ws, random.Random(rng.random()), rtts, sent, arrivals)

        async def open_room(index: int) -> None:
            entry = catalogue()[index % len(catalogue())]
            size = f"{entry.default_rows}x{entry.default_cols}"
            here, there = index % len(urls), (index + 1) % len(urls)
            host = bot(await session.ws_connect(urls[here] + p.PATH))
            await host.ws.send_str(p.Create(p.VERSION, entry.id, size, "toss", {}).to_json())
            await host.welcome()
            guest = bot(await session.ws_connect(urls[there] + p.PATH))
            await guest.ws.send_str(p.Join(p.VERSION, host.room).to_json())
            await guest.welcome()
            bots.extend((host, guest))
            readers.extend((asyncio.create_task(host.read()), asyncio.create_task(guest.read())))

        for first in range(0, len(indices), SETUP_BATCH):
            await asyncio.gather(*(open_room(i) for i in indices[first:first + SETUP_BATCH]))
        ready.set()
        await asyncio.to_thread(go.wait)
        own_cpu = time.process_time()
        lags: list[float] = []
        probe = asyncio.create_task(loop_lag(lags))
        for one in bots:
            one.playing = True
            await one.act()
        await asyncio.sleep(seconds)
        probe.cancel()
        own_cpu = time.process_time() - own_cpu
        for one in bots:
            one.playing = False
        for one in bots:
            await one.stop()
        await asyncio.gather(*readers, return_exceptions=True)
    return Share([rtt for _, rtt in rtts], arrivals, lags, own_cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.online.cluster", description="Cluster load bench over PostgreSQL."
    )
    parser.add_argument("--nodes", type=int, default=3, help=f"servers (2 to {MAX_NODES})")
    parser.add_argument("--rooms", type=int, default=1500, help=f"concurrent rooms (1 to {MAX_ROOMS})")
    parser.add_argument("--seconds", type=float, default=20.0, help=f"play time (at most {MAX_SECONDS:.0f})")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    bounded = 2 <= args.nodes <= MAX_NODES and 1 <= args.rooms <= MAX_ROOMS
    if not bounded or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--nodes 2 to {MAX_NODES}, --rooms 1 to {MAX_ROOMS}, --seconds above 0 and at most "
                     f"{MAX_SECONDS:.0f}")
    reason = missing()
    if reason is not None:
        print(f"Cluster load: skipped, {reason}.")
        return 0
    print(f"Cluster load: {args.nodes} servers over one PostgreSQL (fsync on), {args.rooms} rooms, "
          f"{2 * args.rooms} bots (each room's two on different servers), {args.seconds:.0f} s over "
          "loopback ...",
          flush=True)
    result = asyncio.run(bench(args.nodes, args.rooms, args.seconds, args.seed))
    print(f"  set up in {result.setup_seconds:.1f} s; {result.moves} moves in {args.seconds:.0f} s "
          f"({result.moves / args.seconds:.0f}/s)")
    cpu = ", ".join(f"{100 * c:.0f}%" for c in result.node_cpu)
    per_move = 1000 * sum(result.node_cpu) * args.seconds / max(1, result.moves)
    print(f"  servers' CPU per move (all servers' own CPU time over the moves acknowledged): "
          f"{per_move:.3f} ms (target <= {TARGET_CPU_MS_PER_MOVE} ms): "
          f"{'met' if per_move <= TARGET_CPU_MS_PER_MOVE else 'NOT met'}")
    print(f"  CPU while playing: servers {cpu} of a core, bots {100 * result.bots_cpu:.0f}% "
          f"({bot_processes()} processes), PostgreSQL {100 * result.db_cpu:.0f}%; "
          f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"the bots' own wake-up delay p99 {_p(result.lags, 0.99):.1f} ms; PostgreSQL wrote "
          f"{result.wal_bytes / max(1, result.moves):.0f} bytes of WAL a move")
    for label, times, target in (
        ("within a server (ack)", result.within, TARGET_WITHIN_P99_MS),
        ("across servers (the other bot has it)", result.across, TARGET_ACROSS_P99_MS),
    ):
        p99 = _p(times, 0.99)
        print(f"  move round trip {label}: p50 {_p(times, 0.5):.1f} ms, p99 {p99:.1f} ms "
              f"(target p99 <= {target:.0f} ms): {'met' if p99 <= target else 'NOT met'}")
    memory = ", ".join(f"{kb:.1f}" for kb in result.kb_per_room)
    print(f"  server memory per room it holds (each server): {memory} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
