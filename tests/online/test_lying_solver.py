"""A lying solver's game in an online room (issue 27, item 6): rooms never call a solver, so no lie
reaches a player. The online screen answers the hint and analysis keys with one sentence saying why
they are off, nothing is called proven, the solver is never switched off (it was never asked), and
the game plays on; the line client, which offers no hint, answers one typed with one sentence
(the liar is tests/games/lying_plugin.py)."""

from __future__ import annotations

import pytest

from gridgames.games import guard
from gridgames.online import protocol as p
from gridgames.online.address import Address
from gridgames.online.launch import plan_join
from gridgames.play.narration import ONLINE_NO_HELP
from gridgames.tui.online import plan_to_join
from gridgames.tui.screens.online import OnlineGameScreen
from tests.games.lying_plugin import GAMES, LIES, VARIABLE
from tests.online.friend import friends_room
from tests.online.typists import due, finish, hosted, typist
from tests.tui.helpers import make_app, text_of
from tests.waiting import click, screen_becomes, until


@pytest.fixture(autouse=True)
def liar(register_games) -> None:  # type: ignore[no-untyped-def]
    register_games(GAMES)


async def test_an_online_room_of_a_lying_solver_says_why_help_is_off_and_plays_on(
    tmp_path, monkeypatch, one_sentence
):
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-app"))
    async with friends_room(tmp_path, "liar", "3x4") as (url, friend):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            assert friend.room is not None
            app.start_online(plan_to_join(Address(url, friend.room)))
            screen = await screen_becomes(pilot, OnlineGameScreen, "the online game to open")
            await until(pilot, lambda: screen.view is not None and screen.seat == 2, "the seat")
            await friend.send(p.MoveMsg(0, "A1"))
            await until(pilot, lambda: len(screen.view.game.played) == 1 and screen.board_ready, "its turn")
            for lie in LIES:  # whichever lie the solver would tell, nobody asks it
                monkeypatch.setenv(VARIABLE, lie)
                for key in ("i", "a"):
                    screen.say("")
                    await pilot.press(key)
                    shown = lambda: ONLINE_NO_HELP in text_of(app, "#message")  # noqa: E731
                    await until(pilot, shown, f"{key} to say why")
                    said = text_of(app, "#message").removeprefix("✗ ")
                    assert one_sentence(said) and "proven" not in said, said
                    assert "proven" not in screen.status_text()
            await click(pilot, "#cell-2-0", offset=(1, 0))  # the player's move: the game goes on
            await until(pilot, lambda: len(screen.view.game.played) == 2, "the player's move")
            await until(pilot, lambda: friend.view is not None and len(friend.view.game.played) == 2,
                        "the friend to see it")
            notes = [str(notification.message) for notification in app._notifications]
            assert not any("solver" in note for note in notes), notes
            assert guard.why_off("liar") is None and not guard.solver_off("liar"), "never asked"
            assert isinstance(app.screen, OnlineGameScreen)


async def test_the_online_line_client_of_a_lying_solver_s_game_plays_on_without_it(
    url, monkeypatch, one_sentence
):
    """The line client has no hint to give: a player typing one is told in one sentence what a move
    is, nothing is called proven, and the room plays on with the solver never asked."""
    monkeypatch.setenv(VARIABLE, "raise")
    host = await hosted(url, "liar", "3x4")
    guest = typist(plan_join(Address(url, host.player.link.room), watch=False))
    try:
        await until(None, lambda: due(host, 0) and guest.player.seat == 2, "the host's turn")
        for asked in ("hint", "analyse"):
            before = len(host.said())
            host.player.put_line(asked)
            await until(None, lambda n=before: len(host.said()) > n, f"an answer to {asked}")
            said = host.said()[before]
            assert one_sentence(said) and "proven" not in said, said
        host.player.put_line("A1")
        await until(None, lambda: len(guest.player.view.game.played) == 1, "the move to reach the guest")
        text = "\n".join(host.said() + guest.said())
        assert "Traceback" not in text and "proven" not in text and "solver" not in text, text
        assert guard.why_off("liar") is None and not guard.solver_off("liar"), "never asked"
    finally:
        await finish(host, guest)
