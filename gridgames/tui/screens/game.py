"""The game screen: board, move log, status line, banner at the end, and the computer's turns.

The screen holds the game as one immutable `Game` value (`self.game`, reactive); every change
makes a new value and the widgets redraw from it. Rules are the engine's: a refused move shows
`rules.why_illegal`, and undo is `game.undo()`.

Every change of the game is autosaved (`Store.save_current`, with the seats and the match score),
so a killed app resumes at the last completed move. The match score is the engine's `Match`:
`match_base` is the score before this game and `match` adds this game once it is over, so undoing
the last move takes the result back out. A finished game counts in the statistics once, at its
first ending: undoing the last move and finishing differently does not count it twice.
"""

from __future__ import annotations

import asyncio
import random

from rich.cells import cell_len
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.events import Resize
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Button, Header, OptionList, Static
from textual.worker import Worker, WorkerState

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.match import Match
from gridgames.engine.moves import Move
from gridgames.games import get_entry
from gridgames.tui import computer
from gridgames.tui.choices import Setup
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.marks import (
    FORBIDDEN,
    TARGET,
    VALUE_GLYPHS,
    WALL_TARGET,
    cell_marks,
    in_setup,
    with_region_values,
)
from gridgames.tui.session import settings_for
from gridgames.tui.widgets.board import Board
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.move_log import MoveLog
from gridgames.tui.widgets.too_small import TooSmall


