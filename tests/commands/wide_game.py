"""A game plugin whose names and symbols are not ASCII (nor all latin-1), installed for `gridgames`
subprocesses through PYTHONPATH exactly as `pip install` of a plugin would: Twin Cells (the example
plugin in tests/plugin_example) renamed "zwillinge", with ● and ○ for the players."""

from __future__ import annotations

import os
from pathlib import Path

PLUGIN = Path(__file__).resolve().parent.parent / "plugin_example"
VARIANT = "zwillinge"

MODULE = '''
from dataclasses import replace

from gridgames.engine import Content
from gridgames_example.book import BOOK as TWINS

BOOK = replace(TWINS, entry=replace(
    TWINS.entry, id="zwillinge", title="Zwillingsfelder", player_names=("Spielerin 1", "Spieler 2"),
    symbols={Content.EMPTY: "·", Content.P1: "●", Content.P2: "○", Content.BLOCKED: "▪"},
))
'''

#: A record of three moves of it, as `play --record` writes one.
RECORD = """gridgames-record 1
# Zwillingsfelder (rule book X01)
variant: zwillinge
size: 3x3
first: 1
result: in progress
moves:
1. A1
2. A3
3. B1
"""


def wide_game_env(folder: Path) -> dict[str, str]:
    """The environment of a process that has the game installed (its files go in `folder`)."""
    site = folder / "site"
    info = site / "gridgames_wide-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gridgames-wide\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[gridgames.games]\n{VARIANT} = gridgames_wide:BOOK\n")
    (site / "gridgames_wide.py").write_text(MODULE, encoding="utf-8")
    paths = [str(site), str(PLUGIN), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {"PYTHONPATH": os.pathsep.join(paths)}
