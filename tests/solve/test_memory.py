"""Every solver's memory is bounded whatever the board and budget (docs/solvers.md, "Memory bounds").

A real `gridgames analyse` runs in a subprocess with a time budget while its resident memory (VmRSS in
/proc/PID/status) is sampled; the peak must stay under the bound the docs state. On db433a1,
`analyse noneighbour --size 30x30` grew by about 29 MB a second (578 MB at 20 s, 3.08 GB at 88 s).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from gridgames.games.noneighbour import algorithm as noneighbour
from gridgames.solve import core

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads /proc/PID/status")

MB = 1 << 20
#: Python, gridgames and the shipped tables loaded (measured: about 20 to 25 MB), with room to spare.
BASE = 64 * MB
#: The C cores' bound per game (see the header shared by every _native.c): the wide memo (4M x 40 B)
#: and the compact one (4M x 16 B), each briefly one and a half times that while it grows.
C_CORE = (160 + 80 + 64 + 32) * MB


def _vm_rss(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def peak_rss(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run `gridgames analyse ARGS`, sampling its VmRSS every 50 ms: (peak bytes, its last output line)."""
    import os

    command = [sys.executable, "-m", "gridgames", "analyse", *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               env={**os.environ, **(env or {})})
    peak = 0
    while process.poll() is None:
        peak = max(peak, _vm_rss(process.pid) or 0)
        time.sleep(0.05)
    out = process.stdout.read().decode("utf-8", "replace") if process.stdout else ""
    assert process.returncode == 0, out[-500:]
    return peak, out.strip().splitlines()[-1] if out.strip() else ""


@pytest.mark.soak  # 10 s of search; the cap itself is proven quickly by the next test's small one
def test_a_large_noneighbour_board_stays_under_its_memo_bound_however_long_it_searches():
    """30x30 is past the C core (103 cells): the Python memo, capped at MEMO_BYTES per board, is
    emptied mid-search when full; before, it grew without end within one move's search."""
    peak, last = peak_rss(["noneighbour", "--size", "30x30", "--budget", "10"])
    assert "positions" in last  # it searched the whole budget
    assert peak < BASE + noneighbour.MEMO_BYTES, f"peak {peak / MB:.0f} MB"


def test_a_memo_emptied_mid_search_keeps_its_cap_and_the_values_right():
    """The cap holds inside one long search (not only between calls), and emptying loses no truth
    (4x4 from scratch: about 20,000 positions against a cap of 2,048)."""

    class Watched(dict):
        largest = 0

        def __setitem__(self, key, value):
            super().__setitem__(key, value)
            Watched.largest = max(Watched.largest, len(self))

    previous = core.use_native(False)  # the C core keeps its own, bounded memo; this is the Python one
    try:
        for adjacency in ("king", "orthogonal"):
            reference = noneighbour.NoNeighbourSolver(4, 4, adjacency, use_table=False)
            capped = noneighbour.NoNeighbourSolver(4, 4, adjacency, use_table=False, memo_limit=2048)
            capped.memo = Watched()
            Watched.largest = 0
            assert capped.wins(0, 0) == reference.wins(0, 0)
            assert len(reference.memo) > 4 * 2048  # the search needed far more than the cap...
            # ...and the capped memo never held more than it plus what one stretch between two checks
            # (1,024 nodes) and the search path (one position a cell) can add
            assert Watched.largest <= 2048 + 1024 + 16
    finally:
        core.use_native(previous)


@pytest.mark.soak
@pytest.mark.parametrize(("args", "bound"), [
    (["noneighbour", "--size", "30x30", "--budget", "90"], noneighbour.MEMO_BYTES),  # issue 20's command
    (["noneighbour", "--size", "10x10", "--budget", "60"], C_CORE),
    (["locked-duel", "--size", "9x9", "--budget", "60"], C_CORE),
    (["walls", "--size", "9x9", "--budget", "60"], 300 * MB),
])
def test_long_analyses_stay_under_their_bounds(args, bound):
    peak, _ = peak_rss(args)
    assert peak < BASE + bound, f"peak {peak / MB:.0f} MB"


def domino_bounds() -> dict[str, int]:
    """The domino games' caps (docs/solvers.md) for the core in use: in C, Cram's table 32 MB and
    Domineering's table 64 MB; in Python, Cram's memo about 100 MB (1M shapes) and Domineering's
    table about 150 MB (1M positions); plus the interpreter's share."""
    from gridgames.games.cram import solver as cram
    from gridgames.games.domineering import solver as domineering

    return {
        "cram": BASE + (32 if cram.native() is not None else 100) * MB,
        "domineering": BASE + (64 if domineering.native() is not None else 150) * MB,
    }


@pytest.mark.xdist_group("busy")  # two processes that each keep a core busy: not beside another such test
def test_3_seconds_of_9x9_domino_analysis_stay_under_the_stated_bounds():
    """Issue 18: analysis of each domino game's 9x9 board from the start (both at once, one process
    each) keeps each process under its table's cap plus the interpreter's share; 3 s here, 20 s in
    the soak below."""
    domino_analyses_stay_under_their_bounds(3)


@pytest.mark.soak
def test_20_seconds_of_9x9_domino_analysis_stay_under_the_stated_bounds():
    domino_analyses_stay_under_their_bounds(20)


def domino_analyses_stay_under_their_bounds(budget: int) -> None:
    from concurrent.futures import ThreadPoolExecutor

    bounds = domino_bounds()
    with ThreadPoolExecutor(2) as pool:
        args = {game: [game, "--size", "9x9", "--budget", str(budget)] for game in bounds}
        runs = {game: pool.submit(peak_rss, arguments) for game, arguments in args.items()}
        for game, run in runs.items():
            peak, last = run.result()
            assert "positions" in last, last  # it searched the whole budget
            assert peak < bounds[game], f"{game} 9x9 peaked at {peak / MB:.0f} MB"
