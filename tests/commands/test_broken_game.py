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
        ("broken-solver", "its solver's evaluate raised AssertionError: solver table missing"),
    ],
)
def test_analyse_says_it_in_one_sentence_and_exits_2(run, game_id, said, one_sentence) -> None:
    done = run("analyse", game_id, "--budget", "1")
    assert_one_sentence_exit_2(done, said, one_sentence)


def test_the_other_games_still_play(run) -> None:
    done = run("analyse", "rowcol", "--json")
    assert done.returncode == 0 and '"variant": "rowcol"' in done.stdout, done.stderr
