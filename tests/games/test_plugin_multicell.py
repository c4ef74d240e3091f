"""The proof that nothing assumes a move covers one or two cells: Tromino Hop, kept out of tree in
tests/plugin_multicell/ (moves over three cells, and from-to hops), installed by pip and found
through its entry point, played in line mode, analysed, played by mouse and by keys in the app
(a cell that several moves use offers their other cells; a whole tromino is drawn joined), and
played online through `gridgames host` and `join`. The conformance suite runs on it too."""

from __future__ import annotations

import io
import json
import sys

import pytest

from gridgames import games
from gridgames.cli import main
from gridgames.engine import Cell
from gridgames.storage import ENV_DATA_DIR

#: X lays row A, O row C; X hops A2 to B2, O hops C1 to B1, X hops A3 to B3; O cannot move.
MOVES = ["A1-A2-A3", "C1-C2-C3", "A2-B2", "C1-B1", "A3-B3"]


@pytest.fixture(autouse=True)
def hop(with_plugins, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))


def test_it_is_found_through_its_entry_point():
    assert "hop" in [e.id for e in games.catalogue()] and games.problems() == ()
    assert "Tromino Hop" in games.rule_book("hop").rules_markdown()


def test_line_mode_plays_trominoes_and_hops_to_the_end(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\n" + "\n".join(MOVES) + "\n"))
    assert main(["play", "hop", "--plain", "--size", "3x3", "--first", "1"]) == 0
    out = capsys.readouterr().out
    assert "a tromino as its three cells (A1-A2-A3), or a hop as from-to (A1-B1)" in out
    assert "Player 1 (X) lays a tromino on A1-A2-A3." in out and "Player 2 (O) hops C1-B1." in out
    assert "Available moves: " in out
    assert out.rstrip().endswith("Player 2 cannot move. Player 1 wins!")


def test_a_move_in_another_order_is_read_and_a_bad_one_is_refused_in_a_sentence(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("A3-A1-A2\nA1-B2\nquit\n"))
    main(["play", "hop", "--plain", "--size", "3x3", "--first", "1"])
    out = capsys.readouterr().out
    assert "Player 1 (X) lays a tromino on A1-A2-A3." in out
    assert "A1 holds none of your stones: a hop starts from one of them." in out


def test_analyse_writes_the_games_notation(capsys):
    assert main(["analyse", "hop", "--size", "3x3", "--moves", "A1-A2-A3", "--json", "--budget", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"] == ["A1-A2-A3"] and "B1-B2-B3" in data["legal"]
    assert data["exact"] is True and set(data["best"]) <= set(data["legal"])


async def test_the_app_plays_it_by_mouse_and_by_keys(monkeypatch):
    from gridgames.tui.app import GridGamesApp
    from gridgames.tui.screens.game import GameScreen
    from gridgames.tui.screens.new_game import NewGamePanel
    from tests.tui.helpers import without_review
    from tests.waiting import click, passes, screen_becomes, until

    without_review(monkeypatch)
    app = GridGamesApp()
    async with app.run_test(size=(100, 32)) as pilot:
        ids = [e.id for e in games.catalogue()]
        await pilot.press(*["down"] * ids.index("hop"), "enter")
        await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        await pilot.press("ctrl+s")
        screen = await screen_becomes(pilot, GameScreen, "the game to start")
        assert screen.entry.id == "hop"

        def cell(name: str):  # type: ignore[no-untyped-def]
            c = screen.game.parse(name).cells[0]
            return screen.query_one(f"#cell-{c.row}-{c.col}")

        # By mouse: A1 alone is a choice (two trominoes use it); its completions are marked.
        await click(pilot, "#cell-0-0")
        await until(pilot, lambda: screen.picking.cells == (Cell(0, 0),), "A1 picked")
        assert screen.game.cursor == 0

        def targets() -> None:
            for name in ("A2", "A3", "B1", "C1"):
                assert "-target" in cell(name).classes, name

        await passes(pilot, targets, "A1's completions marked")
        assert "-target" not in cell("B2").classes
        await pilot.press("escape")  # lets go
        await until(pilot, lambda: screen.picking.cells == (), "A1 let go")
        assert screen.game.cursor == 0
        await click(pilot, "#cell-0-0")
        await until(pilot, lambda: screen.picking.cells == (Cell(0, 0),), "A1 picked")
        await click(pilot, "#cell-0-2")  # A3: only A1-A2-A3 covers A1 and A3
        await until(pilot, lambda: screen.game.cursor == 1, "the tromino placed")
        # the tromino is drawn as one piece
        await until(pilot, lambda: "━" in str(cell("A2").render()), "the tromino drawn")
        # By keys: O lays C1-C2-C3 from the cursor, then X hops A2 to B2.
        board = screen.query_one("#board")
        board.cursor = Cell(2, 0)
        await pilot.press("enter", "right", "right", "enter")
        await until(pilot, lambda: screen.game.cursor == 2, "C1-C2-C3 placed")
        assert screen.game.rules.format_move(screen.game.played[-1]) == "C1-C2-C3"
        board.cursor = Cell(0, 1)
        await pilot.press("enter", "down", "space")
        await until(pilot, lambda: screen.game.cursor == 3, "the hop")
        assert screen.game.rules.format_move(screen.game.played[-1]) == "A2-B2"
        for n, name in enumerate(("C1-B1", "A3-B3")):
            a, b = screen.game.parse(name).cells
            await click(pilot, f"#cell-{a.row}-{a.col}")
            await until(pilot, lambda a=a: screen.picking.cells == (a,), f"{name} begun")
            await click(pilot, f"#cell-{b.row}-{b.col}")
            await until(pilot, lambda n=n: screen.game.cursor == 4 + n, f"{name} played")
        assert [screen.game.rules.format_move(m) for m in screen.game.played] == MOVES
        # the cell a hop left is worn out
        await until(pilot, lambda: "%" in str(cell("A3").render()), "the worn-out cell")


def test_online_through_host_and_join(tmp_path):  # the game's notation over the protocol
    from tests.online.driver import Procs, invite

    procs = Procs(tmp_path)
    try:
        host = procs.start("host", "hop", "--plain", "--port", "0", "--size", "3x3", "--first", "1",
                           person="host")
        guest = procs.start("join", invite(host), "--plain", person="guest")
        guest.expect("^You are Player 2")
        for number, text in enumerate(MOVES, start=1):
            mover = host if number % 2 else guest
            while not mover.status().endswith(f"move {number} · your turn"):
                pass
            mover.send(text)
        guest.expect("^Player 2 cannot move. Player 1 wins!")
        host.send("quit")
        assert host.wait() == 0
    finally:
        procs.stop_all()
