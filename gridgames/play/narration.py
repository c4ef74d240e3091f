"""What happens in a game and in an online room, told in words once for every front end.

`Narrator` tells a game in its rule book's own phrases (`RuleBook.phrases`): the board, whose turn
and what they may do, each move, the end. Line mode and the online line client both speak through it.

The room functions tell what changed in an online room between two of its states (who joined,
left or came back, a new game, a takeback, a rematch), its status and its match score. The online
screen shows them one at a time and the online line client prints them all; each front end only
says how its player answers an offer (`Answers`: its own keys or commands).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.outcome import Outcome
from gridgames.engine.rules import Content, GridState
from gridgames.engine.textboard import render
from gridgames.games import rule_book
from gridgames.games.api import Phrases


class Narrator:
    """A game told in its rule book's words. `is_you(player)` says which side is addressed as "You"
    (in line mode the people at the keyboard, online this seat)."""

    def __init__(self, entry: Entry, is_you: Callable[[int], bool]) -> None:
        self.entry = entry
        self.is_you = is_you
        self.phrases: Phrases = rule_book(entry.id).phrases

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


# -- an online room -----------------------------------------------------------------------------
class RoomState(Protocol):
    """What the narrator reads of a room's state (`online.protocol.State`)."""

    @property
    def game(self) -> int: ...
    @property
    def moves(self) -> Sequence[str]: ...
    @property
    def seated(self) -> tuple[bool, bool]: ...
    @property
    def connected(self) -> tuple[bool, bool]: ...
    @property
    def takeback(self) -> int | None: ...
    @property
    def rematch(self) -> tuple[bool, bool]: ...
    @property
    def score(self) -> tuple[int, int]: ...
    @property
    def draws(self) -> int: ...


class RoomView(Protocol):
    """A room as a client sees it (`online.follow.View`): its game rebuilt, and its state."""

    @property
    def entry(self) -> Entry: ...
    @property
    def game(self) -> Game: ...
    @property
    def state(self) -> RoomState: ...
    @property
    def outcome(self) -> Outcome | None: ...
    @property
    def to_move(self) -> int: ...
    def describe_outcome(self) -> str: ...


@dataclass(frozen=True)
class Answers:
    """How a front end's player answers the other side's offer, after "... asks to take back their
    last move: " and "... offers a rematch: "; `own`: whether the player's own requests are told
    when the room shows them (False where the front end says so as it sends them)."""

    takeback: str
    rematch: str
    again: str  # after "The game is over: ": how to offer a rematch
    own: bool = True


def presence_news(before: RoomView, view: RoomView, seat: int) -> list[str]:
    """Who has joined, left or come back (every seat but `seat`; 0 watches)."""
    news = []
    for other in (1, 2):
        if other == seat:
            continue
        name, was, now = view.entry.player(other), before.state, view.state
        if now.seated[other - 1] and not was.seated[other - 1]:
            news.append(f"{name} has joined: the game is on." if seat else f"{name} has joined.")
        elif was.connected[other - 1] and not now.connected[other - 1]:
            news.append(f"{name} has disconnected; the game waits for them to come back.")
        elif now.connected[other - 1] and not was.connected[other - 1]:
            news.append(f"{name} is back.")
    return news


def game_news(before: RoomView, view: RoomView) -> str | None:
    """A new game of the match, or a move taken back; None when neither happened."""
    if view.state.game != before.state.game:
        return f"Game {view.state.game}: {view.entry.player(view.game.first_player)} moves first."
    if len(view.state.moves) < len(before.state.moves):
        return f"A move was taken back; {view.entry.player(view.to_move)} to play."
    return None


