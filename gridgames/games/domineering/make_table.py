"""Domineering's shipped table, rebuilt byte for byte by `make tables` (scripts/make_tables.py finds
`TABLES`).

    domineering-8x8.bin   Gardner's 8x8 board: the winner's proven move in every position the table's
                          moves and any replies reach, to ply `PLIES_8X8` (opening.py)

Building it solves the board from scratch with the C core and a 2 GB transposition table: about 17
minutes for the board itself, then a few more for the table's positions (docs/solvers.md). Any other
board's table: `scripts/domineering_opening.py`.
"""

from __future__ import annotations

from gridgames.games.domineering import opening, solver

#: How deep the shipped 8x8 table goes: the winner's moves at plies 1, 3, ..., PLIES_8X8.
PLIES_8X8 = 9
#: The C transposition table while building: 2**26 buckets of 32 bytes (2 GB). With the default 64 MB
#: one the board is not solved within hours; the table's positions are mostly still in it afterwards.
BUILD_TABLE_LOG2 = 26


def build_8x8() -> bytes:
    module = solver.native()
    if module is None:
        raise SystemExit("building domineering-8x8.bin needs Domineering's C core (a C compiler at install)")
    module.set_table_limit(BUILD_TABLE_LOG2)
    try:
        return opening.blob(8, 8, opening.build(8, 8, PLIES_8X8))
    finally:
        module.set_table_limit(solver.NATIVE_TABLE_LOG2)  # and its 2 GB freed


TABLES = {"domineering-8x8.bin": build_8x8}
