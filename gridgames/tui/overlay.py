"""The hint and the analysis overlay of the game screen: what the solver says about the live position.

Mixed into the game screen, next to `ComputerJobs`: asks for an analysis (a thread worker), keeps
the answers by position (an undo back to a position shows its values at once), and puts the hint's
move under the board cursor.
"""

from __future__ import annotations

from typing import Any

from gridgames.engine.game import Game
from gridgames.play.narration import analysis_summary, hint_text
from gridgames.play.narration.screen import NO_HINT_AFTER_THE_END
from gridgames.play.picking import is_alternate
from gridgames.tui.widgets.board import Board
from gridgames.tui.widgets.line import Line


class AnalysisOverlay:
    """State and actions of the overlay; the screen provides `session`, `viewing`, `say`, `query_one`
    and `analyse_position` (see `ComputerJobs`)."""

    analysis_on = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.evaluations: dict[Any, Any] = {}  # state -> Evaluation
        self.regions: dict[Any, list[tuple[int, int]] | None] = {}  # state -> independent regions
        self._requested: set[Any] = set()

    def action_hint(self) -> None:
        screen: Any = self
        game = screen.session.game
        if game.is_over and screen.viewing is None:
            screen.say(f"✗ {NO_HINT_AFTER_THE_END}")
        elif screen.viewing is not None or screen.session.computer_to_move:
            screen.say("✗ A hint needs the live game with a person to move.")
        elif game.state in self.evaluations:
            self.analysed(game, True, self.evaluations[game.state], self.regions[game.state])
        else:
            screen.query_one("#message", Line).show("Analysing…")
            screen.analyse_position(game, True)

    def action_analysis(self) -> None:
        screen: Any = self
        self.analysis_on = not self.analysis_on
        self._requested.clear()
        screen.say(
            "Analysis on: cells show their value for the player to move, once the solver has it."
            if self.analysis_on
            else "Analysis off."
        )

    def want_analysis(self) -> None:
        """Start analysing the live position if the overlay needs it."""
        screen: Any = self
        game = screen.session.game
        if not self.analysis_on or screen.viewing is not None or game.is_over:
            return
        if screen.session.computer_to_move or game.state in self.evaluations or game.state in self._requested:
            return
        self._requested.add(game.state)
        screen.query_one("#message", Line).show("Analysing…")
        screen.analyse_position(game, False)

    def analysed(self, game: Game, hint: bool, evaluation: Any, regions: Any) -> None:
        screen: Any = self
        if evaluation is None:
            screen.say("The analysis was stopped.")
            return
        screen.app.show_storage_warnings()  # a solver switched off while analysing is said at once
        self.evaluations[game.state] = evaluation
        self.regions[game.state] = regions
        if game is not screen.session.game:
            return
        if screen.viewing is not None:  # an earlier position is shown: the live one's hint would mislead
            screen.refresh_view()
            return
        if not hint:  # where the search proved nothing, say which cells its estimate covers
            screen.say(analysis_summary(list(evaluation.move_values.values()), len(game.legal_moves())))
            return
        move, text = hint_text(screen.entry, evaluation)
        if move is not None:  # on the move's first cell not picked yet: Enter there goes on with it
            picked = screen.picking.cells
            screen.query_one(Board).cursor = next((c for c in move.cells if c not in picked), move.cells[0])
            screen.alternate_mode = move.kind if is_alternate(screen.entry, move) else ""
        screen.say(text)
