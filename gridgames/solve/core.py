"""Which solving core answers: the optional C extension (`_native`) or the pure-Python reference.

The C core is built by `pip install .` when a C compiler is there (see setup.py) and used when it
imports; otherwise every solver runs its Python reference, which gives the same values, slower.
`GRIDGAMES_CORE=python` in the environment forces the reference (for comparisons and tests).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

from gridgames.solve.budget import Budget, SearchTimeout

_native: ModuleType | None
try:
    from gridgames.solve import _native  # type: ignore[attr-defined, no-redef]
except ImportError:  # no compiler at install time, or a build for another Python: use the reference
    _native = None

_enabled = _native is not None and os.environ.get("GRIDGAMES_CORE", "").lower() != "python"


def native() -> Any | None:
    """The C module when it is built and in use, else None."""
    return _native if _enabled else None


def native_module() -> Any | None:
    """The C module when it is built, whether or not it is in use (to clear its memo)."""
    return _native


def built() -> bool:
    """Whether the C core was built and imports (whether or not it is in use)."""
    return _native is not None


def use_native(enabled: bool) -> bool:
    """Switch the C core on or off (when built); returns the previous setting. For tests and `make bench`."""
    global _enabled
    previous = _enabled
    _enabled = enabled and _native is not None
    return previous


def name() -> str:
    """One line for `gridgames --version` and the app: which core answers."""
    if _enabled:
        return "native core (C)"
    if _native is not None:
        return "Python core (the C core is built but switched off)"
    return "Python core (no C core: it was not built)"


def budget_args(budget: Budget | None) -> tuple[float, Callable[[], bool] | None]:
    """(seconds left or -1, stop check) for a native call under `budget`."""
    if budget is None:
        return -1.0, None
    left = budget.remaining()
    return (-1.0 if left is None else left), budget.expired


def stopped(budget: Budget | None) -> SearchTimeout:
    """The exception for a native call that came back stopped (None)."""
    if budget is not None:
        try:
            budget.check()
        except SearchTimeout as error:
            return error
    return SearchTimeout()
