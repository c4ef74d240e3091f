"""Three out-of-tree games that need what a rectangle of one-click moves does not give, installed by
pip from tests/plugin_amazons, tests/plugin_clobber and tests/plugin_pluscram and found through
their entry points (issue 27): Small Amazons (three clicks in order, the arrow back onto the cell
just left), Clobber (a from-to move onto a stone, which is taken) and Plus Cram (a plus-shaped
board whose corners are holes, in the sizes it declares). Each is checked by `check`, played in line
mode, analysed, written to a record and read back, played in the app by mouse and by keys (its
marks beside the pieces, never instead of them), and Amazons online through `host` and `join`."""

from __future__ import annotations

import io
import json
import sys

import pytest

from gridgames import games
from gridgames.cli import main
from gridgames.engine import Cell, Game, Options, OptionsError, record
from gridgames.storage import ENV_DATA_DIR

#: White's amazon F2 goes to D2 and shoots back onto F2; Black's A5 goes to C5 and shoots back onto A5.
AMAZONS = ["F2-D2/F2", "A5-C5/A5", "F5-E4/E5"]
#: White's A1 takes A2, Black's B1 takes B2, White's A2 takes it back.
CLOBBER = ["A1-A2", "B1-B2", "A2-B2"]
#: On the 5x5 plus (its four corner cells holes): two dominoes across the middle.
PLUS = ["C1-C2", "C4-C5"]


@pytest.fixture(autouse=True)
def boards(with_plugins, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))


def played(game_id: str, moves: list[str], options: Options | None = None) -> Game:
    entry = games.get_entry(game_id)
    game = Game.new(entry, options or entry.default_options(), first_player=1)
    for text in moves:
        game = game.play(game.parse(text))
    return game


def test_they_are_found_through_their_entry_points():  # and check them (tests/games/test_check.py)
    ids = [e.id for e in games.catalogue()]
    assert {"amazons", "clobber", "pluscram"} <= set(ids) and games.problems() == ()
    assert "Small Amazons" in games.rule_book("amazons").rules_markdown()


def test_the_plus_declares_its_holes_and_sizes(one_sentence):
    entry = games.get_entry("pluscram")
    state = played("pluscram", []).state
    assert entry.rules.holes(state) == {Cell(0, 0), Cell(0, 4), Cell(4, 0), Cell(4, 4)}
    assert entry.look(state, Cell(0, 0)).hole and not entry.look(state, Cell(0, 1)).hole
    assert all(Cell(0, 0) not in m.cells for m in entry.rules.legal_moves(state))
    with pytest.raises(OptionsError) as refused:
        Game.new(entry, Options(4, 4, "1"), first_player=1)
    assert one_sentence(str(refused.value)) and "3x3, 5x5, 6x6 or 7x7" in str(refused.value)


def test_line_mode_plays_each_and_draws_holes_as_no_cell(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(AMAZONS) + "\nquit\n"))
    main(["play", "amazons", "--plain", "--first", "1"])
    out = capsys.readouterr().out
    assert "White (w) moves F2-D2/F2." in out and "Black (b) moves A5-C5/A5." in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("B1-A1\n" + "\n".join(CLOBBER) + "\nquit\n"))
    main(["play", "clobber", "--plain", "--first", "1"])
    out = capsys.readouterr().out
    assert "B1 holds none of your stones: a move starts from one of them." in out
    assert "White (o) clobbers A1-A2." in out and "Black (x) clobbers B1-B2." in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("A1-A2\n" + "\n".join(PLUS) + "\nquit\n"))
    main(["play", "pluscram", "--plain", "--first", "1"])
    out = capsys.readouterr().out
    assert "A1 is not part of this plus-shaped board." in out
    assert "\nA   . . .  \n" in out  # row A: its corners are holes, drawn as blank space
    assert "Player 2 (O) lays a domino on C4-C5." in out


