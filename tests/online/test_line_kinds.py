"""The online line client with a game of several kinds of move (tests/games/kinds_plugin.py, Three
Ways: claim a cell, block one, dam two): a move of each kind typed in one line client reaches the
other over loopback as that kind, and each side tells it in the game's words (issue 27, item 3)."""

from __future__ import annotations

from gridgames.online.address import Address
from gridgames.online.launch import plan_join
from tests.games.kinds_plugin import BLOCK, DAM, GAMES
from tests.online.typists import due, finish, hosted, typist
from tests.waiting import until


async def test_the_line_client_plays_a_move_of_each_kind(url, register_games):
    register_games(GAMES)
    host = await hosted(url, "threeways", "3x3")
    guest = typist(plan_join(Address(url, host.player.link.room), watch=False))
    try:
        await until(None, lambda: guest.player.seat == 2 and host.player.view is not None, "both seated")
        typed = ("B2", "block A1", "dam C1-C2")
        for ply, line in enumerate(typed):
            mover, other = (host, guest) if ply % 2 == 0 else (guest, host)
            await until(None, lambda m=mover, n=ply: due(m, n), f"move {ply + 1} to be due")
            mover.player.put_line(line)
            await until(None, lambda o=other, n=ply: len(o.player.view.game.played) > n,
                        f"the other side to see move {ply + 1}")
        for one in (host, guest):
            played = one.player.view.game.played
            assert [move.kind for move in played] == ["", BLOCK, DAM], played
            said = "\n".join(one.said())
            for told in ("Player 1 (X) claims B2.", "Player 2 (O) plays block A1.",
                         "Player 1 (X) plays dam C1-C2."):
                assert told in said, said
    finally:
        await finish(host, guest)
