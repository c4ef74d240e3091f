"""A puzzle being solved: the position, each try and its answer, and what to say about it.

Plain Python under every front end (the app's puzzle screen, `gridgames puzzle --plain`): a `PuzzleRun`
is immutable, each try returns the next run and an `Answer` to show. A right move is answered with the
opponent's most stubborn reply from the solution; a wrong one with the opponent's winning reply (the
move is then refuted on the board, and `undo` takes both back); the last right move, or "Show
solution", ends the puzzle with the explanation of its first move in the game's terms.

`missed` says whether the player has missed (a wrong try, or the solution shown): what the rating
counts, once, whatever the player does after it (retrying or undoing changes nothing).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.errors import MoveError
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.puzzles.explain import explain
from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.quality import cursor_start
from gridgames.solve.analysis import analyse
from gridgames.solve.base import WIN
from gridgames.solve.budget import Budget, StopCheck
from gridgames.solve.certificates import Certificate

#: How long the refutation of a wrong move may be searched for (puzzles are proven in 50 ms).
REFUTATION_BUDGET = 2.0

AnswerKind = Literal["right", "solved", "wrong", "shown"]


class PuzzleError(ValueError):
    """A puzzle that cannot be set up for this rule book (its moves do not play here)."""


@dataclass(frozen=True)
class Answer:
    """What a try (or "Show solution") led to; `text` is one sentence in the book's words."""

    kind: AnswerKind
    move: Move  # the player's move (the solution's, when shown)
    reply: Move | None  # right: the stubborn reply played; wrong: the opponent's winning reply
    text: str
    explanation: Certificate | None = None  # when the puzzle ends: why its first move wins


