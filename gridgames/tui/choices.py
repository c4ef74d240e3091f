"""The player's last choices on the new-game panel, kept in one small object so it can be saved."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.options import Options

HUMAN = "human"


@dataclass(frozen=True)
class Setup:
    """One game's settings: the variant, its options, and who plays each side.

    A seat is `"human"` or a computer level name (`gridgames.solve.players.LEVELS`).
    """

    variant: str
    options: Options
    seats: tuple[str, str] = (HUMAN, HUMAN)

    def seat(self, player: int) -> str:
        return self.seats[player - 1]

    def is_computer(self, player: int) -> bool:
        return self.seat(player) != HUMAN

    def to_dict(self) -> dict[str, Any]:
        o = self.options
        return {
            "variant": self.variant,
            "rows": o.rows,
            "cols": o.cols,
            "first": o.first,
            "adjacency": o.adjacency,
            "seats": list(self.seats),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Setup:
        """Raises GameError (or KeyError/TypeError) on a malformed entry."""
        options = Options(int(data["rows"]), int(data["cols"]), str(data["first"]), str(data["adjacency"]))
        seats = tuple(str(s) for s in data.get("seats", (HUMAN, HUMAN)))
        if len(seats) != 2:
            raise GameError("A game has exactly two seats.")
        return cls(str(data["variant"]), options, (seats[0], seats[1]))


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
        choices = cls(variant=data.get("variant"))
        for key, raw in dict(data.get("setups", {})).items():
            try:
                setup = Setup.from_dict(raw)
            except (GameError, KeyError, TypeError, ValueError):
                continue
            if setup.variant == key:
                choices.setups[key] = setup
        return choices
