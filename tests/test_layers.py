"""The package is layered, and the layers hold: no module imports from a layer above its own.

    engine < solve (what every game shares) < games < play (storage; play: session, seats, set-up)
    < front ends
    (lineplay, online, tui) < commands (and cli)

A game's package may use the shared solving code; `solve` imports no game (it finds a game's solver
hooks through the lookup the game registry installs). Every import counts: at the top of a module,
inside a function (where upward imports hide), under TYPE_CHECKING, relative, and the module names
given to `importlib.import_module` / `__import__` as text (an f-string counts by its fixed prefix).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gridgames"

#: Each top-level part of gridgames and its layer (lower numbers are lower layers). A new top-level
#: module or package must be given its layer here before the test passes.
LAYERS = {
    "gridgames": 0,  # the package itself: __version__, imported from anywhere
    "engine": 0,
    "solve": 1,
    "games": 2,
    "play": 3,  # the play layer: session, seats, set-up, computer players, narration
    "puzzles": 3,  # beside the play layer: puzzle data, ratings and runs, driven by the front ends
    "storage": 3,
    "lineplay": 4,
    "online": 4,
    "tui": 4,
    "check": 4,  # `gridgames check` drives the lower layers as a front end does
    "commands": 5,
    "cli": 5,
    "__main__": 5,
}

#: Today's upward imports outside this branch's scope, each (importing module, imported module):
#: both front ends take a helper from `commands`. The lead moves those helpers down and empties
#: this list; an entry that no longer happens fails `test_the_allow_list_names_only_imports_that_happen`.
ALLOWED_UPWARD = {
}


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int

    @property
    def where(self) -> str:
        return f"{self.importer}:{self.line} imports {self.imported}"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _text_module(call: ast.Call) -> str | None:
    """The module named as text in import_module("...") / __import__("...") (an f-string: its prefix)."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if name not in ("import_module", "__import__") or not call.args:
        return None
    arg = call.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        return str(arg.values[0].value).rstrip(".") or None
    return None


def imports_of(source: str, importer: str, is_package: bool = False) -> list[Import]:
    """Every gridgames module `source` imports, wherever the import statement sits."""
    found: list[Import] = []
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - node.level + 1]
                module = ".".join(anchor + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from gridgames.x import y` may import the module gridgames.x.y: count the deeper name.
            names = [f"{module}.{alias.name}" for alias in node.names if alias.name != "*"] or [module]
        elif isinstance(node, ast.Call):
            text = _text_module(node)
            names = [text] if text else []
        found += [Import(importer, name, node.lineno) for name in names
                  if name == "gridgames" or name.startswith("gridgames.")]
    return found


#: The top-level modules and packages of gridgames (a name imported from the package itself, such as
#: `from gridgames import __version__`, belongs to the package's own layer).
TOP_LEVEL = {path.stem for path in PACKAGE.glob("*.py")}
TOP_LEVEL |= {path.parent.name for path in PACKAGE.glob("*/__init__.py")}


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in TOP_LEVEL else "gridgames"


def all_imports() -> list[Import]:
    found: list[Import] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += imports_of(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py")
    return found


IMPORTS = all_imports()


def _from(layer: str) -> list[Import]:
    return [i for i in IMPORTS if layer_of(i.importer) == layer]


def test_every_part_of_the_package_has_a_layer():
    parts = {layer_of(i.importer) for i in IMPORTS} | {layer_of(i.imported) for i in IMPORTS}
    parts |= TOP_LEVEL - {"__init__"}
    assert not parts - set(LAYERS), f"give these a layer in LAYERS: {sorted(parts - set(LAYERS))}"


def test_the_engine_imports_nothing_of_gridgames_above_it():
    upward = [i.where for i in _from("engine") if layer_of(i.imported) not in ("engine", "gridgames")]
    assert not upward


def test_solve_imports_no_game_and_no_front_end():
    """What every game shares imports no game: not at the top, not inside a function."""
    upward = [i.where for i in _from("solve") if layer_of(i.imported) not in ("engine", "solve", "gridgames")]
    assert not upward


@pytest.mark.parametrize("above", ["tui", "commands", "online", "lineplay", "play", "cli"])
def test_games_import_no_front_end(above):
    assert not [i.where for i in _from("games") if layer_of(i.imported) == above]


def test_no_module_imports_from_a_layer_above_its_own():
    upward = [
        i.where for i in IMPORTS
        if LAYERS.get(layer_of(i.imported), 0) > LAYERS.get(layer_of(i.importer), 0)
        and not _allowed(i)
    ]
    assert not upward


def _matches(i: Import, importer: str, imported: str) -> bool:
    return i.importer == importer and (i.imported == imported or i.imported.startswith(imported + "."))


def _allowed(i: Import) -> bool:
    return any(_matches(i, a, b) for a, b in ALLOWED_UPWARD)


def test_the_allow_list_names_only_imports_that_happen():
    stale = [(a, b) for a, b in ALLOWED_UPWARD if not any(_matches(i, a, b) for i in IMPORTS)]
    assert not stale, f"remove from ALLOWED_UPWARD (no longer imported): {stale}"


def test_imports_hidden_in_functions_and_given_as_text_are_found():
    """The checker itself: an upward import inside a function, a relative one, one under
    TYPE_CHECKING and one by import_module are each seen (else the rules above prove nothing)."""
    source = '''
from typing import TYPE_CHECKING
import importlib
if TYPE_CHECKING:
    from gridgames.tui.app import GridGamesApp
def later():
    from gridgames.games import registered_solver
    from ..commands import play
    importlib.import_module(f"gridgames.online.{name}")
    return __import__("gridgames.lineplay")
'''
    found = {i.imported for i in imports_of(source, "gridgames.solve.analysis")}
    assert {"gridgames.tui.app.GridGamesApp", "gridgames.games.registered_solver", "gridgames.commands.play",
            "gridgames.online", "gridgames.lineplay"} <= found
    assert {layer_of(name) for name in found} == {"tui", "games", "commands", "online", "lineplay"}
