"""Time controls and clocks: lichess spellings, time charged per move, flag fall, hostile input refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridgames.engine.clock import LAG_CAP, Clock, TimeControl, format_time, is_low
from gridgames.engine.errors import OptionsError


@pytest.mark.parametrize(
    ("text", "base", "increment"),
    [("3+2", 180.0, 2.0), ("0.5+1", 30.0, 1.0), (" 10 + 0 ", 600.0, 0.0), ("1.25+0.5", 75.0, 0.5)],
)
def test_a_control_reads_minutes_plus_seconds(text: str, base: float, increment: float) -> None:
    control = TimeControl.parse(text)
    assert (control.base, control.increment) == (base, increment)


@pytest.mark.parametrize("control", ["3+2", "0.5+1", "10+0", "1.25+0.5"])
def test_a_control_prints_as_it_was_written(control: str) -> None:
    assert str(TimeControl.parse(control)) == control.replace(" ", "")


@pytest.mark.parametrize(
    "text", ["", "3", "3+", "+2", "three+two", "0+2", "-1+2", "3+-2", "999+0", "3+2+1", "9" * 40]
)
def test_a_bad_control_gets_one_sentence(text: str, one_sentence) -> None:
    with pytest.raises(OptionsError) as error:
        TimeControl.parse(text)
    assert one_sentence(str(error.value))


def test_a_move_is_charged_its_time_and_earns_the_increment() -> None:
    clock = Clock.new(TimeControl.parse("1+2")).start(1, now=100.0)
    assert clock.left(1, now=107.5) == pytest.approx(52.5)
    assert clock.left(2, now=107.5) == 60.0
    clock = clock.press(now=107.5)
    assert clock.running == 2
    assert clock.left(1, now=200.0) == pytest.approx(54.5)  # 60 - 7.5 + 2, and no longer running
    assert clock.left(2, now=110.0) == pytest.approx(57.5)


def test_reported_lag_is_forgiven_only_up_to_the_cap() -> None:
    clock = Clock.new(TimeControl.parse("1+0")).start(1, now=0.0)
    assert clock.press(now=5.0, lag=0.2).left(1, now=5.0) == pytest.approx(55.2)
    assert clock.press(now=5.0, lag=30.0).left(1, now=5.0) == pytest.approx(55.0 + LAG_CAP)
    assert clock.press(now=0.1, lag=30.0).left(1, now=0.1) == pytest.approx(60.0)  # never a gain


def test_the_flag_falls_when_the_running_players_time_is_gone() -> None:
    clock = Clock.new(TimeControl.parse("0.5+1")).start(2, now=0.0)
    assert clock.flag_time() == 30.0
    assert clock.flagged(now=29.9) is None
    assert clock.flagged(now=30.0) == 2
    assert clock.left(2, now=31.0) == 0.0
    late = clock.press(now=31.0)
    assert late.flagged(now=31.0) == 2 or late.remaining[1] <= 0  # no increment rescues a fallen flag


def test_a_stopped_clock_keeps_its_times() -> None:
    clock = Clock.new(TimeControl.parse("1+0")).start(1, now=0.0).stop(now=20.0)
    assert clock.running is None and clock.flag_time() is None
    assert clock.left(1, now=1000.0) == pytest.approx(40.0)


@given(
    base=st.integers(1, 600),
    increment=st.integers(0, 30),
    moves=st.lists(st.floats(0, 50, allow_nan=False), max_size=30),
)
def test_time_is_conserved_move_by_move(base: int, increment: int, moves: list[float]) -> None:
    """The two clocks together lose exactly the time played and gain one increment per unflagged move."""
    clock = Clock.new(TimeControl(float(base), float(increment))).start(1, now=0.0)
    now, expected = 0.0, 2.0 * base
    for used in moves:
        mover = clock.running
        assert mover is not None
        now += used
        before = clock.remaining[mover - 1] - used
        clock = clock.press(now)
        expected += -used + (increment if before > 0 else 0)
        assert sum(clock.remaining) == pytest.approx(expected)


@given(
    left=st.lists(st.floats(-5, 10_000, allow_nan=False), min_size=2, max_size=2),
    running=st.sampled_from([None, 1, 2]),
)
def test_a_clock_survives_a_round_trip_through_json(left: list[float], running: int | None) -> None:
    clock = Clock(TimeControl.parse("3+2"), (left[0], left[1]), running=running, since=50.0)
    back = Clock.from_json(json.loads(json.dumps(clock.to_json(now=60.0))), now=7.0)
    for player in (1, 2):
        assert back.left(player, now=9.0) == pytest.approx(clock.left(player, now=62.0))


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"control": {"base": 180, "increment": 2}, "left": [1, 2]},
        {"control": {"base": 180, "increment": 2}, "left": [1, "2"], "running": 1},
        {"control": {"base": 180, "increment": 2}, "left": [1, 2], "running": 3},
        {"control": {"base": 180, "increment": 2}, "left": [1, 2], "running": True},
        {"control": {"base": 180, "increment": 2}, "left": [1e300, 2], "running": 1},
        {"control": {"base": -1, "increment": 2}, "left": [1, 2], "running": 1},
        {"control": {"base": 180}, "left": [1, 2], "running": 1},
    ],
)
def test_a_hostile_clock_gets_one_sentence(data: object, one_sentence) -> None:
    with pytest.raises(OptionsError) as error:
        Clock.from_json(data, now=0.0)
    assert one_sentence(str(error.value))


@pytest.mark.parametrize(
    ("seconds", "face", "low"),
    [
        (185.0, "3:05", False),
        (10.0, "0:10", True),
        (9.46, "0:09.4", True),
        (0.0, "0:00.0", True),
        (-3.0, "0:00.0", True),
        (3725.0, "1:02:05", False),
    ],
)
def test_a_clock_face_shows_tenths_in_the_last_ten_seconds(seconds: float, face: str, low: bool) -> None:
    assert format_time(seconds) == face
    assert is_low(seconds) is low
