"""The moves of a game as its notation writes them, for assertions."""

from __future__ import annotations

from gridgames.engine.game import Game


def played(game: Game) -> list[str]:
    """The moves that led to the game's position, in the game's own notation."""
    return [game.rules.format_move(move) for move in game.played]
