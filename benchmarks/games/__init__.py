"""Each rules family's part of `make bench`: `<family>.py` (named after its package under
`gridgames/games/`) holds a `BENCH = benching.GameBench(...)`, and may run alone (`--quick`)."""
