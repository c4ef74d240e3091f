"""`gridgames play VARIANT --plain`: options, records, statistics, resume, and surviving SIGKILL."""

from __future__ import annotations

import io
import os
import select
import signal
import subprocess
import sys
import time

import pytest

from gridgames.cli import main
from gridgames.storage import Store, load_record
from tests.notation import played


def play(monkeypatch, capsys, argv: list[str], typed: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_piped_game_plays_to_the_end_writes_its_record_and_counts_it(
    monkeypatch, capsys, tmp_path, data_dir
):
    record = tmp_path / "game.txt"
    code, out, err = play(
        monkeypatch,
        capsys,
        ["rowcol", "--plain", "--size", "2x2", "--record", str(record)],
        "A1\nA2\nB2\nB1\n",
    )
    assert (code, err) == (0, "")
    assert out.startswith("Welcome to Gridlock!\n")
    assert "Congratulations Player 2 (O), you win!" in out
    assert f"The game record is saved in {record}." in out
    assert played(load_record(record)) == ["A1", "A2", "B2", "B1"]
    assert Store(data_dir).stats() == {"rowcol": {"human": {"wins": 0, "losses": 1, "draws": 0}}}
    assert Store(data_dir).load_current("rowcol") is None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chess", "--plain"], "There is no game called 'chess'"),
        (["rowcol", "--plain", "--size", "1x9"], "'1x9' is not a board size this game supports"),
        (["rowcol", "--plain", "--adjacency", "orthogonal"], "rowcol has no adjacency option"),
        (["rowcol", "--plain", "--scoring", "cells"], "rowcol has no cell_scoring option: only locked-duel"),
        (["rowcol", "--plain", "--option", "adjacency=orthogonal"], "rowcol has no adjacency option"),
        (["noneighbour", "--plain", "--option", "adjacency=diagonal"],
         "The option adjacency must be king or orthogonal, not 'diagonal'."),
        (["noneighbour", "--plain", "--option", "colour=red"],
         "noneighbour has no colour option: its options are adjacency."),
        (["noneighbour", "--plain", "--option", "adjacency"], "Write an option as NAME=VALUE"),
        (["noneighbour", "--plain", "--adjacency", "king", "--option", "adjacency=king"],
         "The option adjacency is given twice."),
        (["locked-duel", "--plain", "--option", "cell_scoring=maybe"],
         "The option cell_scoring must be yes or no, not 'maybe'."),
        (["rowcol", "--plain", "--games", "0"], "A match is at least one game, not 0."),
    ],
)
def test_bad_options_are_one_sentence_and_exit_2(monkeypatch, capsys, argv, message):
    code, out, err = play(monkeypatch, capsys, argv, "")
    assert code == 2 and out == ""
    assert err.startswith("gridgames: ") and message in err


def test_an_existing_record_file_is_refused_before_playing(monkeypatch, capsys, tmp_path):
    record = tmp_path / "keep.txt"
    record.write_text("precious")
    code, out, err = play(monkeypatch, capsys, ["rowcol", "--plain", "--record", str(record)], "C3\n")
    assert code == 2 and "already exists: choose another --record file, or add --overwrite" in err
    assert record.read_text() == "precious"


def test_resume_continues_with_the_saved_opponent_and_match(monkeypatch, capsys, data_dir):
    code, out, _ = play(
        monkeypatch,
        capsys,
        ["locked-duel", "--plain", "--size", "2x2", "--first", "1", "--games", "2", "--scoring", "cells"],
        "1 1\n2 2\n",
    )
    assert code == 1 and "Game 2: Player B (B) moves first" in out
    code, out, _ = play(monkeypatch, capsys, ["locked-duel", "--plain", "--resume"], "1 1\n2 2\n")
    assert code == 0
    assert "Match score after 2 games of 2: Player A (A) 2 cells, Player B (B) 2 cells." in out
    assert out.rstrip().endswith("The match is drawn, 2 to 2.")


def test_without_resume_piped_input_starts_afresh_and_keeps_the_saved_game(monkeypatch, capsys):
    play(monkeypatch, capsys, ["rowcol", "--plain"], "C3\n")
    code, out, _ = play(monkeypatch, capsys, ["rowcol", "--plain"], "A1\n")
    assert "An unfinished game of rowcol is saved; it stays saved (--resume continues it)." in out
    saved = Store().unfinished("rowcol")
    assert sorted(s.game.rules.format_move(s.game.played[0]) for s in saved) == ["A1", "C3"]
    code, out, _ = play(monkeypatch, capsys, ["blocking", "--plain", "--resume"], "")
    assert "There is no unfinished game of blocking to resume; a new game starts." in out


