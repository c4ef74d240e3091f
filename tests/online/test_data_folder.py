"""Hosting when the data folder cannot hold the rooms: one sentence naming the folder, not a port error."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.waiting import scaled

WAIT = scaled(20.0)


def host(data_dir) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(data_dir))
    return subprocess.run(
        [sys.executable, "-m", "gridgames", "host", "rowcol", "--plain", "--port", "0"],
        capture_output=True, text=True, timeout=WAIT, env=env, stdin=subprocess.DEVNULL,
    )


def test_a_data_folder_that_cannot_be_made_is_named(tmp_path):
    (tmp_path / "a-file").write_text("")
    done = host(tmp_path / "a-file" / "data")
    assert done.returncode == 2
    folder = tmp_path / "a-file" / "data" / "online"
    assert done.stderr == (
        f"gridgames: Cannot keep online games in {folder}: Not a directory "
        "(set GRIDGAMES_DATA_DIR to a folder you can write).\n"
    )
    assert "listen" not in done.stderr


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_data_folder_is_named(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o555)
    try:
        done = host(data)
    finally:
        data.chmod(0o755)
    assert done.returncode == 2
    assert f"Cannot keep online games in {data / 'online'}: Permission denied" in done.stderr
