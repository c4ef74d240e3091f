"""`gridgames bot`: an engine program (`--engine CMD`, see docs/bots.md) or a built-in level (`--vs`)
playing online, one game after another.

Until the lobby's seeks are in, a bot finds its table the way people do: `--join ADDRESS` takes the
free seat in a room, and otherwise the bot opens a room of the first of `--variants` on `--server`
and prints its invite. `--name` and `--casual` are checked now and used by the pairing through the
lobby. Exit codes: 0 when the games asked for were played (or the room closed after at least one),
1 when the server could not be reached or the room closed first, 2 for bad options (an engine that does
not start or does not answer the protocol's hello is one).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from gridgames.commands.play import add_clock_argument
from gridgames.engine.clock import TimeControl
from gridgames.engine.errors import GameError
from gridgames.engine.safetext import printable

EXIT_USAGE = 2
MAX_NAME = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", metavar="URL", help="the game server, ws://HOST:PORT")
    parser.add_argument("--engine", metavar="CMD", help="the engine program to run (docs/bots.md)")
    parser.add_argument("--vs", metavar="LEVEL", help="a built-in level plays: easy, medium, hard, perfect")
    parser.add_argument("--variants", metavar="LIST", help="the games it plays, by id, separated by commas")
    add_clock_argument(parser)
    parser.add_argument("--name", metavar="NAME", help="the bot's player name on the server")
    parser.add_argument("--casual", action="store_true", help="play casual games (default: rated)")
    parser.add_argument("--join", metavar="ADDRESS", help="take the free seat in this room (from an invite)")
    parser.add_argument("--games", type=int, metavar="N", help="stop after N games (default: play on)")


def _fail(message: str) -> int:
    sys.stderr.write(f"gridgames: {printable(message, 400)}\n")
    return EXIT_USAGE


def check(args: argparse.Namespace) -> str | None:
    """One sentence for a bad option, or None (the variants, the level, the clock, the name)."""
    from gridgames.games import get_entry
    from gridgames.play.computer import levels

    if args.engine is None and args.vs is None:
        return "Say who plays: --engine CMD (a program, see docs/bots.md) or --vs LEVEL (a built-in level)."
    if args.engine is not None and args.vs is not None:
        return "A bot is one player: give --engine CMD or --vs LEVEL, not both."
    if args.vs is not None and args.vs not in levels():
        return f"There is no computer level '{args.vs}': choose one of {', '.join(levels())}."
    if args.join is None and args.server is None:
        return "Give the game server with --server URL, or a room to join with --join ADDRESS."
    if args.join is None and not args.variants:
        return "Give the games the bot plays with --variants: their ids, separated by commas."
    if args.games is not None and args.games < 1:
        return f"--games is at least 1, not {args.games}."
    if args.name is not None and not (0 < len(args.name) <= MAX_NAME and args.name.isprintable()):
        return f"A bot's name is 1 to {MAX_NAME} printable characters."
    try:
        args.variants = [get_entry(v.strip()).id for v in (args.variants or "").split(",") if v.strip()]
        args.clock = TimeControl.parse(args.clock) if args.clock else None
    except GameError as error:
        return str(error)
    return None


def run(args: argparse.Namespace) -> int:
    problem = check(args)
    if problem is None:
        from gridgames.online.address import AddressError, server_url
        from gridgames.online.invite import parse_invite

        try:
            args.address = parse_invite(args.join) if args.join else None
            args.server = server_url(args.server) if args.server else None
        except AddressError as error:
            problem = str(error)
    if problem is None and args.engine:
        problem = _engine_problem(args.engine)
    if problem:
        return _fail(problem)
    return asyncio.run(_run(args))


def _engine_problem(command: str) -> str | None:
    """Why the engine cannot play (it does not start, or does not speak the protocol), or None."""
    from gridgames.play.engine_protocol import EngineError, EngineProcess

    try:
        with EngineProcess(command) as engine:
            engine.hello()
    except EngineError as error:
        return str(error)
    return None


def _table(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The pairing part: the room to play in (`--join`), or a new room of the first of `--variants`.
    The lobby's seeks take this place once they are in."""
    from gridgames.games import get_entry
    from gridgames.online import protocol as p
    from gridgames.online.client import Link

    if args.address is not None:
        return Link(args.address.server, room=args.address.room)
    options = get_entry(args.variants[0]).default_options()
    clock = str(args.clock) if args.clock is not None else None  # the server keeps it
    return Link(args.server, create=p.Create(p.VERSION, args.variants[0], options.size, options.first,
                                             options.option_dict(), clock))


async def _run(args: argparse.Namespace) -> int:
    from gridgames.online.address import Address
    from gridgames.online.bot import BotSeat, EngineSeat, LevelSeat, run_bot
    from gridgames.online.invite import invite_line

    def say(line: str) -> None:
        print(printable(line, 2000), flush=True)

    link = _table(args)
    seat: BotSeat = EngineSeat(args.engine) if args.engine else LevelSeat(args.vs)
    running = asyncio.create_task(link.run())
    try:
        while link.seat is None and not running.done():  # the welcome; run_bot reads every event after it
            await asyncio.sleep(0.02)
        if link.seat is None:
            said = [e.value for e in _drain(link.events) if e.kind == "closed" and isinstance(e.value, str)]
            unreachable = "The game server could not be reached; check --server and that it runs."
            say(said[-1] if said else unreachable)
            return 1
        if args.address is None:
            say(f"Invite: {invite_line(str(Address(link.server, link.room or '')))}")
        say(f"Playing as {seat.label}, seat {link.seat}.")
        played = await run_bot(link, seat, say, args.clock, args.games)
    finally:
        await link.close()
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
    return 0 if played else 1


def _drain(events: asyncio.Queue[Any]) -> list[Any]:
    """What is waiting in the link's queue (why it stopped, when it did before a seat)."""
    found = []
    while not events.empty():
        found.append(events.get_nowait())
    return found
