"""A game told in its rule book's own phrases (`RuleBook.phrases`): the board, whose turn and what
they may do, each move, the end. Line mode and the online line client both speak through it."""

from __future__ import annotations

from collections.abc import Callable

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.outcome import Outcome
from gridgames.engine.rules import Content, GridState
from gridgames.engine.textboard import render
from gridgames.engine.wording import Phrases


class Narrator:
    """A game told in its rule book's words. `is_you(player)` says which side is addressed as "You"
    (in line mode the people at the keyboard, online this seat)."""

    def __init__(self, entry: Entry, is_you: Callable[[int], bool]) -> None:
        self.entry = entry
        self.is_you = is_you
        self.phrases: Phrases = entry.phrases

    def _names(self, player: int) -> dict[str, str]:
        entry = self.entry
        content = Content.P1 if player == 1 else Content.P2
        return {
            "name": entry.player_names[player - 1],
            "player": entry.player(player),
            "symbol": entry.symbol(content),
            "winner_name": entry.player_names[2 - player],
            "winner": entry.player(3 - player),
            "you": "You" if self.is_you(player) else entry.player_names[player - 1],
        }

    def board(self, state: GridState) -> str:
        """The board as the book draws it, under its heading (if the book has one)."""
        heading = self.phrases.heading + "\n" if self.phrases.heading else ""
        return heading + render(self.entry, state) + "\n"

    def choices(self, game: Game) -> str:
        """The available moves in the book's manner (cells; the required row/column; steps and walls)."""
        return self.phrases.choices(self.entry, game.state, game.legal_moves())

    def moved(self, before: GridState, move: Move, after: GridState) -> str:
        """What the book prints after a move: the mover is `before.to_move`, `after` the position it made."""
        phrases, rules = self.phrases, self.entry.rules
        kind = phrases.kind_of(before, move)
        last = move.cells[-1]
        values = self._names(before.to_move) | {
            "cell": self.entry.format_move(move),
            "row": str(last.row + 1),
            "col": str(last.col + 1),
        }
        text = phrases.moved.get(kind, phrases.moved.get("place", "{player}: {cell}.")).format(**values)
        phase = rules.phase(before)
        if phase in phrases.phase_done and rules.phase(after) != phase:
            text += "\n\n" + phrases.phase_done[phase]
        if phrases.effect is not None:
            text += "\n" + phrases.effect(before, move)
        return text

    def turn(self, game: Game) -> str:
        """The book's lines before a prompt: whose turn (in its words) and the moves available."""
        phrases = self.phrases
        turn = phrases.phase_turn.get(self.entry.rules.phase(game.state), phrases.turn)
        names = self._names(game.state.to_move)
        return (turn.format(**names) + "\n" if turn else "") + self.choices(game)

    def prompt(self, game: Game) -> str:
        return self.phrases.prompt.format(**self._names(game.state.to_move))

    def game_over(self, game: Game, outcome: Outcome | None = None) -> str:
        """The book's game-over lines for the finished `game` (`outcome`: one the rules did not decide,
        a loss on time)."""
        outcome = outcome or game.outcome
        assert outcome is not None
        if outcome.termination == "no-moves" and outcome.winner is not None:
            return self.phrases.no_moves.format(**self._names(3 - outcome.winner))
        return self.entry.describe(outcome)

    def refused(self, reason: str) -> str:
        """The book's words for a move it refuses, with the rule's `reason`."""
        return self.phrases.refused.format(reason=reason)
