"""Players' ratings on a game server: Glicko-2 (`engine.glicko2`, the puzzles' function, unchanged), one
rating per player and per game, each rated game one rating period.

Time between games: before a game, each player's deviation grows by one idle period (Glicko-2's step 6)
per `IDLE_PERIOD` seconds since their last rated game in that game, never past a newcomer's 350. The
server alone calls this, with the result it decided: no rating ever comes from a client.
"""

from __future__ import annotations

from typing import Any

from gridgames.engine.glicko2 import Rating, idle, rate
from gridgames.online.store.base import RateGame, RatingRow

#: Seconds of absence that count as one rating period without games (a day).
IDLE_PERIOD = 86_400.0
#: A rating is provisional, shown with "?", while its deviation is above this (as lichess does).
PROVISIONAL_RD = 110.0


def current(row: RatingRow | None, now: float) -> Rating:
    """A stored rating as it stands at `now`: its deviation grown with the time since its last game."""
    if row is None:
        return Rating()
    stored = Rating(row.rating, row.rd, row.volatility)
    return idle(stored, max(0.0, now - row.last) / IDLE_PERIOD)


def score(winner: int | None, seat: int) -> float:
    return 0.5 if winner is None else (1.0 if winner == seat else 0.0)


def rate_game(winner: int | None, now: float) -> RateGame:
    """The rating of one game won by `winner` (None: a draw) and ended at `now`: both players rated
    against the other's rating before the game, as `store.record_game` asks."""

    def both(first: RatingRow | None, second: RatingRow | None) -> tuple[RatingRow, RatingRow]:
        one, two = current(first, now), current(second, now)
        new_one = rate(one, [(two, score(winner, 1))])
        new_two = rate(two, [(one, score(winner, 2))])
        return (
            _row(new_one, first, now), _row(new_two, second, now),
        )

    return both


def _row(rating: Rating, before: RatingRow | None, now: float) -> RatingRow:
    return RatingRow(rating.rating, rating.rd, rating.volatility, (before.games if before else 0) + 1, now)


def shown(row: RatingRow | None, now: float) -> dict[str, Any]:
    """A rating as the lobby and the game show it: a whole number and whether it is provisional."""
    rating = current(row, now)
    return {"rating": round(rating.rating), "provisional": rating.rd > PROVISIONAL_RD}


def text(view: dict[str, Any]) -> str:
    """`1532` or `1500?` (provisional)."""
    return f"{view['rating']}{'?' if view.get('provisional') else ''}"
