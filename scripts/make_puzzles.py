"""Build the shipped puzzles (`make puzzles`): gridgames/puzzles/puzzles.bin, behind a checked header.

Seeded random games on every board the exact solvers cover give the positions; those with exactly one
winning move become puzzles (see gridgames/puzzles/generate.py). Prints the time taken and the count of
puzzles per game and theme. The output is the same on every run: `--check` builds it again into memory
and says whether the shipped file is identical, writing nothing.

Usage: `python scripts/make_puzzles.py [--check]`
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from gridgames.games import native_cores
from gridgames.puzzles import codec, quality
from gridgames.puzzles.generate import MAX_PROOF_SECONDS, Tally, every_plan, every_puzzle
from gridgames.puzzles.model import Puzzle
from gridgames.solve import core, tables

TARGET = Path(__file__).resolve().parent.parent / "gridgames" / "puzzles" / "puzzles.bin"


def report(game: str, puzzles: list[Puzzle], tally: Tally) -> None:
    """One game's line: count, time, lengths, themes, and the slowest proof kept."""
    lengths: dict[int, int] = {}
    for puzzle in puzzles:
        lengths[puzzle.player_moves] = lengths.get(puzzle.player_moves, 0) + 1
    ratings = sorted(p.rating for p in puzzles) or [0.0]
    slowest = tally.slowest_proof
    print(
        f"{game}: {len(puzzles)} puzzles in {tally.seconds:.1f} s "
        f"({tally.positions} positions looked at, {tally.too_big} left out "
        f"for the size of their proof); slowest proof {slowest * 1000:.1f} ms"
        f"{'' if slowest <= MAX_PROOF_SECONDS else ' (OVER THE 50 ms LIMIT)'}",
        flush=True,
    )
    print("  by length (player moves): " + ", ".join(f"{k}: {v}" for k, v in sorted(lengths.items())))
    themes: dict[str, int] = {}
    bands: dict[int, int] = {}
    for puzzle in puzzles:
        for theme in puzzle.themes:
            themes[theme] = themes.get(theme, 0) + 1
        band = int(puzzle.rating // 200 * 200)
        bands[band] = bands.get(band, 0) + 1
    print("  by theme: " + ", ".join(f"{k}: {v}" for k, v in sorted(themes.items())))
    middle = ratings[len(ratings) // 2]
    print(f"  ratings: {ratings[0]:.0f} lowest, {middle:.0f} median, {ratings[-1]:.0f} highest; "
          f"{sum(quality.in_middle(p.rating) for p in puzzles)} within 200 of 1500; by band: "
          + ", ".join(f"{k}-{k + 199}: {v}" for k, v in sorted(bands.items())))
    print(f"  the medium level misses the first move of {tally.medium_misses}")


def summary(puzzles: list[Puzzle]) -> None:
    """What ships, after trimming and spreading the ratings: per game, its count, lengths, themes and
    rating bands, and the shares the quality rules ask for."""
    print("What ships:")
    games = dict.fromkeys(p.game for p in puzzles)
    for game in games:
        pool = [p for p in puzzles if p.game == game]
        lengths: dict[int, int] = {}
        themes: dict[str, int] = {}
        bands: dict[int, int] = {}
        for puzzle in pool:
            lengths[puzzle.player_moves] = lengths.get(puzzle.player_moves, 0) + 1
            for theme in puzzle.themes:
                themes[theme] = themes.get(theme, 0) + 1
            band = int(puzzle.rating // 200 * 200)
            bands[band] = bands.get(band, 0) + 1
        print(f"{game}: {len(pool)}; by length " + "/".join(str(lengths.get(k, 0)) for k in range(1, 6))
              + f"; {sum(quality.in_middle(p.rating) for p in pool)} within 200 of 1500")
        print("  themes: " + ", ".join(f"{k} {v}" for k, v in sorted(themes.items())))
        print("  ratings: " + ", ".join(f"{k}-{k + 199}: {v}" for k, v in sorted(bands.items())))
    longer = sum(p.player_moves > 1 for p in puzzles)
    share = 100 * longer / max(len(puzzles), 1)
    print(f"two or more player moves: {longer} of {len(puzzles)} ({share:.1f}%)")


def build() -> bytes:
    started = time.perf_counter()
    puzzles = every_puzzle(report=report)
    summary(puzzles)
    blob = tables.pack(codec.TABLE_NAME, codec.encode(puzzles))
    print(f"{len(puzzles)} puzzles of {len(every_plan())} games in {time.perf_counter() - started:.1f} s, "
          f"{len(blob)} bytes")
    return blob


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    args = parser.parse_args()
    missing = [name for name in native_cores() if not core.load(name).built]
    if missing or not core.enabled():
        print("The puzzles are made with the C cores (the Python references give the same file, in hours): "
              f"build them first (missing: {', '.join(missing) or 'switched off by GRIDGAMES_CORE'}).")
        return 2
    sys.setrecursionlimit(10_000)
    blob = build()
    if args.check:
        identical = TARGET.is_file() and TARGET.read_bytes() == blob
        print(f"{TARGET.name}: {'identical' if identical else 'DIFFERS'}")
        return 0 if identical else 1
    TARGET.write_bytes(blob)
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
