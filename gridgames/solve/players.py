"""Computer players at four levels; a player is a callable `(rules, state) -> Move`.

- easy: a random move, except that it takes a move that wins at once.
- medium: a three-ply search (takes a win, avoids handing one over, prefers positions
  the game's evaluation likes), and one move in five at random.
- hard: the perfect move, except that in a position it has not proven won, one move in
  four is medium's (so it never throws away a win it has found, but defends badly).
- perfect: an exact best move where the position is solved (random among equally good
  moves; in a lost position, the one leaving the fewest winning replies), else the
  deepest search the budget allows.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gridgames.engine.moves import Move
from gridgames.engine.roles import Level
from gridgames.engine.rules import GridState, Rules
from gridgames.solve.analysis import analyse, needs_budget, rules_of
from gridgames.solve.base import LOSS, UNKNOWN, WIN
from gridgames.solve.budget import Budget
from gridgames.solve.hooks import solver_for
from gridgames.solve.search import Position, RulesPosition, iterate

LEVELS = tuple(Level)
MEDIUM_RANDOM = 0.2
HARD_ERROR = 0.25
#: Time a search-based move may take when the caller gives no budget.
SEARCH_BUDGET = 0.03
MEDIUM_DEPTH = 3
#: Time the perfect player spends choosing its most stubborn move in a lost position.
LOSING_BUDGET = 0.02
#: A search-based move gets at least this long even when its budget is spent (it must move).
MIN_THINK = 0.005

Player = Callable[[Rules[Any], GridState], Move]


def _search_game(rules: Rules[Any], state: GridState) -> tuple[Position, Any]:
    """The fastest search adapter for the game, and the state in its terms."""
    return solver_for(rules).search_position(state) or (RulesPosition(rules), state)


def _budget_for(rules: Rules[Any], state: GridState, budget: Budget | None) -> Budget | None:
    """The caller's budget; without a time limit, SEARCH_BUDGET where only a search applies."""
    if needs_budget(rules, state):
        return Budget.or_default(budget, SEARCH_BUDGET)
    return budget


def immediate_win(rules: Rules[Any], state: GridState, budget: Budget | None = None) -> Move | None:
    """A move after which the opponent cannot move, if there is one (None too when `budget` runs out
    first: with hundreds of moves, each child's moves cost more than a short budget)."""
    for move in rules.legal_moves(state):
        if budget is not None and budget.expired():
            return None
        if not rules.legal_moves(rules.apply_unchecked(state, move)):
            return move
    return None


def easy_move(rules: Rules[Any], state: GridState, rng: random.Random, budget: Budget | None = None) -> Move:
    win = immediate_win(rules, state, budget)
    return win if win is not None else rng.choice(rules.legal_moves(state))


def medium_move(
    rules: Rules[Any], state: GridState, rng: random.Random, budget: Budget | None = None
) -> Move:
    win = immediate_win(rules, state, budget)
    if win is not None:
        return win
    moves = rules.legal_moves(state)
    if rng.random() < MEDIUM_RANDOM:
        return rng.choice(moves)
    limit = Budget.or_default(budget, SEARCH_BUDGET).at_least(MIN_THINK)
    chosen = _deepest_move(rules, state, limit, max_depth=MEDIUM_DEPTH)
    return chosen if chosen is not None else rng.choice(moves)


def _deepest_move(rules: Rules[Any], state: GridState, budget: Budget, max_depth: int = 64) -> Move | None:
    """The best move of the deepest search `budget` allows (iterative deepening to `max_depth` plies,
    `iterate`'s own limit by default); None when it found none."""
    game, pos = _search_game(rules, state)
    chosen = None
    for result in iterate(game, pos, budget=budget, max_depth=max_depth):
        chosen = result.move
    return chosen


def strongest_search_move(
    rules: Rules[Any], state: GridState, rng: random.Random, budget: Budget | None = None
) -> Move:
    """The deepest search the budget allows, without medium's depth cap and random moves: what the hard
    and perfect seats play where the game has no prompt exact answer (their moves are then labelled
    not proven). Not a level of its own."""
    win = immediate_win(rules, state, budget)
    if win is not None:
        return win
    chosen = _deepest_move(rules, state, Budget.or_default(budget, SEARCH_BUDGET).at_least(MIN_THINK))
    return chosen if chosen is not None else rng.choice(rules.legal_moves(state))


def _pick_win(rules: Rules[Any], state: GridState, winning: tuple[Move, ...], rng: random.Random) -> Move:
    """Among winning moves, one that ends the game at once if there is one."""
    finishing = [m for m in winning if not rules.legal_moves(rules.apply_unchecked(state, m))]
    return rng.choice(finishing or list(winning))


@dataclass(frozen=True)
class Choice:
    """A seat's move and whether its value is proven: a proven win, or a move in a position where
    every move is proven to lose (a game-ending move is a proven win). The front ends' seats and the
    tests ask it; nothing is claimed where the search ran out of time first."""

    move: Move
    proven: bool


