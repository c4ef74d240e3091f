"""Lobby and clock benchmark (issue 31): the lobby's fan-out costs the server no work per move, and a
flag falls on time.

    python -m benchmarks.online.lobby [--rooms 300] [--seconds 15] [--watchers 200] [--seek-every 1]

Loopback only, bounded (at most 1000 rooms, 60 s a phase), everything stops by itself. Light bots
(`lightbot`) play random games in `--rooms` rooms against `gridgames server` for two phases of
`--seconds`: first with no lobby client, then with `--watchers` lobby connections open and a named
player posting and withdrawing a seek every `--seek-every` seconds (0: never), so the listing is
rebuilt and sent to all of them. Reports the server's own CPU per move (its /proc time over the moves
acknowledged) in each phase; the targets are at most 0.4 ms with no lobby, and that the two differ by
at most 10%. Then a room under a 0.05+0 clock (3 s) where nobody moves: the real delay from the flag
time (plus the lag cap the server allows) to the players hearing the result; the target is 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import tempfile
import time
from pathlib import Path

import aiohttp

from benchmarks.online.lightbot import LightBot
from benchmarks.online.load import cpu_seconds, start_server, stop_server
from gridgames.engine.clock import LAG_CAP
from gridgames.games import catalogue
from gridgames.online import fastloop
from gridgames.online import protocol as p
from gridgames.online.players import new_key

MAX_ROOMS = 1000
MAX_SECONDS = 60.0
MAX_WATCHERS = 1000
TARGET_CPU_DIFFERENCE = 0.10
TARGET_CPU_MS_PER_MOVE = 0.4  # issue 31
TARGET_FLAG_DELAY = 1.0
FLAG_CLOCK = "0.05+0"  # three seconds


async def _open_rooms(session: aiohttp.ClientSession, url: str, rooms: int, rng: random.Random,
                      rtts: list[tuple[float, float]]) -> tuple[list[LightBot], list[asyncio.Task[None]]]:
    bots: list[LightBot] = []
    readers: list[asyncio.Task[None]] = []

    async def open_room(index: int) -> None:
        entry = catalogue()[index % len(catalogue())]
        size = f"{entry.default_rows}x{entry.default_cols}"
        host = LightBot(await session.ws_connect(url + p.PATH), random.Random(rng.random()), rtts)
        await host.ws.send_str(p.Create(p.VERSION, entry.id, size, "toss", {}).to_json())
        await host.welcome()
        guest = LightBot(await session.ws_connect(url + p.PATH), random.Random(rng.random()), rtts)
        await guest.ws.send_str(p.Join(p.VERSION, host.room).to_json())
        await guest.welcome()
        bots.extend((host, guest))
        readers.extend((asyncio.create_task(host.read()), asyncio.create_task(guest.read())))

    for first in range(0, rooms, 50):
        await asyncio.gather(*(open_room(i) for i in range(first, min(rooms, first + 50))))
    return bots, readers


async def _drain(ws: aiohttp.ClientWebSocketResponse[bool], heard: list[int]) -> None:
    """A lobby watcher: reads (and counts) every listing it is sent."""
    async for frame in ws:
        if frame.type != aiohttp.WSMsgType.TEXT:
            break
        heard[0] += 1


async def _seek_churn(ws: aiohttp.ClientWebSocketResponse[bool], until: float, every: float) -> int:
    """A named player posting and withdrawing a seek every `every` seconds: lobby news, not moves."""
    changes = 0
    while every > 0 and time.perf_counter() < until:
        await ws.send_str(p.Seek("rowcol", "5x5", {}, "3+2", False).to_json())
        while True:
            message = p.parse_server((await ws.receive()).data)
            if isinstance(message, p.Seeking):
                break
        await asyncio.sleep(every / 2)
        await ws.send_str(p.Cancel(message.seek).to_json())
        changes += 2
        await asyncio.sleep(every / 2)
    return changes


async def _phase(
    server: subprocess.Popen[str], rtts: list[tuple[float, float]], seconds: float
) -> tuple[float, int]:
    """Server CPU seconds and moves acknowledged over `seconds` of play."""
    cpu, start = cpu_seconds(server.pid), time.perf_counter()
    await asyncio.sleep(seconds)
    end = time.perf_counter()
    return cpu_seconds(server.pid) - cpu, sum(1 for stamp, _ in rtts if start <= stamp < end)


async def _flag_delay(session: aiohttp.ClientSession, url: str) -> float:
    """Seconds from when the flag may fall (base time plus the lag cap) to the result being heard."""
    async with session.ws_connect(url + p.PATH) as host, session.ws_connect(url + p.PATH) as guest:
        await host.send_str(p.Create(p.VERSION, "rowcol", "3x3", "1", {}, clock=FLAG_CLOCK).to_json())
        room = ""
        while not room:
            message = p.parse_server((await host.receive()).data)
            room = message.room if isinstance(message, p.Welcome) else ""
        await guest.send_str(p.Join(p.VERSION, room).to_json())
        started = time.perf_counter()  # the clock starts when the second player is seated
        while True:
            message = p.parse_server((await asyncio.wait_for(host.receive(), 30)).data)
            if isinstance(message, p.State) and message.result is not None:
                return time.perf_counter() - started - (3.0 + LAG_CAP)


async def bench(rooms: int, seconds: float, watchers: int, seed: int, every: float) -> dict[str, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="gridgames-lobby-") as folder:
        server, url = await start_server(Path(folder) / "rooms.sqlite")
        try:
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
                rtts: list[tuple[float, float]] = []
                bots, readers = await _open_rooms(session, url, rooms, rng, rtts)
                for bot in bots:
                    bot.playing = True
                    await bot.act()
                await asyncio.sleep(2.0)  # the first moves under way
                alone_cpu, alone_moves = await _phase(server, rtts, seconds)
                lobby = [await session.ws_connect(url + p.PATH) for _ in range(watchers)]
                heard = [0]
                for ws in lobby:
                    await ws.send_str(p.Lobby(p.VERSION).to_json())
                drains = [asyncio.create_task(_drain(ws, heard)) for ws in lobby]
                seeker = await session.ws_connect(url + p.PATH)
                await seeker.send_str(p.Lobby(p.VERSION, "Bencher", new_key()).to_json())
                await seeker.receive()  # its listing
                churn = asyncio.create_task(_seek_churn(seeker, time.perf_counter() + seconds + 1.0, every))
                await asyncio.sleep(1.0)
                listed_before = heard[0]
                with_cpu, with_moves = await _phase(server, rtts, seconds)
                listings = heard[0] - listed_before
                changes = await churn
                for bot in bots:
                    await bot.stop()
                await asyncio.gather(*readers, return_exceptions=True)
                for ws in [*lobby, seeker]:
                    await ws.close()
                await asyncio.gather(*drains, return_exceptions=True)
                delay = await _flag_delay(session, url)
        finally:
            stop_server(server)
    alone = 1000 * alone_cpu / max(1, alone_moves)
    with_lobby = 1000 * with_cpu / max(1, with_moves)
    return {
        "moves_alone": alone_moves, "cpu_ms_per_move_alone": alone,
        "moves_with_lobby": with_moves, "cpu_ms_per_move_with_lobby": with_lobby,
        "difference": with_lobby / alone - 1 if alone else float("nan"),
        "lobby_changes": changes, "listings_sent": listings, "flag_delay_s": delay,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.online.lobby", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--watchers", type=int, default=200)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--seek-every", type=float, default=1.0, help="seconds between seek changes, 0: none")
    args = parser.parse_args(argv)
    rooms, seconds = min(max(1, args.rooms), MAX_ROOMS), min(max(1.0, args.seconds), MAX_SECONDS)
    watchers = min(max(0, args.watchers), MAX_WATCHERS)
    found = fastloop.run(bench(rooms, seconds, watchers, args.seed, min(max(0.0, args.seek_every), 60.0)))
    print(f"{rooms} rooms of bots, {seconds:g} s a phase, then {watchers} lobby connections "
          f"({found['lobby_changes']} seek changes, {found['listings_sent']} listings sent)")
    print(f"  server CPU per move, no lobby:   {found['cpu_ms_per_move_alone']:.3f} ms "
          f"({found['moves_alone']} moves)")
    print(f"  server CPU per move, with lobby: {found['cpu_ms_per_move_with_lobby']:.3f} ms "
          f"({found['moves_with_lobby']} moves)")
    cheap = found["cpu_ms_per_move_alone"] <= TARGET_CPU_MS_PER_MOVE
    print(f"  server CPU per move with no lobby (target at most {TARGET_CPU_MS_PER_MOVE:g} ms): "
          f"{'met' if cheap else 'NOT met'}")
    met = abs(found["difference"]) <= TARGET_CPU_DIFFERENCE
    print(f"  difference {100 * found['difference']:+.1f}% (target at most "
          f"{100 * TARGET_CPU_DIFFERENCE:.0f}%): {'met' if met else 'NOT met'}")
    flag_met = 0 <= found["flag_delay_s"] <= TARGET_FLAG_DELAY
    print(f"  a flag falls {1000 * found['flag_delay_s']:.0f} ms after the time and the lag cap are up "
          f"(target at most {TARGET_FLAG_DELAY:g} s): {'met' if flag_met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
