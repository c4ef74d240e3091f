"""A game: an immutable history of states and moves with a cursor for undo and redo."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cached_property

from gridgames.engine.entry import Entry
from gridgames.engine.errors import IllegalMoveError, OptionsError
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.outcome import Outcome
from gridgames.engine.rules import GridState, Rules

REPETITION_LIMIT = 3


@dataclass(frozen=True)
class Game:
    """`states[i]` is the position after `moves[:i]`; `cursor` picks the current one.

    Moves after the cursor are kept for redo until a different move is played.
    """

    entry: Entry
    options: Options
    first_player: int
    states: tuple[GridState, ...]
    moves: tuple[Move, ...]
    cursor: int

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
    def rules(self) -> Rules:
        return self.entry.rules

    @property
    def state(self) -> GridState:
        return self.states[self.cursor]

    @property
    def played(self) -> tuple[Move, ...]:
        """The moves that lead to the current position."""
        return self.moves[: self.cursor]

    def repetitions(self) -> int:
        """How often the current position has occurred up to now (1 the first time)."""
        return self.states[: self.cursor + 1].count(self.state)

    @cached_property
    def outcome(self) -> Outcome | None:
        """None while the game goes on; a third repetition draws where positions can repeat."""
        if self.rules.can_repeat and self.repetitions() >= REPETITION_LIMIT:
            return Outcome(
                winner=None,
                termination="repetition",
                reason="The same position arose for the third time, so the game is drawn by repetition.",
            )
        return self.rules.outcome(self.state)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_moves(self) -> tuple[Move, ...]:
        return () if self.is_over else self.rules.legal_moves(self.state)

    # -- moving through history --------------------------------------------------
    def parse(self, text: str) -> Move:
        return self.rules.parse_move(self.state, text)

    def play(self, move: Move | str) -> Game:
        """The game after `move` (a Move or text); raises MoveError with the reason."""
        if isinstance(move, str):
            move = self.parse(move)
        outcome = self.outcome
        if outcome is not None:
            raise IllegalMoveError(f"The game is over: {self.entry.describe(outcome)}")
        try:
            new_state = self.rules.apply_move(self.state, move, self.entry.coord_style)
        except IllegalMoveError as error:  # said in this rule book's words
            raise IllegalMoveError(self.entry.in_book_words(str(error))) from None
        if self.cursor < len(self.moves) and self.moves[self.cursor] == move:
            return replace(self, cursor=self.cursor + 1)  # same as redo: keep the future
        return replace(
            self,
            states=self.states[: self.cursor + 1] + (new_state,),
            moves=self.moves[: self.cursor] + (move,),
            cursor=self.cursor + 1,
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

    def player_of_move(self, ply: int) -> int:
        """Which player made move number `ply` (0-based)."""
        return self.states[ply].to_move

    def restart(self, rng: random.Random | None = None, first_player: int | None = None) -> Game:
        """A new game with the same options."""
        return Game.new(self.entry, self.options, rng, first_player)
