"""The last choices survive a round trip through plain data (what the storage module will save)."""

from __future__ import annotations

from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import LastChoices, Setup


def test_last_choices_round_trip_and_defaults() -> None:
    choices = LastChoices()
    entry = get_entry("noneighbour")
    assert choices.setup_for(entry).options == Options(3, 3, "1")  # the book's own board
    setup = Setup("noneighbour", Options(5, 4, "toss", {"adjacency": "orthogonal"}), ("human", "perfect"))
    choices.remember(setup)
    again = LastChoices.from_dict(choices.to_dict())
    assert again.variant == "noneighbour" and again.setup_for(entry) == setup


def test_broken_saved_choices_are_dropped_not_fatal() -> None:
    data = {
        "variant": "rowcol",
        "setups": {
            "rowcol": {"variant": "rowcol", "rows": 99, "cols": 5, "first": "1", "adjacency": "king"},
            "walls": {"variant": "walls", "rows": 6, "cols": 6, "first": "2", "adjacency": "king"},
        },
    }
    choices = LastChoices.from_dict(data)
    assert "rowcol" not in choices.setups
    assert choices.setup_for(get_entry("walls")).options == Options(6, 6, "2")
