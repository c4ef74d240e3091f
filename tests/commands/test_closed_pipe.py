"""Output into a pipe whose reader went away (`| head`, `| less` then q): every command ends quietly
with the shell's SIGPIPE code 141, never a BrokenPipeError traceback (issue 20, item 16).

The pipe is closed before the command starts, so every write it makes fails, whatever the timing.
Output is block-buffered as in a user's pipeline: small outputs fail at the final flush, line mode
and replay (which flush as they go) in the middle of the command.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gridgames.storage import save_record
from tests.online.driver import Procs, invite

READER_GONE = 141


def into_closed_pipe(*args: str, data_dir: Path, stdin: bytes = b"") -> subprocess.CompletedProcess:
    reader, writer = os.pipe()
    os.close(reader)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    try:
        return subprocess.run(
            [sys.executable, "-m", "gridgames", *args], input=stdin, stdout=writer, stderr=subprocess.PIPE,
            timeout=60, env=dict(env, GRIDGAMES_DATA_DIR=str(data_dir)),
        )
    finally:
        os.close(writer)


def assert_quiet(done: subprocess.CompletedProcess) -> None:
    assert done.stderr == b"", done.stderr.decode(errors="replace")
    assert done.returncode == READER_GONE


@pytest.mark.parametrize("args", [
    ("analyse", "locked-duel", "--json"),
    ("analyse", "walls", "--size", "4x4"),
], ids=["analyse-json", "analyse-text"])
def test_analyse_into_a_closed_pipe_ends_quietly(args, data_dir):
    assert_quiet(into_closed_pipe(*args, data_dir=data_dir))


def test_line_mode_into_a_closed_pipe_ends_quietly(data_dir):
    assert_quiet(into_closed_pipe("play", "rowcol", "--plain", data_dir=data_dir, stdin=b"C3\nC1\n"))


def test_replay_all_into_a_closed_pipe_ends_quietly(data_dir, tmp_path, make_game):
    game = make_game("rowcol")
    for text in ("A2", "A3", "A4", "A5", "B5", "B1", "C1", "D1", "E1", "A1"):
        game = game.play(text)
    path = save_record(game, tmp_path / "game.gridgames")
    assert_quiet(into_closed_pipe("replay", str(path), "--all", data_dir=data_dir))


@pytest.fixture
def procs(tmp_path):
    running = Procs(tmp_path)
    yield running
    running.stop_all()


def test_online_line_mode_into_a_closed_pipe_ends_quietly(procs, tmp_path):
    host = procs.start("host", "rowcol", "--plain", "--port", "0", person="host")
    address = invite(host)
    guest = tmp_path / "guest"  # help writes at once (a piped reply is not echoed any more)
    assert_quiet(into_closed_pipe("join", address, "--plain", data_dir=guest, stdin=b"help\nquit\n"))
    assert_quiet(into_closed_pipe("host", "walls", "--plain", "--port", "0", data_dir=tmp_path / "host2"))
