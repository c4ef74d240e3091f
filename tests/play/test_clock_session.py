"""A session under a clock (`play.clocks`): moves press it, undo only hands the time over, a flag fall
is a loss that counts in the match score and stands, and the next game starts with full time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.engine.clock import TimeControl
from gridgames.engine.match import Match
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.clocks import GameClock, OutOfTime
from gridgames.play.session import PlaySession


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _session(control: str = "1+5") -> tuple[PlaySession, FakeTime]:
    entry = get_entry("noneighbour")
    session = PlaySession(Match(entry, Options(3, 3, "1")))
    time = FakeTime()
    session.use_clock(GameClock(TimeControl.parse(control), time))
    return session, time


def test_a_move_adds_the_increment_and_an_undo_only_hands_the_time_over():
    session, time = _session()
    clock = session.clock
    assert clock is not None
    time.now = 10
    session.play(session.game.parse("1,1"))
    assert clock.left(1) == 55 and clock.left(2) == 60
    time.now = 14
    session.undo()
    assert clock.left(1) == 55 and clock.left(2) == 56  # Player 2's 4 s are charged, no increment


def test_a_flag_fall_is_a_loss_that_counts_and_stands():
    session, time = _session()
    time.now = 61
    try:
        session.play(session.game.parse("1,1"))
    except OutOfTime as late:
        assert str(late) == "Player 1 (X) ran out of time, so Player 2 (O) wins."
    else:
        raise AssertionError("a move after the flag fell was played")
    assert session.game.cursor == 0 and session.is_over and not session.in_progress
    assert session.match.wins == (0, 1)
    assert session.undo() == 0
    session.next_game()
    assert session.outcome is None and session.clock is not None and session.clock.left(1) == 60


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=20, allow_nan=False), min_size=1, max_size=9))
def test_both_clocks_only_ever_lose_the_time_that_passed(pauses):
    """Whatever the pauses between moves, the two clocks together lose exactly the time that passed
    (less the increments earned), until a flag falls."""
    session, time = _session("1+5")
    clock = session.clock
    assert clock is not None
    moves = 0
    for pause in pauses:
        if session.is_over:
            break
        time.now += pause
        if session.check_time() is not None:
            break
        session.play(session.game.legal_moves()[0])
        moves += 1
    if session.timed_out is None:
        total = clock.left(1) + clock.left(2)
        assert abs(total - (120 - time.now + 5 * moves)) < 1e-6 or session.game.is_over
