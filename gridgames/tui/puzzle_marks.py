"""What each cell of a puzzle's board shows: the marks of play (`marks.cell_marks`), plus a refuted
try and the winning reply to it, and the cells of a certificate drawn together.

Computed from the game and the certificate alone (no Textual, no rule here): the game's package says
which cells belong together and what to call each group (`Certificate.groups`, `labels`); this module
only puts the label in the cells and gives each group a style class. Every mark has a glyph as well as
a class, so nothing relies on colour: a refuted try and its reply are named in the answer's sentence,
the reply is bracketed as the last move, and each group's cells carry its label.
"""

from __future__ import annotations

from dataclasses import replace
from string import ascii_lowercase

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.games.api import Words
from gridgames.play.picking import NOTHING, Picking
from gridgames.solve.certificates import Certificate
from gridgames.tui.marks import CellMark, cell_marks

#: How many group colours the style sheet has (`.-group-0` ... `.-group-5`); groups beyond reuse them.
GROUP_STYLES = 6


def puzzle_marks(
    entry: Entry,
    game: Game,
    *,
    live: bool,
    picking: Picking = NOTHING,
    alternate: str = "",
    tried: Move | None = None,
    reply: Move | None = None,
    certificate: Certificate | None = None,
    words: Words | None = None,
) -> dict[Cell, CellMark]:
    """The board of `game`: playable cells while `live`; the refuted try `tried` and the `reply` that
    wins against it; the groups of `certificate` with their labels."""
    legal = game.legal_moves() if live else ()
    last = game.played[-1] if game.played else None
    marks = cell_marks(entry, game.state, legal, alternate=alternate, picking=picking, last=last, words=words)
    if tried is not None:
        marks = _with_class(marks, tried.cells, "-tried")
    if reply is not None:
        marks = _with_class(marks, reply.cells, "-reply")
    if certificate is not None:
        marks = with_groups(marks, certificate)
    return marks


def _with_class(marks: dict[Cell, CellMark], cells: tuple[Cell, ...], name: str) -> dict[Cell, CellMark]:
    out = dict(marks)
    for cell in cells:
        if cell in out:
            out[cell] = replace(out[cell], classes=out[cell].classes | {name})
    return out


def group_label(certificate: Certificate, index: int) -> str:
    """The mark of group `index`: the certificate's label, else a letter (a, b, ... z, then 27, 28, ...)."""
    if certificate.labels:
        return certificate.labels[index]
    return ascii_lowercase[index] if index < len(ascii_lowercase) else str(index + 1)


def with_groups(marks: dict[Cell, CellMark], certificate: Certificate) -> dict[Cell, CellMark]:
    """Each cell of a certificate's group shows the group's label (after its piece, if it holds one)
    and the group's style class."""
    out = dict(marks)
    for index, group in enumerate(certificate.groups):
        label = group_label(certificate, index)
        for cell in group:
            mark = out.get(cell)
            if mark is None:
                continue
            empty = "-empty" in mark.classes  # the cell's role (`Look.role`), as cell_marks gives it
            glyph = label if empty else f"{mark.glyph.strip()}{label}"
            classes = mark.classes | {"-group", f"-group-{index % GROUP_STYLES}"}
            out[cell] = CellMark(glyph, frozenset(classes), mark.joins)
    return out
