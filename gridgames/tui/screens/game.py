"""The game screen: a thin composition of widgets over a `PlaySession`.

The session (`gridgames.play.session`, plain Python) holds the game, the seats, the match, the autosave,
the statistics and the review; this screen turns keys and clicks into session calls, starts the
computer's jobs (`ComputerJobs`: Textual thread workers that the search can be cancelled through),
and redraws the board, the move log, the status line, the legend and the banner from what the
session holds. Rules are the engine's: a refused move shows `why_illegal`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.match import Match
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.games import get_entry
from gridgames.play import computer
from gridgames.play.clocks import OutOfTime
from gridgames.play.narration import (
    COMPUTER_TO_MOVE,
    PLAY_AGAIN,
    READ_ONLY,
    game_over_refusal,
    moves_phrase,
    took_back,
)
from gridgames.play.picking import NOTHING
from gridgames.play.session import PlaySession
from gridgames.play.setup import Setup
from gridgames.tui import house_rules
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.overlay import AnalysisOverlay
from gridgames.tui.screens.clock_view import ClockView
from gridgames.tui.screens.confirm import ask
from gridgames.tui.screens.game_extras import GameExtras
from gridgames.tui.screens.game_view import draw
from gridgames.tui.styles import add_game_css
from gridgames.tui.widgets.board import Board, BoardArea
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.line import Line
from gridgames.tui.widgets.move_log import MoveLog
from gridgames.tui.widgets.title_bar import title_bar
from gridgames.tui.widgets.too_small import TooSmall
from gridgames.tui.workers import ComputerJobs


class GameScreen(AnalysisOverlay, ComputerJobs, ClockView, GameExtras):
    BINDINGS = [
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+y,r", "redo", "Redo", key_display="^y"),
        Binding("w", "alternate_mode", "Other move"),  # named by the game's words (`Words.alternate_name`)
        Binding("n", "new_game", "New"),
        Binding("ctrl+s", "save_record", "Save as", show=False),
        Binding("t", "retry", "Play here"),
        Binding("p", "learn", "Replay ?!"),  # a move marked ?! replayed as a puzzle
        Binding("i", "hint", "Hint"),
        Binding("a", "analysis", "Analyse"),
        Binding("escape", "back", "Back", key_display="esc"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]
    #: The footer's keys, most important first; a narrow terminal drops them from the end (the
    #: palette lists them all). "t Play here" shows only while an earlier position is shown.
    FOOTER_ORDER = (
        "rules", "choose", "select", "log", "board", "retry", "learn", "hint", "analysis", "undo", "back",
        "alternate_mode", "new_game", "redo", "app.quit",
    )

    def __init__(
        self,
        setup: Setup,
        game: Game | None = None,
        rng: random.Random | None = None,
        match: Match | None = None,
        slot: str = "",
        clock_saved: Any = None,
    ) -> None:
        super().__init__()
        add_game_css(self.app)
        self.setup = setup
        self.entry: Entry = get_entry(setup.variant)
        self.words = self.entry.words
        self.name_keys(self.entry)
        self.session = PlaySession(
            match or setup.new_match(self.entry), setup.seats, game=game, rng=rng, slot=slot
        )
        self.message = self.session.start_message
        self.clock_saved = clock_saved  # a resumed game's clock reading (`play.clocks`)
        self.viewing: int | None = None  # a ply shown read-only, or None for the live position
        self.drawn_log: object = None
        self.drawn_keys: object = None

    # -- what the session holds, for the widgets and the tests -----------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def match(self) -> Match:
        return self.session.match

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        options = self.setup.options
        yield TooSmall()
        yield title_bar()
        with Horizontal(id="main"):
            with BoardArea(id="board-area"):
                yield Board(options.rows, options.cols, letters=self.entry.coord_style == "letter")
            with Vertical(id="side"):
                yield Line("clocks")
                yield Static("Moves", classes="side-title")
                yield MoveLog(id="log")
                yield Button("Back to live game", id="live", compact=True)
                yield Line("score")
                yield Line("legend")
        with Vertical(id="banner"):
            yield Line("headline")
            yield Line("reason")
            with Horizontal(classes="buttons"):
                yield Button("Play again (n)", variant="primary", id="again", compact=True)
                yield Button("Other game (esc)", id="leave", compact=True)
                yield Button("Replay ?! (p)", id="learn", compact=True)
        with Horizontal(id="statusbar"):
            yield Line("status")
        yield Line("message")
        yield KeysFooter()

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        o = self.setup.options
        self.title = self.entry.label  # the header: 'Grid Lock (rule book 001) — 5x5' (fits 60 columns)
        self.sub_title = house_rules.header(self.entry, o)
        self.query_one(Board).focus()
        self.session.store = self.app.store  # type: ignore[attr-defined]
        self.session.writer = self.app.writer  # type: ignore[attr-defined]  # saves leave the UI thread
        self.session.hold()  # a resumed game is not offered in another window while it is open here
        self.start_clock(self.clock_saved)
        self.changed(self.message, save=False)

    def on_unmount(self) -> None:
        self.session.leave()  # left mid-turn: the time spent is charged when it is resumed

    def leave(self) -> None:
        """Released before the pop, so the first screen, shown again at once, lists this game."""
        self.session.leave()
        self.app.pop_screen()

    # -- after every change ----------------------------------------------------------------
    def changed(self, message: str = "", save: bool = True) -> None:
        """The session moved (or was just shown): drop stale jobs, redraw, start what is due."""
        if save:
            self.app.show_storage_warnings()  # type: ignore[attr-defined]
        self.message = message
        self.viewing = None
        self.alternate_mode = ""
        self.picking = NOTHING
        request = self.session.think_request()  # first: the status then says the computer is thinking
        self.refresh_view()
        if request is not None:
            self.think(request, self.watch_delay if self.session.all_computer and self.game.cursor else 0.0)
        review = self.session.review_request()
        if review is not None:
            self.review(review)
        self.prepare_if_due()

    def prepare_if_due(self) -> None:
        """With a hard or perfect seat, let the solver do its one-off work on this board (a walls 4x5
        table: seconds) beside play, once; its moves are proven from then on."""
        game, seats = self.session.game, (self.session.seat(1), self.session.seat(2))
        running = any(w.node is self and w.group == "prepare" and not w.is_finished for w in self.workers)
        if not running and computer.prepares_for(seats, self.entry, game.state):
            self.prepare_solver(game)

    def _apply(self, change: Callable[[], Any], say: Callable[[Any], str] = lambda _: "") -> None:
        """Make a session change, with the jobs about the old position cancelled, and redraw saying
        `say(what the change returned)`."""
        self.workers.cancel_group(self, "computer")
        self.workers.cancel_group(self, "analysis")
        self._requested.clear()
        self.changed(say(change()))

    # -- drawing (`game_view`) ---------------------------------------------------------------
    def refresh_view(self) -> None:
        draw(self)

    # -- playing -----------------------------------------------------------------------------
    def position(self) -> tuple[Entry, GridState]:
        return self.entry, self.game.state

    def refusal(self) -> str | None:
        if self.viewing is not None:
            return READ_ONLY
        outcome = self.session.outcome  # a loss on time too
        if outcome is not None:
            return game_over_refusal(self.entry.headline(outcome), PLAY_AGAIN)
        return COMPUTER_TO_MOVE if self.session.computer_to_move else None

    def chosen(self, move: Move) -> None:
        self._apply(lambda: self._play(move))

    def _play(self, move: Move) -> str:
        """Play the person's move (a move after their flag fell ends the game on time instead)."""
        try:
            self.session.play(move)
        except OutOfTime as late:
            return str(late)
        return ""

    @on(OptionList.OptionSelected, "#log")
    def view_ply(self, event: OptionList.OptionSelected) -> None:
        ply = event.option_index
        if ply > len(self.game.moves):  # chosen in the log of a game replaced since (new game typed ahead)
            return
        self.viewing = None if ply == self.game.cursor else ply
        self.say("")

    @on(Button.Pressed, "#live")
    def back_to_live(self) -> None:
        self.viewing = None
        self.refresh_view()
        self.query_one(Board).focus()

    @on(Button.Pressed, "#again")
    def play_again(self) -> None:
        """The next game of the match (a finished game stays counted; an abandoned one does not)."""
        self.evaluations.clear()
        self.workers.cancel_group(self, "review")
        self._apply(self.session.next_game, lambda _: self.session.start_message)
        self.query_one(Board).focus()

    @on(Button.Pressed, "#leave")
    def leave_pressed(self) -> None:
        close_screen(self, self.leave)  # a second press queued must not pop the picker

    # -- actions ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo", "retry") and self.session.timed_out is not None:
            return None  # a loss on time stands
        if action == "undo":
            return True if self.game.can_undo else None
        if action == "redo":
            return True if self.game.can_redo else None
        if action == "alternate_mode":
            return self.check_alternate()
        if action == "retry":
            return self.viewing is not None
        if action == "learn":
            return bool(self.session.own_blunders)
        return True

    def action_undo(self) -> None:
        self._apply(self.session.undo, lambda n: took_back(moves_phrase(n), note=self._no_more("undo")))

    def action_redo(self) -> None:
        more = self._no_more("redo")
        self._apply(self.session.redo, lambda n: f"Replayed {moves_phrase(n)}{f' ({more})' if more else ''}.")

    def _no_more(self, what: str) -> str:
        return "" if getattr(self.game, f"can_{what}") else f"nothing more to {what}"

    def action_retry(self) -> None:
        if self.viewing is None:
            return
        ply = self.viewing
        self._apply(lambda: self.session.play_on_from(ply),
                    lambda _: f"Playing on from move {ply}; later moves can be redone.")
        self.set_focus(self.query_one(Board))  # at once, for keys right behind (MoveLog.action_board)

    def action_back(self) -> None:
        if self.let_go():
            return
        if self.viewing is not None:
            self.back_to_live()
        elif not self.session.in_progress:
            close_screen(self, self.leave)  # a second Esc queued must not pop the picker
        else:
            ask(self.app, "Leave this game? It stays saved and is offered again next time.", "Leave",
                lambda: close_screen(self, self.leave))

    def action_new_game(self) -> None:
        if not self.session.in_progress:
            self.play_again()
        else:
            ask(self.app, "Abandon this game and start a new one with the same options?", "New game",
                self.play_again)

    def action_rules(self) -> None:
        self.open_rules(self.entry, self.setup.options)
