"""The puzzle dashboard as a person uses it: `d` from the first screen and from the puzzle screen; the
rating and results by game and theme; and "your mistakes", only the player's own moves (never the
computer's), each one played as a puzzle when chosen."""

from __future__ import annotations

from textual.widgets import OptionList

from gridgames.puzzles import data
from gridgames.puzzles.progress import ProgressStore
from gridgames.storage import Store
from gridgames.tui.screens.dashboard import DashboardScreen
from gridgames.tui.screens.puzzle import PuzzleScreen
from gridgames.tui.screens.select import SelectScreen
from tests.puzzles.mistaken import play_and_review
from tests.tui.helpers import make_app, shown_text
from tests.tui.puzzles import puzzle_screen, settle
from tests.waiting import click, screen_becomes, until

SIZE = (100, 32)


async def dashboard(pilot) -> DashboardScreen:  # type: ignore[no-untyped-def]
    screen = await screen_becomes(pilot, DashboardScreen, "the dashboard")
    await until(pilot, lambda: screen.loaded, "the dashboard's figures and mistakes")
    return screen


async def test_the_dashboard_shows_results_and_only_your_mistakes_each_playable(data_dir) -> None:
    play_and_review(Store(data_dir), ("human", "easy"))  # move 3 was the person's, move 2 the computer's
    cram = next(p for p in data.shipped() if p.game == "cram")
    ProgressStore(data_dir).record(cram, solved=True)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.press("d")
        screen = await dashboard(pilot)
        stats = shown_text(app, "#dash-stats")
        assert "Puzzle rating" in stats and "1 solved of 1 tried" in stats
        assert "By game: Cram 1/1" in stats and "By theme:" in stats
        listed = screen.query_one("#dash-mistakes", OptionList)
        assert listed.option_count == 1  # the computer's mistake (move 2) is not yours
        assert "Cram 4x4, move 3: Player 1 (X) played D3-D4" in shown_text(app, "#dash-mistakes")
        await pilot.press("enter")  # play it
        puzzles = await puzzle_screen(pilot)
        assert puzzles.title == "Learn from your mistakes"
        assert "Your mistake 1 of 1" in shown_text(app, "#puzzle-about")
        run = puzzles.run
        assert run is not None and run.start.cursor == 2  # the position before move 3
        win = run.solution[0]  # a winning move there, played as a person does: a click on each cell
        for cell in win.cells:
            await click(pilot, f"#cell-{cell.row}-{cell.col}", offset=(1, 0))
        await until(pilot, lambda: puzzles.run is not None and puzzles.run.over, "the mistake to be solved")
        await settle(pilot)
        assert "Solved!" in shown_text(app, "#puzzle-answer")
        await pilot.press("escape")
        assert await screen_becomes(pilot, DashboardScreen, "back to the dashboard") is screen


async def test_the_puzzle_screen_leads_to_the_dashboard_with_no_mistakes_yet() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.press("p")
        puzzles = await puzzle_screen(pilot)
        await pilot.press("d")
        screen = await dashboard(pilot)
        assert "0 solved of 0 tried" in shown_text(app, "#dash-stats")
        assert shown_text(app, "#dash-mistakes-note").startswith("No mistakes of yours are kept yet")
        assert not screen.query_one("#dash-mistakes").display
        await pilot.press("escape")
        assert await screen_becomes(pilot, PuzzleScreen, "back to the puzzles") is puzzles


async def test_the_difficulty_chooser_offers_puzzles_round_your_rating() -> None:
    from textual.widgets import Select

    app = make_app()  # the shipped, rated puzzles; a newcomer is rated 1500
    async with app.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.press("p")
        screen = await puzzle_screen(pilot)
        for level, target in (("harder", 1800), ("easier", 1200)):
            first = screen.run
            screen.query_one("#puzzle-difficulty", Select).value = level
            await until(pilot, lambda first=first: screen.run is not first and screen.run is not None,
                        f"a {level} puzzle")
            await settle(pilot)
            assert screen.run is not None and screen.run.puzzle is not None
            assert abs(screen.run.puzzle.rating - target) <= 100, (level, screen.run.puzzle.rating)
            assert f"rated {screen.run.puzzle.rating:.0f}" in shown_text(app, "#puzzle-about")
