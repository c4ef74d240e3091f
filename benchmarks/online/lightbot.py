"""A light load bot: one seat of a room, playing random legal moves, at a small cost per message.

The benches' bots stand in for people, so what they cost is not what is measured; yet on a small
machine they share the cores with the servers, and the first bots (`load.Bot`) parsed every frame
with the protocol's checks and followed the room as the app does (`follow.View`): about as much CPU
per move as a server. A `LightBot` reads only what it needs from the JSON (its own server, over
loopback: nothing hostile), keeps the game with the engine (moves are still played by the rules, so
its own moves are legal), and schedules its next move with a timer instead of a task, so that 3,000
bots run in one process. Its games use each game's own rules without the guard that checks every
answer of a game's code (`games.guard`): the server's rules are guarded and check every move anyway,
and the guard checked each legal move's cells for every move a bot chose; and a room's two bots, both
in this process, share the game each move leads to (`_PLAYED`). Also (issue 31: the bots share the
machine's two cores with the servers): a bot draws its move uniformly from the legal ones, as
`random.choice(game.legal_moves())` would, but in the domino games and Node Kayles from the game's masks,
building only the move drawn (`choose`); a `state` of the game it holds already is not replayed; its
`move` frame is written from a template (`move_frame`); an `ack` is told by its first bytes, not
decoded; and a frame is written by stepping aiohttp's send at once, which finishes unless the socket
is backed up (only then is the rest a task: `_send`). Same interface as `load.Bot` (`welcome`,
`read`, `act`, `stop`, `playing`).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Coroutine
from dataclasses import replace
from json.encoder import encode_basestring_ascii
from typing import Any, cast

import aiohttp

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.options import Options, parse_size
from gridgames.games import get_entry
from gridgames.games.domino.rules import DominoRules, domino_tops
from gridgames.games.guard import unwrapped
from gridgames.games.nodekayles.rules import NodeKaylesRules
from gridgames.games.walls.rules import WALL, WallsRules, WallsState
from gridgames.online import protocol as p

THINK = (0.5, 2.0)  # seconds a bot waits before moving, like a quick human
Key = tuple[str, int, int]  # room, game, ply


_ENTRIES: dict[str, Entry] = {}
#: a move the first of a room's two bots played, for the second to take (room, game, ply, move -> the
#: game after it): the engine plays each move once in this process, not once for each seat
_PLAYED: dict[tuple[str, int, int, str], Game] = {}
PLAYED_LIMIT = 20_000
ACK = '{"t":"ack"'  # how an `ack` frame starts (the protocol writes the kind first)
REMATCH = p.Rematch("offer").to_json()


def _unguarded(variant: str) -> Entry:
    """The game's entry with its own rules in place of the guarded ones (looked up once a game)."""
    entry = _ENTRIES.get(variant)
    if entry is None:
        guarded = get_entry(variant)
        entry = _ENTRIES[variant] = replace(guarded, rules=unwrapped(guarded.rules))
    return entry


def choose(game: Game, rng: random.Random) -> Move:
    """A legal move drawn uniformly, the game not over. In the domino games each place a domino fits is
    one bit of a mask (`domino_tops`, one mask a direction), in Node Kayles each free cell one bit of
    `free`, in walls each step (or placement) and each empty cell for a wall one bit of `steps` and
    `empty`, so the draw is the k-th of those bits and only the move drawn is built; other games (and a
    rule book that lists its moves another way) draw from the list of legal moves."""
    rules, state = game.rules, game.state
    lists = type(rules).legal_moves
    if lists is DominoRules.legal_moves:
        tops = [(domino_tops(state, upright), upright) for upright in rules.directions(state)]  # type: ignore[attr-defined, arg-type]
        k = rng.randrange(sum(mask.bit_count() for mask, _ in tops) or 1)
        for mask, upright in tops:
            if k < mask.bit_count():
                i = _kth_bit(mask, k)
                return Move((state.cell(i), state.cell(i + (state.cols if upright else 1))))
            k -= mask.bit_count()
    elif lists is NodeKaylesRules.legal_moves:
        free: int = state.free  # type: ignore[attr-defined]
        if free:
            return Move((state.cell(_kth_bit(free, rng.randrange(free.bit_count()))),))
    elif lists is WallsRules.legal_moves:
        walled = cast(WallsState, state)
        empty = walled.empty
        steps = empty if walled.in_setup else cast(WallsRules, rules).steps(walled)
        walls = 0 if walled.in_setup else empty  # a step (or a placement) first, then a wall, as listed
        if steps:
            k = rng.randrange(steps.bit_count() + walls.bit_count())
            if k < steps.bit_count():
                return Move((state.cell(_kth_bit(steps, k)),))
            return Move((state.cell(_kth_bit(walls, k - steps.bit_count())),), WALL)
    return rng.choice(game.legal_moves())


