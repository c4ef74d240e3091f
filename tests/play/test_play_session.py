"""The play session (no Textual): statistics, match score, autosave and review stay in step whatever
a player does with undo, redo, playing on from an earlier move and starting the next game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.engine import Options
from gridgames.engine.match import Match
from gridgames.games import get_entry
from gridgames.play.session import HUMAN, PlaySession, Review
from gridgames.storage import Store

ACTIONS = st.lists(
    st.tuples(st.sampled_from(["play", "play", "play", "undo", "redo", "back", "next"]), st.integers(0, 99)),
    max_size=60,
)


def new_session(tmp_path, variant="rowcol", size=3, seats=(HUMAN, HUMAN)) -> PlaySession:
    entry = get_entry(variant)
    match = Match(entry, Options(size, size, "1"))
    return PlaySession(match, seats, store=Store(tmp_path), rng=random.Random(0))


def tally(store: Store, variant: str, opponent: str = HUMAN) -> tuple[int, int, int]:
    counts = store.stats().get(variant, {}).get(opponent, {})
    return counts.get("wins", 0), counts.get("losses", 0), counts.get("draws", 0)


@settings(max_examples=25, deadline=None)
@given(actions=ACTIONS)
def test_statistics_always_agree_with_the_match_score(tmp_path_factory, actions) -> None:
    session = new_session(tmp_path_factory.mktemp("data"))
    for action, pick in actions:
        game = session.game
        if action == "play" and not game.is_over:
            legal = game.legal_moves()
            session.play(legal[pick % len(legal)])
        elif action == "undo":
            session.undo()
        elif action == "redo":
            session.redo()
        elif action == "back" and game.cursor:
            session.play_on_from(pick % game.cursor)
        elif action == "next":
            session.next_game()
        match = session.match
        assert tally(session.store, "rowcol") == (match.wins[0], match.wins[1], match.draws)


def test_a_game_undone_past_its_end_and_finished_differently_counts_once(tmp_path) -> None:
    session = new_session(tmp_path, "noneighbour")
    for text in ("A1", "A3", "B1", "B3", "C1", "C3", "A2", "C2"):  # Player 2 makes the last move
        session.play(session.game.parse(text))
    assert session.game.outcome is not None and session.game.outcome.winner == 2
    assert tally(session.store, "noneighbour") == (0, 1, 0) and session.match.wins == (0, 1)
    assert session.undo() == 1
    assert tally(session.store, "noneighbour") == (0, 0, 0) and session.match.games == 0
    session.undo()
    session.undo()
    for text in ("A2", "C2"):  # a different fifth move: now Player 1 makes the last move
        session.play(session.game.parse(text))
    assert session.game.outcome is not None and session.game.outcome.winner == 1
    assert tally(session.store, "noneighbour") == (1, 0, 0) and session.match.wins == (1, 0)
    session.next_game()
    assert session.match_base.wins == (1, 0) and tally(session.store, "noneighbour") == (1, 0, 0)


def test_the_review_survives_undo_and_redo_back_to_the_same_end(tmp_path) -> None:
    session = new_session(tmp_path, "noneighbour")
    for text in ("A1", "A3", "B1", "B3", "C1", "C3", "A2", "C2"):
        session.play(session.game.parse(text))
    request = session.review_request()
    assert request is not None
    session.reviewed(request, Review(frozenset({1})))
    assert session.blunders == {1} and session.review_request() is None
    session.undo()
    assert session.blunders == frozenset()
    session.redo()
    assert session.blunders == {1} and session.review_request() is None


def test_the_computer_is_asked_once_and_a_stale_answer_is_dropped(tmp_path) -> None:
    session = new_session(tmp_path, seats=(HUMAN, "easy"))
    assert session.think_request() is None  # a person is to move
    session.play(session.game.parse("B2"))
    request = session.think_request()
    assert request is not None and request.level == "easy" and session.thinking == 2
    assert session.think_request() is None  # already thinking
    session.undo()  # the person takes the move back while the computer thinks
    assert session.thinking is None and not session.computer_moved(request, request.game.legal_moves()[0])
    assert session.game.cursor == 0


def test_games_the_computer_plays_against_itself_are_not_counted(tmp_path) -> None:
    session = new_session(tmp_path, "noneighbour", seats=("easy", "easy"))
    for text in ("A1", "A3", "B1", "B3", "C1", "C3", "A2", "C2"):
        session.play(session.game.parse(text))
    assert session.game.is_over and session.store.stats() == {}


def test_the_game_in_progress_is_saved_and_the_finished_one_dropped(tmp_path) -> None:
    session = new_session(tmp_path, "noneighbour")
    session.play(session.game.parse("A1"))
    saved = session.store.load_current("noneighbour")
    assert saved is not None and saved.game.played == session.game.played
    assert saved.settings["setup"]["seats"] == [HUMAN, HUMAN]
    for text in ("A3", "B1", "B3", "C1", "C3", "A2", "C2"):
        session.play(session.game.parse(text))
    assert session.game.is_over and session.store.load_current("noneighbour") is None


def test_only_a_persons_mistakes_are_offered_to_learn_from(tmp_path) -> None:
    session = new_session(tmp_path, "noneighbour", seats=(HUMAN, "easy"))
    for text in ("A1", "A3", "B1", "B3", "C1", "C3", "A2", "C2"):  # moves 1, 3, 5, 7 are the person's
        session.play(session.game.parse(text))
    request = session.review_request()
    assert request is not None
    session.reviewed(request, Review(frozenset({1, 2, 4, 7})))
    assert session.blunders == {1, 2, 4, 7} and session.own_blunders == {1, 7}  # never the computer's
