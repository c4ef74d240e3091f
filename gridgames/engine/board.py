"""The board sizes a game allows: rows and columns each in a range, or a list of sizes.

A game declares them in its entry (`Entry.sizes`, beside its default size); every way into a game
(the new-game panel, the command line, saves, records, online rooms) meets the same refusal, in one
sentence, because `Game.new` asks the entry. A game that declares nothing allows every size the
engine does.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridgames.engine.options import MAX_SIZE, MIN_SIZE


@dataclass(frozen=True)
class Sizes:
    """Rows from `rows[0]` to `rows[1]` and columns from `cols[0]` to `cols[1]`; or, when `listed` is
    given, exactly those (rows, columns) sizes."""

    rows: tuple[int, int] = (MIN_SIZE, MAX_SIZE)
    cols: tuple[int, int] = (MIN_SIZE, MAX_SIZE)
    listed: tuple[tuple[int, int], ...] = ()

    def allows(self, rows: int, cols: int) -> bool:
        if self.listed:
            return (rows, cols) in self.listed
        return self.rows[0] <= rows <= self.rows[1] and self.cols[0] <= cols <= self.cols[1]

    def describe(self) -> str:
        """'3x3, 4x4 or 5x5', '4 to 9 rows and 4 to 9 columns', '5 to 8 rows and columns'."""
        if self.listed:
            texts = [f"{rows}x{cols}" for rows, cols in self.listed]
            return ", ".join(texts[:-1]) + " or " + texts[-1] if len(texts) > 1 else texts[0]
        if self.rows == self.cols:
            return f"{self.rows[0]} to {self.rows[1]} rows and columns"
        return f"{self.rows[0]} to {self.rows[1]} rows and {self.cols[0]} to {self.cols[1]} columns"

    def row_counts(self) -> tuple[int, ...]:
        """Every number of rows some allowed size has."""
        if self.listed:
            return tuple(sorted({rows for rows, _ in self.listed}))
        return tuple(range(self.rows[0], self.rows[1] + 1))

    def col_counts(self) -> tuple[int, ...]:
        if self.listed:
            return tuple(sorted({cols for _, cols in self.listed}))
        return tuple(range(self.cols[0], self.cols[1] + 1))

    @property
    def is_every_size(self) -> bool:
        return not self.listed and self.rows == self.cols == (MIN_SIZE, MAX_SIZE)

    def problems(self, default: tuple[int, int]) -> list[str]:
        """What is wrong with this declaration and a default size, one sentence each (`check`)."""
        found = []
        for low, high in () if self.listed else (self.rows, self.cols):
            if not (isinstance(low, int) and isinstance(high, int) and MIN_SIZE <= low <= high <= MAX_SIZE):
                found.append(f"The sizes {low} to {high} are not a range within {MIN_SIZE} to {MAX_SIZE}.")
        for rows, cols in self.listed:
            if not all(isinstance(n, int) and MIN_SIZE <= n <= MAX_SIZE for n in (rows, cols)):
                found.append(f"The listed size {rows}x{cols} is not within {MIN_SIZE} to {MAX_SIZE}.")
        if len(set(self.listed)) != len(self.listed):
            found.append("A listed size appears twice.")
        if not found and not self.allows(*default):
            rows, cols = default
            found.append(f"The default size {rows}x{cols} is not one it allows ({self.describe()}).")
        return found