def test_a_broken_autosave_is_reported_and_a_new_game_starts(monkeypatch, capsys, data_dir):
    data_dir.mkdir()
    (data_dir / "current-rowcol.gridgames").write_bytes(b"\x00\x01 not a record")
    code, out, err = play(monkeypatch, capsys, ["rowcol", "--plain", "--resume"], "C3\n")
    assert code == 1 and err == ""
    assert out.startswith("Warning: The saved game in ") and "the file is binary" in out
    assert "There is no unfinished game" not in out
    assert "Player 1 (X) claims C3." in out


class Terminal(io.StringIO):
    """Typed input that claims to come from a terminal."""

    def isatty(self) -> bool:
        return True


def test_at_a_terminal_the_unfinished_game_is_offered(monkeypatch, capsys):
    play(monkeypatch, capsys, ["rowcol", "--plain"], "C3\n")
    monkeypatch.setattr(sys, "stdin", Terminal("y\n"))
    assert main(["play", "rowcol", "--plain"]) == 1
    out = capsys.readouterr().out
    assert "An unfinished game of rowcol (5x5, 1 move, saved " in out and "Resume it? [Y/n]" in out
    assert "You must choose a cell in row C or column 3." in out
    monkeypatch.setattr(sys, "stdin", Terminal("n\n"))
    main(["play", "rowcol", "--plain"])
    assert "Claim any cell to start." in capsys.readouterr().out


