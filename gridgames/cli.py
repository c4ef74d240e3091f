"""The `gridgames` command: the app by default, and subcommands for scripts and the browser.

Each subcommand lives in `gridgames.commands.<name>` with `add_arguments(parser)` and
`run(args) -> exit code`; only the one that runs is imported, so `analyse` and
`play --plain` never load Textual.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
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
    "lobby": "List a game server's open seeks, games and players, or a player's ratings (--json).",
    "bot": "Play online as a bot: an engine program (docs/bots.md) or a built-in level.",
    "puzzle": "Solve puzzles: in the app, in plain text with --plain, or list them (--list --json).",
    "check": "Run the conformance checks on an installed game (or --all).",
}


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option is one sentence on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        from gridgames.engine.safetext import printable

        sentence = usage_sentence(getattr(self, "command_prog", "") or self.prog, message)
        sys.stderr.write(f"gridgames: {printable(sentence, 400)}\n")
        raise SystemExit(2)


#: The sentence that asks for a missing argument, by its name on the usage line.
_WANTED = {
    "VARIANT": "Name the game to {verb} ({games}): {prog} VARIANT.",
    "ADDRESS": "Give the address from the invite: {prog} ADDRESS (ws://HOST:PORT/ROOM).",
    "FILE": "Name the game record to replay: {prog} FILE.",
}

_INVALID_CHOICE = re.compile(
    r"argument (?P<name>\S+): invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)"
)
_REQUIRED = re.compile(r"the following arguments are required: (?P<names>.*)")
_UNRECOGNIZED = re.compile(r"unrecognized arguments: (?P<words>.*)")
_EXPECTED = re.compile(r"argument (?P<name>[^:]+): expected (?P<count>one|at least one) argument")
_BAD_VALUE = re.compile(r"argument (?P<name>[^:]+): invalid (?P<kind>int|float) value: (?P<value>'.*')")
_ARGUMENT = re.compile(r"argument (?P<name>[^:]+): (?P<rest>.*)", re.DOTALL)


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def usage_sentence(prog: str, message: str) -> str:
    """argparse's complaint as one sentence in the project's words: what is wrong and what to type.

    ("invalid choice: 'frobnicate' (choose from ...)" becomes "There is no command 'frobnicate': ...",
    "the following arguments are required: VARIANT" says which game names fit, and so on.)
    """
    command = prog.removeprefix("gridgames").strip()
    if found := _INVALID_CHOICE.fullmatch(message):
        choices = [choice.strip("'") for choice in found["choices"].split(", ")]
        if found["name"].startswith("{"):  # the subcommand
            return (
                f"There is no command {found['value']}: use one of {', '.join(choices)} "
                "(gridgames --help says what each does)."
            )
        return f"{found['name']} cannot be {found['value']}: choose {_or_list(choices)}."
    if found := _REQUIRED.fullmatch(message):
        name = found["names"].split(", ")[0]
        if name not in _WANTED:
            return f"{prog} needs {found['names']}: {prog} --help says what to give."
        from gridgames.games import catalogue

        games = ", ".join(entry.id for entry in catalogue())
        return _WANTED[name].format(verb=command or "play", games=games, prog=prog)
    if found := _UNRECOGNIZED.fullmatch(message):
        return f"Unexpected {found['words']}: {prog} --help lists what it takes."
    if found := _EXPECTED.fullmatch(message):
        return f"{found['name']} needs a value: {prog} --help says which."
    if found := _BAD_VALUE.fullmatch(message):
        number = "a whole number" if found["kind"] == "int" else "a number"
        return f"{found['name']} takes {number}, not {found['value']}."
    if found := _ARGUMENT.fullmatch(message):  # a checked value's own sentence (limits.budget, ...)
        message = f"{found['name']}: {found['rest']}"
    sentence = message[0].upper() + message[1:]
    return sentence if sentence.endswith(".") else sentence + "."


#: The app's own options that take a value (`gridgames --load play`: "play" is a file name there).
APP_VALUE_OPTIONS = ("--load",)


def chosen_subcommand(argv: list[str]) -> str | None:
    """The subcommand named in `argv`: its first word that is neither an option nor an option's value."""
    value_next = False
    for arg in argv:
        if value_next:
            value_next = False
        elif arg == "--":
            return None
        elif arg.startswith("-"):
            value_next = "=" not in arg and any(o.startswith(arg) for o in APP_VALUE_OPTIONS if len(arg) > 2)
        else:
            return arg if arg in SUBCOMMANDS else None
    return None


