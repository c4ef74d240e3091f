"""Puzzles for the rating and choice tests, made directly (the shipped ones are not needed to rate)."""

from __future__ import annotations

from gridgames.puzzles.model import Puzzle


def made_puzzle(number: int, rating: float = 1500.0, prefix: str = "test") -> Puzzle:
    """A well-formed puzzle value with id `<prefix>-<number>`; only its id and rating matter here."""
    return Puzzle(
        id=f"{prefix}-{number:04d}",
        game="rowcol",
        rows=5,
        cols=5,
        first=1,
        options={},
        moves=(),
        solution=("C3",),
        theme="",
        rating=rating,
        legal=25,
        nodes=1,
    )