def _kth_bit(mask: int, k: int) -> int:
    """The index of the k-th lowest set bit of `mask` (k from 0)."""
    for _ in range(k):
        mask &= mask - 1  # the lowest set bit taken out
    return (mask & -mask).bit_length() - 1


def move_frame(ply: int, text: str) -> str:
    """`p.MoveMsg(ply, text).to_json()`, written from its template (the same text, a test checks)."""
    return f'{{"t":"move","ply":{ply},"move":{encode_basestring_ascii(text)},"lag":0}}'


async def _rest(step: Coroutine[Any, Any, None], waiting: Any) -> None:
    """A send that waited (its socket backed up), carried on as a task from where it stopped."""
    while True:
        if waiting is None:
            await asyncio.sleep(0)
        else:
            await asyncio.wait((waiting,))  # done; the send reads its result or error itself
        try:
            waiting = step.send(None)
        except StopIteration:
            return


class LightBot:
    """One seat: follows its room from `state` and `moved` frames, moves at random after a pause."""

    def __init__(
        self, ws: aiohttp.ClientWebSocketResponse[bool], rng: random.Random, rtts: list[tuple[float, float]],
        sent: dict[Key, tuple[float, int]] | None = None, arrivals: list[float] | None = None,
    ) -> None:
        self.ws, self.rng, self.rtts = ws, rng, rtts
        self.sent, self.arrivals = sent, arrivals  # across servers: when each move left, when it came
        self.seat = 0
        self.room = ""
        self.game: Game | None = None
        self.game_no = 0
        self.result = False  # the server says this game is over (a resignation, time, the rules)
        self.offered = False  # this seat offered the rematch
        self.sent_at: float | None = None
        self.mine: tuple[int, str, Move] | None = None  # the move this bot sent last: ply, text, itself
        self.playing = False
        self.timer: asyncio.TimerHandle | None = None
        self.sending: set[asyncio.Task[None]] = set()

    async def welcome(self) -> None:
        while True:
            frame = await self.ws.receive()
            if frame.type != aiohttp.WSMsgType.TEXT:
                raise SystemExit(f"The server closed a bot's connection before welcoming it ({frame.extra}).")
            data = json.loads(frame.data)
            if data["t"] == "error":
                raise SystemExit(f"The server refused a bot: {data['message']}")
            if data["t"] == "welcome":
                self.seat, self.room = data["seat"], data["room"]
                return

    async def read(self) -> None:
        """Handle frames until the connection closes."""
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            if frame.data.startswith(ACK):
                self.acked()
            else:
                self.heard(json.loads(frame.data))

    def acked(self) -> None:
        if self.sent_at is not None:
            now = time.perf_counter()
            self.rtts.append((now, now - self.sent_at))
            self.sent_at = None

    def heard(self, data: dict[str, Any]) -> None:
        kind = data["t"]
        if kind == "ack":
            self.acked()
        elif kind == "moved":
            self.moved(data)
            self.act_now()
        elif kind == "state":
            self.state(data)
            self.act_now()

    def state(self, data: dict[str, Any]) -> None:
        """The whole room: its game replayed by the engine (at the start and after a rematch), unless
        this bot holds that game already, to its last move (a state sent for a game's end or a rematch
        offer: replaying the whole game for each of those cost more than the moves themselves)."""
        game = self.game
        moves: list[str] = data["moves"]
        held = (game is not None and data["game"] == self.game_no and len(moves) == len(game.played)
                and (not moves or moves[-1] == game.rules.format_move(game.played[-1])))
        if not held or game is None:
            entry = _unguarded(data["variant"])
            rows, cols = parse_size(data["size"])
            options = Options(rows, cols, str(data["first"]), entry.resolve_options(data["options"]))
            game = Game.new(entry, options, first_player=data["first"])
            for move in moves:
                game = game.play(move)
        if data["game"] != self.game_no:
            self.offered = False
        self.game, self.game_no, self.result = game, data["game"], data["result"] is not None
        self.offered = self.offered and bool(data["rematch"][self.seat - 1])

    def moved(self, data: dict[str, Any]) -> None:
        game = self.game
        if game is None or data["game"] != self.game_no or data["ply"] != len(game.played) + 1:
            return  # another game's move, or one this bot already has: a `state` follows
        played = _PLAYED.pop((self.room, self.game_no, data["ply"], data["move"]), None)
        if played is not None and played.states[played.cursor - 1] == game.state:
            self.game = played  # the room's other bot, in this process, played it already
        else:
            mine = self.mine
            try:  # its own move comes back as sent: played as chosen, not parsed from its text again
                own = mine is not None and mine[:2] == (len(game.played), data["move"])
                self.game = game.play(mine[2] if own and mine is not None else data["move"])
            except GameError:
                return
            if len(_PLAYED) >= PLAYED_LIMIT:  # the other bots gone: forget what they never took
                _PLAYED.clear()
            _PLAYED[(self.room, self.game_no, data["ply"], data["move"])] = self.game
        self.mine = None
        key = (self.room, self.game_no, data["ply"] - 1)
        if self.sent is not None and key in self.sent:
            started, seat = self.sent[key]
            if seat != self.seat:  # the other bot's move, reaching this one
                del self.sent[key]
                if self.playing and self.arrivals is not None:
                    self.arrivals.append(time.perf_counter() - started)

    async def act(self) -> None:
        self.act_now()

    def act_now(self) -> None:
        game = self.game
        if not self.playing or game is None:
            return
        if self.result or game.outcome is not None:
            if not self.offered:  # play on: the next game starts when both offer
                self.offered = True
                self._send(REMATCH)
        elif game.state.to_move == self.seat and self.timer is None:
            self.timer = asyncio.get_running_loop().call_later(
                self.rng.uniform(*THINK), self._move, len(game.played)
            )

    def _move(self, ply: int) -> None:
        self.timer = None
        game = self.game
        if not self.playing or game is None or len(game.played) != ply or game.outcome is not None:
            self.act_now()  # the room went on meanwhile (another game): act on it as it is now
            return
        move = choose(game, self.rng)
        self.sent_at = time.perf_counter()
        if self.sent is not None:
            self.sent[(self.room, self.game_no, ply)] = (self.sent_at, self.seat)
        text = game.rules.format_move(move)
        self.mine = (ply, text, move)
        self._send(move_frame(ply, text))

    def _send(self, text: str) -> None:
        """Write the frame now: aiohttp's send returns at its first step unless the socket is backed up
        (a task for every send cost more than the write); one that waits goes on as a task."""
        step = self.ws.send_str(text)
        try:
            waiting = step.send(None)
        except StopIteration:
            return
        except ConnectionError:  # the connection is closing: its reader ends by itself
            return
        task = asyncio.ensure_future(_rest(step, waiting))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def stop(self) -> None:
        self.playing = False
        if self.timer is not None:
            self.timer.cancel()
        await self.ws.close()
