"""What every screen with a board shares (the game, the online game, the puzzle): its message line,
playing a pointed cell, the game's second kind of move, the rules page and a board of the game's
size. Each screen says only where its position comes from (`position`), why no move can be played
now (`refusal`), what a chosen move does (`chosen`) and how it redraws (`refresh_view`)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.screen import Screen

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.moves import ORDINARY, Kind, Move
from gridgames.engine.options import Options
from gridgames.engine.rules import GridState
from gridgames.play.narration import LET_GO, analysis_lines
from gridgames.play.picking import NOTHING, Picking, kind_name, switch_alternate
from gridgames.tui.alternate import name_alternate_key
from gridgames.tui.marks import TARGET, VALUE_GLYPHS, CellMark, book_target, legend
from gridgames.tui.pointing import pointed_at
from gridgames.tui.widgets.board import Board, BoardArea
from gridgames.tui.widgets.line import Line


class BoardScreen(Screen[None]):
    """A screen with a board; see the module."""

    def __init__(self) -> None:
        super().__init__()  # no id: the next screen may mount before this one leaves
        self.picking: Picking = NOTHING  # a move of several cells being chosen
        self._kind: Kind = ORDINARY
        self._named: Entry | None = None  # the game whose words label the alternate mode key
        self.message = ""

    @property
    def alternate_mode(self) -> Kind:
        """The kind of move chosen (ORDINARY for the game's ordinary moves)."""
        return self._kind

    @alternate_mode.setter
    def alternate_mode(self, kind: str) -> None:
        """Choose a kind of move; the footer names it."""
        changed, self._kind = kind != self._kind, Kind(kind)
        if changed and self._named is not None:
            self.name_keys(self._named)

    # -- what each screen says about itself --------------------------------------------------
    def position(self) -> tuple[Entry, GridState] | None:
        """The game and the position a pointed cell plays on (None: nothing to play on)."""
        raise NotImplementedError

    def refusal(self) -> str | None:
        """Why no move can be played now, in one sentence (None: one can)."""
        return None

    def chosen(self, move: Move) -> None:
        """Play `move`, chosen on the board."""
        raise NotImplementedError

    def refresh_view(self) -> None:
        raise NotImplementedError

    # -- shared ------------------------------------------------------------------------------
    def say(self, message: str) -> None:
        self.message = message
        self.refresh_view()

    def show_message(self, selector: str = "#message") -> None:
        """The message line, red when it refuses something (it starts with ✗)."""
        line = self.query_one(selector, Line)
        line.show(self.message)
        line.set_class(self.message.startswith("✗"), "-error")

    @on(Board.CellChosen)
    def play_cell(self, event: Board.CellChosen) -> None:
        refusal = self.refusal()
        position = self.position()
        if refusal is not None or position is None:
            if refusal:
                self.say(f"✗ {refusal}")
            return
        entry, state = position
        pointed = pointed_at(entry, state, self.picking, event, self.alternate_mode)
        self.picking, move = pointed.picking, pointed.move
        if move is None:
            self.say(pointed.said)
        else:
            self.chosen(move)

    def let_go(self) -> bool:
        """Esc while cells are picked lets them go; False when none were."""
        if not self.picking.cells:
            return False
        self.picking = NOTHING
        self.say(LET_GO)
        return True

    def action_alternate_mode(self) -> None:
        """Switch to the game's next kind of move (`Rules.alternate_kinds`), after the last back to its
        ordinary moves."""
        position = self.position()
        if position is None:
            return
        entry, state = position
        legal = entry.rules.legal_moves(state)
        refusal = self.refusal()
        if not legal and refusal:  # a finished game: its reason, not the game's "not now" words
            self.say(f"✗ {refusal}")
            return
        kind, said = switch_alternate(entry, legal, self.alternate_mode, entry.words)
        if kind != self.alternate_mode:
            self.alternate_mode, self.picking = kind, NOTHING
        self.say(said)

    def check_alternate(self) -> bool:
        position = self.position()
        return position is not None and bool(position[0].rules.other_kinds())

    def name_keys(self, entry: Entry) -> None:
        """The alternate-mode key named in the game's words: the kind of move chosen ("Arrows"), or
        the game's other moves ("Walls")."""
        self._named = entry
        name_alternate_key(self, kind_name(entry, self.alternate_mode, entry.words))

    def open_rules(self, entry: Entry, options: Options) -> None:
        from gridgames.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(entry, options))

    def target(self, entry: Entry, state: GridState, legal: tuple[Move, ...]) -> str:
        """The glyph the board shows on a playable cell now, for the words that name it."""
        if self.picking.cells or not legal or any(len(m.cells) != 1 for m in legal):
            return TARGET
        return book_target(entry, state, {m.cells[0] for m in legal}) or TARGET

    async def mount_board(self, area: BoardArea, entry: Entry, state: GridState) -> Board:
        """A board of the position's size and coordinates in `area` (the one there, if it fits)."""
        letters = entry.coord_style == "letter"
        for old in area.query(Board):
            if (old.rows, old.cols, old.row_labels[0] == "A") == (state.rows, state.cols, letters):
                old.focus()
                return old
            await old.remove()
        board = Board(state.rows, state.cols, letters=letters)
        await area.mount(board)
        board.fit(area.content_size)
        board.focus()
        return board


def legend_text(
    entry: Entry, marks: dict[Cell, CellMark], evaluation: Any | None, regions: list[tuple[int, int]] | None,
    analysis_on: bool, viewing: bool = False,
) -> str:
    """The key to the marks on the board now (in the book's words), then the analysis' lines."""
    lines = legend(entry, marks, entry.words)
    return "\n".join(lines + analysis_lines(evaluation, regions, analysis_on, VALUE_GLYPHS, viewing))
