"""A source of puzzles for the app tests: real puzzles (found by seeded play and proven by the solver,
tests/puzzles/test_run.py), offered in order, their results kept to be checked; and waiting for the
puzzle screen's work."""

from __future__ import annotations

import random

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.run import PuzzleRun
from gridgames.solve.budget import StopCheck
from gridgames.tui.screens.puzzle import PuzzleScreen
from tests.puzzles.test_run import only_win
from tests.waiting import screen_becomes, until


class ListSource:
    """Offers `puzzles` one after another (round again at the end), those of the chosen game only."""

    rated = True

    def __init__(self, puzzles: list[Puzzle]) -> None:
        self.puzzles = puzzles
        self.offered = 0
        self.results: list[tuple[str, bool, bool]] = []  # (puzzle id, missed, in streak mode)

    def choices(self) -> tuple[Entry, ...]:
        return tuple(dict.fromkeys(get_entry(p.game) for p in self.puzzles))

    def next_run(self, game: str | None, streak: bool, stop: StopCheck = None) -> PuzzleRun | None:
        fitting = [p for p in self.puzzles if game in (None, p.game)]
        if not fitting:
            return None
        puzzle = fitting[self.offered % len(fitting)]
        self.offered += 1
        return PuzzleRun.begin(puzzle, get_entry(game or puzzle.game))

    def none_left(self, game: str | None) -> str:
        return "There are no puzzles of that game here."

    def about(self, run: PuzzleRun) -> str:
        state = run.start.state
        return f"{run.entry.title} · {state.rows}x{state.cols}"

    def record(self, run: PuzzleRun, streak: bool) -> str:
        assert run.puzzle is not None
        self.results.append((run.puzzle.id, run.missed, streak))
        return ""

    def refusal(self) -> str | None:
        return None

    def standing(self) -> str:
        solved = sum(1 for _, missed, _ in self.results if not missed)
        return f"Solved {solved} of {len(self.results)}" if self.results else ""


def a_two_move_puzzle(game_id: str = "locked-duel", size: int = 5, seed: int = 0) -> Puzzle:
    """A puzzle of two moves to find, by seeded play: the only winning move, a reply, and again the
    only winning move (both proven by the solver)."""
    entry = get_entry(game_id)
    rng = random.Random(seed)
    for _ in range(100):
        game = Game.new(entry, Options(size, size), first_player=1)
        while not game.is_over:
            win = only_win(game)
            after = game.play(win) if win is not None else None
            for reply in after.legal_moves() if after is not None else ():
                second = only_win(after.play(reply))
                if second is not None:
                    moves = tuple(entry.format_move(m) for m in game.played)
                    solution = tuple(entry.format_move(m) for m in (win, reply, second))
                    return Puzzle(f"{game_id}-two", game_id, size, size, 1, {}, moves, solution, "",
                                  1500.0, len(game.legal_moves()), 1)
            game = game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no puzzle found")


async def settle(pilot) -> None:  # type: ignore[no-untyped-def]
    """Let the puzzle's worker (checking a try, finding a puzzle) finish and the screen take its
    answer (the screen's `thinking` is cleared then). Tests still await what the answer shows."""
    app = pilot.app
    await pilot.pause()
    await until(
        pilot, lambda: not getattr(app.screen, "thinking", "") and all(w.is_finished for w in app.workers),
        "the puzzle's work to finish",
    )


async def puzzle_screen(pilot) -> PuzzleScreen:  # type: ignore[no-untyped-def]
    """The puzzle screen once it has its first puzzle."""
    screen = await screen_becomes(pilot, PuzzleScreen, "the puzzle screen")
    await until(pilot, lambda: screen.run is not None and screen.query("Board"), "the first puzzle")
    await settle(pilot)
    return screen
