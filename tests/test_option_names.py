"""Nothing outside a game's package names one of its options: every module of gridgames outside
`gridgames/games/` is read, and none holds the name of an option a shipped game declares (besides the
engine's own, size and who starts), as an identifier or in a string. The migration modules, which read
the files of releases before games declared their options, are the one exception."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from gridgames import games
from gridgames.games.guard import unwrapped

PACKAGE = Path(__file__).resolve().parent.parent / "gridgames"
#: The migration modules: old files (engine.legacy) and old databases (the rooms' schema steps).
MIGRATIONS = {PACKAGE / "engine" / "legacy.py", PACKAGE / "online" / "store" / "migrations.py"}


def shipped_option_names() -> set[str]:
    """The options the games shipped in gridgames/games/ declare."""
    return {
        spec.name
        for book in games.rule_books()
        if type(unwrapped(book.entry.rules)).__module__.startswith("gridgames.games.")
        for spec in book.entry.option_specs
    }


def mentions(path: Path, names: set[str]) -> list[str]:
    """'engine/match.py:12 cell_scoring' for each identifier or string token naming one of `names`."""
    either = "|".join(map(re.escape, sorted(names)))
    words = re.compile(rf"(?<![A-Za-z0-9])({either})(?![A-Za-z0-9])", re.I)
    found = []
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for token in tokens:
        if token.type in (tokenize.NAME, tokenize.STRING) and (hit := words.search(token.string)):
            found.append(f"{path.relative_to(PACKAGE)}:{token.start[0]} {hit.group(1)}")
    return found


def test_the_shipped_games_declare_the_options_this_test_looks_for():
    assert {"adjacency", "cell_scoring"} <= shipped_option_names()


def test_no_module_outside_the_games_names_a_games_option():
    names = shipped_option_names()
    outside = [
        path for path in sorted(PACKAGE.rglob("*.py"))
        if (PACKAGE / "games") not in path.parents and path not in MIGRATIONS
    ]
    assert len(outside) > 100  # the whole package was read, not an empty folder
    found = [line for path in outside for line in mentions(path, names)]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("path", sorted(MIGRATIONS), ids=lambda p: p.name)
def test_the_exceptions_are_the_migration_modules_and_they_do_name_them(path):
    assert mentions(path, shipped_option_names())  # else the exception is no longer needed
