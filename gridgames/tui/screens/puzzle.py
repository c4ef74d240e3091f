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

import inspect
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Select, Static
from textual.worker import Worker, WorkerState, get_current_worker

from gridgames.engine.errors import MoveError
from gridgames.engine.game import Game
from gridgames.games import rule_book
from gridgames.games.guard import fault_in
from gridgames.play.picking import NOTHING, Picking, is_alternate
from gridgames.puzzles.choice import DIFFICULTIES
from gridgames.puzzles.run import Answer, PuzzleRun
from gridgames.puzzles.themes import THEMES
from gridgames.solve.budget import StopCheck
from gridgames.tui.alternate import name_alternate_key
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.pointing import pointed_at
from gridgames.tui.puzzle_marks import puzzle_marks
from gridgames.tui.puzzle_source import PuzzleSource, short_name
from gridgames.tui.styles import add_game_css, add_puzzle_css
from gridgames.tui.widgets.board import Board, BoardArea
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.line import Line
from gridgames.tui.widgets.title_bar import title_bar
from gridgames.tui.widgets.too_small import TooSmall

#: The game choice's value for "puzzles of every game".
ALL_GAMES = "all"
ALL_THEMES = "every theme"
#: The answers that give a puzzle's first result (a right move of a longer puzzle does not).
RESULTS = ("solved", "wrong", "shown")


