"""Why a winning claim wins in rowcol (`Solver.certificate`): a maximum matching that leaves it out.

The theorem `algorithm` uses (Fraenkel, Scheinerman and Ullman): with the unclaimed cells S before the
claim u, the claim wins iff some maximum matching of the rook's graph on S leaves u uncovered. Such a
matching is a maximum matching of S - u of the same size, so the certificate draws one built on the
cells left (`matching.maximum_matching`) and checks its size against S's maximum. The strategy: every
cell the opponent may claim next is in a pair (otherwise the claims since u would end in an augmenting
path, and the matching would not be maximum), and the answer is its partner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridgames.engine.moves import Move
from gridgames.games.rowcol.algorithm import max_matching
from gridgames.games.rowcol.matching import maximum_matching
from gridgames.games.rowcol.rules import RULES, RowColState
from gridgames.solve import certify
from gridgames.solve.certificates import MATCHING, Certificate

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry


def certificate(entry: Entry, state: RowColState, move: Move) -> Certificate | None:
    """The matching that proves `move` wins; None where the move does not win (no such matching)."""
    if RULES.why_illegal(state, move) is not None:
        return None
    rows, cols = state.rows, state.cols
    u = state.index(move.cells[0])
    unclaimed = state.full_mask & ~state.claimed
    pairs = maximum_matching(rows, cols, unclaimed & ~(1 << u))
    if len(pairs) != max_matching(rows, cols, unclaimed):
        return None  # u is in every maximum matching: the claim loses
    told = certify.Telling.of(entry, state, move)
    groups = tuple((state.cell(a), state.cell(b)) for a, b in sorted(pairs))
    if not groups:
        return None  # nothing left to pair: the claim is simply the last
    lines = (
        f"After {told.move}, the {len(groups)} pairs drawn, each two unclaimed cells in one row or column, "
        f"are a maximum matching: no pairing has more, even with {told.move} counted, and {told.move} is "
        "in none.",
        f"Whatever {told.opponent} claims is in a pair (if it were not, the claims since {told.move} "
        f"would show a larger pairing), so {told.mover} claims its partner each time and makes the last "
        "claim.",
    )
    return Certificate(MATCHING, lines, groups, tuple(certify.pair_label(i) for i in range(len(groups))))
