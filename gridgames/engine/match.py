"""Match play: a series of games with a running score, as every rule book suggests.

A `Match` is an immutable value: `record(game)` returns the match with that game
counted. Scoring is one point per win, or (where the rule book offers it,
a game's options say so, `Entry.scoring`) one point per cell a player marked in the game. Who starts each game
alternates, follows a coin toss, or goes to the last game's winner or loser.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from gridgames.engine import legacy
from gridgames.engine.entry import Entry, EntryLookup, MatchScoring
from gridgames.engine.errors import OptionsError
from gridgames.engine.game import Game
from gridgames.engine.options import Options, parse_size
from gridgames.engine.outcome import Outcome
from gridgames.engine.roles import Starts
from gridgames.engine.rules import Content

STARTS_CHOICES = tuple(Starts)


def marked_cells(game: Game, player: int) -> int:
    """How many cells `player` has marked on the board of the game's current position."""
    state, rules = game.state, game.rules
    wanted = Content.P1 if player == 1 else Content.P2
    return sum(
        1 for index in range(state.rows * state.cols) if rules.content(state, state.cell(index)) == wanted
    )


@dataclass(frozen=True)
class Match:
    """The score so far. `length` is the number of games agreed (None: play on until the players stop)."""

    entry: Entry
    options: Options
    starts: Starts = Starts.ALTERNATE
    length: int | None = None
    score: tuple[int, int] = (0, 0)
    wins: tuple[int, int] = (0, 0)
    draws: int = 0
    games: int = 0
    last_first: int | None = None  # who started the last recorded game
    last_winner: int | None = None

    def __post_init__(self) -> None:
        if self.starts not in STARTS_CHOICES:
            raise OptionsError(
                f"Who starts each game must be one of {', '.join(STARTS_CHOICES)}, not '{self.starts}'."
            )
        object.__setattr__(self, "starts", Starts(self.starts))  # a spelling given as text becomes the type
        if self.length is not None and self.length < 1:
            raise OptionsError(f"A match is at least one game, not {self.length}.")

    @property
    def scoring(self) -> MatchScoring:
        """A point per win, or per marked cell (as the game's options say)."""
        return self.entry.scoring(self.options)

    # -- the next game -----------------------------------------------------------------
    def next_first_player(self, rng: random.Random | None = None) -> int:
        """Who starts the next game. The first game follows the options (1, 2 or a coin toss)."""
        rng = rng or random.Random()
        if self.last_first is None:
            return self.options.resolve_first(rng)
        if self.starts == "toss":
            return rng.choice((1, 2))
        if self.starts in ("winner", "loser") and self.last_winner is not None:
            return self.last_winner if self.starts == "winner" else 3 - self.last_winner
        return 3 - self.last_first  # alternate, and after a draw

    def new_game(self, rng: random.Random | None = None) -> Game:
        return Game.new(self.entry, self.options, first_player=self.next_first_player(rng))

    # -- counting --------------------------------------------------------------------
    def points(self, game: Game, outcome: Outcome | None = None) -> tuple[int, int]:
        """What a finished game adds to the score (`outcome`: one the rules did not decide, a resignation)."""
        outcome = outcome or game.outcome
        if outcome is None:
            raise OptionsError("Only a finished game counts in the match score.")
        if self.scoring == "cells":
            return marked_cells(game, 1), marked_cells(game, 2)
        if outcome.winner is None:
            return 0, 0
        return (1, 0) if outcome.winner == 1 else (0, 1)

    def record(self, game: Game, outcome: Outcome | None = None) -> Match:
        """The match with the finished `game` counted; OptionsError for an unfinished or foreign game.

        `outcome` overrides the rules' verdict, for a game that ended otherwise (online: a resignation).
        """
        if game.entry.id != self.entry.id:
            raise OptionsError(f"A game of {game.entry.id} does not count in a match of {self.entry.id}.")
        if self.is_over:
            raise OptionsError(f"The match of {self.length} games is already over.")
        gained = self.points(game, outcome)
        outcome = outcome or game.outcome
        winner = outcome.winner if outcome else None
        wins = (self.wins[0] + (winner == 1), self.wins[1] + (winner == 2))
        return replace(
            self,
            score=(self.score[0] + gained[0], self.score[1] + gained[1]),
            wins=wins,
            draws=self.draws + (winner is None),
            games=self.games + 1,
            last_first=game.first_player,
            last_winner=winner,
        )

    # -- the standing --------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.length is not None and self.games >= self.length

    @property
    def leader(self) -> int | None:
        """1 or 2 when ahead on points, None when level."""
        if self.score[0] == self.score[1]:
            return None
        return 1 if self.score[0] > self.score[1] else 2

    def describe(self) -> str:
        """'Match score after 3 games: Player A (A) 2, Player B (B) 1.'"""
        unit = "" if self.scoring == "wins" else " cells"
        games = f"{self.games} game{'s' if self.games != 1 else ''}"
        if self.length is not None:
            games += f" of {self.length}"
        return (
            f"Match score after {games}: {self.entry.player(1)} {self.score[0]}{unit}, "
            f"{self.entry.player(2)} {self.score[1]}{unit}."
        )

    def verdict(self) -> str:
        """The match result in one sentence (meaningful once the match is over)."""
        if self.leader is None:
            return f"The match is drawn, {self.score[0]} to {self.score[1]}."
        high, low = max(self.score), min(self.score)
        return f"{self.entry.player(self.leader)} wins the match, {high} to {low}."

    # -- persistence (JSON values, for the autosave) ---------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.entry.id,
            "size": self.options.size,
            "first": self.options.first,
            "options": self.options.option_dict(),
            "starts": self.starts,
            "length": self.length,
            "score": list(self.score),
            "wins": list(self.wins),
            "draws": self.draws,
            "games": self.games,
            "last_first": self.last_first,
            "last_winner": self.last_winner,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], lookup: EntryLookup) -> Match:
        """The inverse of `to_dict`, finding the game with `lookup`; raises OptionsError on anything
        malformed."""
        try:
            entry = lookup(str(data["variant"]))
            data = legacy.upgrade(data, entry.option_names)  # a score saved by an earlier release
            rows, cols = parse_size(str(data["size"]))
            given = data.get("options", {})
            if not isinstance(given, dict):
                raise OptionsError("The saved match score's options are not a table of options.")
            options = Options(rows, cols, str(data["first"]), entry.resolve_options(given))
            score, wins = data["score"], data["wins"]
            match = cls(
                entry,
                options,
                starts=Starts.parse(str(data["starts"]), "way to choose who starts"),
                length=_optional_int(data["length"]),
                score=(int(score[0]), int(score[1])),
                wins=(int(wins[0]), int(wins[1])),
                draws=int(data["draws"]),
                games=int(data["games"]),
                last_first=_optional_int(data["last_first"]),
                last_winner=_optional_int(data["last_winner"]),
            )
        except (KeyError, IndexError, TypeError, ValueError, OverflowError) as error:
            if isinstance(error, OptionsError):
                raise
            raise OptionsError(f"The saved match score is unreadable ({error!r}).") from None
        return match


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)
