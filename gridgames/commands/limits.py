"""Limits shared by the command-line solver paths: validated budgets and when an exact solver is too slow.

Every search the command line starts has a budget, like the app's: `analyse` and
`play --plain --vs LEVEL` never run an unbounded search, whatever the board size.
"""

from __future__ import annotations

import argparse
import math

#: The largest budget accepted: a command that thinks longer than this is a hang, not an analysis.
MAX_BUDGET = 600.0


def budget(text: str) -> float:
    """argparse type for `--budget SECONDS`: finite, positive, at most MAX_BUDGET."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text[:40]}' is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0 or value > MAX_BUDGET:
        raise argparse.ArgumentTypeError(
            f"a budget is a number of seconds above 0 and at most {MAX_BUDGET:g}, not '{text[:40]}'"
        )
    return value


#: The ratings `gridgames puzzle --rating` takes (the puzzles' own range lies well inside it).
MIN_RATING, MAX_RATING = 100, 3500


def rating(text: str) -> float:
    """argparse type for `--rating N`: a whole number from MIN_RATING to MAX_RATING."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text[:40]}' is not a whole number") from None
    if not MIN_RATING <= value <= MAX_RATING:
        raise argparse.ArgumentTypeError(
            f"a rating is from {MIN_RATING} to {MAX_RATING}, not '{text[:40]}'"
        )
    return float(value)
