"""`gridgames` with no subcommand: the full-screen app."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--load", metavar="FILE", help="open a saved game record")


def run(args: argparse.Namespace) -> int:
    return run_app(load=getattr(args, "load", None))


def run_app(**start: object) -> int:
    """The app, started as `start` says (`load=FILE`, or `puzzles=GAME` with `streak=`)."""
    from gridgames.tui import launch

    return launch.run_app(start)
