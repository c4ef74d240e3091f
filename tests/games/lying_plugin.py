"""A test plugin whose solver lies: Twin Cells (tests/plugin_example) with a solver that tells the
lie the environment variable GRIDGAMES_TEST_LIE names (`LIES`), and tells the truth (the generic
search) when it names none. Every front end must check the solver's answers, switch it off in one
sentence, and play on by search without calling anything proven (gridgames/games/guard.py).

`TWIN` shares the liar's rules class with an honest solver of its own: solvers are registered per
game, so the liar's lies never reach it.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

from gridgames.engine import Cell, Move
from gridgames.games.api import GENERIC, Solver
from gridgames.solve.base import Evaluation

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "plugin_example"))
from gridgames_example.book import BOOK as TWINS  # noqa: E402 - the example plugin lives outside the package
from gridgames_example.rules import TwinsRules, TwinsState  # noqa: E402

#: The environment variable that picks the lie.
VARIABLE = "GRIDGAMES_TEST_LIE"
#: Each lie, and what `gridgames check` and the guard say of it.
LIES = {
    "hole": "a cell off the board",  # a cell that is not on the board, given as the winning move
    "illegal": "not a legal move here",  # two cells, where a move is one
    "value": "not one of win, loss, draw, unknown",
    "missing": "exact without a value for every legal move",
    "win": "won without naming a winning move",
    "raise": "raised RuntimeError: the table is gone",
}


class LiarTwins(TwinsRules):
    family = "liar"


class LyingSolver(Solver):
    """Claims exact knowledge; tells the lie GRIDGAMES_TEST_LIE names."""

    def evaluate(self, state: TwinsState, budget):  # type: ignore[no-untyped-def]
        lie = os.environ.get(VARIABLE, "")
        moves = RULES.legal_moves(state)
        values = dict.fromkeys(moves, "loss")
        if lie == "hole":
            return Evaluation("win", {**values, Move((Cell(state.rows, 0),)): "win"})
        if lie == "illegal":
            return Evaluation("win", {**values, Move((Cell(0, 0), Cell(1, 0))): "win"})
        if lie == "value":
            return Evaluation("maybe", values)  # type: ignore[arg-type]
        if lie == "missing":
            return Evaluation("win", {moves[0]: "win"}, exact=True)
        if lie == "win":
            return Evaluation("win", values, exact=True)
        if lie == "raise":
            raise RuntimeError("the table is gone")
        return None  # the truth: the generic search


RULES = LiarTwins()
LIAR = replace(TWINS, entry=replace(TWINS.entry, id="liar", title="Liar", rules=RULES), solver=LyingSolver())
#: Another game of the same rules class and instance, with no solver of its own.
TWIN = replace(
    TWINS, entry=replace(TWINS.entry, id="liar-twin", title="Liar's Twin", rules=RULES), solver=GENERIC
)

#: The games, by id, as `register_games` takes them.
GAMES = {"liar": "tests.games.lying_plugin:LIAR", "liar-twin": "tests.games.lying_plugin:TWIN"}
