"""`make bench`: how fast the solvers are and how strong each computer level plays.

Prints, per variant and board: the time to solve the start, p50/p95 of a perfect move
over random positions, nodes per second, a naive negamax on the same positions (the
ratio), then the Node Kayles and rowcol targets, the level win-rate table, and the
process time of `gridgames analyse`. Each target ends in "met" or "NOT met".
Runs in a few minutes; `--quick` plays fewer games.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.engine.rules import GridState, Rules
from gridgames.games import get_entry
from gridgames.solve.analysis import analyse, needs_budget
from gridgames.solve.players import LEVELS, choose_move
from gridgames.solve.search import Deadline, NaiveNegamax, SearchTimeout

PERFECT_P95_TARGET = 0.050
ANALYSE_PROCESS_TARGET = 0.15
NODEKAYLES_TARGET = 10.0
ROWCOL_TARGET = 0.1
NAIVE_CAP = 1.0  # seconds the naive negamax may spend on one position
SEARCH_BUDGET = 1.0  # solving the start where only a search applies


@dataclass(frozen=True)
class Board:
    variant: str
    size: str
    adjacency: str = "king"
    default: bool = False
    positions: int = 30

    @property
    def label(self) -> str:
        extra = f" {self.adjacency}" if self.variant == "noneighbour" else ""
        return f"{self.variant} {self.size}{extra}{' (default)' if self.default else ''}"

    def game(self) -> Game:
        entry = get_entry(self.variant)
        rows, cols = (int(x) for x in self.size.split("x"))
        return Game.new(entry, Options(rows, cols, adjacency=self.adjacency), first_player=1)


SPEED_BOARDS = (
    Board("locked-duel", "5x5", default=True),
    Board("locked-duel", "7x7"),
    Board("walls", "5x5", default=True),
    Board("walls", "3x3"),
    Board("walls", "4x4"),
    Board("walls", "6x6", positions=10),
    Board("rowcol", "5x5", default=True),
    Board("rowcol", "30x30"),
    Board("noneighbour", "3x3", default=True),
    Board("noneighbour", "4x4"),
    Board("noneighbour", "5x5", "king", positions=6),
    Board("noneighbour", "5x5", "orthogonal", positions=6),
)

LEVEL_BOARDS = (
    Board("locked-duel", "5x5", default=True),
    Board("walls", "5x5", default=True),
    Board("walls", "4x4"),
    Board("rowcol", "5x5", default=True),
    Board("noneighbour", "3x3", default=True),
    Board("noneighbour", "4x4"),
    Board("cram", "5x5", default=True),
    Board("domineering", "6x6"),  # the default 8x8 is searched move by move: too slow for 40 games a pairing
)


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


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


# -- solver speed ---------------------------------------------------------------------


def naive_seconds(rules: Rules, state: GridState) -> float | None:
    """Time of the naive negamax on the position, or None past NAIVE_CAP."""
    started = time.perf_counter()
    try:
        NaiveNegamax(rules, Deadline(NAIVE_CAP)).wins(state)
    except SearchTimeout:
        return None
    return time.perf_counter() - started


def naive_depth_seconds(rules: Rules, state: GridState, depth: int) -> float:
    """A fixed-depth minimax without pruning or memory (the yardstick for `walls`)."""

    def minimax(s: GridState, d: int) -> int:
        moves = rules.legal_moves(s)
        if not moves:
            return -1000
        if d == 0:
            return len(moves)
        return max(-minimax(rules.apply_unchecked(s, m), d - 1) for m in moves)

    started = time.perf_counter()
    minimax(state, depth)
    return time.perf_counter() - started


def bench_speed(board: Board, rng: random.Random) -> bool:
    game = board.game()
    entry = game.entry
    start = game.state
    budget = SEARCH_BUDGET if needs_budget(entry, start) else None
    began = time.perf_counter()
    evaluation = analyse(entry, start, budget)
    solve = time.perf_counter() - began
    kind = "exact" if evaluation.exact else f"search {budget:.1f} s, not proven"
    print(f"\n{board.label}: value of the start for the first player: {evaluation.value} ({kind}), "
          f"{ms(solve)}")

    positions = random_positions(game, rng, board.positions)
    move_times, analyse_times, nodes = [], [], 0
    for g in positions:
        t0 = time.perf_counter()
        choose_move(entry, g.state, "perfect", rng)
        move_times.append(time.perf_counter() - t0)
        cold(entry.rules.family)
        t0 = time.perf_counter()
        ev = analyse(entry, g.state, 0.05 if budget else None)
        analyse_times.append(time.perf_counter() - t0)
        nodes += ev.nodes
    p50, p95 = percentile(move_times, 0.5), percentile(move_times, 0.95)
    rate = nodes / max(sum(analyse_times), 1e-9)
    line = f"  perfect move over {len(positions)} random positions: p50 {ms(p50)}, p95 {ms(p95)}"
    ok = True
    if board.default:
        ok = p95 <= PERFECT_P95_TARGET
        line += f" (target p95 <= {ms(PERFECT_P95_TARGET)}: {verdict(ok)})"
    print(line)
    print(f"  full analysis, cold caches: {nodes} positions in {sum(analyse_times):.3f} s "
          f"= {rate:,.0f} nodes/s")

    rules = entry.rules
    if rules.can_repeat:
        sample = positions[:8]
        naive = sum(naive_depth_seconds(rules, g.state, 2) for g in sample)
        ours = 0.0
        from gridgames.games.walls import algorithm as walls

        for g in sample:
            board_adapter = walls.board_for(g.state.rows, g.state.cols)
            t0 = time.perf_counter()
            walls.search_move(board_adapter, walls.perspective(g.state), budget=10.0, max_depth=2)  # type: ignore[arg-type]
            ours += time.perf_counter() - t0
        print(f"  naive depth-2 minimax vs our depth-2 alpha-beta on {len(sample)} positions: "
              f"{naive:.3f} s vs {ours:.3f} s (x{naive / max(ours, 1e-9):.1f})")
    else:
        finished, ratios, capped = 0, [], 0
        for g, solved in zip(positions, analyse_times, strict=True):
            plain = naive_seconds(rules, g.state)
            if plain is None:
                capped += 1
            else:
                finished += 1
                ratios.append(plain / max(solved, 1e-9))
        summary = (
            f"median x{statistics.median(ratios):.1f} the time of the full analysis on the {finished} "
            f"it finished" if ratios else "finished none"
        )
        print(f"  naive negamax (no memo) on the same positions: {summary}; "
              f"{capped} gave up after {NAIVE_CAP:.0f} s")
    return ok


def cold(family: str) -> None:
    """Forget what the family's solver (`gridgames.solve.<family>`) remembers, so a timing starts
    from scratch."""
    try:
        module = importlib.import_module(f"gridgames.games.{family}.algorithm")
    except ModuleNotFoundError:
        return
    if hasattr(module, "clear_cache"):
        module.clear_cache()


_NODEKAYLES_CHILD = """
import sys, time
from gridgames.engine.options import Options
from gridgames.games.nodekayles import algorithm as nodekayles
from gridgames.games import get_entry
state = get_entry("locked-duel").rules.start(Options(int(sys.argv[1]), int(sys.argv[2])), 1)
began = time.perf_counter()
value = nodekayles.evaluate(state).value
print(value, time.perf_counter() - began)
"""


def bench_nodekayles() -> bool:
    """Each board in a fresh process (a cold cache), killed at twice the target."""
    boards = [(m, n) for m in range(2, 8) for n in range(m, 8)] + [(3, n) for n in range(17, 21)]
    worst, worst_board, failed = 0.0, "", []
    for rows, cols in boards:
        try:
            done = subprocess.run([sys.executable, "-c", _NODEKAYLES_CHILD, str(rows), str(cols)],
                                  capture_output=True, text=True, timeout=2 * NODEKAYLES_TARGET)
        except subprocess.TimeoutExpired:
            failed.append(f"{rows}x{cols} (over {2 * NODEKAYLES_TARGET:.0f} s)")
            continue
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            failed.append(f"{rows}x{cols} ({last})")
            continue
        took = float(done.stdout.split()[1])
        if took > worst:
            worst, worst_board = took, f"{rows}x{cols}"
        if took > NODEKAYLES_TARGET:
            failed.append(f"{rows}x{cols} ({took:.1f} s)")
    ok = not failed
    print(f"\nNode Kayles start positions, every m x n up to 7x7 and 3x17..3x20, each in a fresh process: "
          f"slowest {worst_board or '-'} in {worst:.3f} s (target <= {NODEKAYLES_TARGET:.0f} s each: "
          f"{verdict(ok)})")
    for failure in failed:
        print(f"  not met: {failure}")
    return ok


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


# -- level strength -------------------------------------------------------------------

PlayerFn = Callable[[Game, random.Random], object]


def level_player(level: str) -> PlayerFn:
    def play(game: Game, rng: random.Random) -> object:
        if level == "random":
            return rng.choice(game.legal_moves())
        return choose_move(game.entry, game.state, level, rng)

    return play


def play_match(board: Board, first: str, second: str, games: int, rng: random.Random) -> float:
    """`first`'s score (win 1, draw 1/2) over `games`, alternating who starts."""
    score = 0.0
    ours, theirs = level_player(first), level_player(second)
    for number in range(games):
        seat = {1: ours, 2: theirs} if number % 2 == 0 else {1: theirs, 2: ours}
        our_seat = 1 if number % 2 == 0 else 2
        game = board.game()
        while not game.is_over and len(game.played) < 300:
            game = game.play(seat[game.state.to_move](game, rng))  # type: ignore[arg-type]
        outcome = game.outcome
        if outcome is None or outcome.winner is None:
            score += 0.5
        elif outcome.winner == our_seat:
            score += 1
    return score / games


