"""Cells and their notation: row letter + column number, `A1` top-left.

Rows past Z go on as spreadsheet columns do (Z, AA, AB, ...). Input also
accepts `3 3`, `3,3` and `(3,3)` (row, column, counted from 1).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal, NamedTuple

from gridgames.engine.errors import InvalidMoveError

#: How a rule book writes a cell: "letter" is C3 (row letter, column number), "pair" is (3,3).
CoordStyle = Literal["letter", "pair"]


class Cell(NamedTuple):
    """A cell, 0-based internally: Cell(0, 0) is `A1`."""

    row: int
    col: int


def row_label(row: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA' (spreadsheet style)."""
    label = ""
    n = row + 1
    while n:
        n, rem = divmod(n - 1, 26)
        label = chr(ord("A") + rem) + label
    return label


def parse_row_label(label: str) -> int:
    """'A' -> 0, 'AA' -> 26; the inverse of row_label."""
    n = 0
    for ch in label.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


#: Cells whose notation is kept (a server writes and reads a move's cells with every move).
NOTATION_CACHE = 4096


@lru_cache(maxsize=NOTATION_CACHE)
def format_cell(cell: Cell, style: CoordStyle = "letter") -> str:
    """`letter`: canonical `C3`; `pair`: the rule books' `(3,3)`. Pure, so its answers are kept."""
    if style == "pair":
        return f"({cell.row + 1},{cell.col + 1})"
    return f"{row_label(cell.row)}{cell.col + 1}"


_LETTER = re.compile(r"^([A-Za-z]{1,3})\s*(\d{1,3})$")
_PAIR = re.compile(r"^(\d{1,3})\s*(?:,|\s)\s*(\d{1,3})$")


def board_bounds(rows: int, cols: int) -> str:
    """Describe the board's coordinates for error messages."""
    return f"rows run A-{row_label(rows - 1)} (1-{rows}) and columns 1-{cols}"


@lru_cache(maxsize=NOTATION_CACHE)
def parse_cell(text: str, rows: int, cols: int) -> Cell:
    """Parse one cell in any accepted notation, or raise InvalidMoveError. Pure, so its answers are
    kept (a refusal is not: it is raised again each time)."""
    raw = text.strip()
    match = _LETTER.match(raw)
    if match:
        row, col = parse_row_label(match.group(1)), int(match.group(2)) - 1
    else:
        inner = raw[1:-1].strip() if raw.startswith("(") and raw.endswith(")") else raw
        match = _PAIR.match(inner)
        if not match:
            raise InvalidMoveError(
                f"'{text.strip()}' is not a cell: write a row letter and a column number "
                f"such as C3, or a row and a column such as 3 3."
            )
        row, col = int(match.group(1)) - 1, int(match.group(2)) - 1
    if not (0 <= row < rows and 0 <= col < cols):
        raise InvalidMoveError(
            f"'{text.strip()}' is not on this {rows}x{cols} board: {board_bounds(rows, cols)}."
        )
    return Cell(row, col)
