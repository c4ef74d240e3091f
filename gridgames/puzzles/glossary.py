"""The words the puzzles' explanations use, defined for a newcomer: the app's glossary (reached from the
puzzle screen's explanation) and `glossary` at the plain puzzle prompt show these."""

from __future__ import annotations

#: Each term and its definition: the explanations' theory first, then the words of the themes.
TERMS: tuple[tuple[str, str], ...] = (
    ("Grundy value", "A number that says how a region plays in a game where both players have the same "
     "moves (an impartial game, like the marking and domino-placing games here): 0 means the player "
     "to move there loses; any other value means they win. Each region's value is the smallest "
     "number that none of its moves leads to (so a region with no move is worth 0)."),
    ("Nim-sum (XOR)", "How the values of separate regions combine: write each value in binary and add "
     "the digits column by column without carrying (1+1 = 0). The whole position is lost for the "
     "player to move exactly when the nim-sum is 0, so the winning move leaves a nim-sum of 0."),
    ("Mirror", "A position that is its own image when the board is turned half a turn, with no cell "
     "touching its image. Whatever the opponent plays, you play the mirror image, which is always "
     "free, so you never run out of moves first."),
    ("Matching", "Free cells taken in pairs. Where each claim must share a row or column with the last "
     "one: a pairing of cells that share a row or column, as large as any can be. Whatever cell the "
     "opponent claims, you claim its partner, and you make the last claim."),
    ("Pairing", "Where a marker may not touch the last one: the free cells in pairs whose two cells do "
     "not touch. Whatever the opponent marks, its partner is still allowed for you, so you always "
     "have an answer."),
    ("Split into regions", "When the free cells fall apart into groups that no move can join again, "
     "each group is a separate small game, and a move is played in one of them."),
    ("Safe move", "A move the opponent can never take away from you: none of their moves covers its "
     "cells, now or later (the board only fills up). Where each side places dominoes its own way, "
     "counting safe moves is how the literature explains who wins an end game: keep yours, spoil "
     "theirs."),
    ("Room to move (mobility)", "How many moves each side has. A side that runs out of moves on its "
     "turn loses, so keeping your room and taking the opponent's wins games."),
    ("Zugzwang", "A position where having to move is bad: whoever is to move loses. The winning move "
     "hands that position to the opponent."),
    ("Winning move", "A move after which the opponent loses whatever they play, if you keep playing "
     "well. A puzzle has exactly one."),
    ("Longest defence", "The reply that loses slowest against best play. A puzzle's replies are always "
     "the longest defence, so you learn the strongest resistance."),
)


def markdown() -> str:
    """The glossary as a Markdown page."""
    body = "\n\n".join(f"**{term}**: {text}" for term, text in TERMS)
    return f"# Glossary\n\nThe words the explanations use.\n\n{body}\n"


def text() -> str:
    """The glossary as plain text, one term a paragraph."""
    return "\n".join(f"{term}: {what}" for term, what in TERMS)
