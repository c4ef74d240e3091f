"""One saved game is never played in two windows (issue 20): while a window holds it open, no other
window offers it; once that window leaves it, or is killed with SIGKILL, it is offered again at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from gridgames.engine.match import Match
from gridgames.play.session import PlaySession
from gridgames.storage import Store


def saved_game(make_game, data: Path) -> tuple[PlaySession, Store]:
    store = Store(data)
    game = make_game("rowcol", "5x5").play("C3")
    session = PlaySession(Match(game.entry, game.options), game=game, store=store)
    session.play(session.game.parse("C1"))  # autosaved; the session now holds its game open
    return session, store


def test_a_game_open_in_one_window_is_not_offered_in_another(make_game, tmp_path) -> None:
    session, _ = saved_game(make_game, tmp_path / "data")
    other_window = Store(tmp_path / "data")
    assert other_window.unfinished("rowcol") == []
    session.close()  # the first window leaves the game
    assert [len(s.game.played) for s in other_window.unfinished("rowcol")] == [2]


def test_after_kill_9_of_the_window_holding_it_the_game_is_offered_at_once(make_game, tmp_path) -> None:
    data = tmp_path / "data"
    session, store = saved_game(make_game, data)
    session.close()
    (saved,) = store.unfinished("rowcol")
    holder = subprocess.Popen(  # another window, holding the game open
        [sys.executable, "-c", textwrap.dedent(f"""
            import time
            from gridgames.storage import Store
            held = Store({str(data)!r}).hold({saved.slot!r})
            print("held" if held else "refused", flush=True)
            time.sleep(60)
        """)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert store.unfinished("rowcol") == [] and store.is_open_elsewhere(saved.slot)
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(timeout=10)
        assert [s.slot for s in store.unfinished("rowcol")] == [saved.slot]
    finally:
        if holder.poll() is None:
            holder.kill()
