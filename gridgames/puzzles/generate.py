"""Puzzles from proofs: seeded random games on the boards the exact solvers cover, and every position
along them that is a puzzle (`proof.solution`), deterministically (`scripts/make_puzzles.py`).

Each board plays its own seeded games (`Board.games` at most) and keeps the first positions that are
puzzles, until the game's count is reached; boards of one game share the count out in order. A position
counts only where the solver proves it exactly, with a proof small enough to take at most 50 ms with the
C core: the limit is kept as a count of the positions the proof visits (`Board.max_nodes`, the same on
every machine, so the output is too), and the time each proof took is measured and reported beside it.
Rules that two rule books play (Node Kayles) are generated once, in the first book's notation.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from gridgames.engine import legacy
from gridgames.engine.entry import Entry
from gridgames.engine.options import Options
from gridgames.engine.rules import GridState
from gridgames.games import catalogue, get_entry, solver_for
from gridgames.puzzles import data, difficulty, proof
from gridgames.puzzles.model import Puzzle
from gridgames.solve.caches import clear_caches
from gridgames.solve.hooks import PuzzleBoard

#: A kept position's proof must take at most this long with the C core (checked by measuring).
MAX_PROOF_SECONDS = 0.05
#: Puzzles per game (a rules family), at least.
PER_GAME = 320


#: A board puzzles are made on: each game's package names its own (`Solver.puzzle_boards`).
Board = PuzzleBoard


@dataclass(frozen=True)
class Plan:
    """A game's boards, and whether each proof is measured cold (every cache emptied first: the size
    of the proof from scratch) or warm (a game that answers from a table of the whole board, built once)."""

    game: str
    boards: tuple[Board, ...]
    cold: bool = True


def every_plan() -> tuple[Plan, ...]:
    """Every installed game's plan, in the catalogue's order; rules that several rule books play are
    planned once, under the first of them (its notation is the puzzles')."""
    out: list[Plan] = []
    seen: list[Entry] = []
    for entry in catalogue():
        if any(data.same_rules(entry, other) for other in seen):
            continue
        seen.append(entry)
        hooks = solver_for(entry.rules)
        boards = hooks.puzzle_boards()
        if boards:
            out.append(Plan(entry.id, boards, hooks.puzzle_proofs_cold()))
    return tuple(out)


@dataclass
class Tally:
    """What one game's generation measured."""

    seconds: float = 0.0
    positions: int = 0  # distinct positions looked at
    slowest_proof: float = 0.0  # seconds, among the kept puzzles
    too_big: int = 0  # puzzles left out for the size of their proof
    themes: dict[str, int] = field(default_factory=dict)


def seed(game: str, board: Board) -> str:
    """The seed of a board's random games (a string: the same games on every machine and Python run)."""
    return f"{game} {board.rows}x{board.cols} {legacy.puzzle_seed_word(board.options)}"


def positions(entry: Entry, board: Board) -> Iterator[tuple[tuple[Any, ...], GridState]]:
    """The positions of the board's seeded random games, each once, with the moves that reach it."""
    rules: Any = entry.rules
    rng = random.Random(seed(entry.id, board))
    seen: set[GridState] = set()
    begin = rules.start(Options(board.rows, board.cols, game_options=entry.resolve_options(board.options)), 1)
    moves: tuple[Any, ...]
    for _ in range(board.games):
        state, moves = begin, ()
        while legal := rules.legal_moves(state):
            if state not in seen:
                seen.add(state)
                yield moves, state
            move = legal[rng.randrange(len(legal))]
            state, moves = rules.apply_unchecked(state, move), (*moves, move)


def measured(entry: Entry, state: GridState, cold: bool) -> tuple[Any, float]:
    """The exact evaluation of `state` and the seconds it took (from empty caches when `cold`)."""
    if cold:
        clear_caches()
    started = time.perf_counter()
    evaluation = proof.proven(entry.rules, state)
    return evaluation, time.perf_counter() - started


def theme(entry: Entry, state: GridState, move: Any) -> str:
    """The theme of the certificate the game gives for `move`, or "" where it names none.

    A game may give up on a certificate when its own time runs out (a game that values its regions
    within a second), which would make the file depend on the machine's load: the regions before and
    after the move are valued first with no time limit (the solvers remember them), so the certificate
    answers as on a quiet machine."""
    hooks = solver_for(entry.rules)
    hooks.regions(state)
    hooks.regions(entry.rules.apply_unchecked(state, move))
    certificate = hooks.certificate(entry, state, move)
    return "" if certificate is None else certificate.theme


def board_puzzles(plan: Plan, board: Board, wanted: int, tally: Tally) -> list[Puzzle]:
    """Up to `wanted` puzzles from the board's random games."""
    entry = get_entry(plan.game)
    rules, hooks = entry.rules, solver_for(entry.rules)
    found: list[Puzzle] = []
    changed = entry.resolve_options(board.options)  # the options that are not the defaults
    suffix = "".join(f"-{entry.option_spec(name).text(value)}" for name, value in changed.items())
    for moves, state in positions(entry, board):
        if len(found) >= wanted:
            break
        tally.positions += 1
        if len(rules.legal_moves(state)) < proof.MIN_LEGAL or hooks.needs_budget(state):
            continue
        try:
            evaluation, seconds = measured(entry, state, plan.cold)
        except proof.NotProven:
            continue
        if len(proof.winning(evaluation)) != 1:
            continue
        if evaluation.nodes > board.max_nodes:
            tally.too_big += 1
            continue
        line = proof.solution(rules, state, evaluation)
        if line is None:
            continue
        legal = len(evaluation.move_values)
        finds = difficulty.medium_finds(rules, state, line[0])
        tagged = theme(entry, state, line[0])
        tally.slowest_proof = max(tally.slowest_proof, seconds)
        tally.themes[tagged] = tally.themes.get(tagged, 0) + 1
        found.append(Puzzle(
            id=f"{plan.game}-{board.rows}x{board.cols}{suffix}-{len(found) + 1:04d}",
            game=plan.game, rows=board.rows, cols=board.cols, first=1, options=changed,
            moves=tuple(entry.format_move(m) for m in moves),
            solution=tuple(entry.format_move(m) for m in line),
            theme=tagged, rating=difficulty.rating(evaluation.nodes, (len(line) + 1) // 2, legal, finds),
            legal=legal, nodes=evaluation.nodes,
        ))
    return found


def game_puzzles(plan: Plan, per_game: int = PER_GAME, tally: Tally | None = None) -> list[Puzzle]:
    """At least `per_game` puzzles of one game where its boards hold them, shared out over its boards."""
    tally = tally if tally is not None else Tally()
    started = time.perf_counter()
    found: list[Puzzle] = []
    for index, board in enumerate(plan.boards):
        left = len(plan.boards) - index
        wanted = -(-(per_game - len(found)) // left)
        found += board_puzzles(plan, board, wanted, tally)
    tally.seconds += time.perf_counter() - started
    return found


def every_puzzle(
    per_game: int = PER_GAME, plans: tuple[Plan, ...] | None = None,
    report: Callable[[str, list[Puzzle], Tally], None] | None = None,
) -> list[Puzzle]:
    """Every game's puzzles, in the plans' order."""
    out: list[Puzzle] = []
    for plan in plans if plans is not None else every_plan():
        tally = Tally()
        puzzles = game_puzzles(plan, per_game, tally)
        if report is not None:
            report(plan.game, puzzles, tally)
        out += puzzles
    return out
