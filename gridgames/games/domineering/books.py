"""Domineering, a game of our own: Vertical places dominoes upright, Horizontal across; last one wins."""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import Content, GridState
from gridgames.games.api import RuleBook, Words, page
from gridgames.games.domineering.hooks import DomineeringSolver
from gridgames.games.domineering.rules import RULES
from gridgames.games.domino.words import DOMINO_PHRASES


def _turn(entry: Entry, state: GridState, legal: tuple[Move, ...], alternate: bool, keys: str) -> str:
    """'Vertical (V) to place upright: pick a • cell, then the one above or below it (12 places).'"""
    player, count = entry.player(state.to_move), len(legal)
    places = "1 place" if count == 1 else f"{count} places"
    if state.to_move == 1:
        return f"{player} to place upright: pick a • cell, then the one above or below it ({places})."
    return f"{player} to place across: pick a • cell, then the one left or right of it ({places})."


DOMINEERING = RuleBook(
    Entry(
        id="domineering",
        book="",
        title="Domineering",
        summary="Vertical places dominoes upright, Horizontal across. Place the last one.",
        rules=RULES,
        player_names=("Vertical", "Horizontal"),
        symbols={Content.EMPTY: ".", Content.P1: "V", Content.P2: "H", Content.BLOCKED: "#"},
        coord_style="letter",
        board_style="letters",
        default_rows=8,
        default_cols=8,
        blocked_word="covered",
    ),
    DOMINO_PHRASES,
    page(__package__, "domineering.md"),
    DomineeringSolver(),
    Words(turn=_turn),
)
