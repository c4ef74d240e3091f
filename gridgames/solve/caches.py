"""One call that forgets every memoised value and table in both cores, so a comparison starts cold.

Kept apart from `core` (which every solver imports) so the solvers and their core do not import
each other.
"""

from __future__ import annotations

from gridgames.games.nodekayles import algorithm as nodekayles
from gridgames.games.noneighbour import algorithm as noneighbour
from gridgames.games.walls import algorithm as walls
from gridgames.solve import core


def clear_caches() -> None:
    """Forget every memoised value and table in the Python solvers and the C core."""
    nodekayles.clear_cache()
    noneighbour.clear_cache()
    walls.clear_cache()
    module = core.native_module()
    if module is not None:
        module.clear()
