"""A click or Enter on a board cell, the same on every screen with a board: the play layer decides what
it means (`play.picking.point`); the screen keeps the choice open, or says why nothing can be played."""

from __future__ import annotations

from typing import Protocol

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.play.picking import Picking, point
from gridgames.tui.widgets.board import Board


class PointingScreen(Protocol):
    """What a screen with a board keeps for picking: the open choice, the alternate mode, its say line."""

    picking: Picking
    alternate_mode: bool

    def say(self, message: str) -> None: ...


def pointed_move(
    screen: PointingScreen, entry: Entry, state: GridState, event: Board.CellChosen
) -> Move | None:
    """The move the player chose by pointing at a cell, or None: a choice is open (its completions are
    marked), let go, or refused, with the rule's sentence said on the screen."""
    pointed = point(entry, state, screen.picking, event.cell, event.alternate or screen.alternate_mode)
    screen.picking = pointed.picking
    if pointed.move is None:
        screen.say(f"✗ {pointed.refusal}" if pointed.refusal else "")
    return pointed.move
