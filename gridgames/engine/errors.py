"""One family of errors under ValueError, so callers catch a single base class.

Every message is one sentence a player can act on.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""


class MoveError(GameError):
    """A move could not be played."""


class InvalidMoveError(MoveError):
    """The text is not a move at all (bad syntax, a cell off the board)."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules forbid in this position."""


class OptionsError(GameError):
    """A game option (board size, first player, a game's own option) is out of range."""


class RecordError(GameError):
    """A game record could not be read; `line` is 1-based, or None for the whole file."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        from gridgames.engine.safetext import printable

        reason = printable(reason, 400)  # reasons quote the file: never a raw escape sequence
        self.reason = reason
        self.line = line
        super().__init__(f"line {line}: {reason}" if line is not None else reason)
