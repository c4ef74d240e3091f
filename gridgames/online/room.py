"""One room in the server's memory: the match, the game in play, its seats and who is watching.

The room is rebuilt from its stored row (`from_row`), replaying every stored move through the
engine, so a damaged database cannot put an illegal position in play. Seat 1 is Player 1 and
seat 2 Player 2 in every game of the match; a rematch swaps who moves first.
"""

from __future__ import annotations

import asyncio
import hmac
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.match import Match
from gridgames.engine.options import Options, parse_size
from gridgames.engine.outcome import Outcome
from gridgames.games import get_entry, no_adjacency_option
from gridgames.games.guard import GameFault, probe
from gridgames.online.protocol import Create, Moved, Result, State
from gridgames.online.store import RoomRow, hash_secret

RESIGN_REASON = "{loser} resigned, so {winner} wins."


def new_room_id() -> str:
    """128 random bits: a room's address cannot be guessed."""
    return secrets.token_urlsafe(16)


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def options_for(message: Create) -> tuple[Entry, Options]:
    """The game a `create` asks for, checked by the engine; raises GameError with one sentence, or
    GameFault when that game's code fails (`games.guard.probe`)."""
    from gridgames.engine.errors import OptionsError

    entry = get_entry(message.variant)
    off = probe(entry)
    if off is not None:  # a game whose code fails gets no new rooms (the other games play on)
        raise GameFault(entry.id, off)
    rows, cols = parse_size(message.size)
    if message.adjacency != "king" and not entry.has_adjacency_option:
        raise OptionsError(no_adjacency_option(entry))
    return entry, Options(rows, cols, message.first, message.adjacency)


def new_row(message: Create, host_secret: str) -> RoomRow:
    """A fresh room for `message`, seat 1 held by `host_secret`; raises GameError for bad options."""
    entry, options = options_for(message)
    match = Match(entry, options, starts="alternate")
    first = options.resolve_first(random.SystemRandom())
    return RoomRow(
        id=new_room_id(), variant=entry.id, size=options.size, first=options.first,
        adjacency=options.adjacency, game_no=1, first_player=first, match=match.to_dict(), result=None,
        seats={1: hash_secret(host_secret)}, moves=(),
    )


@dataclass(eq=False)
class Room:
    id: str
    entry: Entry
    options: Options
    match: Match
    game_no: int
    game: Game
    resigned: Outcome | None
    seats: dict[int, str]  # seat -> hash of its secret
    conns: set[Any] = field(default_factory=set)  # the server's connections in this room
    takeback_by: int | None = None
    rematch: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seq: int = 0  # the stored room's change counter: a change is committed only at this number
    elsewhere: set[int] = field(default_factory=set)  # seats connected through other servers (a cluster)
    changed: float = field(default_factory=time.monotonic)  # when something last happened here

    @classmethod
    def from_row(cls, row: RoomRow) -> Room:
        """Raises GameError when the stored room does not replay (a damaged database)."""
        entry = get_entry(row.variant)
        rows, cols = parse_size(row.size)
        options = Options(rows, cols, row.first, row.adjacency)
        game = Game.new(entry, options, first_player=row.first_player)
        for move in row.moves:
            game = game.play(move)
        resigned = None
        if row.result is not None:
            winner = row.result.get("winner")
            resigned = Outcome(winner if winner in (1, 2) else None, "resignation", RESIGN_REASON)
        return cls(row.id, entry, options, Match.from_dict(row.match, get_entry), row.game_no, game, resigned,
                   dict(row.seats), takeback_by=row.takeback_by, rematch=set(row.rematch), seq=row.seq)

    # -- the game ----------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        return self.resigned or self.game.outcome

    def seat_for(self, secret: str) -> int:
        """The seat whose secret this is (compared in constant time), or 0."""
        digest = hash_secret(secret)
        found = 0
        for seat, stored in self.seats.items():
            if hmac.compare_digest(digest, stored):
                found = seat
        return found

    def free_seat(self) -> int:
        return next((seat for seat in (1, 2) if seat not in self.seats), 0)

    def resign_outcome(self, seat: int) -> Outcome:
        return Outcome(3 - seat, "resignation", RESIGN_REASON)

    def takeback_target(self, seat: int) -> int | None:
        """How many moves remain after taking back `seat`'s last move (and any reply), or None."""
        for ply in range(len(self.game.played) - 1, -1, -1):
            if self.game.player_of_move(ply) == seat:
                return ply
        return None

    def next_game(self) -> Game:
        return Game.new(self.entry, self.options, first_player=self.match.next_first_player())

    # -- what clients see ----------------------------------------------------------------------
    def touch(self) -> None:
        self.changed = time.monotonic()

    def connected(self, seat: int) -> bool:
        return seat in self.elsewhere or any(conn.seat == seat for conn in self.conns)

    def watchers(self) -> int:
        return sum(1 for conn in self.conns if conn.seat == 0)

    def presence(self) -> tuple[tuple[bool, bool], tuple[bool, bool]]:
        """Which seats are taken and which are connected now (here, or through another server of a
        cluster): one pass over the connections."""
        seats_in = {conn.seat for conn in self.conns} | self.elsewhere
        return (1 in self.seats, 2 in self.seats), (1 in seats_in, 2 in seats_in)

    def moved(self) -> Moved:
        """The game's last move, as the room's members are told of it."""
        game = self.game
        return Moved(self.game_no, len(game.played), game.rules.format_move(game.played[-1]),
                     self.match.score, self.match.draws)

    def state(self) -> State:
        outcome = self.outcome
        result = None if outcome is None else Result(outcome.winner, self.entry.describe(outcome))
        seated, connected = self.presence()
        return State(
            variant=self.entry.id, size=self.options.size, adjacency=self.options.adjacency,
            first=self.game.first_player, game=self.game_no,
            moves=tuple(self.game.rules.format_move(move) for move in self.game.played), result=result,
            seated=seated, connected=connected,
            takeback=self.takeback_by, rematch=(1 in self.rematch, 2 in self.rematch),
            score=self.match.score, draws=self.match.draws,
        )

