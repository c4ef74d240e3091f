"""`gridgames` with no subcommand: the full-screen app."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--load", metavar="FILE", help="open a saved game record")


def run(args: argparse.Namespace) -> int:
    from gridgames.tui.app import GridGamesApp

    app = GridGamesApp(load=getattr(args, "load", None))
    app.run()
    return int(app.return_code or 0)
