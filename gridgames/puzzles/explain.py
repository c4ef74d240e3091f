"""What a puzzle screen shows after the solution, whatever the front end: why the winning move wins.

The game's own certificate where its package gives one (`Solver.certificate`: a Grundy split, a
matching, a pairing, the mirror); else the line of play, in the entry's notation and names, each move's
cells a group numbered in order, and how it ends: the rules' outcome where the line ends the game, or
the solver's proof that the opponent is lost where that is proven within `SECONDS`. Either way, only what
holds is said.
"""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.solve.analysis import analyse
from gridgames.solve.base import LOSS
from gridgames.solve.budget import Budget
from gridgames.solve.certificates import Certificate
from gridgames.solve.hooks import solver_for

#: The most the line of play spends proving the position it ends in (a puzzle's takes milliseconds).
SECONDS = 0.5


def explain(entry: Entry, state: GridState, move: Move, line: tuple[Move, ...] = ()) -> Certificate:
    """Why `move`, a proven winning move from `state`, wins. `line` is the winning line from `state`
    (the puzzle's solution: the player's moves and the opponent's most stubborn replies), `move` first;
    a line that does not start with `move` is taken as what follows it."""
    certificate = solver_for(entry.rules).certificate(entry, state, move)
    if certificate is not None:
        return certificate
    return line_of_play(entry, state, line if line[:1] == (move,) else (move, *line))


def line_of_play(entry: Entry, state: GridState, line: tuple[Move, ...]) -> Certificate:
    """The certificate of theme "": the line move by move (raises IllegalMoveError for a line that is
    not legal from `state`), then how it ends, where that is known."""
    rules = entry.rules
    steps = []
    for move in line:
        steps.append(f"{entry.player_names[state.to_move - 1]} {entry.format_move(move)}")
        state = rules.apply_move(state, move, entry.coord_style)
    lines = [f"The winning line: {', '.join(steps)}."] if steps else []
    outcome = rules.outcome(state)
    if outcome is not None:
        lines.append(entry.describe(outcome))
    elif steps and _proven_lost(entry, state):
        loser = entry.player_names[state.to_move - 1]
        lines.append(f"Then {loser} is to move and loses whatever {loser} plays: the solver proves it.")
    groups = tuple(move.cells for move in line)
    return Certificate("", tuple(lines), groups, tuple(str(k + 1) for k in range(len(groups))))


def _proven_lost(entry: Entry, state: GridState) -> bool:
    """Whether the solver proves, within SECONDS, that the player to move in `state` loses."""
    evaluation = analyse(entry, state, Budget(SECONDS))
    return evaluation.exact and evaluation.value == LOSS