def bench_levels(games: int, rng: random.Random) -> bool:
    print(f"\nLevel win rates ({games} games a pairing, starts alternate; draws count half; "
          f"one standard error is about {0.5 / games ** 0.5:.0%})")
    header = "  board".ljust(28) + "".join(f"{lv:>9}" for lv in LEVELS)
    all_ok = True
    for board in LEVEL_BOARDS:
        n = min(8, games) if board.variant == "walls" and board.size == "5x5" else games
        vs_random = [play_match(board, lv, "random", n, rng) for lv in LEVELS]
        vs_perfect = [play_match(board, lv, "perfect", n, rng) for lv in LEVELS]
        ladder = [play_match(board, LEVELS[i + 1], LEVELS[i], n, rng) for i in range(len(LEVELS) - 1)]
        print(f"\n  {board.label}, {n} games a pairing")
        print(header)
        print("  vs random".ljust(28) + "".join(f"{s:>9.0%}" for s in vs_random))
        print("  vs perfect".ljust(28) + "".join(f"{s:>9.0%}" for s in vs_perfect))
        pairs = ", ".join(f"{LEVELS[i + 1]} vs {LEVELS[i]} {s:.0%}" for i, s in enumerate(ladder))
        ok = all(s >= 0.5 for s in ladder)
        all_ok &= ok
        print(f"  ladder: {pairs} (each stronger level scores >= 50%: {verdict(ok)})")
    return all_ok


