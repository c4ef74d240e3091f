"""The rule book the `gridgames.games` entry point names: what the app and line mode show."""

from __future__ import annotations

from gridgames.engine import Content
from gridgames.engine.entry import Entry
from gridgames.games.api import Phrases, RuleBook, page
from gridgames_hop.rules import RULES


def _kind_of(before, move) -> str:  # type: ignore[no-untyped-def]
    return "lay" if len(move.cells) == 3 else "hop"


BOOK = RuleBook(
    Entry(
        id="hop",
        book="X02",
        title="Tromino Hop",
        summary="Lay a straight tromino, or hop a stone and wear out its cell. Make the last move.",
        rules=RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "%"},
        coord_style="letter",
        board_style="letters",
        default_rows=4,
        default_cols=4,
        blocked_word="worn out",
    ),
    Phrases(
        turn="{player} to move.",
        prompt="Your move: ",
        moved={"lay": "{player} lays a tromino on {cell}.", "hop": "{player} hops {cell}."},
        kind_of=_kind_of,
        no_moves="{name} cannot move. {winner_name} wins!",
        move_help="a tromino as its three cells (A1-A2-A3), or a hop as from-to (A1-B1)",
    ),
    page(__package__, "rules.md"),
)
