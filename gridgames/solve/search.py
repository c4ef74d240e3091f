"""Search shared by the solvers and the computer players.

A `Budget` (time and a stop check, see `budget.py`) that becomes an exception deep inside a search, a naive
negamax (the yardstick the benchmarks and tests compare the real solvers with), and an
interruptible iterative-deepening alpha-beta after sunfish: `iterate` is a generator
that yields an improving `SearchResult` per completed depth, so a caller stops it
whenever it must. Scores are for the player to move; beyond `MATE_BOUND` they are
proven wins (or, negated, proven losses), whatever the evaluation says.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState, Rules
from gridgames.solve.budget import Budget, Deadline, SearchCancelled, SearchTimeout  # noqa: F401 - re-exported

MATE = 1_000_000
MATE_BOUND = MATE - 10_000  # |score| above this is a proof, not a guess
INFINITY = 10 * MATE
#: Positions a transposition table holds before it is emptied: about 215 bytes each with walls' own
#: keys (54 MB) and 540 with the generic search's (the game's state: 135 MB), measured.
TABLE_LIMIT = 250_000


def is_proven(score: float) -> bool:
    return abs(score) >= MATE_BOUND


class Position(Protocol):
    """What `Searcher` needs from a game: an adapter over one family's positions."""

    def key(self, pos: Any) -> Hashable: ...

    def children(self, pos: Any) -> Sequence[tuple[Move, Any]]:
        """Legal moves with the positions they lead to, most promising first."""

    def terminal(self, pos: Any) -> int | None:
        """A proven score at this node (-MATE: the mover has lost; MATE - k: wins in k), else None."""

    def evaluate(self, pos: Any) -> int:
        """A heuristic score for the mover, well inside +-MATE_BOUND."""


@dataclass
class SearchResult:
    depth: int
    score: int
    move: Move | None
    nodes: int
    move_scores: dict[Move, int] = field(default_factory=dict)

    @property
    def proven(self) -> bool:
        return is_proven(self.score)


