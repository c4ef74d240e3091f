"""Command-line limits: every solver path has a validated budget, and options are checked the same way
with and without --plain (a bad option is one sentence and exit 2, never a silent default)."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from gridgames.cli import main
from gridgames.commands import play as play_command


def refusal(capsys, argv: list[str]) -> str:
    """The one-line refusal of `gridgames *argv` (exit code 2, nothing on stdout)."""
    with pytest.raises(SystemExit) as raised:
        code = main(argv)
        raise SystemExit(code)
    out, err = capsys.readouterr()
    assert raised.value.code == 2 and out == "", (out, err)
    assert err.startswith("gridgames: ") and err.endswith(".\n") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("budget", ["nan", "inf", "-inf", "1e308", "-1", "0", "soon"])
@pytest.mark.parametrize("variant", ["walls", "noneighbour", "locked-duel"])
def test_unusable_budgets_are_refused_in_a_sentence(capsys, variant, budget):
    err = refusal(capsys, ["analyse", variant, "--budget", budget])
    assert f"'{budget}'" in err


def test_analyse_honours_its_budget_on_boards_no_solver_finishes(tmp_path):
    """The issue's hang (9x9 never returned) and crash (30x30 RecursionError), in a real process."""
    for size in ("9x9", "30x30"):
        done = subprocess.run(
            [sys.executable, "-m", "gridgames", "analyse", "locked-duel", "--size", size, "--budget", "0.3",
             "--json"],
            capture_output=True, text=True, timeout=60, env=dict(os.environ),
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert '"exact": false' in done.stdout or '"exact": true' in done.stdout


def test_the_perfect_computer_moves_within_its_budget_on_a_big_board(tmp_path):
    for level, size in (("perfect", "9x9"), ("hard", "9x9"), ("perfect", "30x30")):
        done = subprocess.run(
            [sys.executable, "-m", "gridgames", "play", "locked-duel", "--plain", "--size", size,
             "--vs", level, "--computer-plays", "1", "--first", "1"],
            input="", capture_output=True, text=True, timeout=60,
            env=dict(os.environ, GRIDGAMES_DATA_DIR=str(tmp_path / f"{level}-{size}")),
        )
        assert "Player A placed 'A' at" in done.stdout and done.returncode == 1, done.stderr


@pytest.mark.parametrize("plain", [[], ["--plain"]])
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--size", "0x0"], "'0x0' is not a board size this game supports"),
        (["--size", "-3x3"], "'-3x3' is not a board size: write rows x columns"),
        (["--size", ""], "'' is not a board size: write rows x columns, e.g. 5x5."),
        (["--vs", "bogus"], "There is no computer level 'bogus'"),
        (["--adjacency", "orthogonal"], "rowcol has no adjacency option"),
    ],
)
def test_options_are_checked_the_same_with_and_without_plain(monkeypatch, capsys, plain, argv, message):
    monkeypatch.setattr(play_command, "_launch_app", lambda *_: pytest.fail("the app must not open"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert message in refusal(capsys, ["play", "rowcol", *plain, *argv])


def test_the_issues_bad_command_line_does_not_open_the_app(monkeypatch, capsys):
    monkeypatch.setattr(play_command, "_launch_app", lambda *_: pytest.fail("the app must not open"))
    refusal(capsys, ["play", "rowcol", "--size", "0x0", "--vs", "bogus", "--games", "-5"])
    err = refusal(capsys, ["play", "rowcol", "--games", "3"])
    assert "--games works only in line mode: add --plain" in err
    assert "at least one game, not -5" in refusal(capsys, ["play", "rowcol", "--plain", "--games", "-5"])


def test_options_the_app_takes_reach_its_new_game_panel(monkeypatch):
    opened = {}
    monkeypatch.setattr(play_command, "_launch_app", lambda variant, args: opened.update(
        choices=play_command._choices_from(args, variant)) or 0)
    assert main(["play", "noneighbour", "--size", "4x4", "--vs", "easy", "--adjacency", "orthogonal"]) == 0
    setup = opened["choices"].setups["noneighbour"]
    assert (setup.options.rows, setup.options.cols) == (4, 4)
    assert setup.options.game_options == {"adjacency": "orthogonal"}
    assert setup.seats == ("human", "easy")


def test_resume_refuses_options_it_would_ignore(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    err = refusal(capsys, ["play", "rowcol", "--plain", "--resume", "--size", "3x3", "--vs", "easy",
                           "--games", "2", "--record", "x.txt"])
    assert "--resume continues the saved game with its own settings" in err
    assert all(option in err for option in ("--size", "--vs", "--games", "--record"))


def test_moves_accept_row_and_column_numbers_as_the_advice_says(capsys):
    assert main(["analyse", "locked-duel", "--moves", "3 3", "--json"]) == 0
    assert '"moves": ["(3,3)"]' in capsys.readouterr().out  # written in the book's notation
    assert main(["analyse", "locked-duel", "--moves", "3 3, 1 1 (5,5) E1", "--json"]) == 0
    assert '"moves": ["(3,3)", "(1,1)", "(5,5)", "(5,1)"]' in capsys.readouterr().out
    assert "'-3x3' is not a board size" in refusal(capsys, ["analyse", "rowcol", "--size", "-3x3"])


def test_overwrite_never_replaces_a_device(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("C3\n"))
    err = refusal(capsys, ["play", "rowcol", "--plain", "--record", "/dev/null", "--overwrite"])
    assert "'/dev/null' is a device: a record is only ever written to a regular file." in err
