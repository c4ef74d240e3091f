"""`gridgames server`: the online game server (rooms, seats and moves kept in SQLite).

Listens on 127.0.0.1 (this computer only) unless `--host` says otherwise, and says so. Ctrl+C or
SIGTERM stops it; every room is in the database, so a restart on the same `--db` carries on.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from pathlib import Path

from gridgames.commands.serve import DEFAULT_HOST, WILDCARD_HOSTS, _bind_error_sentence, port_type

DEFAULT_PORT = 8765
DB_NAME = "server.sqlite"


port_number = port_type(0)  # argparse type for --port: 0 (any free port) to 65535


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
        "--db", metavar="FILE", help=f"the rooms' database (default: {DB_NAME} in the data folder)"
    )


def reach(host: str) -> str:
    """Who can connect to a server listening on `host`, in words."""
    if host in WILDCARD_HOSTS:
        return "every network interface: players on your network can join"
    if host in ("127.0.0.1", "localhost", "::1"):
        return "this computer only; --host 0.0.0.0 lets players on your network join"
    return "players who can reach this address can join"


def default_db() -> Path:
    from gridgames.storage import default_data_dir

    return default_data_dir() / DB_NAME


def run(args: argparse.Namespace) -> int:
    try:
        from gridgames.online import server
    except ModuleNotFoundError:
        sys.stderr.write("gridgames: the game server needs aiohttp: pip install aiohttp.\n")
        return 1
    db = Path(args.db) if args.db else default_db()
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
            running = await server.start(args.host, args.port, db)
        except OSError as error:
            reason = _bind_error_sentence(error, args.host, args.port) if error.errno else str(error)
            sys.stderr.write(f"gridgames: {reason}\n")
            return 2
        except Exception as error:  # sqlite3.DatabaseError: not a database, or another version's
            sys.stderr.write(f"gridgames: cannot open the rooms' database {db}: {error}.\n")
            return 2
        shown = f"[{args.host}]" if ":" in args.host else args.host
        print(f"gridgames game server on ws://{shown}:{running.port} ({reach(args.host)}).", flush=True)
        print(f"Rooms are kept in {db}. Press Ctrl+C to stop.", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await running.stop()
        print("gridgames server stopped.", flush=True)
        return 0

    return asyncio.run(serve())
