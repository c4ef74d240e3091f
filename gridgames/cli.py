"""The `gridgames` command: the app by default, and subcommands for scripts and the browser.

Each subcommand lives in `gridgames.commands.<name>` with `add_arguments(parser)` and
`run(args) -> exit code`; only the one that runs is imported, so `analyse` and
`play --plain` never load Textual.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from gridgames import __version__

SUBCOMMANDS = {
    "play": "Play one game: in the app, or in plain text with --plain.",
    "analyse": "Print the exact analysis of a position (scriptable; --json).",
    "replay": "Step through a saved game record.",
    "serve": "Serve the app to a web browser.",
    "server": "Run a game server for online play.",
    "host": "Open an online game and invite a friend.",
    "join": "Join a friend's online game (or watch it).",
}


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option is one sentence on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"gridgames: {message[0].upper() + message[1:]}.\n")
        raise SystemExit(2)


def _command_module(name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"gridgames.commands.{name}")


def build_parser(argv: list[str]) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gridgames", description="Two-player grid games where the last player able to move wins."
    )
    parser.add_argument("--version", action="version", version=f"gridgames {__version__}")
    # Only the chosen subcommand's module is imported (keeps `analyse` free of Textual).
    chosen = next((a for a in argv if a in SUBCOMMANDS), None)
    sub = parser.add_subparsers(
        dest="command", metavar="{" + ",".join(SUBCOMMANDS) + "}", parser_class=_Parser
    )
    for name, help_text in SUBCOMMANDS.items():
        sub_parser = sub.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            _command_module(name).add_arguments(sub_parser)
    if chosen is None:
        _command_module("app").add_arguments(parser)
    return parser


def _report_broken_games() -> None:
    """A game plugin that would not load: one sentence each on stderr, and the command goes on."""
    from gridgames.games import problems

    for problem in problems():
        sys.stderr.write(f"gridgames: {problem}\n")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(argv).parse_args(argv)
    module = _command_module(args.command or "app")
    if args.command:  # the app shows them itself
        _report_broken_games()
    try:
        return int(module.run(args) or 0)
    except KeyboardInterrupt:
        return 130
