"""The proof behind a puzzle: which moves win, which reply resists longest, and the line they make.

The solvers give values (win or loss), not distances, so how long a lost position holds out is found by a
bounded search over the rules: `lasting` is the number of plies the player (who wins) needs to leave the
opponent without a move, 1 or 3, or `LONGER` when it takes more than `HORIZON` plies. The opponent's most
stubborn reply is the losing reply that lasts longest; among those, the one that leaves the player the
fewest winning moves (the measure the perfect computer's losing play uses), then the first in the
game's move order. The generator and the test that re-proves every shipped puzzle share this code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState, Rules
from gridgames.puzzles.model import MAX_PLAYER_MOVES
from gridgames.solve.analysis import analyse
from gridgames.solve.base import WIN, Evaluation

#: A puzzle's position offers at least this many moves.
MIN_LEGAL = 4
#: The deepest the lasting search looks, in plies (the player's move, the reply, the player's move).
HORIZON = 3
#: What `lasting` says when the player needs more than HORIZON plies.
LONGER = HORIZON + 2


class NotProven(Exception):
    """The solver gave no exact value here (a puzzle is never built on one)."""


def proven(rules: Rules[Any], state: GridState) -> Evaluation:
    """The solver's exact evaluation of `state`; raises NotProven where it has none."""
    evaluation = analyse(rules, state)
    if not evaluation.exact:
        raise NotProven(f"no exact value for a {state.rows}x{state.cols} position")
    return evaluation


def winning(evaluation: Evaluation) -> tuple[Move, ...]:
    """The moves that win, in the game's move order."""
    return tuple(move for move, value in evaluation.move_values.items() if value == WIN)


def ends_within(
    rules: Rules[Any], state: GridState, plies: int, moves: tuple[Move, ...] | None = None
) -> bool:
    """Whether the player to move can leave the opponent with no move within `plies` plies (odd),
    whatever the opponent replies; `moves` narrows the first move (to the proven wins)."""
    for move in rules.legal_moves(state) if moves is None else moves:
        after = rules.apply_unchecked(state, move)
        replies = rules.legal_moves(after)
        if not replies:
            return True
        if plies >= 3 and all(
            ends_within(rules, rules.apply_unchecked(after, reply), plies - 2) for reply in replies
        ):
            return True
    return False


def lasting(rules: Rules[Any], state: GridState, wins: tuple[Move, ...]) -> int:
    """Plies the player to move, who wins with `wins`, needs to end the game: 1, 3, or LONGER."""
    for plies in range(1, HORIZON + 1, 2):
        if ends_within(rules, state, plies, wins):
            return plies
    return LONGER


@dataclass(frozen=True)
class Reply:
    """The opponent's most stubborn reply, the position after it and that position's evaluation."""

    move: Move
    after: GridState
    evaluation: Evaluation


def stubborn_reply(rules: Rules[Any], state: GridState) -> Reply:
    """In `state`, lost for the player to move (who has a move), the reply that lasts longest (see
    the module's docstring). Raises NotProven where a reply's position has no exact value."""
    best: Reply | None = None
    best_key: tuple[int, int] | None = None
    for move in rules.legal_moves(state):
        after = rules.apply_unchecked(state, move)
        evaluation = proven(rules, after)
        wins = winning(evaluation)
        if not wins:
            raise NotProven("a reply that does not lose: the position was not lost")
        key = (lasting(rules, after, wins), -len(wins))
        if best_key is None or key > best_key:
            best, best_key = Reply(move, after, evaluation), key
    if best is None:
        raise ValueError("the game is over: there is no reply")
    return best


def only_win(rules: Rules[Any], state: GridState, evaluation: Evaluation, at_least: int) -> Move | None:
    """The one winning move in `state` when there is exactly one among at least `at_least` legal moves."""
    wins = winning(evaluation)
    if len(wins) != 1 or len(evaluation.move_values) < at_least:
        return None
    return wins[0]


def solution(rules: Rules[Any], state: GridState, evaluation: Evaluation) -> tuple[Move, ...] | None:
    """The puzzle's line from `state` (its evaluation given): the only winning move, then while the
    player's move stays the only win after the most stubborn reply, that reply and that move, at most
    MAX_PLAYER_MOVES of the player's; None when `state` is no puzzle (fewer than MIN_LEGAL moves, or
    not exactly one winning move)."""
    first = only_win(rules, state, evaluation, MIN_LEGAL)
    if first is None:
        return None
    line = [first]
    here = rules.apply_unchecked(state, first)
    while len(line) < 2 * MAX_PLAYER_MOVES - 1 and rules.legal_moves(here):
        try:
            reply = stubborn_reply(rules, here)
        except NotProven:
            break
        again = only_win(rules, reply.after, reply.evaluation, 2)
        if again is None:
            break
        line += [reply.move, again]
        here = rules.apply_unchecked(reply.after, again)
    return tuple(line)
