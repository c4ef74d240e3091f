"""`gridgames host VARIANT`: open a room for a friend and print the line that invites them.

Without `--server` a game server runs inside this command for as long as it does (listening on
127.0.0.1 unless `--bind` says otherwise); running the same `host` again brings the game back.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from gridgames.commands import game_options
from gridgames.commands.play import add_clock_argument
from gridgames.commands.server import port_number
from gridgames.engine.errors import GameError
from gridgames.engine.options import FIRST_CHOICES
from gridgames.games import catalogue, get_entry
from gridgames.online.limits import APP_MAX_SIZE
from gridgames.play.setup import Setup, default_setup


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="one of: " + ", ".join(e.id for e in catalogue()))
    parser.add_argument("--plain", action="store_true", help="play in plain text, as play --plain does")
    parser.add_argument("--size", metavar="RxC", help="board size, e.g. 5x5 (default: the rule book's)")
    parser.add_argument("--first", choices=FIRST_CHOICES, help="who moves first (default: the rule book's)")
    game_options.add_arguments(parser)
    parser.add_argument("--server", metavar="URL", help="a gridgames server (default: start one here)")
    parser.add_argument(
        "--bind", default="127.0.0.1",
        help="where this command's own server listens (default 127.0.0.1; 0.0.0.0: your network)",
    )
    parser.add_argument("--port", type=port_number, help="its port (default 8765, or any free one; 0: any)")
    parser.add_argument("--new", action="store_true", help="open a new room even if one of VARIANT is saved")
    add_clock_argument(parser)  # the room's time control (kept in the set-up; the server keeps the clock)


def check_options(args: argparse.Namespace) -> str | None:
    """One sentence for a bad variant or option, or None."""
    try:
        setup = _setup(args)
        args.variant, args.size = setup.variant, setup.options.size
        rows, cols = setup.options.rows, setup.options.cols
        most_rows, most_cols = APP_MAX_SIZE
        if not args.server and (rows > most_rows or cols > most_cols):
            return (
                f"This command's own server hosts boards up to {most_rows}x{most_cols}, not {args.size}: "
                f"start `gridgames server --max-size {args.size}` and host with --server."
            )
    except GameError as error:
        return str(error)
    return None


def run(args: argparse.Namespace) -> int:
    problem = check_options(args)
    if problem is None and args.server:
        from gridgames.online.address import AddressError, server_url

        try:
            server_url(args.server)
        except AddressError as error:
            problem = str(error)
    if problem:
        sys.stderr.write(f"gridgames: {problem}\n")
        return 2
    if not args.plain:
        from gridgames.commands.join import launch_app

        return launch_app(host=hosting(args))
    return asyncio.run(_host_plain(args))


def hosting(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The room and server the command line asks for (its options checked by `check_options`)."""
    from gridgames.online.launch import Hosting

    return Hosting(_setup(args), new=args.new, server=args.server, bind=args.bind, port=args.port)


def _setup(args: argparse.Namespace) -> Setup:
    """The new room's set-up: the rule book's, with the command line's choices (GameError if bad)."""
    entry = get_entry(args.variant)
    chosen = game_options.given(args, entry)
    return default_setup(entry).chosen(
        entry, size=args.size, first=args.first, options=chosen, clock=getattr(args, "clock", None)
    )


async def _host_plain(args: argparse.Namespace) -> int:
    from gridgames.commands.serve import _bind_error_sentence
    from gridgames.online.launch import HostDbError, plan_host, run_plain

    try:
        plan = await plan_host(hosting(args), sys.stdout)
    except HostDbError as error:
        sys.stderr.write(f"gridgames: {error}\n")
        return 2
    except OSError as error:
        port = args.port if args.port is not None else 8765
        sys.stderr.write(f"gridgames: {_bind_error_sentence(error, args.bind, port)}\n")
        return 2
    return await run_plain(plan)
