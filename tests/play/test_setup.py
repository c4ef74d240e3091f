"""One set-up for every way a game starts: its round trip, its refusals, and saves of the last release."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridgames.engine.errors import OptionsError
from gridgames.engine.game import Game
from gridgames.engine.match import STARTS_CHOICES, Match
from gridgames.engine.options import FIRST_CHOICES, Options
from gridgames.games import get_entry
from gridgames.play.seats import HUMAN, ONLINE
from gridgames.play.setup import LastChoices, Setup, default_setup, resume

DUEL = get_entry("locked-duel")

setups = st.builds(
    Setup,
    variant=st.just("locked-duel"),
    options=st.builds(Options, st.integers(2, 30), st.integers(2, 30), st.sampled_from(FIRST_CHOICES),
                      st.sampled_from(({}, {"cell_scoring": True})).map(DUEL.resolve_options)),
    seats=st.tuples(st.sampled_from((HUMAN, "easy", "perfect")), st.sampled_from((HUMAN, "hard", ONLINE))),
    starts=st.sampled_from(STARTS_CHOICES),
    games=st.none() | st.integers(1, 99),
)


@given(setups)
def test_a_setup_survives_its_serialisation(setup):
    assert Setup.from_dict(setup.to_dict()) == setup


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"rows": "5"}, "rows is not a whole number"),
        ({"rows": 99}, "The board must have 2 to 30 rows"),
        ({"first": "3"}, "Who moves first must be 1, 2 or toss"),
        ({"seats": ["human"]}, "exactly two seats"),
        ({"seats": [ONLINE, HUMAN]}, "Only the second seat"),
        ({"seats": ["human", "\x1b[2J"]}, "not a person or a computer level"),
        ({"starts": "never"}, "Who starts each game must be one of"),
        ({"games": 0}, "at least one game"),
        ({"colour": "red"}, "settings this version does not know: colour"),
        ({"variant": None}, "has no variant"),
    ],
)
def test_a_malformed_setup_is_refused_in_one_sentence(change, words):
    data = default_setup(DUEL).to_dict() | change
    with pytest.raises(OptionsError, match=words) as refused:
        Setup.from_dict(data)
    assert str(refused.value).count(". ") == 0 and str(refused.value).endswith(".")


def test_the_command_line_choices_are_checked_against_the_game():
    rowcol = get_entry("rowcol")
    chosen = default_setup(rowcol).chosen(rowcol, size="4x6", first="toss", seats=(HUMAN, "easy"), games=3)
    assert (chosen.options, chosen.seats, chosen.games) == (Options(4, 6, "toss"), (HUMAN, "easy"), 3)
    with pytest.raises(OptionsError, match="rowcol has no adjacency option: only noneighbour has"):
        default_setup(rowcol).chosen(rowcol, options={"adjacency": "orthogonal"})
    with pytest.raises(OptionsError, match="rowcol has no cell_scoring option: only locked-duel has"):
        default_setup(rowcol).chosen(rowcol, options={"cell_scoring": True})
    with pytest.raises(OptionsError, match="The option adjacency must be king or orthogonal, not 'diagonal'"):
        grid = get_entry("noneighbour")
        default_setup(grid).chosen(grid, options={"adjacency": "diagonal"})


def test_the_prefs_of_the_last_release_still_load():
    """The new-game panel's memory as the last release wrote it (no match length; an adjacency beside
    a game that never read it)."""
    data = {"variant": "locked-duel", "setups": {"locked-duel": {
        "variant": "locked-duel", "rows": 4, "cols": 6, "first": "toss", "adjacency": "orthogonal",
        "seats": ["human", "perfect"], "starts": "loser", "scoring": "cells"}}}
    setup = LastChoices.from_dict(data).setup_for(DUEL)
    options = Options(4, 6, "toss", {"cell_scoring": True})
    assert setup == Setup("locked-duel", options, (HUMAN, "perfect"), "loser")
    assert setup.new_match(DUEL).scoring == "cells"


#: The match score as the last release saved it beside a game.
OLD_MATCH = {
    "variant": "locked-duel", "size": "5x5", "first": "toss", "adjacency": "king", "scoring": "cells",
    "starts": "loser", "length": 3, "score": [4, 2], "wins": [1, 0], "draws": 0, "games": 1,
    "last_first": 1, "last_winner": 1,
}


@pytest.mark.parametrize(
    ("settings", "seats"),
    [
        # the app's saves: line mode's keys and both seats
        ({"vs": "perfect", "computer_plays": 1, "match": OLD_MATCH, "seats": ["perfect", "easy"]},
         ("perfect", "easy")),
        # line mode's saves: the opponent, the match and the record file
        ({"vs": "easy", "computer_plays": 2, "match": OLD_MATCH, "record": None, "overwrite": False},
         (HUMAN, "easy")),
        ({"vs": None, "computer_plays": 2, "match": OLD_MATCH, "record": "g.txt", "overwrite": True},
         (HUMAN, HUMAN)),
    ],
)
def test_saves_of_the_last_release_resume_with_their_seats_and_score(settings, seats):
    game = Game.new(DUEL, Options(5, 5, "1"), first_player=2).play("C3")
    resumed = resume(game, settings)
    assert resumed.setup.seats == seats and not resumed.note
    assert resumed.match.score == (4, 2) and resumed.match.length == 3
    assert (resumed.setup.starts, resumed.match.scoring, resumed.setup.games) == ("loser", "cells", 3)
    assert resumed.setup.options.game_options == {"cell_scoring": True}
    assert resumed.setup.options.first == "toss"  # the match's own, kept for its later games


def test_an_unreadable_save_resumes_the_moves_with_people_and_says_so():
    game = Game.new(DUEL, Options(5, 5, "1"), first_player=1).play("C3")
    resumed = resume(game, {"setup": {"variant": "locked-duel", "rows": "many"}, "match": {"score": 1}},
                     fresh_length=1)
    assert resumed.setup.seats == (HUMAN, HUMAN) and resumed.match == Match(DUEL, game.options, length=1)
    assert "players could not be read" in resumed.note and "match score could not be restored" in resumed.note
    nothing = resume(game, {}, fresh_length=1)  # the store could not read the settings at all
    assert nothing.match.length == 1 and not nothing.note
