"""Game options: board size, who starts, and the adjacency house rule (where a game offers it)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Literal

from gridgames.engine.errors import OptionsError

FIRST_CHOICES = ("1", "2", "toss")
#: Who moves first: player 1, player 2, or a coin toss.
First = Literal["1", "2", "toss"]
ADJACENCY_CHOICES = ("king", "orthogonal")
MIN_SIZE = 2
MAX_SIZE = 30


@dataclass(frozen=True)
class Options:
    """What a player chooses before a game; `first` may be a coin toss until `resolve_first`."""

    rows: int = 5
    cols: int = 5
    first: str = "1"
    adjacency: str = "king"

    def __post_init__(self) -> None:
        for name, value in (("rows", self.rows), ("columns", self.cols)):
            if not isinstance(value, int) or not MIN_SIZE <= value <= MAX_SIZE:
                raise OptionsError(
                    f"The board must have {MIN_SIZE} to {MAX_SIZE} {name}, not {value!r}."
                )
        if self.first not in FIRST_CHOICES:
            raise OptionsError(
                f"Who moves first must be 1, 2 or toss, not {self.first!r}."
            )
        if self.adjacency not in ADJACENCY_CHOICES:
            raise OptionsError(
                f"Adjacency must be king or orthogonal, not {self.adjacency!r}."
            )

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"

    def with_size(self, text: str) -> Options:
        rows, cols = parse_size(text)
        return replace(self, rows=rows, cols=cols)

    def resolve_first(self, rng: random.Random | None = None) -> int:
        """The player who moves first, tossing a coin when asked to."""
        if self.first == "toss":
            return (rng or random.Random()).choice((1, 2))
        return int(self.first)


_SIZE = re.compile(r"^\s*(\d{1,3})\s*(?:[xX×]\s*(\d{1,3}))?\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """'5x5', '5X4' or '5' (square) -> (rows, cols); raises OptionsError."""
    match = _SIZE.match(text)
    if not match:
        raise OptionsError(
            f"'{text}' is not a board size: write rows x columns, e.g. 5x5."
        )
    rows = int(match.group(1))
    cols = int(match.group(2)) if match.group(2) else rows
    for value in (rows, cols):
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise OptionsError(
                f"'{text}' is not a board size this game supports: use {MIN_SIZE} to {MAX_SIZE} "
                f"rows and columns."
            )
    return rows, cols
