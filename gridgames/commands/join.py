"""`gridgames join ADDRESS`: take the free seat in a friend's room, or watch when both are taken.

Running the same join again gets the same seat back (its secret is kept in the data folder).
"""

from __future__ import annotations

import argparse
import asyncio
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", metavar="ADDRESS", help="the address from the invite, ws://HOST:PORT/ROOM")
    parser.add_argument("--plain", action="store_true", help="play in plain text, as play --plain does")
    parser.add_argument("--watch", action="store_true", help="watch even if a seat is free")


def run(args: argparse.Namespace) -> int:
    from gridgames.engine.safetext import printable
    from gridgames.online.address import AddressError
    from gridgames.online.invite import parse_invite

    try:
        address = parse_invite(args.address)
    except AddressError as error:  # it quotes what was pasted: shown with control characters escaped
        sys.stderr.write(f"gridgames: {printable(str(error), 400)}\n")
        return 2
    if not args.plain:
        return launch_app(join=address, watch=args.watch)
    from gridgames.online.launch import plan_join, run_plain

    async def play() -> int:
        return await run_plain(plan_join(address, args.watch))

    return asyncio.run(play())


def launch_app(**online: object) -> int:
    """The full-screen app, opened on an online game (hosting or joining)."""
    from gridgames.tui import launch

    if not launch.available():
        sys.stderr.write("gridgames: the full-screen app is not available here: add --plain.\n")
        return 2
    return launch.run_app({"online": online})
