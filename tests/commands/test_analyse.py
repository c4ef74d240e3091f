"""`gridgames analyse`: the JSON contract, the readable report, and one-sentence refusals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gridgames.cli import main
from gridgames.games import get_entry

KEYS = {"variant", "size", "moves", "to_move", "status", "winner", "legal", "value", "best", "exact",
        "proven", "proof", "nodes", "seconds", "cpu_seconds"}


def analyse_json(capsys, *args: str) -> dict:
    assert main(["analyse", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # exactly one object
    return json.loads(out)


def test_json_shape_of_the_book_opening(capsys):
    data = analyse_json(capsys, "noneighbour")
    assert set(data) == KEYS
    assert data["variant"] == "noneighbour" and data["size"] == "3x3" and data["moves"] == []
    assert data["to_move"] == 1 and data["status"] == "ongoing" and data["winner"] is None
    assert data["legal"] == [f"({r},{c})" for r in (1, 2, 3) for c in (1, 2, 3)]  # the book's notation
    assert data["value"] == "win" and data["best"] == ["(2,2)"] and data["exact"] is True


def test_proven_is_the_positions_value_and_exact_every_moves(capsys):
    """The domineering opening is a proven win (the shipped opening table) while the other moves'
    values are not all known: proven but not exact, and `proof` names the source."""
    data = analyse_json(capsys, "domineering")
    assert data["value"] == "win" and data["proven"] is True and data["exact"] is False
    assert data["proof"] == "opening table"
    assert main(["analyse", "domineering"]) == 0
    assert "to move: win with best play (proven by the opening table)." in capsys.readouterr().out
    unproven = analyse_json(capsys, "cram", "--size", "7x7", "--budget", "0.01")
    assert unproven["value"] == "unknown" and unproven["proven"] is False and unproven["exact"] is False
    solved = analyse_json(capsys, "noneighbour")
    assert solved["proven"] is True and solved["exact"] is True


def test_a_lost_position_says_every_move_loses_instead_of_listing_them_as_best(capsys):
    assert main(["analyse", "cram", "--size", "4x4"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 (X) to move: loss with best play (proven).\nEvery move loses with best play.\n" in out
    assert "Best moves" not in out


def test_best_lists_every_winning_move(capsys):
    data = analyse_json(capsys, "walls", "--size", "3x3", "--moves", "C2 A3 C3")
    assert data["moves"] == ["(3,2)", "(1,3)", "(3,3)"] and data["to_move"] == 2
    winning = [
        move
        for move in data["legal"]
        if analyse_json(capsys, "walls", "--size", "3x3", "--moves", f"C2 A3 C3 {move}")["value"] == "loss"
    ]
    assert data["value"] == "win"
    assert data["best"] == winning == ["(1,2)", "(2,3)"]


def test_finished_game(capsys):
    data = analyse_json(capsys, "noneighbour", "--moves", "B2")
    assert data["status"] == "over" and data["winner"] == 1
    assert data["legal"] == [] and data["best"] == [] and data["value"] == "loss" and data["to_move"] == 2


def test_moves_accept_any_notation_and_print_in_the_books_own(capsys):
    data = analyse_json(capsys, "locked-duel", "--size", "4x4", "--moves", "(1,1) 3,3")
    assert data["moves"] == ["(1,1)", "(3,3)"]  # in the book's own notation
    assert data["to_move"] == 1  # a coin toss in the book: player 1 starts here


def test_orthogonal_adjacency_changes_the_answer(capsys):
    king = analyse_json(capsys, "noneighbour", "--moves", "A1")
    orthogonal = analyse_json(capsys, "noneighbour", "--adjacency", "orthogonal", "--moves", "A1")
    assert "(2,2)" not in king["legal"] and "(2,2)" in orthogonal["legal"]


def test_readable_report(capsys):
    assert main(["analyse", "noneighbour", "--moves", "A1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("   1   2   3\n1  X | . | .")
    assert "Player 2 (O) to move: win" in out and "Best moves:" in out


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["nosuchgame"], "There is no game called 'nosuchgame'"),
        (["rowcol", "--size", "40x40"], "'40x40' is not a board size"),
        (["rowcol", "--moves", "C3 C4 Z9"], "move 3 (Z9): 'Z9' is not on this 5x5 board"),
        (["rowcol", "--moves", "C3 A1"], "move 2 (A1): A1 is not in row C or column 3"),
        (["walls", "--adjacency", "orthogonal"], "--adjacency applies only to noneighbour"),
    ],
)
def test_bad_input_exits_2_with_one_sentence(capsys, args, fragment):
    assert main(["analyse", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert err.startswith("gridgames: ") and err.count("\n") == 1 and err.rstrip().endswith(".")
    assert fragment in err


def test_runs_without_textual():
    code = (
        "import sys, io, contextlib\n"
        "from gridgames.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['analyse', 'walls', '--moves', 'C3 A1', '--json'])\n"
        "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_every_variant_analyses_its_default_board(capsys):
    for variant in ("locked-duel", "walls", "blocking", "rowcol", "noneighbour"):
        data = analyse_json(capsys, variant, "--budget", "0.05")
        assert data["variant"] == get_entry(variant).id
        assert set(data["best"]) <= set(data["legal"]) and data["best"]



def test_a_damaged_table_is_named_in_one_sentence_and_searched(capsys, monkeypatch, one_sentence):
    from pathlib import Path

    from gridgames.games.walls import algorithm as walls
    from gridgames.solve import tables

    real_load = tables.load

    def truncated(package: str, filename: str, name: str) -> bytes | None:
        if name != "walls-5x5":
            return real_load(package, filename, name)
        blob = (Path(walls.__file__).with_name(filename)).read_bytes()
        sentence = tables.check(name, blob[:-100])  # what load says of a truncated file
        assert isinstance(sentence, str)
        tables.refused[name] = sentence
        return None

    moves = "C3 A1 #B2"
    truth = analyse_json(capsys, "walls", "--moves", moves)
    assert truth["exact"]  # from the shipped table
    monkeypatch.setattr(tables, "load", truncated)
    monkeypatch.setattr(tables, "refused", {})
    monkeypatch.setattr(walls, "_layered", {})
    assert main(["analyse", "walls", "--moves", moves, "--budget", "0.2", "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    sentence = captured.err.strip().removeprefix("gridgames: ")
    assert "walls-5x5" in sentence and one_sentence(sentence)
    # Searched instead: exact only where the search proved it, and then the same value.
    assert not data["exact"] or (data["value"], data["best"]) == (truth["value"], truth["best"])


def test_value_only_proves_the_value_and_one_winning_move_from_scratch(capsys):
    data = analyse_json(capsys, "domineering", "--size", "5x6", "--first", "2", "--no-tables", "--value-only")
    full = analyse_json(capsys, "domineering", "--size", "5x6", "--first", "2", "--no-tables")
    assert data["to_move"] == 2 and data["value"] == full["value"]
    assert full["exact"] is True and data["cpu_seconds"] >= 0 and data["nodes"] > 0
    if data["value"] == "win":
        assert len(data["best"]) == 1 and data["best"][0] in full["best"]
    else:
        assert data["best"] == full["best"]


def test_cram_gives_its_grundy_value(capsys):
    data = analyse_json(capsys, "cram", "--size", "3x4", "--no-tables", "--value-only")
    assert isinstance(data["grundy"], int) and (data["grundy"] != 0) == (data["value"] == "win")
    from gridgames.games.cram import solver

    solver.clear_cache()  # (another test may have valued 3x5 in this process)
    searched = analyse_json(capsys, "cram", "--size", "3x5", "--no-tables", "--value-only")
    assert searched["grundy"] == 1 and searched["grundy_nodes"] > 0  # the Grundy value's own search


def test_no_tables_reads_no_shipped_table(capsys):
    shipped = analyse_json(capsys, "domineering", "--size", "8x8", "--value-only")
    searched = analyse_json(
        capsys, "domineering", "--size", "8x8", "--no-tables", "--value-only", "--budget", "0.05"
    )
    assert shipped["proof"] == "opening table" and shipped["value"] == "win"
    assert searched["proof"] is None and searched["value"] == "unknown" and searched["proven"] is False



@pytest.mark.parametrize(("nodes", "said"), [(1, "Analysed 1 position in"), (2, "Analysed 2 positions in")])
def test_the_count_of_positions_analysed_agrees_in_number(nodes, said):
    # The walk of issue 29: `analyse cram --size 3x3` said "Analysed 1 positions".
    from gridgames.commands.analyse import _text, report
    from gridgames.engine.game import Game

    game = Game.new(get_entry("cram"))
    fields = dict(report(game, 1.0), nodes=nodes)
    assert said in _text(game, fields)
