"""The game screen drawn from what its session holds: the board's marks, the move log, the status
line, the score, the message, the end banner and the legend (the words are the play layer's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridgames.play.narration import score_text, status_text
from gridgames.tui.marks import cell_marks, with_region_values
from gridgames.tui.screens.board_screen import legend_text
from gridgames.tui.widgets.board import Board
from gridgames.tui.widgets.line import Line
from gridgames.tui.widgets.move_log import MoveLog

if TYPE_CHECKING:
    from gridgames.tui.screens.game import GameScreen


def draw(screen: GameScreen) -> None:
    """Redraw every widget of `screen` from its session (the log and the keys only when they changed)."""
    session, game, entry = screen.session, screen.session.game, screen.entry
    shown = game if screen.viewing is None else game.goto(screen.viewing)
    live = screen.viewing is None and not session.is_over and not session.computer_to_move
    legal = game.legal_moves() if live else ()
    evaluation = screen.evaluations.get(game.state) if screen.analysis_on and live else None
    values = evaluation.move_values if evaluation is not None else None
    last = shown.played[-1] if shown.played else None
    marks = cell_marks(
        entry, shown.state, legal, alternate=screen.alternate_mode, picking=screen.picking, last=last,
        values=values, words=screen.words,
    )
    regions = screen.regions.get(game.state) if evaluation is not None else None
    if regions:
        marks = with_region_values(marks, shown.state, regions)
    screen.query_one(Board).show(marks)
    log_key = (game.moves, game.cursor, screen.viewing, session.blunders)
    if log_key != screen.drawn_log:
        screen.drawn_log = log_key
        screen.query_one(MoveLog).show(game, screen.viewing, session.blunders)
    target = screen.target(entry, game.state, legal)
    status = status_text(session, screen.viewing, screen.alternate_mode, legal, screen.picking, target)
    screen.query_one("#status", Line).show(status)
    score = score_text(session.match)
    screen.query_one("#score", Line).show(score)
    screen.query_one("#score").display = bool(score)
    screen.show_message()
    outcome = session.outcome  # a loss on time too
    if outcome is not None:
        screen.query_one("#headline", Line).show(entry.headline(outcome))
        screen.query_one("#reason", Line).show(entry.describe(outcome))
    screen.set_class(outcome is not None, "-over")
    screen.show_clocks()
    screen.set_class(screen.viewing is not None, "-viewing")
    # The analysis describes the live position only: an earlier position shown hides it (its
    # value and Grundy sum would otherwise be read as the shown position's).
    analysed = screen.viewing is None
    legend = legend_text(
        entry, marks, screen.evaluations.get(game.state) if analysed else None,
        screen.regions.get(game.state) if analysed else None, screen.analysis_on, viewing=not analysed,
    )
    screen.query_one("#legend", Line).show(legend)
    screen.query_one("#learn").display = bool(session.own_blunders)
    bindings_key = (game.can_undo, game.can_redo, screen.viewing is not None, session.blunders)
    if bindings_key != screen.drawn_keys:  # the footer rebuilds itself on every refresh
        screen.drawn_keys = bindings_key
        screen.refresh_bindings()
    screen.want_analysis()
