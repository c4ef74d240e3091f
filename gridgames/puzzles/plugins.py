"""Puzzles a game ships itself, through its solver's one hook (`Solver.puzzles`): how a plugin's
puzzles come in beside the shipped file. A plugin gives positions only (the moves from the start);
each is proven here, as the generator proves the shipped ones (`proof`: exactly one winning move, the
longest defence, a single winning answer at every later step), and given its certificate's theme and
its themes (`themes`). A position that does not prove, does not play, or breaks a bound is left out:
nothing unproven is offered. Proved once, when the puzzles are first wanted.

`every()` and `pool(entry)` are the shipped puzzles and these together: what the trainer offers, what
`--list` lists and what the dashboard counts.
"""

from __future__ import annotations

import math
import re

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.options import Options
from gridgames.games import get_entry, rule_books
from gridgames.games.guard import GameFault
from gridgames.puzzles import data, proof, themes
from gridgames.puzzles.model import Puzzle
from gridgames.solve.hooks import PuzzlePosition, solver_of

#: Bounds on what a plugin ships (its positions are hostile until proven).
MAX_PER_GAME = 100
MAX_MOVES = 400
MAX_MOVE_CHARS = 40
MIN_RATING, MAX_RATING = 800.0, 2500.0
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


#: The last answer, with the rule books it was proven for (the games may be loaded again).
_proven: tuple[tuple[int, ...], tuple[Puzzle, ...]] | None = None


def plugin_puzzles() -> tuple[Puzzle, ...]:
    """Every puzzle the installed games ship themselves that proves, in the catalogue's order (proven
    once for the games loaded). A game whose code fails meanwhile is switched off (`games.guard`) and
    gives none."""
    global _proven
    books = rule_books()
    key = tuple(id(book) for book in books)
    if _proven is not None and _proven[0] == key:
        return _proven[1]
    taken = {puzzle.id for puzzle in data.shipped()}
    found: list[Puzzle] = []
    for book in books:
        entry = book.entry
        try:
            positions = solver_of(entry).puzzles()
            for position in positions[:MAX_PER_GAME]:
                puzzle = proven(entry, position)
                if puzzle is not None and puzzle.id not in taken:
                    taken.add(puzzle.id)
                    found.append(puzzle)
        except GameFault:
            continue
    _proven = (key, tuple(found))
    return _proven[1]


def every() -> tuple[Puzzle, ...]:
    """The shipped puzzles, then the games' own."""
    return data.shipped() + plugin_puzzles()


def pool(entry: Entry) -> tuple[Puzzle, ...]:
    """The puzzles of the rules `entry` plays: shipped, and the games' own."""
    own = tuple(p for p in plugin_puzzles() if data.same_rules(get_entry(p.game), entry))
    return data.pool(entry) + own


def proven(entry: Entry, position: PuzzlePosition) -> Puzzle | None:
    """The puzzle `position` makes in `entry`'s rules, proven; None where it is not one."""
    if not _ID.fullmatch(position.id) or position.first not in (1, 2) or len(position.moves) > MAX_MOVES:
        return None
    if not all(isinstance(text, str) and len(text) <= MAX_MOVE_CHARS for text in position.moves):
        return None
    rating = position.rating
    if isinstance(rating, bool) or not isinstance(rating, int | float) or not math.isfinite(rating):
        return None
    rules = entry.rules
    try:
        chosen = entry.resolve_options(position.options)
        options = Options(position.rows, position.cols, str(position.first), chosen)
        moves, state = data._read(entry, rules.start(options, position.first), position.moves, position.id)
        evaluation = proof.proven(rules, state)
        if len(evaluation.move_values) < proof.MIN_LEGAL or len(proof.winning(evaluation)) != 1:
            return None
        found = proof.solved(rules, state, evaluation)
    except (GameError, proof.NotProven):
        return None
    if found is None:
        return None
    line = found.line
    certificate = solver_of(entry).certificate(entry, state, line[0])
    theme = "" if certificate is None else certificate.theme
    return Puzzle(
        id=position.id, game=entry.id, rows=position.rows, cols=position.cols, first=position.first,
        options=chosen, moves=tuple(entry.format_move(m) for m in moves),
        solution=tuple(entry.format_move(m) for m in line),
        theme=theme, rating=float(min(max(rating, MIN_RATING), MAX_RATING)),
        legal=len(evaluation.move_values), nodes=found.tree,
        themes=themes.themes(rules, state, line, theme),
    )
