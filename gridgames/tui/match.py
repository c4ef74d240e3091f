"""The running score of a series of games played with the same options."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class MatchScore:
    """Results by game number, so undoing a finished game takes its result back."""

    results: dict[int, int | None] = field(default_factory=dict)  # game number -> winner (None = draw)

    def record(self, game_number: int, winner: int | None) -> None:
        self.results[game_number] = winner

    def forget(self, game_number: int) -> None:
        self.results.pop(game_number, None)

    def wins(self, player: int) -> int:
        return sum(1 for w in self.results.values() if w == player)

    @property
    def draws(self) -> int:
        return sum(1 for w in self.results.values() if w is None)

    @property
    def games(self) -> int:
        return len(self.results)
