"""Prove who wins an empty Domineering board, one opening move at a time, in a run that can be stopped
and resumed: the long runs of docs/solvers.md (10x10) are made with it.

The first player wins if one of their opening moves leaves the opponent lost; they lose if every opening
move leaves the opponent a win. Each opening move (one per class of the board's mirror images, tried in
the search's own order) is one search; its answer, nodes, CPU seconds and peak memory go to a journal, one
JSON line each, as soon as it is proven. Started again with the same journal, the run skips what the
journal holds. Ctrl+C stops the search within milliseconds and keeps every answer already written.

    nice -n 19 python scripts/solve_board.py --rows 10 --cols 10 --first 1 --journal runs/dom-10x10-V.jsonl
    make solve-board ROWS=10 COLS=10 FIRST=1      # the same, under nice, journal in runs/
"""

from __future__ import annotations

import argparse
import json
import resource
import signal
import sys
import time
from pathlib import Path
from typing import Any

from gridgames.engine.cells import Cell, format_cell
from gridgames.games.domineering import solver
from gridgames.games.domineering.reference import dominoes
from gridgames.solve.budget import Budget, SearchTimeout

#: The longest journal line read back (a line is about 150 bytes; anything longer is not ours).
MAX_LINE = 4096


def mirrored(
    rows: int, cols: int, cells: tuple[int, int], flip_rows: bool, flip_cols: bool
) -> tuple[int, int]:
    """A domino's cells in the board mirrored top-bottom and/or left-right (both keep its direction)."""
    out = []
    for cell in cells:
        r, c = divmod(cell, cols)
        out.append((rows - 1 - r if flip_rows else r) * cols + (cols - 1 - c if flip_cols else c))
    low, high = sorted(out)
    return low, high


def opening_moves(rows: int, cols: int, vertical: bool) -> list[tuple[int, int]]:
    """The mover's opening dominoes, one per class of mirror images, in the order the search tries them."""
    free = (1 << (rows * cols)) - 1
    ordered = solver.ordered_dominoes(rows, cols, free, vertical)
    assert sorted(ordered) == sorted(dominoes(rows, cols, free, vertical))
    seen: set[tuple[int, int]] = set()
    out = []
    for move in ordered:
        images = {mirrored(rows, cols, move, fr, fc) for fr in (False, True) for fc in (False, True)}
        if not images & seen:
            out.append(move)
        seen |= images
    return out


def read_journal(path: Path, rows: int, cols: int, first: int) -> dict[tuple[int, int], dict[str, Any]]:
    """The moves proven so far: {domino: its journal line}. A journal of another board is refused."""
    done: dict[tuple[int, int], dict[str, Any]] = {}
    if not path.exists():
        return done
    if not path.is_file():
        raise SystemExit(f"{path} is not a regular file, so it cannot be a journal.")
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if len(line) > MAX_LINE:
                raise SystemExit(f"{path}, line {number}: too long to be a journal line.")
            try:
                entry = json.loads(line)
                board = (entry["rows"], entry["cols"], entry["first"])
                move = (int(entry["move"][0]), int(entry["move"][1]))
                bool(entry["opponent_wins"])
            except (ValueError, KeyError, TypeError, IndexError):
                raise SystemExit(f"{path}, line {number}: not a journal line of this script.") from None
            if board != (rows, cols, first):
                rows_, cols_, first_ = board
                raise SystemExit(f"{path} is the journal of {rows_}x{cols_} with player {first_} first.")
            done[move] = entry
    return done


def written(cols: int, move: tuple[int, int]) -> str:
    """A domino as the game writes it (`A2-B2`)."""
    return "-".join(format_cell(Cell(*divmod(cell, cols))) for cell in move)


def peak_mb() -> float:
    """This process's peak resident memory so far, in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--cols", type=int, required=True)
    parser.add_argument("--first", type=int, choices=(1, 2), default=1, help="1: Vertical moves first")
    parser.add_argument("--journal", type=Path, required=True)
    parser.add_argument("--table-log2", type=int, default=None, help="the C core's table: 2**n buckets")
    parser.add_argument("--max-moves", type=int, default=None, help="stop after proving this many moves")
    # exit status: 0 with a result, 3 when stopped before one (run again to go on)
    args = parser.parse_args(argv)
    vertical = args.first == 1
    name = "Vertical" if vertical else "Horizontal"
    module = solver.native()
    if module is not None and args.table_log2 is not None:
        module.set_table_limit(args.table_log2)
    core = "yes" if module else "no"
    print(f"Domineering {args.rows}x{args.cols}, {name} first; C core: {core}", flush=True)

    stop = {"asked": False}
    signal.signal(signal.SIGINT, lambda *_: stop.update(asked=True))
    moves = opening_moves(args.rows, args.cols, vertical)
    done = read_journal(args.journal, args.rows, args.cols, args.first)
    args.journal.parent.mkdir(parents=True, exist_ok=True)
    full = (1 << (args.rows * args.cols)) - 1
    proven_here = 0
    spent: list[float] = []
    for index, move in enumerate(moves, 1):
        entry = done.get(move)
        if entry is None:
            if stop["asked"] or (args.max_moves is not None and proven_here >= args.max_moves):
                print(f"Stopped with {index - 1} of {len(moves)} opening moves proven; run again to go on.")
                return 3
            began, cpu = time.perf_counter(), time.process_time()
            child = full & ~(1 << move[0]) & ~(1 << move[1])
            try:
                budget = Budget(None, lambda: stop["asked"])
                opponent_wins = solver.wins(args.rows, args.cols, child, not vertical, budget)
            except SearchTimeout:
                print(f"Stopped during move {index} of {len(moves)}; run again to go on.")
                return 3
            entry = {
                "rows": args.rows, "cols": args.cols, "first": args.first, "move": list(move),
                "opponent_wins": opponent_wins, "nodes": solver.nodes(),
                "cpu_seconds": round(time.process_time() - cpu, 3),
                "wall_seconds": round(time.perf_counter() - began, 3), "peak_mb": round(peak_mb(), 1),
            }
            with args.journal.open("a", encoding="utf-8") as journal:
                journal.write(json.dumps(entry) + "\n")
            proven_here += 1
        verdict = "loses" if entry["opponent_wins"] else "WINS"
        print(f"[{index}/{len(moves)}] {written(args.cols, move)}: {verdict}  nodes {entry['nodes']:,}  "
              f"cpu {entry['cpu_seconds']} s  peak {entry['peak_mb']} MB", flush=True)
        spent.append(entry["cpu_seconds"])
        if not entry["opponent_wins"]:
            opening = written(args.cols, move)
            print(f"Result: {name} moving first wins (opening {opening}; {sum(spent):.1f} s CPU in all).")
            return 0
    print(f"Result: {name} moving first loses (every opening move lost; {sum(spent):.1f} s CPU in all).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
