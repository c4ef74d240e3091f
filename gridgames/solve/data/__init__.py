"""Tables shipped with the solvers (see scripts/make_nodekayles_table.py)."""
