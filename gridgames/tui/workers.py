"""The game screen's background jobs, as Textual thread workers: the computer's move, the analysis
(hint and overlay), the solver's one-off preparation of a board and the end-of-game review.

Each job runs `gridgames.play.computer` in a worker thread and hands its stop check (the worker's
`is_cancelled`) to the search's `Budget`, so cancelling a worker (undo, a new game, leaving the
screen, quitting) ends the search itself within a few milliseconds. A job of one group replaces the
last one (`exclusive=True`). Answers come back on the UI thread through `Worker.StateChanged`, and
one about a position that is no longer current is dropped.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from textual import work
from textual.worker import Worker, WorkerState, get_current_worker

from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.games.guard import fault_in
from gridgames.play import computer
from gridgames.play.clocks import OutOfTime
from gridgames.play.narration import review_text
from gridgames.play.session import Review, ReviewRequest, ThinkRequest


def _stop_check() -> Callable[[], bool]:
    worker = get_current_worker()
    return lambda: worker.is_cancelled


def _pause(seconds: float, stop: Callable[[], bool]) -> None:
    """Sleep `seconds` in short steps, returning early once stopped."""
    end = time.monotonic() + seconds
    while not stop() and time.monotonic() < end:
        time.sleep(min(0.02, max(0.0, end - time.monotonic())))


class ComputerJobs:
    """Mixed into the game screen (a Textual DOM node that has `session`, `changed` and `say`): starts
    the jobs and takes their answers to the session (the analysis's to the overlay)."""

    #: Seconds between moves when the computer plays both sides, so a person can watch.
    watch_delay = 0.6

    @work(thread=True, exclusive=True, group="computer", exit_on_error=False)
    def think(self, request: ThinkRequest, pause: float) -> tuple[ThinkRequest, Any]:
        stop = _stop_check()
        _pause(pause, stop)
        game = request.game
        rng = random.Random(request.seed)
        return request, computer.choose(game.entry, game.state, request.level, rng, stop)

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def analyse_position(self, game: Game, hint: bool) -> tuple[Game, bool, Any, Any]:
        stop = _stop_check()
        evaluation = computer.analyse(game.entry, game.state, stop=stop)
        regions = None if evaluation is None else computer.regions(game.entry, game.state, stop)
        return game, hint, evaluation, regions

    @work(thread=True, exclusive=True, group="prepare", exit_on_error=False)
    def prepare_solver(self, game: Game) -> bool:
        """The solver's one-off work for this board (see `computer.prepare`), beside play."""
        return computer.prepare(game.entry, game.state, _stop_check())

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def review(self, request: ReviewRequest) -> tuple[ReviewRequest, Review]:
        game = request.game
        states: tuple[GridState, ...] = game.states[: game.cursor + 1]
        return request, computer.threw_away_wins(game.entry, states, _stop_check())

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker: Worker[Any] = event.worker
        if event.state == WorkerState.SUCCESS:
            answer: Any = worker.result
            if worker.group == "computer":
                self.computer_answered(*answer)
            elif worker.group == "analysis":
                self.analysed(*answer)
            elif worker.group == "review":
                self.review_done(*answer)
            elif worker.group == "prepare":
                self.prepared(answer)
        elif event.state == WorkerState.ERROR:
            self.job_failed(worker.group, worker.error)

    # -- the answers, on the UI thread ----------------------------------------------------------
    def computer_answered(self, request: ThinkRequest, move: Move) -> None:
        screen: Any = self
        # the computer's opening move keeps the line saying who starts and why (the coin toss)
        message = screen.message if request.game.cursor == 0 else ""
        try:
            if screen.session.computer_moved(request, move):
                screen.changed(message)
        except OutOfTime as late:  # it thought past its time
            screen.changed(str(late))
        except GameError as error:
            screen.session.stop_thinking()
            screen.say(f"✗ The computer chose an illegal move: {error}")

    def review_done(self, request: ReviewRequest, review: Review) -> None:
        screen: Any = self
        screen.session.reviewed(request, review)
        game = screen.session.game
        if game.is_over and game.played == request.key:
            screen.say(review_text(review.blunders, screen.session.own_blunders, review.unjudged))

    def prepared(self, done: bool) -> None:
        """The board is solved: the status drops its 'strongest search until ...' note, and what the
        analysis and the hint said before it (searched, not proven) is asked again, now exact."""
        screen: Any = self
        if done:
            stale = [state for state, evaluation in screen.evaluations.items() if not evaluation.exact]
            for state in stale:
                del screen.evaluations[state]
                screen.regions.pop(state, None)
            screen._requested.clear()
            screen.refresh_view()

    def job_failed(self, group: str | None, error: BaseException | None) -> None:
        screen: Any = self
        fault = fault_in(error)
        if fault is not None:  # the game's own code failed: it is switched off, back to the first screen
            screen.app.game_failed(fault)
            return
        if group == "computer":
            screen.session.stop_thinking()
        screen.say(f"✗ The computer could not finish: {error}")

    def analysed(self, game: Game, hint: bool, evaluation: Any, regions: Any) -> None:
        raise NotImplementedError  # the analysis overlay's
