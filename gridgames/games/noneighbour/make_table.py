"""No-neighbour's shipped table, rebuilt byte for byte by `make tables` (scripts/make_tables.py finds
`TABLES`): noneighbour.bin holds the 5x5 positions with at most three markers, as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from gridgames.games.noneighbour import algorithm as noneighbour
from gridgames.solve import core, tables


def build_noneighbour() -> bytes:
    core.use_native(False)  # the reference search, one memo per board (about three minutes)
    built = {
        noneighbour._table_name(r, c, a): noneighbour.build_table(r, c, a, noneighbour.TABLE_MAX_MARKERS)
        for r, c, a in noneighbour.TABLE_BOARDS
    }
    body = (json.dumps(built, separators=(",", ":")) + "\n").encode()
    return tables.pack("noneighbour", body)


#: file name -> its builder.
TABLES: dict[str, Callable[[], bytes]] = {"noneighbour.bin": build_noneighbour}
