"""A room as the client sees it, kept up to date one message at a time, every move checked by the engine.

A `state` message lists the whole game, a `moved` message one move. Replaying the whole game on
every message would let a long game (or a hostile server resending one) cost a client the square
of its length, so a `View` follows what it is sent:

- `moved` plays that one move on the game it has;
- `state` for the game it has plays only the moves it does not have yet, or goes back to an
  earlier position of its own (a takeback), comparing the moves' text, not replaying them;
- a whole new history (the first `state` after `welcome`, or another game of the match) is
  replayed from the start, once per connection; after that a `state` that rewrites moves
  already played, or starts another game part-way through, is refused.

Whatever the server sends, the engine has checked every move on screen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.options import Options, parse_size
from gridgames.engine.outcome import Outcome
from gridgames.games import get_entry
from gridgames.online import protocol as p


@dataclass(frozen=True)
class View:
    """A room's state, checked: the game rebuilt by the engine, and who is seated and connected."""

    entry: Entry
    game: Game
    state: p.State

    @classmethod
    def from_state(cls, state: p.State) -> View:
        """The room replayed from its first move; raises ProtocolError when the rules refuse it."""
        try:
            entry = get_entry(state.variant)
            rows, cols = parse_size(state.size)
            options = Options(rows, cols, str(state.first), entry.resolve_options(state.options))
            game = Game.new(entry, options, first_player=state.first)
        except GameError as error:
            raise p.ProtocolError(f"The server sent a game the rules refuse: {error}") from None
        return cls(entry, _play(game, state.moves), state)

    @property
    def outcome(self) -> Outcome | None:
        """The rules' verdict, or the server's (a resignation) with its sentence."""
        result = self.state.result
        if result is not None and self.game.outcome is None:
            return Outcome(result.winner, "resignation", result.reason)
        return self.game.outcome

    def describe_outcome(self) -> str:
        outcome = self.outcome
        assert outcome is not None
        if outcome.termination == "resignation":
            return outcome.reason  # already worded by the server
        return self.entry.describe(outcome)

    @property
    def to_move(self) -> int:
        return self.game.state.to_move

    # -- following the room -------------------------------------------------------------------
    def same_game(self, state: p.State) -> bool:
        """Whether `state` is about the game this view holds (same board, same game of the match)."""
        mine = self.state
        return (state.variant, state.size, state.options, state.first, state.game) == (
            mine.variant, mine.size, mine.options, mine.first, mine.game
        )

    def follow(self, state: p.State) -> View:
        """This view brought to `state` of the same game, playing only the moves it lacks;
        raises ProtocolError when `state` is another game or rewrites moves already played."""
        if not self.same_game(state):
            if state.game > self.state.game and not state.moves:
                return View.from_state(state)  # the next game of the match, from its start
            raise p.ProtocolError("The server switched to another game part-way through.")
        mine, theirs = self.state.moves, state.moves
        if theirs[: len(mine)] == mine:
            game = _play(self.game, theirs[len(mine):])
        elif mine[: len(theirs)] == theirs:
            game = self.game.goto(len(theirs)).truncated()  # a takeback: positions already checked
        else:
            raise p.ProtocolError("The server changed moves that were already played.")
        return View(self.entry, game, state)

    def moved(self, message: p.Moved) -> View:
        """This view after the one move `message` announces; raises ProtocolError when it does not
        follow on from this view's game."""
        if message.game != self.state.game or message.ply != len(self.state.moves) + 1:
            raise p.ProtocolError(
                f"The server sent move {message.ply} of game {message.game} after "
                f"{len(self.state.moves)} moves of game {self.state.game}."
            )
        game = _play(self.game, (message.move,))
        outcome = game.outcome
        result = None if outcome is None else p.Result(outcome.winner, self.entry.describe(outcome))
        state = replace(
            self.state, moves=(*self.state.moves, message.move), result=result, takeback=None,
            score=message.score, draws=message.draws, clock=message.clock,
        )
        return View(self.entry, game, state)

    def members(self, message: p.Members) -> View:
        state = replace(self.state, seated=message.seated, connected=message.connected)
        return View(self.entry, self.game, state)


def _play(game: Game, moves: tuple[str, ...]) -> Game:
    try:
        for move in moves:
            game = game.play(move)
    except GameError as error:
        raise p.ProtocolError(f"The server sent a game the rules refuse: {error}") from None
    return game