# -- the analyse command --------------------------------------------------------------


def bench_analyse_process() -> bool:
    """Wall time of whole `gridgames analyse` processes; the best of 5 is what the process costs
    (the others include waits for a busy machine), the CPU time backs it up."""
    print(f"\n`gridgames analyse VARIANT --json` on the default board, whole process, 5 runs "
          f"(target: best <= {ANALYSE_PROCESS_TARGET} s)")
    all_ok = True
    # An installed package has its bytecode compiled; measure that, not a recompile per run.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for variant in ("locked-duel", "walls", "blocking", "rowcol", "noneighbour"):
        subprocess.run([sys.executable, "-m", "gridgames", "analyse", variant, "--json"],
                       capture_output=True, env=env)  # warm-up: writes __pycache__
        times, cpu = [], []
        for _ in range(5):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "gridgames", "analyse", variant, "--json"],
                                  capture_output=True, text=True, env=env)
            times.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            if done.returncode != 0:
                break
        if done.returncode != 0:
            all_ok = False
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            print(f"  {variant:<12} failed (exit {done.returncode}): {last}")
            continue
        ok = min(times) <= ANALYSE_PROCESS_TARGET
        all_ok &= ok
        print(f"  {variant:<12} best {min(times):.3f} s, median {statistics.median(times):.3f} s, "
              f"median CPU {statistics.median(cpu):.3f} s: {verdict(ok)}")
    return all_ok


def guarded(label: str, section: Callable[..., bool], *args: object) -> bool:
    """Run one section; a solver that fails is reported, and the bench goes on."""
    try:
        return section(*args)
    except Exception as error:  # noqa: BLE001 - a benchmark reports every failure and continues
        print(f"\n{label}: FAILED with {type(error).__name__}: {error}")
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gridgames.games.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=40,
                        help="games per level pairing (default 40; at most 8 on walls 5x5)")
    parser.add_argument("--quick", action="store_true", help="4 games a pairing")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    began = time.perf_counter()
    results = {}
    print("Solver speed (perfect move = choose_move(level='perfect'); walls 5x5 and up searches 30 ms)")
    speed = [guarded(b.label, bench_speed, b, rng) for b in SPEED_BOARDS]
    results["perfect p95 on default boards"] = all(speed)
    results["Node Kayles starts"] = guarded("Node Kayles", bench_nodekayles)
    results["rowcol 30x30"] = guarded("rowcol 30x30", bench_rowcol, rng)
    results["levels ladder"] = guarded("levels", bench_levels, 4 if args.quick else args.games, rng)
    results["analyse process time"] = guarded("analyse", bench_analyse_process)
    from gridgames.games import bench_core

    results.update(bench_core.run(rng))
    print("\nSummary")
    for name, ok in results.items():
        print(f"  {name}: {verdict(ok)}")
    print(f"bench finished in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
