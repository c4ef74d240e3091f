"""The puzzle dashboard: your rating and its history, your results by game and by theme, your weakest
themes, and "your mistakes": every proven mistake of yours in your finished games (never the
computer's), across games, each one played as a puzzle when chosen.

Reached with `d` from the first screen and from the puzzle screen. What it shows is worked out in
plain Python (`puzzles.stats`, `puzzles.mistakes`), read beside the UI in a thread worker (the puzzle
file and the mistakes' records are read and checked); this screen only lays it out.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, OptionList, Sparkline, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from gridgames.tui.closing import close_screen
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.too_small import TooSmall

#: The rating history drawn: the last this many rated puzzles.
HISTORY_POINTS = 60


class MistakeOptions(OptionList):
    """The list of your mistakes; its Enter is the footer's "⏎ Play" (a screen binding for Enter would
    be shadowed by the list's own)."""

    BINDINGS = [Binding("enter", "select", "Play", key_display="⏎")]


class DashboardScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "Back", key_display="esc"),
        Binding("q", "app.quit", "Quit"),
    ]
    FOOTER_ORDER = ("select", "back", "app.quit")
    DEFAULT_CSS = """
    DashboardScreen #dash-scroll { height: 1fr; padding: 0 1; }
    DashboardScreen .dash-title { margin-top: 1; text-style: bold; }
    DashboardScreen #dash-history { height: 3; margin: 0 0 0 0; }
    DashboardScreen #dash-mistakes { height: auto; max-height: 12; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.mistakes: tuple[Any, ...] = ()
        self.loaded = False  # the figures and the mistakes are on show

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Header()
        with VerticalScroll(id="dash-scroll"):
            yield Static("Reading your puzzles…", id="dash-stats", markup=False)
            yield Static("Rating history", id="dash-history-title", classes="dash-title")
            yield Sparkline([], id="dash-history")
            yield Static("Your mistakes", classes="dash-title")
            yield Static("", id="dash-mistakes-note", markup=False)
            yield MistakeOptions(id="dash-mistakes")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = "Your puzzles"
        self.sub_title = "results and mistakes"
        self.query_one("#dash-history").display = False
        self.query_one("#dash-history-title").display = False
        self.query_one("#dash-mistakes").display = False
        store = self.app.store  # type: ignore[attr-defined]

        def work() -> tuple[dict[str, Any], tuple[Any, ...]]:
            from gridgames.puzzles import plugins, stats
            from gridgames.puzzles.mistakes import MistakeStore
            from gridgames.puzzles.progress import ProgressStore

            board = stats.stats(ProgressStore(store).load(), plugins.every())
            return board, MistakeStore(store).load()

        self.run_worker(work, thread=True, group="dashboard", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "dashboard":
            return
        if event.state == WorkerState.SUCCESS:
            board, mistakes = event.worker.result or ({}, ())
            self.show(board, mistakes)
        elif event.state == WorkerState.ERROR:
            why = f"✗ Your puzzles could not be read: {event.worker.error}"
            self.query_one("#dash-stats", Static).update(why)

    def show(self, board: dict[str, Any], mistakes: tuple[Any, ...]) -> None:
        from gridgames.puzzles import stats
        from gridgames.puzzles.mistakes import MistakeList

        self.query_one("#dash-stats", Static).update(stats.text(board, titled=True))
        history = [point["rating"] for point in board["history"][-HISTORY_POINTS:]]
        sparkline = self.query_one("#dash-history", Sparkline)
        sparkline.data = history
        sparkline.display = len(history) > 1
        self.query_one("#dash-history-title").display = len(history) > 1
        self.mistakes = mistakes
        note = self.query_one("#dash-mistakes-note", Static)
        listed = self.query_one("#dash-mistakes", OptionList)
        listed.clear_options()
        if mistakes:
            note.update("Newest first. Enter plays one as a puzzle: find a winning move where you erred.")
            listed.add_options(Option(m.describe(), id=f"mistake-{n}") for n, m in enumerate(mistakes))
            listed.display = True
            listed.highlighted = 0
            listed.focus()
        else:
            note.update(MistakeList(()).none_left(None))
        self.app.show_storage_warnings()  # type: ignore[attr-defined]
        self.loaded = True

    @on(OptionList.OptionSelected, "#dash-mistakes")
    def play_mistake(self, event: OptionList.OptionSelected) -> None:
        """The chosen mistake as a puzzle; n goes on to the next ones."""
        from gridgames.puzzles.mistakes import MistakeList
        from gridgames.tui.screens.puzzle import PuzzleScreen

        self.app.push_screen(PuzzleScreen(MistakeList(self.mistakes, first=event.option_index, cycle=True)))

    def action_back(self) -> None:
        self.workers.cancel_group(self, "dashboard")
        close_screen(self, self.app.pop_screen)
