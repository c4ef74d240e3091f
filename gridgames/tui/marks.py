"""What each cell of the board shows, computed from the engine alone (no Textual here).

Every mark has a glyph as well as a style class, so nothing relies on colour:
`•` a cell you can play now, `+` a cell you can wall now, `×` an empty cell no rule lets you
play now, and with analysis on `✓`/`✗`/`=`/`?` for a winning/losing/drawing/unknown move.
Where every empty cell is playable and the rule book draws empty cells with a symbol of its own
(GridLock 002's `_`), the board shows that symbol: the book's words and symbols everywhere.
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
    target_glyph = book_target(entry, state, targets) or (WALL_TARGET if wall_mode else TARGET)
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
                    glyph = target_glyph
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


def book_target(entry: Entry, state: GridState, targets: set[Cell]) -> str | None:
    """The book's own empty symbol when it marks exactly the playable cells (the rules make every
    empty cell playable, and the symbol is visible), else None."""
    symbol = entry.symbol(Content.EMPTY)
    if not entry.rules.empty_is_playable or not symbol.strip() or not targets:
        return None
    empty = {
        Cell(r, c)
        for r in range(state.rows)
        for c in range(state.cols)
        if entry.rules.content(state, Cell(r, c)) is Content.EMPTY
    }
    return symbol if empty == targets else None


def legend(entry: Entry, marks: dict[Cell, CellMark], width: int = 24) -> list[str]:
    """The glyphs on the board now, explained in the book's words, packed into lines of `width`."""
    shown = {mark.glyph[:1] for mark in marks.values()}
    empty, blocked = entry.symbol(Content.EMPTY), entry.symbol(Content.BLOCKED)
    items = [
        (empty.strip() and empty in shown, f"{empty} free"),
        (TARGET in shown, f"{TARGET} playable"),
        (FORBIDDEN in shown, f"{FORBIDDEN} not now"),
        (blocked.strip() and blocked in shown, f"{blocked} {entry.blocked_word}"),
        (True, "[ ] last move"),
        (entry.rules.has_walls, f"{WALL_TARGET} wall here"),
    ]
    lines: list[str] = []
    for wanted, item in items:
        if not wanted:
            continue
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += "  " + item
        else:
            lines.append(item)
    return lines


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
