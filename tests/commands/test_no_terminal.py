"""The full-screen app without a terminal: one sentence pointing to --plain and exit 2, at once.

It used to spin a core for as long as it was left running (`gridgames </dev/null >out`), or write
screen codes into the pipe (`printf 'C3\\n' | gridgames play rowcol`).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

GRIDGAMES = [sys.executable, "-m", "gridgames"]


def _run(argv: list[str], typed: str | None, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    stdin = subprocess.DEVNULL if typed is None else None
    return subprocess.run(
        GRIDGAMES + argv, input=typed, stdin=stdin, capture_output=True, text=True, env=env, timeout=60
    )


@pytest.mark.parametrize(
    ("argv", "typed", "advice"),
    [
        ([], None, "use gridgames play VARIANT --plain to play in plain text."),
        (["--load", "/etc/passwd"], None, "use gridgames play VARIANT --plain"),
        (["play", "rowcol"], "C3\n", "add --plain to play in plain text."),
        (["puzzle"], None, "add --plain"),
    ],
)
def test_without_a_terminal_the_app_says_so_and_exits_2(tmp_path, argv, typed, advice):
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    env["GRIDGAMES_DATA_DIR"] = str(tmp_path)
    done = _run(argv, typed, env)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""  # no screen codes in the pipe
    assert done.stderr.startswith("gridgames: The full-screen app needs a terminal, and standard input and ")
    assert advice in done.stderr and done.stderr.endswith(".\n") and done.stderr.count("\n") == 1
