"""The client against a hostile (or merely wasteful) server, over loopback: it resends the whole game
after every move, rewrites moves already played, sends moves out of order. The client checks every
move through the engine once, refuses the rest, and never replays the game per message."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

import pytest
from aiohttp import web

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online.client import Event, Link
from tests.waiting import scaled

WAIT = scaled(10.0)
ROOM = "R" * 22


def random_game(moves: int) -> Game:
    rng = random.Random(3)
    game = Game.new(get_entry("walls"), Options(9, 9, "1"), first_player=1)
    while len(game.played) < moves and game.outcome is None:
        game = game.play(rng.choice(game.legal_moves()))
    return game


def state(moves: tuple[str, ...], number: int = 1) -> p.State:
    return p.State(
        variant="walls", size="9x9", options={}, first=1, game=number, moves=moves, result=None,
        seated=(True, True), connected=(True, True), takeback=None, rematch=(False, False),
        score=(0, 0), draws=0,
    )


Script = Callable[[web.WebSocketResponse], Awaitable[None]]


@pytest.fixture
async def fake_server():
    """A websocket server on loopback that answers a client's hello with `script`."""
    runners: list[web.AppRunner] = []

    async def start(script: Script) -> str:
        async def handle(request: web.Request) -> web.WebSocketResponse:
            ws = web.WebSocketResponse()
            await ws.prepare(request)
            await ws.receive()  # the hello
            await ws.send_str(p.Welcome(ROOM, 0, None).to_json())
            await script(ws)
            async for _ in ws:  # until the client hangs up
                pass
            return ws

        app = web.Application()
        app.router.add_get(p.PATH, handle)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        runners.append(runner)
        return f"ws://127.0.0.1:{runner.addresses[0][1]}"

    yield start
    for runner in runners:
        await runner.cleanup()


@pytest.fixture
def engine_plays(monkeypatch):
    """How many moves the engine has been asked to play (the real Game.play, counted)."""
    calls = [0]
    real = Game.play

    def play(self: Game, move: object) -> Game:
        calls[0] += 1
        return real(self, move)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "play", play)
    return calls


async def events_until(link: Link, count: int, kinds: tuple[str, ...] = ("state", "error")) -> list[Event]:
    got: list[Event] = []
    while len(got) < count:
        event = await asyncio.wait_for(link.events.get(), WAIT)
        if event.kind in kinds:
            got.append(event)
    return got


async def watch(url: str) -> tuple[Link, asyncio.Task[None]]:
    link = Link(url, room=ROOM, watch=True)
    return link, asyncio.create_task(link.run())


async def test_a_server_resending_the_whole_game_after_every_move_costs_one_engine_move_each(
    fake_server, engine_plays
):
    game = random_game(80)
    moves = tuple(game.rules.format_move(move) for move in game.played)
    engine_plays[0] = 0

    async def resend_everything(ws: web.WebSocketResponse) -> None:
        for ply in range(len(moves) + 1):
            await ws.send_str(state(moves[:ply]).to_json())

    link, task = await watch(await fake_server(resend_everything))
    try:
        events = await events_until(link, len(moves) + 1)
        assert [e.kind for e in events] == ["state"] * (len(moves) + 1)
        assert events[-1].value.game.played == game.played
        assert engine_plays[0] == len(moves)  # replaying per message: 80 * 81 / 2 = 3240
    finally:
        await link.close()
        task.cancel()


async def test_a_server_welcoming_the_client_again_and_again_cannot_make_it_replay(fake_server, engine_plays):
    game = random_game(80)
    moves = tuple(game.rules.format_move(move) for move in game.played)
    engine_plays[0] = 0

    async def welcome_again(ws: web.WebSocketResponse) -> None:
        await ws.send_str(state(moves).to_json())
        for _ in range(20):
            await ws.send_str(p.Welcome(ROOM, 0, None).to_json())
            await ws.send_str(state(moves).to_json())

    link, task = await watch(await fake_server(welcome_again))
    try:
        events = await events_until(link, 41)
        assert [e.kind for e in events].count("error") == 20
        assert "welcomed this connection a second time" in next(e for e in events if e.kind == "error").value
        assert events[-1].value.game.played == game.played
        assert engine_plays[0] == len(moves)  # once, not 21 times
    finally:
        await link.close()
        task.cancel()


async def test_moves_one_at_a_time_and_a_takeback_are_followed_without_replaying(fake_server, engine_plays):
    game = random_game(30)
    moves = tuple(game.rules.format_move(move) for move in game.played)
    engine_plays[0] = 0

    async def move_by_move(ws: web.WebSocketResponse) -> None:
        await ws.send_str(state(moves[:20]).to_json())
        for ply in range(20, 30):
            await ws.send_str(p.Moved(1, ply + 1, moves[ply], (0, 0), 0).to_json())
        await ws.send_str(state(moves[:28]).to_json())  # two moves taken back

    link, task = await watch(await fake_server(move_by_move))
    try:
        events = await events_until(link, 12)
        assert events[-2].value.game.played == game.played
        assert events[-1].value.game.played == game.played[:28]
        assert engine_plays[0] == 30
    finally:
        await link.close()
        task.cancel()


async def test_a_server_rewriting_history_or_skipping_moves_is_refused(fake_server, engine_plays):
    game = random_game(20)
    moves = tuple(game.rules.format_move(move) for move in game.played)
    start = random_game(0)
    other = next(t for t in (start.rules.format_move(m) for m in start.legal_moves()) if t != moves[0])

    async def lie(ws: web.WebSocketResponse) -> None:
        await ws.send_str(state(moves[:10]).to_json())
        await ws.send_str(state((other, *moves[1:10])).to_json())  # a different first move
        await ws.send_str(p.Moved(1, 15, moves[14], (0, 0), 0).to_json())  # four moves skipped
        await ws.send_str(state(moves[:12], number=2).to_json())  # another game, part-way
        await ws.send_str(p.Moved(1, 11, moves[10], (0, 0), 0).to_json())  # and then honestly

    engine_plays[0] = 0
    link, task = await watch(await fake_server(lie))
    try:
        first, rewritten, skipped, switched, honest = await events_until(link, 5)
        assert first.kind == "state" and honest.kind == "state"
        assert "changed moves that were already played" in rewritten.value
        assert "sent move 15 of game 1 after 10 moves" in skipped.value
        assert "another game part-way through" in switched.value
        assert honest.value.game.played == game.played[:11]
        assert engine_plays[0] == 11
    finally:
        await link.close()
        task.cancel()
