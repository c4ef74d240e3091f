"""A puzzle's themes: what kind of idea solves it, several per puzzle, so a player can choose what to
practise (`gridgames puzzle --theme T`). Each theme is read off the proof and the rules, never guessed:

- by length: "one move", "two moves", "long line" (three or more of the player's moves);
- "ends at once": the line's last move leaves the opponent no move at all;
- the certificate that explains the first move: "Grundy split", "mirror", "matching", "pairing";
- "split into regions": after the first move the free cells fall into independent regions;
- "safe move": no move of the opponent's could ever cover the first move's cells (Domineering's
  safe moves: the opponent cannot take that room away);
- "zugzwang": after the first move, whoever had to move would lose (the opponent must, and does;
  were it the player's turn, the player would): told only where the players' moves differ;
- "set-up phase": the puzzle is set while a piece is still to be placed (a token, before play proper).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState, Rules
from gridgames.solve.hooks import solver_for

ONE_MOVE, TWO_MOVES, LONG_LINE = "one move", "two moves", "long line"
ENDS_AT_ONCE = "ends at once"
REGIONS = "split into regions"
SAFE_MOVE = "safe move"
ZUGZWANG = "zugzwang"
SET_UP = "set-up phase"
#: Every theme a puzzle may carry, in the order they are listed.
THEMES = (
    ONE_MOVE, TWO_MOVES, LONG_LINE, ENDS_AT_ONCE, "Grundy split", "mirror", "matching", "pairing",
    REGIONS, SAFE_MOVE, ZUGZWANG, SET_UP,
)


def themes(rules: Rules[Any], state: GridState, line: tuple[Move, ...], certificate: str) -> tuple[str, ...]:
    """The themes of the puzzle at `state` whose solution is `line` (the player's moves and the
    replies) and whose first move's certificate has the theme `certificate` ("" for none)."""
    found = {(ONE_MOVE, TWO_MOVES, LONG_LINE)[min(len(line) // 2, 2)]}
    end = state
    for move in line:
        end = rules.apply_unchecked(end, move)
    if not rules.legal_moves(end):
        found.add(ENDS_AT_ONCE)
    if certificate:
        found.add(certificate)
    first = line[0]
    after = rules.apply_unchecked(state, first)
    regions = solver_for(rules).regions(after)
    if regions is not None and len(regions) >= 2:
        found.add(REGIONS)
    partisan = _partisan(rules, state)
    if partisan and _safe(rules, state, first):
        found.add(SAFE_MOVE)
    if partisan and _zugzwang(rules, after):
        found.add(ZUGZWANG)
    if rules.phase(state):  # a named opening part of the game (placing the pieces), not its main play
        found.add(SET_UP)
    return tuple(theme for theme in THEMES if theme in found)


def _swapped(state: GridState) -> GridState:
    return replace(state, to_move=3 - state.to_move)


def _partisan(rules: Rules[Any], state: GridState) -> bool:
    """Whether the two players have different moves here (Domineering's directions, each their own
    token): only then can a move be safe from the opponent, or a position bad for whoever moves."""
    return set(rules.legal_moves(state)) != set(rules.legal_moves(_swapped(state)))


def _safe(rules: Rules[Any], state: GridState, move: Move) -> bool:
    """Whether no move the opponent has now (so none ever: the board only fills up) covers a cell
    of `move`."""
    cells = set(move.cells)
    return all(cells.isdisjoint(other.cells) for other in rules.legal_moves(_swapped(state)))


def _zugzwang(rules: Rules[Any], after: GridState) -> bool:
    """Whether the position after the first move, which the opponent to move loses, is proven lost
    for the player too, were it the player's turn: whoever has to move loses."""
    from gridgames.solve.analysis import analyse  # the solvers load only when themes are made
    from gridgames.solve.base import LOSS

    mover = _swapped(after)
    if not rules.legal_moves(mover):
        return True
    evaluation = analyse(rules, mover)
    return evaluation.exact and evaluation.value == LOSS
