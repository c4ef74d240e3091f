"""A puzzle: a position reached from a game's start, and the one line of play that wins it.

The position is given as the moves from the start (in the notation of the rule book it was made with),
so anyone can check it with another solver; `solution` alternates the player's winning move and the
opponent's most stubborn reply, and ends with the player's last move (every move wins after it, or the
game is over). Rule books that play the same rules share their puzzles: `moves` and `solution` are
parsed with the book they were written in and shown in the book being played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gridgames.engine.options import GameOptions, Value

#: At most this many moves of the player in one puzzle.
MAX_PLAYER_MOVES = 5


@dataclass(frozen=True)
class Puzzle:
    id: str  # stable and unique, e.g. "locked-duel-5x5-0007"
    game: str  # the catalogue id whose notation `moves` and `solution` are written in
    rows: int
    cols: int
    first: int  # who moved first from the start (1 or 2)
    options: Mapping[str, Value]  # the game's own options ({name: value}; engine.options.GameOptions)
    moves: tuple[str, ...]  # from the start to the puzzle's position
    solution: tuple[str, ...]  # player, reply, player, ... : odd length, at most 2 * MAX_PLAYER_MOVES - 1
    theme: str  # a certificate theme (gridgames.solve.certificates.THEMES) or "" where none is named
    rating: float  # the first Glicko-2 rating, from the measured difficulty
    legal: int  # legal moves in the puzzle's position (at least 4)
    nodes: int  # the size of the proof tree of the win (`proof.Solved.tree`), whichever core proved it
    themes: tuple[str, ...] = ()  # every theme of the puzzle (gridgames.puzzles.themes.THEMES)

    def __post_init__(self) -> None:
        if not isinstance(self.options, GameOptions):  # a value, hashable like the rest
            object.__setattr__(self, "options", GameOptions(self.options))

    @property
    def player_moves(self) -> int:
        """How many moves the player makes to solve it."""
        return (len(self.solution) + 1) // 2
