"""Random keys, clicks and resizes across every screen and variant: the app must never crash.

`make test` runs a short pass (SHORT_ACTIONS random steps, shared by the episodes). The soak,
`pytest -m soak tests/fuzz`, runs SOAK_ACTIONS (or `GRIDGAMES_FUZZ_ACTIONS=n`);
`GRIDGAMES_FUZZ_SEED=n` picks another random run. The monkey and the app's own random generator
are both seeded. A failure names the seed, the episode and the last actions, which replay it.
"""

from __future__ import annotations

import os
import random
import time
from collections import deque
from dataclasses import dataclass

import pytest

from gridgames.engine.options import Options
from gridgames.games import catalogue, get_entry
from gridgames.play.seats import HUMAN
from gridgames.play.setup import LastChoices, Setup
from tests.fuzz.monkey import Coverage, FuzzApp, Monkey
from tests.waiting import until

CATALOGUE = catalogue()

SHORT_ACTIONS = 150  # random steps: about 1,000 keys, clicks and resizes with the scripted ones
SOAK_ACTIONS = int(os.environ.get("GRIDGAMES_FUZZ_ACTIONS", 3000))
DEFAULT_SEED = 20261125
SEED = int(os.environ.get("GRIDGAMES_FUZZ_SEED", DEFAULT_SEED))
REPORTED_ACTIONS = 40
#: Episodes that start with the guided tour (every overlay and state once); the others go random at
#: once. Three cover the tour's states; the soak tours every episode.
TOURS = 3
SCREENS = {"SelectScreen", "NewGamePanel", "GameScreen", "RulesScreen", "ConfirmScreen", "OnceClosingPalette"}


@dataclass(frozen=True)
class Episode:
    """One run of the app, opened on a game of `variant` with these options and seats."""

    variant: str
    rows: int
    cols: int
    adjacency: str = "king"
    first: str = "1"
    seats: tuple[str, str] = (HUMAN, HUMAN)

    @property
    def setup(self) -> Setup:
        house = {"adjacency": self.adjacency} if self.adjacency != "king" else {}
        chosen = get_entry(self.variant).resolve_options(house)
        return Setup(self.variant, Options(self.rows, self.cols, self.first, chosen), self.seats)


def episodes(rng: random.Random) -> list[Episode]:
    """Every variant (both `noneighbour` adjacencies), 2x2 and 9x9 boards, coin tosses and the computer."""
    sizes = [(2, 2), (9, 9)] + [(rng.randint(2, 9), rng.randint(2, 9)) for _ in CATALOGUE[2:]]
    rng.shuffle(sizes)
    plan = [Episode(e.id, *size, first=rng.choice("12")) for e, size in zip(CATALOGUE, sizes, strict=True)]
    plan += [
        Episode("noneighbour", rng.randint(2, 9), rng.randint(2, 9), "orthogonal", "toss", (HUMAN, "easy")),
        Episode("blocking", 3, 4, first="toss", seats=("easy", "easy")),
    ]
    return plan


async def open_game(monkey: Monkey, episode: Episode) -> None:
    """Through the picker and the new-game panel with the keyboard, as a player would."""
    monkey.observe()
    await monkey.press("enter")
    await until(monkey.pilot, lambda: monkey.screen_name == "NewGamePanel", "the new-game panel")
    monkey.observe()
    await monkey.press("ctrl+s")  # Enter opens the focused row's list
    await until(monkey.pilot, lambda: monkey.screen_name == "GameScreen", "the game to start")
    monkey.observe()
    screen = monkey.app.screen
    assert screen.setup == episode.setup  # type: ignore[attr-defined]


