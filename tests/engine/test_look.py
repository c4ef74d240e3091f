"""`joins`: the sides on which a piece over several cells goes on, so the board draws it as one."""

from __future__ import annotations

from gridgames.engine import Cell, joins


def test_each_cell_of_a_piece_joins_its_neighbours_in_it_and_nothing_else():
    # An L tromino on a 3x3 board: A1, B1, B2 (bits 0, 3, 4); A2 beside it is another piece.
    piece, rows, cols = 1 << 0 | 1 << 3 | 1 << 4, 3, 3
    assert joins(Cell(0, 0), piece, rows, cols) == "d"
    assert joins(Cell(1, 0), piece, rows, cols) == "ur"
    assert joins(Cell(1, 1), piece, rows, cols) == "l"
    assert joins(Cell(0, 1), 0, rows, cols) == ""  # no piece there
    # a piece's bits never wrap: the last column's right neighbour is off the board
    assert joins(Cell(0, 2), 1 << 2 | 1 << 3, rows, cols) == ""
