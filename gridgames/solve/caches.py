"""One call that forgets every memoised value and table, Python and C, so a comparison starts cold.

Each game's solver registers its own forgetting (`register`) as it is imported; this module names no
game. The C cores' memos are emptied through `core.clear`.
"""

from __future__ import annotations

from collections.abc import Callable

from gridgames.solve import core

_forgetters: list[Callable[[], None]] = []


def register(forget: Callable[[], None]) -> Callable[[], None]:
    """Have `clear_caches` call `forget` (a solver's own clear_cache); returns it, so it can decorate."""
    if forget not in _forgetters:
        _forgetters.append(forget)
    return forget


def clear_caches() -> None:
    """Forget every memoised value and table in the loaded Python solvers and C cores."""
    for forget in _forgetters:
        forget()
    core.clear()
