"""`make test-loaded`: the app's and the online tests, run three times beside two busy processes.

A test that assumes the screen changed right after a click, or that waits a fixed time, passes on
an idle machine and fails on a loaded one; this makes the loaded machine on purpose. Two children
spin on the CPU for the whole run and are stopped however the run ends (a failure, Ctrl+C, SIGTERM).
Every run must pass; the time of each is printed.

Usage: `python scripts/test_loaded.py [--runs N] [--busy N] [test paths] [pytest options...]`
(the test paths default to tests/tui and tests/online; for example `-n 2 --dist loadgroup` runs
each pass on two workers).
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import time
from pathlib import Path

FOLDERS = ["tests/tui", "tests/online"]
SPIN = "while True: pass"


def split_arguments(words: list[str]) -> tuple[list[str], list[str]]:
    """(test paths, pytest's options): the paths are the words that name a file or folder (tests/tui
    and tests/online when none does); the rest keep their order, so `-n 2` stays pytest's."""
    named = [word for word in words if not word.startswith("-") and Path(word.split("::")[0]).exists()]
    return named or list(FOLDERS), [word for word in words if word not in named]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="how many times to run the tests (3)")
    parser.add_argument("--busy", type=int, default=2, help="how many busy processes beside them (2)")
    args, rest = parser.parse_known_args(argv)
    args.paths, pytest_args = split_arguments(rest)

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)  # the `finally` below still stops the busy processes

    signal.signal(signal.SIGTERM, stop)
    busy = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(args.busy)]
    times: list[float] = []
    try:
        for run in range(1, args.runs + 1):
            print(f"Run {run} of {args.runs} beside {args.busy} busy processes: {' '.join(args.paths)}",
                  flush=True)
            started = time.monotonic()
            code = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                    *args.paths, *pytest_args])
            times.append(time.monotonic() - started)
            print(f"Run {run} took {times[-1]:.0f} s.", flush=True)
            if code != 0:
                print(f"Run {run} failed under load (pytest exit code {code}).", flush=True)
                return code
    finally:
        for child in busy:
            child.kill()
        for child in busy:
            child.wait()
    print(f"All {args.runs} runs passed under load in {sum(times):.0f} s "
          f"({', '.join(f'{t:.0f}' for t in times)} s).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
