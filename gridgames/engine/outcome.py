"""The end of a game is a value, not a handful of booleans."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: Why a game ended: the player to move had no legal move, the third repetition, a resignation
#: (online play), or a player's time ran out (a game under a clock).
Termination = Literal["no-moves", "repetition", "resignation", "time"]


@dataclass(frozen=True)
class Outcome:
    """`winner` is 1 or 2, or None for a draw; `termination` names why the game ended.

    `reason` is a sentence with `{p1}`/`{p2}`/`{winner}`/`{loser}` placeholders that a
    catalogue entry fills with its own player names (see `Entry.describe`).
    """

    winner: int | None
    termination: Termination
    reason: str

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 3 - self.winner

    @property
    def is_draw(self) -> bool:
        return self.winner is None
