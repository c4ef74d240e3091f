"""What each cell of the board shows, computed from the engine alone (no Textual here).

Every mark has a glyph as well as a style class, so nothing relies on colour:
`•` a cell you can play now, `+` a cell you can wall now, `×` an empty cell no rule lets you
play now, and with analysis on `✓`/`✗`/`=`/`?` for a winning/losing/drawing/unknown move.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import Content, GridState

TARGET = "•"
WALL_TARGET = "+"
FORBIDDEN = "×"
VALUE_GLYPHS = {"win": "✓", "loss": "✗", "draw": "=", "unknown": "?"}
CONTENT_CLASS = {
    Content.EMPTY: "-empty",
    Content.P1: "-p1",
    Content.P2: "-p2",
    Content.BLOCKED: "-blocked",
}


@dataclass(frozen=True)
class CellMark:
    glyph: str
    classes: frozenset[str]


def in_setup(state: GridState) -> bool:
    """True while a token still has to be placed (`walls` set-up)."""
    return bool(getattr(state, "in_setup", False))


def cell_marks(
    entry: Entry,
    state: GridState,
    legal: tuple[Move, ...],
    *,
    wall_mode: bool = False,
    last: Move | None = None,
    values: dict[Move, str] | None = None,
) -> dict[Cell, CellMark]:
    """The glyph and style classes of every cell; pass `legal=()` for a read-only view."""
    wall_mode = wall_mode and any(m.wall for m in legal)
    targets = {m.cell for m in legal if m.wall == wall_mode}
    reachable = {m.cell for m in legal}
    marks: dict[Cell, CellMark] = {}
    for r in range(state.rows):
        for c in range(state.cols):
            cell = Cell(r, c)
            content = entry.rules.content(state, cell)
            classes = {CONTENT_CLASS[content]}
            glyph = entry.symbol(content)
            if content is Content.EMPTY and legal:
                if cell in targets:
                    classes.add("-target")
                    glyph = WALL_TARGET if wall_mode else TARGET
                    value = (values or {}).get(Move(cell, wall_mode))
                    if value is not None:
                        classes.add(f"-{value}")
                        glyph = VALUE_GLYPHS[value]
                elif cell not in reachable:
                    classes.add("-forbidden")
                    glyph = FORBIDDEN
            if last is not None and last.cell == cell:
                classes.add("-last")
            marks[cell] = CellMark(glyph, frozenset(classes))
    return marks


def with_region_values(
    marks: dict[Cell, CellMark], state: GridState, regions: list[tuple[int, int]]
) -> dict[Cell, CellMark]:
    """Append each free cell's region Grundy value (Node Kayles) to its glyph: `✓2`, `•0`."""
    out = dict(marks)
    for mask, grundy in regions:
        index = 0
        while mask:
            if mask & 1:
                cell = state.cell(index)
                mark = out[cell]
                out[cell] = CellMark(f"{mark.glyph}{grundy}", mark.classes | {"-region"})
            mask >>= 1
            index += 1
    return out