async def tour(monkey: Monkey) -> None:
    """Each overlay and state once (rules, palette, quit question, an earlier move, alternate mode, a
    terminal too small), so every run has been through each whatever the dice say; then the monkey
    takes over."""
    app, pilot = monkey.app, monkey.pilot
    screen = app.screen
    for opener, closer in (("question_mark", "escape"), ("ctrl+p", "escape"), ("q", "n")):
        if opener == "q" and not screen.session.in_progress:  # type: ignore[attr-defined]
            continue  # nothing to ask about: q would quit
        monkey.key(opener)
        await until(pilot, lambda: app.screen is not screen and app.screen.is_mounted, f"{opener} to open")
        await monkey.settle()
        monkey.key(closer)
        await until(pilot, lambda: app.screen is screen, f"{closer} to close it")
        await monkey.settle()
        if opener == "ctrl+p":
            for _ in range(2):  # two moves: past the `walls` set-up, and `q` now asks before quitting
                game = screen.game  # type: ignore[attr-defined]
                if not game.is_over:
                    monkey.move_by_keys(game.legal_moves()[0])
                await monkey.settle()
    monkey.key("w")
    await monkey.settle()
    monkey.key("w")
    await monkey.settle()
    await monkey.resize(44, 14)  # a terminal too small for the board, then the usual one again
    await monkey.settle()
    monkey.observe()
    monkey.key("left")
    await monkey.settle()
    await monkey.resize(80, 24)
    await monkey.settle()
    log = monkey.app.screen.query_one("#log")
    monkey.click(log.region.x + 2, log.region.y, why="on the move log's start")
    await monkey.settle()
    monkey.key("escape")


async def run_episode(
    episode: Episode, seed: int, actions: int, coverage: Coverage, history: deque[str], guided: bool = True
) -> None:
    choices = LastChoices()
    choices.remember(episode.setup)
    app = FuzzApp(choices=choices, rng=random.Random(seed))  # the app's own dice too
    async with app.run_test(size=(80, 24)) as pilot:
        monkey = Monkey(app, pilot, random.Random(seed), coverage, history)
        await open_game(monkey, episode)
        if guided:
            await tour(monkey)
        done = 0
        while done < actions and monkey.alive:
            burst = monkey.rng.randint(4, 16)
            for _ in range(burst):
                await monkey.step()
            done += burst
            await monkey.settle()
            assert monkey.screen_name != "Screen", "every screen was closed: the app shows a blank screen"
        if monkey.alive:
            await monkey.resize(80, 24)
            await monkey.settle()
        coverage.exit_requests += app.exit_requests
        assert app._exception is None
        assert app.is_running, "the app stopped without an exception"
    # leaving `run_test` re-raises the first exception the app met


async def test_random_keys_clicks_and_resizes_never_crash_the_app(tmp_path, monkeypatch) -> None:
    await fuzz(tmp_path, monkeypatch, SHORT_ACTIONS)


@pytest.mark.soak
async def test_the_long_soak_never_crashes_the_app(tmp_path, monkeypatch) -> None:
    await fuzz(tmp_path, monkeypatch, SOAK_ACTIONS, tours=len(episodes(random.Random(SEED))))


async def fuzz(tmp_path, monkeypatch, actions: int, tours: int = TOURS) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)  # a screenshot from the command palette lands here, not in the repo
    plan = episodes(random.Random(SEED))
    per_episode = max(1, actions // len(plan))
    coverage = Coverage()
    for number, episode in enumerate(plan):
        history: deque[str] = deque(maxlen=REPORTED_ACTIONS)
        seed = SEED * 1000 + number
        # Each episode starts from an empty data folder: a game left by the previous one would
        # open on the resume question instead of the picker.
        monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / f"data-{number}"))
        started, before = time.perf_counter(), coverage.actions
        try:
            await run_episode(episode, seed, per_episode, coverage, history, guided=number < tours)
        except Exception as error:
            lines = "\n  ".join(history)
            pytest.fail(
                f"The app failed with {type(error).__name__}: {error}\n"
                f"GRIDGAMES_FUZZ_SEED={SEED}, episode {number} {episode} (monkey seed {seed}).\n"
                f"Last {len(history)} actions:\n  {lines}"
            )
        seconds = time.perf_counter() - started
        print(f"fuzz episode {number}: {coverage.actions - before} actions in {seconds:.1f} s")
    print(
        f"fuzz: {coverage.actions} actions, seed {SEED}, {len(plan)} episodes, "
        f"{coverage.exit_requests} quit requests ignored, screens {sorted(coverage.screens)}, "
        f"states {sorted(coverage.states)}, {len(coverage.games)} game setups"
    )
    assert coverage.actions >= actions
    assert SCREENS <= coverage.screens
    assert {"game over", "history", "alternate mode", "tiny"} <= coverage.states
    assert {entry.id for entry in CATALOGUE} <= {variant for variant, *_ in coverage.games}
    assert {("noneighbour", "king"), ("noneighbour", "orthogonal")} <= {
        (v, a) for v, _, _, a in coverage.games
    }
    assert {2, 9} <= {rows for _, rows, _, _ in coverage.games}
