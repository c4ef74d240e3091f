"""A click or Enter on a board cell, the same on every screen with a board: the play layer decides what
it means (`play.picking.point`) and the screen gets the result back, to keep the choice open, play
the move, or say why nothing can be played (`Pointed.said`). Nothing here writes into a screen."""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.rules import GridState
from gridgames.play.picking import Picking, Pointed, point
from gridgames.tui.widgets.board import Board


def pointed_at(
    entry: Entry, state: GridState, picking: Picking, event: Board.CellChosen, alternate_mode: str
) -> Pointed:
    """What pointing at the event's cell did, with the choice `picking` open and the kind of move
    chosen (`alternate_mode`, "" for the ordinary; a right click makes the game's first other kind
    where none is chosen): the move chosen, or the choice now open (its next cells are marked), or
    the refusal to say."""
    return point(entry, state, picking, event.cell, alternate_mode or event.alternate)
