"""Which solving core answers: each game's optional C extension or its pure-Python reference.

A game's C core (`gridgames/games/<family>/_native.c`, built by `pip install .` when a C compiler is
there, see setup.py) is the module `<its package>._native`; the game's solver asks `load` for it once
and uses it while the switch is on; otherwise it runs its Python reference, which gives the same
values, slower. `GRIDGAMES_CORE=python` in the environment forces the references (for comparisons and
tests). This module names no game: a game's package names its own core.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable
from typing import Any

from gridgames.solve.budget import Budget, SearchTimeout

_enabled = os.environ.get("GRIDGAMES_CORE", "").lower() != "python"


class NativeCore:
    """One game's optional C extension, imported once; calling it gives the module while in use, else None."""

    def __init__(self, module_name: str) -> None:
        self.module_name = module_name
        try:
            self.module: Any | None = importlib.import_module(module_name)
        except ImportError:  # no compiler at install time, or a build for another Python: use the reference
            self.module = None

    def __call__(self) -> Any | None:
        return self.module if _enabled else None

    @property
    def built(self) -> bool:
        """Whether the extension was built and imports (whether or not it is in use)."""
        return self.module is not None


_cores: dict[str, NativeCore] = {}


def load(module_name: str) -> NativeCore:
    """The game's C core called `module_name` (e.g. its package + "._native"), imported on first use."""
    core = _cores.get(module_name)
    if core is None:
        core = _cores[module_name] = NativeCore(module_name)
    return core


def loaded() -> tuple[NativeCore, ...]:
    """Every C core a game has asked for in this process."""
    return tuple(_cores.values())


def enabled() -> bool:
    """Whether the C cores are in use where built (the switch; `GRIDGAMES_CORE=python` turns it off)."""
    return _enabled


def use_native(enabled: bool) -> bool:
    """Switch the C cores on or off; returns the previous setting. For tests and `make bench`."""
    global _enabled
    previous = _enabled
    _enabled = enabled
    return previous


def clear() -> None:
    """Forget every value the loaded C cores memoised (benchmarks and comparisons start cold)."""
    for core in loaded():
        if core.module is not None:
            core.module.clear()


def name(module_names: Iterable[str]) -> str:
    """One line for `gridgames --version` and the app: which core answers, given every game's core."""
    cores = [load(module) for module in module_names]
    if not cores:
        return "Python core (no game has a C core)"
    built = [core for core in cores if core.built]
    if not built:
        return "Python core (no C core: it was not built)"
    if not _enabled:
        return "Python core (the C core is built but switched off)"
    if len(built) < len(cores):
        missing = ", ".join(_game(core.module_name) for core in cores if not core.built)
        return f"native core (C), except the Python core for {missing} (its C core was not built)"
    return "native core (C)"


def _game(module_name: str) -> str:
    """`gridgames.games.<family>._native` -> `<family>`."""
    return module_name.rsplit(".", 2)[-2]


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
