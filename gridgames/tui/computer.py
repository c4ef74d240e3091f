"""Lazy access to the computer players, so the app runs (human only) without the solvers."""

from __future__ import annotations

import importlib.util
from functools import lru_cache


@lru_cache(maxsize=1)
def available() -> bool:
    """Whether `gridgames.solve.players` and `gridgames.solve.analysis` are installed."""
    try:
        return all(
            importlib.util.find_spec(name) is not None
            for name in ("gridgames.solve.players", "gridgames.solve.analysis")
        )
    except ImportError:
        return False


def levels() -> tuple[str, ...]:
    """The computer levels, weakest first; empty without the solvers."""
    if not available():
        return ()
    from gridgames.solve.players import LEVELS

    return tuple(LEVELS)
