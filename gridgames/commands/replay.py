"""`gridgames replay FILE`: step through a saved game record in plain text.

At a terminal, Enter shows the next move and `q` quits; with `--all`, or when
input is not a terminal, every position is printed straight through. A bad
record is refused with its line and reason (exit 2); the file is only read.
`gridgames replay --mistakes` lists your mistakes in your finished games instead and plays each one
as a puzzle (as `gridgames puzzle --mistakes` does).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from gridgames.engine.errors import RecordError
from gridgames.engine.game import Game
from gridgames.engine.safetext import printable
from gridgames.engine.textboard import render
from gridgames.storage import load_record

EXIT_BAD_RECORD = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", nargs="?",
                        help="a game record (as saved by the app or play --record)")
    parser.add_argument("--mistakes", action="store_true",
                        help="instead of a record: your mistakes in finished games, each played as a puzzle")
    parser.add_argument("--all", action="store_true", help="print every position without waiting for Enter")


def run(args: argparse.Namespace) -> int:
    if args.file is None and not args.mistakes:  # the usage mistake's sentence, as argparse's would be
        sys.stderr.write("gridgames: Name the game record to replay: gridgames replay FILE.\n")
        raise SystemExit(EXIT_BAD_RECORD)
    if args.file is not None and args.mistakes:
        sys.stderr.write("gridgames: replay takes a game record FILE or --mistakes, not both.\n")
        return EXIT_BAD_RECORD
    if args.mistakes:
        from gridgames.commands.puzzle import play_mistakes

        return play_mistakes(None, sys.stdin, sys.stdout)
    try:
        game = load_record(args.file)
    except RecordError as error:
        sys.stderr.write(f"gridgames: cannot replay {printable(args.file)}: {error}\n")
        return EXIT_BAD_RECORD
    step = args.all or not sys.stdin.isatty()
    replay(game, sys.stdout, None if step else _wait)  # a closed output pipe ends in cli.main
    return 0


def _wait() -> bool:
    """Wait for Enter; False when the player typed q (or input ended)."""
    sys.stdout.write("Enter: next move, q: quit. ")
    sys.stdout.flush()
    line = sys.stdin.readline()
    return bool(line) and line.strip().lower() not in ("q", "quit")


def replay(game: Game, out: TextIO, wait=None) -> None:  # type: ignore[no-untyped-def]
    """Print the start position, then each move and the position after it; `wait()` False stops early."""
    entry = game.entry
    moves = game.played
    start = game.goto(0)
    out.write(
        f"{entry.label}, {game.options.size} board; {entry.player(game.first_player)} moves first; "
        f"{len(moves)} move{'s' if len(moves) != 1 else ''}.\n\n"
    )
    out.write(render(entry, start.state) + "\n\n")
    for ply, move in enumerate(moves, start=1):
        if wait is not None and not wait():
            return
        position = game.goto(ply)
        mover = entry.player(game.player_of_move(ply - 1))
        out.write(f"Move {ply}: {mover} plays {entry.format_move(move)}.\n")
        out.write(render(entry, position.state) + "\n\n")
        out.flush()
    outcome = game.outcome
    out.write((entry.describe(outcome) if outcome else "The game was not finished.") + "\n")
