"""Seats, levels and match rules are types whose values are the old spellings, so old files still read."""

from __future__ import annotations

import json

import pytest

from gridgames.engine.errors import OptionsError
from gridgames.engine.roles import Level, Party, Starts, parse_seat
from gridgames.games import get_entry
from gridgames.play.setup import Setup


def test_a_member_is_its_spelling_everywhere() -> None:
    assert Level("hard") is Level.HARD and Level.HARD == "hard"
    assert f"{Level.PERFECT} {Party.ONLINE} {Starts.TOSS}" == "perfect online toss"
    assert json.dumps({"seats": [Party.HUMAN, Level.EASY]}) == '{"seats": ["human", "easy"]}'
    assert {"medium": 1}[Level.MEDIUM] == 1


@pytest.mark.parametrize("text", ["expert", "", "HUMAN", "\x1b[31mred"])
def test_an_unknown_seat_gets_one_sentence(text: str, one_sentence) -> None:
    with pytest.raises(OptionsError) as error:
        parse_seat(text)
    assert one_sentence(str(error.value))
    assert "\x1b" not in str(error.value)


def test_a_setup_given_text_holds_the_types() -> None:
    entry = get_entry("rowcol")
    setup = Setup(entry.id, entry.default_options(), ("human", "perfect"), "toss")  # type: ignore[arg-type]
    assert setup.seats == (Party.HUMAN, Level.PERFECT) and isinstance(setup.seats[1], Level)
    assert setup.starts is Starts.TOSS
    assert Setup.from_dict(json.loads(json.dumps(setup.to_dict()))) == setup
