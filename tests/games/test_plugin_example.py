"""The proof that a game is a plugin: Twin Cells, kept out of tree in tests/plugin_example/, installed
by pip and found through its `gridgames.games` entry point, then played in line mode,
analysed by `gridgames analyse` and played to its end in the app. (The conformance suite runs on it
too: tests/games/test_conformance.py lists it beside the built-in games.)"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from gridgames import games
from gridgames.cli import main
from gridgames.storage import ENV_DATA_DIR

PLUGIN = Path(__file__).resolve().parent.parent / "plugin_example"
MOVES = ["A1", "A3", "B1", "B3", "C1", "C3"]  # each mark fills its right-hand twin: six marks fill 3x3


@pytest.fixture(autouse=True)
def twins(with_plugins, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))


def test_the_registered_plugin_is_a_game_like_the_others():
    assert "twins" in [e.id for e in games.catalogue()]
    assert games.problems() == ()
    assert "Twin Cells" in games.rule_book("twins").rules_markdown()


def test_line_mode_plays_it_to_the_end(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(MOVES) + "\n"))
    assert main(["play", "twins", "--plain", "--first", "1"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 (X) marks A1." in out and "Available cells: B1, B2, B3" in out
    assert out.rstrip().endswith("Player 1 has no empty cell. Player 2 wins!")


def test_analyse_proves_its_positions_with_the_generic_search(capsys):
    assert main(["analyse", "twins", "--moves", "A1 A3", "--json", "--budget", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "twins" and data["size"] == "3x3"
    assert data["legal"] == ["B1", "B2", "B3", "C1", "C2", "C3"]
    assert data["exact"] is True and data["value"] in ("win", "loss")
    assert set(data["best"]) <= set(data["legal"])


async def test_the_app_plays_it_to_the_end(monkeypatch):
    from gridgames.tui.app import GridGamesApp
    from gridgames.tui.screens.game import GameScreen
    from gridgames.tui.screens.new_game import NewGamePanel
    from tests.tui.helpers import without_review
    from tests.waiting import click, screen_becomes, until

    without_review(monkeypatch)
    app = GridGamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        ids = [e.id for e in games.catalogue()]
        await pilot.press(*["down"] * ids.index("twins"), "enter")  # pick it by keys; start
        await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        await pilot.press("ctrl+s")
        screen = await screen_becomes(pilot, GameScreen, "the game to start")
        assert screen.entry.id == "twins"
        for n, text in enumerate(MOVES):
            move = screen.game.parse(text)
            await click(pilot, f"#cell-{move.cells[0].row}-{move.cells[0].col}", offset=(1, 0))
            await until(pilot, lambda n=n: len(screen.game.played) == n + 1, f"{text} to be played")
        assert screen.game.is_over
        await until(
            pilot, lambda: str(screen.query_one("#headline").render()) == "Player 2 (O) wins!", "the headline"
        )
