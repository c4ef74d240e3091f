"""Opening a game record in the app (`--load PATH`, Ctrl+O): play on from it with people on both
sides, or say on the first screen in one sentence why it cannot be opened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridgames.engine.game import Game
from gridgames.games.guard import GameFault
from gridgames.play.setup import Setup
from gridgames.storage import open_record_or_reason

if TYPE_CHECKING:
    from gridgames.tui.app import GridGamesApp


def open_record(app: GridGamesApp, path: str) -> None:
    """Open a game record; on failure the picker says why in one sentence."""
    try:
        game = open_record_or_reason(path)
    except GameFault as fault:
        game = fault.reason
    if isinstance(game, str):
        app.select_screen.show_message(game)
        app.notify(game, severity="error", timeout=8)
        return
    start_record(app, game)


def start_record(app: GridGamesApp, game: Game) -> None:
    """Play on from a record, with people on both sides (a record does not say who played)."""
    last = app.choices.setups.get(game.entry.id)
    setup = Setup(game.entry.id, game.options)
    if last is not None and last.options == game.options:
        setup = Setup(game.entry.id, game.options, starts=last.starts)
    app.start_game(setup, game, remember=False)


def ask_for_record(app: GridGamesApp) -> None:
    """Ctrl+O: the open dialog (from the first screen or a game, not over another dialog)."""
    from gridgames.tui.screens.game import GameScreen
    from gridgames.tui.screens.record_file import OpenRecordScreen
    from gridgames.tui.screens.select import SelectScreen

    if not isinstance(app.screen, (SelectScreen, GameScreen)):
        return

    def opened(game: object) -> None:
        if isinstance(game, Game):
            start_record(app, game)

    app.push_screen(OpenRecordScreen(""), opened)
