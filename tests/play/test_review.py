"""The end-of-game review proves what it says: a move that threw a proven win away is named, and a
move it could not judge (not proven within its time, or on a board too big to solve) is counted and
said, never passed as sound."""

from __future__ import annotations

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.computer import threw_away_wins
from gridgames.play.narration import review_text
from gridgames.solve.analysis import analyse


def a_thrown_win() -> Game:
    """3x3 no-neighbour: the first player wins only in the centre, so A1 (move 1) throws the win away;
    best play after it."""
    entry = get_entry("noneighbour")
    game = Game.new(entry, Options(3, 3, "1"), first_player=1).play("A1")
    while not game.is_over:
        game = game.play(analyse(entry, game.state).best[0])
    return game


def test_with_time_enough_every_move_is_judged_and_the_thrown_win_named() -> None:
    game = a_thrown_win()
    review = threw_away_wins(game.entry, game.states)
    assert review.blunders == {1} and review.unjudged == 0


def test_a_review_out_of_time_judges_nothing_and_says_so() -> None:
    game = a_thrown_win()
    review = threw_away_wins(game.entry, game.states, seconds=0.0)
    assert review.blunders == frozenset() and review.unjudged == len(game.moves)
    said = review_text(review.blunders, None, review.unjudged)
    assert "no move threw away a win" not in said
    assert said == (f"Review: no judged move threw away a win. {len(game.moves)} moves were not judged: "
                    "the review could not prove the positions around them.")


def test_a_cancelled_review_stops_and_judges_nothing() -> None:
    game = a_thrown_win()
    review = threw_away_wins(game.entry, game.states, stop=lambda: True)
    assert review.blunders == frozenset() and review.unjudged == len(game.moves)


def test_the_review_says_how_many_moves_it_could_not_judge_beside_those_it_found() -> None:
    said = review_text(frozenset({5}), None, 1)
    assert said.endswith("1 move was not judged: the review could not prove the positions around them.")
    assert review_text(frozenset(), None, 0) == "Review: no move threw away a win."
