"""One room in the server's memory: the match, the game in play, its seats and who is watching.

The room is rebuilt from its stored row: from its snapshot (`from_snapshot`: the game's current
position and the few before it, each checked by the game, see `online.snapshot`), or, when that
is missing or damaged, by replaying every stored move through the engine (`from_row`), so a
damaged database cannot put an illegal position in play either way. A room loaded from its
snapshot holds its game from a later ply on (`base`), with the earlier moves as text (`before`).
Seat 1 is Player 1 and seat 2 Player 2 in every game of the match; a rematch swaps who moves first.

A room may have a clock (`engine.clock`), read on the server's time scale (`online.timesource`: wall
seconds, common to a cluster's servers), stored with every change (`stored_clock`) and shown in
`state` and `moved`. A room from the lobby names its players, one a seat, and may be rated.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from gridgames.engine.clock import LAG_CAP, Clock, TimeControl
from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.match import Match
from gridgames.engine.options import Options, parse_size
from gridgames.engine.outcome import Outcome
from gridgames.engine.roles import Starts
from gridgames.engine.snapshot import expected_to_move
from gridgames.games import get_entry, resolve_options
from gridgames.games.guard import GameFault, probe
from gridgames.online import snapshot as snapshots
from gridgames.online.history import Mark, first_mark, fold, play_on, rewound, up_to
from gridgames.online.protocol import Create, Moved, Result, State, moved_json
from gridgames.online.store import RoomRow, hash_secret

RESIGN_REASON = "{loser} resigned, so {winner} wins."
TIME_REASON = "{loser} ran out of time, so {winner} wins."


def outcome_from_result(result: dict[str, Any] | None) -> Outcome | None:
    """The stored result the rules did not decide: a resignation, or a loss on time."""
    if result is None:
        return None
    winner = result.get("winner")
    winner = winner if winner in (1, 2) else None
    if result.get("reason") == "time":
        return Outcome(winner, "time", TIME_REASON)
    return Outcome(winner, "resignation", RESIGN_REASON)


class RoomLock(asyncio.Lock):
    """asyncio's lock with its usual case written out: a free lock nobody waits for is taken, and a
    lock nobody waits for is let go, without `acquire`, `release` and its wake-up's calls (a room's
    lock is taken with every move, nearly always free). Anything else is asyncio's own code."""

    async def __aenter__(self) -> None:
        if not self._locked and not self._waiters:  # type: ignore[has-type]
            self._locked = True
            return
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        if self._locked and not self._waiters:
            self._locked = False
            return
        self.release()


def clock_text(clock: Clock | None) -> str | None:
    """A clock as stored: its reading at its own `since` (wall seconds), so any server reads it back."""
    if clock is None:
        return None
    return json.dumps({"clock": clock.to_json(clock.since), "at": clock.since}, separators=(",", ":"))


def clock_from(text: str | None) -> Clock | None:
    """A stored clock read back (None: none, or damaged: a room is never refused for its clock)."""
    if not text:
        return None
    try:
        data = json.loads(text)
        at = float(data["at"])
        return Clock.from_json(data["clock"], at)
    except (ValueError, TypeError, KeyError):
        return None


def replay(
    entry: Entry, options: Options, first_player: int, moves: tuple[str, ...], marks: list[Mark] | None = None
) -> tuple[Game, int]:
    """The game of `moves` replayed from its start (folded as it goes, `history`), and its base; the
    marks a takeback replays from appended to `marks` when given (the start's first)."""
    start = Game.new(entry, options, first_player=first_player)
    if marks is not None:
        marks.append(first_mark(start, 0))
    return play_on(start, 0, moves, marks)


def new_room_id() -> str:
    """128 random bits: a room's address cannot be guessed."""
    return secrets.token_urlsafe(16)


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def options_for(message: Create) -> tuple[Entry, Options]:
    """The game a `create` asks for, checked by the engine; raises GameError with one sentence, or
    GameFault when that game's code fails (`games.guard.probe`)."""
    entry = get_entry(message.variant)
    off = probe(entry)
    if off is not None:  # a game whose code fails gets no new rooms (the other games play on)
        raise GameFault(entry.id, off)
    rows, cols = parse_size(message.size)
    entry.check_size(rows, cols)
    return entry, Options(rows, cols, message.first, resolve_options(entry, message.options))


def new_row(message: Create, host_secret: str) -> RoomRow:
    """A fresh room for `message`, seat 1 held by `host_secret`; raises GameError for bad options."""
    entry, options = options_for(message)
    match = Match(entry, options, starts=Starts.ALTERNATE)
    first = options.resolve_first(random.SystemRandom())
    clock = None if message.clock is None else Clock.new(TimeControl.parse(message.clock))
    return RoomRow(
        id=new_room_id(), variant=entry.id, size=options.size, first=options.first,
        options=options.option_dict(), game_no=1, first_player=first, match=match.to_dict(), result=None,
        seats={1: hash_secret(host_secret)}, moves=(), clock=clock_text(clock),
    )


