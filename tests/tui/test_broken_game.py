"""A game whose code fails never takes the app down: the first screen loads, the broken game's card
says why and it cannot be started, a fault mid-game goes back to the first screen with one sentence,
its autosave is not offered, and the other games play on (gridgames/games/guard.py)."""

from __future__ import annotations

import pytest

from gridgames import games
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import guard
from gridgames.play import computer
from gridgames.storage import Store
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.select import SelectScreen
from tests.games.broken_plugin import BROKEN
from tests.tui.helpers import SIZE, make_app, text_of

FAILING_AT_ONCE = ("broken-moves", "garbage-moves", "broken-look")


@pytest.fixture(autouse=True)
def broken(register_games, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "available", lambda: False)
    register_games(BROKEN)


def position(game_id: str) -> int:
    return [entry.id for entry in games.catalogue()].index(game_id)


async def choose(app, pilot, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Highlight the game's card on the first screen and press Enter, as a player does."""
    app.screen.query_one("#variants").index = position(game_id)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


async def play_rowcol_move(app, pilot) -> None:  # type: ignore[no-untyped-def]
    """The other games play on: rowcol opens and takes a move."""
    await choose(app, pilot, "rowcol")
    await pilot.press("ctrl+s")  # the new-game panel's Start
    await pilot.pause()
    assert isinstance(app.screen, GameScreen) and app.screen.entry.id == "rowcol"
    await pilot.click("#cell-0-0", offset=(1, 0))
    assert len(app.screen.game.played) == 1


async def test_the_first_screen_says_why_and_the_other_games_play() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SelectScreen)
        for game_id in FAILING_AT_ONCE:
            card = text_of(app, f"#variant-{game_id}")
            assert "✗" in card and "is switched off for this run" in card, card
        assert "switched off" not in text_of(app, "#variant-rowcol")
        await pilot.press(*["down"] * position("broken-moves"), "enter")  # refused, with why
        await pilot.pause()
        assert isinstance(app.screen, SelectScreen)
        message = text_of(app, "#select-message")
        assert message == guard.why_off("broken-moves") and "legal moves exploded" in message
        await choose(app, pilot, "broken-notation")  # its fault is found when it is chosen
        assert isinstance(app.screen, SelectScreen)
        assert "its notation raised" in text_of(app, "#select-message")
        await play_rowcol_move(app, pilot)
    assert app.return_code in (None, 0)


async def test_a_fault_mid_game_goes_back_to_the_first_screen() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*["down"] * position("late"), "enter")
        await pilot.pause()
        await pilot.press("ctrl+s")  # the new-game panel's Start
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.entry.id == "late"
        for cell in ("#cell-0-0", "#cell-0-2", "#cell-1-0", "#cell-1-2"):  # the fourth mark breaks it
            await pilot.click(cell, offset=(1, 0))
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SelectScreen), app.screen
        reason = guard.why_off("late")
        assert reason is not None and "lost track of the board" in reason
        assert reason in text_of(app, "#variant-late") and text_of(app, "#select-message") == reason
        await play_rowcol_move(app, pilot)
    assert app.return_code in (None, 0)


async def test_a_broken_games_autosave_is_not_offered(data_dir) -> None:
    entry = games.get_entry("late")
    game = Game.new(entry, Options(3, 3, "1"), first_player=1)
    for text in ("A1", "A3", "B1"):
        game = game.play(text)
    store = Store()
    store.save_current(game, {}, slot="late-1")
    with store.current_path("late-1").open("a", encoding="utf-8") as save:
        save.write("4. B3\n")  # the game's legal moves fail from here on
    guard.forget()  # a new run
    for _run in range(2):
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SelectScreen), "no question about the broken game's save"
            assert "lost track of the board" in text_of(app, "#variant-late")
            said = [notification.message for notification in app._notifications]
            assert not any("saved game" in message for message in said), said
        guard.forget()
    assert list(data_dir.glob("*late-1*")), "the save stays on disk for a fixed version of the game"


async def test_a_failing_solver_in_the_background_is_switched_off_and_the_game_plays_on(monkeypatch) -> None:
    monkeypatch.setattr(computer, "available", lambda: True)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await choose(app, pilot, "broken-solver")
        await pilot.press("ctrl+s")  # the new-game panel's Start
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.entry.id == "broken-solver"
        await pilot.click("#cell-0-0", offset=(1, 0))
        await pilot.press("a")  # the analysis overlay asks the game's solver, in a worker thread
        said: list[str] = []
        for _ in range(100):
            await pilot.pause(0.05)
            said = [str(notification.message) for notification in app._notifications]
            if any("its evaluate raised AssertionError" in message for message in said):
                break
        assert any("without its solver" in message for message in said), said
        assert app.screen is screen and guard.why_off("broken-solver") is None, "the game plays on"
        await pilot.click("#cell-2-0", offset=(1, 0))
        assert len(screen.game.played) == 2
    assert app.return_code in (None, 0)
