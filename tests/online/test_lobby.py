"""Players, seeks, ratings and the lobby (issue 31): names proved by a client-made key, seeks accepted or
paired at once, rated games rated by the server alone (Glicko-2 from the ratings before the game), casual
and aborted games not rated, and all of it across two servers sharing a throwaway PostgreSQL. Time is the
test's (`ManualTime`); the network is loopback; every wait has a deadline."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import aiohttp
import pytest

from gridgames.engine.glicko2 import Rating, idle, rate
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.players import new_key
from gridgames.online.ratings import IDLE_PERIOD
from gridgames.online.timesource import ManualTime

from .test_untrusted import WAIT, Client

pytestmark = pytest.mark.asyncio


@contextlib.asynccontextmanager
async def servers(*dbs: object, time: ManualTime) -> AsyncIterator[list[str]]:
    started = [await server.start("127.0.0.1", 0, db, time_source=time) for db in dbs]  # type: ignore[arg-type]
    try:
        yield [f"ws://127.0.0.1:{running.port}" for running in started]
    finally:
        for running in started:
            await running.stop()


class Player:
    """A scripted person: a lobby connection under a name and key, and a room connection once paired."""

    def __init__(self, session: aiohttp.ClientSession, url: str, name: str, key: str | None = None) -> None:
        self.session, self.url, self.name, self.key = session, url, name, key or new_key()
        self.lobby = Client(session, url)
        self.room: Client | None = None
        self.seat = 0

    async def __aenter__(self) -> Player:
        await self.lobby.__aenter__()
        await self.lobby.send(p.Lobby(p.VERSION, self.name, self.key))
        listing = await self.lobby.next((p.Listing, p.Error))
        assert isinstance(listing, p.Listing) and listing.you == self.name, listing
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.room is not None:
            await self.room.__aexit__()
        await self.lobby.__aexit__()

    async def paired(self) -> p.Paired:
        paired = await self.lobby.next(p.Paired)
        assert isinstance(paired, p.Paired)
        self.seat = paired.seat
        self.room = Client(self.session, self.url)
        await self.room.__aenter__()
        await self.room.send(p.Join(p.VERSION, paired.room, name=self.name, key=self.key))
        welcome = await self.room.next((p.Welcome, p.Error))
        assert isinstance(welcome, p.Welcome) and welcome.seat == paired.seat, welcome
        state = await self.room.next(p.State)
        assert isinstance(state, p.State) and state.players[paired.seat - 1] is not None
        assert state.players[paired.seat - 1]["name"] == self.name  # the room shows who sits where
        return paired

    async def profile(self, name: str, games: int = 0) -> p.Profile:
        """`name`'s profile once it lists `games` games (another server of a cluster may tell of a
        result a moment before the server that decided it has recorded the ratings)."""
        deadline = asyncio.get_running_loop().time() + WAIT
        while True:
            await self.lobby.send(p.PlayerQuery(name))
            found = await self.lobby.next(p.Profile)
            assert isinstance(found, p.Profile)
            if len(found.games) >= games or asyncio.get_running_loop().time() > deadline:
                return found
            await asyncio.sleep(0.02)


async def _seek_and_accept(one: Player, two: Player, rated: bool = True, clock: str | None = "1+0") -> None:
    await one.lobby.send(p.Seek("rowcol", "3x3", {}, clock, rated))
    seek = (await one.lobby.next(p.Seeking)).seek  # type: ignore[attr-defined]
    await two.lobby.send(p.Accept(seek))
    await one.paired()
    await two.paired()


def _by_seat(one: Player, two: Player) -> tuple[Player, Player]:
    return (one, two) if one.seat == 1 else (two, one)


async def _both_move_then_first_resigns(one: Player, two: Player) -> Player:
    """Player 1 (who moves first) plays B2, Player 2 plays B1, Player 1 resigns: Player 2 wins."""
    first, second = _by_seat(one, two)
    assert first.room is not None and second.room is not None
    await first.room.send(p.MoveMsg(0, "B2"))
    await second.room.next(p.Moved)  # as a client does, each moves once it has seen the other's move
    await second.room.send(p.MoveMsg(1, "B1"))
    await second.room.next(p.Ack)
    while (await first.room.next(p.Moved)).ply < 2:  # type: ignore[attr-defined]
        pass
    await first.room.send(p.Resign())
    state = await second.room.next(p.State)
    while state.result is None:  # type: ignore[attr-defined]
        state = await second.room.next(p.State)
    assert state.result.winner == 2  # type: ignore[attr-defined]
    return second


async def _rated_game(urls: list[str], time: ManualTime) -> None:
    async with aiohttp.ClientSession() as session, Player(session, urls[0], "Alice") as alice, \
            Player(session, urls[-1], "Bobby") as bobby:
        await _seek_and_accept(alice, bobby)
        winner = await _both_move_then_first_resigns(alice, bobby)
        loser = bobby if winner is alice else alice
        expected_win = rate(Rating(), [(Rating(), 1.0)])
        expected_loss = rate(Rating(), [(Rating(), 0.0)])
        won, lost = await alice.profile(winner.name, 1), await alice.profile(loser.name, 1)
        assert won.ratings["rowcol"]["rating"] == round(expected_win.rating)
        assert won.ratings["rowcol"]["rd"] == round(expected_win.rd, 1)
        assert lost.ratings["rowcol"]["rating"] == round(expected_loss.rating)
        assert won.ratings["rowcol"]["provisional"] and won.ratings["rowcol"]["games"] == 1
        assert won.games[0]["result"] == "win" and won.games[0]["rated"]
        assert won.games[0]["opponent"] == loser.name
        assert lost.games[0]["change"] == round(expected_loss.rating - 1500)
        # a day later the next rated game starts from those ratings, each deviation grown by one idle period
        time.advance(IDLE_PERIOD)
        await _seek_and_accept(winner, loser)
        again = await _both_move_then_first_resigns(winner, loser)
        other = loser if again is winner else winner
        before = {winner.name: idle(expected_win), loser.name: idle(expected_loss)}
        mine, theirs = before[again.name], before[other.name]
        expected = ((again.name, rate(mine, [(theirs, 1.0)])), (other.name, rate(theirs, [(mine, 0.0)])))
        for name, after in expected:
            profile = await alice.profile(name, 2)
            assert profile.ratings["rowcol"]["rating"] == round(after.rating)
            assert profile.ratings["rowcol"]["rd"] == round(after.rd, 1)
            assert profile.ratings["rowcol"]["games"] == 2


async def test_a_rated_game_through_the_lobby_is_rated_by_glicko2_on_one_sqlite_server(tmp_path):
    time = ManualTime()
    async with servers(tmp_path / "rooms.sqlite", time=time) as urls:
        await _rated_game(urls, time)


async def test_a_rated_game_across_two_servers_sharing_postgresql(pg_url):
    time = ManualTime()
    async with servers(pg_url, pg_url, time=time) as urls:
        await _rated_game(urls, time)


async def test_casual_and_aborted_games_change_no_rating(tmp_path):
    async with servers(tmp_path / "rooms.sqlite", time=ManualTime()) as urls, \
            aiohttp.ClientSession() as session, \
            Player(session, urls[0], "Carol") as carol, Player(session, urls[0], "Dave1") as dave:
        await _seek_and_accept(carol, dave, rated=False)
        await _both_move_then_first_resigns(carol, dave)
        first, _ = _by_seat(carol, dave)
        profile = await carol.profile(first.name)
        assert profile.ratings == {} and profile.games[0]["rated"] is False
        await _seek_and_accept(carol, dave, rated=True)
        first, second = _by_seat(carol, dave)
        assert first.room is not None
        await first.room.send(p.Resign())  # before either side moved: aborted
        await first.room.next(p.State)
        profile = await carol.profile(second.name)
        assert profile.ratings == {} and len(profile.games) == 1


async def test_a_player_who_never_moves_in_a_rated_game_loses_on_time(tmp_path):
    time = ManualTime()
    async with servers(tmp_path / "rooms.sqlite", time=time) as urls, \
            aiohttp.ClientSession() as session, \
            Player(session, urls[0], "Erin1") as erin, Player(session, urls[0], "Frank") as frank:
        await _seek_and_accept(erin, frank, clock="0.5+0")
        first, second = _by_seat(erin, frank)
        assert second.room is not None
        time.advance(30.0 + 0.5)  # the base time and the lag cap
        state = await second.room.next(p.State)
        while state.result is None:  # type: ignore[attr-defined]
            state = await second.room.next(p.State)
        assert state.result.winner == 2 and "ran out of time" in state.result.reason  # type: ignore[attr-defined]
        profile = await erin.profile(first.name)
        assert profile.games[0]["result"] == "loss"
        assert profile.ratings["rowcol"]["rating"] == round(rate(Rating(), [(Rating(), 0.0)]).rating)


async def test_names_are_proved_by_their_key_and_unique_without_look_alikes(tmp_path):
    async with servers(tmp_path / "rooms.sqlite", time=ManualTime()) as urls, \
            aiohttp.ClientSession() as session:
        key = new_key()
        async with Player(session, urls[0], "Grace", key):
            pass
        async with Player(session, urls[0], "Grace", key):  # the same key opens it again
            pass
        for name, why in (("Grace", "belongs to another key"), ("GRACE", "taken"), ("Hal01", None)):
            async with Client(session, urls[0]) as other:
                await other.send(p.Lobby(p.VERSION, name, new_key()))
                answer = await other.next((p.Listing, p.Error))
                if why is None:
                    assert isinstance(answer, p.Listing)
                else:
                    assert isinstance(answer, p.Error) and why in answer.message
        async with Client(session, urls[0]) as other:  # 0/o and 1/l read alike
            assert "taken" in await other.refused(p.Lobby(p.VERSION, "HalOl", new_key()))
        async with Client(session, urls[0]) as other:
            assert "malformed" in await other.refused('{"t":"lobby","v":3,"name":"bad\\u0007name","key":"x"}')


async def test_no_one_sits_on_both_sides_and_seeks_are_bounded(tmp_path):
    async with servers(tmp_path / "rooms.sqlite", time=ManualTime()) as urls, \
            aiohttp.ClientSession() as session, \
            Player(session, urls[0], "Ivan1") as ivan, Player(session, urls[0], "Judy1") as judy:
        await ivan.lobby.send(p.Seek("rowcol", "3x3", {}, None, True))
        seek = (await ivan.lobby.next(p.Seeking)).seek  # type: ignore[attr-defined]
        assert "your own seek" in await ivan.lobby.refused(p.Accept(seek))
        for size in ("4x4", "5x5"):
            await ivan.lobby.send(p.Seek("rowcol", size, {}, None, True))
            await ivan.lobby.next(p.Seeking)
        assert "at most 3" in await ivan.lobby.refused(p.Seek("rowcol", "6x6", {}, None, True))
        # nothing a client sends carries a rating or a result
        assert "unexpected fields" in await judy.lobby.refused(
            '{"t":"seek","variant":"rowcol","size":"3x3","rated":true,"rating":3000}'
        )
        assert "unknown type" in await judy.lobby.refused('{"t":"profile","name":"Judy1","bot":false}')
        assert "size" in (await judy.lobby.refused(p.Seek("rowcol", "40x40", {}, None, True))).lower()
        async with Client(session, urls[0]) as anonymous:
            await anonymous.send(p.Lobby(p.VERSION))
            listing = await anonymous.next(p.Listing)
            assert len(listing.seeks) == 3 and listing.you is None  # type: ignore[attr-defined]
            assert "Pick a name" in await anonymous.refused(p.Accept(seek))
        await judy.lobby.send(p.Accept(seek))
        paired = await ivan.paired()
        await judy.paired()
        async with Client(session, urls[0]) as thief:  # Ivan's key cannot open Judy's seat
            await thief.send(p.Join(p.VERSION, paired.room, name="Judy1", key=ivan.key))
            assert "another key" in (await thief.next(p.Error)).message  # type: ignore[attr-defined]


async def test_quick_pairing_and_the_listing(tmp_path):
    async with servers(tmp_path / "rooms.sqlite", time=ManualTime()) as urls, \
            aiohttp.ClientSession() as session, \
            Player(session, urls[0], "Kate1") as kate, Player(session, urls[0], "Liam1") as liam:
        await kate.lobby.send(p.Seek("rowcol", "3x3", {}, "3+2", True))
        await kate.lobby.next(p.Seeking)
        await liam.lobby.send(p.Seek("rowcol", "3x3", {}, "3+2", True, (1000, 2000)))  # paired at once
        await kate.paired()
        await liam.paired()
        listing = await kate.lobby.next(p.Listing)
        while not listing.games:  # type: ignore[attr-defined]
            listing = await kate.lobby.next(p.Listing)
        game = listing.games[0]  # type: ignore[attr-defined]
        assert game["clock"] == "3+2" and game["rated"]
        assert {pl["name"] for pl in game["players"]} == {"Kate1", "Liam1"}
        assert {pl["name"] for pl in listing.players} >= {"Kate1", "Liam1"}  # type: ignore[attr-defined]
        assert listing.seeks == []  # type: ignore[attr-defined]


async def test_moves_cost_the_lobby_nothing(tmp_path):
    """The listing is rebuilt for seeks, games starting or ending and players, never for a move."""
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=ManualTime())
    url = f"ws://127.0.0.1:{running.port}"
    lobby = running.server.lobby
    try:
        async with aiohttp.ClientSession() as session, Player(session, url, "Mona1") as mona, \
                Player(session, url, "Nick1") as nick:
            await _seek_and_accept(mona, nick)
            first, second = _by_seat(mona, nick)
            assert first.room is not None and second.room is not None
            while lobby.dirty.is_set():  # the pairing's rebuild, awaited
                await asyncio.sleep(0.01)
            builds = lobby.builds
            await first.room.send(p.MoveMsg(0, "B2"))
            await second.room.next(p.Moved)
            await second.room.send(p.MoveMsg(1, "B1"))
            await first.room.next(p.Moved)
            assert not lobby.dirty.is_set() and lobby.builds == builds
    finally:
        await running.stop()


async def test_a_game_nobody_joined_ends_on_time_though_no_server_holds_it(tmp_path):
    time = ManualTime()
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=time)
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Player(session, url, "Olga1") as olga, \
                Player(session, url, "Pete1") as pete:
            await olga.lobby.send(p.Seek("rowcol", "3x3", {}, "0.5+0", True))
            seek = (await olga.lobby.next(p.Seeking)).seek  # type: ignore[attr-defined]
            await pete.lobby.send(p.Accept(seek))
            paired = await olga.lobby.next(p.Paired)  # neither joins the room
            assert await running.server.sweep_flags() == 0  # time is not up yet
            time.advance(30.5)
            assert await running.server.sweep_flags() == 1
            first = "Olga1" if paired.seat == 1 else "Pete1"  # type: ignore[attr-defined]
            profile = await olga.profile(first, 1)
            assert profile.games[0]["result"] == "loss" and profile.ratings["rowcol"]["games"] == 1
            assert await running.server.sweep_flags() == 0  # ended once
    finally:
        await running.stop()
