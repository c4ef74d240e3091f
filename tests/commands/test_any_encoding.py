"""Every output encoding works: line mode, `replay`, `analyse` and online `join --plain` write what the
terminal cannot show as `?` and carry on, never a UnicodeEncodeError (issue 20, item 14)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.online.driver import Procs, invite

from .wide_game import RECORD, VARIANT, wide_game_env

ENCODINGS = ["ascii", "latin-1"]


def gridgames(
    *args: str, encoding: str, env: dict[str, str], stdin: bytes = b""
) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "-m", "gridgames", *args], input=stdin, capture_output=True, timeout=60,
        env=dict(os.environ, **env, PYTHONIOENCODING=encoding),
    )
    problems = done.stderr.decode(errors="replace")
    assert "Traceback" not in problems and "Error" not in problems, problems
    return done


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_line_mode_shows_lines_it_cannot_write_and_plays_on(encoding, data_dir):
    """The issue's case (a byte that is not UTF-8, shown as U+FFFD) and a line so long it is cut with '…'."""
    typed = b"C3\nC\377 1\n" + b"C" * 300 + b"\nC1\n"
    env = {"GRIDGAMES_DATA_DIR": str(data_dir)}
    done = gridgames("play", "rowcol", "--plain", encoding=encoding, env=env, stdin=typed)
    out = done.stdout.decode(encoding)
    if encoding == "ascii":
        assert "Enter your move:\nThat line is not UTF-8 text" in out
    cut = "C?"  # the refusal quotes the long line cut short, and neither encoding has "…"
    assert "'" + "C" * 20 in out and cut in out and "Player 2 (O) claims C1." in out
    assert done.returncode == 1  # input ended mid-game, as with any encoding


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_game_with_symbols_the_terminal_lacks_plays_analyses_and_replays(encoding, data_dir, tmp_path):
    env = {**wide_game_env(tmp_path), "GRIDGAMES_DATA_DIR": str(data_dir)}
    played = gridgames("play", VARIANT, "--plain", "--first", "1", encoding=encoding, env=env, stdin=b"A1\n")
    assert "Spielerin 1 (?) marks A1." in played.stdout.decode(encoding) and played.returncode == 1

    analysed = gridgames("analyse", VARIANT, "--moves", "A1", encoding=encoding, env=env)
    assert "Spieler 2 (?) to move" in analysed.stdout.decode(encoding) and analysed.returncode == 0

    record = tmp_path / "z.gridgames"
    record.write_text(RECORD, encoding="utf-8")
    replayed = gridgames("replay", str(record), "--all", encoding=encoding, env=env)
    out = replayed.stdout.decode(encoding)
    assert "Move 3: Spielerin 1 (?) plays B1." in out and out.rstrip().endswith("The game was not finished.")
    assert replayed.returncode == 0


@pytest.fixture
def procs(tmp_path):
    running = Procs(tmp_path)
    yield running
    running.stop_all()


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_online_line_mode_plays_in_any_encoding(encoding, procs, tmp_path, monkeypatch):
    for name, value in {**wide_game_env(tmp_path), "PYTHONIOENCODING": encoding}.items():
        monkeypatch.setenv(name, value)  # the processes the driver starts inherit them
    host = procs.start("host", VARIANT, "--plain", "--port", "0", "--first", "1", person="host")
    guest = procs.start("join", invite(host), "--plain", person="guest")
    guest.expect(r"^You are Spieler 2 \(\?\)")
    host.expect(r"^\[You: Spielerin 1 \(\?\) . .*your turn\]$")
    host.send("A1")
    guest.expect(r"^Spielerin 1 \(\?\) marks A1\.")
    for proc in (guest, host):
        proc.send("quit")
        assert proc.wait() == 0
        assert not any("Traceback" in line or "Error" in line for line in proc.seen), proc.seen
