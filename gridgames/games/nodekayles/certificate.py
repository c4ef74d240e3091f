"""Why a winning mark wins in Node Kayles, told in the rule book's words (`Solver.certificate`).

The mirror first, where the free cells left are their own half-turn image (the simpler story, and it
holds on boards too large to value); else the Grundy split: the regions the free cells form after the
mark, whose values XOR to 0. The values come from the exact solver (`algorithm.regions`), within
`SECONDS`; a board too large to value in that time gets no certificate (the puzzle shows the line).
The values before the mark are told only where each region then is in the shipped table or has at
most `BEFORE_CELLS` cells (a larger fresh region can take a second, though the mark was proven at once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridgames.engine.moves import Move
from gridgames.games.nodekayles import algorithm
from gridgames.games.nodekayles.rules import RULES, NodeKaylesState
from gridgames.solve import certify
from gridgames.solve.budget import Budget, SearchTimeout

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry
    from gridgames.solve.certificates import Certificate

#: The most a certificate may spend valuing regions (a default board takes a few ms).
SECONDS = 1.0
#: Regions before the mark are valued only when known or at most this large (milliseconds).
BEFORE_CELLS = 20


def telling(entry: Entry, state: NodeKaylesState, move: Move) -> certify.Telling:
    """The book's words: "With (3,3) and its neighbours locked" (GridLock: "blocked")."""
    after = f"With {entry.format_move(move)} and its neighbours {entry.blocked_word}"
    return certify.Telling.of(entry, state, move, "free", after)


def certificate(entry: Entry, state: NodeKaylesState, move: Move) -> Certificate | None:
    """The mirror or the Grundy split that proves `move` wins; None where neither is known to hold."""
    if RULES.why_illegal(state, move) is not None:
        return None
    after = RULES.apply_unchecked(state, move)
    told = telling(entry, state, move)
    mirrored = certify.mirror(state, told, after.free)
    if mirrored is not None or not after.free:
        return mirrored
    if not algorithm.is_quick(after):
        return None
    budget = Budget(SECONDS)
    try:
        regions_after = algorithm.regions(after, budget)
    except SearchTimeout:
        return None
    try:
        small = algorithm.is_quick(state, BEFORE_CELLS)
        regions_before = algorithm.regions(state, budget) if small else None
    except SearchTimeout:
        regions_before = None
    return certify.grundy_split(state, told, regions_before, regions_after)
