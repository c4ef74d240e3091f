"""Choosing a move by pointing at cells, as a person does with a mouse or the keyboard.

A move may cover several cells (a domino, a step from one cell to another), so a click is not a
move: the game says which of its legal moves cover the cells pointed at so far
(`Rules.candidates`). One left: it is played. Several: their other cells are offered as
completions, and the next cell pointed at narrows them down. None: the game's own sentence says
why (`why_illegal` of what the cells would have made). Nothing here knows a rule or builds a move.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.games.api import Words


@dataclass(frozen=True)
class Picking:
    """A move being chosen: the cells pointed at, in order, and the moves they may still mean."""

    cells: tuple[Cell, ...] = ()
    moves: tuple[Move, ...] = ()

    @property
    def completions(self) -> frozenset[Cell]:
        """The cells that would narrow the choice down: those of the candidates not yet picked."""
        return frozenset(c for m in self.moves for c in m.cells) - set(self.cells)


@dataclass(frozen=True)
class Pointed:
    """What pointing at a cell did: a move to play, a choice still open, or a refusal."""

    move: Move | None = None
    picking: Picking = Picking()
    refusal: str = ""


NOTHING = Picking()


def point(entry: Entry, state: GridState, picking: Picking, cell: Cell, alternate: bool = False) -> Pointed:
    """Point at `cell` with a choice `picking` open (NOTHING for none) and the chosen action."""
    rules = entry.rules
    if cell in picking.cells:  # pointing at a picked cell again lets the choice go
        return Pointed()
    moves: tuple[Move, ...] = ()
    if picking.cells:
        picked = picking.cells + (cell,)
        moves = tuple(m for m in picking.moves if set(picked) <= set(m.cells))
    if not moves:  # no choice open, or a cell that does not complete it: start again from here
        picked = (cell,)
        moves = rules.candidates(state, picked, alternate)
    if not moves:
        reason = entry.why_illegal(state, rules.attempt(state, picked, alternate))
        return Pointed(refusal=reason or f"No legal move covers {entry.format_cell(cell)} now.")
    if len(moves) == 1:
        return Pointed(move=moves[0])
    exact = [m for m in moves if m.cells == picked]
    if exact and len({frozenset(m.cells) for m in moves}) == 1:
        return Pointed(move=exact[0])  # every candidate covers just these cells: take them as pointed
    return Pointed(picking=Picking(picked, moves))


def is_alternate(entry: Entry, move: Move) -> bool:
    """Whether `move` is the game's second kind of move (made by a right click or its mode)."""
    kind = entry.rules.alternate_kind
    return kind is not None and move.kind == kind


def switch_alternate(entry: Entry, legal: tuple[Move, ...], on: bool, words: Words) -> tuple[bool, str]:
    """The player asks to switch the game's second kind of move (`Rules.alternate_kind`) on or off
    (`on`: whether it is on now): whether it is on after, and what to say (a refusal starts with ✗)."""
    if not on and not any(is_alternate(entry, m) for m in legal):
        return False, f"✗ {words.alternate_not_now or 'There is no such move now.'}"
    return not on, words.alternate_off if on else words.alternate_on
