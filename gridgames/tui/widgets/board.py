"""The board: one clickable widget per cell in a grid, sized to the space it is given.

Cell (r, c) is the widget `#cell-r-c` (0-based) inside `#board`; its screen region is
`app.query_one("#cell-r-c").region`. The board draws what `marks.cell_marks` computed and
reports clicks and key presses as `Board.CellChosen`; it knows no rule. A hole (a cell the game
says is not part of the board, marked `-hole`) is drawn as no cell: the cursor steps over it and
a click on it does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.binding import Binding
from textual.containers import Container
from textual.content import Content
from textual.geometry import Offset, Size
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Static

from gridgames.engine.cells import Cell, row_label
from gridgames.play.picking import start_cursor, step
from gridgames.tui.marks import CellMark

CELL_WIDTHS = (11, 9, 7, 5, 3)  # odd, so the glyph sits in the middle
CELL_HEIGHTS = (5, 4, 3, 2, 1)


@dataclass(frozen=True)
class Geometry:
    """Label column width, cell width and cell height, in terminal cells."""

    label_width: int
    cell_width: int
    cell_height: int


def choose_geometry(rows: int, cols: int, labels: list[str], space: Size) -> Geometry:
    """The largest cells that fit `space`, keeping cells roughly square on screen."""
    label_width = max(len(label) for label in labels) + 1
    cell_width = next((w for w in CELL_WIDTHS if label_width + cols * w <= space.width), CELL_WIDTHS[-1])
    cell_height = next(
        (h for h in CELL_HEIGHTS if 1 + rows * h <= space.height and 2 * h - 1 <= cell_width),
        CELL_HEIGHTS[-1],
    )
    return Geometry(label_width, cell_width, cell_height)


def cell_text(glyph: str, joins: str, last: bool, width: int, height: int) -> str:
    """A cell's text: its glyph (in brackets for the last move, where there is room), and where the
    piece goes on into a neighbouring cell (`joins`: u, d, l, r), a bar out to that edge, so a piece
    over several cells is drawn as one."""
    shown = f"[{glyph}]" if last and width >= len(glyph) + 2 else glyph
    if not joins:
        return shown
    left = (width - len(shown)) // 2
    right = width - len(shown) - left
    middle = ("━" if "l" in joins else " ") * left + shown + ("━" if "r" in joins else " ") * right
    top = (height - 1) // 2
    column = " " * (width // 2) + "┃" + " " * (width - width // 2 - 1)
    blank = " " * width
    lines = [column if "u" in joins else blank] * top + [middle]
    lines += [column if "d" in joins else blank] * (height - 1 - top)
    return "\n".join(lines)


class CellView(Widget):
    """One cell; a left click points at it, a right click points at it for the game's second kind
    of move (where the game has one)."""

    def __init__(self, cell: Cell) -> None:
        super().__init__(id=f"cell-{cell.row}-{cell.col}", classes="cell")
        self.cell = cell
        self.shade = "-odd" if (cell.row + cell.col) % 2 else "-even"
        self.text = ""
        self.marks: tuple[str, ...] = ()

    def render(self) -> Content:
        return Content(self.text)  # plain text: "[A]" is a bracketed last move, not markup

    def draw(self, text: str, classes: tuple[str, ...]) -> None:
        """Repaint only when something changed (the grid fixes the size, so no layout pass)."""
        if text != self.text:
            self.text = text
            self.refresh()
        if classes != self.marks:
            self.marks = classes
            self.set_classes(["cell", self.shade, *classes])

    def on_click(self, event: events.Click) -> None:
        event.stop()
        board = self.parent
        if isinstance(board, Board) and self.cell not in board.holes:
            board.cursor = self.cell
            board.focus()
            board.post_message(Board.CellChosen(board, self.cell, alternate=event.button == 3))


class Board(Widget, can_focus=True):
    """The grid of cells with a keyboard cursor (arrows or hjkl, Enter or Space to act)."""

    BINDINGS = [
        Binding("up,k", "cursor(-1, 0)", "Up", show=False),
        Binding("down,j", "cursor(1, 0)", "Down", show=False),
        Binding("left,h", "cursor(0, -1)", "Left", show=False),
        Binding("right,l", "cursor(0, 1)", "Right", show=False),
        Binding("enter,space", "choose", "Play", key_display="⏎", show=True),
        Binding("tab", "log", "Log", key_display="tab"),
    ]

    #: No repaint of its own: a cursor move restyles the two cells involved (a board repaint
    #: would redraw every cell).
    cursor: var[Cell] = var(Cell(0, 0))

    class CellChosen(Message):
        """The player pointed at a cell; `alternate` is True for a right click."""

        def __init__(self, board: Board, cell: Cell, alternate: bool = False) -> None:
            super().__init__()
            self.board = board
            self.cell = cell
            self.alternate = alternate

        @property
        def control(self) -> Board:
            return self.board

    def __init__(self, rows: int, cols: int, letters: bool, *, id: str = "board") -> None:
        super().__init__(id=id)
        self.rows = rows
        self.cols = cols
        self.row_labels = [row_label(r) if letters else str(r + 1) for r in range(rows)]
        self.geometry = choose_geometry(rows, cols, self.row_labels, Size(80, 24))
        self._marks: dict[Cell, CellMark] = {}
        #: the cells that are not part of the board, as the marks drawn last say
        self.holes: frozenset[Cell] = frozenset()
        self.set_reactive(Board.cursor, Cell(rows // 2, cols // 2))

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static("", classes="corner")
        for c in range(self.cols):
            yield Static(str(c + 1), classes="col-label")
        for r in range(self.rows):
            yield Static(self.row_labels[r], classes="row-label")
            for c in range(self.cols):
                yield CellView(Cell(r, c))

    def on_mount(self) -> None:
        self._apply_geometry()

    def cell_centre(self, cell: Cell) -> Offset:
        """Where a cell's glyph is, relative to the board's top-left corner (for clicks in tests)."""
        g = self.geometry
        return Offset(
            g.label_width + cell.col * g.cell_width + g.cell_width // 2,
            1 + cell.row * g.cell_height + g.cell_height // 2,
        )

    def cell_view(self, cell: Cell) -> CellView:
        return self.query_one(f"#cell-{cell.row}-{cell.col}", CellView)

    # -- size ----------------------------------------------------------------------
    def fit(self, space: Size) -> None:
        """Choose cell sizes for the space the board may use."""
        geometry = choose_geometry(self.rows, self.cols, self.row_labels, space)
        if geometry != self.geometry:
            self.geometry = geometry
            self._apply_geometry()

    def _apply_geometry(self) -> None:
        g = self.geometry
        styles = self.styles
        styles.grid_size_columns = self.cols + 1
        styles.grid_size_rows = self.rows + 1
        styles.grid_columns = " ".join([str(g.label_width)] + [str(g.cell_width)] * self.cols)
        styles.grid_rows = " ".join(["1"] + [str(g.cell_height)] * self.rows)
        styles.width = g.label_width + self.cols * g.cell_width
        styles.height = 1 + self.rows * g.cell_height
        if self._marks:
            self.show(self._marks)

    # -- drawing ---------------------------------------------------------------------
    def show(self, marks: dict[Cell, CellMark]) -> None:
        """Draw every cell from its mark (glyph and style classes)."""
        self._marks = marks
        holes = frozenset(cell for cell, mark in marks.items() if "-hole" in mark.classes)
        if holes != self.holes:
            self.holes = holes
            if self.cursor in holes:
                self.set_reactive(Board.cursor, start_cursor(self.rows, self.cols, holes))
        g = self.geometry
        for cell, mark in marks.items():
            view = self.cell_view(cell)
            last = "-last" in mark.classes
            cursor = ("-cursor",) if cell == self.cursor else ()
            text = cell_text(mark.glyph, mark.joins, last, g.cell_width, g.cell_height)
            view.draw(text, (*sorted(mark.classes), *cursor))

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        if not self.is_mounted:
            return
        for cell in (old, new):
            view = self.cell_view(cell)
            marks = tuple(m for m in view.marks if m != "-cursor") + (("-cursor",) if cell == new else ())
            view.draw(view.text, marks)

    def watch_has_focus(self, has_focus: bool) -> None:
        """Focus changes the look of the cursor cell only (`Board:focus .cell.-cursor`): restyle
        the board and that cell, not every cell (Textual's default restyles all descendants)."""
        if not self.is_mounted:
            super().watch_has_focus(has_focus)
            return
        self.app.stylesheet.update_nodes([self, self.cell_view(self.cursor)], animate=True)

    # -- actions -----------------------------------------------------------------------
    def action_cursor(self, d_row: int, d_col: int) -> None:
        self.cursor = step(self.cursor, d_row, d_col, self.rows, self.cols, self.holes)

    def action_log(self) -> None:
        """Tab: to the move log (`#log`), where Enter shows an earlier position; on a screen
        without one (a puzzle's), to the next widget."""
        logs = self.screen.query("#log")
        if logs:
            self.screen.set_focus(logs.first())  # at once: see `MoveLog.action_board`
        else:
            self.screen.focus_next()

    def action_choose(self) -> None:
        if self.cursor in self.holes:
            return
        self.post_message(Board.CellChosen(self, self.cursor))


class BoardArea(Container):
    """The space left for the board; the board picks its cell size from it."""

    def on_resize(self, event: events.Resize) -> None:
        for board in self.query(Board):  # an online game's board arrives with the room's first state
            board.fit(event.size)
