"""A game whose code fails never takes the app down: the first screen loads, the broken game's card
says why and it cannot be started, a fault mid-game goes back to the first screen with one sentence,
its autosave is not offered, and the other games play on (gridgames/games/guard.py)."""

from __future__ import annotations

import pytest

from gridgames import games
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import guard
from gridgames.storage import Store
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.screens.select import SelectScreen
from tests.games.broken_plugin import BROKEN
from tests.tui.helpers import SIZE, make_app, text_of, without_review
from tests.waiting import click, screen_becomes, until

FAILING_AT_ONCE = ("broken-moves", "garbage-moves", "broken-look")


@pytest.fixture(autouse=True)
def broken(register_games, monkeypatch: pytest.MonkeyPatch) -> None:
    without_review(monkeypatch)
    register_games(BROKEN)


def position(game_id: str) -> int:
    return [entry.id for entry in games.catalogue()].index(game_id)


async def choose(app, pilot, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Highlight the game's card on the first screen and press Enter, as a player does."""
    first = await screen_becomes(pilot, SelectScreen, "the first screen")
    first.query_one("#variants").index = position(game_id)
    await until(pilot, lambda: first.highlighted_entry.id == game_id, f"{game_id}'s card")
    await pilot.press("enter")


async def start(pilot, game_id: str) -> GameScreen:  # type: ignore[no-untyped-def]
    """On the new-game panel: Start; the game's screen."""
    await screen_becomes(pilot, NewGamePanel, "the new-game panel")
    await pilot.press("ctrl+s")  # the new-game panel's Start
    screen = await screen_becomes(pilot, GameScreen, "the game to start")
    assert screen.entry.id == game_id
    return screen


async def play_rowcol_move(app, pilot) -> None:  # type: ignore[no-untyped-def]
    """The other games play on: rowcol opens and takes a move."""
    await choose(app, pilot, "rowcol")
    screen = await start(pilot, "rowcol")
    await click(pilot, "#cell-0-0", offset=(1, 0))
    await until(pilot, lambda: len(screen.game.played) == 1, "the move played")


async def test_the_first_screen_says_why_and_the_other_games_play() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        for game_id in FAILING_AT_ONCE:
            card = text_of(app, f"#variant-{game_id}")
            assert "✗" in card and "is switched off for this run" in card, card
        assert "switched off" not in text_of(app, "#variant-rowcol")
        await pilot.press(*["down"] * position("broken-moves"), "enter")  # refused, with why
        await until(pilot, lambda: text_of(app, "#select-message"), "the reason")
        assert isinstance(app.screen, SelectScreen)
        message = text_of(app, "#select-message")
        assert message == guard.why_off("broken-moves") and "legal moves exploded" in message
        await choose(app, pilot, "broken-notation")  # its fault is found when it is chosen
        await until(pilot, lambda: "its notation raised" in text_of(app, "#select-message"), "the reason")
        assert isinstance(app.screen, SelectScreen)
        await play_rowcol_move(app, pilot)
    assert app.return_code in (None, 0)


async def test_a_fault_mid_game_goes_back_to_the_first_screen() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await choose(app, pilot, "late")
        screen = await start(pilot, "late")
        for n, cell in enumerate(("#cell-0-0", "#cell-0-2", "#cell-1-0")):
            await click(pilot, cell, offset=(1, 0))
            await until(pilot, lambda n=n: len(screen.game.played) == n + 1, "the move played")
        await click(pilot, "#cell-1-2", offset=(1, 0))  # the fourth mark breaks it
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await until(pilot, lambda: text_of(app, "#select-message"), "the reason")
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
            # no question about the broken game's save
            await screen_becomes(pilot, SelectScreen, "the first screen")
            assert "lost track of the board" in text_of(app, "#variant-late")
            said = [notification.message for notification in app._notifications]
            assert not any("saved game" in message for message in said), said
        guard.forget()
    assert list(data_dir.glob("*late-1*")), "the save stays on disk for a fixed version of the game"


async def test_a_failing_solver_in_the_background_is_switched_off_and_the_game_plays_on(monkeypatch) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await choose(app, pilot, "broken-solver")
        screen = await start(pilot, "broken-solver")
        await click(pilot, "#cell-0-0", offset=(1, 0))
        await until(pilot, lambda: len(screen.game.played) == 1, "the move played")
        await pilot.press("a")  # the analysis overlay asks the game's solver, in a worker thread

        def said() -> list[str]:
            return [str(notification.message) for notification in app._notifications]

        await until(pilot, lambda: any("without its solver" in message for message in said()),
                    "the sentence that the solver is switched off")
        assert any("its evaluate raised AssertionError" in message for message in said()), said()
        assert app.screen is screen and guard.why_off("broken-solver") is None, "the game plays on"
        await click(pilot, "#cell-2-0", offset=(1, 0))
        await until(pilot, lambda: len(screen.game.played) == 2, "the second move played")
    assert app.return_code in (None, 0)
