"""`gridgames server`: the online game server (rooms, seats and moves in SQLite or PostgreSQL).

Listens on 127.0.0.1 (this computer only) unless `--host` says otherwise, and says so. Ctrl+C or
SIGTERM stops it; every room is in the database, so a restart on the same `--db` carries on.
With `--db postgresql://...` any number of servers share the rooms (see docs/servers.md).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import re
import signal
import sys
from pathlib import Path

from gridgames.commands.serve import DEFAULT_HOST, _bind_error_sentence, port_type
from gridgames.online.address import DEFAULT_PORT, reach
from gridgames.online.limits import APP_MAX_SIZE, Limits

DB_NAME = "server.sqlite"
DEFAULT_RETENTION = "30d"
_DURATION = re.compile(r"([0-9]{1,6})([smhd])")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


port_number = port_type(0)  # argparse type for --port: 0 (any free port) to 65535


def board_size(text: str) -> tuple[int, int]:
    """argparse type for --max-size: RxC within what the engine supports."""
    from gridgames.engine.errors import GameError
    from gridgames.engine.options import parse_size

    try:
        return parse_size(text)
    except GameError as error:
        raise argparse.ArgumentTypeError(str(error).rstrip(".")) from None


def per_address_type(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise argparse.ArgumentTypeError(f"'{text[:20]}' is not a number of connections from 1 to 100000")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this computer only; 0.0.0.0: your network too)",
    )
    parser.add_argument(
        "--port", type=port_number, default=DEFAULT_PORT,
        help=f"port to listen on (default {DEFAULT_PORT}; 0: any free port)",
    )
    parser.add_argument(
        "--max-size", metavar="RxC", type=board_size, default=APP_MAX_SIZE,
        help="largest board a room may have (default {}x{}: what the app draws; at most 30x30)".format(
            *APP_MAX_SIZE),
    )
    parser.add_argument(
        "--per-address", metavar="N", type=per_address_type, default=Limits().per_address,
        help=f"connections one address may hold, and rooms it may join or create at once "
             f"(default {Limits().per_address})",
    )
    parser.add_argument(
        "--db", metavar="FILE|URL",
        help=f"the rooms' database: a SQLite file (default: {DB_NAME} in the data folder) or "
        "postgresql://USER@HOST/DATABASE, which several servers can share",
    )
    parser.add_argument(
        "--retention", metavar="TIME", type=retention_type, default=DEFAULT_RETENTION,
        help="how long a finished game's room is kept, e.g. 12h, 7d or 'never' "
        f"(default {DEFAULT_RETENTION})",
    )


def retention_type(text: str) -> float | None:
    """argparse type for --retention: seconds (None: keep finished rooms for ever)."""
    if text == "never":
        return None
    found = _DURATION.fullmatch(text)
    if found is None:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a time: write a number and s, m, h or d (e.g. 7d), or 'never'."
        )
    return float(int(found.group(1)) * _UNIT_SECONDS[found.group(2)])


def default_db() -> Path:
    from gridgames.storage import default_data_dir

    return default_data_dir() / DB_NAME


def run(args: argparse.Namespace) -> int:
    try:
        from gridgames.online import server
    except ModuleNotFoundError:
        sys.stderr.write("gridgames: the game server needs aiohttp: pip install aiohttp.\n")
        return 1
    from gridgames.online.store import DbError, StoreRefused, parse_db

    try:
        spec = parse_db(args.db if args.db is not None else str(default_db()))
    except DbError as error:
        sys.stderr.write(f"gridgames: {error}\n")
        return 2
    if spec.kind == "sqlite":
        db = Path(spec.target)
        if db.exists() and not db.is_file():
            sys.stderr.write(f"gridgames: '{db}' is not a regular file, so it cannot hold the rooms.\n")
            return 2
        try:
            db.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            sys.stderr.write(f"gridgames: cannot create the folder {db.parent}: {error.strerror or error}.\n")
            return 2

    async def serve() -> int:
        try:
            limits = Limits.for_address_budget(args.per_address, max_size=args.max_size)
            running = await server.start(args.host, args.port, spec, args.retention, limits)
        except StoreRefused as error:
            sys.stderr.write(f"gridgames: {error}\n")
            return 2
        except OSError as error:
            reason = _bind_error_sentence(error, args.host, args.port) if error.errno else str(error)
            sys.stderr.write(f"gridgames: {reason}\n")
            return 2
        shown = f"[{args.host}]" if ":" in args.host else args.host
        print(f"gridgames game server on ws://{shown}:{running.port} ({reach(args.host)}).", flush=True)
        print(f"Rooms are kept in {spec.where}. Press Ctrl+C to stop.", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await running.stop()
        print("gridgames server stopped.", flush=True)
        return 0

    # What start-up made (modules, the engine's tables) is never garbage: frozen out of the collector's
    # sight, each of its full passes covers only what the rooms hold (see online/rooms.py).
    gc.collect()
    gc.freeze()
    from gridgames.online import fastloop

    return fastloop.run(serve())
