"""One entry point for analysing any position: ask the game's solver hooks, else search.

Each game's package gives its solver hooks (`RuleBook.solver`, see `gridgames.solve.hooks.Solver`);
they import their algorithm only when first asked, so a command that analyses one game loads one
solver. A game without hooks falls back to the generic alpha-beta over its rules, which proves
only forced wins and losses.
"""

from __future__ import annotations

from typing import Any

from gridgames.engine.rules import GridState, Rules
from gridgames.solve.base import LOSS, RANK, UNKNOWN, WIN, Evaluation
from gridgames.solve.budget import Budget
from gridgames.solve.hooks import solver_for
from gridgames.solve.search import MATE_BOUND, RulesPosition, Searcher, iterate

#: Without a budget, a search (not a table or an exact solver) gets this long.
DEFAULT_SEARCH_BUDGET = 1.0


def rules_of(entry_or_rules: Any) -> Rules[Any]:
    """Accept a catalogue Entry or a Rules object."""
    rules: Rules[Any] = entry_or_rules.rules if hasattr(entry_or_rules, "rules") else entry_or_rules
    return rules


def analyse(entry_or_rules: Any, state: GridState, budget: Budget | float | None = None) -> Evaluation:
    """The value of `state` for the player to move and of each legal move; exact where known.

    `budget` (seconds, or a Budget with a stop check) bounds the work: what is not proven when it
    runs out (or is cancelled) comes back UNKNOWN, and the evaluation is then not exact.
    """
    rules = rules_of(entry_or_rules)
    if budget is not None:
        budget = Budget.of(budget)
    if not rules.legal_moves(state):
        return Evaluation(LOSS, {}, exact=True, nodes=1)
    evaluation = solver_for(rules).evaluate(state, budget)
    if evaluation is None:
        return generic_evaluation(rules, state, Budget.or_default(budget, DEFAULT_SEARCH_BUDGET))
    return evaluation


def needs_budget(entry_or_rules: Any, state: GridState) -> bool:
    """Whether analysing this board means a search that only a time budget stops."""
    return solver_for(rules_of(entry_or_rules)).needs_budget(state)


def generic_evaluation(rules: Rules[Any], state: GridState, budget: Budget | float) -> Evaluation:
    """Alpha-beta over the public rules: proves forced wins and losses within the horizon."""
    game = RulesPosition(rules)
    searcher = Searcher(game)
    result = None
    for result in iterate(game, state, budget=budget, every_move=True, searcher=searcher):  # noqa: B007
        pass
    if result is None:
        values = dict.fromkeys(rules.legal_moves(state), UNKNOWN)
        return Evaluation(UNKNOWN, values, exact=False, nodes=searcher.nodes, score=0.0)
    values = {
        move: WIN if score >= MATE_BOUND else LOSS if score <= -MATE_BOUND else UNKNOWN
        for move, score in result.move_scores.items()
    }
    value = max(values.values(), key=RANK.__getitem__)
    exact = UNKNOWN not in values.values()
    return Evaluation(value, values, exact=exact, nodes=searcher.nodes,
                      score=None if exact else float(result.score))
