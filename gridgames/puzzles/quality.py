"""What makes a position worth shipping as a puzzle, beyond being one: shared by the generator, which
keeps only such puzzles, and the test that checks the shipped file.

- It does not end at once: the first move of the solution leaves the opponent a move (a puzzle whose
  answer is "leave no move" is found by looking, not by thinking).
- It repeats nothing: the positions the player solves (the start and each position after a reply)
  differ, up to the board's symmetries, from every other puzzle's and from each other (`key`).
- The medium computer level, its random choices seeded from the puzzle's id, plays another first move
  in enough puzzles (`medium_misses`).
- The cursor starts where it gives nothing away: on the last move played (an occupied cell, never a
  move of the player's), or the board's top-left cell where nothing was played (`cursor_start`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gridgames.engine.cells import Cell
from gridgames.engine.moves import Move
from gridgames.engine.rules import Content, GridState, Rules
from gridgames.puzzles import difficulty
from gridgames.solve.symmetry import board_symmetries

#: What the shipped pool must hold, per game and over all games (`tests/puzzles/test_quality.py`).
MIN_PER_GAME = 300
#: Puzzles of two or more player moves, overall (issue 30). Node Kayles and rowcol positions rarely keep a
#: single winning move after the longest defence, so the generator makes more than it keeps
#: (`generate.PER_GAME`), aims at longer lines (`generate.AIM_LONGER`) and trims one-move puzzles
#: (`generate.trimmed`).
MIN_LONGER = 0.40
MIN_MEDIUM_MISSES_ALL = 1 / 3
MIN_MEDIUM_MISSES_GAME = 1 / 5
MIN_MIDDLE = 0.25  # puzzles rated within MIDDLE_WIDTH of MIDDLE, per game
MIDDLE, MIDDLE_WIDTH = 1500.0, 200.0
MAX_CURSOR_ODDS = 1.5  # the cursor starts on the answer at most this many times chance, per game
def scarce(game: str) -> tuple[int, float] | None:
    """Where random play cannot fill `game`'s pool under these rules, the most it gives and the share
    the medium level misses, as the game's solver states them (`Solver.scarce_puzzles`)."""
    from gridgames.games import get_entry
    from gridgames.solve.hooks import solver_of

    return solver_of(get_entry(game)).scarce_puzzles()


def min_puzzles(game: str) -> int:
    """The fewest puzzles `game`'s pool may hold."""
    limit = scarce(game)
    return MIN_PER_GAME if limit is None else limit[0]


def min_medium_misses(game: str) -> float:
    """The least share of `game`'s puzzles whose first move the medium level must miss."""
    limit = scarce(game)
    return MIN_MEDIUM_MISSES_GAME if limit is None else limit[1]


Symmetry = Callable[[Cell], Cell]


def _moves_key(state: GridState, moves: tuple[Move, ...], perm: tuple[int, ...]) -> tuple[Any, ...]:
    cols = state.cols
    return tuple(sorted(
        (tuple(sorted(perm[c.row * cols + c.col] for c in move.cells)), move.kind) for move in moves
    ))


def game_symmetries(rules: Rules[Any], begin: GridState) -> tuple[tuple[int, ...], ...]:
    """The board's symmetries that are the game's too: those that map the start's moves onto its moves
    (turning a board in its diagonal turns Domineering's upright dominoes into lying ones: not one)."""
    moves = rules.legal_moves(begin)
    plain = _moves_key(begin, moves, board_symmetries(begin.rows, begin.cols)[0])
    return tuple(p for p in board_symmetries(begin.rows, begin.cols) if _moves_key(begin, moves, p) == plain)


def key(rules: Rules[Any], state: GridState, perms: tuple[tuple[int, ...], ...]) -> tuple[Any, ...]:
    """The position as play sees it, the same for every image of it under `perms` (`game_symmetries`):
    which cells are empty, blocked or marked, and the moves of the player to move and of the other
    (so who is where matters where it matters, and not where it does not)."""
    cells = [Cell(*divmod(i, state.cols)) for i in range(state.rows * state.cols)]
    kinds = [_kind(rules.content(state, cell)) for cell in cells]
    mine = rules.legal_moves(state)
    theirs = rules.legal_moves(replace(state, to_move=3 - state.to_move))
    best: tuple[Any, ...] | None = None
    for perm in perms:
        board = [0] * len(cells)
        for i, kind in enumerate(kinds):
            board[perm[i]] = kind
        image = (tuple(board), _moves_key(state, mine, perm), _moves_key(state, theirs, perm))
        if best is None or image < best:
            best = image
    assert best is not None
    return best


def _kind(content: Content) -> int:
    return {Content.EMPTY: 0, Content.BLOCKED: 1}.get(content, 2)


def ends_at_once(rules: Rules[Any], state: GridState, move: Move) -> bool:
    """Whether `move` leaves the opponent no move at all."""
    return not rules.legal_moves(rules.apply_unchecked(state, move))


def steps(rules: Rules[Any], start: GridState, solution: tuple[Move, ...]) -> tuple[GridState, ...]:
    """The positions the player solves: the start, then the position after each reply."""
    out, state = [start], start
    for index, move in enumerate(solution[:-1]):
        state = rules.apply_unchecked(state, move)
        if index % 2 == 1:
            out.append(state)
    return tuple(out)


def medium_rng(ident: str) -> random.Random:
    """The medium level's random choices for puzzle `ident` (the same on every machine)."""
    return random.Random(f"medium {ident}")


def medium_misses(rules: Rules[Any], state: GridState, answer: Move, ident: str) -> bool:
    """Whether the medium level, its random choices seeded from `ident` and its search not limited in
    time, plays another first move than `answer`."""
    return difficulty.medium_move(rules, state, medium_rng(ident)) != answer


def cursor_start(moves: tuple[Move, ...]) -> Cell:
    """Where the board's cursor starts on a puzzle reached by `moves`: the last move's last cell (a
    cell it occupied), else the top-left cell. Never a hint: the answer is never an occupied cell."""
    return moves[-1].cells[-1] if moves else Cell(0, 0)


def in_middle(rating: float) -> bool:
    """Whether a rating lies within MIDDLE_WIDTH of where every new player starts."""
    return abs(rating - MIDDLE) <= MIDDLE_WIDTH
