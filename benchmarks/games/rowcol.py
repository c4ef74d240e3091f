"""Row & Column's part of `make bench`: its boards, and the slowest full analysis on 30x30."""

from __future__ import annotations

import random
import time

from benchmarks.benching import Board, GameBench, Section, ms, random_positions
from benchmarks.kit import verdict
from gridgames.solve.analysis import analyse

ROWCOL_TARGET = 0.1


def bench_rowcol(rng: random.Random) -> bool:
    game = Board("rowcol", "30x30").game()
    positions = random_positions(game, rng, 40)
    worst = 0.0
    for g in positions:
        t0 = time.perf_counter()
        analyse(game.entry, g.state)
        worst = max(worst, time.perf_counter() - t0)
    ok = worst <= ROWCOL_TARGET
    print(f"\nrowcol 30x30: slowest full analysis over {len(positions)} positions {ms(worst)} "
          f"(target <= {ms(ROWCOL_TARGET)}: {verdict(ok)})")
    return ok


BENCH = GameBench(
    speed_boards=(Board("rowcol", "5x5", default=True), Board("rowcol", "30x30")),
    sections=(Section("rowcol 30x30", bench_rowcol),),
    level_boards=(Board("rowcol", "5x5", default=True),),
    analysed=("rowcol",),
    replies=("rowcol",),
)
