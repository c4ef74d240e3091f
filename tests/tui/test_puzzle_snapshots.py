"""Pictures of the puzzle screen: a fresh puzzle at 60x20 (the smallest terminal promised), and a wrong
try refuted and explained at 100x32.

Regenerate on purpose with `pytest tests/tui/test_puzzle_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from tests.puzzles.test_run import a_puzzle
from tests.tui.helpers import make_app
from tests.tui.puzzles import ListSource, puzzle_screen, settle
from tests.waiting import click, until


def open_puzzles(app, wrong: bool):  # type: ignore[no-untyped-def]
    """Open the puzzle screen (and with `wrong`, try the first legal move that is not the solution)."""

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        app.open_puzzles()
        screen = await puzzle_screen(pilot)
        if wrong:
            run = screen.run
            move = next(m for m in run.game.legal_moves() if m != run.solution[0])
            await click(pilot, f"#cell-{move.cells[0].row}-{move.cells[0].col}")
            await until(pilot, lambda: screen.answer is not None, "the answer to the try")
            await settle(pilot)
        await pilot.pause()

    return run_before


def test_puzzle_at_60x20(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = make_app(puzzles=ListSource([a_puzzle("rowcol", 4, 0)]))
    assert snap_compare(app, terminal_size=(60, 20), run_before=open_puzzles(app, wrong=False))


def test_puzzle_refuted_at_100x32(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = make_app(puzzles=ListSource([a_puzzle("locked-duel", 4, 0)]))
    assert snap_compare(app, terminal_size=(100, 32), run_before=open_puzzles(app, wrong=True))
