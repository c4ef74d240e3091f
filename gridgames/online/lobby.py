"""The lobby on a game server: players naming themselves, seeks, pairing, and the listing everyone sees.

A lobby connection opens with `lobby` (as a named player, or anonymously to look). Seeks live in the
store, so every server on one PostgreSQL sees the same ones; taking a seek is one delete that only one
taker wins (`store.take_seek`), and the room it starts has both seats taken by name. The servers tell
each other of a change with a lobby note (`store.notify_lobby`: "changed", or "paired SEEK ROOM NAME1
NAME2"); with SQLite the server tells itself.

The listing costs no work per move: it is rebuilt only when a note says the lobby changed (a seek, a
game starting or ending, a player arriving), at most once every `REBUILD_EVERY` seconds, and sent as
one text to every lobby connection.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from gridgames.engine.errors import GameError
from gridgames.engine.options import parse_size
from gridgames.games.guard import GameFault
from gridgames.online import protocol as p
from gridgames.online import ratings
from gridgames.online.frames import text_frame
from gridgames.online.limits import Bucket, Limits
from gridgames.online.players import PlayerRefused, fold, identify
from gridgames.online.room import clock_from, lobby_row, options_for
from gridgames.online.store.base import SeekRow

log = logging.getLogger("gridgames.online")

REBUILD_EVERY = 1.0  # seconds: the listing is rebuilt at most this often
SEEN_EVERY = 20.0  # seconds between a server's "these players are online here" writes
ONLINE_WINDOW = 45.0  # a player seen within this many seconds is listed as online
MAX_SEEKS_PER_PLAYER = 3
LISTED = {"seeks": 100, "games": 100, "players": 200}
SEEK_RATE, SEEK_BURST = 1.0, 5.0  # seeks a second per player and per address, and at once
NAME_RATE, NAME_BURST = 5 / 60, 5.0  # new names a second per address (five a minute), and at once
MAX_BUCKETS = 10_000  # addresses and players whose buckets are kept (the oldest are dropped beyond)
LAST_GAMES = 10
NEED_NAME = "Pick a name first (gridgames lobby --name NAME) to post or accept a seek."
#: A bot is marked as one when it claims its name (as lichess marks BOT accounts): a person's name stays one.
BOT_NEEDS_NAME = "The name {name} is a person's on this server, not a bot's: give the bot a name of its own."


class Lobby:
    """The lobby of one server: its store, its time source and its limits (the largest board)."""

    def __init__(self, store: Any, now: Callable[[], float], limits: Limits) -> None:
        self.store, self.now, self.limits = store, now, limits
        self.conns: set[Any] = set()
        self.text: str | None = None  # the listing as last sent, without `you`
        self.dirty = asyncio.Event()
        self._builder: asyncio.Task[None] | None = None
        self._seen: asyncio.Task[None] | None = None
        self.buckets: dict[str, Bucket] = {}
        self.builds = 0  # listings built so far (the bench and the tests count them)

    # -- running ---------------------------------------------------------------------------------
    def start(self) -> None:
        self.store.on_lobby(self.heard)
        loop = asyncio.get_running_loop()
        self._builder = loop.create_task(self._build_loop())
        self._seen = loop.create_task(self._seen_loop())

    def stop(self) -> None:
        for task in (self._builder, self._seen):
            if task is not None:
                task.cancel()

    async def tell(self, payload: str) -> None:
        """Tell every server's lobby (this one's too) of a change."""
        if self.store.shared:
            await self.store.notify_lobby(payload)
        else:
            await self.heard(payload)

    async def heard(self, payload: str) -> None:
        """A lobby note from any server: mark the listing stale; tell paired players here."""
        self.dirty.set()
        parts = payload.split(" ")
        if parts[0] == "paired" and len(parts) == 5:
            _, seek, room, first, second = parts
            for conn in list(self.conns):
                conn.seeks.discard(seek)  # taken: no longer one of its open seeks
                if conn.player in (first, second):
                    seat = 1 if conn.player == first else 2
                    await conn.send(p.Paired(room, seat, seek))

    async def _build_loop(self) -> None:
        while True:
            await self.dirty.wait()
            self.dirty.clear()
            try:
                await self.send_listing()
            except Exception:  # a failed build costs one listing, never the lobby
                log.exception("building the lobby's listing failed")
            await asyncio.sleep(REBUILD_EVERY)

    async def _seen_loop(self) -> None:
        while True:
            await asyncio.sleep(SEEN_EVERY)
            names = sorted({c.player for c in self.conns if c.player})
            try:
                await self.store.seen(names, self.now())
            except Exception:
                log.exception("marking the lobby's players as online failed")
            self.dirty.set()

    async def send_listing(self) -> None:
        listing = await self.build()
        self.builds += 1
        texts: dict[str | None, tuple[str, bytes]] = {}  # one text and frame for all who look without a name
        for conn in list(self.conns):
            found = texts.get(conn.player)
            if found is None:
                text = _with_you(listing, conn.player)
                found = texts[conn.player] = text, text_frame(text)
            if conn.write(found[1]):  # written at once, unless the socket is backed up or closing
                continue
            if conn.backlogged():  # it stopped reading: let go rather than hold up the others
                conn.hang_up()
            else:
                await conn.send_text(found[0])

    async def build(self) -> dict[str, Any]:
        """The listing as every lobby connection sees it (each gets its own `you`)."""
        now = self.now()
        seeks = await self.store.seeks(LISTED["seeks"])
        games = await self.store.lobby_games(LISTED["games"])
        online = await self.store.online(now - ONLINE_WINDOW, LISTED["players"])
        bots = {name for name, bot in online if bot}
        known: dict[tuple[str, str], dict[str, Any]] = {}

        async def view(name: str, variant: str) -> dict[str, Any]:
            if (name, variant) not in known:
                row = (await self.store.ratings(name)).get(variant)
                known[name, variant] = {"name": name, **ratings.shown(row, now), "bot": name in bots}
            return known[name, variant]

        listed_seeks = []
        for seek in seeks:
            shown = await view(seek.player, seek.variant)
            listed_seeks.append({
                "seek": seek.id, "player": seek.player, "rating": shown["rating"],
                "provisional": shown["provisional"], "bot": shown["bot"], "variant": seek.variant,
                "size": seek.size, "options": seek.options, "clock": seek.clock, "rated": seek.rated,
                "range": None if seek.low is None else [seek.low, seek.high],
            })
        listed_games = []
        for room, variant, size, clock, rated, players in games:
            clock_now = clock_from(clock)
            flag = None if clock_now is None else clock_now.flag_time()
            if flag is not None and flag < now:
                continue  # over on time: its server ends it (and the listing follows)
            listed_games.append({
                "room": room, "variant": variant, "size": size,
                "clock": None if clock_now is None else str(clock_now.control), "rated": rated,
                "players": [await view(name, variant) for name in players],
            })
        return {
            "seeks": listed_seeks, "games": listed_games,
            "players": [{"name": name, "bot": bot} for name, bot in online],
        }

    # -- connections -------------------------------------------------------------------------------
    def _allowed(self, key: str, rate: float, burst: float) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= MAX_BUCKETS:
                self.buckets.pop(next(iter(self.buckets)))
            bucket = self.buckets[key] = Bucket(rate, burst)
        return bucket.take()

    async def open(self, conn: Any, message: p.Lobby) -> None:
        if (message.name is None) != (message.key is None):
            await conn.send(p.Error("Give both a name and its key, or neither to look only."))
            return
        if message.name is not None and message.key is not None:
            known = await self.store.player(fold(message.name))
            if known is None and not self._allowed(f"name {conn.address}", NAME_RATE, NAME_BURST):
                await conn.send(p.Error("Too many new names from your address: wait a minute."))
                return
            try:
                conn.player = await identify(self.store, message.name, message.key, message.bot, self.now())
            except PlayerRefused as error:
                await conn.send(p.Error(str(error)))
                return
            if message.bot and known is not None and not known.bot:  # the mark is set once, with the name
                await conn.send(p.Error(BOT_NEEDS_NAME.format(name=known.name)))
                return
            conn.bot = message.bot or (known is not None and known.bot)
            await self.store.seen([conn.player], self.now())
        conn.in_lobby = True
        self.conns.add(conn)
        listing = await self.build()
        await conn.send_text(_with_you(listing, conn.player))
        if conn.player:
            await self.tell("changed")

    async def left(self, conn: Any) -> None:
        """A lobby connection closed: its seeks go with it."""
        self.conns.discard(conn)
        gone = [await self.store.take_seek(seek) for seek in list(conn.seeks)]
        conn.seeks.clear()
        if any(gone):
            await self.tell("changed")

    async def dispatch(self, conn: Any, message: p.Message, make_room: Callable[..., Awaitable[str]]) -> None:
        if isinstance(message, p.PlayerQuery):
            await conn.send(await self.profile(message.name))
            return
        if not conn.player:
            await conn.send(p.Error(NEED_NAME))
            return
        if isinstance(message, p.Seek):
            await self.seek(conn, message, make_room)
        elif isinstance(message, p.Cancel):
            if message.seek in conn.seeks:
                conn.seeks.discard(message.seek)
                await self.store.take_seek(message.seek)
                await self.tell("changed")
            else:
                await conn.send(p.Error("You have no open seek with that id."))
        elif isinstance(message, p.Accept):
            await self.accept(conn, message.seek, make_room)

    async def seek(self, conn: Any, message: p.Seek, make_room: Callable[..., Awaitable[str]]) -> None:
        if not (self._allowed(f"seek {conn.address}", SEEK_RATE, SEEK_BURST)
                and self._allowed(f"seek player {conn.player}", SEEK_RATE, SEEK_BURST)):
            await conn.send(p.Error("Too many seeks: wait a little."))
            return
        if len(conn.seeks) >= MAX_SEEKS_PER_PLAYER:
            await conn.send(p.Error(f"You may keep at most {MAX_SEEKS_PER_PLAYER} open seeks."))
            return
        try:
            refusal = self.limits.size_refusal(*parse_size(message.size))
            if refusal is not None:
                raise GameError(refusal)
            options_for(
                p.Create(p.VERSION, message.variant, message.size, "1", message.options, message.clock)
            )
        except (GameError, GameFault) as error:
            await conn.send(p.Error(str(error)))
            return
        low, high = message.range if message.range is not None else (None, None)
        mine = SeekRow(secrets.token_urlsafe(16), conn.player, message.variant, message.size,
                       dict(message.options), message.clock, message.rated, low, high, self.now())
        for other in await self.store.seeks(LISTED["seeks"]):
            if await self._compatible(mine, other):
                taken = await self.store.take_seek(other.id)
                if taken is not None:
                    await self._pair(taken, conn.player, make_room)
                    return
        await self.store.add_seek(mine)
        conn.seeks.add(mine.id)
        await conn.send(p.Seeking(mine.id))
        await self.tell("changed")

    async def _compatible(self, mine: SeekRow, other: SeekRow) -> bool:
        same = (other.player != mine.player and other.variant == mine.variant and other.size == mine.size
                and other.options == mine.options and other.clock == mine.clock
                and other.rated == mine.rated)
        if not same:
            return False
        return (await self._in_range(mine.player, other) and await self._in_range(other.player, mine))

    async def _in_range(self, name: str, seek: SeekRow) -> bool:
        """Whether `name`'s rating in the seek's game falls in the seek's range (if it has one)."""
        if seek.low is None or seek.high is None:
            return True
        rating = ratings.current((await self.store.ratings(name)).get(seek.variant), self.now()).rating
        return seek.low <= rating <= seek.high

    async def accept(self, conn: Any, seek_id: str, make_room: Callable[..., Awaitable[str]]) -> None:
        taken = await self.store.take_seek(seek_id)
        if taken is None:
            await conn.send(p.Error("That seek is no longer open."))
            return
        if taken.player == conn.player or not await self._in_range(conn.player, taken):
            await self.store.add_seek(taken)  # put back as it was
            why = ("You cannot accept your own seek." if taken.player == conn.player
                   else "Your rating is outside the range that seek asks for.")
            await conn.send(p.Error(why))
            return
        await self._pair(taken, conn.player, make_room)

    async def _pair(self, seek: SeekRow, taker: str, make_room: Callable[..., Awaitable[str]]) -> None:
        """Start the room for `seek` taken by `taker` (seats drawn at random) and tell both players."""
        players = (seek.player, taker) if random.SystemRandom().random() < 0.5 else (taker, seek.player)
        create = p.Create(p.VERSION, seek.variant, seek.size, "1", seek.options, seek.clock)
        row = lobby_row(create, players, seek.rated, self.now())
        room = await make_room(row)
        await self.tell(f"paired {seek.id} {room} {players[0]} {players[1]}")

    async def profile(self, name: str) -> p.Message:
        found = await self.store.player(fold(name))
        if found is None:
            return p.Error(f"No player is called {name} on this server.")
        now = self.now()
        last = await self.store.last_games(found.name, LAST_GAMES)  # before the ratings: committed with them
        stored = await self.store.ratings(found.name)
        shown = {
            variant: {
                **ratings.shown(row, now), "rd": round(ratings.current(row, now).rd, 1), "games": row.games,
            }
            for variant, row in sorted(stored.items())
        }
        games = []
        for game in last:
            seat = 1 if game["player1"] == found.name else 2
            before, after = game[f"before{seat}"], game[f"after{seat}"]
            winner = game["winner"]
            games.append({
                "room": game["room"], "variant": game["variant"], "opponent": game[f"player{3 - seat}"],
                "seat": seat, "result": "draw" if winner is None else ("win" if winner == seat else "loss"),
                "rated": bool(game["rated"]), "rating": None if after is None else round(after),
                "change": None if after is None else round(after - (1500.0 if before is None else before)),
                "ended": game["ended"],
            })
        return p.Profile(found.name, found.bot, shown, games)


def _with_you(listing: dict[str, Any], you: str | None) -> str:
    return p.Listing(you, listing["seeks"], listing["games"], listing["players"]).to_json()
