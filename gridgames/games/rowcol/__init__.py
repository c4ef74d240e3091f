"""Row or column (rule book 003): `rules`, `solver` hooks, the `books` entry and its rules page."""
