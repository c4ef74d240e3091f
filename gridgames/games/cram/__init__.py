"""Cram: two players take turns placing a domino on two orthogonally adjacent empty cells; the
player who cannot place one loses (Gardner 1974; Winning Ways, chapter 23).

Cram is impartial, so every position is a nim-heap (its Sprague-Grundy value) and the empty cells fall
apart into independent regions whose values XOR. `reference` is the readable Python solver, `_native.c`
the same method in C (an optional extension), `solver` the public entry point that picks one.
"""
