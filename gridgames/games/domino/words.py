"""Line mode's words for the domino games, shared by Cram and Domineering (which names its own players)."""

from __future__ import annotations

from gridgames.games.api import Phrases

#: Line mode's words for the domino games (Cram, and Domineering with its own players' names).
DOMINO_PHRASES = Phrases(
    turn="{player} to place a domino.",
    prompt="Your domino: ",
    moved={"place": "{player} places a domino on {cell}."},
    no_moves="{name} has no room for a domino. {winner_name} wins!",
    move_help="a domino as its two cells, e.g. B2-B3 or B2-C2 (either order; (2,2)-(2,3) works too)",
)
