"""Domineering's rules: the domino rules (`gridgames.games.domino.rules`), except that player 1, Vertical,
places them upright only and player 2, Horizontal, across only; the player to move who cannot place one
loses. Either may move first (the usual option)."""

from __future__ import annotations

from gridgames.engine.rules import bits
from gridgames.games.domino.rules import DominoRules, DominoState


def vertical_to_move(state: DominoState) -> bool:
    """Whether Vertical (player 1) is to move."""
    return state.to_move == 1


class DomineeringRules(DominoRules):
    family = "domineering"
    example = "B2-C2"

    def directions(self, state: DominoState) -> tuple[bool, ...]:
        return (vertical_to_move(state),)

    def direction_refusal(self, state: DominoState, upright: bool) -> str | None:
        if upright == vertical_to_move(state):
            return None
        if vertical_to_move(state):
            return "Vertical places dominoes upright: two cells one above the other, such as B2-C2."
        return "Horizontal places dominoes across: two cells side by side in a row, such as B2-B3."

    def state_failure(self, state: DominoState) -> str | None:
        """Cram's check, and Vertical's dominoes all upright, Horizontal's all across."""
        reason = super().state_failure(state)
        if reason is None and any(state.marks1 >> i & 1 for i in bits(state.across)):
            return "Vertical has a domino across"
        if reason is None and any(state.marks2 >> i & 1 for i in bits(state.upright)):
            return "Horizontal has a domino upright"
        return reason


RULES = DomineeringRules()
