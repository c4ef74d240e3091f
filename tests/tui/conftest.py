"""Every app test gets its own empty data folder, so no test reads or writes the player's real one."""

from __future__ import annotations

from pathlib import Path

import pytest

from gridgames.storage import ENV_DATA_DIR


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`$GRIDGAMES_DATA_DIR` and the current folder (where save-as lands) in the test's tmp folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_DATA_DIR, str(folder))
    monkeypatch.chdir(tmp_path)
    return folder
