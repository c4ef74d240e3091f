"""What changed in an online room between two of its states (who joined, left or came back, a
new game, a takeback, a rematch, the end), its status and its match score.

The online screen shows them one at a time and the online line client prints them all; each front
end only says how its player answers an offer (`Answers`: its own keys or commands).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.outcome import Outcome
from gridgames.play.narration.words import (
    WATCHING,
    game_over_line,
    game_over_refusal,
    new_game_sentence,
    not_your_turn,
    rematch_offered,
    takeback_asked,
    took_back,
)


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
            over = view.outcome is not None
            waits = "a rematch needs them back" if over else "the game waits for them to come back"
            news.append(f"{name} has disconnected; {waits}.")
        elif now.connected[other - 1] and not was.connected[other - 1]:
            news.append(f"{name} is back.")
    return news


def game_news(before: RoomView, view: RoomView) -> str | None:
    """A new game of the match, or a move taken back; None when neither happened."""
    if view.state.game != before.state.game:
        return new_game_sentence(view.state.game, view.entry.player(view.game.first_player))
    if len(view.state.moves) < len(before.state.moves):
        return took_back("the last move", view.entry.player(view.to_move))
    return None


def end_news(before: RoomView, view: RoomView) -> str | None:
    """The end of the game when it came without a move (a resignation), in the server's words."""
    if view.outcome is None or before.outcome is not None or view.state.game != before.state.game:
        return None
    return view.describe_outcome() if len(view.state.moves) == len(before.state.moves) else None


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
                news.append(takeback_asked(entry.player(3 - seat)))
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
            news.append(rematch_offered(entry.player(other)))
        if any(was.rematch) and not any(state.rematch):
            news.append("The rematch was declined.")
    return news


def room_news(before: RoomView, view: RoomView, seat: int, answers: Answers) -> list[str]:
    """Everything worth saying about the change from `before` to `view`, most pressing first."""
    changed = game_news(before, view) or end_news(before, view)
    return presence_news(before, view, seat) + ([changed] if changed else []) + offer_news(
        before, view, seat, answers
    )


def move_refusal(view: RoomView, seat: int, answers: Answers) -> str | None:
    """Why `seat` cannot move in the room now (watching, the game is over, the other's turn), or None."""
    if not seat:
        return WATCHING
    if view.outcome is not None:
        return game_over_refusal(view.entry.headline(view.outcome), answers.again)
    if view.to_move != seat:
        return not_your_turn(view.entry.player(view.to_move))
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
        parts.append(game_over_line(view.describe_outcome()))
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
