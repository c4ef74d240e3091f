"""A hole (a cell that is not part of the board) is drawn as no cell by the text board in every
style of it: blank space, with no brackets around it (issue 27, item 2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gridgames.engine import Cell, Game, Options
from gridgames.engine.textboard import render
from tests.games.broken_plugin import PLAYED_HOLE  # Twin Cells with A1 a hole

#: Each style's first row of a 3x3 board whose A1 is a hole.
FIRST_ROWS = {
    "brackets": "1     [.] [.]",
    "pipes": "1 |   . .",
    "boxes": "1    | . | .",
    "dots": "1   . .",
    "letters": "A   . .",
}


@pytest.mark.parametrize(("style", "first_row"), FIRST_ROWS.items())
def test_a_hole_is_blank_space(style, first_row):
    entry = replace(PLAYED_HOLE.entry, board_style=style)
    state = Game.new(entry, Options(3, 3), first_player=1).state
    assert entry.look(state, Cell(0, 0)).hole and entry.look(state, Cell(0, 1)).glyph == "."
    lines = render(entry, state).splitlines()
    assert first_row in lines and lines.index(first_row) + 1 < len(lines)
