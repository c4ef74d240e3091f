"""`gridgames` with no subcommand: the full-screen app."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--load", metavar="FILE", help="open a saved game record")


def run(args: argparse.Namespace) -> int:
    return run_app(load=getattr(args, "load", None))


def run_app(**start: object) -> int:
    """The app, started as `start` says (`load=FILE`, or `puzzles=GAME` with `streak=`)."""
    from gridgames.tui.app import GridGamesApp

    app = GridGamesApp(**start)  # type: ignore[arg-type]
    app.run()
    return int(app.return_code or 0)
