"""The catalogue: one entry per rule book, looked up by id.

`locked-duel` and `blocking` share the Node Kayles rules; only their names,
symbols and coordinates differ.
"""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.errors import OptionsError
from gridgames.engine.rules import Content
from gridgames.variants import nodekayles, noneighbour, rowcol, walls

CATALOGUE: tuple[Entry, ...] = (
    Entry(
        id="locked-duel",
        book="000",
        title="Locked Grid Duel",
        summary="Mark a free cell; it and its four neighbours lock. Make the last mark.",
        rules=nodekayles.RULES,
        player_names=("Player A", "Player B"),
        symbols={Content.EMPTY: " ", Content.P1: "A", Content.P2: "B", Content.BLOCKED: "L"},
        coord_style="pair",
        board_style="brackets",
        default_first="toss",
        blocked_word="locked",
    ),
    Entry(
        id="walls",
        book="001",
        title="Grid Lock",
        summary="Step your token or build a wall each turn. Trap the other token.",
        rules=walls.RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="pair",
        board_style="dots",
        blocked_word="wall",
    ),
    Entry(
        id="blocking",
        book="002",
        title="GridLock",
        summary="Place a marker; it and its four neighbours are blocked. Make the last move.",
        rules=nodekayles.RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: "_", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="pair",
        board_style="pipes",
        default_first="toss",
        blocked_word="blocked",
    ),
    Entry(
        id="rowcol",
        book="003",
        title="Gridlock",
        summary="Claim a cell in the row or column of your opponent's last claim.",
        rules=rowcol.RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="letter",
        board_style="letters",
        blocked_word="claimed",
    ),
    Entry(
        id="noneighbour",
        book="004",
        title="GridLock",
        summary="Place anywhere not touching your opponent's last marker, diagonals included.",
        rules=noneighbour.RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="pair",
        board_style="boxes",
        default_rows=3,
        default_cols=3,
        blocked_word="forbidden",
        has_adjacency_option=True,
    ),
)

_BY_ID = {entry.id: entry for entry in CATALOGUE}


def get_entry(variant: str) -> Entry:
    """The entry with this id; raises OptionsError listing the ids that exist."""
    try:
        return _BY_ID[variant.strip().lower()]
    except KeyError:
        raise OptionsError(
            f"There is no game called '{variant}': choose one of {', '.join(_BY_ID)}."
        ) from None
