"""Twin Cells' solver hooks: none of its own (the generic search proves its small boards), but the
puzzles it ships itself through the one hook a plugin has for them (`Solver.puzzles`); gridgames
proves each before offering it."""

from __future__ import annotations

from gridgames.games.api import PuzzlePosition, Solver


class TwinsSolver(Solver):
    def puzzles(self) -> tuple[PuzzlePosition, ...]:
        # O to move after A4 A2 C3: C1 is the only winning move; X's longest defence is B1, then B4.
        return (PuzzlePosition("twins-3x4-0001", 3, 4, ("A4", "A2", "C3"), rating=1200.0),)


SOLVER = TwinsSolver()
