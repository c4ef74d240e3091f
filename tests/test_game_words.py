"""No module outside a game's own package names a game or a game-only idea (issue 17): the engine,
the shared solving code, the play layer and every front end learn about a game only by asking it.

The check reads the syntax tree of every module outside `gridgames/games/<family>/`: identifiers
(names, attributes, functions, classes, arguments, imports) and string constants other than
docstrings (a docstring's example names no game in the code's behaviour) must not contain a game's
id or family, nor the words of one game's rules: wall, token, has_walls, in_setup.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from gridgames import games

PACKAGE = Path(__file__).resolve().parent.parent / "gridgames"
WORDS = {"wall", "walls", "token", "tokens", "has_walls", "in_setup"}
#: Names that contain a banned word but are another library's or another field's idea.
NOT_GAME_IDEAS = {
    "token_hex", "token_urlsafe", "token_bytes",  # the standard library's secrets (secrets, names, keys)
}
#: (file, name) pairs still to move into the games' packages, each with why it is here.
ALLOWED = {
    # rate limiting's token bucket, not a game's token
    ("online/server.py", "tokens"),
    ("online/limits.py", "tokens"),
}
#: Whole files that still name games, to be split into each game's package (none left).
ALLOWED_FILES: set[str] = set()


def game_names() -> set[str]:
    """Every registered game's id and family, as they may appear in code (locked-duel, locked_duel)."""
    names = set()
    for book in games.rule_books():
        for name in (book.entry.id, book.entry.rules.family):
            names |= {name, name.replace("-", "_")}
    return names


def outside_games() -> list[Path]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        if parts[0] == "games" and len(parts) > 2:
            continue  # games/<family>/...: the game's own package
        out.append(path)
    return out


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def identifiers(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.asname or node.name]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    return []


def offences(path: Path, names: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    where = path.relative_to(PACKAGE).as_posix()
    found = []
    for node in ast.walk(tree):
        for name in identifiers(node):
            parts = set(name.lower().split("_")) | set(name.lower().split("."))
            if name in NOT_GAME_IDEAS or (where, name) in ALLOWED:
                continue
            if parts & WORDS or name.lower() in WORDS or name.lower() in names:
                found.append(f"{where}:{getattr(node, 'lineno', '?')}: identifier {name!r}")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words = set(re.findall(r"[a-z][a-z_-]*", node.value.lower()))
            if words & (WORDS | names) and (where, node.value) not in ALLOWED:
                found.append(f"{where}:{node.lineno}: string {node.value[:60]!r}")
    return found


def test_nothing_outside_a_games_package_names_a_game_or_its_ideas() -> None:
    names = game_names()
    assert {"walls", "rowcol", "nodekayles", "locked_duel", "cram"} <= names
    found = [
        offence
        for path in outside_games()
        if path.relative_to(PACKAGE).as_posix() not in ALLOWED_FILES
        for offence in offences(path, names)
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_what_it_looks_for(tmp_path) -> None:
    """The checker itself: a game id in a string, a wall in a name and in_setup are each seen, and a
    docstring's example is not."""
    source = tmp_path / "gridgames" / "tui" / "sample.py"
    source.parent.mkdir(parents=True)
    source.write_text(
        '"""An example: variant rowcol."""\n'
        "def f(state):\n"
        '    wall_mode = getattr(state, "in_setup", False)\n'
        '    return "rowcol" if wall_mode else ""\n'
    )
    global PACKAGE
    saved, PACKAGE = PACKAGE, tmp_path / "gridgames"
    try:
        found = offences(source, game_names())
    finally:
        PACKAGE = saved
    assert any("wall_mode" in f for f in found) and any("in_setup" in f for f in found)
    assert any("'rowcol'" in f for f in found) and not any("An example" in f for f in found)


def test_the_allowed_files_still_need_it() -> None:
    names = game_names()
    for name in ALLOWED_FILES:
        assert offences(PACKAGE / name, names), f"{name} names no game any more: take it off ALLOWED_FILES"