def test_at_a_terminal_every_unfinished_game_is_offered(monkeypatch, capsys, data_dir):
    for first in ("A1", "C3", "E5"):
        play(monkeypatch, capsys, ["rowcol", "--plain"], f"{first}\n")
    monkeypatch.setattr(sys, "stdin", Terminal("7\n3\nquit\n"))
    assert main(["play", "rowcol", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "3 unfinished games of rowcol are waiting:" in out
    assert "Type a number from 1 to 3, or n for a new game." in out
    assert "Player 2 (O), it's your turn." in out  # the oldest game (A1), third in the list
    resumed = [s for s in Store(data_dir).unfinished("rowcol") if s.game.played[0] == s.game.parse("A1")]
    assert len(resumed) == 1 and len(Store(data_dir).unfinished("rowcol")) == 3


def test_without_plain_the_app_opens_on_the_variant(monkeypatch, capsys):
    from gridgames.tui import launch

    opened = []
    monkeypatch.setattr(launch, "run_app", lambda start: opened.append(start["variant"]) or 0)
    assert main(["play", "Blocking"]) == 0 and opened == ["blocking"]

    monkeypatch.setattr(launch, "available", lambda: False)  # no Textual here
    assert main(["play", "rowcol"]) == 2
    assert "add --plain to play in plain text" in capsys.readouterr().err


def test_an_unknown_computer_level_is_refused(monkeypatch, capsys):
    pytest.importorskip("gridgames.solve.players")
    code, _, err = play(monkeypatch, capsys, ["rowcol", "--plain", "--vs", "grandmaster"], "")
    assert code == 2 and "grandmaster" in err


def test_the_computer_plays_a_whole_game(monkeypatch, capsys):
    players = pytest.importorskip("gridgames.solve.players")
    level = tuple(players.LEVELS)[-1]
    code, out, _ = play(
        monkeypatch, capsys, ["noneighbour", "--plain", "--vs", level, "--computer-plays", "1"], ""
    )
    assert code == 0 and "Player 1 wins!" in out  # a perfect first player takes the centre of 3x3


def read_until(
    proc: subprocess.Popen, seen: bytearray, marker: str, count: int, timeout: float = 10.0
) -> None:
    """Read stdout into `seen` until `marker` has appeared `count` times (fails after `timeout` seconds)."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while seen.decode().count(marker) < count:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"timed out waiting for {marker!r}; got:\n{seen.decode()}"
        ready, _, _ = select.select([proc.stdout], [], [], remaining)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, f"the game ended early:\n{seen.decode()}"
            seen += chunk


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_game_killed_between_moves_resumes_at_the_last_completed_move(data_dir):
    env = os.environ | {"GRIDGAMES_DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "gridgames", "play", "rowcol", "--plain"]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    assert proc.stdin is not None
    seen = bytearray()
    read_until(proc, seen, "Enter your move:\n", 1)
    for n, move in enumerate(["C3", "C1", "A1"], start=2):
        proc.stdin.write(f"{move}\n".encode())
        proc.stdin.flush()
        read_until(proc, seen, "Enter your move:\n", n)  # the prompt for the next move: the save is done
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)

    resumed = subprocess.run(
        [*command, "--resume"], input=b"A5\n", capture_output=True, env=env, timeout=20, check=False
    )
    out = resumed.stdout.decode()
    assert "You must choose a cell in row A or column 1.\nEnter your move:\n" in out
    assert "A X . . . O\nB . . . . .\nC O . X . ." in out
    assert resumed.returncode == 1
    assert played(Store(data_dir).load_current("rowcol").game) == [
        "C3",
        "C1",
        "A1",
        "A5",
    ]


def test_remembered_choices_are_announced_and_the_command_line_wins(tmp_path, monkeypatch):
    """Issue 20: `play noneighbour --size 9x9 --vs perfect` opened with the orthogonal house rule
    chosen days before, silently. Options given win; the rest is said."""
    import argparse

    from gridgames.commands.play import remembered_note
    from gridgames.engine.options import Options
    from gridgames.play.setup import LastChoices, Setup

    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data"))
    choices = LastChoices()
    choices.remember(Setup("noneighbour", Options(4, 4, "2", {"adjacency": "orthogonal"})))
    Store().save_prefs(choices.to_dict())
    args = argparse.Namespace(size="9x9", first=None, vs="perfect", computer_plays=None, starts=None)
    note = remembered_note(args, "noneighbour")
    assert note == "As last time: Player 2 (O) starts, orthogonal adjacency."
    args.game_option, args.first = ["adjacency=king"], "1"
    assert remembered_note(args, "noneighbour") == ""


async def test_options_on_the_command_line_start_the_new_game_without_offering_a_saved_one(
    monkeypatch, data_dir, make_game
):
    """`gridgames play walls --size 2x2 --vs easy` with a walls game unfinished: the 2x2 game against
    easy starts at once (it used to ask "Resume your unfinished game?", and Enter resumed the other)."""
    from gridgames.tui import launch
    from gridgames.tui.app import GridGamesApp
    from gridgames.tui.screens.game import GameScreen

    saved = make_game("walls")
    Store(data_dir).save_current(saved.play(saved.legal_moves()[0]), slot="walls-old")
    started = []
    monkeypatch.setattr(launch, "run_app", lambda start: started.append(start) or 0)
    assert main(["play", "walls", "--size", "2x2", "--vs", "easy"]) == 0
    app = GridGamesApp(**started[0])
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(200):
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause(0.05)
        screen = app.screen
        assert isinstance(screen, GameScreen), type(screen).__name__
        assert (screen.game.options.rows, screen.game.options.cols) == (2, 2)
        assert screen.session.seats == ("human", "easy")
    assert len(Store(data_dir).unfinished("walls")) >= 1  # the saved game is still there, for later


@pytest.mark.parametrize(
    ("argv", "typed", "said"),
    [
        (["rowcol"], "quit\n", "Goodbye: you have not moved yet, so there is no game to save."),
        (["rowcol"], "", "Input ended before your first move, so there is no game to save."),
        (["walls", "--vs", "easy", "--first", "2"], "quit\n", "Goodbye: you have not moved yet"),
    ],
)
def test_a_game_nobody_moved_in_is_not_kept(monkeypatch, capsys, data_dir, argv, typed, said):
    """Quitting `play --plain` before a move (the computer's opening move aside) adds nothing to the
    unfinished list, and says so."""
    pytest.importorskip("gridgames.solve.players")
    code, out, _ = play(monkeypatch, capsys, [*argv, "--plain"], typed)
    assert said in out and "Game saved" not in out
    assert Store(data_dir).unfinished() == []
    play(monkeypatch, capsys, ["rowcol", "--plain"], "C3\nquit\n")
    assert len(Store(data_dir).unfinished()) == 1  # a move is worth keeping


@pytest.mark.parametrize(("seed", "starter"), [(1, "Player A"), (5, "Player B")])
def test_line_mode_announces_the_coin_toss_in_the_books_names(monkeypatch, capsys, seed, starter):
    pytest.importorskip("gridgames.solve.players")
    argv = ["locked-duel", "--plain", "--vs", "easy", "--seed", str(seed)]
    _, out, _ = play(monkeypatch, capsys, argv, "3 3\n")
    assert f"Welcome to Locked Grid Duel!\n\nCoin toss: {starter} starts.\n" in out
    _, out, _ = play(monkeypatch, capsys, ["rowcol", "--plain"], "C3\n")  # the book says who starts
    assert "Coin toss" not in out


def test_piped_replies_are_not_echoed_on_the_prompt_line_and_prompts_have_no_stray_mark(monkeypatch, capsys):
    from gridgames.games import catalogue, rule_book

    code, out, _ = play(monkeypatch, capsys, ["walls", "--plain"], "A1\nquit\n")
    assert "> Enter your move" not in out and "\n>" not in out
    assert "Enter your move:\n\nPlaced X at position (1, 1)." in out  # the reply is not written back
    assert "Enter your move: A1" not in out
    for entry in catalogue():
        assert not rule_book(entry.id).phrases.prompt.lstrip().startswith(">"), entry.id
