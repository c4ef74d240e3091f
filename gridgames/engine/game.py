"""A game: an immutable history of states and moves with a cursor for undo and redo."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from gridgames.engine.entry import Entry
from gridgames.engine.errors import IllegalMoveError, OptionsError
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.outcome import Outcome
from gridgames.engine.rules import GridState, Rules

REPETITION_LIMIT = 3


T = TypeVar("T")


class _once(Generic[T]):
    """`functools.cached_property` without its lock (Python 3.11's takes one at every first read, and a
    server reads a new game's outcome with every move): the answer is computed at the first read and
    kept in the instance's `__dict__`, which later reads find first. Only for pure answers of frozen
    values, where two threads computing it at once would compute the same."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, instance: Any, owner: type | None = None) -> T:
        if instance is None:
            return self  # type: ignore[return-value]  # read from the class: the descriptor itself
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


@dataclass(frozen=True)
class Game:
    """`states[i]` is the position after `moves[:i]`; `cursor` picks the current one.

    Moves after the cursor are kept for redo until a different move is played. `prior` counts the
    positions before `states[0]` that the repetition count still needs, when the game's history
    was cut short (`folded`: a long game on a server), and `since` is a position of this game (its
    `ply` says which) at or before every one of them, None when `prior` is empty.
    """

    entry: Entry
    options: Options
    first_player: int
    states: tuple[GridState, ...]
    moves: tuple[Move, ...]
    cursor: int
    prior: Mapping[GridState, int] = field(default_factory=dict, compare=False, repr=False)
    since: GridState | None = field(default=None, compare=False, repr=False)  # see `folded`

    @classmethod
    def new(
        cls,
        entry: Entry,
        options: Options | None = None,
        rng: random.Random | None = None,
        first_player: int | None = None,
    ) -> Game:
        """A game at its start; a coin toss for the first player uses `rng`."""
        if options is None:
            options = entry.default_options()
        entry.check_size(options.rows, options.cols)
        first = first_player if first_player is not None else options.resolve_first(rng)
        if first not in (1, 2):
            raise OptionsError(f"The first player must be 1 or 2, not {first}.")
        start = entry.rules.start(options, first)
        return cls(entry, options, first, (start,), (), 0)

    # -- the current position ----------------------------------------------------
    @property
    def rules(self) -> Rules[Any]:
        return self.entry.rules

    @property
    def state(self) -> GridState:
        return self.states[self.cursor]

    @property
    def played(self) -> tuple[Move, ...]:
        """The moves that lead to the current position."""
        return self.moves[: self.cursor]

    def repetitions(self) -> int:
        """How often the current position has occurred up to now (1 the first time). Only the positions
        with the same player to move can equal it: every other one, as players alternate a ply each
        (the engine's contract, `snapshot.expected_to_move`), so half of them are compared."""
        state = self.state
        return self.states[self.cursor :: -2].count(state) + self.prior.get(state, 0)

    @_once
    def outcome(self) -> Outcome | None:
        """None while the game goes on; a third repetition draws where positions can repeat."""
        rules = self.entry.rules  # read once: a server asks this of every position played
        if rules.can_repeat and self.repetitions() >= REPETITION_LIMIT:
            return Outcome(
                winner=None,
                termination="repetition",
                reason="The same position arose for the third time, so the game is drawn by repetition.",
            )
        return rules.outcome(self.states[self.cursor])

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_moves(self) -> tuple[Move, ...]:
        return () if self.is_over else self.rules.legal_moves(self.state)

    # -- moving through history --------------------------------------------------
    def parse(self, text: str) -> Move:
        return self.entry.rules.parse_move(self.states[self.cursor], text)

    def play(self, move: Move | str) -> Game:
        """The game after `move` (a Move or text); raises MoveError with the reason."""
        if isinstance(move, str):
            move = self.parse(move)
        outcome = self.outcome
        entry, cursor = self.entry, self.cursor
        if outcome is not None:
            raise IllegalMoveError(f"The game is over: {entry.describe(outcome)}")
        try:
            new_state = entry.rules.apply_move(self.states[cursor], move, entry.coord_style)
        except IllegalMoveError as error:  # said in this rule book's words
            raise IllegalMoveError(entry.in_book_words(str(error))) from None
        if cursor < len(self.moves) and self.moves[cursor] == move:
            return replace(self, cursor=cursor + 1)  # same as redo: keep the future
        return Game(  # as `replace` would, without its look at every field (a server plays one a move)
            entry, self.options, self.first_player, self.states[: cursor + 1] + (new_state,),
            self.moves[:cursor] + (move,), cursor + 1, self.prior, self.since,
        )

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.moves)

    def undo(self) -> Game:
        if not self.can_undo:
            raise IllegalMoveError("There is no move to undo.")
        return replace(self, cursor=self.cursor - 1)

    def redo(self) -> Game:
        if not self.can_redo:
            raise IllegalMoveError("There is no move to redo.")
        return replace(self, cursor=self.cursor + 1)

    def goto(self, ply: int) -> Game:
        """The game with the cursor after `ply` moves (0 = the start)."""
        if not 0 <= ply <= len(self.moves):
            raise IllegalMoveError(f"There is no position after {ply} moves in this game.")
        return replace(self, cursor=ply)

    def truncated(self) -> Game:
        """This game without the moves after the cursor (what a record of it saves)."""
        return replace(self, states=self.states[: self.cursor + 1], moves=self.played)

    def folded(self, keep: int) -> Game:
        """This game, cut at the cursor, with only its last `keep` positions as its history: of the
        earlier ones, those that may arise again are counted in `prior` (the repetition count stays
        exact), the rest are forgotten. A long game's memory and the cost of its repetition count
        are then bounded by the positions that can still repeat, not by its length. Replaying the
        game's moves from `since` on gives the same counts (a server's snapshot relies on it).
        "May arise again" after the first position kept, not the current one: a takeback to any
        position kept (one before a wall, in walls) finds its count exact too."""
        game = self.truncated()
        cut = len(game.states) - max(1, keep)
        if cut <= 0:
            return game
        counts: Counter[GridState] = Counter()
        since = None
        if self.rules.can_repeat:
            current, may_recur = game.states[cut], self.rules.may_recur
            for state in reversed(game.states[:cut]):
                if not may_recur(state, current):  # and no position before it can either
                    break
                counts[state] += 1
                since = state
            else:  # the earlier counts too (one that cannot recur any more never matches: kept as is)
                if game.prior:
                    counts.update(game.prior)
                    since = game.since
        return replace(
            game, states=game.states[cut:], moves=game.moves[cut:], cursor=game.cursor - cut,
            prior=MappingProxyType(dict(counts)), since=since,
        )

    def player_of_move(self, ply: int) -> int:
        """Which player made move number `ply` (0-based)."""
        return self.states[ply].to_move

    def restart(self, rng: random.Random | None = None, first_player: int | None = None) -> Game:
        """A new game with the same options."""
        return Game.new(self.entry, self.options, rng, first_player)
