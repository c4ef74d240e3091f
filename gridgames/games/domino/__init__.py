"""What the domino games (Cram, Domineering) share: the rules of placing a domino, line mode's words and
the answer of a domino solver. Not a game itself: no entry point names it."""
