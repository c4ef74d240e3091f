"""Tokens and walls (rule book 001): `rules`, `solver` hooks, the `books` entry and its rules page."""
