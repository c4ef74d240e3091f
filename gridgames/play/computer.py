"""The computer players and the analysis, for every front end: the app's thread workers, line mode
and online play.

A computer seat is a `Computer`: a level playing one rule book. It chooses its moves, says when it
cannot prove them (`proof_note`), and does the solver's one-off work on a board (`prepare`); the
policy "an exact level searches instead where no exact answer is quick" is written here once. The
solvers are imported only inside functions, so people can play each other without loading them. Every call
takes a stop check (a worker's `is_cancelled`) that the search's `Budget` polls, so cancelling
(undo, new game, quitting) ends the search itself.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.roles import Level
from gridgames.engine.rules import GridState
from gridgames.play.session import Review
from gridgames.solve.budget import PREPARE_SECONDS, REPLY_SECONDS
from gridgames.solve.hooks import solver_of

if TYPE_CHECKING:
    from gridgames.solve.players import Choice

#: Returns True once the answer is no longer wanted.
Stop = Callable[[], bool] | None
#: Seconds a search-based move or analysis may take (exact solvers ignore it).
ANALYSIS_BUDGET = 1.0
#: Seconds the end-of-game review may spend proving the game's positions, all of them together.
REVIEW_BUDGET = 5.0


def levels() -> tuple[Level, ...]:
    """The computer levels, weakest first."""
    return tuple(Level)


#: The levels that play exact answers where the solver has them.
EXACT_LEVELS = (Level.HARD, Level.PERFECT)
#: What an exact level plays where no exact answer is quick: the deepest search its time allows
#: (`solve.players.strongest_search_move`; before, the medium level's, which plays one move in five at
#: random). The same name as `solve.players.SEARCH`, kept here so that the play layer's import stays light.
SEARCH_LEVEL = "search"


def exact_seat(seats: tuple[str, ...]) -> str | None:
    """The last seat of `seats` that plays exact answers where the solver has them, or None."""
    levels = [seat for seat in seats if seat in EXACT_LEVELS]
    return levels[-1] if levels else None


def prepares_for(seats: tuple[str, ...], entry: Entry, state: GridState) -> bool:
    """Whether a table with these seats lets the solver do its one-off work on this board beside
    play (an exact seat, and a solver with such work to do)."""
    return exact_seat(seats) is not None and needs_preparing(entry, state)


def setup_note(entry: Entry, seats: tuple[str, ...], options: Any) -> str:
    """'Computer (perfect): strongest search; not proven on 9x9.' for a set-up, when that is so."""
    level = exact_seat(seats)
    if level is None:
        return ""
    note = proof_note(entry, entry.rules.start(options, 1), level)
    return f"Computer ({level}): {note}." if note else ""


def too_big_to_solve(entry: Entry, state: GridState) -> bool:
    """Whether the game's exact solver, which may have no time budget, would take minutes here."""
    return not solver_of(entry).is_quick(state)


def needs_preparing(entry: Entry, state: GridState) -> bool:
    """Whether the solver has seconds of work to do once (a whole-board table) before it proves moves here."""
    return solver_of(entry).needs_preparing(state)


def prepare(entry: Entry, state: GridState, stop: Stop = None) -> bool:
    """Do that work (in a worker: it takes seconds and stops when cancelled); True once done."""
    return solver_of(entry).prepare(state, _budget(PREPARE_SECONDS, stop))


def proof_note(entry: Entry, state: GridState, level: str) -> str | None:
    """'strongest search; not proven on 9x9' when the perfect (or hard) seat cannot prove its moves here."""
    if level not in EXACT_LEVELS:
        return None
    if needs_preparing(entry, state):
        return f"strongest search until the {state.rows}x{state.cols} board is solved (a few seconds)"
    from gridgames.solve.analysis import needs_budget

    if needs_budget(entry, state) or too_big_to_solve(entry, state):
        own = solver_of(entry).seat_note(state)
        return own or f"strongest search; not proven on {state.rows}x{state.cols}"
    return None


def _budget(seconds: float, stop: Stop) -> Any:
    from gridgames.solve.budget import Budget

    return Budget(seconds, stop)


def choose(
    entry: Entry, state: GridState, level: str, rng: random.Random, stop: Stop = None
) -> Move:
    """The computer's move; a level that needs an exact solution searches instead when none is quick."""
    return Computer(entry, level).choose(state, rng, stop)


