"""A plugin's own puzzles come in through its solver's one hook (`Solver.puzzles`): Twin Cells
(tests/plugin_example, installed by pip) ships one; it is proven here, listed with its themes and
played like a shipped one. A position that does not prove is never offered."""

from __future__ import annotations

import io
import json
import sys

import pytest

from gridgames import games
from gridgames.cli import main
from gridgames.solve.hooks import PuzzlePosition
from gridgames.storage import ENV_DATA_DIR

ID = "twins-3x4-0001"


@pytest.fixture(autouse=True)
def twins(with_plugins, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))


def test_the_plugins_puzzle_is_listed_with_its_proof_and_themes(capsys):
    assert main(["puzzle", "--list", "--json", "--game", "twins"]) == 0
    listed = json.loads(capsys.readouterr().out)["puzzles"]
    assert [p["id"] for p in listed] == [ID]
    puzzle = listed[0]
    assert puzzle["moves"] == ["A4", "A2", "C3"]
    assert puzzle["solution"] == ["C1", "B1", "B4"]  # proven here: the only win, the longest defence
    assert puzzle["themes"] == ["two moves"] and puzzle["rating"] == 1200.0
    assert main(["puzzle", "--list", "--theme", "two moves"]) == 0
    assert ID in capsys.readouterr().out  # a theme of the plugin's puzzle picks it among the shipped


def test_the_plugins_puzzle_is_played_and_themed_at_the_end(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("B2\nundo\nC1\nB4\nquit\n"))
    assert main(["puzzle", "--plain", "--game", "twins", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Twin Cells, 3x4" in out
    assert "B2 loses: Player 1 (X) answers C2 and wins." in out  # a wrong try is refuted
    assert "C1 is right; Player 1 (X) answers B1." in out
    assert "B4 wins. Solved!" in out
    assert "Themes: two moves." in out
    assert "Your puzzle rating:" in out  # rated like a shipped puzzle


def test_a_position_that_does_not_prove_a_single_win_is_left_out():
    from gridgames.puzzles import plugins

    entry = games.get_entry("twins")
    assert plugins.proven(entry, PuzzlePosition(ID, 3, 4, ("A4", "A2", "C3"))) is not None
    assert plugins.proven(entry, PuzzlePosition("open", 3, 4, ())) is None  # not exactly one winning move
    assert plugins.proven(entry, PuzzlePosition("bad", 3, 4, ("A4", "A4"))) is None  # does not play
    assert plugins.proven(entry, PuzzlePosition("../x", 3, 4, ("A4", "A2", "C3"))) is None  # not an id
