"""The resumable whole-board proof (scripts/solve_board.py, docs/solvers.md's long runs): stopped and
started again it proves the same outcome as one search, and never searches a journaled move twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gridgames.games.domineering import solver
from scripts import solve_board


@pytest.mark.parametrize(("rows", "cols", "first"), [(4, 4, 1), (5, 4, 2), (4, 5, 1), (5, 5, 2)])
def test_a_run_stopped_and_resumed_proves_what_one_search_proves(tmp_path: Path, capsys, rows, cols, first):
    journal = tmp_path / "run.jsonl"
    argv = ["--rows", str(rows), "--cols", str(cols), "--first", str(first), "--journal", str(journal)]
    status = solve_board.main([*argv, "--max-moves", "1"])
    lines = journal.read_text().splitlines()
    assert len(lines) == 1
    if status == 3:  # stopped after one move: go on from the journal
        assert solve_board.main(argv) == 0
    out = capsys.readouterr().out
    full = (1 << (rows * cols)) - 1
    first_wins = solver.wins(rows, cols, full, first == 1)
    name = "Vertical" if first == 1 else "Horizontal"
    assert f"Result: {name} moving first {'wins' if first_wins else 'loses'}" in out
    moves = [tuple(json.loads(line)["move"]) for line in journal.read_text().splitlines()]
    assert len(moves) == len(set(moves))  # the resumed run skipped the journaled move


def test_the_opening_moves_are_one_per_mirror_class() -> None:
    moves = solve_board.opening_moves(4, 4, vertical=True)
    assert len(moves) == 4  # 12 upright dominoes on 4x4 fall into 4 classes under the two mirrors


def test_a_journal_of_another_board_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    line = {"rows": 5, "cols": 5, "first": 1, "move": [0, 5], "opponent_wins": True}
    journal.write_text(json.dumps(line) + "\n")
    with pytest.raises(SystemExit, match="journal of 5x5"):
        solve_board.main(["--rows", "4", "--cols", "4", "--journal", str(journal)])