@dataclass(frozen=True)
class PuzzleRun:
    """One puzzle on one rule book. `solution` holds Moves (player, reply, player, ...); `any_win`
    accepts every winning move (learning from a game's mistake, where several may win)."""

    entry: Entry
    start: Game  # at the puzzle's position
    game: Game  # where the player is now
    solution: tuple[Move, ...]
    puzzle: Puzzle | None = None  # None for a position from a game (learning from a mistake)
    step: int = 0  # index in `solution` of the player's next move
    missed: bool = False
    over: bool = False
    any_win: bool = False
    refuted: bool = False  # the board shows a wrong move and its refutation (undo takes them back)

    # -- making one ------------------------------------------------------------------------------
    @classmethod
    def begin(cls, puzzle: Puzzle, entry: Entry) -> PuzzleRun:
        """The run of a shipped puzzle, shown with `entry` (a book playing the puzzle's rules)."""
        options = Options(puzzle.rows, puzzle.cols, str(puzzle.first), entry.resolve_options(puzzle.options))
        game = Game.new(entry, options, first_player=puzzle.first)
        try:
            for text in puzzle.moves:
                game = game.play(game.parse(text))
            start = game
            line: list[Move] = []
            for text in puzzle.solution:
                move = game.parse(text)
                line.append(move)
                game = game.play(move)
        except MoveError as error:
            raise PuzzleError(f"Puzzle {puzzle.id} does not play in {entry.title}: {error}") from None
        return cls(entry, start, start, tuple(line), puzzle)

    @classmethod
    def from_position(cls, game: Game, stop: StopCheck = None) -> PuzzleRun | None:
        """A puzzle from a game's position (the one before a thrown-away win): any winning move is
        accepted. None unless the player to move has a proven win there (`stop` cancels the proof)."""
        game = game.truncated()
        evaluation = analyse(game.entry, game.state, Budget(REFUTATION_BUDGET, stop))
        if not evaluation.exact or evaluation.value != WIN:
            return None
        return cls(game.entry, game, game, evaluation.best[:1], any_win=True)

    # -- what the screen says --------------------------------------------------------------------
    @property
    def player(self) -> int:
        """The player the puzzle is solved for."""
        return self.start.state.to_move

    @property
    def cursor_start(self) -> Cell:
        """Where the board's cursor starts: on the last move played, which gives nothing away."""
        return cursor_start(self.start.moves[: self.start.cursor])

    @property
    def task(self) -> str:
        """The line that says who is to move and what to find."""
        who = self.entry.player(self.player)
        if self.any_win:
            return f"{who} to move and win: find a winning move."
        moves = self.puzzle.player_moves if self.puzzle else 1
        more = f" ({moves} moves to find)" if moves > 1 else ""
        return f"{who} to move and win: find the only winning move{more}."

    @property
    def to_find(self) -> Move | None:
        """The solution's next move for the player, or None when the puzzle is over."""
        return None if self.over or self.refuted else self.solution[self.step]

    # -- trying ----------------------------------------------------------------------------------
    def attempt(self, move: Move, stop: StopCheck = None) -> tuple[PuzzleRun, Answer]:
        """The player tries `move`; raises MoveError (with the engine's sentence) if it is illegal.
        `stop` cancels the searches a wrong move (or, from a game, any move) may need."""
        if self.over:
            raise MoveError("This puzzle is over: retry it or go on to the next one.")
        if self.refuted:
            raise MoveError("Undo the refuted move first, or retry the puzzle.")
        played = self.game.play(move)  # the engine's sentence if illegal
        name = self.entry.format_move(move)
        if self._wins(move, played, stop):
            return self._right(move, played, name)
        reply = self._refutation(played, stop)
        after = played.play(reply) if reply is not None else played
        if reply is None:
            text = f"{name} does not win: against best play it loses."
        else:
            text = f"{name} loses: {self.entry.player(3 - self.player)} answers " \
                   f"{self.entry.format_move(reply)} and wins."
        run = replace(self, game=after, missed=True, refuted=True)
        explanation = explain(self.entry, played.state, reply, ()) if reply is not None else None
        return run, Answer("wrong", move, reply, text, explanation)

    def _wins(self, move: Move, played: Game, stop: StopCheck = None) -> bool:
        if move == self.solution[self.step]:
            return True
        if not self.any_win:
            return False
        if played.is_over:
            return played.outcome is not None and played.outcome.winner == self.player
        after = analyse(self.entry, played.state, Budget(REFUTATION_BUDGET, stop))
        return after.exact and after.value != WIN

    def _right(self, move: Move, played: Game, name: str) -> tuple[PuzzleRun, Answer]:
        last = self.any_win or self.step + 1 >= len(self.solution)
        if last:
            run = replace(self, game=played, over=True)
            # from a game, the player's own winning move is explained (it may not be the solver's)
            why = explain(self.entry, self.game.state, move, (move,)) if self.any_win else self._explanation()
            return run, Answer("solved", move, None, f"{name} wins. Solved!", why)
        reply = self.solution[self.step + 1]
        run = replace(self, game=played.play(reply), step=self.step + 2)
        text = f"{name} is right; {self.entry.player(3 - self.player)} answers " \
               f"{self.entry.format_move(reply)}. Find the next winning move."
        return run, Answer("right", move, reply, text)

    def _refutation(self, played: Game, stop: StopCheck = None) -> Move | None:
        """The opponent's winning reply after a wrong move (None when the game ended there, or no
        proof came within the budget: the generator proved the move loses either way)."""
        if played.is_over:
            return None
        evaluation = analyse(self.entry, played.state, Budget(REFUTATION_BUDGET, stop))
        if not evaluation.exact or evaluation.value != WIN:
            return None
        return evaluation.best[0]

    def _explanation(self) -> Certificate:
        first = self.solution[0]
        return explain(self.entry, self.start.state, first, self.solution)

    def show_solution(self) -> tuple[PuzzleRun, Answer]:
        """Play the whole solution from the puzzle's position: counts as a miss."""
        game = self.start
        for move in self.solution:
            game = game.play(move)
        line = ", ".join(self.entry.format_move(m) for m in self.solution)
        run = replace(self, game=game, missed=True, over=True, refuted=False, step=len(self.solution))
        return run, Answer("shown", self.solution[0], None, f"The solution: {line}.", self._explanation())

    def retry(self) -> PuzzleRun:
        """Back to the puzzle's position (a miss already counted stays counted)."""
        return replace(self, game=self.start, step=0, over=False, refuted=False)

    def undo(self) -> PuzzleRun:
        """Take back a refuted move and its refutation (or the last right move and its reply)."""
        if self.refuted:
            game = self.game
            while game.cursor > self.start.cursor + self.step:
                game = game.undo()
            return replace(self, game=game, refuted=False)
        if self.over or self.step == 0:
            raise MoveError("There is no move of yours to take back here.")
        return replace(self, game=self.game.undo().undo(), step=self.step - 2)

    @property
    def can_undo(self) -> bool:
        return self.refuted or (not self.over and self.step > 0)
