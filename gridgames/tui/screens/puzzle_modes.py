"""The puzzle screen's parts beside trying moves: the thread worker that checks a try or finds the
next puzzle (`PuzzleThinking`), and the modes and choices (`PuzzleModes`: streak, casual play, the
game and theme to practise, the glossary)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from textual import on
from textual.widgets import Select
from textual.worker import Worker, WorkerState, get_current_worker

from gridgames.games.guard import fault_in
from gridgames.solve.budget import StopCheck
from gridgames.tui.puzzle_source import PuzzleSource
from gridgames.tui.screens.board_screen import BoardScreen

#: The game choice's value for "puzzles of every game".
ALL_GAMES = "all"
ALL_THEMES = "every theme"


class PuzzleThinking(BoardScreen):
    """What may search runs off the UI thread, one job at a time, with a visible "thinking" line."""

    thinking: str
    pending: Any

    def __init__(self) -> None:
        super().__init__()
        self._job = 0  # the latest worker's number: an older one's answer is dropped
        self._then: Callable[[Any], Any] | None = None

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


class PuzzleModes(BoardScreen):
    """Streak mode, casual play, the game and theme chosen, and the glossary."""

    source: PuzzleSource
    streak_on: bool
    streak: int
    note: str
    choice: str | None
    thinking: str

    def next_puzzle(self) -> None:
        raise NotImplementedError

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
