"""Plain-text boards in each rule book's own style, for line mode and `gridgames analyse`.

A hole (a cell that is not part of the board, `Rules.holes`) is drawn as blank space, with no
brackets or box around it: no cell.
"""

from __future__ import annotations

from gridgames.engine.cells import Cell, row_label
from gridgames.engine.entry import Entry
from gridgames.engine.rules import GridState


def render(entry: Entry, state: GridState) -> str:
    """The board as the entry's rule book draws it."""
    rows, cols = state.rows, state.cols

    def sym(r: int, c: int) -> str:
        return entry.look(state, Cell(r, c)).glyph

    def bracketed(r: int, c: int) -> str:
        look = entry.look(state, Cell(r, c))
        return "   " if look.hole else f"[{look.glyph}]"

    width = len(str(rows))
    lines: list[str] = []
    style = entry.board_style
    if style == "brackets":  # book 000: [A] [L] [ ]
        lines.append(" " * (width + 1) + " ".join(f"{c + 1:^3}" for c in range(cols)).rstrip())
        for r in range(rows):
            lines.append(f"{r + 1:>{width}} " + " ".join(bracketed(r, c) for c in range(cols)).rstrip())
    elif style == "pipes":  # book 002: | _ # X
        header = " ".join(f"{c + 1}" for c in range(cols))
        lines.append(" " * (width + 3) + header)
        lines.append(" " * (width + 1) + "-" * (len(header) + 4))
        for r in range(rows):
            lines.append(f"{r + 1:>{width}} | " + " ".join(sym(r, c) for c in range(cols)))
    elif style == "boxes":  # book 004: X | . | O, with the row and column numbers its moves are written in
        lines.append(" " * (width + 1) + "".join(f"{c + 1:^4}" for c in range(cols)).rstrip())
        for r in range(rows):
            lines.append(f"{r + 1:>{width}} " + " " + " | ".join(sym(r, c) for c in range(cols)))
            if r < rows - 1:
                lines.append(" " * (width + 1) + "+".join("---" for _ in range(cols)))
    else:  # "dots" (001, row numbers) and "letters" (003, row letters)
        labels = [row_label(r) if style == "letters" else str(r + 1) for r in range(rows)]
        width = max(len(x) for x in labels)
        col_width = len(str(cols))
        lines.append(" " * (width + 1) + " ".join(f"{c + 1:>{col_width}}" for c in range(cols)))
        for r in range(rows):
            lines.append(
                f"{labels[r]:>{width}} " + " ".join(f"{sym(r, c):>{col_width}}" for c in range(cols))
            )
    return "\n".join(lines)
