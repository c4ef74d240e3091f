"""The player's last choices on the new-game panel, kept in one small object so it can be saved."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.match import SCORING_CHOICES, STARTS_CHOICES, Match
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.seats import HUMAN

ONLINE = "online"  # seat 2 only: a friend who joins over the network (`gridgames.online`)


@dataclass(frozen=True)
class Setup:
    """One game's settings: the variant, its options, who plays each side, and the match rules.

    A seat is `"human"` or a computer level name (`gridgames.solve.players.LEVELS`). `starts` says
    who starts each later game of the match, `scoring` how it is scored (see `engine.match`).
    """

    variant: str
    options: Options
    seats: tuple[str, str] = (HUMAN, HUMAN)
    starts: str = "alternate"
    scoring: str = "wins"

    def seat(self, player: int) -> str:
        return self.seats[player - 1]

    def is_computer(self, player: int) -> bool:
        return self.seat(player) != HUMAN

    def new_match(self, entry: Entry) -> Match:
        """An empty match score with these options and match rules."""
        return Match(entry, self.options, scoring=self.scoring, starts=self.starts)

    def to_dict(self) -> dict[str, Any]:
        o = self.options
        return {
            "variant": self.variant,
            "rows": o.rows,
            "cols": o.cols,
            "first": o.first,
            "adjacency": o.adjacency,
            "seats": list(self.seats),
            "starts": self.starts,
            "scoring": self.scoring,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Setup:
        """Raises GameError (or KeyError/TypeError) on a malformed entry."""
        options = Options(int(data["rows"]), int(data["cols"]), str(data["first"]), str(data["adjacency"]))
        seats = tuple(str(s) for s in data.get("seats", (HUMAN, HUMAN)))
        if len(seats) != 2:
            raise GameError("A game has exactly two seats.")
        variant = str(data["variant"])
        starts, scoring = str(data.get("starts", "alternate")), str(data.get("scoring", "wins"))
        if starts not in STARTS_CHOICES or scoring not in SCORING_CHOICES:
            raise GameError("The saved match rules are unknown.")
        if scoring == "cells" and not get_entry(variant).cell_scoring:
            scoring = "wins"
        return cls(variant, options, (seats[0], seats[1]), starts, scoring)


def default_setup(entry: Entry) -> Setup:
    """The rule book's own board size and first player, two humans."""
    return Setup(entry.id, Options(entry.default_rows, entry.default_cols, entry.default_first))


@dataclass
class LastChoices:
    """The last variant picked and the last setup per variant (in memory; `to_dict` for storage)."""

    variant: str | None = None
    setups: dict[str, Setup] = field(default_factory=dict)

    def setup_for(self, entry: Entry) -> Setup:
        return self.setups.get(entry.id) or default_setup(entry)

    def remember(self, setup: Setup) -> None:
        self.variant = setup.variant
        self.setups[setup.variant] = setup

    def with_seats(self, entry: Entry, seats: tuple[str, str]) -> Setup:
        return replace(self.setup_for(entry), seats=seats)

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "setups": {k: s.to_dict() for k, s in self.setups.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LastChoices:
        """Entries that no longer make sense are dropped rather than failing the whole file."""
        variant, setups = data.get("variant"), data.get("setups")
        choices = cls(variant=variant if isinstance(variant, str) else None)
        for key, raw in (setups.items() if isinstance(setups, dict) else ()):
            try:
                setup = Setup.from_dict(raw)
            except (GameError, KeyError, TypeError, ValueError, AttributeError, OverflowError):
                continue
            if setup.variant == key:
                choices.setups[key] = setup
        return choices