def perfect_move(
    rules: Rules[Any], state: GridState, rng: random.Random, budget: Budget | None = None
) -> Move:
    return perfect_choice(rules, state, rng, budget).move


def perfect_choice(
    rules: Rules[Any], state: GridState, rng: random.Random, budget: Budget | None = None
) -> Choice:
    """The perfect seat's move: exact where the analysis proves it within `budget`; where it proves
    nothing, the family's own searched move if it has one, else the deepest search left."""
    hooks = solver_for(rules)
    if hooks.plays_by_search(state):
        win = immediate_win(rules, state, budget)
        if win is not None:
            return Choice(win, True)
        move = hooks.search_move(state, rng, Budget.or_default(budget, SEARCH_BUDGET))
        if move is not None:
            return Choice(move, False)
        if hooks.plays_by_search(state):  # it found none (else its solver was switched off: analyse)
            return Choice(rng.choice(rules.legal_moves(state)), False)
    budget = _budget_for(rules, state, budget)
    evaluation = analyse(rules, state, budget)
    best = evaluation.best
    if evaluation.value == LOSS and evaluation.exact:
        losing = Budget(LOSING_BUDGET) if budget is None else budget.share(0.5)
        return Choice(hardest_loss(rules, state, rng, losing), True)
    if evaluation.value == WIN:
        return Choice(_pick_win(rules, state, best, rng), True)
    if best and evaluation.move_values[best[0]] != UNKNOWN:
        return Choice(rng.choice(best), evaluation.exact)
    # Out of time before a proof: the family's own search, else a quick one, with what is left.
    left = Budget.or_default(budget, SEARCH_BUDGET).at_least(MIN_THINK)
    if left.cancelled:
        return Choice(rng.choice(best), False)
    chosen = hooks.search_move(state, rng, left) or _deepest_move(rules, state, left)
    return Choice(chosen if chosen in best else rng.choice(best), False)


def hardest_loss(rules: Rules[Any], state: GridState, rng: random.Random, budget: Budget) -> Move:
    """In a lost position, the move that leaves the opponent the smallest share of winning
    replies (as far as `budget` allows): perfect play still loses, a fallible opponent may not."""
    deadline = budget
    moves = list(rules.legal_moves(state))
    rng.shuffle(moves)
    choice, fewest = moves[0], 2.0
    for move in moves:
        if deadline.expired():
            break
        child = rules.apply_unchecked(state, move)
        reply = analyse(rules, child, deadline)
        if not reply.exact or not reply.move_values:
            continue
        share = sum(v == WIN for v in reply.move_values.values()) / len(reply.move_values)
        if share < fewest:
            choice, fewest = move, share
    return choice


def hard_move(rules: Rules[Any], state: GridState, rng: random.Random, budget: Budget | None = None) -> Move:
    """Never lets a proven win go; otherwise, now and then, medium's move instead of the best."""
    if rng.random() < HARD_ERROR:
        half = None if budget is None else budget.share(0.5)
        evaluation = analyse(rules, state, _budget_for(rules, state, half))
        if evaluation.value != WIN:
            return medium_move(rules, state, rng, budget)
        return _pick_win(rules, state, evaluation.best, rng)
    return perfect_move(rules, state, rng, budget)


_CHOOSERS = {"easy": easy_move, "medium": medium_move, "hard": hard_move, "perfect": perfect_move}
#: What an exact level plays where no exact answer is quick (`play.computer`): not offered as a level.
SEARCH = "search"
_CHOOSERS[SEARCH] = strongest_search_move


def choose_move(
    rules: Any, state: GridState, level: str, rng: random.Random | None = None,
    budget: Budget | float | None = None,
) -> Move:
    """The move a `level` player makes; `rules` may be an Entry. The game must not be over.

    `budget` (seconds, or a Budget with a stop check) bounds the thinking: when it runs out the
    player makes the best move found so far; when it is cancelled it returns at once.
    """
    return decide(rules, state, level, rng, budget).move


def decide(
    rules: Any, state: GridState, level: str, rng: random.Random | None = None,
    budget: Budget | float | None = None,
) -> Choice:
    """`choose_move`'s move and whether it is proven: only the perfect level claims proof."""
    rules = rules_of(rules)
    if level not in _CHOOSERS:
        raise ValueError(f"There is no level '{level}': choose one of {', '.join(LEVELS)}.")
    if not rules.legal_moves(state):
        raise ValueError("The game is over: there is no move to choose.")
    limit, rng = None if budget is None else Budget.of(budget), rng or random.Random()
    if level == Level.PERFECT:
        return perfect_choice(rules, state, rng, limit)
    return Choice(_CHOOSERS[level](rules, state, rng, limit), False)


def get_player(level: str, rng: random.Random | None = None, budget: float | None = None) -> Player:
    """A callable player for `level` (sunfish/aima style)."""
    if level not in _CHOOSERS:
        raise ValueError(f"There is no level '{level}': choose one of {', '.join(LEVELS)}.")
    generator = rng or random.Random()

    def player(rules: Any, state: GridState) -> Move:
        return choose_move(rules, state, level, generator, budget)

    player.__name__ = f"{level}_player"
    return player
