"""From a puzzle's explanation to the glossary and back, as a person does it: the solution shown, its
explanation in plain words first, the words explained one key (or one click) away."""

from __future__ import annotations

from gridgames.tui.screens.puzzle import PuzzleScreen
from gridgames.tui.screens.rules import GlossaryScreen
from tests.puzzles.test_run import a_puzzle
from tests.tui.helpers import make_app, shown_text
from tests.tui.puzzles import ListSource
from tests.tui.test_puzzles import SIZE, settle


async def test_the_explanation_leads_to_the_glossary_by_key_and_by_click() -> None:
    source = ListSource([a_puzzle("locked-duel", 4, 0)])
    app = make_app(puzzles=source)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.run is not None
        await pilot.press("s")  # the solution, with why it wins
        await settle(pilot)
        why = shown_text(app, "#puzzle-why")
        assert why.startswith("After ")  # plain words first
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, GlossaryScreen)
        assert "Grundy value: A number" in shown_text(app, "#glossary-text")
        source_text = str(app.screen.query_one("#glossary-text").source)
        for term in ("Grundy value", "Nim-sum (XOR)", "Mirror", "Matching", "Pairing"):
            assert f"**{term}**" in source_text
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        await pilot.click("#glossary")
        await settle(pilot)
        assert isinstance(app.screen, GlossaryScreen)


async def test_the_theme_chooser_offers_only_that_themes_puzzles_and_casual_play_is_unrated() -> None:
    from textual.widgets import Select

    app = make_app()  # the shipped, rated puzzles
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.run is not None
        screen.query_one("#puzzle-theme", Select).value = "zugzwang"
        await settle(pilot)
        assert screen.run is not None and screen.run.puzzle is not None
        assert "zugzwang" in screen.run.puzzle.themes
        assert "zugzwang" not in shown_text(app, "#puzzle-about")  # hidden until it is over
        await pilot.press("c")
        await settle(pilot)
        assert "Casual play" in shown_text(app, "#puzzle-message")
        await pilot.press("s")
        await settle(pilot)
        assert "Casual: your rating stays." in shown_text(app, "#puzzle-answer")
        assert "zugzwang" in shown_text(app, "#puzzle-about")