class BoardArea(Container):
    """The space left for the board; the board picks its cell size from it."""

    def on_resize(self, event: Resize) -> None:
        self.query_one(Board).fit(event.size)


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+y,r", "redo", "Redo", key_display="^y"),
        Binding("w", "wall_mode", "Walls"),
        Binding("n", "new_game", "New"),
        Binding("ctrl+s", "save_record", "Save as", show=False),
        Binding("t", "retry", "Play here"),
        Binding("i", "hint", "Hint"),
        Binding("a", "analysis", "Analyse"),
        Binding("escape", "back", "Back", key_display="esc"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    #: Keys the footer leaves out first when the terminal is narrow (the palette lists them all).
    FOOTER_SPARE = ("analysis", "hint", "log", "board", "redo", "save_record", "wall_mode")

    game: var[Game] = var(None, always_update=True)  # type: ignore[assignment]
    #: Seconds between moves when the computer plays both sides, so a person can watch.
    watch_delay = 0.6

    def __init__(
        self,
        setup: Setup,
        game: Game | None = None,
        rng: random.Random | None = None,
        match: Match | None = None,
        slot: str = "",
    ) -> None:
        super().__init__()  # no id: switch_screen mounts the next game before the last one leaves
        self.slot = slot  # this game's own autosave slot (a resumed one keeps its slot; see autosave)
        self.setup = setup
        self.entry: Entry = get_entry(setup.variant)
        self.rng = rng or random.Random()
        self.match_base: Match = match or setup.new_match(self.entry)  # the score before this game
        self.match: Match = self.match_base  # ... and with this game once it is over
        self.game_number = 1
        self._counted: set[int] = set()  # game numbers already in the statistics
        self._saved = game is not None and game.cursor > 0  # whether this game is in the autosave
        self.viewing: int | None = None  # a ply shown read-only, or None for the live position
        self.wall_mode = False
        self.message = ""
        self.thinking = False
        self.analysis_on = False
        self.evaluations: dict[object, object] = {}  # state -> Evaluation (solver results)
        self.regions: dict[object, list[tuple[int, int]] | None] = {}  # state -> Node Kayles regions
        self._requested: set[object] = set()
        self.blunders: frozenset[int] = frozenset()
        self.review_key: object = None
        self._texts: dict[str, str] = {}
        self._log_key: object = None
        self._bindings_key: object = None
        first = game or self._fresh_game()
        self.set_reactive(GameScreen.game, first)

    def _fresh_game(self) -> Game:
        match = self.match_base
        game = match.new_game(self.rng)
        starter = self.entry.player(game.first_player)
        if match.games == 0:
            self.message = f"Coin toss: {starter} starts." if self.setup.options.first == "toss" else ""
        else:
            why = {
                "alternate": "the players take turns to start",
                "toss": "by coin toss",
                "winner": "the last game's winner starts",
                "loser": "the last game's loser starts",
            }[match.starts]
            self.message = f"Game {match.games + 1}: {starter} starts ({why})."
        return game

    # -- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        options = self.setup.options
        yield TooSmall()
        yield Header()
        with Horizontal(id="main"):
            with BoardArea(id="board-area"):
                yield Board(options.rows, options.cols, letters=self.entry.coord_style == "letter")
            with Vertical(id="side"):
                yield Static("Moves", classes="side-title")
                yield MoveLog(id="log")
                yield Button("Back to live game", id="live", compact=True)
                yield Static("", id="score", markup=False)
                yield Static(self._legend(), id="legend", markup=False)
        with Vertical(id="banner"):
            yield Static("", id="headline", markup=False)
            yield Static("", id="reason", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Play again (n)", variant="primary", id="again", compact=True)
                yield Button("Other game (esc)", id="leave", compact=True)
        with Horizontal(id="statusbar"):
            yield Static("", id="status", markup=False)
        yield Static("", id="message", markup=False)
        yield KeysFooter()

    def _legend(self) -> str:
        lines = [f"{TARGET} playable  {FORBIDDEN} not now", "[ ] last move"]
        if self.entry.rules.has_walls:
            lines[1] += f"  {WALL_TARGET} wall"
        if self.analysis_on:
            v = VALUE_GLYPHS
            lines.append(f"{v['win']} wins   {v['loss']} loses")
            lines.append(f"{v['draw']} draws  {v['unknown']} unsure")
            evaluation = self.evaluations.get(self.game.state)
            if evaluation is not None:
                exact = "proven" if evaluation.exact else "estimate"  # type: ignore[attr-defined]
                lines.append(f"To move: {evaluation.value} ({exact})")  # type: ignore[attr-defined]
            regions = self.regions.get(self.game.state)
            if regions:
                xor = 0
                for _, g in regions:
                    xor ^= g
                lines.append("Grundy " + " ⊕ ".join(str(g) for _, g in regions) + f" = {xor}")
                lines.append("digit: region's Grundy")
        return "\n".join(lines)

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        o = self.setup.options
        self.sub_title = f"{self.entry.label}, {o.rows}x{o.cols}"
        self.query_one(Board).focus()
        if self.game.is_over:  # a finished record opened: not a game played here
            self._counted.add(self.game_number)
        self._after_change()
        self.refresh_view()

    # -- the game value --------------------------------------------------------------------
    def watch_game(self, game: Game) -> None:
        self._after_change()
        self.refresh_view()
        self.autosave()

    def _after_change(self) -> None:
        if self.game.is_over:
            self.match = self._counted_match()
            self._start_review()
        else:
            self.match = self.match_base
        self.maybe_start_computer()
        self._want_analysis()

    def _counted_match(self) -> Match:
        """The score with the finished game counted (a game of another match's options still counts)."""
        try:
            return self.match_base.record(self.game)
        except GameError:
            return self.match_base

    # -- on disk ---------------------------------------------------------------------------
    def autosave(self) -> None:
        """Save the game in progress; at its end, count it in the statistics and drop the save."""
        store, game = self.app.store, self.game  # type: ignore[attr-defined]
        if not self.slot:
            self.slot = store.new_slot(self.entry.id)  # never another game's (or window's) slot
        if game.is_over:
            if self.game_number not in self._counted:
                self._counted.add(self.game_number)
                self._count_result(game)
            store.clear_current(self.slot)
            self._saved = False
            # the score so far rides with the next game, saved as soon as it starts
        elif game.cursor > 0 or self.match_base.games > 0:
            store.save_current(game, settings_for(self.setup, self.match_base), slot=self.slot)
            self._saved = True
        elif self._saved:  # taken back to the start, nothing to resume
            store.clear_current(self.slot)
            self._saved = False
        self.app.show_storage_warnings()  # type: ignore[attr-defined]

    def _count_result(self, game: Game) -> None:
        """Statistics are a person's results: games the computer plays against itself are not counted."""
        setup = self.setup
        if setup.is_computer(1) and setup.is_computer(2):
            return
        if setup.is_computer(1) or setup.is_computer(2):
            human = 1 if setup.is_computer(2) else 2
            self.app.store.record_game(game, setup.seat(3 - human), human)  # type: ignore[attr-defined]
        else:
            self.app.store.record_game(game, "human", 1)  # type: ignore[attr-defined]

    @property
    def in_progress(self) -> bool:
        return self.game.cursor > 0 and not self.game.is_over

    @property
    def computer_to_move(self) -> bool:
        return not self.game.is_over and self.setup.is_computer(self.game.state.to_move)

    def set_game(self, game: Game, message: str = "") -> None:
        """Replace the game value (cancelling any computer thinking about the old one)."""
        self.cancel_thinking()
        self.workers.cancel_group(self, "analysis")
        self._requested.clear()
        self.blunders = frozenset()
        self.viewing = None
        self.wall_mode = False
        self.message = message
        self.game = game

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        game, entry = self.game, self.entry
        shown = game if self.viewing is None else game.goto(self.viewing)
        live = self.viewing is None and not game.is_over and not self.computer_to_move
        legal = game.legal_moves() if live else ()
        values = None
        evaluation = self.evaluations.get(game.state) if self.analysis_on and live else None
        if evaluation is not None:
            values = evaluation.move_values  # type: ignore[attr-defined]
        last = shown.played[-1] if shown.played else None
        marks = cell_marks(entry, shown.state, legal, wall_mode=self.wall_mode, last=last, values=values)
        regions = self.regions.get(game.state) if evaluation is not None else None
        if regions:
            marks = with_region_values(marks, shown.state, regions)
        self.query_one(Board).show(marks)
        log_key = (game.moves, game.cursor, self.viewing, self.blunders)
        if log_key != self._log_key:
            self._log_key = log_key
            self.query_one(MoveLog).show(game, self.viewing, self.blunders)
        self._set_text("#status", self.status_text(legal))
        score = self.score_text()
        self._set_text("#score", score)
        self.query_one("#score").display = bool(score)
        self._set_text("#message", self.message)
        self.query_one("#message").set_class(self.message.startswith("✗"), "-error")
        outcome = game.outcome
        if outcome is not None:
            self._set_text("#headline", entry.headline(outcome))
            self._set_text("#reason", entry.describe(outcome))
        self.set_class(outcome is not None, "-over")
        self.set_class(self.viewing is not None, "-viewing")
        self._set_text("#legend", self._legend())
        bindings_key = (game.can_undo, game.can_redo, self.viewing is not None)
        if bindings_key != self._bindings_key:  # the footer rebuilds itself on every refresh
            self._bindings_key = bindings_key
            self.refresh_bindings()
        self._want_analysis()

    def _set_text(self, selector: str, text: str) -> None:
        """Update a line only when its text changes, with a layout pass only when its height may change."""
        old = self._texts.get(selector)
        if old != text:
            self._texts[selector] = text
            widget = self.query_one(selector, Static)
            widget.update(text, layout=old is None or not _same_height(widget, old, text))

    def status_text(self, legal: tuple[Move, ...]) -> str:
        game, entry = self.game, self.entry
        if self.viewing is not None:
            return (
                f"Viewing the position after move {self.viewing} of {len(game.moves)} (read-only). "
                "Esc: back to the game · t: play on from here."
            )
        outcome = game.outcome
        if outcome is not None:
            return f"Game over: {entry.headline(outcome)}"
        player = entry.player(game.state.to_move)
        if self.computer_to_move:
            level = self.setup.seat(game.state.to_move)
            if not self.thinking:
                return f"{player}, the computer ({level}), could not move: u undoes, n starts again."
            return f"{player}, the computer ({level}), is thinking…"
        if in_setup(game.state):
            return f"{player}: place your token on any empty cell ({TARGET})."
        if any(m.wall for m in legal):
            if self.wall_mode:
                return f"{player} · WALL MODE: build a wall on a {WALL_TARGET} cell (w: step instead)."
            return f"{player}: step to {TARGET}, or build a wall (right-click or w)."
        restriction = entry.restriction(game.state)
        where = f"a {TARGET} cell {restriction}" if restriction else f"any {TARGET} cell"
        return f"{player} to {entry.rules.verb}: {where} ({len(legal)} open)."

    def score_text(self) -> str:
        """The match score once a game has been counted (nothing to say before the first ends)."""
        match = self.match
        if match.games == 0:
            return ""
        text = match.describe()
        if match.draws:
            text += f" {match.draws} drawn."
        if match.is_over:
            text += " " + match.verdict()
        return text

    def say(self, message: str) -> None:
        self.message = message
        self.refresh_view()

    # -- playing -----------------------------------------------------------------------------
    @on(Board.CellChosen)
    def play_cell(self, event: Board.CellChosen) -> None:
        game = self.game
        if self.viewing is not None:
            self.say("✗ This earlier position is read-only: press Esc to go back, or t to play on from here.")
            return
        if game.outcome is not None:
            self.say(f"✗ The game is over ({self.entry.headline(game.outcome)}): press n to play again.")
            return
        if self.computer_to_move:
            self.say("✗ Please wait: it is the computer's turn.")
            return
        move = Move(event.cell, wall=event.wall or (self.wall_mode and not in_setup(game.state)))
        reason = self.entry.why_illegal(game.state, move)
        if reason is not None:
            self.say(f"✗ {reason}")
            return
        self.set_game(game.play(move))

    @on(OptionList.OptionSelected, "#log")
    def view_ply(self, event: OptionList.OptionSelected) -> None:
        ply = event.option_index
        if ply > len(self.game.moves):  # chosen in the log of a game replaced since (new game typed ahead)
            return
        self.viewing = None if ply == self.game.cursor else ply
        self.message = ""
        self.refresh_view()

    @on(Button.Pressed, "#live")
    def back_to_live(self) -> None:
        self.viewing = None
        self.refresh_view()
        self.query_one(Board).focus()

    @on(Button.Pressed, "#again")
    def again_pressed(self) -> None:
        self.play_again()

    @on(Button.Pressed, "#leave")
    def leave_pressed(self) -> None:
        close_screen(self, self.app.pop_screen)  # a second press queued must not pop the picker

    def play_again(self) -> None:
        """The next game of the match (a finished game stays counted; an abandoned one does not)."""
        self.match_base = self.match
        if self.match_base.is_over:  # a match of agreed length (from line mode) is over: a new one
            self.match_base = self.setup.new_match(self.entry)
        self.game_number += 1
        self.evaluations.clear()
        game = self._fresh_game()
        self.set_game(game, self.message)
        self.query_one(Board).focus()

    def action_save_record(self) -> None:
        from gridgames.tui.screens.record_file import SaveRecordScreen

        self.app.push_screen(SaveRecordScreen(self.game))

    # -- actions ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.game.can_undo else None
        if action == "redo":
            return True if self.game.can_redo else None
        if action == "wall_mode":
            return self.entry.rules.has_walls
        if action == "retry":
            return self.viewing is not None
        if action in ("hint", "analysis"):
            return computer.available()
        return True

    def action_undo(self) -> None:
        game = self.game.undo()
        while game.can_undo and self.setup.is_computer(game.state.to_move) and not self._all_computer:
            game = game.undo()
        more = "" if game.can_undo else " (nothing more to undo)"
        self.set_game(game, f"Took back {self._moves_between(game, self.game)}{more}.")

    def action_redo(self) -> None:
        game = self.game.redo()
        while game.can_redo and self.setup.is_computer(game.state.to_move) and not self._all_computer:
            game = game.redo()
        more = "" if game.can_redo else " (nothing more to redo)"
        self.set_game(game, f"Replayed {self._moves_between(self.game, game)}{more}.")

    @property
    def _all_computer(self) -> bool:
        return self.setup.is_computer(1) and self.setup.is_computer(2)

    @staticmethod
    def _moves_between(a: Game, b: Game) -> str:
        n = abs(a.cursor - b.cursor)
        return "1 move" if n == 1 else f"{n} moves"

    def action_wall_mode(self) -> None:
        if in_setup(self.game.state):
            self.say("✗ Walls come after set-up: first place your token.")
            return
        self.wall_mode = not self.wall_mode
        self.message = "Wall mode: Enter or a click builds a wall." if self.wall_mode else "Step mode."
        self.refresh_view()

    def action_retry(self) -> None:
        if self.viewing is None:
            return
        ply = self.viewing
        self.set_game(self.game.goto(ply), f"Playing on from move {ply}; later moves can be redone.")
        self.query_one(Board).focus()  # playing on is done on the board (the log kept the focus)

    def action_back(self) -> None:
        if self.viewing is not None:
            self.back_to_live()
            return
        if not self.in_progress:
            close_screen(self, self.app.pop_screen)  # a second Esc queued must not pop the picker
            return

        def leave(yes: bool | None) -> None:
            if yes:
                close_screen(self, self.app.pop_screen)

        from gridgames.tui.screens.confirm import ConfirmScreen

        self.app.push_screen(
            ConfirmScreen("Leave this game? It stays saved and is offered again next time.", yes="Leave"),
            leave,
        )

    def action_new_game(self) -> None:
        if not self.in_progress:
            self.play_again()
            return

        def restart(yes: bool | None) -> None:
            if yes:
                self.play_again()

        from gridgames.tui.screens.confirm import ConfirmScreen

        self.app.push_screen(
            ConfirmScreen("Abandon this game and start a new one with the same options?", yes="New game"),
            restart,
        )

    def action_rules(self) -> None:
        from gridgames.tui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.entry))

    # -- the computer ---------------------------------------------------------------------------
    def cancel_thinking(self) -> None:
        self.workers.cancel_group(self, "computer")
        self.thinking = False

    def maybe_start_computer(self) -> None:
        if self.thinking or not self.computer_to_move or self.viewing is not None:
            return
        self.thinking = True
        self.think(self.game, self.setup.seat(self.game.state.to_move))

    @work(exclusive=True, group="computer", exit_on_error=False)
    async def think(self, game: Game, level: str) -> None:
        rng = random.Random(self.rng.random())
        if self._all_computer and game.cursor:
            await asyncio.sleep(self.watch_delay)
        move = await computer.in_daemon_thread(computer.choose, game.entry, game.state, level, rng)
        self._computer_moved(game, move)

    def _computer_moved(self, game: Game, move: Move) -> None:
        if game is not self.game:
            return  # the game changed while the computer thought (undo, new game): a stale answer
        self.thinking = False
        # the computer's opening move keeps the line saying who starts and why (the coin toss)
        message = self.message if game.cursor == 0 else ""
        try:
            self.set_game(game.play(move), message)
        except GameError as error:
            self.say(f"✗ The computer chose an illegal move: {error}")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            if event.worker.group == "computer":
                self.thinking = False
            self.say(f"✗ The computer could not finish: {event.worker.error}")

    # -- hints, analysis and review ------------------------------------------------------------
    def action_hint(self) -> None:
        if self.viewing is not None or self.game.is_over or self.computer_to_move:
            self.say("✗ A hint needs the live game with a person to move.")
            return
        self.analyse_position(self.game, hint=True)

    def action_analysis(self) -> None:
        self.analysis_on = not self.analysis_on
        self.message = (
            "Analysis on: every playable cell shows its value for the player to move."
            if (self.analysis_on)
            else "Analysis off."
        )
        self._requested.clear()
        self.refresh_view()
        self._want_analysis()

    def _want_analysis(self) -> None:
        """Start analysing the live position if the analysis overlay needs it."""
        game = self.game
        if not self.analysis_on or self.viewing is not None or game.is_over or self.computer_to_move:
            return
        if game.state in self.evaluations or game.state in self._requested:
            return
        self._requested.add(game.state)
        self.analyse_position(game, hint=False)

    @work(exclusive=True, group="analysis", exit_on_error=False)
    async def analyse_position(self, game: Game, hint: bool) -> None:
        if game.state not in self.evaluations:
            self._set_text("#message", "Analysing…")
            evaluation = await computer.in_daemon_thread(computer.analyse, game.entry, game.state)
            regions = await computer.in_daemon_thread(computer.regions, game.entry, game.state)
            if evaluation is None:
                self.say("✗ This position is too large to analyse exactly in reasonable time.")
                return
            self.evaluations[game.state] = evaluation
            self.regions[game.state] = regions
        if game is not self.game:
            return
        if hint:
            self.show_hint(self.evaluations[game.state])
        else:
            self.message = ""
            self.refresh_view()

    def show_hint(self, evaluation: object) -> None:
        best = evaluation.best  # type: ignore[attr-defined]
        if not best:
            self.say("✗ There is no move to suggest.")
            return
        move = best[0]
        value = evaluation.move_values[move]  # type: ignore[attr-defined]
        why = {
            "win": "it wins with best play",
            "draw": "it keeps the draw",
            "loss": "every move loses against best play; this one is as good as any",
            "unknown": "the best the computer found in the time it had",
        }[value]
        board = self.query_one(Board)
        board.cursor = move.cell
        if move.wall != self.wall_mode and not in_setup(self.game.state):
            self.wall_mode = move.wall
        self.say(f"Hint: {self.entry.format_move(move)}, because {why} (cursor placed there).")

    def _start_review(self) -> None:
        game = self.game
        if not computer.available() or not game.is_over or self.review_key == (game.moves, game.cursor):
            return
        self.review_key = (game.moves, game.cursor)
        self.review(game)

    @work(exclusive=True, group="review", exit_on_error=False)
    async def review(self, game: Game) -> None:
        blunders = await computer.in_daemon_thread(
            computer.threw_away_wins, game.entry, game.states[: game.cursor + 1]
        )
        if game is not self.game:
            return
        self.blunders = blunders
        if blunders:
            self.message = review_message(sorted(blunders))
        else:
            self.message = "Review: no move threw away a win."
        self.refresh_view()


def review_message(blunders: list[int]) -> str:
    """'Review: moves 5 and 7 threw away a win ...', for the moves found (1-based, in order)."""
    numbers = [str(n) for n in blunders]
    if len(numbers) == 1:
        which, pick = f"move {numbers[0]}", "Choose it"
    else:
        which, pick = f"moves {', '.join(numbers[:-1])} and {numbers[-1]}", "Choose one"
    return (
        f"Review: {which} threw away a win (marked ?! in the log). "
        f"{pick} in the log and press t to retry from there."
    )


def _same_height(widget: Static, old: str, new: str) -> bool:
    """True when `widget` shows `old` and `new` on the same number of lines (a fixed height, or
    the same line count with no line wider than the widget, so neither wraps)."""
    height = widget.styles.height
    if height is not None and not height.is_auto:
        return True
    width = widget.content_size.width
    old_lines, new_lines = old.split("\n"), new.split("\n")
    return (
        width > 0
        and len(old_lines) == len(new_lines)
        and all(cell_len(line) <= width for line in old_lines + new_lines)
    )