def lobby_row(message: Create, players: tuple[str, str], rated: bool, now: float) -> RoomRow:
    """A room for two players paired in the lobby: both seats taken (by their names: `Join.name`), the
    clock running at once for the player who moves first."""
    entry, options = options_for(message)
    match = Match(entry, options, starts=Starts.ALTERNATE)
    first = options.resolve_first(random.SystemRandom())
    clock = None if message.clock is None else Clock.new(TimeControl.parse(message.clock)).start(first, now)
    unknown = {seat: hash_secret(new_secret()) for seat in (1, 2)}  # seats open by name and key only
    return RoomRow(
        id=new_room_id(), variant=entry.id, size=options.size, first=options.first,
        options=options.option_dict(), game_no=1, first_player=first, match=match.to_dict(), result=None,
        seats=unknown, moves=(), clock=clock_text(clock), players=players, rated=rated,
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
    lock: asyncio.Lock = field(default_factory=lambda: RoomLock())
    seq: int = 0  # the stored room's change counter: a change is committed only at this number
    elsewhere: set[int] = field(default_factory=set)  # seats connected through other servers (a cluster)
    changed: float = field(default_factory=time.monotonic)  # when something last happened here
    base: int = 0  # the ply `game` starts at (a room loaded from its snapshot)
    before: tuple[str, ...] = ()  # the text of the moves before `base`
    unchecked: bool = True  # just loaded: a cluster's server reads it once more (`GameServer._enter`)
    clock: Clock | None = None  # on the server's time scale (`now`)
    players: tuple[str, str] | None = None  # named players (a room from the lobby)
    rated: bool = False
    shown: tuple[dict[str, Any] | None, dict[str, Any] | None] = (None, None)  # players as `state` shows them
    now: Callable[[], float] = time.time  # the server's time source (`online.timesource`)
    flag_timer: Any = None  # the timer that ends the game when the running player's time is up
    # where a takeback past the positions `game` holds replays from (`history.Mark`), in order of ply,
    # none after `base`; the first is fresh. Empty: a takeback replays from the start (`rewound`).
    marks: tuple[Mark, ...] = ()

    @classmethod
    def from_row(cls, row: RoomRow) -> Room:
        """The room with every stored move replayed; raises GameError when they do not replay (a
        damaged database). Milliseconds a move on a large board: never call it on the event loop."""
        entry = get_entry(row.variant)
        rows, cols = parse_size(row.size)
        options = Options(rows, cols, row.first, entry.resolve_options(row.options))
        marks: list[Mark] = []
        game, base = replay(entry, options, row.first_player, row.moves, marks)
        return cls._with(row, game, base, marks)

    @classmethod
    def from_snapshot(cls, row: RoomRow) -> Room:
        """The room from its snapshot, no move applied; raises GameError (a SnapshotError) when the
        snapshot is missing or fails a check (see `online.snapshot`)."""
        marks: list[Mark] = []
        game, base = snapshots.read(row, marks)
        return cls._with(row, game, base, marks)

    @classmethod
    def _with(cls, row: RoomRow, game: Game, base: int, marks: list[Mark]) -> Room:
        return cls(
            row.id, game.entry, game.options, Match.from_dict(row.match, get_entry), row.game_no, game,
            outcome_from_result(row.result), dict(row.seats), takeback_by=row.takeback_by,
            rematch=set(row.rematch), seq=row.seq, base=base, before=row.moves[:base],
            clock=clock_from(row.clock), players=row.players, rated=row.rated, marks=tuple(marks),
        )

    # -- the game ----------------------------------------------------------------------------
    @property
    def cells(self) -> int:
        """Cells on the room's board."""
        return self.options.rows * self.options.cols

    @property
    def outcome(self) -> Outcome | None:
        return self.resigned or self.game.outcome

    @property
    def ply(self) -> int:
        """Moves played in the current game."""
        return self.base + self.game.cursor  # the moves played: `game.played` without its copy

    def held(self) -> int:
        """About how many positions the room keeps in memory: one a move its game holds, one for each
        it counts, and those its marks counted (a mark's own position is one of a fold's, not counted)."""
        marked = sum(len(mark.counted or ()) for mark in self.marks)
        return len(self.game.moves) + len(self.game.prior) + marked

    def move_texts(self) -> tuple[str, ...]:
        """Every move of the current game, in the game's notation."""
        text = self.game.rules.format_move
        return self.before + tuple(text(move) for move in self.game.played)

    def last_move_text(self) -> str:
        """The current game's last move in its notation, "" before the first."""
        if self.game.played:
            return self.game.rules.format_move(self.game.played[-1])
        return self.before[-1] if self.before else ""

    def snapshot(self, game: Game | None = None, base: int | None = None) -> str | None:
        """What is stored with a change: the snapshot of `game` (from ply `base` on), by default the
        room's own; None when too long to store (the room then loads by replay)."""
        return self.snapshot_job(game, base)()

    def snapshot_job(
        self, game: Game | None = None, base: int | None = None, last: str | None = None
    ) -> Callable[[], str | None]:
        """Writing the snapshot of `game` (from ply `base` on), with what it needs of the room taken
        now: the server runs it on a thread (`Rooms.snapshot`) while the room may change. `last`:
        the last move's text when the caller has it already (the game's notation, not asked again)."""
        game = self.game if game is None else game
        base = self.base if base is None else base
        if last is None:
            last = game.rules.format_move(game.played[-1]) if game.played else (
                self.before[base - 1] if base else ""
            )
        return partial(snapshots.write, self.id, self.game_no, base, game, last)

    def cut_back(self, keep: int) -> tuple[Game, int] | None:
        """The game with its first `keep` moves only, and its base; None when `keep` lies before the
        positions in memory (then `rewound` rebuilds it, off the event loop)."""
        if keep < self.base:
            return None
        return self.game.goto(keep - self.base).truncated(), self.base

    def rewound(self, keep: int) -> tuple[Game, int, tuple[Mark, ...], int]:
        """The game's first `keep` moves, replayed from the last mark at or before them (from its start
        when there is none); its base, the room's marks that hold for it, and how many moves were
        replayed. Up to `history.MARK_EVERY` moves, the whole game without a mark: on the loader pool
        (`Rooms.replayed`)."""
        texts = self.before[:keep] if keep <= self.base else self.move_texts()[:keep]
        found = rewound(self.marks, keep, texts)
        if found is None:
            marks: list[Mark] = []
            game, base = replay(self.entry, self.options, self.game.first_player, texts, marks)
            return game, base, tuple(marks), keep
        return found

    def set_game(self, game: Game, base: int, marks: tuple[Mark, ...] | None = None) -> None:
        """Make `game` (from ply `base` on, at most the current base) the current game's history, with
        `marks` (`rewound`'s) or else the room's marks up to `base`, where the history is unchanged."""
        self.game, self.before, self.base = game, self.before[:base], base
        self.marks = up_to(self.marks, base) if marks is None else marks

    def start_game(self, game: Game) -> None:
        """Make `game`, a new game of the match, the current one."""
        self.game, self.before, self.base, self.marks = game, (), 0, (first_mark(game, 0),)

    def advance(self, game: Game) -> None:
        """Make `game`, the room's game with moves played on, the current one, folding its history
        once it is long (`fold`, which leaves a mark)."""
        marks: list[Mark] = []
        folded, base = fold(game, self.base, marks)
        if base != self.base:
            text = game.rules.format_move
            self.before += tuple(text(move) for move in game.played[: base - self.base])
            self.marks += tuple(marks)
        self.game, self.base = folded, base

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

    # -- the clock -----------------------------------------------------------------------------
    def flag_due(self) -> float | None:
        """When the server ends the game on time if nobody moves: the flag time plus the lag cap (a
        move arriving before then may still be in time once its reported round trip is allowed)."""
        if self.clock is None or self.outcome is not None:
            return None
        flag = self.clock.flag_time()
        return None if flag is None else flag + LAG_CAP

    def clock_view(self) -> dict[str, Any] | None:
        """The clock as `state` and `moved` show it, read now."""
        clock = self.clock
        if clock is None:
            return None
        now = self.now()
        return {
            "control": str(clock.control), "left": [clock.left(1, now), clock.left(2, now)],
            "running": clock.running,
        }

    def stored_clock(self) -> str | None:
        return clock_text(self.clock)

    def takeback_target(self, seat: int) -> int | None:
        """How many moves remain after taking back `seat`'s last move (and any reply), or None."""
        for ply in range(self.ply - 1, -1, -1):
            if expected_to_move(self.game.first_player, ply) == seat:  # players alternate, ply by ply
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

    def moved(self, last: str | None = None) -> Moved:
        """The game's last move, as the room's members are told of it (`last`: its text, when the
        caller has it already)."""
        return Moved(
            self.game_no, self.ply, self.last_move_text() if last is None else last,
            self.match.score, self.match.draws,
            self.clock_view(),
        )

    def moved_text(self, last: str, ply: int) -> str:
        """`moved(last).to_json()`, the message written from its template (`protocol.moved_json`; `ply`:
        the room's, read already)."""
        match = self.match
        return moved_json(self.game_no, ply, last, match.score, match.draws, self.clock_view())

    def state(self) -> State:
        outcome = self.outcome
        result = None if outcome is None else Result(outcome.winner, self.entry.describe(outcome))
        seated, connected = self.presence()
        return State(
            variant=self.entry.id, size=self.options.size, options=self.options.option_dict(),
            first=self.game.first_player, game=self.game_no,
            moves=self.move_texts(), result=result,
            seated=seated, connected=connected,
            takeback=self.takeback_by, rematch=(1 in self.rematch, 2 in self.rematch),
            score=self.match.score, draws=self.match.draws,
            clock=self.clock_view(), players=self.shown, rated=self.rated,
        )

