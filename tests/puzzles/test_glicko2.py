"""Glicko-2 against the worked example of Glickman's paper, and the properties a player would notice."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridgames.engine.glicko2 import MAX_RD, SCALE, Rating, expected_score, idle, rate

PAPER_PLAYER = Rating(1500.0, 200.0, 0.06)
PAPER_RESULTS = [(Rating(1400.0, 30.0), 1.0), (Rating(1550.0, 100.0), 0.0), (Rating(1700.0, 300.0), 0.0)]


def test_the_worked_example_of_glickmans_paper():
    after = rate(PAPER_PLAYER, PAPER_RESULTS, tau=0.5)
    # The paper's results on its own scale, to its precision: mu' = -0.2069, phi' = 0.8722, sigma' = 0.05999
    assert round(after.mu, 4) == -0.2069
    assert round(after.phi, 4) == 0.8722
    assert abs(after.volatility - 0.05999) < 0.00001
    # and shown as ratings: 1464.06 (the paper scales its rounded mu'), RD 151.52
    assert abs(after.rating - 1464.06) < 0.01
    assert round(after.rd, 2) == 151.52


def test_the_paper_example_does_not_depend_on_the_order_of_the_games():
    assert rate(PAPER_PLAYER, PAPER_RESULTS[::-1]) == pytest.approx(rate(PAPER_PLAYER, PAPER_RESULTS))


def test_an_idle_period_grows_only_the_deviation_as_in_step_6():
    after = idle(PAPER_PLAYER)
    assert after.rating == PAPER_PLAYER.rating and after.volatility == PAPER_PLAYER.volatility
    assert after.phi == pytest.approx(math.sqrt((200.0 / SCALE) ** 2 + 0.06**2))
    assert rate(PAPER_PLAYER, []) == after
    assert idle(PAPER_PLAYER, 0) == PAPER_PLAYER


def test_years_away_make_a_player_a_newcomer_again_but_no_more():
    assert idle(Rating(1800.0, 60.0), 100_000).rd == MAX_RD
    assert idle(Rating(1800.0, 400.0), 3).rd == 400.0  # above the cap already: never lowered by idling


@pytest.mark.parametrize(
    "bad",
    [
        lambda: Rating(float("nan")),
        lambda: Rating(1500.0, 0.0),
        lambda: Rating(1500.0, 350.0, -0.06),
        lambda: Rating(float("inf")),
        lambda: rate(PAPER_PLAYER, [(PAPER_PLAYER, 1.5)]),
        lambda: rate(PAPER_PLAYER, PAPER_RESULTS, tau=0.0),
        lambda: idle(PAPER_PLAYER, -1.0),
    ],
)
def test_impossible_values_are_refused_in_one_sentence(bad, one_sentence):
    with pytest.raises(ValueError) as raised:
        bad()
    assert one_sentence(str(raised.value))


# Ratings as players and puzzles have them: the properties below hold there (far outside, e.g. a
# volatility of 0.2 against an opponent 2,000 points away, a game can widen the deviation a little).
ratings = st.floats(400.0, 3000.0)
deviations = st.floats(45.0, MAX_RD)
volatilities = st.floats(0.02, 0.1)
players = st.builds(Rating, ratings, deviations, volatilities)
gaps = st.floats(-600.0, 600.0)
scores = st.sampled_from([0.0, 0.5, 1.0]) | st.floats(0.0, 1.0)


def opponent(player: Rating, gap: float, rd: float) -> Rating:
    return Rating(player.rating + gap, rd)


@given(players, gaps, deviations)
def test_a_win_never_lowers_the_rating_and_a_loss_never_raises_it(player, gap, rd):
    assert rate(player, [(opponent(player, gap, rd), 1.0)]).rating >= player.rating
    assert rate(player, [(opponent(player, gap, rd), 0.0)]).rating <= player.rating


@given(players, gaps, deviations, scores)
def test_a_game_always_tells_something_a_period_without_games_does_not(player, gap, rd, score):
    after = rate(player, [(opponent(player, gap, rd), score)])
    assert after.rd < idle(player).rd
    assert all(math.isfinite(value) for value in (after.rating, after.rd, after.volatility))


@given(st.builds(Rating, ratings, st.floats(100.0, MAX_RD)), st.floats(-400.0, 400.0), deviations, scores)
def test_an_unsettled_rating_settles_with_every_game(player, gap, rd, score):
    assert rate(player, [(opponent(player, gap, rd), score)]).rd < player.rd


@given(players, gaps, st.floats(1.0, 300.0), deviations)
def test_beating_a_stronger_opponent_gains_more_and_losing_to_one_costs_less(player, gap, more, rd):
    weaker, stronger = opponent(player, gap, rd), opponent(player, gap + more, rd)
    assert rate(player, [(stronger, 1.0)]).rating > rate(player, [(weaker, 1.0)]).rating
    assert rate(player, [(stronger, 0.0)]).rating > rate(player, [(weaker, 0.0)]).rating


@given(players, players)
def test_the_expected_score_is_a_chance_and_favours_the_higher_rating(player, other):
    chance = expected_score(player, other)
    assert 0.0 < chance < 1.0
    if player.rating >= other.rating + 1.0:  # a point or more (a rounding error is not a difference)
        assert chance > 0.5


@given(players, st.lists(st.tuples(players, scores), min_size=1, max_size=6), st.randoms())
def test_the_games_of_one_period_count_the_same_in_any_order(player, results, rng):
    shuffled = list(results)
    rng.shuffle(shuffled)
    once, again = rate(player, results), rate(player, shuffled)
    assert again.rating == pytest.approx(once.rating, abs=1e-6)
    assert again.rd == pytest.approx(once.rd, abs=1e-6)
