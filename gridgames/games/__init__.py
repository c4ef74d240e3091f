"""The games: every rule book installed, found through the `gridgames.games` entry points.

The built-in games register through the same entry-point group (in `pyproject.toml`) as a
separately installed plugin does, so there is one way in (read by `discovery`, which finds what
`importlib.metadata` finds). A plugin that fails to load, or loads as something other than a
`RuleBook`, is skipped and reported in one sentence (`problems()`); it never stops the app.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from gridgames.engine.entry import Entry
from gridgames.engine.errors import OptionsError
from gridgames.engine.options import GameOptions, unknown_option
from gridgames.engine.rules import Rules
from gridgames.games import guard
from gridgames.games.api import GENERIC, RuleBook, Solver
from gridgames.games.discovery import entry_points
from gridgames.games.guard import Guard, GuardedRules, unwrapped
from gridgames.solve import hooks

GROUP = "gridgames.games"


@lru_cache(maxsize=1)
def _load() -> tuple[dict[str, RuleBook], tuple[str, ...]]:
    books: dict[str, RuleBook] = {}
    problems: list[str] = []
    for point in entry_points(GROUP):
        try:
            book = point.load()
            _check(point.name, book)
        except Exception as error:  # noqa: BLE001 - any fault in a plugin is reported, not raised
            problems.append(
                f"The game '{point.name}' ({point.value}) could not be loaded and is left out: "
                f"{_one_line(error)}"
            )
            continue
        if point.name in books:
            problems.append(f"Two games are called '{point.name}'; the second ({point.value}) is left out.")
            continue
        books[point.name] = guarded(book)
    # the rule books in their order, then the games of our own (no book number), then by id
    ordered = dict(sorted(books.items(), key=lambda it: (not it[1].entry.book, it[1].entry.book, it[0])))
    return ordered, tuple(problems)


def guarded(book: RuleBook) -> RuleBook:
    """The rule book with its rules and solver hooks behind a guard: a fault in the game's code
    switches that game off for the run instead of stopping everything (see `guard`). Its entry
    carries the rest of the book (phrases, words, rules page, the guarded solver hooks): the one
    object a front end is handed for the game."""
    watch = Guard(book.entry.id, book.entry.title)
    rules = GuardedRules(book.entry.rules, watch, book.solver)
    entry = replace(
        book.entry, rules=rules, phrases=book.phrases, words=book.words, rules_page=book.rules_page,
        solver=rules.hooks,
    )
    return replace(book, entry=entry)


def _check(name: str, book: object) -> None:
    """Refuse what is not a usable RuleBook, so a broken plugin fails here and not mid-game."""
    if not isinstance(book, RuleBook):
        raise TypeError(f"it is a {type(book).__name__}, not a gridgames RuleBook")
    if book.entry.id != name:
        raise ValueError(f"its entry point is named '{name}' but its id is '{book.entry.id}'")
    if name != name.strip().lower() or not name:
        raise ValueError("a game id is lower case without spaces")


def _one_line(error: Exception) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if text.endswith(".") else text + "."


def rule_books() -> tuple[RuleBook, ...]:
    """Every loaded rule book, in rule-book order."""
    return tuple(_load()[0].values())


def catalogue() -> tuple[Entry, ...]:
    """Every loaded game's catalogue entry, in rule-book order."""
    return tuple(book.entry for book in rule_books())


def problems() -> tuple[str, ...]:
    """One sentence per game plugin that could not be loaded."""
    return _load()[1]


def rule_book(variant: str) -> RuleBook:
    """The rule book with this id; raises OptionsError listing the ids that exist."""
    books = _load()[0]
    try:
        return books[variant.strip().lower()]
    except KeyError:
        raise OptionsError(
            f"There is no game called '{variant}': choose one of {', '.join(books)}."
        ) from None


def get_entry(variant: str) -> Entry:
    """The catalogue entry with this id (the lookup records and matches are given)."""
    return rule_book(variant).entry


def ids_where(feature: Callable[[Entry], bool]) -> str:
    """The ids of the games with `feature`, for messages ("noneighbour", "a, b")."""
    return ", ".join(entry.id for entry in catalogue() if feature(entry)) or "no game"


def registered_solver(rules: Rules[Any]) -> Solver:
    """The solver hooks of the game whose rules these are (each game's own, guarded: two games
    sharing a rules class keep their own solvers). Rules outside the registry (a game's own rules,
    unwrapped for a search's inner loop or built by a test) get the first loaded game's of their
    class, or the generic defaults."""
    if isinstance(rules, GuardedRules):
        return rules.hooks
    return _solvers().get(type(rules), GENERIC)


hooks.use_lookup(registered_solver)  # the shared solving code finds each game's hooks through the registry


@lru_cache(maxsize=1)
def _solvers() -> dict[type, Solver]:
    found: dict[type, Solver] = {}
    for book in rule_books():
        if book.solver is not GENERIC:
            found.setdefault(type(unwrapped(book.entry.rules)), book.solver)
    return found


def native_cores() -> tuple[str, ...]:
    """The optional C core module of every built-in game package that has one, built or not (its
    `_native.c` is in the source tree, or its compiled module is installed)."""
    import pkgutil
    from importlib.util import find_spec
    from pathlib import Path

    found = []
    for package in pkgutil.iter_modules(__path__):
        name = f"{__name__}.{package.name}._native"
        if package.ispkg and (any((Path(p) / package.name / "_native.c").is_file() for p in __path__)
                              or find_spec(name) is not None):
            found.append(name)
    return tuple(found)


def declares(name: str) -> Callable[[Entry], bool]:
    """Whether a game declares the option `name` (for `ids_where`)."""
    return lambda entry: any(spec.name == name for spec in entry.option_specs)


def no_such_option(entry: Entry, name: str) -> str:
    """The sentence refusing an option `entry` does not declare: 'rowcol has no adjacency option:
    only noneighbour has.' when other games declare it."""
    others = ids_where(declares(name))
    if others == "no game":
        return unknown_option(name, entry.option_specs, entry.id)
    return f"{entry.id} has no {name} option: only {others} has."


def resolve_options(entry: Entry, given: Mapping[str, object] | None) -> GameOptions:
    """`entry.resolve_options`, refusing an option of another game in the words of `no_such_option`."""
    for name in given or {}:
        if not any(spec.name == name for spec in entry.option_specs):
            raise OptionsError(no_such_option(entry, str(name)))
    return entry.resolve_options(given)


def reload() -> None:
    """Look for games again (after a plugin was installed or registered at run time)."""
    _load.cache_clear()
    _solvers.cache_clear()
    guard.forget()  # new rule books: none is switched off yet



__all__ = [
    "GROUP", "catalogue", "declares", "get_entry", "ids_where", "native_cores", "no_such_option", "problems",
    "registered_solver", "reload", "resolve_options", "rule_book", "rule_books",
]
