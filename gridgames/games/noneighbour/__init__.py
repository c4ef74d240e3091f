"""Not touching the last marker (rule book 004).

`rules`, `solver` hooks, the `books` entry and its rules page.
"""
