"""Choosing a move by pointing at cells, as a person does with a mouse or the keyboard.

A move may cover several cells (a domino, a step from one cell to another, a queen's move and its
arrow), so a click is not a move: the board hands the game every cell pointed at so far, in order,
and the game answers with the moves still possible and the cells that may come next
(`Rules.clicks`). A move left alone is played at once (before all its cells are pointed at), and so
is a move whose cells are all pointed at with nothing to come; otherwise the cells that may come
next are offered, and the next click on one of them goes on. A click on any other cell lets the
choice go and starts again from that cell (Esc lets it go too); a picked cell clicked again goes on
only where the game offers it (an arrow shot back onto the cell just left). None: the game's own
sentence says why (`why_illegal` of what the cells would have made). Nothing here knows a rule or
builds a move; the cursor's steps are here too, so `check` can walk them without Textual.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.moves import ORDINARY, Kind, Move
from gridgames.engine.rules import GridState
from gridgames.engine.wording import Words


@dataclass(frozen=True)
class Picking:
    """A move being chosen: the cells pointed at, in order, the moves they may still mean, and the
    cells the game says may come next."""

    cells: tuple[Cell, ...] = ()
    moves: tuple[Move, ...] = ()
    next: frozenset[Cell] = frozenset()

    @property
    def completions(self) -> frozenset[Cell]:
        """The cells the board marks: those that may come next."""
        return self.next


@dataclass(frozen=True)
class Pointed:
    """What pointing at a cell did: a move to play, a choice still open, or a refusal."""

    move: Move | None = None
    picking: Picking = Picking()
    refusal: str = ""

    @property
    def said(self) -> str:
        """What the screen says after it: the refusal (marked ✗), or nothing."""
        return f"✗ {self.refusal}" if self.refusal else ""


NOTHING = Picking()


def point(
    entry: Entry, state: GridState, picking: Picking, cell: Cell, alternate: bool | str = False
) -> Pointed:
    """Point at `cell` with a choice `picking` open (NOTHING for none) and the chosen kind of move
    (`alternate`: the kind, or True for the game's first other kind, `Rules.chosen_kind`)."""
    rules = entry.rules
    # a cell the game offers goes on with the choice; any other lets it go and starts from itself
    picked = picking.cells + (cell,) if picking.cells and cell in picking.next else (cell,)
    answer = rules.clicks(state, picked, alternate)
    if not answer.moves:
        reason = entry.why_illegal(state, rules.attempt(state, picked, alternate))
        return Pointed(refusal=reason or f"No legal move covers {entry.format_cell(cell)} now.")
    if len(answer.moves) == 1:
        return Pointed(move=answer.moves[0])
    complete = answer.complete(picked)
    if complete and not answer.next:
        return Pointed(move=complete[0])  # every move left covers just these cells: take them as pointed
    return Pointed(picking=Picking(picked, answer.moves, answer.next))


def step(cursor: Cell, d_row: int, d_col: int, rows: int, cols: int, holes: frozenset[Cell]) -> Cell:
    """Where the keyboard cursor goes from `cursor` by one step (`d_row`, `d_col`): the next cell of
    the board that way, over holes; it stays at the edge, or where only holes lie beyond."""
    r, c = cursor.row + d_row, cursor.col + d_col
    while 0 <= r < rows and 0 <= c < cols:
        if Cell(r, c) not in holes:
            return Cell(r, c)
        r, c = r + d_row, c + d_col
    return cursor


def start_cursor(rows: int, cols: int, holes: frozenset[Cell]) -> Cell:
    """Where the cursor starts: the middle cell, or the board's cell nearest it where that is a hole."""
    middle = Cell(rows // 2, cols // 2)
    cells = [Cell(r, c) for r in range(rows) for c in range(cols) if Cell(r, c) not in holes]
    def distance(cell: Cell) -> tuple[int, Cell]:
        return abs(cell.row - middle.row) + abs(cell.col - middle.col), cell

    return min(cells, key=distance, default=middle)


def reachable_by_keys(rows: int, cols: int, holes: frozenset[Cell]) -> frozenset[Cell]:
    """The cells the cursor reaches from where it starts by the arrow keys (`check`: every cell of a
    legal move must be among them)."""
    start = start_cursor(rows, cols, holes)
    seen, todo = {start}, [start]
    while todo:
        cell = todo.pop()
        for d_row, d_col in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nxt = step(cell, d_row, d_col, rows, cols, holes)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)


def is_alternate(entry: Entry, move: Move) -> bool:
    """Whether `move` is of one of the game's other kinds (made by a right click or its mode)."""
    return move.kind in entry.rules.other_kinds()


def switch_alternate(entry: Entry, legal: tuple[Move, ...], kind: str, words: Words) -> tuple[Kind, str]:
    """The player presses the alternate mode key with `kind` chosen now (ORDINARY for the ordinary
    moves): the kind chosen after, the next of the game's other kinds that has a move now, in the
    game's order, or back to the ordinary moves after the last, and what to say (a refusal starts
    with ✗)."""
    others = entry.rules.other_kinds()
    playable = {m.kind for m in legal}
    after = others[others.index(kind) + 1:] if kind in others else others
    for other in after:
        if other in playable:
            return other, words.kind(other).on
    if kind:
        return ORDINARY, words.alternate_off
    not_now = words.kind(others[0]).not_now if others else words.alternate_not_now
    return ORDINARY, f"✗ {not_now or 'There is no such move now.'}"


def kind_name(entry: Entry, kind: str, words: Words) -> str:
    """The footer's label for the alternate mode key: the chosen kind's name, or with the ordinary
    moves chosen the game's name for its other moves ("Walls")."""
    if kind:
        return words.kind(kind).name
    others = entry.rules.other_kinds()
    if words.alternate_name or not others:
        return words.alternate_name
    return words.kind(others[0]).name
