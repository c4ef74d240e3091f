"""A game's own options on the command line: `--option NAME=VALUE` (repeatable) on `play`, `host`,
`analyse` and `puzzle`, and the short flags some games kept from before options were declared
(GridLock's house rule), each added from the game's declaration, never named here."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from gridgames.engine.entry import Entry
from gridgames.engine.errors import OptionsError
from gridgames.engine.options import OptionSpec, parse_assignment
from gridgames.games import catalogue, declares, ids_where, no_such_option

DEST = "game_option"

#: How a command refuses a game's short flag on another game: (the flag's option, the game) -> sentence.
Refusal = Callable[[OptionSpec, Entry], str]


def short_flags() -> dict[str, OptionSpec]:
    """Every installed game's short flag and the option it sets (the first game to claim a flag keeps it)."""
    flags: dict[str, OptionSpec] = {}
    for entry in catalogue():
        for spec in entry.option_specs:
            if spec.flag and spec.flag not in flags:
                flags[spec.flag] = spec
    return flags


def _dest(flag: str) -> str:
    return "flag_" + flag.removeprefix("--").replace("-", "_")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`--option NAME=VALUE` and the games' short flags."""
    parser.add_argument(
        "--option", action="append", metavar="NAME=VALUE", dest=DEST,
        help="one of the game's own options (repeatable; `gridgames check GAME` lists them)",
    )
    for flag, spec in short_flags().items():
        words = spec.flag_words or tuple(spec.text(value) for value in spec.allowed)
        parser.add_argument(
            flag, choices=words, dest=_dest(flag), help=f"{ids_where(declares(spec.name))} only: {spec.help}"
        )


def given_flags(args: argparse.Namespace) -> list[str]:
    """The game-option flags the command line set, as the player typed them (for refusals)."""
    said = [flag for flag in short_flags() if getattr(args, _dest(flag), None) is not None]
    return said + (["--option"] if getattr(args, DEST, None) else [])


def named(args: argparse.Namespace) -> set[str]:
    """The names of the options the command line gives (whatever the game)."""
    flags = short_flags()
    names = {spec.name for flag, spec in flags.items() if getattr(args, _dest(flag), None) is not None}
    for text in getattr(args, DEST, None) or ():
        name, _, _ = text.partition("=")
        names.add(name.strip().lower())
    return names


def by_no_such_option(spec: OptionSpec, entry: Entry) -> str:
    """'rowcol has no NAME option: only GAME has.'"""
    return no_such_option(entry, spec.name)


def given(args: argparse.Namespace, entry: Entry, refuse: Refusal = by_no_such_option) -> dict[str, Any]:
    """The options the command line gives `entry`, checked against its declaration; OptionsError,
    one sentence, for a flag or name the game does not declare or a value it does not allow."""
    values: dict[str, Any] = {}
    for flag, spec in short_flags().items():
        word = getattr(args, _dest(flag), None)
        if word is None:
            continue
        mine = next((own for own in entry.option_specs if own.flag == flag), None)
        if mine is None:
            raise OptionsError(refuse(spec, entry))
        values[mine.name] = mine.flag_value(word)
    for text in getattr(args, DEST, None) or ():
        name, value = parse_assignment(text)
        if not any(spec.name == name for spec in entry.option_specs):
            raise OptionsError(no_such_option(entry, name))
        if name in values:
            raise OptionsError(f"The option {name} is given twice.")
        values[name] = entry.option_spec(name).parse(value)
    return values
