"""Cram's rules: the domino rules (`games.domino.rules`) with dominoes either way round, for both players.

`DominoRules`, `DominoState` and `domino_tops` are re-exported here for plugins written against them.
"""

from __future__ import annotations

from gridgames.games.domino.rules import DominoRules, DominoState, domino_tops

__all__ = ["RULES", "CramRules", "DominoRules", "DominoState", "domino_tops"]


class CramRules(DominoRules):
    family = "cram"


RULES = CramRules()
