"""`gridgames puzzle --list --json` lists every shipped puzzle with what another solver needs to check it."""

from __future__ import annotations

import json

from gridgames.cli import main
from gridgames.games import get_entry
from gridgames.puzzles import data
from gridgames.puzzles.listing import listing
from gridgames.puzzles.themes import THEMES


def test_every_puzzle_is_listed_as_json_with_its_game_options_moves_and_solution():
    listed = listing()
    assert len(listed) == len(data.shipped()) > 0
    json.dumps(listed)  # plain data
    for item, puzzle in zip(listed, data.shipped(), strict=True):
        assert item["id"] == puzzle.id and item["game"] == puzzle.game
        assert item["options"]["rows"] == item["rows"] == puzzle.rows and item["cols"] == puzzle.cols
        assert item["board"] == f"{puzzle.rows}x{puzzle.cols}"
        assert item["moves"] == list(puzzle.moves) and item["solution"] == list(puzzle.solution)
        assert item["theme"] == puzzle.theme and item["rating"] == puzzle.rating
        assert item["themes"] == list(puzzle.themes) and item["themes"]  # several, at least its length
        assert set(item["themes"]) <= set(THEMES) and (item["theme"] in item["themes"] or not item["theme"])


def test_the_command_lists_json_with_themes_and_selects_by_theme(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path))
    assert main(["puzzle", "--list", "--json"]) == 0
    every = json.loads(capsys.readouterr().out)["puzzles"]
    assert all(isinstance(item["themes"], list) for item in every)
    assert main(["puzzle", "--list", "--json", "--theme", "two moves"]) == 0
    chosen = json.loads(capsys.readouterr().out)["puzzles"]
    assert chosen and all("two moves" in item["themes"] for item in chosen) and len(chosen) < len(every)
    assert main(["puzzle", "--list", "--theme", "checkmate"]) == 2
    assert "There is no puzzle theme 'checkmate'" in capsys.readouterr().err


def test_the_listing_says_who_moves_and_which_books_play_it():
    by_game = {item["game"]: item for item in listing()}
    assert by_game["locked-duel"]["books"] == ["locked-duel", "blocking"]
    assert "adjacency" in by_game["noneighbour"]["options"] and "adjacency" not in by_game["cram"]["options"]
    for item in by_game.values():
        puzzle = next(p for p in data.shipped() if p.id == item["id"])
        assert data.line(puzzle).start.to_move == item["to_move"]


def test_a_game_lists_the_pool_of_its_rules():
    assert listing("blocking") == listing("locked-duel")
    assert {item["game"] for item in listing("cram")} == {"cram"}
    assert get_entry("blocking").coord_style == listing("blocking")[0]["notation"]


def test_a_games_own_options_choose_its_puzzles(capsys):
    from gridgames.cli import main

    def listed(*argv: str) -> list[str]:
        assert main(["puzzle", "--list", "--json", "--game", "noneighbour", *argv]) == 0
        return [item["id"] for item in json.loads(capsys.readouterr().out)["puzzles"]]

    every = listed()
    assert every and listed("--option", "adjacency=king") == every == listed("--adjacency", "king")
    assert listed("--option", "adjacency=orthogonal") == []  # the shipped puzzles are all on king boards
    for argv, said in (
        (["--game", "rowcol", "--option", "adjacency=king", "--list"], "rowcol has no adjacency option"),
        (["--option", "adjacency=king", "--list"], "A game's options go with --game"),
        (["--game", "noneighbour", "--option", "adjacency=king"], "--option works with --list or --plain"),
    ):
        assert main(["puzzle", *argv]) == 2
        assert said in capsys.readouterr().err
