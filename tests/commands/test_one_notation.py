"""One notation per game: the book's own, in records, `analyse` (text and JSON), line mode's advice and
board labels; every reader still takes both spellings (`C3` and `(3,3)`)."""

from __future__ import annotations

import json

import pytest

from gridgames.cli import main
from gridgames.engine import record
from gridgames.engine.game import Game
from gridgames.engine.textboard import render
from gridgames.games import catalogue

ENTRIES = catalogue()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_records_and_analyse_write_the_books_notation_and_read_either(entry, capsys) -> None:
    game = Game.new(entry, first_player=1)
    move = game.legal_moves()[0]
    shown = entry.format_move(move)
    game = game.play(move)
    assert f"1. {shown}" in record.dumps(game).splitlines()
    canonical = game.rules.format_move(move, "letter")
    for written in {shown, canonical}:
        assert main(["analyse", entry.id, "--first", "1", "--moves", written, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["moves"] == [shown]
        assert data["legal"] == [entry.format_move(m) for m in game.legal_moves()]


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e.coord_style == "pair"], ids=lambda e: e.id)
def test_a_pair_notation_board_is_labelled_with_row_and_column_numbers(entry) -> None:
    board = render(entry, Game.new(entry, first_player=1).state).splitlines()
    assert board[0].split() == [str(c) for c in range(1, len(board[0].split()) + 1)]
    numbered = [line.split()[0] for line in board[1:] if line.split() and line.split()[0].isdigit()]
    assert numbered == [str(r) for r in range(1, len(numbered) + 1)] and numbered


def test_walls_line_mode_advises_in_its_books_notation(capsys, monkeypatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("(1,1)\n(5,5)\n"))
    main(["play", "walls", "--plain", "--first", "1"])
    out = capsys.readouterr().out
    assert "e.g. #(" in out and "#A" not in out


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e.coord_style == "pair"], ids=lambda e: e.id)
def test_line_modes_refusals_name_no_cell_in_the_other_notation(entry, capsys, monkeypatch, tmp_path) -> None:
    # The walk of issue 29: in a book that writes (3,3), an empty line advised "such as C3"; in walls,
    # a step before the token is placed, a step off the board and a wall in a direction named C3 too.
    import io
    import re
    import sys

    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path))
    lines = "\nup\n#up\n3 3\n1 1\ndown\n" if entry.id == "walls" else "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    main(["play", entry.id, "--plain", "--first", "1", "--size", "3x3"])
    out = capsys.readouterr().out
    assert "An empty line is not a move" in out
    assert not re.search(r"\b[A-I][1-9]\b", out), out
