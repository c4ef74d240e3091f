"""Why a winning move wins, in the game's own terms: the strategy behind a proof, drawn and told.

A game's solver hooks (`Solver.certificate`) return a `Certificate` for a proven winning move: a theme
(the kind of strategy), sentences in the rule book's words and coordinates, and groups of cells a front
end draws together (the regions of a Grundy split, the pairs of a matching or a pairing, a cell and its
mirror image). Nothing here names a game; each game builds its own and tests that what it shows holds
(a matching is maximum, a pairing covers the free cells, a mirror is a symmetry of the position).
"""

from __future__ import annotations

from dataclasses import dataclass

from gridgames.engine.cells import Cell

#: The themes a certificate may have, as puzzles are tagged with them.
GRUNDY_SPLIT = "Grundy split"  # independent regions whose Grundy values XOR to zero after the move
MATCHING = "matching"  # a maximum matching the winner follows
PAIRING = "pairing"  # the free cells paired so that every reply has its partner
MIRROR = "mirror"  # the position after the move is its own mirror image
THEMES = (GRUNDY_SPLIT, MATCHING, PAIRING, MIRROR)


@dataclass(frozen=True)
class Certificate:
    """One proven winning move explained: `lines` are what a player reads, `groups` what the board shows.

    `labels[i]` is a short mark for `groups[i]` (a region's Grundy value "*2", a pair's letter "a"); a
    front end draws each group's cells together, in its own colour or with its label.
    """

    theme: str
    lines: tuple[str, ...]
    groups: tuple[tuple[Cell, ...], ...] = ()
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.labels and len(self.labels) != len(self.groups):
            raise ValueError("a certificate needs one label per group of cells, or none")
