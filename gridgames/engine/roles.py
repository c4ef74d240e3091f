"""Who plays and how a match goes on, as types: computer levels, the other kinds of seat, who starts.

Each is a `str` enum whose values are the spellings used on the command line (`--vs`, `--starts`), in
saves, records and the network protocol, so a member equals its old string and old files load unchanged:
`Level("hard") is Level.HARD` and `Level.HARD == "hard"`. Reading text goes through `parse`, which gives
one sentence for anything else.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

from gridgames.engine.errors import OptionsError
from gridgames.engine.safetext import printable

E = TypeVar("E", bound="Spelled")


class Spelled(str, Enum):
    """A str enum that prints as its spelling (`f"{Level.HARD}"` is `hard`, on every Python)."""

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def parse(cls: type[E], text: str, what: str) -> E:
        """The member spelled `text`, or one sentence naming the choices (`what`: 'level', ...)."""
        try:
            return cls(text)
        except ValueError:
            shown = printable(text, 40)
            choices = ", ".join(member.value for member in cls)
            raise OptionsError(f"There is no {what} '{shown}': choose one of {choices}.") from None


class Level(Spelled):
    """A computer player's strength, weakest first."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    PERFECT = "perfect"


class Party(Spelled):
    """A seat not taken by a computer level: a person at this keyboard, or a friend over the network."""

    HUMAN = "human"
    ONLINE = "online"


#: Who sits in a seat: a person, a computer level, or (seat 2 of a hosted game) a friend online.
Seat = Party | Level


def parse_seat(text: str) -> Seat:
    """A seat from its spelling (`human`, `online` or a level), or one sentence (which names the levels:
    a bad seat is nearly always a mistyped `--vs`)."""
    try:
        return Party(text)
    except ValueError:
        return Level.parse(text, "computer level")


class Starts(Spelled):
    """Who starts each game of a match after the first."""

    ALTERNATE = "alternate"
    TOSS = "toss"
    WINNER = "winner"
    LOSER = "loser"