def offer_news(before: RoomView, view: RoomView, seat: int, answers: Answers) -> list[str]:
    """Takeback requests and rematch offers made, answered or declined since `before`."""
    state, was, entry = view.state, before.state, view.entry
    news = []
    if state.takeback != was.takeback:
        if state.takeback is None:
            if was.moves == state.moves:
                news.append("The takeback request was declined.")
        elif state.takeback == seat:
            if answers.own:
                news.append(f"You asked to take back your last move; waiting for {entry.player(3 - seat)}.")
        elif seat:
            asker = entry.player(state.takeback)
            news.append(f"{asker} asks to take back their last move: {answers.takeback}")
        else:
            news.append(f"{entry.player(state.takeback)} asks to take back their last move.")
    if seat and was.game == state.game:
        other = 3 - seat
        if state.rematch[other - 1] and not was.rematch[other - 1]:
            news.append(f"{entry.player(other)} offers a rematch: {answers.rematch}")
        if state.rematch[seat - 1] and not was.rematch[seat - 1] and answers.own:
            news.append(f"You offered a rematch; waiting for {entry.player(other)}.")
        if any(was.rematch) and not any(state.rematch):
            news.append("The rematch was declined.")
    return news


def room_news(before: RoomView, view: RoomView, seat: int, answers: Answers) -> list[str]:
    """Everything worth saying about the change from `before` to `view`, most pressing first."""
    changed = game_news(before, view)
    return presence_news(before, view, seat) + ([changed] if changed else []) + offer_news(
        before, view, seat, answers
    )


def move_refusal(view: RoomView, seat: int, answers: Answers) -> str | None:
    """Why `seat` cannot move in the room now (watching, the game is over, the other's turn), or None."""
    if not seat:
        return "You are watching: spectators cannot play."
    if view.outcome is not None:
        return f"The game is over: {answers.again}"
    if view.to_move != seat:
        return f"It is not your turn: {view.entry.player(view.to_move)} is to move."
    return None


def room_status(view: RoomView, seat: int, closed: str = "", lost: bool = False) -> str:
    """'You: Player 1 (X) · Player 2 (O) connected · move 3 · your turn': who you are, whether the
    others and the server are there, and whose turn it is."""
    entry, state = view.entry, view.state
    parts = [f"You: {entry.player(seat)}" if seat else "Watching"]
    for other in (1, 2):
        if other != seat:
            presence = "connected" if state.connected[other - 1] else "disconnected"
            if not state.seated[other - 1]:
                presence = "not joined yet"
            parts.append(f"{entry.player(other)} {presence}")
    if closed:
        parts.append("room closed")
    elif lost:
        parts.append("server: reconnecting")
    if view.outcome is not None:
        parts.append(f"Game over: {view.describe_outcome()}")
    else:
        parts.append(f"move {len(view.game.played) + 1}")
        parts.append("your turn" if view.to_move == seat else f"{entry.player(view.to_move)} to move")
    return " · ".join(parts)


def room_score(view: RoomView) -> str:
    """'Match score after 3 games: Player 1 (X) 2, Player 2 (O) 0, 1 drawn.'"""
    entry, state = view.entry, view.state
    games = f"{state.game} game{'s' if state.game != 1 else ''}"
    drawn = f", {state.draws} drawn." if state.draws else "."
    score = f"{entry.player(1)} {state.score[0]}, {entry.player(2)} {state.score[1]}"
    return f"Match score after {games}: {score}{drawn}"



def analysis_summary(values: Sequence[str], playable: int) -> str:
    """What an analysis of the position holds, promising no more than that: "" when every playable
    cell shows a proven value (the marks say it all), else which cells show the search's estimate
    ("unknown": marked ?) and that the others have none. `values`: the value of each move it
    valued; `playable`: how many moves are legal."""
    estimates = sum(1 for value in values if value == "unknown")
    if len(values) >= playable:
        return "" if not estimates else "Not proven on this board: cells marked ? show the search's estimate."
    if not values:
        return "Not proven on this board: the search valued no move yet."
    if len(values) == 1:
        return ("Not proven on this board: only the search's best move so far is marked; "
                "the other cells have no value.")
    return (f"Not proven on this board: the search valued {len(values)} of {playable} moves; "
            "the other cells have no value.")


#: Said when a player asks for a hint or the analysis in an online game (issue 29, item 10).
ONLINE_NO_HELP = "Hints and the analysis are off in online games: both sides play without the solver's help."
