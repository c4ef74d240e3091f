"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2012), for players and puzzles alike.

Written here rather than taken from PyPI: the libraries there are either untyped with mutable
players (`glicko2` 2.1.0) or too new to count as kept (`glicko2-py` 0.1.0). This module follows the
paper's steps 1-8 and is checked against its worked example (tests/puzzles/test_glicko2.py).

Time: one puzzle is one rating period, as lichess rates puzzles: `rate` is called with the single
result of the puzzle just played, and includes the paper's step 6 (the deviation first grows by the
volatility, as over any period). Time away between puzzles is `idle`: each period without games
grows the deviation again (step 6 alone), never past `MAX_RD`. Who decides how long a period of
absence is (a day, for the puzzle progress) is the caller.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko-2's scale: ratings are shown as 1500 + 173.7178 * mu.
SCALE = 173.7178
CENTRE = 1500.0
#: A newcomer's deviation, and the most any deviation grows to (the paper's "unrated player").
MAX_RD = 350.0
DEFAULT_VOLATILITY = 0.06
#: The system constant: how much the volatility may change in one period (the paper uses 0.5).
DEFAULT_TAU = 0.5
#: Convergence tolerance of the volatility's root finding (step 5.4 of the paper).
EPSILON = 0.000001
_MAX_ITERATIONS = 200  # the Illinois method converges in well under 20; this only bounds a bad input


@dataclass(frozen=True)
class Rating:
    """A rating (the shown number), its deviation (RD: how uncertain it is) and its volatility."""

    rating: float = CENTRE
    rd: float = MAX_RD
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        if not all(math.isfinite(value) for value in (self.rating, self.rd, self.volatility)):
            raise ValueError("A rating, its deviation and its volatility must be finite numbers.")
        if self.rd <= 0 or self.volatility <= 0:
            raise ValueError("A rating's deviation and volatility must be above zero.")

    @property
    def mu(self) -> float:
        return (self.rating - CENTRE) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE

    @classmethod
    def from_scaled(cls, mu: float, phi: float, volatility: float) -> Rating:
        return cls(CENTRE + SCALE * mu, SCALE * phi, volatility)


def _g(phi: float) -> float:
    """How much an opponent's result tells, less the more uncertain their rating (step 3)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_opponent: float, g_opponent: float) -> float:
    """The expected score against the opponent (step 3); exp never overflows for far-apart ratings."""
    exponent = -g_opponent * (mu - mu_opponent)
    return 1.0 / (1.0 + math.exp(min(exponent, 700.0)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance `player` beats `opponent` (a puzzle's chance of being solved, for a player)."""
    return _expected(player.mu, opponent.mu, _g(opponent.phi))


def rate(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = DEFAULT_TAU) -> Rating:
    """`player`'s rating after one period with `results`: (opponent's rating before, score 0..1).

    An empty period is `idle(player)`. Raises ValueError for a score outside 0..1 or tau <= 0.
    """
    if not tau > 0 or not math.isfinite(tau):
        raise ValueError("The Glicko-2 system constant tau must be a positive number.")
    if any(not 0.0 <= score <= 1.0 for _opponent, score in results):
        raise ValueError("A score is between 0 (a loss) and 1 (a win).")
    if not results:
        return idle(player)
    mu, phi, sigma = player.mu, player.phi, player.volatility
    games = []  # (g, E, score) of each game: how much it tells, the expected score, the score
    for opponent, score in results:
        g_j = _g(opponent.phi)
        games.append((g_j, _expected(mu, opponent.mu, g_j), score))
    v = 1.0 / max(sum(g_j * g_j * e * (1.0 - e) for g_j, e, _score in games), 1e-300)
    surprise = sum(g_j * (score - e) for g_j, e, score in games)
    delta = v * surprise
    new_sigma = _new_volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * surprise
    return Rating.from_scaled(new_mu, new_phi, new_sigma)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the volatility that best explains how surprising the period was (Illinois method)."""
    a = math.log(sigma * sigma)
    phi2, delta2, tau2 = phi * phi, delta * delta, tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    low = a
    if delta2 > phi2 + v:
        high = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0 and k < _MAX_ITERATIONS:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    for _ in range(_MAX_ITERATIONS):
        if abs(high - low) <= EPSILON:
            break
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = middle, f_middle
    return math.exp(low / 2.0)


def idle(player: Rating, periods: float = 1.0) -> Rating:
    """`player` after `periods` rating periods without games (step 6): the same rating, a deviation
    grown by the volatility for each period, at most `MAX_RD` (a deviation already above it stays as it
    is). Fractions of a period are allowed."""
    if not periods >= 0 or not math.isfinite(periods):
        raise ValueError("A number of rating periods must be zero or more.")
    phi = math.sqrt(player.phi**2 + periods * player.volatility**2)
    return Rating(player.rating, min(SCALE * phi, max(MAX_RD, player.rd)), player.volatility)