def _to_tt(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_tt(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


EXACT, LOWER, UPPER = 0, 1, 2
#: The most nodes between two checks of the budget, and the time between checks below which their
#: spacing grows (`Searcher._check`).
CHECK_EVERY = 64
CHECK_GAP = 0.001


class Searcher:
    """Negamax alpha-beta with a transposition table; a position met again on the current
    path scores 0 (a draw), so games that can cycle are searched soundly for proofs."""

    def __init__(self, game: Position, deadline: Budget | float | None = None,
                 table_limit: int = TABLE_LIMIT):
        self.game = game
        self.deadline = Budget.of(deadline)
        self.table: dict[Hashable, tuple[int, int, int, Move | None]] = {}
        self.table_limit = table_limit
        self.nodes = 0
        self._path: set[Hashable] = set()
        self._next_check = 1  # the node count at which the budget is next checked
        self._every = 1  # nodes between checks: grows to CHECK_EVERY while nodes are cheap
        self._checked_at = time.perf_counter()

    def _check(self) -> None:
        """Check the budget, and space the checks by how long nodes take: every node where one node
        costs milliseconds (a game of hundreds of costly moves, whose 64 nodes overran a 5 ms budget
        by a second), every CHECK_EVERY nodes where they cost microseconds."""
        self.deadline.check()
        now = time.perf_counter()
        quick = now - self._checked_at < CHECK_GAP
        self._every = min(CHECK_EVERY, self._every * 2) if quick else 1
        self._next_check, self._checked_at = self.nodes + self._every, now

    def alphabeta(self, pos: Any, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        game = self.game
        term = game.terminal(pos)
        if term is not None:
            return term - ply if term > 0 else term + ply
        key = game.key(pos)
        if key in self._path:
            return 0
        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            e_depth, flag, e_score, tt_move = entry
            score = _from_tt(e_score, ply)
            proven = is_proven(score)
            if e_depth >= depth or proven:
                if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                    return score
        if depth <= 0:
            return game.evaluate(pos)
        children = game.children(pos)
        if tt_move is not None:
            children = sorted(children, key=lambda mc: mc[0] != tt_move)
        self._path.add(key)
        best, best_move, alpha0 = -INFINITY, None, alpha
        try:
            for move, child in children:
                score = -self.alphabeta(child, depth - 1, -beta, -alpha, ply + 1)
                if score > best:
                    best, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
        finally:
            self._path.discard(key)
        if not children:  # no move: the mover has lost
            best = -MATE + ply
        flag = LOWER if best >= beta else UPPER if best <= alpha0 else EXACT
        if len(self.table) >= self.table_limit:
            self.table.clear()
        self.table[key] = (depth, flag, _to_tt(best, ply), best_move)
        return best

    def root(self, pos: Any, depth: int, every_move: bool) -> SearchResult:
        """One depth at the root; with `every_move`, each move gets its own full-window score."""
        children = list(self.game.children(pos))
        entry = self.table.get(self.game.key(pos))
        if entry is not None and entry[3] is not None:
            children.sort(key=lambda mc: mc[0] != entry[3])
        scores: dict[Move, int] = {}
        alpha = -INFINITY
        best, best_move = -INFINITY, None
        self._path.add(self.game.key(pos))
        try:
            for move, child in children:
                lower = -INFINITY if every_move else alpha
                score = -self.alphabeta(child, depth - 1, -INFINITY, -lower, 1)
                scores[move] = score
                if score > best:
                    best, best_move = score, move
                    alpha = max(alpha, score)
        finally:
            self._path.discard(self.game.key(pos))
        if not children:
            best = -MATE
        return SearchResult(depth, best, best_move, self.nodes, scores if every_move else {})


def iterate(
    game: Position,
    pos: Any,
    *,
    budget: Budget | float | None = None,
    max_depth: int = 64,
    every_move: bool = False,
    searcher: Searcher | None = None,
) -> Iterator[SearchResult]:
    """Iterative deepening: yields a result per completed depth, stops when the root is
    proven (every move proven, with `every_move`), at `max_depth`, or when time runs out (even within
    depth 1: a game of many costly moves keeps its budget too)."""
    searcher = searcher or Searcher(game, budget)
    if budget is not None:
        searcher.deadline = Budget.of(budget)
    for depth in range(1, max_depth + 1):
        try:
            result = searcher.root(pos, depth, every_move)
        except SearchTimeout:
            return
        yield result
        if result.move is None:
            return
        if every_move:
            if all(is_proven(s) for s in result.move_scores.values()):
                return
        elif result.proven:
            return


def deepest(results: Iterator[SearchResult]) -> SearchResult | None:
    """The last (deepest) result a search yields."""
    last = None
    for last in results:  # noqa: B007
        pass
    return last


# -- a plain adapter over any Rules family, and the naive yardstick ------------------


@dataclass(frozen=True)
class RulesPosition:
    """`Position` over the public Rules interface: slow but needs nothing but the rules."""

    rules: Rules[Any]
    evaluate_fn: Callable[[GridState], int] | None = None

    def key(self, pos: GridState) -> Hashable:
        return replace(pos, ply=0)

    def children(self, pos: GridState) -> list[tuple[Move, GridState]]:
        return [(m, self.rules.apply_unchecked(pos, m)) for m in self.rules.legal_moves(pos)]

    def terminal(self, pos: GridState) -> int | None:
        return None if self.rules.legal_moves(pos) else -MATE

    def evaluate(self, pos: GridState) -> int:
        if self.evaluate_fn is not None:
            return self.evaluate_fn(pos)
        return len(self.rules.legal_moves(pos))


class NaiveNegamax:
    """Plain negamax without memory or pruning tricks, over the public Rules interface:
    the independent check the solvers are tested against, and the benchmarks' baseline."""

    def __init__(self, rules: Rules[Any], deadline: Budget | float | None = None) -> None:
        self.rules = rules
        self.deadline = Budget.of(deadline)
        self.nodes = 0

    def wins(self, state: GridState) -> bool:
        """Whether the player to move wins (acyclic games only)."""
        self.nodes += 1
        if not self.nodes & 1023:
            self.deadline.check()
        for move in self.rules.legal_moves(state):
            if not self.wins(self.rules.apply_unchecked(state, move)):
                return True
        return False
