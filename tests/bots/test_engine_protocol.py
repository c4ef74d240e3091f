"""The engine line protocol through its adapter: the shipped example engine plays whole games, and an
engine that answers garbage, too late, too long or not at all gets one sentence (and is reaped)."""

from __future__ import annotations

import pytest

from gridgames.engine.clock import Clock, TimeControl
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play import engine_protocol
from gridgames.play.engine_protocol import EngineError, EngineProcess, clock_line, game_line, position_line
from tests.bots.engines import broken, example


def test_the_example_engine_plays_a_whole_game_against_itself():
    entry = get_entry("cram")
    game = Game.new(entry, Options(3, 4, "1"))
    with EngineProcess(example()) as one, EngineProcess(example()) as two:
        for engine in (one, two):
            engine.start(game)
        assert one.name == "random-example"
        while not game.is_over:
            engine = one if game.state.to_move == 1 else two
            move = engine.choose(game)
            assert move is not None and move in game.legal_moves()
            game = game.play(move)
    assert game.outcome is not None
    assert one.process.returncode is not None and two.process.returncode is not None  # reaped


def test_the_lines_the_host_sends():
    entry = get_entry("noneighbour")
    game = Game.new(entry, Options(3, 3, "1", entry.resolve_options({"adjacency": "orthogonal"})))
    assert game_line(game) == 'game noneighbour 3x3 first=1 adjacency="orthogonal"'
    assert position_line(game) == "position"
    game = game.play(game.parse("1,1"))
    assert position_line(game) == f"position {entry.format_move(game.played[0])}"
    clock = Clock.new(TimeControl.parse("3+2")).start(2, 100.0)
    assert clock_line(clock, 107.5) == "clock 180.000 172.500 2.000"
    assert clock_line(None, 0) == "clock none"


@pytest.mark.parametrize(("kind", "said"), [
    ("garbage", "chose a move the rules refuse"),
    ("long", "longer than 1000 characters"),
    ("crash", "stopped"),
    ("silent", "did not answer 'go' within 0.6 s"),
    ("flood", "more than 100 info lines"),
])
def test_a_broken_engine_gets_one_sentence(tmp_path, kind, said):
    game = Game.new(get_entry("cram"), Options(3, 3, "1"))
    # the silent engine has 0.1 s, plus the 0.5 s allowance; the others a minute, so that on a loaded
    # machine a slow start of their interpreter is not taken for silence before they misbehave
    base = 0.1 if kind == "silent" else 60.0
    clock = Clock.new(TimeControl(base=base, increment=0)).start(1, 0.0)
    with EngineProcess(broken(tmp_path, kind)) as engine:
        engine.start(game)
        with pytest.raises(EngineError) as error:
            engine.choose(game, clock, now=0.0)
    sentence = str(error.value)
    assert said in sentence and sentence.count(". ") == 0 and "\n" not in sentence
    assert engine.process.returncode is not None


def test_an_engine_that_ignores_quit_is_killed_and_reaped(tmp_path, monkeypatch):
    monkeypatch.setattr(engine_protocol, "QUIT_SECONDS", 0.2)
    engine = EngineProcess(broken(tmp_path, "stubborn"))
    engine.start(Game.new(get_entry("cram"), Options(3, 3, "1")))
    engine.close()  # it sleeps through quit and the end of its input: killed, then reaped
    assert engine.process.returncode is not None and engine.process.returncode < 0


def test_a_program_that_is_no_engine_is_told_so(tmp_path):
    with pytest.raises(EngineError, match="could not be started"):
        EngineProcess(str(tmp_path / "no-such-engine"))
    with pytest.raises(EngineError, match="does not speak the gridgames engine protocol"):
        with EngineProcess("cat") as engine:
            engine.start(Game.new(get_entry("cram"), Options(3, 3, "1")))


def test_info_lines_are_skipped_and_a_resignation_is_no_move(tmp_path):
    game = Game.new(get_entry("cram"), Options(3, 3, "1"))
    with EngineProcess(broken(tmp_path, "chatty")) as engine:
        engine.start(game)
        assert engine.choose(game) is None
