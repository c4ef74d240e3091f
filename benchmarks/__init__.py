"""`make bench` and `make bench-online`: the solvers' speed and strength, start-up, the online load and
attacks. Beside the package, not in it: the wheel ships only the product (pyproject's package search
takes `gridgames*` alone). Run from the repository's root: `python -m benchmarks.solvers`."""
