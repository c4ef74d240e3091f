"""The game screens' and the dialogs' style sheets, added to the app's when the first is made.

app.tcss holds what the first screen uses; the rules of the game screens (layout, side panel,
board) are in game.tcss and the dialogs' in dialogs.tcss, so the start-up does not parse them
(~4 ms and ~2 ms of it). They are
added with `Stylesheet.add_source`, not as a screen's CSS_PATH: Textual loads that by parsing
every source again and restyling every widget of the app (~30 ms when the first game opens).
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App

GAME_CSS = Path(__file__).with_name("game.tcss")
PUZZLE_CSS = Path(__file__).with_name("puzzle.tcss")  # the puzzle screen's own, over game.tcss
DIALOG_CSS = Path(__file__).with_name("dialogs.tcss")


def add_game_css(app: App[object], path: Path = GAME_CSS) -> None:
    """Add game.tcss (or `path`) to the app's style sheet, once; widgets styled from then on follow it."""
    location = (str(path), "")
    if not app.stylesheet.has_source(*location):
        app.stylesheet.add_source(path.read_text(encoding="utf-8"), read_from=location)


def add_puzzle_css(app: App[object]) -> None:
    add_game_css(app, PUZZLE_CSS)


def add_dialog_css(app: App[object]) -> None:
    add_game_css(app, DIALOG_CSS)
