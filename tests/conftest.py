"""Fixtures shared by every test folder: start a game of any catalogue entry, check an error's wording."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from gridgames.check.conformance import is_one_sentence
from gridgames.engine import Game, Options
from gridgames.engine.options import parse_size
from gridgames.games import get_entry

# CI runs are reproducible: hypothesis derives its examples from each test, not from a random seed
# or the local example database. Elsewhere it explores (and remembers failures) as usual.
# Nor does a loaded machine fail them: hypothesis's own clocks (a 200 ms deadline per example, the
# "input generation is slow" health check) measure the machine, not the code under test.
STEADY = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("steady", **STEADY)
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, **STEADY)
settings.load_profile("ci" if os.environ.get("CI", "").lower() in ("true", "1", "yes") else "steady")


#: Folders whose tests take seconds each (an app driven by Pilot, servers and processes), run first.
#: `make test` runs on two workers, each fed a test at a time: whatever runs last leaves the other
#: worker idle, so the quick unit tests go last and the run ends with both workers busy.
SLOW_FIRST = ("fuzz", "tui", "e2e", "online", "bots", "commands", "games", "puzzles")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow folders' tests first (in `SLOW_FIRST`'s order), every folder's own order kept."""

    def rank(item: pytest.Item) -> int:
        parts = Path(str(item.path)).relative_to(Path(__file__).parent).parts
        return SLOW_FIRST.index(parts[0]) if parts[0] in SLOW_FIRST else len(SLOW_FIRST)

    items.sort(key=rank)


def _new_game(variant: str, size: str | None = None, first: int = 1, **game_options: object) -> Game:
    """A fresh game of `variant` (its book's size unless `size` is given), `first` to move, with the
    game's own options given by name (`adjacency="orthogonal"`)."""
    entry = get_entry(variant)
    rows, cols = parse_size(size) if size else (entry.default_rows, entry.default_cols)
    options = Options(rows, cols, str(first), entry.resolve_options(game_options))
    return Game.new(entry, options, first_player=first)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the player's real data folder, and tests run side by side never share
    one: each starts with an empty folder of its own (a folder's conftest or the test may set another)."""
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def no_running_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hosting from the app never finds a game server this machine happens to run on 8765 (a test
    that wants one starts its own and points `RUNNING_PORT` at it)."""
    monkeypatch.setattr("gridgames.tui.online.RUNNING_PORT", None)


@pytest.fixture(autouse=True)
def a_run_of_its_own() -> Iterator[None]:
    """Each test is a run of its own: a game or solver one test switched off (a broken plugin hosted
    in an in-process server, a lying solver) is on again for the next test in the same worker."""
    from gridgames.games import guard

    guard.forget()
    yield
    guard.forget()


@pytest.fixture(scope="session")
def make_game() -> Callable[..., Game]:
    """`make_game("noneighbour", "5x5", first=1, adjacency="king")` -> a fresh Game."""
    return _new_game


@pytest.fixture(scope="session")
def one_sentence() -> Callable[[str], bool]:
    """`assert one_sentence(str(error))` (what `gridgames check` asks of a game's sentences too)."""
    return is_one_sentence


@pytest.fixture
def register_games(tmp_path, monkeypatch) -> Callable[[dict[str, str]], None]:
    """`register_games({"id": "module:ATTR"})` installs, for this test only, a distribution whose
    `gridgames.games` entry points are those, exactly as `pip install` of a plugin would."""
    import sys

    from gridgames import games

    def register(points: dict[str, str]) -> None:
        info = tmp_path / "site" / "gridgames_test_plugin-0.1.dist-info"
        info.mkdir(parents=True, exist_ok=True)
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gridgames-test-plugin\nVersion: 0.1\n")
        lines = ["[gridgames.games]", *(f"{name} = {target}" for name, target in points.items())]
        (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
        monkeypatch.syspath_prepend(str(info.parent))
        games.reload()

    yield register
    sys.path[:] = [p for p in sys.path if p != str(tmp_path / "site")]
    games.reload()


#: The example game plugins kept with the tests: one-cell moves, moves over several cells, three
#: clicks in order (Amazons), a from-to capture (Clobber), and a board with holes (Plus Cram).
PLUGINS = tuple(
    Path(__file__).parent / name
    for name in ("plugin_example", "plugin_multicell", "plugin_amazons", "plugin_clobber", "plugin_pluscram")
)
#: Their packages, forgotten after each test that saw them.
PLUGIN_PACKAGES = (
    "gridgames_example", "gridgames_hop", "gridgames_amazons", "gridgames_clobber", "gridgames_pluscram"
)


@pytest.fixture(scope="session")
def installed_plugins(tmp_path_factory) -> Path:
    """The example plugins installed by pip, as a user would, into a folder of their own (not the
    venv, so `make run` never lists them): real distributions with their own entry points. Installed
    once per run: the xdist workers of one run share the folder (their common temporary folder,
    under a file lock), which halves pip's 3.5 s of building on `make test`'s two workers."""
    import shutil

    from filelock import FileLock

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # this run's, not the last
    target, done = shared / "plugins", shared / "plugins.installed"
    with FileLock(shared / "plugins.lock"):
        if not done.exists():
            sources = shared / "plugin-sources"
            shutil.rmtree(sources, ignore_errors=True)
            shutil.rmtree(target, ignore_errors=True)  # a worker stopped half way: start again
            copies = [shutil.copytree(f, sources / f.name) for f in PLUGINS]  # builds leave files
            subprocess.run(
                [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                 "--disable-pip-version-check", "--target", str(target), *map(str, copies)],
                check=True, capture_output=True,
            )
            done.touch()
    return target


@pytest.fixture
def with_plugins(installed_plugins, monkeypatch) -> Iterator[Path]:
    """This test (and the processes it starts) sees the installed example plugins beside the games."""
    from gridgames import games

    monkeypatch.syspath_prepend(str(installed_plugins))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(installed_plugins),
                                                                   os.environ.get("PYTHONPATH")])))
    games.reload()
    yield installed_plugins
    sys.path[:] = [p for p in sys.path if p != str(installed_plugins)]
    for name in [m for m in sys.modules if m.startswith(PLUGIN_PACKAGES)]:
        del sys.modules[name]
    games.reload()
