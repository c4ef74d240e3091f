"""A bot at an online table: the loop that plays one room's games for a built-in level or an engine.

`play_game` is the pure part: given a connected `Link` (its seat handed out) and a `BotSeat`, it
answers every position where the bot is to move and returns the game's result sentence. `run_bot`
plays game after game in one room (it offers a rematch after each). How the room is found (hosted,
joined, later paired through the lobby's seeks) is the caller's business (`commands.bot`).

In a room with a clock the server's reading decides (`server_clock`): an engine must answer before its
time there runs out, else the server ends the game on time. Without one, the bot keeps its own reading
of `control` (started when its turn comes, pressed when it moves) and resigns for a late engine. An
engine that answers garbage, crashes or stops gets one sentence and resigns; the server plays on.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from gridgames.engine.clock import Clock, TimeControl
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.online import protocol as p
from gridgames.online.client import Link, View
from gridgames.play.engine_protocol import EngineError, EngineProcess

Now = Callable[[], float]


class BotSeat(Protocol):
    """Who plays for the bot: `choose` returns a move (None resigns) or raises EngineError."""

    @property
    def label(self) -> str: ...

    async def choose(self, game: Game, clock: Clock | None, now: float) -> Move | None: ...

    def game_over(self) -> None: ...


@dataclass
class LevelSeat:
    """A built-in computer level (`--vs easy|medium|hard|perfect`)."""

    level: str
    rng: random.Random = field(default_factory=random.Random)

    @property
    def label(self) -> str:
        return f"the computer ({self.level})"

    async def choose(self, game: Game, clock: Clock | None, now: float) -> Move | None:
        from gridgames.play.computer import Computer

        seat = Computer(game.entry, self.level)
        seed = self.rng.random()
        return await asyncio.to_thread(seat.reply, game.state, random.Random(seed))

    def game_over(self) -> None:
        pass


class EngineSeat:
    """An engine program (`--engine CMD`): started for each game, always reaped when it ends."""

    def __init__(self, command: str) -> None:
        self.command = command
        self.engine: EngineProcess | None = None
        self.label = "the engine"

    async def choose(self, game: Game, clock: Clock | None, now: float) -> Move | None:
        if self.engine is None:
            self.engine = await asyncio.to_thread(EngineProcess, self.command)
            self.label = f"the engine {self.engine.label}"
            await asyncio.to_thread(self.engine.start, game)
        return await asyncio.to_thread(self.engine.choose, game, clock, now)

    def game_over(self) -> None:
        engine, self.engine = self.engine, None
        if engine is not None:
            engine.close()


@dataclass(frozen=True)
class Played:
    """A game the bot played: its number in the room's match, its result sentence, and whether the
    room was left instead (closed, or the server unreachable)."""

    game: int
    result: str
    left: bool = False


async def play_game(
    link: Link,
    seat: BotSeat,
    say: Callable[[str], None],
    control: TimeControl | None = None,
    now: Now = time.monotonic,
    after: int = 0,
) -> Played:
    """Play the room's game for `seat` (the first game of the match numbered above `after`) until it
    ends: its number and result sentence (or why the room was left: closed, unreachable)."""
    clock = Clock.new(control) if control is not None else None
    asked: int | None = None  # the ply the bot last answered
    try:
        while True:
            event = await link.events.get()
            if event.kind in ("closed", "gave_up"):
                gone = f"The room closed: {event.value}" if event.kind == "closed" else "The server is gone."
                return Played(after, gone, left=True)
            if event.kind == "error":
                say(f"The server said: {event.value}")
                continue
            if event.kind != "state":
                continue
            view: View = event.value
            if view.state.game <= after:
                continue  # a game already played (the room's state before the rematch)
            if view.outcome is not None:
                return Played(view.state.game, view.describe_outcome())
            ply = len(view.game.played)
            if view.to_move != link.seat or not all(view.state.seated) or asked == ply:
                continue
            asked = ply
            if clock is not None:
                clock = clock.start(view.to_move, now())
            served = server_clock(view, now())  # the server's clock, when the room has one, decides
            if served is not None and served.running is None:  # (not started yet: the bot's time runs now)
                served = served.start(view.to_move, now())
            message = await _answer(seat, view, served or clock, now, say, served is not None)
            if clock is not None and isinstance(message, p.MoveMsg):
                clock = clock.press(now())
            if message is not None:
                await link.send(message)
    finally:
        await asyncio.to_thread(seat.game_over)


def server_clock(view: View, now: float) -> Clock | None:
    """The room's clock as the server last sent it, read from `now` on (None: the room has none)."""
    data = view.state.clock
    if not data:
        return None
    try:
        control = TimeControl.parse(str(data["control"]))
        left = (float(data["left"][0]), float(data["left"][1]))
    except (GameError, KeyError, IndexError, TypeError, ValueError):
        return None
    running = data.get("running")
    return Clock(control, left, running=running if running in (1, 2) else None, since=now)


async def _answer(
    seat: BotSeat, view: View, clock: Clock | None, now: Now, say: Callable[[str], None], served: bool
) -> p.Message | None:
    """The bot's move, or a resignation (with one sentence) when it fails or gives up. An engine that
    ran past its time on the server's clock sends nothing: the server ends the game on time."""
    try:
        move = await seat.choose(view.game, clock, now())
    except EngineError as error:
        late = clock is not None and clock.flagged(now()) is not None
        say(f"{error} {'It ran out of time, so it' if late else 'It'} loses this game.")
        return None if late and served else p.Resign()
    if move is None:
        say(f"{seat.label.capitalize()} resigned.")
        return p.Resign()
    return p.MoveMsg(len(view.game.played), view.game.entry.format_move(move))


async def run_bot(
    link: Link,
    seat: BotSeat,
    say: Callable[[str], None],
    control: TimeControl | None = None,
    games: int | None = None,
    now: Now = time.monotonic,
) -> int:
    """Play `games` games in the room (None: until the room closes), offering a rematch after each;
    how many games were finished."""
    finished, last = 0, 0
    while games is None or finished < games:
        played = await play_game(link, seat, say, control, now, after=last)
        say(played.result)
        if played.left:
            break
        finished, last = finished + 1, played.game
        if games is None or finished < games:
            await link.send(p.Rematch("offer"))
    return finished
