"""Domineering: Vertical places dominoes upright, Horizontal flat; the player who cannot place one loses
(Andersson, in Gardner 1974; Winning Ways, chapter 5).

Domineering is partizan, so a position has no nim value and the outcome of a sum of regions does not
follow from the regions' outcomes; it is solved by search. `reference` is the readable Python solver,
`_native.c` the same search in C (an optional extension), `solver` the public entry point that picks one.
"""
