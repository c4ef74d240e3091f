"""Node Kayles on the grid: one rules family played by two rule books (000 and 002).

`rules` is the family, `solver` its solver hooks, `books` the two rule books (names, symbols,
coordinates, line-mode phrases) and the `*.md` files their rules pages.
"""
