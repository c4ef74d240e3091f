"""Amazons on a small board, an example plugin (see rules.py)."""
