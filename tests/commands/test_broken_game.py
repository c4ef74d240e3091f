"""Line mode and `analyse` on a game whose code fails: one sentence on stderr, exit code 2, no
traceback; another game in the same install still plays (gridgames/games/guard.py, gridgames/cli.py).
Run as a user runs them: a separate process, the broken plugin installed as a distribution."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.games.broken_plugin import BROKEN

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def run(register_games, tmp_path):  # type: ignore[no-untyped-def]
    register_games(BROKEN)  # writes the plugin's dist-info under tmp_path/site
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(ROOT)]),
        "GRIDGAMES_DATA_DIR": str(tmp_path / "data"),
    }

    def gridgames(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "gridgames", *args], input=stdin, capture_output=True, text=True,
            env=env, timeout=60, cwd=tmp_path,
        )

    return gridgames


def assert_one_sentence_exit_2(done, said: str, one_sentence) -> None:  # type: ignore[no-untyped-def]
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], done.stderr
    assert lines[0].startswith("gridgames: ") and one_sentence(lines[0].removeprefix("gridgames: "))


@pytest.mark.parametrize(
    ("game_id", "said"),
    [
        ("broken-moves", "raised RuntimeError: legal moves exploded"),
        ("broken-look", "its drawing raised KeyError"),
        ("broken-notation", "its notation raised ZeroDivisionError"),
        ("late", "lost track of the board"),
    ],
)
def test_line_mode_says_it_in_one_sentence_and_exits_2(run, game_id, said, one_sentence) -> None:
    done = run("play", game_id, "--plain", "--first", "1", stdin="A1\nA3\nB1\nB3\nC1\n")
    assert_one_sentence_exit_2(done, said, one_sentence)


@pytest.mark.parametrize(
    ("game_id", "said"),
    [
        ("broken-moves", "raised RuntimeError: legal moves exploded"),
        ("garbage-moves", "its legal moves gave 'A1', not a move on this board"),
    ],
)
def test_analyse_says_it_in_one_sentence_and_exits_2(run, game_id, said, one_sentence) -> None:
    done = run("analyse", game_id, "--budget", "1")
    assert_one_sentence_exit_2(done, said, one_sentence)


def test_a_failing_solver_is_one_sentence_and_analyse_searches_instead(run, one_sentence) -> None:
    done = run("analyse", "broken-solver", "--budget", "1")  # 3x3: the search proves it
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "its evaluate raised AssertionError: solver table missing" in lines[0]
    assert one_sentence(lines[0].removeprefix("gridgames: "))
    assert "loss with best play (proven)" in done.stdout, done.stdout


def test_the_other_games_still_play(run) -> None:
    done = run("analyse", "rowcol", "--json")
    assert done.returncode == 0 and '"variant": "rowcol"' in done.stdout, done.stderr


def test_a_broken_games_save_is_not_offered_again_and_again(run, tmp_path, monkeypatch, one_sentence) -> None:
    from gridgames.engine import Game, Options
    from gridgames.storage import Store
    from tests.games.broken_plugin import LOOK_RAISES

    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data"))
    game = Game.new(LOOK_RAISES.entry, Options(3, 3, "1"), first_player=1).play("A1")
    Store().save_current(game, {}, slot="broken-look-1")  # saved while its drawing still worked
    for _run in range(2):  # each run: the sentence, no question about the save
        again = run("play", "broken-look", "--plain", "--resume", stdin="y\n")
        assert_one_sentence_exit_2(again, "its drawing raised KeyError", one_sentence)
        assert again.stdout == "", again.stdout  # refused before anything is offered or resumed
    assert list((tmp_path / "data").glob("*broken-look-1*")), "the save stays for a fixed version"