class PuzzleScreen(Screen[None]):
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
        "dashboard", "back",
        "alternate_mode", "app.quit",
    )

    def __init__(self, source: PuzzleSource, game: str | None = None, streak: bool = False) -> None:
        """`game`: the entry id whose puzzles to start with (None: every game's); `streak`: start in
        streak mode (where the source is rated)."""
        super().__init__()  # no id: one may be opening while the last one leaves (keys typed ahead)
        self.source = source
        self.choice = game if game in {e.id for e in source.choices()} else None
        self.run: PuzzleRun | None = None
        self.answer: Answer | None = None
        self.pending: Any = None  # a try being checked, drawn on the board meanwhile
        self.thinking = ""  # what the worker is doing, shown while it runs ("" when idle)
        self.picking: Picking = NOTHING
        self.alternate_mode = False
        self.streak_on = streak and source.rated
        self.streak = 0  # puzzles solved in a row in streak mode
        self.recorded = False  # the run's first result went to the source
        self.said = ""  # what the last answer said (the try's verdict, the rating's change)
        self.message = ""  # a note or a refusal since (cleared by the next answer)
        self.note = ""  # said when the next puzzle is shown
        self._job = 0  # the latest worker's number: an older one's answer is dropped
        self._then: Callable[[Any], Any] | None = None

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
                    levels = [(f"Difficulty: {level}", level) for level in DIFFICULTIES]
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

    # -- the worker: what may search runs off the UI thread -----------------------------------
    def think(self, label: str, job: Callable[[StopCheck], Any], then: Callable[[Any], Any]) -> None:
        """Run `job(stop)` in a thread (a new job cancels the last), then `then(result)` here."""
        self._job += 1
        number, self._then, self.thinking = self._job, then, label

        def work() -> tuple[int, Any]:
            worker = get_current_worker()
            return number, job(lambda: worker.is_cancelled)

        self.refresh_view()
        self.run_worker(work, thread=True, group="puzzle", exclusive=True, exit_on_error=False)

    async def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker: Worker[Any] = event.worker
        if worker.group != "puzzle":
            return
        if event.state == WorkerState.SUCCESS:
            number, result = worker.result or (0, None)
            if number == self._job and self._then is not None:
                then, self._then, self.thinking = self._then, None, ""
                done = then(result)
                if inspect.isawaitable(done):
                    await done
        elif event.state == WorkerState.ERROR:
            self.thinking, self.pending = "", None
            fault = fault_in(worker.error)
            if fault is not None:  # the game's own code failed: switched off, back to the first screen
                self.app.game_failed(fault)  # type: ignore[attr-defined]
                return
            self.say(f"✗ The puzzle could not go on: {worker.error}")

    # -- a puzzle ------------------------------------------------------------------------------
    def next_puzzle(self) -> None:
        choice, streak = self.choice, self.streak_on
        self.think("Finding a puzzle…", lambda stop: self.source.next_run(choice, streak, stop), self._begin)

    async def _begin(self, run: PuzzleRun | None) -> None:
        self.answer, self.pending, self.picking, self.alternate_mode = None, None, NOTHING, False
        self.recorded, self.said = False, ""
        if run is None:
            self.run = None
            for board in self.query(Board):  # no stale puzzle left on show
                await board.remove()
            self.say(f"✗ {self.source.none_left(self.choice)}")
            return
        self.run = run
        name_alternate_key(self, rule_book(run.entry.id).words)
        await self._board_for(run.start)
        self.query_one(Board).cursor = run.cursor_start
        note, self.note = self.note, ""
        self.say(note)

    async def _board_for(self, game: Game) -> None:
        """A board of the puzzle's size and coordinates (the last puzzle's, if they are the same)."""
        area = self.query_one("#board-area", BoardArea)
        rows, cols = game.state.rows, game.state.cols
        letters = game.entry.coord_style == "letter"
        for old in area.query(Board):
            if (old.rows, old.cols, old.row_labels[0] == "A") == (rows, cols, letters):
                old.focus()
                return
            await old.remove()
        board = Board(rows, cols, letters=letters)
        _hide_log_key(board)
        await area.mount(board)
        board.fit(area.content_size)
        board.focus()

    # -- drawing -------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        run = self.run
        task = run.task if run is not None else ""
        self.query_one("#puzzle-task", Line).show(task)
        self.query_one("#puzzle-thinking", Line).show(f"⏳ {self.thinking}" if self.thinking else "")
        self.query_one("#puzzle-thinking").display = bool(self.thinking)
        self.query_one("#puzzle-answer", Line).show(self.said)
        self.query_one("#puzzle-answer").set_class(self.said.startswith("✗"), "-error")
        self.query_one("#puzzle-message", Line).show(self.message)
        self.query_one("#puzzle-message").set_class(self.message.startswith("✗"), "-error")
        self.query_one("#puzzle-message").display = bool(self.message)
        self.query_one("#puzzle-about", Line).show(self.source.about(run) if run is not None else "")
        self.query_one("#puzzle-standing", Line).show(self._standing())
        why = self._why()
        self.query_one("#puzzle-why", Line).show(why)
        self.set_class(bool(why), "-explained")  # a short terminal gives the explanation the room
        for button in self.query("#streak").results(Button):
            button.label = f"Streak mode: {'on' if self.streak_on else 'off'} (m)"
            button.set_class(self.streak_on, "-on")
        for action in ("solution", "next", "retry", "undo"):
            self.query_one(f"#{action}", Button).disabled = not self.check_action(action, ())
        self._draw_board()
        self.refresh_bindings()

    def _draw_board(self) -> None:
        run = self.run
        boards = self.query(Board)
        if run is None or not boards:
            return
        entry, answer = run.entry, self.answer
        game, tried, reply, certificate = run.game, None, None, None
        if self.pending is not None:
            game = run.game.play(self.pending)
        elif answer is not None and answer.kind == "wrong" and run.refuted:
            tried, reply = answer.move, answer.reply
            if answer.explanation is not None and answer.explanation.theme:  # a strategy, not just the reply
                certificate = answer.explanation
        elif answer is not None and run.over and answer.explanation is not None:
            certificate = answer.explanation
            if self._shows_first_move(answer):  # a strategy is about the position after its move
                game = run.start.play(self._explained_move(answer))
        live = not run.over and not run.refuted and self.pending is None and not self.thinking
        marks = puzzle_marks(
            entry, game, live=live, picking=self.picking, alternate=self.alternate_mode, tried=tried,
            reply=reply, certificate=certificate, words=rule_book(entry.id).words,
        )
        boards.first(Board).show(marks)

    def _shows_first_move(self, answer: Answer) -> bool:
        """Whether the board goes back to the position after the first move of a longer solution:
        a named strategy's groups are about that position (a line of play is drawn where it ends)."""
        run, why = self.run, answer.explanation
        return (
            run is not None and why is not None and answer.kind != "wrong" and bool(why.theme)
            and bool(why.groups) and run.game.cursor > run.start.cursor + 1
        )

    def _explained_move(self, answer: Answer) -> Any:
        run = self.run
        assert run is not None
        return answer.move if run.any_win else run.solution[0]

    def _why(self) -> str:
        answer, run = self.answer, self.run
        if answer is None or answer.explanation is None or run is None:
            return ""
        lines = list(answer.explanation.lines)
        if self._shows_first_move(answer):
            first = run.entry.format_move(self._explained_move(answer))
            lines.append(f"The board shows the position after {first}, the one explained.")
        return "\n".join(lines)

    def _standing(self) -> str:
        standing = self.source.standing()
        if self.streak_on:
            streak = f"Streak: {self.streak} solved in a row"
            return f"{standing}\n{streak}" if standing else streak
        return standing

    def say(self, message: str) -> None:
        self.message = message
        self.refresh_view()

    # -- trying a move -------------------------------------------------------------------------
    @on(Board.CellChosen)
    def play_cell(self, event: Board.CellChosen) -> None:
        run = self.run
        if self.thinking or run is None:
            self.say("✗ Please wait: the puzzle is being worked out.")
            return
        if run.over:
            self.say("✗ This puzzle is over: n for the next one, r to try it again.")
            return
        if run.refuted:
            self.say("✗ Your move was refuted: u takes it back, r starts the puzzle again.")
            return
        pointed = pointed_at(run.entry, run.game.state, self.picking, event, self.alternate_mode)
        self.picking, move = pointed.picking, pointed.move
        if move is None:
            self.say(pointed.said)
            return
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
        self.run, self.answer, self.pending, self.alternate_mode = run, answer, None, False
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
            return run is not None and run.entry.rules.alternate_kind is not None
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
        self.say(f"Took back {what}.")

    def action_streak(self) -> None:
        if not self.source.rated or self.thinking:
            return
        self.streak_on = not self.streak_on
        self.streak = 0
        if self.streak_on:
            self.note = "Streak mode: puzzles getting harder, one after another until the first miss."
            self.next_puzzle()
        else:
            self.say("Streak mode off.")

    def action_glossary(self) -> None:
        """The glossary of the words the explanations use."""
        from gridgames.tui.screens.rules import GlossaryScreen

        self.app.push_screen(GlossaryScreen())

    def action_casual(self) -> None:
        """Casual play on or off: results are kept, the rating does not move."""
        trainer = getattr(self.source, "trainer", None)
        if trainer is None or not self.source.rated:
            return
        trainer.casual = not trainer.casual
        self.say("Casual play: your rating stays as it is." if trainer.casual else "Rated play.")

    def action_choose_game(self) -> None:
        for select in self.query("#puzzle-game").results(Select):
            select.focus()
            select.expanded = True

    @on(Select.Changed, "#puzzle-game")
    def game_chosen(self, event: Select.Changed) -> None:
        choice = None if event.value == ALL_GAMES else str(event.value)
        if choice != self.choice:
            self.choice = choice
            self.next_puzzle()

    @on(Select.Changed, "#puzzle-theme")
    def theme_chosen(self, event: Select.Changed) -> None:
        """Practise one theme: only its puzzles are offered (the trainer's choice, as `--theme`)."""
        trainer = getattr(self.source, "trainer", None)
        theme = None if event.value == ALL_THEMES else str(event.value)
        if trainer is not None and theme != trainer.theme:
            trainer.theme = theme
            self.next_puzzle()

    @on(Select.Changed, "#puzzle-difficulty")
    def difficulty_chosen(self, event: Select.Changed) -> None:
        """Easier, normal or harder than the player's rating (the trainer's choice, as `--difficulty`)."""
        trainer = getattr(self.source, "trainer", None)
        if trainer is not None and event.value != trainer.difficulty:
            trainer.difficulty = str(event.value)
            self.next_puzzle()

    def action_dashboard(self) -> None:
        from gridgames.tui.screens.dashboard import DashboardScreen

        self.app.push_screen(DashboardScreen())

    def action_alternate_mode(self) -> None:
        run = self.run
        if run is None:
            return
        words = rule_book(run.entry.id).words
        if not self.alternate_mode and not any(is_alternate(run.entry, m) for m in run.game.legal_moves()):
            self.say(f"✗ {words.alternate_not_now or 'There is no such move now.'}")
            return
        self.alternate_mode = not self.alternate_mode
        self.picking = NOTHING
        self.say(words.alternate_on if self.alternate_mode else words.alternate_off)

    def action_rules(self) -> None:
        from gridgames.tui.screens.rules import RulesScreen

        if self.run is not None:
            self.app.push_screen(RulesScreen(self.run.entry, self.run.start.options))

    def action_back(self) -> None:
        if self.picking.cells:
            self.picking = NOTHING
            self.say("Let go of the picked cells.")
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


def _hide_log_key(board: Board) -> None:
    """No move log here: the board's Tab goes on to the next widget, unnamed in the footer."""
    keys = board._bindings.key_to_bindings  # the lists in it are shared by every board: new ones
    for key, bindings in keys.items():
        keys[key] = [replace(b, show=False) if b.action == "log" else b for b in bindings]


def _puzzles(n: int) -> str:
    return "1 puzzle" if n == 1 else f"{n} puzzles"
