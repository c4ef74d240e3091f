"""Something true to show for every winning move: the game's certificate, else the winning line."""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.solve.certificates import Certificate
from gridgames.solve.hooks import solver_for

#: The theme of an explanation that is only the line of play (no strategy named).
LINE = ""


def explain(entry: Entry, state: GridState, move: Move, line: tuple[Move, ...]) -> Certificate:
    """Why `move` (a proven winning move from `state`) wins, in `entry`'s words: the game's own
    certificate where it names one, else the winning line `line` (which starts with `move`)."""
    certificate = solver_for(entry.rules).certificate(entry, state, move)
    if certificate is not None:
        return certificate
    shown = line or (move,)
    text = ", ".join(entry.format_move(m) for m in shown)
    if len(shown) > 1:
        return Certificate(LINE, (f"The winning line: {text}; every other try loses against best play.",))
    return Certificate(LINE, (f"{text} wins against every reply (proven by the solver).",))
