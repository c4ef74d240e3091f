"""Clicks in order, a cell more than once, letting a choice go, and the cursor over holes (issue 27,
item 3): what `Rules.clicks` answers, what `play.picking.point` makes of it, and where the keyboard
cursor steps, without the app."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gridgames.engine import Cell, Move
from gridgames.engine.clicks import in_any_order, in_order
from gridgames.play.picking import reachable_by_keys, start_cursor, step

A1, A2, B1, B2 = Cell(0, 0), Cell(0, 1), Cell(1, 0), Cell(1, 1)
#: An amazon on A1 may go to A2 and shoot back onto A1, or on to B2; or go to B1 and shoot at A2.
QUEEN = (Move.at(A1, A2, A1), Move.at(A1, A2, B2), Move.at(A1, B1, A2))


def test_in_order_offers_the_next_cell_and_a_cell_again():
    assert in_order(QUEEN, (A1,)).next == {A2, B1}
    after = in_order(QUEEN, (A1, A2))
    assert after.moves == QUEEN[:2] and after.next == {A1, B2}  # back onto the cell just left
    assert in_order(QUEEN, (A1, A2, A1)).complete((A1, A2, A1)) == (QUEEN[0],)
    assert in_order(QUEEN, (A2,)).moves == ()  # not where a move starts


def test_in_any_order_counts_a_cell_as_often_as_it_is_picked():
    assert in_any_order(QUEEN, (A2,)).moves == QUEEN
    assert in_any_order(QUEEN, (A1, A1)).moves == (QUEEN[0],)
    assert in_any_order(QUEEN, (B2, A1)).next == {A2}


def test_the_cursor_steps_over_holes_and_stays_where_only_holes_lie_beyond():
    holes = frozenset({Cell(0, 0), Cell(0, 2), Cell(2, 0), Cell(2, 2)})  # a 3x3 plus
    assert step(Cell(1, 0), 0, 1, 3, 3, holes) == Cell(1, 1)
    assert step(Cell(0, 1), 0, -1, 3, 3, holes) == Cell(0, 1)
    assert start_cursor(3, 3, holes) == Cell(1, 1)
    assert reachable_by_keys(3, 3, holes) == {Cell(0, 1), Cell(1, 0), Cell(1, 1), Cell(1, 2), Cell(2, 1)}
    ring = frozenset({Cell(1, 1)})
    assert step(Cell(1, 0), 0, 1, 3, 3, ring) == Cell(1, 2)  # over the hole in the middle


@given(st.lists(st.sampled_from([A1, A2, B1, B2]), min_size=1, max_size=3))
def test_every_move_is_entered_in_its_own_order(cells):
    move = Move(tuple(cells))
    picked: tuple[Cell, ...] = ()
    for cell in cells:
        answer = in_order((move,), picked + (cell,))
        assert answer.moves == (move,)
        picked += (cell,)
    assert answer.complete(picked) == (move,) and not answer.next
