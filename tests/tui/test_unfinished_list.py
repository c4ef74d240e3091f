"""The unfinished list: newest first, online seats among the autosaves by their time, each autosave
naming its board size; a game nobody moved in is never kept (issue 29, item 9)."""

from __future__ import annotations

import os
import time

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.online import seats
from gridgames.storage import Store
from gridgames.tui.screens.resume import ResumeScreen
from tests.tui.helpers import make_app


def _game(variant: str, rows: int, cols: int, *moves: str) -> Game:
    game = Game.new(get_entry(variant), Options(rows, cols, "1"), first_player=1)
    for move in moves:
        game = game.play(move)
    return game


async def test_the_newest_game_comes_first_online_or_not_and_each_names_its_size(data_dir) -> None:
    store = Store(data_dir)
    now = time.time()
    for age, game in ((300, _game("rowcol", 5, 5, "C3")), (100, _game("rowcol", 3, 4, "A1"))):
        slot = store.new_slot("rowcol")
        store.save_current(game, {}, slot=slot)
        os.utime(store.current_path(slot), (now - age, now - age))
    seat = seats.SavedSeat("join", "ws://127.0.0.1:9", "R" * 22, "S" * 22, "rowcol")
    assert seats.save(seat, data_dir) is None  # saved now: the newest of the three
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(100):
            if isinstance(app.screen, ResumeScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, ResumeScreen)
        saves = app.screen.query_one("#saves")
        lines = [str(saves.get_option_at_index(n).prompt) for n in range(saves.option_count)]
    assert len(lines) == 3
    assert "online game you joined" in lines[0]
    assert lines[1].startswith("3x4, 1 move") and lines[2].startswith("5x5, 1 move")
