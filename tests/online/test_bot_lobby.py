"""Bots in the lobby (issue 31): two easy bots (`gridgames bot --vs easy`) meet in a server's lobby, pair
through quick pairing and play rated games one after another, on one SQLite server and on two servers
sharing a throwaway PostgreSQL. Each result and both new ratings are Glicko-2 (`engine.glicko2.rate`)
applied to the players' ratings before that game; the players are marked as bots in the lobby. The
servers' time is the test's (`ManualTime`, standing still: no clock runs out); the network is loopback;
every wait has a deadline."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from gridgames.cli import main
from gridgames.engine.clock import TimeControl
from gridgames.engine.glicko2 import rate
from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.bot import LevelSeat
from gridgames.online.botlobby import NameRefused, Wants, play_lobby, play_room
from gridgames.online.identity import key_for
from gridgames.online.players import new_key
from gridgames.online.ratings import current, score
from gridgames.online.store.base import RatingRow
from gridgames.online.timesource import ManualTime
from tests.waiting import WAIT

from .test_lobby import Player
from .test_untrusted import Client

pytestmark = pytest.mark.asyncio


@pytest.fixture
def time() -> ManualTime:
    return ManualTime()


@contextlib.asynccontextmanager
async def _servers(dbs: list[Any], time: ManualTime) -> AsyncIterator[list[Any]]:
    started = [await server.start("127.0.0.1", 0, db, time_source=time) for db in dbs]
    try:
        yield started
    finally:
        for running in started:
            await running.stop()


async def _two_bots(tmp_path: Path, urls: tuple[str, str], games: int) -> dict[str, str]:
    """Two easy bots (what `gridgames bot --vs easy` plays), one on each URL, keys in the data folder,
    play `games` rated games paired through the lobby: what each said."""
    wants = Wants(("cram", "domineering"), TimeControl.parse("3+2"), rated=True)
    said: dict[str, list[str]] = {"AdaBot": [], "BobBot": []}
    played = await asyncio.wait_for(asyncio.gather(*(
        play_lobby(url, name, key_for(url, name, tmp_path), LevelSeat("easy"), wants, said[name].append,
                   games)
        for url, name in zip(urls, said, strict=True)
    )), WAIT)
    assert played == [games, games], said
    return {name: "\n".join(lines) for name, lines in said.items()}


def _results(said: str) -> dict[str, tuple[int, str]]:
    """What a bot printed: for each room it was paired into, its seat and the result it printed next (a
    refused seek, which the bot posts again later, may be printed between the two)."""
    lines = [line for line in said.strip().splitlines() if not line.startswith("The server refused a seek")]
    found = {}
    for line, after in zip(lines, [*lines[1:], ""], strict=True):
        paired = re.fullmatch(r"Paired: room (\S+), Player ([12])\.", line)
        if paired:
            found[paired.group(1)] = (int(paired.group(2)), after)
    return found


async def _check_games(store: Any, said: dict[str, str], games: int) -> None:
    """The recorded games: rated, between the two bots, each result as both bots printed it, and the
    ratings after each are Glicko-2 applied to the ratings before it (the first from scratch)."""
    played = [g for g in await store.last_games("AdaBot", 10) if {g["player1"], g["player2"]} == set(said)]
    assert len(played) == games and all(g["rated"] for g in played)
    for game in played:  # both printed the result the server recorded (the winner is named last)
        entry = get_entry(game["variant"])
        sentences = set()
        for name, text in said.items():
            seat, sentence = _results(text)[game["room"]]
            assert game[f"player{seat}"] == name
            sentences.add(sentence)
        (sentence,) = sentences
        last = max((1, 2), key=lambda seat: sentence.rfind(entry.player(seat)))
        assert sentence.endswith("wins.") and last == game["winner"], sentence
    rows: dict[tuple[str, str], RatingRow] = {}  # (player, game): the rating as Glicko-2 leaves it

    def before(game: dict[str, Any]) -> list[RatingRow | None]:
        return [rows.get((game[f"player{seat}"], game["variant"])) for seat in (1, 2)]

    for _ in range(games):  # in the order played: the one whose ratings before are those the last left
        game = next(g for g in played if [g["before1"], g["before2"]] == [
            None if row is None else row.rating for row in before(g)
        ])
        played.remove(game)
        old = before(game)
        one, two = current(old[0], game["ended"]), current(old[1], game["ended"])
        after = (rate(one, [(two, score(game["winner"], 1))]), rate(two, [(one, score(game["winner"], 2))]))
        assert (game["after1"], game["after2"]) == (after[0].rating, after[1].rating)
        for seat, new, was in zip((1, 2), after, old, strict=True):
            rows[game[f"player{seat}"], game["variant"]] = RatingRow(
                new.rating, new.rd, new.volatility, (was.games if was else 0) + 1, game["ended"]
            )
    for (name, variant), row in rows.items():  # rating, deviation, volatility, games: exactly Glicko-2's
        assert (await store.ratings(name))[variant] == row


async def test_two_bots_pair_in_the_lobby_and_play_rated_games_on_one_sqlite_server(tmp_path, time, capsys):
    async with _servers([tmp_path / "rooms.sqlite"], time) as (running,):
        url = f"ws://127.0.0.1:{running.port}"
        said = await _two_bots(tmp_path, (url, url), games=2)
        await _check_games(running.server.store, said, games=2)
        # both are marked as bots in `gridgames lobby --json`, as players online and in their profiles
        assert await asyncio.to_thread(main, ["lobby", "--server", url, "--json"]) == 0
        listing = json.loads(capsys.readouterr().out)
        assert {(pl["name"], pl["bot"]) for pl in listing["players"]} >= {("AdaBot", True), ("BobBot", True)}
        assert await asyncio.to_thread(main, ["lobby", "--server", url, "--player", "AdaBot"]) == 0
        assert capsys.readouterr().out.startswith("AdaBot (bot)\n")


async def test_two_bots_on_two_servers_sharing_postgresql_play_a_rated_game(pg_url, tmp_path, time):
    async with _servers([pg_url, pg_url], time) as started:
        urls = (f"ws://127.0.0.1:{started[0].port}", f"ws://127.0.0.1:{started[1].port}")
        said = await _two_bots(tmp_path, urls, games=1)
        await _check_games(started[0].server.store, said, games=1)


async def test_a_bot_cannot_take_a_persons_name(tmp_path, time):
    async with _servers([tmp_path / "rooms.sqlite"], time) as (running,):
        url = f"ws://127.0.0.1:{running.port}"
        key = new_key()
        async with aiohttp.ClientSession() as session:
            async with Client(session, url) as person:
                await person.send(p.Lobby(p.VERSION, "Carla", key))
                assert isinstance(await person.next((p.Listing, p.Error)), p.Listing)
            async with Client(session, url) as bot:
                refusal = await bot.refused(p.Lobby(p.VERSION, "Carla", key, bot=True))
                assert "a person's" in refusal
        wants = Wants(("cram",), None, rated=False)
        with pytest.raises(NameRefused, match="refused the bot: The name Carla is a person's"):
            await play_lobby(url, "Carla", key, LevelSeat("easy"), wants, print, games=1)


async def test_a_bot_accepts_a_persons_open_seek_of_another_size(tmp_path, time):
    """The bot's own seeks are 5x5; it takes a person's 4x4 seek from the listing (no quick pairing can)."""
    async with _servers([tmp_path / "rooms.sqlite"], time) as (running,), aiohttp.ClientSession() as session:
        url = f"ws://127.0.0.1:{running.port}"
        async with Player(session, url, "Carla") as carla:
            await carla.lobby.send(p.Seek("cram", "4x4", {}, "3+2", True))
            seek = (await carla.lobby.next(p.Seeking)).seek  # type: ignore[attr-defined]
            said: list[str] = []
            wants = Wants(("cram",), TimeControl.parse("3+2"), rated=True)
            bot = asyncio.create_task(play_lobby(url, "AdaBot", key_for(url, "AdaBot", tmp_path),
                                                 LevelSeat("easy"), wants, said.append, games=1))
            paired = await carla.paired()
            assert paired.seek == seek
            assert carla.room is not None
            await carla.room.send(p.Resign())  # before either side moved: aborted, and the bot goes on
            assert await asyncio.wait_for(bot, WAIT) == 1
            assert f"Paired: room {paired.room}, Player {3 - paired.seat}." in said


async def test_a_crossed_pairing_is_resigned_before_any_move_and_rates_nobody(tmp_path, time):
    """A person accepts both of a bot's open seeks at once: the bot plays the first game and resigns the
    second before any move, so that one is aborted (neither recorded nor rated)."""
    async with _servers([tmp_path / "rooms.sqlite"], time) as (running,), aiohttp.ClientSession() as session:
        url = f"ws://127.0.0.1:{running.port}"
        async with Player(session, url, "Carla") as carla:
            said: list[str] = []
            wants = Wants(("cram", "domineering"), TimeControl.parse("3+2"), rated=True)
            bot = asyncio.create_task(play_lobby(url, "AdaBot", key_for(url, "AdaBot", tmp_path),
                                                 LevelSeat("easy"), wants, said.append, games=1))
            listing = await carla.lobby.next(p.Listing)
            while len(listing.seeks) < 2:  # type: ignore[attr-defined]  # both of the bot's seeks are open
                listing = await carla.lobby.next(p.Listing)
            for seek in listing.seeks:  # type: ignore[attr-defined]
                await carla.lobby.send(p.Accept(seek["seek"]))
            rooms = [await carla.lobby.next(p.Paired) for _ in range(2)]
            results = await asyncio.wait_for(asyncio.gather(*(
                play_room(url, paired, "Carla", carla.key, LevelSeat("easy"), said.append)  # type: ignore[arg-type]
                for paired in rooms
            )), WAIT)
            assert await asyncio.wait_for(bot, WAIT) == 1
            first, crossed = results
            assert "resigned" not in first.result and first.result.endswith("wins.")
            assert "resigned" in crossed.result
            games = await running.server.store.last_games("AdaBot", 10)
            assert [g["room"] for g in games] == [rooms[0].room]  # type: ignore[attr-defined]
