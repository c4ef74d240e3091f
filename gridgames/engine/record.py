"""Game records: a plain-text, versioned, human-readable file, parsed strictly.

    gridgames-record 3
    variant: noneighbour
    size: 5x5
    first: 1
    options: NAME=VALUE ...  (only games that declare options: every one of them)
    result: player 1 wins    (or: player 2 wins, draw, in progress)
    moves:
    1. C3
    2. E3

Each move is written in its rule book's notation (`Entry.format_move`: `C3`, `(3,3)`, `#(3,3)`,
`B2-C2`), the one the board, the log and line mode use, and read back by the game's parser, which takes
either spelling. Version 1 (before games had notations of their own) wrote the same
text for the games it knew, so it is read as it always was; versions 1 and 2 wrote a game's option as
a line of its own, read through `engine.legacy`.

Loading replays and validates every move; any fault raises RecordError with the
line number and the reason, and nothing is half-loaded.
"""

from __future__ import annotations

import re

from gridgames.engine import legacy
from gridgames.engine.entry import EntryLookup
from gridgames.engine.errors import GameError, OptionsError, RecordError
from gridgames.engine.game import Game
from gridgames.engine.options import Options, parse_assignment, parse_size
from gridgames.engine.safetext import printable

MAGIC = "gridgames-record"
VERSION = 3
READS = ("1", "2", "3")  # the versions this release loads
MAX_BYTES = 1_000_000  # far above any real game; refuses huge files before parsing
MAX_MOVE_NUMBER_DIGITS = 7  # more moves than any board has cells
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_MOVE_NUMBER = re.compile(rf"[0-9]{{1,{MAX_MOVE_NUMBER_DIGITS}}}")


def split_lines(text: str) -> list[str]:
    """Lines as a text editor counts them: `\n`, `\r\n` or `\r` end a line, nothing else.

    (`str.splitlines` also breaks at form feeds and U+2028, which would shift the line
    numbers that errors report.)
    """
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def result_text(game: Game) -> str:
    outcome = game.outcome
    if outcome is None:
        return "in progress"
    if outcome.winner is None:
        return "draw"
    return f"player {outcome.winner} wins"


def dumps(game: Game) -> str:
    """The record of `game` up to its current position."""
    lines = [
        f"{MAGIC} {VERSION}",
        f"# {game.entry.label}",
        f"variant: {game.entry.id}",
        f"size: {game.options.size}",
        f"first: {game.first_player}",
    ]
    specs = game.entry.option_specs
    if specs:
        written = (f"{spec.name}={spec.text(spec.of(game.options))}" for spec in specs)
        lines.append("options: " + " ".join(written))
    lines.append(f"result: {result_text(game)}")
    lines.append("moves:")
    lines += [f"{n}. {game.entry.format_move(move)}" for n, move in enumerate(game.played, start=1)]
    return "\n".join(lines) + "\n"


def loads(text: str, lookup: EntryLookup) -> Game:
    """Parse and replay a record, finding its game with `lookup`; raises RecordError (line, reason)
    on any fault."""
    if len(text) > MAX_BYTES:
        raise RecordError(f"the file is too large to be a game record ({len(text)} characters).")
    if "\x00" in text:
        raise RecordError("the file is binary, not a game record.")
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    lines = split_lines(text)
    numbered = [
        (n, line.strip())
        for n, line in enumerate(lines, start=1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not numbered:
        raise RecordError(f"the file is empty: a game record starts with '{MAGIC} {VERSION}'.")
    n, first = numbered[0]
    parts = first.split()
    if len(parts) != 2 or parts[0] != MAGIC:
        raise RecordError(f"this is not a gridgames record: it should start with '{MAGIC} {VERSION}'.", n)
    if parts[1] not in READS:
        raise RecordError(
            f"record version '{printable(parts[1], 20)}' is not supported: "
            f"this gridgames reads versions {' and '.join(READS)}.",
            n,
        )

    header: dict[str, tuple[int, str]] = {}
    move_lines: list[tuple[int, str]] = []
    in_moves = False
    for n, line in numbered[1:]:
        if in_moves:
            move_lines.append((n, line))
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep:
            raise RecordError(f"expected 'key: value', found '{printable(line, 40)}'.", n)
        if key == "moves":
            if value.strip():
                raise RecordError("'moves:' stands alone on its line; moves follow one per line.", n)
            in_moves = True
            continue
        fields = ("variant", "size", "first", "options", "result") if parts[1] == "3" else (
            "variant", "size", "first", *legacy.RECORD_FIELDS, "result"
        )
        if key not in fields:
            raise RecordError(f"unknown field '{printable(key, 40)}'.", n)
        if key in header:
            raise RecordError(f"the field '{key}' appears twice.", n)
        header[key] = (n, value.strip())
    for key in ("variant", "size", "first", "result"):
        if key not in header:
            raise RecordError(f"the record has no '{key}:' line.", None)
    if not in_moves:
        raise RecordError("the record has no 'moves:' line (it may be truncated).", None)

    def field(key: str) -> tuple[int, str]:
        return header[key]

    line_no, variant = field("variant")
    try:
        entry = lookup(variant)
    except OptionsError as error:
        raise RecordError(str(error), line_no) from None
    line_no, size = field("size")
    try:
        rows, cols = parse_size(size)
    except OptionsError as error:
        raise RecordError(str(error), line_no) from None
    line_no, first = field("first")
    if first not in ("1", "2"):
        raise RecordError(f"'first' must be 1 or 2, not '{printable(first, 20)}'.", line_no)
    if "options" in header:
        line_no, text = field("options")
        try:
            written = [parse_assignment(part) for part in text.split()]
        except OptionsError as error:
            raise RecordError(str(error), line_no) from None
    else:  # a record of version 1 or 2: an option had a line of its own
        old = {key: found for key, found in header.items() if key in legacy.RECORD_FIELDS}
        line_no = min((n for n, _ in old.values()), default=line_no)
        written = list(legacy.record_options({key: value for key, (_, value) in old.items()}).items())
    try:
        options = Options(rows, cols, first, entry.resolve_options(entry.parse_options(written)))
    except OptionsError as error:
        raise RecordError(str(error), line_no) from None
    try:
        entry.check_size(rows, cols)
    except OptionsError as error:
        raise RecordError(str(error), header["size"][0]) from None

    game = Game.new(entry, options, first_player=int(first))
    for expected, (n, line) in enumerate(move_lines, start=1):
        number, dot, notation = line.partition(".")
        if not dot or not _MOVE_NUMBER.fullmatch(number.strip()):
            raise RecordError(
                f"expected a numbered move such as '{expected}. C3', found '{printable(line, 40)}'.", n
            )
        if int(number) != expected:
            raise RecordError(f"move {int(number)} is out of order: expected move {expected}.", n)
        try:
            game = game.play(notation.strip())
        except GameError as error:
            raise RecordError(f"move {expected} ({printable(notation.strip(), 20)}): {error}", n) from None

    line_no, result = field("result")
    if result.lower() != result_text(game):
        raise RecordError(
            f"the result says '{printable(result, 40)}' but replaying the moves gives "
            f"'{result_text(game)}'.",
            line_no,
        )
    return game
