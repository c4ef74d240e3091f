"""The shared search: an interruptible generator of improving answers, sound proofs, a naive yardstick."""

from __future__ import annotations

from gridgames.games.noneighbour.rules import RULES as NONEIGHBOUR
from gridgames.solve.search import (
    Deadline,
    NaiveNegamax,
    RulesPosition,
    SearchTimeout,
    deepest,
    is_proven,
    iterate,
)


def test_iterate_yields_deeper_results_until_proven(make_game):
    state = make_game("noneighbour", "3x3", adjacency="orthogonal").state
    results = list(iterate(RulesPosition(NONEIGHBOUR), state))
    depths = [r.depth for r in results]
    assert depths == list(range(1, len(depths) + 1))
    assert results[-1].proven
    assert (results[-1].score > 0) == NaiveNegamax(NONEIGHBOUR).wins(state)


def test_iterate_stops_when_the_caller_stops(make_game):
    state = make_game("noneighbour", "5x5").state
    search = iterate(RulesPosition(NONEIGHBOUR), state)
    first = next(search)
    search.close()
    assert first.depth == 1 and first.move is not None


def test_a_spent_deadline_interrupts_a_search(make_game):
    state = make_game("noneighbour", "5x5").state
    try:
        NaiveNegamax(NONEIGHBOUR, Deadline(0.0)).wins(state)
    except SearchTimeout:
        pass
    else:
        raise AssertionError("a naive 5x5 search cannot finish in no time")


def test_every_move_scores_prove_the_book_board(make_game):
    state = make_game("noneighbour").state
    result = deepest(iterate(RulesPosition(NONEIGHBOUR), state, every_move=True))
    assert result is not None
    winning = [NONEIGHBOUR.format_move(m) for m, s in result.move_scores.items() if s > 0 and is_proven(s)]
    assert winning == ["B2"]
    assert all(is_proven(s) for s in result.move_scores.values())
