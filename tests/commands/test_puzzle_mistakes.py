"""Your mistakes from the command line: `gridgames puzzle --mistakes`, the plain prompt's `mistakes`
and `gridgames replay --mistakes` give the same list, and each mistake plays as a puzzle; and
`--difficulty` picks puzzles round your own rating."""

from __future__ import annotations

import io
import sys

import pytest

from gridgames.cli import main
from gridgames.storage import Store
from tests.puzzles.mistaken import play_and_review

LISTED = "1. Cram 4x4, move 3: Player 1 (X) played D3-D4, which threw a win away"


@pytest.fixture
def mistake(data_dir) -> None:
    play_and_review(Store(data_dir))  # the person's move 3 is kept, not the computer's move 2


def test_puzzle_mistakes_lists_yours_and_plays_each(mistake, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("D3-D4\nundo\nsolution\nnext\n"))
    assert main(["puzzle", "--mistakes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(LISTED) and "move 2" not in out  # the computer's mistake is not listed
    assert "Your mistake 1 of 1: Cram 4x4, move 3" in out
    assert "Player 1 (X) to move and win: find a winning move." in out
    assert "D3-D4 loses: Player 2 (O) answers" in out  # the mistake, refuted
    assert "The solution: " in out
    assert "That was the last of your 1 mistake." in out
    assert "Your puzzle rating" not in out  # practice: never rated


def test_replay_and_the_plain_prompt_give_the_same_list(mistake, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["replay", "--mistakes"]) == 0
    assert capsys.readouterr().out.startswith(LISTED)
    monkeypatch.setattr(sys, "stdin", io.StringIO("mistakes\nquit\n"))
    assert main(["puzzle", "--plain", "--game", "cram", "--seed", "1"]) == 0
    assert LISTED in capsys.readouterr().out


def test_no_mistakes_yet_is_said_in_one_sentence(capsys):
    assert main(["puzzle", "--mistakes"]) == 0
    assert capsys.readouterr().out.startswith("No mistakes of yours are kept yet:")


def test_replay_takes_a_record_or_the_mistakes_not_both(capsys):
    assert main(["replay", "game.txt", "--mistakes"]) == 2
    assert capsys.readouterr().err == "gridgames: replay takes a game record FILE or --mistakes, not both.\n"


@pytest.mark.parametrize("difficulty", ["easier", "harder"])
def test_difficulty_offers_puzzles_round_your_rating(difficulty, monkeypatch, capsys):
    from gridgames.puzzles.choice import DIFFICULTY_OFFSETS

    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["puzzle", "--plain", "--difficulty", difficulty, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    rated = int(out.split("puzzle rated ")[1].split()[0])
    assert abs(rated - (1500 + DIFFICULTY_OFFSETS[difficulty])) <= 100  # a newcomer is rated 1500


def test_difficulty_and_a_rating_are_not_both_given(capsys):
    assert main(["puzzle", "--plain", "--difficulty", "harder", "--rating", "1200"]) == 2
    assert "--difficulty" in capsys.readouterr().err
