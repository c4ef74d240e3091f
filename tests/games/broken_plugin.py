"""Deliberately broken game plugins: Twin Cells (tests/plugin_example) with one part of its code
failing, each registered under its own id (`register_games(BROKEN)`), to prove that a failing
game is switched off for the run while the others play on (gridgames/games/guard.py).

`late` plays its opening and breaks on the fourth mark, so the first screen's card draws it and
the fault comes mid-game (it ships no puzzle: proving one would find the fault first).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from gridgames.engine import Cell, Move
from gridgames.engine.clicks import Clicks
from gridgames.engine.options import OptionSpec
from gridgames.games.api import PuzzlePosition, RuleBook, Solver

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "plugin_example"))
from gridgames_example.book import BOOK as TWINS  # noqa: E402 - the example plugin lives outside the package
from gridgames_example.rules import TwinsRules, TwinsState  # noqa: E402
from gridgames_example.solver import TwinsSolver  # noqa: E402


class RaisesInLegalMoves(TwinsRules):
    def legal_moves(self, state: TwinsState) -> tuple[Move, ...]:
        raise RuntimeError("legal moves exploded")


class GarbageMoves(TwinsRules):
    def legal_moves(self, state: TwinsState) -> tuple[Move, ...]:
        return ("A1", 42)  # type: ignore[return-value]


class RaisesInLook(TwinsRules):
    def look(self, state, cell, symbols):  # type: ignore[no-untyped-def]
        raise KeyError("no glyph")


class RaisesInNotation(TwinsRules):
    def format_move(self, move, style="letter"):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("division by zero")


class BreaksLate(TwinsRules):
    def legal_moves(self, state: TwinsState) -> tuple[Move, ...]:
        if state.ply >= 4:
            raise RuntimeError("lost track of the board")
        return super().legal_moves(state)


class ShipsNoPuzzles(TwinsSolver):
    """Twin Cells' solver without its puzzle: proving that puzzle (in the first screen's background
    read of the puzzles) searches past the fourth mark, so `late` would be switched off before any
    game started, whenever that read won the race with the player's first clicks."""

    def puzzles(self) -> tuple[PuzzlePosition, ...]:
        return ()


class RaisingSolver(Solver):
    def evaluate(self, state, budget):  # type: ignore[no-untyped-def]
        raise AssertionError("solver table missing")

    def search_move(self, state, rng, budget):  # type: ignore[no-untyped-def]
        raise AssertionError("solver table missing")

    def plays_by_search(self, state) -> bool:  # type: ignore[no-untyped-def]
        return True


def _book(game_id: str, title: str, rules: TwinsRules, solver: Solver | None = None) -> RuleBook:
    entry = replace(TWINS.entry, id=game_id, title=title, rules=rules)
    return replace(TWINS, entry=entry, solver=solver or TWINS.solver)


MOVES_RAISE = _book("broken-moves", "Broken Moves", RaisesInLegalMoves())
MOVES_GARBAGE = _book("garbage-moves", "Garbage Moves", GarbageMoves())
LOOK_RAISES = _book("broken-look", "Broken Look", RaisesInLook())
NOTATION_RAISES = _book("broken-notation", "Broken Notation", RaisesInNotation())
BREAKS_LATE = _book("late", "Late Break", BreaksLate(), ShipsNoPuzzles())


class SolvedTwins(TwinsRules):
    family = "broken-solver"  # its own rules type, so its solver hooks are its own


SOLVER_RAISES = _book("broken-solver", "Broken Solver", SolvedTwins(), RaisingSolver())


# -- wrong without raising: what only `gridgames check` finds ----------------------------------
class LyingSolver(Solver):
    """Claims every position is won, every move winning, and says it is exact."""

    def evaluate(self, state, budget):  # type: ignore[no-untyped-def]
        from gridgames.solve.base import Evaluation

        moves = TwinsRules.legal_moves(RULES_OF_LIAR, state)
        return Evaluation("win", dict.fromkeys(moves, "win"), exact=True)


