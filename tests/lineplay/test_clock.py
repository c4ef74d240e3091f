"""Line mode under a clock (`play --plain --clock 3+2`): both clocks with each prompt, the increment
after a move, and a flag fall that ends the game with one sentence. Time is a fake the typed lines
move forward, so nothing waits on real time."""

from __future__ import annotations

import io

from gridgames.engine import Game
from gridgames.engine.clock import TimeControl
from gridgames.games import get_entry
from gridgames.lineplay import EXIT_FINISHED, LinePlay
from gridgames.play.seats import HUMAN
from gridgames.play.setup import Setup, resume
from gridgames.storage import Store


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _run(lines: list[tuple[float, str]], clock: str = "0.5+2", seats=(HUMAN, HUMAN), store=None, saved=None):
    """Each typed line is answered `seconds` after its prompt (the fake clock moves on first)."""
    entry = get_entry("noneighbour")
    time = FakeTime()
    setup = Setup(entry.id, entry.default_options(), seats, games=1, clock=TimeControl.parse(clock))
    feed = iter(lines)

    def read_line() -> str | None:
        try:
            seconds, line = next(feed)
        except StopIteration:
            return None
        time.now += seconds
        return line

    out = io.StringIO()
    game = Game.new(entry, setup.options)
    play = LinePlay(game=game, out=out, read_line=read_line, echo=True, setup=setup, now=time,
                    store=store, clock_saved=saved)
    return play.run(), out.getvalue(), play


def test_each_prompt_shows_both_clocks_and_a_move_adds_the_increment():
    code, text, _ = _run([(5, "1,1"), (0.2, "quit")])
    assert "Clock: ▶ Player 1 (X) 0:30 · Player 2 (O) 0:30" in text
    # Player 1 used 5 s of 30 and gained 2: 27 s; Player 2's clock now runs
    assert "Player 1 (X) places X at (1,1)." in text
    assert "Clock: Player 1 (X) 0:27 · ▶ Player 2 (O) 0:30" in text
    assert code == EXIT_FINISHED


def test_the_last_ten_seconds_are_marked_in_words():
    _, text, _ = _run([(22, "1,1"), (1, "3,3"), (0, "quit")])
    # 30 - 22 + 2 = 10 s: the last ten seconds, marked by a word (not by colour alone)
    assert "Clock: Player 1 (X) 0:10 ⚠ low · ▶ Player 2 (O) 0:30" in text
    assert "Clock: ▶ Player 1 (X) 0:10 ⚠ low · Player 2 (O) 0:31" in text  # Player 2: 30 - 1 + 2


def test_a_move_typed_after_the_flag_fell_loses_on_time():
    code, text, play = _run([(31, "1,1")])
    assert "Player 1 (X) ran out of time, so Player 2 (O) wins." in text
    assert play.session.outcome is not None and play.session.outcome.termination == "time"
    assert play.game.cursor == 0  # the late move was not played
    assert code == EXIT_FINISHED


def test_a_resumed_game_keeps_its_clock_from_the_saved_reading(tmp_path):
    store = Store(tmp_path)
    _, _, play = _run([(12, "1,1"), (5, "quit")], store=store)
    play.session.close()  # (the program would end here, letting go of the game)
    saved = store.unfinished("noneighbour")[0]
    resumed = resume(saved.game, saved.settings)
    assert resumed.setup.clock == TimeControl.parse("0.5+2")
    # Player 1 used 12 s (+2); Player 2 thought 5 s before quitting: the quit saved that reading
    assert resumed.clock["left"] == [20.0, 25.0] and resumed.clock["running"] == 2
    time = FakeTime()
    out = io.StringIO()
    again = LinePlay(game=saved.game, out=out, read_line=lambda: None, setup=resumed.setup, now=time,
                     clock_saved=resumed.clock)
    assert again.session.clock is not None
    assert again.session.clock.left(1) == 20.0 and again.session.clock.left(2) == 25.0
    time.now += 4
    assert again.session.clock.left(2) == 21.0  # the running side's time starts again from its reading
