"""A game with two other kinds of move besides its ordinary one (tests/games/kinds_plugin.py, Three
Ways: claim a cell, block one, or dam two): the alternate mode key cycles through the kinds in the
game's order with the footer naming the kind chosen, every move of each kind is entered by clicks and
by keys in the app, line mode reads and tells each kind, `check` passes it, and records keep the kinds
spelled as plain words."""

from __future__ import annotations

import io
import sys

import pytest

from gridgames import games
from gridgames.cli import main
from gridgames.engine import ORDINARY, Cell, Game, Kind, Options, record
from gridgames.play.picking import kind_name, switch_alternate
from gridgames.storage import ENV_DATA_DIR
from tests.games.kinds_plugin import BLOCK, DAM, GAMES


@pytest.fixture(autouse=True)
def three_ways(register_games, monkeypatch, tmp_path) -> None:
    register_games(GAMES)
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))


def test_a_kind_is_a_word_spelled_as_before():
    assert Kind("dam") == "dam" and hash(Kind("dam")) == hash("dam") and ORDINARY == "" and ORDINARY.ordinary
    entry = games.get_entry("threeways")
    game = Game.new(entry, Options(3, 3, "1"), first_player=1)
    for text in ("B2", "block A1", "dam C1-C2"):
        game = game.play(game.parse(text))
    assert [m.kind for m in game.played] == ["", "block", "dam"]
    text = record.dumps(game)
    assert "2. block A1\n3. dam C1-C2" in text
    assert record.loads(text, games.get_entry).played == game.played


def test_the_key_cycles_through_the_kinds_that_have_a_move_now():
    entry = games.get_entry("threeways")
    words = entry.words
    game = Game.new(entry, Options(3, 3, "1"), first_player=1)
    legal = game.legal_moves()
    assert entry.rules.other_kinds() == (BLOCK, DAM)
    assert switch_alternate(entry, legal, ORDINARY, words) == (BLOCK, "Blocking: pick a cell to block.")
    assert switch_alternate(entry, legal, BLOCK, words) == (DAM, "Damming: pick two side-by-side cells.")
    assert switch_alternate(entry, legal, DAM, words) == (ORDINARY, "Claiming cells again.")
    assert [kind_name(entry, k, words) for k in (ORDINARY, BLOCK, DAM)] == ["Block/dam", "Block", "Dam"]
    # no two side-by-side empty cells: the key skips the dam
    for text in ("A2", "B1", "B3", "C2"):
        game = game.play(game.parse(text))
    assert switch_alternate(entry, game.legal_moves(), BLOCK, words) == (ORDINARY, "Claiming cells again.")


def test_check_passes_it(capsys):
    assert main(["check", "threeways", "--quick"]) == 0, capsys.readouterr().out


def test_line_mode_reads_and_tells_each_kind(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("B2\nblock A1\ndam C1-C2\nquit\n"))
    main(["play", "threeways", "--plain", "--first", "1"])
    out = capsys.readouterr().out
    assert "Player 1 (X) claims B2." in out
    assert "Player 2 (O) plays block A1." in out and "Player 1 (X) plays dam C1-C2." in out


async def test_a_move_of_each_kind_by_mouse_and_by_keys(monkeypatch):
    from gridgames.play.setup import Setup
    from gridgames.tui.screens.game import GameScreen
    from gridgames.tui.widgets.keys_footer import KeysFooter
    from tests.tui.helpers import make_app, without_review
    from tests.waiting import click, until

    without_review(monkeypatch)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        screen = GameScreen(Setup("threeways", Options(4, 4, "1")))
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and screen.is_mounted, "the game")
        footer = screen.query_one(KeysFooter)

        def played(n: int, kind: str) -> bool:
            return screen.game.cursor == n and screen.game.played[-1].kind == kind

        # By mouse: a claim, then w to block and a click, then w twice to dam and two clicks.
        await click(pilot, "#cell-0-0")
        await until(pilot, lambda: played(1, ""), "A1 claimed by a click")
        await pilot.press("w")
        await until(pilot, lambda: screen.alternate_mode == BLOCK, "the block kind chosen")
        await until(pilot, lambda: "Block" in str(footer.render()), "the footer naming the block kind")
        await click(pilot, "#cell-0-1")
        await until(pilot, lambda: played(2, "block"), "A2 blocked by a click")
        await pilot.press("w", "w")
        await until(pilot, lambda: screen.alternate_mode == DAM, "the dam kind chosen")
        await until(pilot, lambda: "Dam" in str(footer.render()), "the footer naming the dam kind")
        await click(pilot, "#cell-1-0")
        await until(pilot, lambda: screen.picking.cells == (Cell(1, 0),), "B1 picked")
        await click(pilot, "#cell-1-1")
        await until(pilot, lambda: played(3, "dam"), "B1-B2 dammed by clicks")
        # By keys: the same three kinds with the cursor and Enter.
        board = screen.query_one("#board")
        board.cursor = Cell(2, 0)
        await pilot.press("enter")
        await until(pilot, lambda: played(4, ""), "C1 claimed by keys")
        await pilot.press("w", "right", "enter")
        await until(pilot, lambda: played(5, "block"), "C2 blocked by keys")
        await pilot.press("w", "w", "down", "enter", "right", "enter")
        await until(pilot, lambda: played(6, "dam"), "D2-D3 dammed by keys")
        assert [screen.game.rules.format_move(m) for m in screen.game.played] == [
            "A1", "block A2", "dam B1-B2", "C1", "block C2", "dam D2-D3",
        ]
