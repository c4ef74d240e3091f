"""The proof behind a puzzle: which moves win, which reply resists longest, and the line they make.

The solvers give values (win or loss), not distances, so how long a lost position holds out is found by a
search over the proven wins (`Distances`): the number of plies the player (who wins) needs to leave the
opponent without a move when the opponent defends as long as possible. The opponent's most stubborn
reply is the losing reply that loses slowest against best play; among those, the one that leaves the
player the fewest winning moves (the measure the perfect computer's losing play uses), then the first
in the game's move order. The generator and the test that re-proves every shipped puzzle share this code.

A puzzle's size (`Solved.tree`) is the number of positions the distance search visits to prove the
win from the puzzle's start: the player's proven winning moves against every reply, searched in the
game's move order. It depends only on the rules and the positions' values, never on how a solver
found them, so the generator's proof-size cap and difficulty measure stay the same whichever core
(the C cores, reworked often, or the Python references) gives the values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState, Rules
from gridgames.games.guard import unwrapped
from gridgames.puzzles.model import MAX_PLAYER_MOVES
from gridgames.solve.analysis import analyse
from gridgames.solve.base import WIN, Evaluation

#: A puzzle's position offers at least this many moves.
MIN_LEGAL = 4
#: Most positions the distance search visits for one puzzle before it gives up (a count, so that
#: `make puzzles` gives the same file on every machine).
MAX_DISTANCE_NODES = 2_500
#: The longest distance looked for, in plies.
MAX_PLIES = 61


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


class Distances:
    """How many plies a player who wins needs to leave the opponent without a move, against the
    longest defence: the winner plays only proven winning moves, the loser every move. Found by
    iterative deepening (can the winner force the end within 1, 3, 5, ... plies?), which stays exact
    where positions can repeat (tokens and walls). Raises NotProven past MAX_DISTANCE_NODES
    positions or MAX_PLIES plies, so the answer never depends on the machine."""

    def __init__(self, rules: Rules[Any]) -> None:
        self.rules = rules
        self.moving = unwrapped(rules)  # the game's own rules: the search's inner loop
        self.nodes = 0
        self._wins: dict[GridState, tuple[Move, ...]] = {}
        # what is known of each position: not within so many plies, within so many plies (the
        # answer only grows with the plies allowed, so one bound each side says it all)
        self._not_within: dict[GridState, int] = {}
        self._within: dict[GridState, int] = {}
        self._distance: dict[GridState, int] = {}

    def wins(self, state: GridState) -> tuple[Move, ...]:
        """The proven winning moves in `state`."""
        found = self._wins.get(state)
        if found is None:
            found = self._wins[state] = winning(proven(self.moving, state))
        return found

    def forced(self, state: GridState, plies: int) -> bool:
        """Whether the player to move ends the game within `plies` plies (odd) whatever the replies."""
        if plies <= self._not_within.get(state, -1):
            return False
        if plies >= self._within.get(state, MAX_PLIES + 2):
            return True
        self.nodes += 1
        if self.nodes > MAX_DISTANCE_NODES:
            raise NotProven("the longest defence takes too long to find")
        rules = self.moving
        result = False
        for move in self.wins(state):
            after = rules.apply_unchecked(state, move)
            replies = rules.legal_moves(after)
            if not replies or (plies >= 3 and all(
                self.forced(rules.apply_unchecked(after, reply), plies - 2) for reply in replies
            )):
                result = True
                break
        if result:
            self._within[state] = plies
        else:
            self._not_within[state] = plies
        return result

    def to_end(self, state: GridState) -> int:
        """Plies the player to move (who wins) needs to end the game against the longest defence:
        one pass over the positions where play cannot come back to a position (most games), else
        iterative deepening, which is exact where it can."""
        try:
            return self._once(state, set())
        except _Cycle:
            pass
        for plies in range(1, MAX_PLIES + 1, 2):
            if self.forced(state, plies):
                return plies
        raise NotProven("the win takes too long to finish")

    def _once(self, state: GridState, path: set[GridState]) -> int:
        """The distance from `state`, the player to move winning, by one memoised pass; raises _Cycle
        where play can come back to a position on the way."""
        known = self._distance.get(state)
        if known is not None:
            return known
        if state in path:
            raise _Cycle
        self.nodes += 1
        if self.nodes > MAX_DISTANCE_NODES:
            raise NotProven("the longest defence takes too long to find")
        path.add(state)
        rules = self.moving
        best = MAX_PLIES + 2
        for move in self.wins(state):
            after = rules.apply_unchecked(state, move)
            longest = 0
            for reply in rules.legal_moves(after):
                longest = max(longest, 1 + self._once(rules.apply_unchecked(after, reply), path))
                if longest + 1 >= best:
                    break
            best = min(best, 1 + longest)
        path.discard(state)
        self._distance[state] = best
        return best


class _Cycle(Exception):
    """Play can come back to a position: the one-pass distance does not apply."""


@dataclass(frozen=True)
class Reply:
    """The opponent's most stubborn reply, the position after it and that position's evaluation."""

    move: Move
    after: GridState
    evaluation: Evaluation


def stubborn_reply(rules: Rules[Any], state: GridState, distances: Distances | None = None) -> Reply:
    """In `state`, lost for the player to move (who has a move), the reply that loses slowest against
    best play (see the module's docstring). Raises NotProven where a reply's position has no exact
    value, or its distance is not found within the search's limits."""
    distances = distances if distances is not None else Distances(rules)
    best: Reply | None = None
    best_key: tuple[int, int] | None = None
    for move in rules.legal_moves(state):
        after = rules.apply_unchecked(state, move)
        evaluation = proven(rules, after)
        wins = winning(evaluation)
        if not wins:
            raise NotProven("a reply that does not lose: the position was not lost")
        distances._wins.setdefault(after, wins)
        key = (distances.to_end(after), -len(wins))
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


@dataclass(frozen=True)
class Solved:
    """A puzzle's line and the size of its proof tree (positions the distance search visited)."""

    line: tuple[Move, ...]
    tree: int


def solution(rules: Rules[Any], state: GridState, evaluation: Evaluation) -> tuple[Move, ...] | None:
    """The puzzle's line from `state` (see `solved`), or None when `state` is no puzzle."""
    found = solved(rules, state, evaluation)
    return None if found is None else found.line


def solved(rules: Rules[Any], state: GridState, evaluation: Evaluation) -> Solved | None:
    """The puzzle's line from `state` (its evaluation given): the only winning move, then while the
    player's move stays the only win after the most stubborn reply, that reply and that move, at most
    MAX_PLAYER_MOVES of the player's; None when `state` is no puzzle (fewer than MIN_LEGAL moves, or
    not exactly one winning move). Raises NotProven where a reply's value or distance is not found
    (the position is then no puzzle either: its line could not be checked)."""
    first = only_win(rules, state, evaluation, MIN_LEGAL)
    if first is None:
        return None
    line = [first]
    here = rules.apply_unchecked(state, first)
    distances = Distances(rules)
    distances._wins[state] = (first,)
    distances.to_end(state)  # the whole proof tree of the win: its size is the puzzle's `tree`
    while len(line) < 2 * MAX_PLAYER_MOVES - 1 and rules.legal_moves(here):
        reply = stubborn_reply(rules, here, distances)
        again = only_win(rules, reply.after, reply.evaluation, 2)
        if again is None:
            break
        line += [reply.move, again]
        here = rules.apply_unchecked(reply.after, again)
    return Solved(tuple(line), distances.nodes)
