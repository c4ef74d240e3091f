"""Puzzles from proofs: seeded random games on the boards the exact solvers cover, and every position
along them that is a puzzle (`proof.solution`), deterministically (`scripts/make_puzzles.py`).

Each board plays its own seeded games (`Board.games` at most) and keeps the first positions that are
puzzles, until the game's count is reached; boards of one game share the count out in order. A position
counts only where the solver proves it exactly, with a small proof tree: the positions the distance
search visits to prove the win (`proof.Solved.tree`, at most `Board.max_tree`). That count, the
difficulty measure and each puzzle's `nodes` come from the rules and the positions' values alone, never
from a solver's own node counts, so the output is the same on every machine and with every core that
proves the same values; the time each proof took is measured and reported beside it.
Rules that two rule books play (Node Kayles) are generated once, in the first book's notation.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from gridgames.engine import legacy
from gridgames.engine.entry import Entry
from gridgames.engine.options import Options
from gridgames.engine.rules import GridState
from gridgames.games import catalogue, get_entry
from gridgames.puzzles import data, difficulty, proof, quality, themes
from gridgames.puzzles.model import Puzzle
from gridgames.solve import core
from gridgames.solve.caches import clear_caches
from gridgames.solve.hooks import PuzzleBoard, solver_of

#: A kept position's proof should take at most this long with the C core (measured and reported).
MAX_PROOF_SECONDS = 0.05
#: Puzzles per game (a rules family), at least.
PER_GAME = 400


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
        hooks = solver_of(entry)
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
    too_big: int = 0  # positions left out for the size of their proof tree
    medium_misses: int = 0  # kept puzzles whose first move the medium level does not play
    themes: dict[str, int] = field(default_factory=dict)


def seed(game: str, board: Board) -> str:
    """The seed of a board's random games (a string: the same games on every machine and Python run)."""
    return f"{game} {board.rows}x{board.cols} {legacy.puzzle_seed_word(board.options)}"


def games(entry: Entry, board: Board) -> Iterator[list[tuple[tuple[Any, ...], GridState]]]:
    """The board's seeded random games, each as its positions not seen in an earlier game, with the
    moves that reach each."""
    rules: Any = entry.rules
    rng = random.Random(seed(entry.id, board))
    aimed = solver_of(entry).puzzle_games(entry, board, rng)
    if aimed is not None:  # the game's own search, aimed at positions random play rarely meets
        yield from aimed
        return
    seen: set[GridState] = set()
    begin = rules.start(Options(board.rows, board.cols, game_options=entry.resolve_options(board.options)), 1)
    moves: tuple[Any, ...]
    for _ in range(board.games):
        state, moves = begin, ()
        played: list[tuple[tuple[Any, ...], GridState]] = []
        while legal := rules.legal_moves(state):
            if state not in seen:
                seen.add(state)
                played.append((moves, state))
            move = legal[rng.randrange(len(legal))]
            state, moves = rules.apply_unchecked(state, move), (*moves, move)
        yield played


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
    hooks = solver_of(entry)
    hooks.regions(state)
    hooks.regions(entry.rules.apply_unchecked(state, move))
    certificate = hooks.certificate(entry, state, move)
    return "" if certificate is None else certificate.theme


def too_big(hooks: Any, state: GridState) -> bool:
    """Whether the game proves `state` only within a time budget, by the C cores' limits whichever
    core proves it (the Python references prove fewer cells quickly, but prove the same values: the
    positions looked at stay the same, only slower)."""
    previous = core.use_native(True)
    try:
        return bool(hooks.needs_budget(state))
    finally:
        core.use_native(previous)


@dataclass(frozen=True)
class Candidate:
    """A position of one random game that would make a good puzzle, and what it measured."""

    moves: tuple[Any, ...]
    state: GridState
    line: tuple[Any, ...]
    tree: int  # positions in the win's proof tree (`proof.Solved.tree`)
    keys: tuple[Any, ...]
    evaluation: Any
    seconds: float
    misses: bool  # the medium level plays another first move
    rating: float

    @property
    def longer(self) -> bool:
        return len(self.line) > 1


@dataclass
class Counts:
    """What a game's pool holds so far, to steer the choice towards the quality rules' shares."""

    puzzles: int = 0
    longer: int = 0
    misses: int = 0
    middle: int = 0
    kinds: dict[object, int] = field(default_factory=dict)  # puzzles of each kind (`Solver.puzzle_kind`)

    def wants(self, share: float, have: int) -> bool:
        return have < share * (self.puzzles + 1)

    def add(self, puzzle: Puzzle, misses: bool) -> None:
        self.puzzles += 1
        self.longer += puzzle.player_moves > 1
        self.misses += misses
        self.middle += quality.in_middle(puzzle.rating)


#: The shares the generator aims at, above what the quality rules ask: two or more player moves is the
#: scarcest (most games give one-move puzzles), so it is aimed at higher and weighs double, to make up
#: for the games where few positions give a longer line.
AIM_LONGER, AIM_MISSES, AIM_MIDDLE = 0.60, 0.40, 0.30
LONGER_WEIGHT = 2


