"""Cram and Domineering in every surface: registered through the entry points like the rule books,
played in line mode, analysed with their notation, and played in the app by mouse (a domino is two
cells: the first offers its completions, the second places it; it is drawn as one piece)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from gridgames import games
from gridgames.cli import main
from gridgames.engine import Cell, Game, Options
from gridgames.play.setup import Setup
from gridgames.storage import ENV_DATA_DIR


@pytest.fixture(autouse=True)
def data_dir(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))


def test_both_are_games_of_our_own_after_the_rule_books():
    ids = [entry.id for entry in games.catalogue()]
    assert ids[-2:] == ["cram", "domineering"] and games.problems() == ()
    assert games.get_entry("cram").label == "Cram" and games.get_entry("domineering").default_rows == 8
    assert "Vertical" in games.rule_book("domineering").rules_markdown()


def test_domineering_in_line_mode_refuses_the_wrong_direction_in_a_sentence(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("B2-B3\nC2-B2\nA1-A2\nquit\n"))
    main(["play", "domineering", "--plain", "--size", "4x4", "--first", "1"])
    out = capsys.readouterr().out
    assert "Vertical places dominoes upright: two cells one above the other, such as B2-C2." in out
    assert "Vertical (V) places a domino on B2-C2." in out  # read in either order
    assert "Horizontal (H) places a domino on A1-A2." in out


def test_cram_analysis_is_exact_with_its_notation_and_regions(capsys):
    assert main(["analyse", "cram", "--size", "4x4", "--moves", "B2-B3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"] == ["B2-B3"] and data["exact"] is True
    assert "A1-A2" in data["legal"] and "A1-B1" in data["legal"]


def test_the_mirror_decides_cram_on_even_boards():
    from gridgames.play.computer import analyse

    entry = games.get_entry("cram")
    game = Game.new(entry, Options(6, 6, "1"), first_player=1)
    assert analyse(entry, game.state).value == "loss"  # the second player mirrors through the centre


async def test_the_app_places_a_domino_with_two_clicks_and_draws_it_joined(monkeypatch):
    from gridgames.tui.app import GridGamesApp
    from gridgames.tui.screens.game import GameScreen
    from tests.tui.helpers import without_review
    from tests.waiting import click, screen_becomes, until

    without_review(monkeypatch)
    entry = games.get_entry("domineering")
    options = Options(4, 4, "1")
    app = GridGamesApp()
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(Setup(entry.id, options), Game.new(entry, options, first_player=1))
        screen = await screen_becomes(pilot, GameScreen, "the game to open")
        await click(pilot, "#cell-1-1")  # B2: Vertical's domino goes up (A2) or down (C2)
        await until(pilot, lambda: screen.picking.cells == (Cell(1, 1),), "B2 picked")
        assert screen.game.cursor == 0
        assert {c for c in screen.picking.completions} == {Cell(0, 1), Cell(2, 1)}
        await until(pilot, lambda: "-target" in screen.query_one("#cell-0-1").classes, "A2 marked")
        assert "-target" not in screen.query_one("#cell-1-2").classes  # across is Horizontal's
        await click(pilot, "#cell-2-1")
        await until(pilot, lambda: len(screen.game.played) == 1, "the domino placed")
        assert [screen.game.rules.format_move(m) for m in screen.game.played] == ["B2-C2"]
        # one upright piece
        await until(pilot, lambda: "┃" in str(screen.query_one("#cell-1-1").render()), "the piece drawn")
        await click(pilot, "#cell-3-3")  # D4: only D3-D4 fits across through it: one click places it
        await until(pilot, lambda: len(screen.game.played) == 2, "the domino placed")
        assert screen.game.rules.format_move(screen.game.played[-1]) == "D3-D4"
        await click(pilot, "#cell-1-1")  # covered: the game's sentence
        await until(
            pilot, lambda: "B2 is already covered" in str(screen.query_one("#message").render()), "the reason"
        )
        # By keys: Vertical puts the cursor on B4 (A4 and C4 both free), Enter, then down to C4, Space.
        board = screen.query_one("#board")
        board.cursor = Cell(1, 3)
        await pilot.press("enter")
        await until(pilot, lambda: screen.picking.cells == (Cell(1, 3),), "B4 picked")
        await pilot.press("down", "space")
        await until(pilot, lambda: len(screen.game.played) == 3, "the domino placed")
        assert screen.game.rules.format_move(screen.game.played[-1]) == "B4-C4"


def test_domineerings_turn_line_counts_its_places_in_good_english():
    from gridgames.play.narration import turn_text

    entry = games.get_entry("domineering")
    game = Game.new(entry, Options(3, 2, "1"), first_player=1)  # 3 rows, 2 columns, Vertical first
    assert turn_text(entry, game.state, tuple(game.legal_moves()), "").endswith("(4 places).")
    game = game.play("A1-B1").play("C1-C2")  # Vertical is left A2-B2 alone
    assert [game.rules.format_move(m) for m in game.legal_moves()] == ["A2-B2"]
    assert turn_text(entry, game.state, tuple(game.legal_moves()), "").endswith("(1 place).")
