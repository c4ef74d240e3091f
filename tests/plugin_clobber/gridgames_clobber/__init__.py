"""Clobber, an example plugin (see rules.py)."""
