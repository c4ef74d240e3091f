"""Which shipped puzzles a test goes through: `make test` a seeded sample of every game's (the same
each run), the soak (`pytest -m soak`) every one."""

from __future__ import annotations

import random
from collections.abc import Iterable

from gridgames.puzzles.model import Puzzle

#: Puzzles of each game that `make test` re-proves and whose certificates it checks (of 300 a game).
PER_GAME = 60


def per_game(puzzles: Iterable[Puzzle], count: int = PER_GAME, seed: int = 21) -> tuple[Puzzle, ...]:
    """`count` puzzles of each game (all of a game that has fewer), seeded, in the file's order."""
    games: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles:
        games.setdefault(puzzle.game, []).append(puzzle)
    rng = random.Random(seed)
    chosen = {id(p) for game in sorted(games) for p in rng.sample(games[game], min(count, len(games[game])))}
    return tuple(p for pool in games.values() for p in pool if id(p) in chosen)
