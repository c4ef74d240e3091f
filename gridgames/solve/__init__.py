"""Exact solvers, search and computer players. Never imports Textual."""
