"""The game screen's ways out to other screens: replaying your own mistakes as puzzles (?!) and saving
the game as a record (kept apart so the screen itself stays a thin composition)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.widgets import Button

from gridgames.tui.screens.board_screen import BoardScreen


class GameExtras(BoardScreen):
    """The game screen's base below its own class, which sets `session`, `game` and `viewing`."""

    session: Any
    game: Any
    viewing: int | None

    @on(Button.Pressed, "#learn")
    def action_learn(self) -> None:
        """Learn from a mistake: the move marked ?! chosen in the log (else the first one) replayed
        as a puzzle from the position before it, any winning move accepted; n goes to the next."""
        from gridgames.tui.puzzle_source import MistakeSource
        from gridgames.tui.screens.puzzle import PuzzleScreen

        blunders = self.session.own_blunders  # your mistakes, never the computer's
        if not blunders:
            return
        chosen = self.viewing if self.viewing in blunders else None
        self.app.push_screen(PuzzleScreen(MistakeSource(self.game, blunders, chosen)))

    def action_save_record(self) -> None:
        from gridgames.tui.screens.record_file import SaveRecordScreen

        self.app.push_screen(SaveRecordScreen(self.game))
