"""A room's game history, kept bounded however long the game runs, and taken back in bounded time.

A walls game of token steps never builds a wall, so any of its positions may come back and the
repetition count needs each of them; kept whole, the history grew by a position a move (thousands,
in an attack), and so did each move's cost. So a room's game is folded once it holds `FOLD_AT`
positions: it keeps the last `KEEP_POSITIONS` (takebacks need no replay) and counts the earlier ones
that may still repeat (`Game.folded`). A replay (a load) folds as it goes, so it costs time linear in
the moves, not their square.

A takeback past the positions kept used to replay the whole game from its start (3,000 moves: seconds,
each time, when takebacks follow one another). So each fold also leaves a `Mark`: the game at the
first position it keeps, with what it takes to count repetitions from there. A takeback replays from
the last mark at or before the ply it goes back to: at most `MARK_EVERY - 1` moves, however long the
game and however many takebacks in a row. Marks cost little memory: a mark keeps one position and the
positions its fold counted, not a copy of the counts; the counts are summed again when a takeback
needs them (dictionary work, no move played).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from gridgames.engine.game import Game
from gridgames.engine.rules import GridState

FOLD_AT = 64
KEEP_POSITIONS = 16
MARK_EVERY = FOLD_AT - KEEP_POSITIONS  # plies between a room's marks (one a fold)
_NONE: MappingProxyType[GridState, int] = MappingProxyType({})


@dataclass(frozen=True)
class Mark:
    """The room's game at ply `ply`: one position (`game`). `counted` is None when `game.prior` holds
    every earlier position that may recur (a fresh count: the game's start, or a fold that found an
    irreversible move); else `game.prior` is left empty and the counts are the previous mark's with
    the positions `counted` added, one each (what that fold counted)."""

    ply: int
    game: Game
    counted: tuple[GridState, ...] | None


def first_mark(game: Game, base: int) -> Mark:
    """The mark of `game`'s first position (ply `base`), its counts whole."""
    return Mark(base, game.goto(0).truncated(), None)


def _folded_mark(before: Game, folded: Game, base: int) -> Mark:
    """The mark a fold of `before` into `folded` (now from ply `base` on) leaves. `Game.folded` carries
    the earlier counts over, `since` with them, exactly when no position it folded away is cut off by an
    irreversible move; then the counts grew by those positions, each of which may recur."""
    first = folded.goto(0).truncated()
    if not before.prior or folded.since is not before.since:
        return Mark(base, first, None)
    cut = len(before.states) - len(folded.states)
    return Mark(base, replace(first, prior=_NONE), tuple(before.states[:cut]))


def fold(game: Game, base: int, marks: list[Mark] | None = None) -> tuple[Game, int]:
    """`game` (from ply `base` on) folded once it holds FOLD_AT positions, and its new base; the fold's
    mark appended to `marks` when given."""
    if len(game.states) < FOLD_AT:
        return game, base
    folded = game.folded(KEEP_POSITIONS)
    moved = base + len(game.states) - len(folded.states)
    if marks is not None:
        marks.append(_folded_mark(game, folded, moved))
    return folded, moved


def play_on(game: Game, base: int, moves: Iterable[str], marks: list[Mark] | None = None) -> tuple[Game, int]:
    """`game` (from ply `base` on) with `moves` played, folded as it goes (each fold's mark appended to
    `marks` when given); raises GameError when one does not play."""
    for move in moves:
        game, base = fold(game.play(move), base, marks)
    return game, base


def up_to(marks: Sequence[Mark], ply: int) -> tuple[Mark, ...]:
    """The marks (in order of ply) at or before ply `ply`."""
    count = 0
    for mark in marks:
        if mark.ply > ply:
            break
        count += 1
    return tuple(marks[:count])


def restored(marks: Sequence[Mark], index: int) -> Game:
    """The game of mark `index` with its repetition counts whole (summed from the last fresh mark)."""
    start = index
    while start > 0 and marks[start].counted is not None:
        start -= 1  # a room's first mark is fresh (`first_mark`), and marks go only from its end
    mark = marks[index]
    if start == index:
        return mark.game
    counts = dict(marks[start].game.prior)
    for later in marks[start + 1 : index + 1]:
        for state in later.counted or ():
            counts[state] = counts.get(state, 0) + 1
    return replace(mark.game, prior=MappingProxyType(counts))


def rewound(
    marks: Sequence[Mark], keep: int, moves: Sequence[str]
) -> tuple[Game, int, tuple[Mark, ...], int] | None:
    """The game after its first `keep` moves (`moves`: the text of at least those), replayed from the
    last of `marks` at or before ply `keep`: the game, its base, the marks that hold for it (those up
    to `keep` and those its folds left), and how many moves were replayed; None when no mark is at or
    before `keep`."""
    kept = up_to(marks, keep)
    if not kept:
        return None
    mark = kept[-1]
    new: list[Mark] = []
    game, base = play_on(restored(kept, len(kept) - 1), mark.ply, moves[mark.ply : keep], new)
    return game, base, (*kept, *new), keep - mark.ply
