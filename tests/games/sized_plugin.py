"""Games that declare the board sizes they allow (the example plugin's rules, Twin Cells, with sizes of
their own), and one whose declaration cannot work; `register_games` installs them for one test."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from gridgames.engine.board import Sizes

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "plugin_example"))
from gridgames_example.book import BOOK as TWINS  # noqa: E402 - the example plugin lives outside the package


def _sized(game_id: str, rows: int, cols: int, sizes: Sizes):  # type: ignore[no-untyped-def]
    entry = replace(TWINS.entry, id=game_id, title=game_id.title(), default_rows=rows, default_cols=cols,
                    sizes=sizes)
    return replace(TWINS, entry=entry)


#: Square boards only: 3x3, 4x4 or 5x5.
SQUARES = _sized("squares", 4, 4, Sizes(listed=((3, 3), (4, 4), (5, 5))))
#: Three or four rows, three to six columns.
NARROW = _sized("narrow", 3, 4, Sizes(rows=(3, 4), cols=(3, 6)))
#: Its default size is not one it allows.
BAD_SIZE = _sized("bad-size", 2, 2, Sizes(rows=(3, 5), cols=(3, 5)))

GAMES = {
    book.entry.id: f"tests.games.sized_plugin:{name}"
    for name, book in (("SQUARES", SQUARES), ("NARROW", NARROW), ("BAD_SIZE", BAD_SIZE))
}
