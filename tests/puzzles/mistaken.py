"""A finished game of Cram 4x4 with two proven mistakes, for the tests of your mistakes: move 2
(Player 2's) and move 3 (Player 1's) each throw a proven win away."""

from __future__ import annotations

from gridgames.engine.match import Match
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play import computer
from gridgames.play.session import PlaySession
from gridgames.storage import Store

MOVES = ("B3-C3", "A3-A4", "D3-D4", "B1-B2", "B4-C4", "D1-D2", "A1-A2", "C1-C2")
#: The moves the review marks (1-based), and whose they are.
BLUNDERS = {2: 2, 3: 1}


def play_and_review(store: Store, seats: tuple[str, str] = ("human", "easy")) -> PlaySession:
    """The game played to its end at a table with `seats` (Player 1 first), then reviewed as the app
    does at the end of a game."""
    session = PlaySession(Match(get_entry("cram"), Options(4, 4, "1")), seats=seats, store=store)
    for text in MOVES:
        session.play(session.game.parse(text))
    request = session.review_request()
    assert request is not None
    game = request.game
    session.reviewed(request, computer.threw_away_wins(game.entry, game.states[: game.cursor + 1]))
    assert session.blunders == frozenset(BLUNDERS)
    return session
