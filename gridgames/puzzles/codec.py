"""The shipped puzzles' body: zlib-compressed JSON lines, one puzzle a line, every field checked on reading.

It sits inside a checked table (`gridgames.solve.tables`: header, length and SHA-256), so a damaged file
is caught before this runs; the checks here refuse a sound file that is not ours, or not what this
version can use (an unknown game, a board size out of range, a field of the wrong type). Each refusal
is one sentence. The moves themselves are parsed and checked against the rules when a puzzle is
opened (`gridgames.puzzles.data.line`), which keeps loading fast.
"""

from __future__ import annotations

import json
import math
import re
import zlib
from collections.abc import Callable, Iterable
from dataclasses import asdict
from typing import Any

from gridgames.engine import legacy
from gridgames.engine.options import MAX_OPTIONS, MAX_SIZE, MIN_SIZE, NAME, WORD, GameOptions
from gridgames.puzzles.model import MAX_PLAYER_MOVES, Puzzle
from gridgames.puzzles.themes import THEMES as ALL_THEMES
from gridgames.solve.certificates import THEMES

#: The table name the data file carries in its header.
TABLE_NAME = "puzzles"
#: Largest body accepted once decompressed, and most puzzles in one file.
MAX_TEXT = 32 << 20
MAX_PUZZLES = 100_000
#: Most moves from the start, and longest text of one move.
MAX_MOVES = 4 * MAX_SIZE * MAX_SIZE
MAX_MOVE_TEXT = 40
LOWEST_RATING, HIGHEST_RATING = 100.0, 4000.0
MAX_NODES = 10**15
FIELDS = tuple(Puzzle.__dataclass_fields__)
#: The fields as written before games declared their options (one old field where `options` is now).
OLD_FIELDS = legacy.puzzle_fields(FIELDS)
#: A record written before puzzles had several themes lacks `themes`: it is read with its one theme.
NO_THEMES = tuple(name for name in FIELDS if name != "themes")
KNOWN_FIELDS = (FIELDS, OLD_FIELDS, NO_THEMES, legacy.puzzle_fields(NO_THEMES))
MAX_THEMES = len(ALL_THEMES)
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
_MOVE = re.compile(rf"[ -~]{{1,{MAX_MOVE_TEXT}}}")  # printable ASCII only


class Refused(Exception):
    """The body is not a set of puzzles this version can use; the message is one sentence."""


def encode(puzzles: Iterable[Puzzle]) -> bytes:
    """The body for `puzzles`: the same puzzles give the same bytes."""
    lines = [
        json.dumps({**asdict(p), "options": dict(p.options)}, separators=(",", ":"), ensure_ascii=True,
                   allow_nan=False)
        for p in puzzles
    ]
    text = "".join(line + "\n" for line in lines).encode("ascii")
    return zlib.compress(text, 9)


def decode(body: bytes, game_ids: Callable[[str], bool]) -> tuple[Puzzle, ...]:
    """The puzzles in `body`, each field checked; `game_ids` says whether a game id is installed.
    Raises Refused with one sentence."""
    try:
        inflate = zlib.decompressobj()
        text = inflate.decompress(body, MAX_TEXT + 1)
        complete = inflate.eof and not inflate.unconsumed_tail
    except zlib.error:
        raise Refused("its contents are not compressed puzzle records") from None
    if len(text) > MAX_TEXT or not complete:
        raise Refused("its contents are too large or cut short")
    try:
        lines = text.decode("ascii").splitlines()
    except UnicodeDecodeError:
        raise Refused("it holds text that is not plain ASCII") from None
    if len(lines) > MAX_PUZZLES:
        raise Refused(f"it holds more than {MAX_PUZZLES} puzzles")
    puzzles = tuple(_puzzle(number, line, game_ids) for number, line in enumerate(lines, 1))
    seen: set[str] = set()
    for puzzle in puzzles:
        if puzzle.id in seen:
            raise Refused(f"two puzzles are called {puzzle.id}")
        seen.add(puzzle.id)
    return puzzles


def _puzzle(number: int, line: str, game_ids: Callable[[str], bool]) -> Puzzle:
    where = f"record {number}"
    try:
        raw = json.loads(line, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refused(f"{where} is not a JSON object") from None
    if isinstance(raw, dict) and tuple(raw) in (NO_THEMES, legacy.puzzle_fields(NO_THEMES)):
        raw["themes"] = [raw["theme"]] if raw["theme"] else []
    if not isinstance(raw, dict) or tuple(raw) not in KNOWN_FIELDS:
        raise Refused(f"{where} does not have the fields of a puzzle")
    raw = legacy.upgrade(raw)  # a puzzle written before games declared their options
    ident, game = raw["id"], raw["game"]
    _expect(isinstance(ident, str) and _ID.fullmatch(ident) is not None, where, "id")
    where = f"puzzle {ident}"
    _expect(isinstance(game, str) and _ID.fullmatch(game) is not None and game_ids(game), where, "game")
    for name in ("rows", "cols"):
        _expect(_whole(raw[name], MIN_SIZE, MAX_SIZE), where, name)
    _expect(raw["first"] in (1, 2) and _whole(raw["first"], 1, 2), where, "first")
    _expect(_options(raw["options"]), where, "options")
    moves, line_ = raw["moves"], raw["solution"]
    _expect(_moves(moves, MAX_MOVES), where, "moves")
    _expect(_moves(line_, 2 * MAX_PLAYER_MOVES - 1) and len(line_) % 2 == 1, where, "solution")
    _expect(raw["theme"] == "" or raw["theme"] in THEMES, where, "theme")
    themes = raw["themes"]
    _expect(
        isinstance(themes, list) and len(themes) <= MAX_THEMES
        and all(isinstance(t, str) and t in ALL_THEMES for t in themes), where, "themes",
    )
    rating = raw["rating"]
    _expect(
        isinstance(rating, (int, float)) and not isinstance(rating, bool) and math.isfinite(rating)
        and LOWEST_RATING <= rating <= HIGHEST_RATING, where, "rating",
    )
    _expect(_whole(raw["legal"], 2, raw["rows"] * raw["cols"] * 8), where, "legal")
    _expect(_whole(raw["nodes"], 0, MAX_NODES), where, "nodes")
    return Puzzle(
        id=ident, game=game, rows=raw["rows"], cols=raw["cols"], first=raw["first"],
        options=GameOptions(raw["options"]), moves=tuple(moves), solution=tuple(line_), theme=raw["theme"],
        rating=float(rating), legal=raw["legal"], nodes=raw["nodes"], themes=tuple(themes),
    )


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _expect(ok: bool, where: str, field: str) -> None:
    if not ok:
        raise Refused(f"{where} has an invalid {field}")


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _options(value: Any) -> bool:
    """A table of a few options, each a short name and a word, whole number or yes/no (the game
    checks the values it declares when the puzzles are read: `puzzles.data.read`)."""
    return isinstance(value, dict) and len(value) <= MAX_OPTIONS and all(
        isinstance(name, str) and NAME.fullmatch(name) and (
            isinstance(item, (bool, int)) or isinstance(item, str) and WORD.fullmatch(item) is not None
        )
        for name, item in value.items()
    )


def _moves(value: Any, most: int) -> bool:
    return (
        isinstance(value, list) and len(value) <= most
        and all(isinstance(m, str) and _MOVE.fullmatch(m) is not None for m in value)
    )
