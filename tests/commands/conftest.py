"""Every command test gets its own empty data folder (never the user's)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(folder))
    return folder
