"""The game screen: a thin composition of widgets over a `PlaySession`.

The session (`gridgames.play.session`, plain Python) holds the game, the seats, the match, the autosave,
the statistics and the review; this screen turns keys and clicks into session calls, starts the
computer's jobs (`ComputerJobs`: Textual thread workers that the search can be cancelled through),
and redraws the board, the move log, the status line, the legend and the banner from what the
session holds. Rules are the engine's: a refused move shows `why_illegal`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.match import Match
from gridgames.games import get_entry, rule_book
from gridgames.play import computer
from gridgames.play.clocks import GameClock, OutOfTime
from gridgames.play.picking import NOTHING, Picking, switch_alternate
from gridgames.play.session import PlaySession
from gridgames.play.setup import Setup
from gridgames.tui import house_rules
from gridgames.tui.alternate import name_alternate_key
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.marks import cell_marks, with_region_values
from gridgames.tui.overlay import AnalysisOverlay
from gridgames.tui.pointing import pointed_at
from gridgames.tui.screens.confirm import ask
from gridgames.tui.styles import add_game_css
from gridgames.tui.texts import legend_text, score_text, status_text
from gridgames.tui.widgets.board import Board, BoardArea
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.line import Line
from gridgames.tui.widgets.move_log import MoveLog
from gridgames.tui.widgets.title_bar import title_bar
from gridgames.tui.widgets.too_small import TooSmall
from gridgames.tui.workers import ComputerJobs


class GameScreen(AnalysisOverlay, ComputerJobs, Screen[None]):
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
        super().__init__()  # no id: switch_screen mounts the next game before the last one leaves
        add_game_css(self.app)
        self.setup = setup
        self.entry: Entry = get_entry(setup.variant)
        self.words = rule_book(setup.variant).words
        name_alternate_key(self, self.words)
        self.picking: Picking = NOTHING  # a move of several cells being chosen
        self.session = PlaySession(
            match or setup.new_match(self.entry), setup.seats, game=game, rng=rng, slot=slot
        )
        self.message = self.session.start_message
        self.clock_saved = clock_saved  # a resumed game's clock reading (`play.clocks`)
        self.viewing: int | None = None  # a ply shown read-only, or None for the live position
        self._log_key: object = None
        self._bindings_key: object = None

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
        self.query_one("#clocks").display = self.setup.clock is not None
        if self.setup.clock is not None:  # the app's time source: a fake one in tests
            now = getattr(self.app, "now", time.monotonic)  # the app's time source
            self.session.use_clock(GameClock(self.setup.clock, now, self.clock_saved))
            self.set_interval(0.1, self.tick)
        self.changed(self.message, save=False)

    def on_unmount(self) -> None:
        self.session.keep_clock()  # left mid-turn: the time spent is charged when it is resumed
        self.session.close()

    # -- the clock ---------------------------------------------------------------------------
    def tick(self) -> None:
        """Redraw both clocks; a flag fall ends the game (the computer stops thinking)."""
        session = self.session
        if session.clock is None:
            return
        if session.timed_out is None and session.check_time() is not None:
            self.workers.cancel_group(self, "computer")
            self._requested.clear()
            self.changed(session.describe_outcome())
            return
        self.show_clocks()

    def show_clocks(self) -> None:
        """'▶ 0:09.4 ⚠ low  Player 1 (X)': the running clock by the arrow, its last ten seconds by the
        word (and the colour)."""
        clock = self.session.clock
        if clock is None:
            return
        faces = clock.faces()
        line = self.query_one("#clocks", Line)
        line.show("\n".join(face.label(self.entry.player(face.player)) for face in faces))
        line.set_class(any(face.low and face.running for face in faces), "-low")

    # -- after every change ----------------------------------------------------------------
    def changed(self, message: str = "", save: bool = True) -> None:
        """The session moved (or was just shown): drop stale jobs, redraw, start what is due."""
        if save:
            self.app.show_storage_warnings()  # type: ignore[attr-defined]
        self.message = message
        self.viewing = None
        self.alternate_mode = False
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
        session = self.session
        strong = any(session.seat(p) in ("hard", "perfect") for p in (1, 2))
        running = any(w.node is self and w.group == "prepare" and not w.is_finished for w in self.workers)
        if strong and not running and computer.needs_preparing(self.entry, session.game.state):
            self.prepare_solver(session.game)

    def _apply(self, change: Callable[[], Any], say: Callable[[Any], str] = lambda _: "") -> None:
        """Make a session change, with the jobs about the old position cancelled, and redraw saying
        `say(what the change returned)`."""
        self.workers.cancel_group(self, "computer")
        self.workers.cancel_group(self, "analysis")
        self._requested.clear()
        self.changed(say(change()))

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        session, game, entry = self.session, self.session.game, self.entry
        shown = game if self.viewing is None else game.goto(self.viewing)
        live = self.viewing is None and not session.is_over and not session.computer_to_move
        legal = game.legal_moves() if live else ()
        evaluation = self.evaluations.get(game.state) if self.analysis_on and live else None
        values = evaluation.move_values if evaluation is not None else None
        last = shown.played[-1] if shown.played else None
        marks = cell_marks(
            entry, shown.state, legal, alternate=self.alternate_mode, picking=self.picking, last=last,
            values=values, words=self.words,
        )
        regions = self.regions.get(game.state) if evaluation is not None else None
        if regions:
            marks = with_region_values(marks, shown.state, regions)
        self.query_one(Board).show(marks)
        log_key = (game.moves, game.cursor, self.viewing, session.blunders)
        if log_key != self._log_key:
            self._log_key = log_key
            self.query_one(MoveLog).show(game, self.viewing, session.blunders)
        status = status_text(session, self.viewing, self.alternate_mode, legal, self.picking)
        self.query_one("#status", Line).show(status)
        score = score_text(session.match)
        self.query_one("#score", Line).show(score)
        self.query_one("#score").display = bool(score)
        self.query_one("#message", Line).show(self.message)
        self.query_one("#message").set_class(self.message.startswith("✗"), "-error")
        outcome = session.outcome
        if outcome is not None:
            self.query_one("#headline", Line).show(entry.headline(outcome))
            self.query_one("#reason", Line).show(entry.describe(outcome))
        self.set_class(outcome is not None, "-over")
        self.show_clocks()
        self.set_class(self.viewing is not None, "-viewing")
        # The analysis describes the live position only: an earlier position shown hides it (its
        # value and Grundy sum would otherwise be read as the shown position's).
        analysed = self.viewing is None
        legend = legend_text(
            entry, self.evaluations.get(game.state) if analysed else None,
            self.regions.get(game.state) if analysed else None, self.analysis_on, marks,
            viewing=not analysed,
        )
        self.query_one("#legend", Line).show(legend)
        self.query_one("#learn").display = bool(session.own_blunders)
        bindings_key = (game.can_undo, game.can_redo, self.viewing is not None, session.blunders)
        if bindings_key != self._bindings_key:  # the footer rebuilds itself on every refresh
            self._bindings_key = bindings_key
            self.refresh_bindings()
        self.want_analysis()

    def say(self, message: str) -> None:
        self.message = message
        self.refresh_view()

    # -- playing -----------------------------------------------------------------------------
    @on(Board.CellChosen)
    def play_cell(self, event: Board.CellChosen) -> None:
        game = self.game
        if self.viewing is not None:
            self.say("✗ This earlier position is read-only: press Esc to go back, or t to play on from here.")
        elif self.session.outcome is not None:
            headline = self.entry.headline(self.session.outcome)
            self.say(f"✗ The game is over ({headline}): press n to play again.")
        elif self.session.computer_to_move:
            self.say("✗ Please wait: it is the computer's turn.")
        else:
            pointed = pointed_at(self.entry, game.state, self.picking, event, self.alternate_mode)
            self.picking, move = pointed.picking, pointed.move
            if move is None:
                self.say(pointed.said)
            else:
                self._apply(lambda: self._play(move))

    def _play(self, move: Any) -> str:
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
        close_screen(self, self.app.pop_screen)  # a second press queued must not pop the picker

    # -- actions ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo", "retry") and self.session.timed_out is not None:
            return None  # a loss on time stands
        if action == "undo":
            return True if self.game.can_undo else None
        if action == "redo":
            return True if self.game.can_redo else None
        if action == "alternate_mode":
            return self.entry.rules.alternate_kind is not None
        if action == "retry":
            return self.viewing is not None
        if action == "learn":
            return bool(self.session.own_blunders)
        return True

    def action_undo(self) -> None:
        self._apply(self.session.undo, lambda n: f"Took back {_moves(n)}{self._no_more('undo')}.")

    def action_redo(self) -> None:
        self._apply(self.session.redo, lambda n: f"Replayed {_moves(n)}{self._no_more('redo')}.")

    def _no_more(self, what: str) -> str:
        return "" if getattr(self.game, f"can_{what}") else f" (nothing more to {what})"

    def action_alternate_mode(self) -> None:
        """Switch between the game's ordinary moves and its second kind (`Rules.alternate_kind`)."""
        legal = self.game.legal_moves()
        on, said = switch_alternate(self.entry, legal, self.alternate_mode, self.words)
        if on != self.alternate_mode:
            self.alternate_mode, self.picking = on, NOTHING
        self.say(said)

    def action_retry(self) -> None:
        if self.viewing is None:
            return
        ply = self.viewing
        self._apply(lambda: self.session.play_on_from(ply),
                    lambda _: f"Playing on from move {ply}; later moves can be redone.")
        self.query_one(Board).focus()  # playing on is done on the board (the log kept the focus)

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

    def action_back(self) -> None:
        if self.picking.cells:
            self.picking = NOTHING
            self.say("Let go of the picked cells.")
        elif self.viewing is not None:
            self.back_to_live()
        elif not self.session.in_progress:
            close_screen(self, self.app.pop_screen)  # a second Esc queued must not pop the picker
        else:
            ask(self.app, "Leave this game? It stays saved and is offered again next time.", "Leave",
                lambda: close_screen(self, self.app.pop_screen))

    def action_new_game(self) -> None:
        if not self.session.in_progress:
            self.play_again()
        else:
            ask(self.app, "Abandon this game and start a new one with the same options?", "New game",
                self.play_again)

    def action_rules(self) -> None:
        from gridgames.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.entry, self.setup.options))

    def action_save_record(self) -> None:
        from gridgames.tui.screens.record_file import SaveRecordScreen

        self.app.push_screen(SaveRecordScreen(self.game))


def _moves(n: int) -> str:
    return "1 move" if n == 1 else f"{n} moves"
