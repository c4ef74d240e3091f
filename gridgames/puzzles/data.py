"""The shipped puzzles: read once, when first asked for, from a checked data file in this package.

`shipped()` gives every puzzle, or none when the file is missing, damaged or foreign (`refusal()` then
says why in one sentence and the app carries on without puzzles). Nothing is read at import: start-up
never pays for puzzles it does not show. A puzzle's moves are written in the notation of the rule book
it was made with; `line` reads them into moves of its rules (any rule book of the same rules plays
them, and `notation` writes them in that book's words), checking that each one is legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError, OptionsError
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.rules import GridState
from gridgames.games import get_entry, rule_books
from gridgames.games.guard import unwrapped
from gridgames.puzzles import codec
from gridgames.puzzles.model import Puzzle
from gridgames.solve import tables

#: The data file, shipped in this package (built by `make puzzles`).
PACKAGE = "gridgames.puzzles"
FILENAME = "puzzles.bin"
#: Largest data file read at all.
MAX_FILE = 16 << 20

_refusal: str | None = None


class PuzzleError(GameError):
    """A shipped puzzle's moves do not play (one sentence)."""


def _installed(game: str) -> bool:
    return any(book.entry.id == game for book in rule_books())


#: What the table check found (a phrase of its sentence) -> what it means for the puzzle file.
_TABLE_REASONS = {
    "bad header": "not a gridgames puzzle file",
    "format this version": "in a format this version cannot read",
    "another board": "another gridgames table, not the puzzles",
    "truncated": "truncated or too long",
    "checksum": "damaged (its checksum does not match)",
}


def read(blob: bytes) -> tuple[Puzzle, ...] | str:
    """The puzzles in a data file's bytes, or the sentence saying why the file is refused."""
    body = tables.check(codec.TABLE_NAME, blob)
    if isinstance(body, str):
        reason = next((ours for theirs, ours in _TABLE_REASONS.items() if theirs in body), "not readable")
        return f"The puzzle file is {reason}, so there are no puzzles."
    try:
        puzzles = codec.decode(body, _installed)
    except codec.Refused as refused:
        return f"The puzzle file is refused ({refused}), so there are no puzzles."
    for puzzle in puzzles:
        try:
            get_entry(puzzle.game).resolve_options(puzzle.options)
        except OptionsError:
            why = f"puzzle {puzzle.id} has invalid options"
            return f"The puzzle file is refused ({why}), so there are no puzzles."
    return puzzles


@lru_cache(maxsize=1)
def shipped() -> tuple[Puzzle, ...]:
    """Every shipped puzzle (read and checked on the first call); none when the file is refused."""
    global _refusal
    blob = _blob()
    if blob is None:
        _refusal = "The puzzle file is missing from this installation, so there are no puzzles."
        return ()
    if len(blob) > MAX_FILE:
        _refusal = "The puzzle file is too large to be ours, so there are no puzzles."
        return ()
    result = read(blob)
    if isinstance(result, str):
        _refusal = result
        return ()
    _refusal = None
    return result


def _blob() -> bytes | None:
    """The shipped file's bytes, or None where it is missing or unreadable."""
    try:
        source = resources.files(PACKAGE).joinpath(FILENAME)
        return source.read_bytes() if source.is_file() else None
    except OSError:
        return None


def refusal() -> str | None:
    """Why the shipped file was refused (one sentence), or None when it was read (or not yet asked for)."""
    shipped()
    return _refusal


def same_rules(a: Entry, b: Entry) -> bool:
    """Whether two rule books play the same rules (Locked Grid Duel and GridLock both play Node Kayles)."""
    return type(unwrapped(a.rules)) is type(unwrapped(b.rules))


def pool(entry: Entry) -> tuple[Puzzle, ...]:
    """The puzzles of the rules `entry` plays, whichever rule book of those rules they were written in."""
    return tuple(p for p in shipped() if same_rules(get_entry(p.game), entry))


@dataclass(frozen=True)
class Line:
    """A puzzle read into moves: its position, the moves that reach it, and the solution."""

    start: GridState  # the position the player solves
    moves: tuple[Move, ...]  # from the game's start to `start`
    solution: tuple[Move, ...]  # the player's move, the reply, the player's move, ...
    options: Options


def options(puzzle: Puzzle) -> Options:
    """The board options the puzzle is played with."""
    chosen = get_entry(puzzle.game).resolve_options(puzzle.options)
    return Options(puzzle.rows, puzzle.cols, first=str(puzzle.first), game_options=chosen)


def line(puzzle: Puzzle) -> Line:
    """The puzzle's moves read with the rule book it was written in, each checked legal in turn.
    Raises PuzzleError (one sentence) when one does not parse or is not legal, or the position reached
    is not the one described."""
    entry = get_entry(puzzle.game)
    try:
        chosen = options(puzzle)
        begin = entry.rules.start(chosen, puzzle.first)
    except GameError as error:
        raise PuzzleError(f"Puzzle {puzzle.id} cannot be set up: {error}") from None
    moves, start = _read(entry, begin, puzzle.moves, puzzle.id)
    if len(entry.rules.legal_moves(start)) != puzzle.legal:
        raise PuzzleError(f"Puzzle {puzzle.id} does not reach the position it describes.")
    solution, _ = _read(entry, start, puzzle.solution, puzzle.id)
    return Line(start, moves, solution, chosen)


def _read(
    entry: Entry, state: GridState, texts: tuple[str, ...], ident: str
) -> tuple[tuple[Move, ...], GridState]:
    """`texts` read and played from `state`: the moves, and the position after them."""
    rules: Any = entry.rules
    moves = []
    for text in texts:
        try:
            move = rules.parse_move(state, text)
            state = rules.apply_move(state, move, entry.coord_style)
        except GameError:
            raise PuzzleError(f"Puzzle {ident} has a move that cannot be played: {text}.") from None
        moves.append(move)
    return tuple(moves), state


def notation(entry: Entry, moves: tuple[Move, ...]) -> tuple[str, ...]:
    """Moves written in `entry`'s notation (any rule book of the puzzle's rules)."""
    return tuple(entry.format_move(move) for move in moves)