def _command_module(name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"gridgames.commands.{name}")


def _version_line(argv: list[str]) -> str:
    """`gridgames 0.1.0, native core (C)`: the solving core is looked up only when asked."""
    if "--version" not in argv:
        return f"gridgames {__version__}"
    from gridgames.games import native_cores
    from gridgames.solve.core import name

    return f"gridgames {__version__}, {name(native_cores())}"


def build_parser(argv: list[str]) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gridgames", description="Two-player grid games where the last player able to move wins."
    )
    parser.add_argument("--version", action="version", version=_version_line(argv))
    # Only the chosen subcommand's module is imported (keeps `analyse` free of Textual).
    chosen = chosen_subcommand(argv)
    sub = parser.add_subparsers(
        dest="command", metavar="{" + ",".join(SUBCOMMANDS) + "}", parser_class=_Parser
    )
    for name, help_text in SUBCOMMANDS.items():
        sub_parser = sub.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            _command_module(name).add_arguments(sub_parser)
    if chosen is None:
        _command_module("app").add_arguments(parser)
    else:  # words left over are reported by this parser: name the command they were given to
        parser.command_prog = f"gridgames {chosen}"  # type: ignore[attr-defined]
    return parser


def _report_broken_games() -> None:
    """A game plugin that would not load: one sentence each on stderr, and the command goes on."""
    from gridgames.games import problems

    for problem in problems():
        sys.stderr.write(f"gridgames: {problem}\n")


_DASHED_VALUE = re.compile(r"-(?:[0-9.]|inf|nan)", re.IGNORECASE)  # -3x3, -1, -inf: values, not options


def _attach_dashed_values(argv: list[str]) -> list[str]:
    """`--size -3x3` as `--size=-3x3`, so a value starting with a dash gets its own refusal.

    (argparse would take `-3x3` for an option and say only "expected one argument".)
    """
    joined: list[str] = []
    index = 0
    while index < len(argv):
        word = argv[index]
        following = argv[index + 1] if index + 1 < len(argv) else ""
        if word.startswith("--") and "=" not in word and _DASHED_VALUE.match(following):
            joined.append(f"{word}={following}")
            index += 2
        else:
            joined.append(word)
            index += 1
    return joined


#: The exit code when the reader of the output went away (`| head`): a shell's code for SIGPIPE, 128 + 13.
EXIT_READER_GONE = 141


def _replace_what_cannot_be_written() -> None:
    """Any terminal encoding works: a character the output cannot encode is written as `?`, and
    input bytes that are not text in the locale's encoding are read as U+FFFD, instead of a
    UnicodeError traceback (`PYTHONIOENCODING=ascii`, a latin-1 terminal, a binary pipe)."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="replace")


def _discard_further_output() -> None:
    """Point stdout at the null device, so that the exit's own flush of what is left in its buffer
    cannot raise again (the recipe of Python's "Note on SIGPIPE" in the `signal` docs)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def main(argv: list[str] | None = None) -> int:
    _replace_what_cannot_be_written()
    try:
        try:
            return _run(_attach_dashed_values(sys.argv[1:] if argv is None else argv))
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()  # here, not at exit, so a closed pipe is caught below
    except BrokenPipeError:  # the reader went away (`| head`, `| less` then q): end quietly
        _discard_further_output()
        return EXIT_READER_GONE


def _run(argv: list[str]) -> int:
    args = build_parser(argv).parse_args(argv)
    module = _command_module(args.command or "app")
    if args.command:  # the app shows them itself
        _report_broken_games()
    try:
        return int(module.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        return _game_failed(error)


#: The exit code when a game's own code failed (as for a usage error: the command could not run).
EXIT_GAME_FAILED = 2


def _game_failed(error: Exception) -> int:
    """A game's fault (`gridgames.games.guard`) is one sentence on stderr and exit code 2, never a
    traceback; any other error is a bug of gridgames and goes on up."""
    from gridgames.games.guard import fault_in

    fault = fault_in(error)
    if fault is None:
        raise error
    sys.stderr.write(f"gridgames: {fault.reason}\n")
    return EXIT_GAME_FAILED
