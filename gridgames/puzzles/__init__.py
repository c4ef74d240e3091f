"""Puzzles: positions with exactly one winning move, proven by the solvers, rated with Glicko-2."""
