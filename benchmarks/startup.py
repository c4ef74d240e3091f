"""`make bench`'s start-up line: launch to first screen, gridgames against a bare Textual app.

Each run is a fresh process (imports included) that starts the app headless at 100x32 and exits
once the first screen has been composed, mounted and painted. What is timed is start-up as a player
sees it: from starting the process to that first paint (its wall clock time, and the CPU time the
process had used by then); the exit after it is not counted. The two commands run in turn,
A B A B ..., and the ratio is taken pair by pair, so a machine that speeds up or slows down during
the bench moves both sides alike. The bare app is a header, a label and a footer.

Both sides run with a bytecode cache, as an installed app does (`pip install .` compiles it): the
runs write it under the bench's temporary folder (PYTHONPYCACHEPREFIX) during the warm-up, even
where PYTHONDONTWRITEBYTECODE is set, so no run pays for compiling the project's sources.

Then each start-up shortcut is switched off in turn, to show whether the target still needs it:
`importlib.metadata` instead of `games.discovery`'s own entry-point reader, and the garbage collector
left running through start-up instead of paused (`tui.launch`). (The one-widget footer stays whatever
it costs: it orders the keys by importance and fits them to the width, which Textual's does not.)

    python -m benchmarks.startup            # the ratio and whether it meets the target
    python -m benchmarks.startup --once app # one launch (what each timed run does)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TARGET = 1.3  # gridgames may take at most this many times the bare app's start-up
#: Where a timed launch writes the moment its first screen was painted.
MARK_VARIABLE = "GRIDGAMES_STARTUP_MARK"
SIZE = (100, 32)
ROOT = Path(__file__).resolve().parent.parent  # where `python -m benchmarks.startup` finds this module


def bare_app() -> Any:
    """The yardstick: the least a Textual app with a header, a label and a footer does."""
    from textual.app import App
    from textual.widgets import Footer, Header, Label

    class Bare(App[None]):
        BINDINGS = [("q", "quit", "Quit")]

        def compose(self):  # type: ignore[no-untyped-def]
            yield Header()
            yield Label("Hello")
            yield Footer()

    return Bare()


async def _exit_after_first_paint(pilot) -> None:  # type: ignore[no-untyped-def]
    """Wait until the screen on top has handled its events and been painted once, then exit."""
    import asyncio

    await pilot.pause(0)
    painted = asyncio.Event()
    pilot.app.screen.call_after_refresh(painted.set)
    await painted.wait()
    mark = os.environ.get(MARK_VARIABLE)
    if mark:  # when the first screen was up: wall clock time, and the CPU time used till then
        with open(mark, "w", encoding="utf-8") as out:
            out.write(f"{time.time()} {time.process_time()}")
    pilot.app.exit()


#: gridgames with one start-up shortcut switched off: what `--once` calls each, and what it does.
WITHOUT = {
    "app-importlib": "entry points read by importlib.metadata",
    "app-collector": "the collector left running through start-up",
}


def _switch_off(shortcut: str) -> None:
    """Undo one shortcut in this (one-launch) process, before the app is imported."""
    if shortcut == "app-importlib":
        from importlib.metadata import entry_points

        import gridgames.games

        def by_importlib(group: str) -> list[Any]:
            return list(entry_points(group=group))

        setattr(gridgames.games, "entry_points", by_importlib)  # noqa: B010 (a name mypy does not export)
    elif shortcut == "app-collector":
        import gc

        gc.disable = lambda: None


def launch_once(which: str) -> None:
    """One launch: the bare app, or gridgames as its command starts it (`tui.launch`), maybe with one
    shortcut switched off (`WITHOUT`)."""
    if which == "bare":
        bare_app().run(headless=True, size=SIZE, auto_pilot=_exit_after_first_paint)
    else:
        _switch_off(which)
        from gridgames.tui import launch

        launch.run_app(headless=True, size=SIZE, auto_pilot=_exit_after_first_paint)


def _time_launch(which: str, env: dict[str, str]) -> tuple[float, float]:
    """Real seconds from starting the process to its first paint, and the CPU seconds (user and
    system) it had used by then."""
    with tempfile.TemporaryDirectory(prefix="gridgames-bench-mark-") as folder:
        mark = os.path.join(folder, "painted")
        began = time.time()
        subprocess.run(
            [sys.executable, "-m", "benchmarks.startup", "--once", which],
            cwd=ROOT,
            env={**env, MARK_VARIABLE: mark},
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        with open(mark, encoding="utf-8") as painted:
            at, cpu = (float(part) for part in painted.read().split())
    return at - began, cpu


@dataclass(frozen=True)
class Figures:
    """Medians over the pairs: seconds for gridgames and the bare app, and the pairwise ratio."""

    app: float
    bare: float
    ratio: float

    @classmethod
    def of(cls, pairs: list[tuple[float, float]]) -> Figures:
        return cls(
            statistics.median(a for a, _ in pairs),
            statistics.median(b for _, b in pairs),
            statistics.median(a / b for a, b in pairs),
        )


def measure(pairs: int, warmup: int = 2, app: str = "app") -> tuple[Figures, Figures]:
    """Wall-clock and CPU figures of `pairs` launches of each, taken in turn (`app`: gridgames, or
    gridgames without a shortcut)."""
    with (
        tempfile.TemporaryDirectory(prefix="gridgames-bench-") as data,
        tempfile.TemporaryDirectory(prefix="gridgames-bench-pycache-") as pycache,
    ):
        env = {**os.environ, "GRIDGAMES_DATA_DIR": data, "PYTHONPYCACHEPREFIX": pycache}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for _ in range(warmup):
            _time_launch(app, env)
            _time_launch("bare", env)
        reals, cpus = [], []
        for _ in range(pairs):
            app_real, app_cpu = _time_launch(app, env)
            bare_real, bare_cpu = _time_launch("bare", env)
            reals.append((app_real, bare_real))
            cpus.append((app_cpu, bare_cpu))
    return Figures.of(reals), Figures.of(cpus)


def _report(real: Figures, cpu: Figures) -> None:
    for name, figures in (("real", real), ("cpu ", cpu)):
        verdict = "met" if figures.ratio <= TARGET else "NOT met"
        print(
            f"  {name} {figures.app * 1000:4.0f} ms against {figures.bare * 1000:4.0f} ms: "
            f"{figures.ratio:.2f}x (target <= {TARGET}x: {verdict})"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--once", choices=("app", "bare", *WITHOUT), help="launch one app to its first screen and exit"
    )
    parser.add_argument("--pairs", type=int, default=15, help="timed runs of each (default 15)")
    parser.add_argument("--no-shortcuts", action="store_true", help="skip the runs without each shortcut")
    args = parser.parse_args(argv)
    if args.once:
        launch_once(args.once)
        return 0
    pairs = max(1, args.pairs)
    print(f"Start-up to first screen, gridgames against a bare Textual app (median of {pairs} pairs):")
    _report(*measure(pairs))
    if not args.no_shortcuts:
        for which, what in WITHOUT.items():
            print(f"Without a shortcut: {what} (median of {pairs} pairs):")
            _report(*measure(pairs, app=which))
    return 0


if __name__ == "__main__":
    sys.exit(main())
