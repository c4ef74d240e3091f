"""`gridgames puzzle --stats --json`: the dashboard's schema, as documented, over a player's results."""

from __future__ import annotations

import json
import re
from pathlib import Path

from gridgames.cli import main
from gridgames.puzzles import data, stats
from gridgames.puzzles.progress import ProgressStore

DOCS = Path(__file__).resolve().parents[2] / "docs" / "puzzles.md"
TALLY = {"attempts": int, "solved": int}


def check_schema(board: dict) -> None:
    assert tuple(board) == stats.KEYS and board["version"] == stats.VERSION
    rating = board["rating"]
    assert set(rating) == {"rating", "rd", "provisional", "shown"}
    assert isinstance(rating["rating"], float) and isinstance(rating["rd"], float)
    assert isinstance(rating["provisional"], bool) and isinstance(rating["shown"], str)
    for key in ("streak", "best_streak", "attempts", "solved"):
        assert isinstance(board[key], int) and board[key] >= 0
    for point in board["history"]:
        assert set(point) == {"at", "rating"} and all(isinstance(v, float) for v in point.values())
    for key in ("by_game", "by_theme"):
        for tally in board[key].values():
            assert {k: type(v) for k, v in tally.items()} == TALLY and tally["solved"] <= tally["attempts"]
    assert all(theme in board["by_theme"] for theme in board["weakest_themes"])
    assert len(board["weakest_themes"]) <= 3


def test_stats_json_follows_the_documented_schema(capsys, data_dir):
    puzzles = [p for p in data.shipped() if p.game == "cram"][:4]
    store = ProgressStore(data_dir)
    for number, puzzle in enumerate(puzzles):
        store.record(puzzle, solved=number % 2 == 0)
    assert main(["puzzle", "--stats", "--json"]) == 0
    board = json.loads(capsys.readouterr().out)
    check_schema(board)
    assert board["attempts"] == 4 and board["solved"] == 2
    assert board["by_game"] == {"cram": {"attempts": 4, "solved": 2}}
    assert len(board["history"]) == 4 and board["rating"]["provisional"]
    assert board["by_theme"]  # every attempt counts under each of its puzzle's themes
    documented = DOCS.read_text()
    assert all(re.search(rf'"{key}"', documented) for key in stats.KEYS)  # the docs give the schema


def test_stats_text_names_the_weakest_themes(capsys, data_dir):
    puzzles = [p for p in data.shipped() if p.game == "domineering"][:4]
    store = ProgressStore(data_dir)
    for puzzle in puzzles:
        store.record(puzzle, solved=False)
    assert main(["puzzle", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "0 solved of 4 tried" in out and "Weakest themes: " in out
