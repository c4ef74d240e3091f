"""The puzzle screen: a thin composition of widgets over a `PuzzleRun` (gridgames.puzzles.run).

The run (plain Python) holds the puzzle, each try and its answer; this screen turns clicks and keys
into tries (picking cells as in a game, `play.picking`), runs what may search (checking a try, which
may need the refutation's proof, up to 2 s; making the next puzzle) in a thread worker with a
visible "thinking" line, and redraws the board, the task, the answer and the explanation from what
the run returned. The board's marks come from `puzzle_marks` (the certificate's groups, the refuted
try and its reply): the screen decides no rule. Puzzles come from a `PuzzleSource`: the shipped,
rated ones, or the mistakes of a finished game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Select, Static

from gridgames.engine.entry import Entry
from gridgames.engine.errors import MoveError
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.play.narration import took_back
from gridgames.play.picking import NOTHING
from gridgames.puzzles.choice import DIFFICULTIES
from gridgames.puzzles.run import Answer, PuzzleRun
from gridgames.puzzles.themes import THEMES
from gridgames.solve.budget import StopCheck
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.puzzle_source import PuzzleSource, short_name
from gridgames.tui.screens.puzzle_modes import ALL_GAMES, ALL_THEMES, PuzzleModes, PuzzleThinking
from gridgames.tui.screens.puzzle_view import draw, hide_log_key
from gridgames.tui.styles import add_game_css, add_puzzle_css
from gridgames.tui.widgets.board import Board, BoardArea
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.line import Line
from gridgames.tui.widgets.title_bar import title_bar
from gridgames.tui.widgets.too_small import TooSmall

#: The answers that give a puzzle's first result (a right move of a longer puzzle does not).
RESULTS = ("solved", "wrong", "shown")


class PuzzleScreen(PuzzleModes, PuzzleThinking):
    BINDINGS = [
        Binding("s", "solution", "Solution"),
        Binding("n", "next", "Next"),
        Binding("r", "retry", "Retry"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("m", "streak", "Streak"),
        Binding("c", "casual", "Casual"),
        Binding("e", "glossary", "Glossary"),
        Binding("d", "dashboard", "Dashboard"),
        Binding("g", "choose_game", "Game"),
        Binding("w", "alternate_mode", "Other move"),  # named by the game's words (`Words.alternate_name`)
        Binding("escape", "back", "Back", key_display="esc"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]
    #: The footer's keys, most important first (see KeysFooter); greyed-out keys are dropped first.
    FOOTER_ORDER = (
        "rules", "choose", "solution", "next", "retry", "undo", "glossary", "streak", "casual", "choose_game",
        "dashboard", "back", "alternate_mode", "app.quit",
    )

    def __init__(self, source: PuzzleSource, game: str | None = None, streak: bool = False) -> None:
        """`game`: whose puzzles to start with (None: every game's); `streak`: in streak mode (rated)."""
        super().__init__()
        self.source = source
        self.choice = game if game in {e.id for e in source.choices()} else None
        self.run: PuzzleRun | None = None
        self.answer: Answer | None = None
        self.pending: Any = None  # a try being checked, drawn on the board meanwhile
        self.thinking = ""  # what the worker is doing, shown while it runs ("" when idle)
        self.streak_on = streak and source.rated
        self.streak = 0  # puzzles solved in a row in streak mode
        self.recorded = False  # the run's first result went to the source
        self.said = ""  # what the last answer said (the try's verdict, the rating's change)
        self.note = ""  # said when the next puzzle is shown

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield title_bar()
        with Horizontal(id="main"):
            yield BoardArea(id="board-area")
            with Vertical(id="side"):
                choices = self.source.choices()
                if choices:
                    options = [("All games", ALL_GAMES)] + [(short_name(e), e.id) for e in choices]
                    yield Select(options, value=self.choice or ALL_GAMES, allow_blank=False,
                                 compact=True, id="puzzle-game")
                if getattr(self.source, "trainer", None) is not None:
                    themes = [("Every theme", ALL_THEMES)] + [(theme, theme) for theme in THEMES]
                    yield Select(themes, value=ALL_THEMES, allow_blank=False, compact=True, id="puzzle-theme")
                    levels = [(f"Difficulty: {d}", d) for d in DIFFICULTIES]
                    yield Select(levels, value=self.source.trainer.difficulty,  # type: ignore[attr-defined]
                                 allow_blank=False, compact=True, id="puzzle-difficulty")
                yield Line("puzzle-about")
                yield Line("puzzle-standing")
                if self.source.rated:
                    yield Button("Streak mode (m)", id="streak", compact=True)
                yield Static("Why", classes="side-title")
                with VerticalScroll(id="why-scroll"):
                    yield Line("puzzle-why")
                yield Button("Words explained (e)", id="glossary", compact=True)
        with Vertical(id="puzzle-bar"):
            yield Line("puzzle-task")
            yield Line("puzzle-thinking")
            yield Line("puzzle-answer")
            yield Line("puzzle-message")
            with Horizontal(classes="buttons"):
                yield Button("Solution (s)", id="solution", compact=True)
                yield Button("Next (n)", id="next", variant="primary", compact=True)
                yield Button("Retry (r)", id="retry", compact=True)
                yield Button("Undo (u)", id="undo", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        add_game_css(self.app)
        add_puzzle_css(self.app)
        settle_after_first_paint(self)
        self.title = "Puzzles" if self.source.rated else "Learn from your mistakes"
        self.sub_title = "find the winning move"
        self.refresh_view()
        self.next_puzzle()

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "puzzle")

    # -- a puzzle ------------------------------------------------------------------------------
    def next_puzzle(self) -> None:
        choice, streak = self.choice, self.streak_on
        self.think("Finding a puzzle…", lambda stop: self.source.next_run(choice, streak, stop), self._begin)

    async def _begin(self, run: PuzzleRun | None) -> None:
        self.answer, self.pending, self.picking, self.alternate_mode = None, None, NOTHING, ""
        self.recorded, self.said = False, ""
        if run is None:
            self.run = None
            for board in self.query(Board):  # no stale puzzle left on show
                await board.remove()
            self.say(f"✗ {self.source.none_left(self.choice)}")
            return
        self.run = run
        self.name_keys(run.entry)
        board = await self.mount_board(self.query_one("#board-area", BoardArea), run.entry, run.start.state)
        hide_log_key(board)
        board.cursor = run.cursor_start
        note, self.note = self.note, ""
        self.say(note)

    # -- drawing (`puzzle_view`) -------------------------------------------------------------
    def refresh_view(self) -> None:
        draw(self)

    # -- trying a move -------------------------------------------------------------------------
    def position(self) -> tuple[Entry, GridState] | None:
        return (self.run.entry, self.run.game.state) if self.run is not None else None

    def refusal(self) -> str | None:
        run = self.run
        if self.thinking or run is None:
            return "Please wait: the puzzle is being worked out."
        if run.over:
            return "This puzzle is over: n for the next one, r to try it again."
        if run.refuted:
            return "Your move was refuted: u takes it back, r starts the puzzle again."
        return None

    def chosen(self, move: Move) -> None:
        run = self.run
        assert run is not None
        self.pending, self.picking = move, NOTHING
        job = self._counting(lambda stop: run.attempt(move, stop))
        self.think("Checking your move…", job, self._answered)

    def _counting(
        self, attempt: Callable[[StopCheck], tuple[PuzzleRun, Answer]]
    ) -> Callable[[StopCheck], tuple[PuzzleRun, Answer, str | None]]:
        """`attempt`, then (in the same worker) the puzzle's first result counted if this answer
        gives it: the progress file is written off the UI thread. The note says what it changed
        (None: nothing was counted)."""
        source, count, streak = self.source, not self.recorded, self.streak_on

        def job(stop: StopCheck) -> tuple[PuzzleRun, Answer, str | None]:
            run, answer = attempt(stop)
            note = source.record(run, streak) if count and answer.kind in RESULTS else None
            return run, answer, note

        return job

    def _answered(self, outcome: tuple[PuzzleRun, Answer, str | None]) -> None:
        run, answer, note = outcome
        self.run, self.answer, self.pending, self.alternate_mode = run, answer, None, ""
        message = f"✗ {answer.text}" if answer.kind == "wrong" else answer.text
        if note is not None:
            message = self._counted(run, f"{message} {note}" if note else message)
        self.said = message
        self.say("")

    def _counted(self, run: PuzzleRun, message: str) -> str:
        """The puzzle's first result was counted: follow the streak, and say what it did."""
        self.recorded = True
        self.app.show_storage_warnings()  # type: ignore[attr-defined]
        if self.streak_on and run.missed:
            self.streak_on = False
            return f"{message} Streak over: {_puzzles(self.streak)} solved in a row."
        if self.streak_on:
            self.streak += 1
        return message

    # -- actions --------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        run = self.run
        busy = bool(self.thinking)
        if action == "solution":
            return True if run is not None and not run.over and not busy else None
        if action == "retry":
            return True if run is not None and not busy and run.game is not run.start else None
        if action == "undo":
            return True if run is not None and not busy and run.can_undo else None
        if action == "next":
            return True if not busy else None
        if action in ("streak", "casual"):
            return self.source.rated
        if action == "choose_game":
            return bool(self.source.choices())
        if action == "alternate_mode":
            return self.check_alternate()
        return True

    def action_solution(self) -> None:
        run = self.run
        if run is None or run.over or self.thinking:
            return
        self.pending = None
        job = self._counting(lambda stop: run.show_solution())
        self.think("Working out the explanation…", job, self._answered)

    def action_next(self) -> None:
        if self.thinking:
            return
        skip = getattr(self.source, "skip", None)
        if self.streak_on and not self.recorded and self.run is not None and skip is not None:
            said = skip()  # a streak's puzzle left unsolved: its one skip, or the streak's end
            if said.startswith("Streak over"):
                self.streak_on, self.streak = False, 0
            self.note = said
        self.next_puzzle()

    def action_retry(self) -> None:
        run = self.run
        if run is None or self.thinking:
            return
        self.run, self.answer, self.picking, self.said = run.retry(), None, NOTHING, ""
        counted = " (the miss stays counted)" if run.missed and self.source.rated else ""
        self.say(f"Back to the puzzle's start{counted}: find the winning move.")

    def action_undo(self) -> None:
        run = self.run
        if run is None or self.thinking:
            return
        try:
            back = run.undo()
        except MoveError as error:
            self.say(f"✗ {error}")
            return
        what = "your refuted move and its reply" if run.refuted else "your move and its reply"
        self.run, self.answer, self.picking, self.said = back, None, NOTHING, ""
        self.say(took_back(what))

    def action_rules(self) -> None:
        if self.run is not None:
            self.open_rules(self.run.entry, self.run.start.options)

    def action_back(self) -> None:
        if self.let_go():
            return
        self.workers.cancel_group(self, "puzzle")
        close_screen(self, self.app.pop_screen)

    @on(Button.Pressed)
    def button_pressed(self, event: Button.Pressed) -> None:
        """Each button does what its key does; the board keeps the keys (arrows, Enter) after it."""
        action = {"solution": self.action_solution, "next": self.action_next, "retry": self.action_retry,
                  "undo": self.action_undo, "streak": self.action_streak,
                  "glossary": self.action_glossary}.get(event.button.id or "")
        if action is not None:
            action()
            for board in self.query(Board):
                board.focus()


def _puzzles(n: int) -> str:
    return "1 puzzle" if n == 1 else f"{n} puzzles"
