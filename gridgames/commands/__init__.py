"""Subcommands of `gridgames`: each module has `add_arguments(parser)` and `run(args)`."""
