"""A solver that lies is never believed by the app: the hint is searched and says not proven, the
analysis marks no proven value, and one notification says the solver is switched off
(gridgames/games/guard.py; the liar is tests/games/lying_plugin.py)."""

from __future__ import annotations

import pytest

from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.games import guard
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from tests.games.lying_plugin import GAMES, LIES, VARIABLE
from tests.tui.helpers import SIZE, make_app, text_of
from tests.tui.test_computer import settle
from tests.waiting import click, screen_becomes, until


@pytest.fixture(autouse=True)
def liar(register_games) -> None:  # type: ignore[no-untyped-def]
    register_games(GAMES)


@pytest.mark.parametrize("lie", ["hole", "missing"])
async def test_the_hint_of_a_lying_solver_is_searched_and_not_proven(lie, monkeypatch) -> None:
    monkeypatch.setenv(VARIABLE, lie)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Setup("liar", Options(6, 6, "1")))
        screen = await screen_becomes(pilot, GameScreen, "the liar's game")
        await pilot.press("i")
        await settle(pilot, screen)
        hint = text_of(app, "#message")
        assert hint.startswith("Hint: ") and "not proven" in hint, hint
        assert "proven" not in hint.replace("not proven", ""), hint
        assert Move.at(screen.query_one("#board").cursor) in screen.game.legal_moves()
        said = [str(notification.message) for notification in app._notifications]
        assert any(LIES[lie] in message and "without its solver" in message for message in said), said
        assert guard.why_off("liar") is None and isinstance(app.screen, GameScreen), "the game plays on"
        await click(pilot, "#cell-5-0", offset=(1, 0))  # a move by the player: the game goes on
        await until(pilot, lambda: len(screen.game.played) == 1, "the player's move")