def candidate(
    entry: Entry, plan: Plan, board: Board, perms: tuple[tuple[int, ...], ...], ident: str,
    moves: tuple[Any, ...], state: GridState, used: set[Any], tally: Tally,
) -> Candidate | None:
    """The puzzle `state` makes, when it makes one that the quality rules allow."""
    rules, hooks = entry.rules, solver_of(entry)
    if len(rules.legal_moves(state)) < proof.MIN_LEGAL or too_big(hooks, state):
        return None
    if quality.key(rules, state, perms) in used:
        return None
    try:
        evaluation, seconds = measured(entry, state, plan.cold)
    except proof.NotProven:
        return None
    wins = proof.winning(evaluation)
    if len(wins) != 1 or quality.ends_at_once(rules, state, wins[0]):
        return None
    try:
        found = proof.solved(rules, state, evaluation)
    except proof.NotProven:  # a reply's value or the proof tree past the distance search's limit
        tally.too_big += 1
        return None
    if found is None:
        return None
    if found.tree > board.max_tree:
        tally.too_big += 1
        return None
    line = found.line
    keys = tuple(quality.key(rules, step, perms) for step in quality.steps(rules, state, line))
    if len(set(keys)) < len(keys) or any(k in used for k in keys):
        return None
    misses = quality.medium_misses(rules, state, line[0], ident)
    legal = len(evaluation.move_values)
    rating = difficulty.rating(found.tree, (len(line) + 1) // 2, legal, not misses)
    return Candidate(moves, state, line, found.tree, keys, evaluation, seconds, misses, rating)


def board_puzzles(plan: Plan, board: Board, wanted: int, tally: Tally, counts: Counts) -> list[Puzzle]:
    """Up to `wanted` puzzles from the board's random games, at most one from each game: of a game's
    candidates, the one that helps most towards the shares the quality rules ask for (two or more
    player moves, missed by the medium level, rated near 1500), then the one of the kind the pool holds
    fewest of, else the first. A game that counts kinds (`Solver.puzzle_kind`) gets no more puzzles of
    one kind than it allows."""
    entry = get_entry(plan.game)
    rules, hooks = entry.rules, solver_of(entry)
    found: list[Puzzle] = []
    changed = entry.resolve_options(board.options)  # the options that are not the defaults
    suffix = "".join(f"-{entry.option_spec(name).text(value)}" for name, value in changed.items())
    begin = rules.start(Options(board.rows, board.cols, game_options=entry.resolve_options(board.options)), 1)
    perms = quality.game_symmetries(rules, begin)
    used: set[Any] = set()
    chosen_moves: set[tuple[Any, ...]] = set()  # the chosen puzzles' moves
    starts: set[tuple[Any, ...]] = set()  # and every start of them
    for played in games(entry, board):
        if len(found) >= wanted:
            break
        ident = f"{plan.game}-{board.rows}x{board.cols}{suffix}-{len(found) + 1:04d}"
        best: tuple[int, int, Candidate, tuple[object, int] | None] | None = None
        wanted_features = (
            LONGER_WEIGHT * counts.wants(AIM_LONGER, counts.longer) + counts.wants(AIM_MISSES, counts.misses)
            + counts.wants(AIM_MIDDLE, counts.middle)
        )
        enough = min(wanted_features, LONGER_WEIGHT)
        for moves, state in played:
            if best is not None and best[0] >= enough:
                break  # good enough: a longer line when one is wanted (the scarcest), else anything
            tally.positions += 1
            if moves in starts or any(moves[:k] in chosen_moves for k in range(len(moves))):
                continue  # a position of a game that gave a puzzle on an earlier run of its moves
            kind = hooks.puzzle_kind(state)
            if kind is not None and counts.kinds.get(kind[0], 0) >= kind[1]:
                continue  # the pool holds as many of this kind as it may
            found_here = candidate(entry, plan, board, perms, ident, moves, state, used, tally)
            if found_here is None:
                continue
            score = (
                LONGER_WEIGHT * (found_here.longer and counts.wants(AIM_LONGER, counts.longer))
                + (found_here.misses and counts.wants(AIM_MISSES, counts.misses))
                + (quality.in_middle(found_here.rating) and counts.wants(AIM_MIDDLE, counts.middle))
            )
            # among equals, the kind the pool holds fewest of (games that count kinds), else the first
            fewer = -counts.kinds.get(kind[0], 0) if kind is not None else 0
            if best is None or (score, fewer) > best[:2]:
                best = (score, fewer, found_here, kind)
        if best is None:
            continue
        chosen, kind = best[2], best[3]
        puzzle = make_puzzle(entry, plan, board, ident, chosen)
        used.update(chosen.keys)
        chosen_moves.add(chosen.moves)
        starts.update(chosen.moves[:k] for k in range(len(chosen.moves) + 1))
        counts.add(puzzle, chosen.misses)
        if kind is not None:
            counts.kinds[kind[0]] = counts.kinds.get(kind[0], 0) + 1
        tally.slowest_proof = max(tally.slowest_proof, chosen.seconds)
        tally.medium_misses += chosen.misses
        tally.themes[puzzle.theme] = tally.themes.get(puzzle.theme, 0) + 1
        found.append(puzzle)
    return found


def make_puzzle(entry: Entry, plan: Plan, board: Board, ident: str, chosen: Candidate) -> Puzzle:
    """The puzzle a candidate makes, with its theme and first rating."""
    legal = len(chosen.evaluation.move_values)
    line = chosen.line
    certificate = theme(entry, chosen.state, line[0])
    return Puzzle(
        id=ident, game=plan.game, rows=board.rows, cols=board.cols, first=1,
        options=entry.resolve_options(board.options),
        moves=tuple(entry.format_move(m) for m in chosen.moves),
        solution=tuple(entry.format_move(m) for m in line),
        theme=certificate, rating=chosen.rating, legal=legal, nodes=chosen.tree,
        themes=themes.themes(entry.rules, chosen.state, line, certificate),
    )


def game_puzzles(plan: Plan, per_game: int = PER_GAME, tally: Tally | None = None) -> list[Puzzle]:
    """At least `per_game` puzzles of one game where its boards hold them, shared out over its boards."""
    tally = tally if tally is not None else Tally()
    started = time.perf_counter()
    found: list[Puzzle] = []
    counts = Counts()
    for index, board in enumerate(plan.boards):
        left = len(plan.boards) - index
        wanted = -(-(per_game - len(found)) // left)
        found += board_puzzles(plan, board, wanted, tally, counts)
    tally.seconds += time.perf_counter() - started
    return found


def every_puzzle(
    per_game: int = PER_GAME, plans: tuple[Plan, ...] | None = None,
    report: Callable[[str, list[Puzzle], Tally], None] | None = None,
) -> list[Puzzle]:
    """Every game's puzzles, in the plans' order, `trimmed`, their ratings `spread`."""
    out: list[Puzzle] = []
    for plan in plans if plans is not None else every_plan():
        tally = Tally()
        puzzles = game_puzzles(plan, per_game, tally)
        if report is not None:
            report(plan.game, puzzles, tally)
        out += puzzles
    return spread(trimmed(out))


#: The shares the whole pool is trimmed up to: two or more player moves, and the medium level missing
#: the first move overall and in each game (a margin above the quality rules' 40%, a third and a fifth:
#: a game that gives many longer puzzles, as no-neighbour does, would otherwise stop the trimming
#: early and leave the other games' one-move puzzles, which the medium level mostly finds).
AIM_LONGER_ALL = 0.41
AIM_MISSES_ALL, AIM_MISSES_GAME = 0.36, 0.24


def trimmed(puzzles: list[Puzzle]) -> list[Puzzle]:
    """`puzzles` without some one-move puzzles, while fewer than AIM_LONGER_ALL of them are longer or
    the medium level misses too few (AIM_MISSES_ALL, AIM_MISSES_GAME of the puzzle's game): the last
    made first, of games that keep more than the quality rules' minimum, and only those that neither
    the medium level misses nor are rated near 1500 (so every other share only grows)."""
    misses = {}
    for puzzle in puzzles:
        line = data.line(puzzle)
        misses[puzzle.id] = quality.medium_misses(
            get_entry(puzzle.game).rules, line.start, line.solution[0], puzzle.id,
        )
    kept = list(puzzles)
    per_game: dict[str, int] = {}
    missed: dict[str, int] = {}
    for puzzle in kept:
        per_game[puzzle.game] = per_game.get(puzzle.game, 0) + 1
        missed[puzzle.game] = missed.get(puzzle.game, 0) + misses[puzzle.id]
    longer = sum(p.player_moves > 1 for p in kept)
    for puzzle in reversed(puzzles):
        game = puzzle.game
        short = (
            longer < AIM_LONGER_ALL * len(kept) or sum(missed.values()) < AIM_MISSES_ALL * len(kept)
            or missed[game] < AIM_MISSES_GAME * per_game[game]
        )
        if not short or puzzle.player_moves > 1 or per_game[game] <= quality.MIN_PER_GAME:
            continue
        if quality.in_middle(puzzle.rating) or misses[puzzle.id]:
            continue
        kept.remove(puzzle)
        per_game[game] -= 1
    return kept


def spread(puzzles: list[Puzzle]) -> list[Puzzle]:
    """`puzzles` with each game's first ratings spread as players' ratings are: the measured difficulty
    (`difficulty.rating`) orders a game's puzzles, and the k-th of n gets the rating at that point of
    a normal curve round 1500 (`difficulty.spread`). The order stays what was measured; the numbers
    then meet the players where they start, whatever a game's proofs cost."""
    by_game: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles:
        by_game.setdefault(puzzle.game, []).append(puzzle)
    rated: dict[str, float] = {}
    for pool in by_game.values():
        ordered = sorted(pool, key=lambda puzzle: (puzzle.rating, puzzle.id))
        for rank, puzzle in enumerate(ordered):
            rated[puzzle.id] = difficulty.spread(rank, len(ordered))
    return [replace(puzzle, rating=rated[puzzle.id]) for puzzle in puzzles]