def test_analyse_each(capsys):
    assert main(["analyse", "pluscram", "--size", "3x3", "--json", "--budget", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True and set(data["best"]) <= set(data["legal"]) and "A2-B2" in data["legal"]
    assert main(["analyse", "clobber", "--size", "2x3", "--moves", "A1-A2", "--json", "--budget", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True and data["moves"] == ["A1-A2"]
    small = ["--size", "4x4", "--moves", "D2-C1/D2", "--json", "--budget", ".2"]
    assert main(["analyse", "amazons", *small]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"] == ["D2-C1/D2"] and "A2-B1/A2" in data["legal"]


def test_records_read_back():
    for game_id, moves in (("amazons", AMAZONS), ("clobber", CLOBBER), ("pluscram", PLUS)):
        game = played(game_id, moves)
        loaded = record.loads(record.dumps(game), games.get_entry)
        assert loaded.played == game.played and loaded.state == game.state, game_id
        assert [loaded.rules.format_move(m) for m in loaded.played] == moves


def cell_of(screen, cell: Cell):  # type: ignore[no-untyped-def]
    return screen.query_one(f"#cell-{cell.row}-{cell.col}")


def text_at(screen, cell: Cell) -> str:  # type: ignore[no-untyped-def]
    return str(cell_of(screen, cell).render()).strip()


async def test_amazons_by_mouse_and_by_keys(monkeypatch):
    from gridgames.play.setup import Setup
    from gridgames.tui.screens.game import GameScreen
    from tests.tui.helpers import make_app, without_review
    from tests.waiting import click, passes, until

    without_review(monkeypatch)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        screen = GameScreen(Setup("amazons", Options(6, 6, "1")))
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and screen.is_mounted, "the game")
        # By mouse: the amazon, where it goes, then its arrow back onto the cell it left.
        await click(pilot, "#cell-5-1")
        await until(pilot, lambda: screen.picking.cells == (Cell(5, 1),), "F2 picked")

        def picked_amazon() -> None:  # the mark is beside the amazon, not instead of it
            assert text_at(screen, Cell(5, 1)) == "w◆" and "-picked" in cell_of(screen, Cell(5, 1)).classes
            assert "-target" in cell_of(screen, Cell(3, 1)).classes

        await passes(pilot, picked_amazon, "F2 marked as picked")
        await click(pilot, "#cell-3-1")
        await until(pilot, lambda: screen.picking.cells == (Cell(5, 1), Cell(3, 1)), "D2 picked")
        arrow_back = cell_of(screen, Cell(5, 1))
        await passes(pilot, lambda: "-target" in arrow_back.classes, "F2 offered for the arrow")
        await click(pilot, "#cell-5-1")
        await until(pilot, lambda: screen.game.cursor == 1, "F2-D2/F2 played")
        assert screen.game.rules.format_move(screen.game.played[-1]) == "F2-D2/F2"
        # A click outside the marked cells lets the choice go.
        await click(pilot, "#cell-0-4")
        await until(pilot, lambda: screen.picking.cells == (Cell(0, 4),), "A5 picked")
        await click(pilot, "#cell-3-3")  # D4: no queen line from A5
        await until(pilot, lambda: screen.picking.cells == (), "A5 let go")
        assert screen.game.cursor == 1
        # By keys: Black's A5 to C5, and the arrow back onto A5.
        board = screen.query_one("#board")
        board.cursor = Cell(0, 4)
        await pilot.press("enter", "down", "down", "enter", "up", "up", "enter")
        await until(pilot, lambda: screen.game.cursor == 2, "A5-C5/A5 played")
        assert screen.game.rules.format_move(screen.game.played[-1]) == "A5-C5/A5"
        assert text_at(screen, Cell(0, 4)).strip("[]") == "*"


async def test_clobber_marks_stand_beside_its_stones(monkeypatch):
    from gridgames.play.setup import Setup
    from gridgames.tui.screens.game import GameScreen
    from tests.tui.helpers import make_app, without_review
    from tests.waiting import click, passes, until

    without_review(monkeypatch)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        screen = GameScreen(Setup("clobber", Options(2, 3, "1")))
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and screen.is_mounted, "the game")
        await click(pilot, "#cell-0-0")  # White's A1: the stones it may take are marked beside them
        await until(pilot, lambda: screen.picking.cells == (Cell(0, 0),), "A1 picked")
        await passes(pilot, lambda: text_at(screen, Cell(0, 1)) == "x•", "A2 marked beside its stone")
        await pilot.press("escape")
        await until(pilot, lambda: screen.picking.cells == (), "A1 let go")
        await pilot.press("a")  # the analysis: values beside the stones, never instead of them

        def valued() -> None:
            shown = [text_at(screen, Cell(r, c)) for r in range(2) for c in range(3)]
            assert any(text[-1] in "✓✗" for text in shown), shown
            assert all(text[0] in "ox" for text in shown), shown

        await passes(pilot, valued, "the analysis beside the stones")
        board = screen.query_one("#board")
        board.cursor = Cell(0, 0)
        await pilot.press("enter", "down", "enter")  # A1 takes B1 by keys
        await until(pilot, lambda: screen.game.cursor == 1, "A1-B1 played")
        assert screen.game.rules.format_move(screen.game.played[-1]) == "A1-B1"


async def test_plus_cram_keeps_the_cursor_and_the_mouse_out_of_its_holes(monkeypatch):
    from gridgames.play.setup import Setup
    from gridgames.tui.screens.game import GameScreen
    from tests.tui.helpers import make_app, without_review
    from tests.waiting import click, until

    without_review(monkeypatch)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        screen = GameScreen(Setup("pluscram", Options(5, 5, "1")))
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen and screen.is_mounted, "the game")
        hole = cell_of(screen, Cell(0, 0))
        await until(pilot, lambda: "-hole" in hole.classes, "A1 drawn as a hole")
        assert text_at(screen, Cell(0, 0)) == ""
        await click(pilot, "#cell-0-0")  # nothing: not a cell of the board
        await pilot.pause()
        assert screen.picking.cells == () and screen.game.cursor == 0 and not screen.message
        board = screen.query_one("#board")
        board.cursor = Cell(0, 1)
        await pilot.press("left")  # A1 is a hole, and nothing lies beyond it: the cursor stays
        assert board.cursor == Cell(0, 1)
        board.cursor = Cell(1, 0)
        await pilot.press("up")
        assert board.cursor == Cell(1, 0)
        await pilot.press("enter", "right", "enter")  # B1-B2 by keys
        await until(pilot, lambda: screen.game.cursor == 1, "B1-B2 played")
        await click(pilot, "#cell-2-2")
        await until(pilot, lambda: screen.picking.cells == (Cell(2, 2),), "C3 picked")
        await click(pilot, "#cell-3-2")
        await until(pilot, lambda: screen.game.cursor == 2, "C3-D3 played")
        assert [screen.game.rules.format_move(m) for m in screen.game.played] == ["B1-B2", "C3-D3"]


def test_amazons_online_through_host_and_join(tmp_path):  # the slash notation, the arrow back
    from tests.online.driver import Procs, invite

    procs = Procs(tmp_path)
    try:
        host = procs.start("host", "amazons", "--plain", "--port", "0", "--size", "4x4", "--first", "1",
                           person="host")
        guest = procs.start("join", invite(host), "--plain", person="guest")
        guest.expect("^You are Black")
        for number, text in enumerate(["D2-C1/D2", "A2-B1/A2"], start=1):
            mover = host if number % 2 else guest
            while not mover.status().endswith(f"move {number} · your turn"):
                pass
            mover.send(text)
        guest.expect("Black \\(b\\) moves A2-B1/A2.")
        host.send("quit")
        assert host.wait() == 0
    finally:
        procs.stop_all()
