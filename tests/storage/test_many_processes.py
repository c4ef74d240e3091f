"""Several processes share one data folder: every result is counted and no game in progress is lost.

Each process is a real `gridgames play --plain` with piped moves, all started together on
one data folder, as two terminals (or twenty browser tabs) would be. Every wait is bounded.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gridgames.storage import Store
from tests.notation import played

TIMEOUT = 120  # seconds for the whole group; they finish in a few


def run_together(data_dir: Path, jobs: list[tuple[list[str], str]]) -> list[subprocess.CompletedProcess]:
    """Start every `(arguments, typed input)` job at once on `data_dir`; wait for all of them.

    Input and output go through files, not pipes: a pipe nobody drains would stall its
    process and serialise the group, hiding exactly the races this is about.
    """
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(data_dir / "data"))
    processes = []
    try:
        for number, (argv, typed) in enumerate(jobs):
            typed_file = data_dir / f"in-{number}.txt"
            typed_file.write_text(typed)
            with open(typed_file) as stdin, open(data_dir / f"out-{number}.txt", "w") as stdout:
                processes.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "gridgames", "play", *argv],
                        stdin=stdin, stdout=stdout, stderr=subprocess.STDOUT, env=env,
                    )
                )
        codes = [process.wait(timeout=TIMEOUT) for process in processes]
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
    return [
        subprocess.CompletedProcess(argv, code, (data_dir / f"out-{n}.txt").read_text(), "")
        for n, ((argv, _typed), code) in enumerate(zip(jobs, codes, strict=True))
    ]


@pytest.mark.xdist_group("busy")  # 20 processes at once: not beside another test that starts many
@pytest.mark.parametrize(("processes", "games"), [(2, 60), (20, 3)])
def test_results_and_games_in_progress_of_many_processes_are_all_kept(tmp_path, processes, games):
    """Each process finishes all its games but the last, which it leaves in progress (input ends)."""
    # noneighbour 3x3: the first player's centre (B2) ends each game at once, so games are quick
    job = (["noneighbour", "--plain", "--games", str(games)], "B2\n" * (games - 1))
    results = run_together(tmp_path, [job] * processes)
    assert [r.returncode for r in results] == [1] * processes, [r.stdout[-300:] for r in results]
    store = Store(tmp_path / "data")
    tally = store.stats()["noneighbour"]["human"]
    assert tally["wins"] + tally["losses"] == processes * (games - 1)  # exact: not one result lost
    assert len(store.unfinished("noneighbour")) == processes  # and not one game in progress lost
    assert "Warning" not in "".join(r.stdout for r in results)


def test_a_finished_game_does_not_delete_another_game_in_progress(tmp_path):
    # A and B play rowcol at the same time; B stops after one move, A plays to the end
    whole_game = "A5 A2 A4 A1 D1 E1 E3 D3 D5 D4 C4 B4 B5 B1 B3 B2 E2 C2 D2".replace(" ", "\n") + "\n"
    jobs = [(["rowcol", "--plain"], "C3\n"), (["rowcol", "--plain"], whole_game)]
    stopped, finished = run_together(tmp_path, jobs)
    assert stopped.returncode == 1
    assert finished.returncode == 0 and "Congratulations Player 1 (X), you win!" in finished.stdout
    (left,) = Store(tmp_path / "data").unfinished("rowcol")
    assert played(left.game) == ["C3"]
    (resumed,) = run_together(tmp_path, [(["rowcol", "--plain", "--resume"], "C1\n")])
    assert "Player 2 (O) claims C1." in resumed.stdout
