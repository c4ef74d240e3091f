"""What a game's part of `make bench` declares: its boards and its own timed sections.

A rules family that takes part puts a `BENCH = GameBench(...)` in `benchmarks/games/<family>.py`,
named after its package (`gridgames.games.walls` -> `benchmarks.games.walls`): benchmarks stay out
of the wheel. The shared driver (`benchmarks.solvers`, with `benchmarks.cores` for the C cores) finds
each part through the rule books in the registry, never by a game's name, and runs every game's part
section by section. The
driver's figures and targets are the same for every game; a game adds its own where it has them.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gridgames.engine.game import Game
from gridgames.engine.options import GameOptions, Options, Value
from gridgames.engine.rules import Rules
from gridgames.games import get_entry, rule_books
from gridgames.games.guard import unwrapped
from gridgames.solve import core
from gridgames.solve.caches import clear_caches


@dataclass(frozen=True)
class Board:
    """A board of one rule book to time or play on (`default`: the book's own, where targets apply)."""

    variant: str
    size: str
    options: Mapping[str, Value] = field(default_factory=GameOptions)  # the game's own, {name: value}
    default: bool = False
    positions: int = 30  # random positions timed on it
    most_games: int | None = None  # a cap on the level games a pairing (a slow board)

    @property
    def label(self) -> str:
        entry = get_entry(self.variant)
        options = Options(game_options=entry.resolve_options(self.options))
        extra = "".join(  # its word options name the board: "5x5 orthogonal"
            f" {spec.of(options)}" for spec in entry.option_specs if spec.kind == "word"
        )
        return f"{self.variant} {self.size}{extra}{' (default)' if self.default else ''}"

    def game(self) -> Game:
        entry = get_entry(self.variant)
        rows, cols = (int(x) for x in self.size.split("x"))
        options = Options(rows, cols, game_options=entry.resolve_options(self.options))
        return Game.new(entry, options, first_player=1)


@dataclass(frozen=True)
class Section:
    """One timed section of a game's own, with the name its verdict has in the summary."""

    summary: str
    run: Callable[[random.Random], bool]


@dataclass(frozen=True)
class CoreLoops:
    """A C core against its Python reference: `loops(rng)` are the search loops judged against the
    target (label -> work), `wrapped(rng)` whole analyses where the Python around the C calls shows
    (reported, not judged); `note` says where the C core's method differs."""

    name: str
    loops: Callable[[random.Random], dict[str, Callable[[], object]]]
    wrapped: Callable[[random.Random], dict[str, Callable[[], object]]] | None = None
    note: str = ""


@dataclass(frozen=True)
class GameBench:
    """A rules family's part of `make bench`."""

    speed_boards: tuple[Board, ...] = ()  # solver speed: the start, a perfect move, nodes per second
    speed_note: str = ""  # said in the speed heading (how the family's perfect move is found)
    #: the yardstick where the plain negamax does not apply: (rules, positions) -> the line to print
    yardstick: Callable[[Rules[Any], list[Game]], str] | None = None
    sections: tuple[Section, ...] = ()  # after the speed boards
    level_boards: tuple[Board, ...] = ()  # the level ladder
    analysed: tuple[str, ...] = ()  # rule books whose `gridgames analyse` process is timed
    # -- the C core (`benchmarks.cores`) --
    native_built: Callable[[], bool] | None = None
    core_loops: CoreLoops | None = None
    core_sections: tuple[Section, ...] = ()
    replies: tuple[str, ...] = ()  # rule books whose replies are timed per level, up to 9x9
    cancel_boards: tuple[Board, ...] = ()  # a search cancelled while it runs
    #: switch the family's shipped tables off (False) and back on, so a timing starts from scratch
    tables: Callable[[bool], None] | None = None


def game_benches() -> list[GameBench]:
    """Each rules family's part, in the registry's order (a family with several books once): the
    `BENCH` of `benchmarks.games.<the last name of the family's package>`, where there is one."""
    found: list[GameBench] = []
    seen: set[str] = set()
    for book in rule_books():
        package = type(unwrapped(book.entry.rules)).__module__.rpartition(".")[0]
        if package in seen:
            continue
        seen.add(package)
        name = f"benchmarks.games.{package.rpartition('.')[2]}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:  # the part is there but imports something missing: say so
                raise
            continue
        bench = getattr(module, "BENCH", None)
        if isinstance(bench, GameBench):
            found.append(bench)
    return found


def tables_off(benches: list[GameBench], off: bool) -> None:
    """Every family's shipped tables off (or back on)."""
    for bench in benches:
        if bench.tables is not None:
            bench.tables(not off)


def walk(game: Game, rng: random.Random, moves: int) -> Game:
    """`game` after up to `moves` random moves."""
    for _ in range(moves):
        legal = game.rules.legal_moves(game.state)
        if not legal:
            break
        game = game.play(game.rules.format_move(rng.choice(legal)))
    return game


def random_positions(game: Game, rng: random.Random, count: int) -> list[Game]:
    """Positions from random games, spread over their length; finished games excluded."""
    found: list[Game] = []
    while len(found) < count:
        g = game
        line = [g]
        while g.legal_moves() and len(line) < 80:
            g = g.play(rng.choice(g.legal_moves()))
            if g.legal_moves():
                line.append(g)
        found.extend(rng.sample(line, min(len(line), max(1, count // 4))))
    return found[:count]


def cold_seconds(native: bool, work: Callable[[], object]) -> float:
    """Wall seconds of `work` on the C cores (`native`) or the Python references, every cache empty."""
    core.use_native(native)
    clear_caches()
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def p95(values: list[float]) -> float:
    """The 95th percentile as the C cores' section has always taken it (the value at 95% of the list)."""
    values = sorted(values)
    return values[min(len(values) - 1, int(0.95 * len(values)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"
