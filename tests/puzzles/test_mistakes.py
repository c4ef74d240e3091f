"""Your mistakes across games (gridgames/puzzles/mistakes.py): a person's proven mistakes in games
finished here are kept, never a computer seat's; each is played again as a puzzle from the position
before it; the file is read as hostile."""

from __future__ import annotations

import io
import json

import pytest

from gridgames.engine.match import Match
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.lineplay import EXIT_FINISHED, LinePlay
from gridgames.play import computer
from gridgames.play.session import PlaySession
from gridgames.play.setup import Setup
from gridgames.puzzles import mistakes as kept
from gridgames.puzzles.mistakes import MistakeList, MistakeStore
from gridgames.storage import Store
from tests.puzzles.mistaken import MOVES, play_and_review


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "data")


def numbers(store: Store) -> list[int]:
    return sorted(m.number for m in MistakeStore(store).load())


@pytest.mark.parametrize(("seats", "expected"), [
    (("human", "easy"), [3]),  # move 2 was the computer's
    (("easy", "human"), [2]),
    (("human", "human"), [2, 3]),
    (("easy", "easy"), []),
])
def test_only_a_persons_mistakes_are_kept(store, seats, expected):
    play_and_review(store, seats)
    assert numbers(store) == expected


def test_a_finished_game_opened_from_a_record_keeps_nothing(store):
    finished = play_and_review(Store(store.root.parent / "elsewhere")).game
    session = PlaySession(Match(get_entry("cram"), Options(4, 4, "1")), seats=("human", "human"),
                          game=finished, store=store)  # not played here: not the player's
    request = session.review_request()
    session.reviewed(request, computer.threw_away_wins(finished.entry, finished.states))
    assert numbers(store) == []


def test_the_same_game_reviewed_twice_is_kept_once(store):
    play_and_review(store, ("human", "human"))
    play_and_review(store, ("human", "human"))
    assert numbers(store) == [2, 3]


def test_each_kept_mistake_is_played_as_a_puzzle_from_the_position_before_it(store):
    play_and_review(store, ("human", "human"))
    mistakes = MistakeStore(store).load()
    assert [m.number for m in mistakes] == [3, 2]  # newest first: the later move of the game first
    source = MistakeList(mistakes)
    for mistake in mistakes:
        run = source.next_run(None)
        assert run is not None and run.any_win
        before = mistake.number - 1
        assert [run.entry.format_move(m) for m in run.start.played] == list(MOVES[:before])
        assert f"move {mistake.number}" in source.about(run)
        assert run.player == mistake.player
        wrong, said = run.attempt(mistake.game.played[-1])  # the mistake itself is refuted
        assert said.kind == "wrong"
        solved, said = run.attempt(run.solution[0])  # a winning move solves it
        assert said.kind == "solved" and solved.over
        assert source.record(solved) == ""  # practice: nothing is rated
    assert source.next_run(None) is None  # plain text: they end with the last
    assert "last of your 2 mistakes" in source.none_left(None)


def test_the_file_is_read_as_hostile(store):
    play_and_review(store)
    data = json.loads((store.root / kept.MISTAKES_FILE).read_text())
    good = data["mistakes"][0]
    data["mistakes"] = [
        "not an entry",
        {"record": "gridgames-record 3\nvariant: cram\nsize: 4x4\nfirst: 1\nmoves:\n1. Z9-Z8\n", "at": 1.0},
        {"record": good["record"], "at": float("1e300")},
        {"record": "x" * (kept.MAX_RECORD_CHARS + 1), "at": 1.0},
        good,
    ]
    (store.root / kept.MISTAKES_FILE).write_text(json.dumps(data))
    assert [m.number for m in MistakeStore(store).load()] == [3]
    warnings = [str(w) for w in store.take_warnings()]
    assert len(warnings) == 1 and "4 of its entries" in warnings[0]
    (store.root / kept.MISTAKES_FILE).write_text('{"version": 99, "mistakes": []}')
    assert MistakeStore(store).load() == ()
    assert "partly refused" in str(store.take_warnings()[0])


def test_only_the_newest_are_kept(store, monkeypatch):
    monkeypatch.setattr(kept, "MAX_MISTAKES", 1)
    play_and_review(store, ("human", "human"))
    assert numbers(store) == [3]


@pytest.mark.parametrize(("seats", "expected"), [(("human", "easy"), [3]), (("human", "human"), [2, 3])])
def test_a_game_finished_in_line_mode_keeps_the_persons_mistakes(store, make_game, seats, expected):
    # `gridgames play --plain`: the app's review at the game's end; a computer seat's move 2 is not kept
    game = make_game("cram", "4x4", first=1)
    setup = Setup(game.entry.id, game.options, seats, games=1)
    scripted = iter(game.parse(text) for text in MOVES[1::2])
    typed = iter(MOVES if seats[1] == "human" else MOVES[0::2])
    session = LinePlay(game, io.StringIO(), lambda: next(typed, None), store=store, setup=setup,
                       computer=lambda *_: next(scripted))
    assert session.run() == EXIT_FINISHED
    assert numbers(store) == expected
    assert "threw a win away" in kept.listing_text(MistakeStore(store).load())
