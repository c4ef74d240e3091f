"""What each cell of the board shows, computed from the game alone (no Textual here).

The game says how each cell looks (`Entry.look`: a role, the book's symbol, and the sides a piece
goes on through); this module adds the marks of play. Every mark has a glyph as well as a style
class, so nothing relies on colour, and a mark on a cell that holds a piece is drawn beside the
piece, never instead of it (`O•`, `X◆`, `O✓`): `•` a cell a move of the chosen action covers, the game's own
glyph (`+`) for its second kind of move, `×` an empty cell no move covers now, `◆` a cell picked
while a move of several cells is being chosen, and with analysis on `✓`/`✗`/`=`/`?` for a
winning/losing/drawing/unknown move (a cell several moves cover shows the best of them).
Where every empty cell is playable and the rule book draws empty cells with a symbol of its own
(GridLock 002's `_`), the board shows that symbol: the book's words and symbols everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.moves import Kind, Move
from gridgames.engine.rules import Content, GridState
from gridgames.games.api import Words
from gridgames.play.picking import NOTHING, Picking

TARGET = "•"
FORBIDDEN = "×"
PICKED = "◆"
VALUE_GLYPHS = {"win": "✓", "loss": "✗", "draw": "=", "unknown": "?"}
#: The order in which a cell several moves cover shows their values: the best for the mover first.
_BEST_FIRST = ("win", "draw", "unknown", "loss")


@dataclass(frozen=True)
class CellMark:
    glyph: str
    classes: frozenset[str]
    joins: str = ""  # the sides where the piece in the cell goes on into the next cell


def best_value(values: dict[Move, str], moves: list[Move]) -> str | None:
    """The best value among `moves` for the player to move, or None when none is known."""
    known = {values[m] for m in moves if m in values}
    return next((v for v in _BEST_FIRST if v in known), None)


def cell_marks(
    entry: Entry,
    state: GridState,
    legal: tuple[Move, ...],
    *,
    alternate: str = "",
    picking: Picking = NOTHING,
    last: Move | None = None,
    values: dict[Move, str] | None = None,
    words: Words | None = None,
) -> dict[Cell, CellMark]:
    """The glyph and style classes of every cell; pass `legal=()` for a read-only view."""
    alternate = alternate if any(m.kind == alternate for m in legal) else ""
    if picking.cells:
        chosen = list(picking.moves)
        targets = picking.completions
    else:
        chosen = entry.rules.of_kind(legal, Kind(alternate))
        targets = frozenset(c for m in chosen for c in m.cells)
    covering: dict[Cell, list[Move]] = {}
    for move in chosen:
        for cell in move.cells:
            covering.setdefault(cell, []).append(move)
    reachable = {c for m in legal for c in m.cells}
    alternate_glyph = words.kind(alternate).glyph if words is not None and alternate else "+"
    target_glyph = book_target(entry, state, targets) or (alternate_glyph if alternate else TARGET)
    last_cells = set(last.cells) if last is not None else set()
    marks: dict[Cell, CellMark] = {}
    for r in range(state.rows):
        for c in range(state.cols):
            cell = Cell(r, c)
            look = entry.look(state, cell)
            if look.hole:
                marks[cell] = CellMark(" ", frozenset({"-hole"}))
                continue
            classes = {f"-{look.role}"}
            mark = ""  # drawn instead of an empty cell's glyph, beside a piece (never instead of it)
            if legal:
                if cell in picking.cells:
                    classes.add("-picked")
                    mark = PICKED
                elif cell in targets:
                    classes.add("-target")
                    mark = target_glyph
                    value = best_value(values or {}, covering.get(cell, []))
                    if value is not None:
                        classes.add(f"-{value}")
                        mark = VALUE_GLYPHS[value]
                elif look.empty and cell not in reachable and not picking.cells:
                    classes.add("-forbidden")
                    mark = FORBIDDEN
            glyph = (mark or look.glyph) if look.empty else look.glyph + mark
            if cell in last_cells:
                classes.add("-last")
            marks[cell] = CellMark(glyph, frozenset(classes), look.joins)
    return marks


def book_target(entry: Entry, state: GridState, targets: frozenset[Cell] | set[Cell]) -> str | None:
    """The book's own empty symbol when it marks exactly the playable cells (the rules make every
    empty cell playable, and the symbol is visible), else None."""
    symbol = entry.symbol(Content.EMPTY)
    if not entry.rules.empty_is_playable or not symbol.strip() or not targets:
        return None
    empty = {
        Cell(r, c)
        for r in range(state.rows)
        for c in range(state.cols)
        if entry.look(state, Cell(r, c)).empty
    }
    return symbol if empty == targets else None


def legend(
    entry: Entry, marks: dict[Cell, CellMark], words: Words | None = None, width: int = 24
) -> list[str]:
    """The glyphs on the board now, explained in the book's words, packed into lines of `width`."""
    shown = "".join(mark.glyph for mark in marks.values())
    empty, blocked = entry.symbol(Content.EMPTY), entry.symbol(Content.BLOCKED)
    others = [words.kind(kind).legend for kind in entry.rules.other_kinds()] if words is not None else []
    items = [
        (empty.strip() and empty in shown, f"{empty} free"),
        (TARGET in shown, f"{TARGET} playable"),
        (PICKED in shown, f"{PICKED} picked"),
        (FORBIDDEN in shown, f"{FORBIDDEN} not now"),
        (blocked.strip() and blocked in shown, f"{blocked} {entry.blocked_word}"),
        (True, "[ ] last move"),
        *((bool(other), other) for other in others),
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
                out[cell] = CellMark(f"{mark.glyph}{grundy}", mark.classes | {"-region"}, mark.joins)
            mask >>= 1
            index += 1
    return out