class SlowSolver(Solver):
    """Takes half a second when given less."""

    def evaluate(self, state, budget):  # type: ignore[no-untyped-def]
        import time

        if budget is not None and budget.seconds is not None and budget.seconds < 0.5:
            time.sleep(0.5)
        return None


class LiarTwins(TwinsRules):
    family = "liar"


class SlowTwins(TwinsRules):
    family = "slow"


class SloppyNotation(TwinsRules):
    """Writes a move's row and column the wrong way round (C1 for A3)."""

    def format_move(self, move, style="letter"):  # type: ignore[no-untyped-def]
        return super().format_move(Move(tuple(Cell(c.col, c.row) for c in move.cells), move.kind), style)


class LenientRefusal(TwinsRules):
    """Says nothing is wrong with playing a filled cell (then plays it)."""

    def why_illegal(self, state, move, style="letter"):  # type: ignore[no-untyped-def]
        reason = super().why_illegal(state, move, style)
        return None if reason and "not empty" in reason else reason


class WrongClicks(TwinsRules):
    """Answers a click with the moves of every other cell: no move can be entered by clicks."""

    def clicks(self, state, picked, alternate=False):  # type: ignore[no-untyped-def]
        others = tuple(m for m in self.legal_moves(state) if picked[0] not in m.cells)
        return Clicks(others[:1])


class PlayedHole(TwinsRules):
    """Declares A1 a hole, draws it as one, and still lets it be marked."""

    def holes(self, state):  # type: ignore[no-untyped-def]
        return frozenset({Cell(0, 0)})


RULES_OF_LIAR = LiarTwins()
LYING_SOLVER = _book("lying-solver", "Lying Solver", RULES_OF_LIAR, LyingSolver())
SLOW_SOLVER = _book("slow-solver", "Slow Solver", SlowTwins(), SlowSolver())
SLOPPY_NOTATION = _book("sloppy-notation", "Sloppy Notation", SloppyNotation())
LENIENT_REFUSAL = _book("lenient", "Lenient", LenientRefusal())
WRONG_CLICKS = _book("wrong-clicks", "Wrong Clicks", WrongClicks())
PLAYED_HOLE = _book("played-hole", "Played Hole", PlayedHole())
#: Declares options that cannot work: a default that is not a choice, two words for three choices.
BAD_OPTIONS = replace(_book("bad-options", "Bad Options", TwinsRules()), entry=replace(
    _book("bad-options", "Bad Options", TwinsRules()).entry,
    option_specs=(
        OptionSpec("speed", "Speed", "fast", choices=("slow", "steady"), words=("Slow", "Steady")),
        OptionSpec("colour", "Colour", "red", choices=("red", "green", "blue"), words=("Red", "Green")),
    ),
))

#: Every broken game, by id, as `register_games` takes them.
BROKEN = {
    book.entry.id: f"tests.games.broken_plugin:{name}"
    for name, book in (
        ("MOVES_RAISE", MOVES_RAISE), ("MOVES_GARBAGE", MOVES_GARBAGE), ("LOOK_RAISES", LOOK_RAISES),
        ("NOTATION_RAISES", NOTATION_RAISES), ("BREAKS_LATE", BREAKS_LATE), ("SOLVER_RAISES", SOLVER_RAISES),
    )
}

#: Games that run without raising but break their contract, by id.
WRONG = {
    book.entry.id: f"tests.games.broken_plugin:{name}"
    for name, book in (
        ("LYING_SOLVER", LYING_SOLVER), ("SLOW_SOLVER", SLOW_SOLVER), ("SLOPPY_NOTATION", SLOPPY_NOTATION),
        ("LENIENT_REFUSAL", LENIENT_REFUSAL), ("BAD_OPTIONS", BAD_OPTIONS), ("WRONG_CLICKS", WRONG_CLICKS),
        ("PLAYED_HOLE", PLAYED_HOLE),
    )
}
