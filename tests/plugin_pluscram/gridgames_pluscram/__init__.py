"""Cram on a plus-shaped board, an example plugin (see rules.py)."""
