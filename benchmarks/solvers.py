"""`make bench`: how fast the solvers are and how strong each computer level plays.

Prints, per variant and board: the time to solve the start, p50/p95 of a perfect move
over random positions, nodes per second, a naive negamax on the same positions (the
ratio), then each game's own targets, the level win-rate table, the process time of
`gridgames analyse` and the C cores' section (`benchmarks.cores`). Each target ends in "met" or
"NOT met". The boards and a game's own sections come from each game's part
(`benchmarks/games/<family>.py`, found through the registry: `benching.game_benches`).
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
from typing import Any

from benchmarks.benching import Board, GameBench, game_benches, ms, random_positions
from benchmarks.kit import percentile, verdict
from gridgames.engine.game import Game
from gridgames.engine.rules import GridState, Rules
from gridgames.games import rule_books
from gridgames.solve.analysis import analyse, needs_budget
from gridgames.solve.budget import Deadline, SearchTimeout
from gridgames.solve.players import LEVELS, choose_move
from gridgames.solve.search import NaiveNegamax

PERFECT_P95_TARGET = 0.050
ANALYSE_PROCESS_TARGET = 0.15
NAIVE_CAP = 1.0  # seconds the naive negamax may spend on one position
SEARCH_BUDGET = 1.0  # solving the start where only a search applies
#: Games per ladder pairing, where the board allows (one standard error 5%): with 40, a pairing whose
#: true score is 62% (medium against easy on Node Kayles 5x5, measured over 400 games) came out under 50%
#: in about one bench in sixteen.
LADDER_GAMES = 100
LEVEL_GAMES = 40  # games per level pairing by default


# -- solver speed ---------------------------------------------------------------------


def naive_seconds(rules: Rules[Any], state: GridState) -> float | None:
    """Time of the naive negamax on the position, or None past NAIVE_CAP."""
    started = time.perf_counter()
    try:
        NaiveNegamax(rules, Deadline(NAIVE_CAP)).wins(state)
    except SearchTimeout:
        return None
    return time.perf_counter() - started


def bench_speed(board: Board, bench: GameBench, rng: random.Random) -> bool:
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
    if bench.yardstick is not None:
        print(bench.yardstick(rules, positions))
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
    """Forget what the family's solver (its package's `algorithm`) remembers, so a timing starts
    from scratch."""
    try:
        module = importlib.import_module(f"gridgames.games.{family}.algorithm")
    except ModuleNotFoundError:
        return
    if hasattr(module, "clear_cache"):
        module.clear_cache()


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


def bench_levels(games: int, rng: random.Random, boards: list[Board]) -> bool:
    print(f"\nLevel win rates ({games} games a pairing, starts alternate; draws count half; "
          f"one standard error is about {0.5 / games ** 0.5:.0%})")
    header = "  board".ljust(28) + "".join(f"{lv:>9}" for lv in LEVELS)
    all_ok = True
    for board in boards:
        n = min(board.most_games, games) if board.most_games else games
        vs_random = [play_match(board, lv, "random", n, rng) for lv in LEVELS]
        vs_perfect = [play_match(board, lv, "perfect", n, rng) for lv in LEVELS]
        rungs = max(n, LADDER_GAMES) if n >= LEVEL_GAMES else n  # not on a slow board, nor --quick
        ladder = [play_match(board, LEVELS[i + 1], LEVELS[i], rungs, rng) for i in range(len(LEVELS) - 1)]
        print(f"\n  {board.label}, {n} games a pairing ({rungs} for the ladder)")
        print(header)
        print("  vs random".ljust(28) + "".join(f"{s:>9.0%}" for s in vs_random))
        print("  vs perfect".ljust(28) + "".join(f"{s:>9.0%}" for s in vs_perfect))
        pairs = ", ".join(f"{LEVELS[i + 1]} vs {LEVELS[i]} {s:.0%}" for i, s in enumerate(ladder))
        ok = all(s >= 0.5 for s in ladder)
        all_ok &= ok
        print(f"  ladder: {pairs} (each stronger level scores >= 50%: {verdict(ok)})")
    return all_ok


# -- the analyse command --------------------------------------------------------------


def bench_analyse_process(variants: list[str]) -> bool:
    """Wall time of whole `gridgames analyse` processes; the best of 5 is what the process costs
    (the others include waits for a busy machine), the CPU time backs it up."""
    print(f"\n`gridgames analyse VARIANT --json` on the default board, whole process, 5 runs "
          f"(target: best <= {ANALYSE_PROCESS_TARGET} s)")
    all_ok = True
    # An installed package has its bytecode compiled; measure that, not a recompile per run.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for variant in variants:
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
    parser = argparse.ArgumentParser(prog="python -m benchmarks.solvers", description=__doc__)
    parser.add_argument("--games", type=int, default=LEVEL_GAMES,
                        help=f"games per level pairing (default {LEVEL_GAMES}, {LADDER_GAMES} for the "
                             "ladder; a slow board may play fewer)")
    parser.add_argument("--quick", action="store_true", help="4 games a pairing")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    began = time.perf_counter()
    benches = game_benches()
    results = {}
    notes = "".join(f"; {b.speed_note}" for b in benches if b.speed_note)
    print(f"Solver speed (perfect move = choose_move(level='perfect'){notes})")
    boards = [(board, bench) for bench in benches for board in bench.speed_boards]
    speed = [guarded(board.label, bench_speed, board, bench, rng) for board, bench in boards]
    results["perfect p95 on default boards"] = all(speed)
    for section in (s for bench in benches for s in bench.sections):
        results[section.summary] = guarded(section.summary, section.run, rng)
    level_boards = [board for bench in benches for board in bench.level_boards]
    games = 4 if args.quick else args.games
    results["levels ladder"] = guarded("levels", bench_levels, games, rng, level_boards)
    analysed = {variant for bench in benches for variant in bench.analysed}
    variants = [book.entry.id for book in rule_books() if book.entry.id in analysed]
    results["analyse process time"] = guarded("analyse", bench_analyse_process, variants)
    from benchmarks import cores

    results.update(cores.run(rng, benches))
    print("\nSummary")
    for name, ok in results.items():
        print(f"  {name}: {verdict(ok)}")
    print(f"bench finished in {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