@dataclass(frozen=True)
class Computer:
    """A computer seat: `level` playing `entry`'s rule book."""

    entry: Entry
    level: str
    #: Its time for a move (a test of proven play gives it all it needs).
    seconds: float = REPLY_SECONDS

    def playing_level(self, state: GridState) -> str:
        """The level it plays at here: an exact level searches where no exact answer is quick."""
        if self.level in EXACT_LEVELS and too_big_to_solve(self.entry, state):
            return SEARCH_LEVEL
        return self.level

    def choose(self, state: GridState, rng: random.Random, stop: Stop = None) -> Move:
        """Its move, within a reply's time (the app prepares the board beside play, see `prepare`)."""
        return self.decide(state, rng, stop).move

    def decide(self, state: GridState, rng: random.Random, stop: Stop = None) -> Choice:
        """Its move and whether it proved it (`solve.players.Choice`): only the perfect level claims
        proof, and only where its analysis proved the move within its time."""
        from gridgames.solve.players import decide

        level = self.playing_level(state)
        return decide(self.entry, state, level, rng=rng, budget=_budget(self.seconds, stop))

    def reply(self, state: GridState, rng: random.Random, stop: Stop = None) -> Move:
        """Its move after the board's one-off work, done first if due (line mode, which has no
        worker to do it beside play: a walls 4x5 table takes seconds once)."""
        if self.needs_preparing(state):
            self.prepare(state, stop)
        return self.choose(state, rng, stop)

    def proof_note(self, state: GridState) -> str | None:
        """Why its moves here are not proven, or None when they are (or it never claims proof)."""
        return proof_note(self.entry, state, self.level)

    def needs_preparing(self, state: GridState) -> bool:
        return self.level in EXACT_LEVELS and needs_preparing(self.entry, state)

    def prepare(self, state: GridState, stop: Stop = None) -> bool:
        return prepare(self.entry, state, stop)


def analyse(
    entry: Entry, state: GridState, budget: float = ANALYSIS_BUDGET, stop: Stop = None
) -> Any:
    """The solver's Evaluation of `state`: exact where it is proven; where no exact answer is quick,
    the move the strongest seat would play, found by a search within `budget` and labelled not
    proven (every board a computer plays on has a hint). None only when cancelled."""
    from gridgames.solve.analysis import analyse as solve
    from gridgames.solve.base import UNKNOWN, Evaluation
    from gridgames.solve.budget import SearchTimeout

    started = time.perf_counter()
    if not too_big_to_solve(entry, state):
        return solve(entry, state, budget=_budget(budget, stop))
    try:
        move = Computer(entry, EXACT_LEVELS[-1]).choose(state, random.Random(state.ply), stop)
    except SearchTimeout:
        return None
    if stop is not None and stop():
        return None
    seconds = time.perf_counter() - started
    return Evaluation(UNKNOWN, {move: UNKNOWN}, exact=False, seconds=seconds)


def regions(
    entry: Entry, state: GridState, stop: Stop = None
) -> list[tuple[int, int]] | None:
    """The independent regions as [(cell mask, Grundy value)] where the game decomposes, else None."""
    if too_big_to_solve(entry, state):
        return None
    from gridgames.solve.budget import SearchTimeout

    try:
        return solver_of(entry).regions(state, _budget(ANALYSIS_BUDGET, stop))
    except SearchTimeout:
        return None


def threw_away_wins(
    entry: Entry, states: tuple[GridState, ...], stop: Stop = None, seconds: float = REVIEW_BUDGET
) -> Review:
    """The review of a game through `states`. The positions are proven from the end back, each with
    the time the review has left: the late ones are quick, and an early one that is not proven in
    time leaves its move unjudged (said so) rather than cleared."""
    from gridgames.solve.base import LOSS, WIN

    deadline = time.perf_counter() + seconds
    values: list[str | None] = [None] * len(states)
    for index in range(len(states) - 1, -1, -1):
        left = deadline - time.perf_counter()
        if (stop is not None and stop()) or left <= 0:
            break
        state = states[index]
        evaluation = None if too_big_to_solve(entry, state) else analyse(entry, state, left, stop)
        values[index] = evaluation.value if evaluation is not None and evaluation.exact else None
    moves = range(1, len(states))
    blunders = frozenset(n for n in moves if values[n - 1] == WIN and values[n] == WIN)
    # a move is judged when its mover was lost anyway, or when both positions around it are proven
    unjudged = sum(1 for n in moves if values[n - 1] != LOSS and None in (values[n - 1], values[n]))
    return Review(blunders, unjudged)
