"""Positions for no-neighbour puzzles, found by aiming at them rather than by random play.

Random play almost never meets a position with a single winning move (none in 3,000 games on some
boards): such positions are endgames of five or seven empty cells, most of them touching (scattered empty
cells leave a plain count of moves, where every move wins or none does). So the search draws such
endgames directly: a few clusters of empty cells grown cell by cell, the last marker on an occupied
cell, and keeps those where exactly one move wins and it does not end the game at once. Each kept
position is then given a game that reaches it: the occupied cells in an order where no marker touches
the one before it, ending on the last marker (a depth-first search, bounded). Everything is drawn from
the caller's seeded generator, so `make puzzles` stays byte for byte.

Such positions come in few kinds (`kinds.kind`: the graph of the empty cells and the cells the last
marker forbids, whatever the board): an exhaustive search of every set of empty cells with every last
marker on 4x4 (up to ten empty cells), 4x5, 3x6, 3x8 and 5x5 (odd counts from five, to eleven on the
smaller ones) finds 14 kinds, all with five or seven empty cells; orthogonal adjacency gives none on
4x4. A random draw meets two of them far more often than the rest, so each board offers a kind at most
KIND_PER_BOARD times (and never a position and its mirror image), a group holds positions of distinct
kinds, and the generator keeps at most `kinds.MOST_OF_A_KIND` puzzles of one kind
(`Solver.puzzle_kind`): the pool is spread over the kinds and over more boards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.rules import GridState, bits
from gridgames.games.api import PuzzleBoard
from gridgames.games.noneighbour.algorithm import NoNeighbourSolver
from gridgames.games.noneighbour.kinds import Kind, kind
from gridgames.games.noneighbour.rules import RULES, NoNeighbourState
from gridgames.solve.symmetry import board_symmetries

#: The numbers of empty cells drawn, seven twice as often as five (more shapes of them hold such a
#: position): the only ones where random draws met a single winning move that does not end the game at
#: once (none with 4, 6 or 8 to 12 empty cells, 3,000 draws each).
EMPTY_CELLS = (5, 7, 7)
#: Clusters the empty cells are grown in (one to three), and the draws one group of positions may take.
MOST_CLUSTERS = 3
DRAWS_PER_GROUP = 3_000
#: How many positions of one kind (`kinds.kind`: what play depends on) one board offers at most: the
#: positions of a group are of distinct kinds, and a kind offered KIND_PER_BOARD times is offered no
#: more, so no kind fills the pool (a random draw meets a few kinds far more often than the rest).
KIND_PER_BOARD = 24
#: Positions one group holds at most (the generator keeps at most one of them, the one that best
#: meets the quality rules' shares), and the nodes the search for a game reaching one may visit.
PER_GROUP = 3
PATH_NODES = 2_000

Placed = tuple[tuple[Move, ...], GridState]


def groups(board: PuzzleBoard, adjacency: str, rng: random.Random) -> Iterator[list[Placed]]:
    """`board.games` groups of positions with a single winning move that does not end the game at
    once, each with the moves that reach it."""
    solver = NoNeighbourSolver(board.rows, board.cols, adjacency, use_table=False)
    begin = RULES.start(Options(board.rows, board.cols, game_options={"adjacency": adjacency}), 1)
    given: set[tuple[int, int]] = set()  # the positions given already (occupied, forbidden), up to symmetry
    images = board_symmetries(board.rows, board.cols)  # a position and its images are one puzzle
    offered: dict[Kind, int] = {}  # how often each kind was offered
    for _ in range(board.games):
        group: list[Placed] = []
        kinds: set[Kind] = set()
        for _ in range(DRAWS_PER_GROUP):
            if len(group) >= PER_GROUP:
                break
            occupied, last = draw(solver, rng)
            forbidden = solver.adj[last] & ~occupied
            position = min((moved(occupied, image), moved(forbidden, image)) for image in images)
            if position in given or not single_win(solver, occupied, last):
                continue
            this = kind(solver.adj, solver.full & ~occupied, forbidden)
            if this in kinds or offered.get(this, 0) >= KIND_PER_BOARD:
                continue
            order = reaching(solver, occupied, last, rng)
            if order is None:
                continue
            state: NoNeighbourState = begin
            moves: tuple[Move, ...] = ()
            for index in order:
                move = Move((state.cell(index),))
                state, moves = RULES.apply_unchecked(state, move), (*moves, move)
            given.add(position)
            kinds.add(this)
            offered[this] = offered.get(this, 0) + 1
            group.append((moves, state))
        if not group:
            return  # DRAWS_PER_GROUP draws met no new kind: the board is spent
        yield group


def moved(mask: int, image: Sequence[int]) -> int:
    """`mask` with each cell moved by `image`."""
    return sum(1 << image[i] for i in bits(mask))


def draw(solver: NoNeighbourSolver, rng: random.Random) -> tuple[int, int]:
    """A random endgame: the occupied cells (a mask) and the last marker's cell."""
    cells = solver.cells
    empty: set[int] = set()
    count = rng.choice(EMPTY_CELLS)
    parts = rng.randint(1, MOST_CLUSTERS)
    for part in range(parts):
        size = count // parts + (part < count % parts)
        grown = {rng.choice([i for i in range(cells) if i not in empty])}
        while len(grown) < size:
            edge = sorted({j for i in grown for j in bits(solver.adj[i])} - grown - empty)
            grown.add(rng.choice(edge or [j for j in range(cells) if j not in grown and j not in empty]))
        empty |= grown
    occupied = solver.full & ~sum(1 << i for i in empty)
    return occupied, rng.choice(bits(occupied))


def single_win(solver: NoNeighbourSolver, occupied: int, last: int) -> bool:
    """Whether the player to move has at least four moves, exactly one of which wins, and it leaves
    the opponent a move."""
    free = solver.full & ~occupied & ~solver.adj[last]
    if free.bit_count() < 4:
        return False
    wins = [i for i in bits(free) if not solver.wins(*solver.child(occupied, i))]
    if len(wins) != 1:
        return False
    after, forbidden = solver.child(occupied, wins[0])
    return bool(solver.full & ~after & ~forbidden)


def reaching(solver: NoNeighbourSolver, occupied: int, last: int, rng: random.Random) -> list[int] | None:
    """The occupied cells in an order a game can place them (no marker touching the one before it),
    ending on `last`; None when the bounded search finds none."""
    nodes = 0
    path = [last]

    def extend(left: int) -> bool:
        nonlocal nodes
        if not left:
            return True
        nodes += 1
        if nodes > PATH_NODES:
            return False
        options = bits(left & ~solver.adj[path[-1]])
        rng.shuffle(options)
        # the cells with the fewest partners left go first (they are the hard ones to place)
        options.sort(key=lambda i: (left & ~solver.adj[i] & ~(1 << i)).bit_count())
        for index in options:
            path.append(index)
            if extend(left & ~(1 << index)):
                return True
            path.pop()
        return False

    if not extend(occupied & ~(1 << last)):
        return None
    return path[::-1]
