"""Files of earlier releases read in today's shape: the one module that names a game's options.

Before games declared their options (`engine.options.OptionSpec`), two of them were fields of their
own everywhere: GridLock's (004) house rule `adjacency` ("king" or "orthogonal") and Locked Grid
Duel's (000) match scoring by marked cells (`scoring: "cells"`). Set-ups, match scores, records,
rooms and puzzles written then are turned here into `options: {name: value}`, the names those
games declare today, so every reader past this point knows only the one field. The rooms'
databases are brought over by `online.store.migrations`, with SQL to the same effect.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

#: The fields that held a game option before options were declared, and their old defaults.
OLD_FIELDS = {"adjacency": "king", "scoring": "wins"}


def old_options(data: Mapping[str, Any]) -> dict[str, Any]:
    """The game options that the old fields of `data` gave (a default is left out: it is the
    default still)."""
    options: dict[str, Any] = {}
    adjacency = data.get("adjacency", "king")
    if adjacency != "king":
        options["adjacency"] = adjacency
    if data.get("scoring", "wins") != "wins":
        scoring = data["scoring"]
        options["cell_scoring"] = True if scoring == "cells" else scoring  # anything else is refused later
    return options


def upgrade(data: Mapping[str, Any], declared: Collection[str] | None = None) -> dict[str, Any]:
    """A set-up, match score or puzzle of an earlier release with its old option fields moved into
    `options` (anything else, of this release too, is returned as it is). With `declared`, the names
    of the options the game declares, an old field the game never read is dropped (the last release
    kept an adjacency beside every game, and only GridLock's rules looked at it)."""
    if not any(name in data for name in OLD_FIELDS):
        return dict(data)
    moved = {key: value for key, value in data.items() if key not in OLD_FIELDS}
    options = old_options(data)
    if declared is not None:
        options = {name: value for name, value in options.items() if name in declared}
    given = data.get("options")
    moved["options"] = {**options, **(given if isinstance(given, Mapping) else {})}
    return moved


def record_options(header: Mapping[str, str]) -> dict[str, str]:
    """The options a record of version 1 or 2 wrote as header lines of their own, as text."""
    return {"adjacency": header["adjacency"]} if "adjacency" in header else {}


def puzzle_fields(fields: tuple[str, ...]) -> tuple[str, ...]:
    """The fields of a shipped puzzle as written before games declared options (`adjacency` where
    `options` is now)."""
    return tuple("adjacency" if name == "options" else name for name in fields)


def puzzle_seed_word(options: Mapping[str, Any]) -> str:
    """The last word of the seed of a puzzle board's random games: the seeds named the adjacency
    (every board of every game, "king" by default), and the same boards keep giving the same games."""
    return str(options.get("adjacency", "king"))


#: The header lines records of versions 1 and 2 could hold for an option.
RECORD_FIELDS = ("adjacency",)
