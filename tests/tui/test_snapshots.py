"""Pictures of the app at 80x24: the picker, a mid-game board of every variant, the rules, a finished game,
the new-game dialog; and a game at 60x20.

Regenerate on purpose with `pytest tests/tui/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import catalogue, get_entry
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.screens.rules import RulesScreen
from tests.tui.helpers import SIZE, make_app, scripted_game
from tests.waiting import screen_becomes, until

CATALOGUE = catalogue()

MID_GAME = {
    "locked-duel": ("C3", "A1", "E5"),
    "walls": ("B2", "D4", "#C3", "D3", "#B3"),
    "blocking": ("B2", "D4", "A5"),
    "rowcol": ("C3", "C1", "E1", "E4"),
    "noneighbour": ("A1", "C3", "A3"),
    "cram": ("B2-B3", "C3-D3", "A5-B5"),
    "domineering": ("B2-C2", "D4-D5", "E6-F6", "A1-A2"),
}


def start_with(app, game: Game):  # type: ignore[no-untyped-def]
    """Open the game screen on `game` (fixed first player, no randomness)."""

    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        app.start_game(Setup(game.entry.id, game.options), game)  # the board of the game's own size
        screen = await screen_becomes(pilot, GameScreen, "the game to open")
        # the review of a finished game
        await until(pilot, lambda: all(w.is_finished for w in app.workers), "the review")
        if game.is_over:
            await until(pilot, lambda: screen.query_one("#banner").display, "the banner")
        await pilot.pause()

    return run_before


def test_select_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(), terminal_size=SIZE)


@pytest.mark.parametrize("variant", [entry.id for entry in CATALOGUE])
def test_mid_game(snap_compare, variant: str) -> None:  # type: ignore[no-untyped-def]
    entry = get_entry(variant)
    game = Game.new(entry, Options(entry.default_rows, entry.default_cols, "1"), first_player=1)
    for move in MID_GAME[variant]:
        game = game.play(move)
    app = make_app()
    assert snap_compare(app, terminal_size=SIZE, run_before=start_with(app, game))


def test_rules_pane(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = make_app()

    async def rules(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("down", "?")
        screen = await screen_becomes(pilot, RulesScreen, "the rules")
        await until(pilot, lambda: screen.query_one("#rules-text").children, "the rules' text")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=rules)


def test_game_over(snap_compare) -> None:  # type: ignore[no-untyped-def]
    game, _ = scripted_game(get_entry("rowcol"))
    app = make_app()
    assert snap_compare(app, terminal_size=SIZE, run_before=start_with(app, game))


def test_game_at_60x20(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The smallest terminal the README promises: every row of a 9x9 board, the most important keys and
    the palette (issue 20)."""
    entry = get_entry("rowcol")
    game = Game.new(entry, Options(9, 9, "1"), first_player=1)
    for move in ("E5", "E1", "A1", "A9"):
        game = game.play(move)
    app = make_app()
    assert snap_compare(app, terminal_size=(60, 20), run_before=start_with(app, game))


def test_new_game_dialog(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """A dialog shows its own keys in its footer."""
    async def panel(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("down", "down", "down", "down", "enter")
        await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=panel)
