"""A position as one line of text, read back only as a position the game could be in.

The online server stores each room's current position beside its moves, so that loading a long
game costs reading one line, not replaying every move through the rules. Stored text is hostile
(a damaged or edited database), so reading it back trusts nothing: `decode_fields` accepts only
the fields of the game's own state type, each of the kind the start position has, on the board the
options give, with the player to move the contract implies (players alternate, one move a ply),
and every number a cell index or a set of cells of that board. The game then checks what only it
knows (`Rules.state_failure`): the generic reading is the shape, the game's check the sense.

This is the generic default of `Rules.encode_state` / `Rules.decode_state`; a game whose state
holds other kinds of values overrides both.
"""

from __future__ import annotations

import json
from dataclasses import Field, fields
from typing import Any, ClassVar, Protocol, TypeVar

from gridgames.engine.errors import GameError


class Position(Protocol):
    """What reading a position needs of a game's state (a frozen dataclass, `rules.GridState`): its
    fields, its board's size and whose turn it is. Named here so that this module, which the rules
    use, does not import them back."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def rows(self) -> int: ...

    @property
    def cols(self) -> int: ...

    @property
    def to_move(self) -> int: ...


S = TypeVar("S", bound=Position)

#: Longest position text read back (a 30x30 walls position is about 600 characters).
TEXT_MAX = 64 * 1024
#: Longest tuple field read back (the multi-cell example keeps one entry per piece).
TUPLE_MAX = 4096


class SnapshotError(GameError):
    """Stored position text that is not a position of this game; `str()` is one sentence."""


def expected_to_move(first_player: int, ply: int) -> int:
    """Who is to move after `ply` moves: players alternate, one move a ply (the engine's contract)."""
    return first_player if ply % 2 == 0 else 3 - first_player


def encode_fields(state: Position) -> str:
    """Every field of the state, by name, as compact JSON (tuples become lists)."""
    return json.dumps(
        {f.name: _plain(getattr(state, f.name)) for f in fields(state)}, separators=(",", ":")
    )


def decode_fields(text: str, start: S, ply: int) -> S:
    """The state `text` describes, of the type and board of `start` (the position the options and
    first player give), `ply` moves on; raises SnapshotError when it is anything else."""
    if not isinstance(text, str) or len(text) > TEXT_MAX:
        raise SnapshotError("The stored position is missing or too long.")
    try:
        values = json.loads(text)
    except (ValueError, RecursionError):
        raise SnapshotError("The stored position is not readable.") from None
    names = [f.name for f in fields(start)]
    if not isinstance(values, dict) or sorted(values) != sorted(names):
        raise SnapshotError("The stored position has other fields than this game's positions.")
    cells = start.rows * start.cols
    for name in names:
        values[name] = _checked(name, values[name], getattr(start, name), cells)
    first = start.to_move
    expected = {"rows": start.rows, "cols": start.cols, "ply": ply, "to_move": expected_to_move(first, ply)}
    for name, value in expected.items():
        if values[name] != value:
            raise SnapshotError(f"The stored position's {name} is not {value}.")
    try:
        return type(start)(**values)
    except (TypeError, ValueError):
        raise SnapshotError("The stored position does not make a position of this game.") from None


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _checked(name: str, value: Any, like: Any, cells: int) -> Any:
    """`value` if it is of the kind `like` is (a field of the start position), else SnapshotError.
    Text and flags are fixed by the options, so they must equal the start's; numbers are cell
    indices or sets of cells (bit masks) of this board; a field None at the start may become one."""
    if name in ("rows", "cols", "to_move", "ply"):
        if type(value) is not int:
            raise SnapshotError(f"The stored position's {name} is not a number.")
        return value
    if isinstance(like, (bool, str)):
        if type(value) is not type(like) or value != like:
            raise SnapshotError(f"The stored position's {name} is not this game's.")
        return value
    if isinstance(like, tuple):
        if not isinstance(value, list) or len(value) > TUPLE_MAX:
            raise SnapshotError(f"The stored position's {name} is not a list.")
        return tuple(_number(name, item, cells) for item in value)
    if like is None and value is None:
        return None
    if like is None or type(like) is int:
        return _number(name, value, cells)
    raise SnapshotError(f"The stored position's {name} is of a kind this reading does not know.")


def _number(name: str, value: Any, cells: int) -> int:
    if type(value) is not int or not 0 <= value < (1 << cells):
        raise SnapshotError(f"The stored position's {name} is not a cell or a set of cells of this board.")
    return value
