"""`make test-loaded`'s script hands pytest its own options whole: `-n 2` is a worker count, not a
test path named "2" (which made pytest stop with a usage error)."""

from __future__ import annotations

from pathlib import Path

from scripts.test_loaded import FOLDERS, split_arguments

ONE_TEST = f"{Path(__file__).resolve().parent / 'tui' / 'test_play.py'}::test_refused_move_says_why"


def test_pytest_options_keep_their_values_and_paths_are_what_exists():
    options = ["-n", "2", "--dist", "loadgroup"]
    assert split_arguments(options) == (FOLDERS, options)
    assert split_arguments([ONE_TEST, "-n", "2", "-x"]) == ([ONE_TEST], ["-n", "2", "-x"])
