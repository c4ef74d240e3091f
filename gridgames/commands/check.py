"""`gridgames check GAME` (or `--all`): the conformance checks on any installed game.

One line per check, `✓` or `✗` with what fails (`gridgames.check.conformance`); exit code 0 when
every check of every game passed, 1 when one failed, 2 for a game that is not installed. About
20 s a game by default; `--quick` takes a second or two (what the test suite runs on every game).
"""

from __future__ import annotations

import argparse
import sys
import time

from gridgames.engine.errors import GameError

EXIT_FAILED = 1
EXIT_NO_SUCH_GAME = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME", help="the id of an installed game")
    parser.add_argument("--all", action="store_true", help="check every installed game")
    parser.add_argument(
        "--quick", action="store_true", help="fewer and smaller games (a second or two a game)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the random games' seed (default 0)")


def run(args: argparse.Namespace) -> int:
    from gridgames.check.conformance import FULL, QUICK, check_game
    from gridgames.games import catalogue, get_entry

    if args.all == bool(args.games):
        ids = ", ".join(entry.id for entry in catalogue())
        sys.stderr.write(f"gridgames: Name a game to check, or --all: {ids}.\n")
        return EXIT_NO_SUCH_GAME
    try:
        entries = list(catalogue()) if args.all else [get_entry(game_id) for game_id in args.games]
    except GameError as error:
        sys.stderr.write(f"gridgames: {error}\n")
        return EXIT_NO_SUCH_GAME
    plan = QUICK if args.quick else FULL
    failed = 0
    for entry in entries:
        started = time.perf_counter()
        print(f"{entry.label} ({entry.id}):", flush=True)
        bad = 0
        for result in check_game(entry, plan, args.seed):
            print(f"  {result.line()}", flush=True)
            bad += not result.passed
        verdict = "every check passed" if not bad else f"{bad} check{'s' if bad != 1 else ''} failed"
        print(f"  {verdict} in {time.perf_counter() - started:.1f} s", flush=True)
        failed += bool(bad)
    return EXIT_FAILED if failed else 0
