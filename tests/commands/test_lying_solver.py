"""`analyse` and line mode on a game whose solver lies or fails: one sentence on stderr (analyse) or
one warning line (line mode), no traceback, nothing called proven, and play goes on by search
(gridgames/games/guard.py). Run as a user runs them: a separate process, the liar installed as a
distribution (tests/games/lying_plugin.py), the lie picked by its environment variable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.games.lying_plugin import GAMES, LIES, VARIABLE

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def run(register_games, tmp_path):  # type: ignore[no-untyped-def]
    register_games(GAMES)  # writes the plugin's dist-info under tmp_path/site

    def gridgames(lie: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(ROOT)]),
            "GRIDGAMES_DATA_DIR": str(tmp_path / "data"),
            VARIABLE: lie,
        }
        return subprocess.run(
            [sys.executable, "-m", "gridgames", *args], input=stdin, capture_output=True, text=True,
            env=env, timeout=60, cwd=tmp_path,
        )

    return gridgames


@pytest.mark.parametrize("lie", LIES)
def test_analyse_says_one_sentence_and_calls_nothing_proven(run, lie, one_sentence) -> None:
    done = run(lie, "analyse", "liar", "--size", "6x6", "--budget", "0.2")
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and LIES[lie] in lines[0], done.stderr
    assert lines[0].startswith("gridgames: ") and one_sentence(lines[0].removeprefix("gridgames: "))
    assert "proven" not in done.stdout.replace("not a proof", ""), done.stdout
    assert "a time-limited search, not a proof" in done.stdout


@pytest.mark.parametrize("lie", ["hole", "value", "raise"])
def test_analyse_json_is_not_exact(run, lie) -> None:
    done = run(lie, "analyse", "liar", "--size", "6x6", "--budget", "0.2", "--json")
    assert done.returncode == 0 and '"exact": false' in done.stdout and '"proven": false' in done.stdout


@pytest.mark.parametrize("lie", LIES)
def test_line_mode_and_the_perfect_seat_carry_on(run, lie) -> None:
    done = run(lie, "play", "liar", "--plain", "--size", "6x6", "--first", "1", "--vs", "perfect",
               "--seed", "1", stdin="A1\nF1\nquit\n")
    assert "Traceback" not in done.stderr and done.returncode == 0, (done.stdout, done.stderr)
    warnings = [line for line in done.stdout.splitlines() if line.startswith("Warning: ")]
    assert len(warnings) == 1 and LIES[lie] in warnings[0], done.stdout
    assert "proven" not in done.stdout
    assert done.stdout.count("Game saved") == 1, done.stdout  # the computer answered, then quit
