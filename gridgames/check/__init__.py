"""`gridgames check`: the conformance checks any installed game must pass, shipped with the app.

`conformance` holds the checks (also what tests/games/test_conformance.py runs on random games);
`gridgames.commands.check` prints them. They drive every layer below the front ends (the engine,
the game's package, the solvers, the board's way of picking a move, the online protocol's limits),
so this package sits with the front ends, under `commands`.
"""
