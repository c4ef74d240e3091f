"""The tests' PostgreSQL: a throwaway cluster (see gridgames/online/scratch_pg.py)."""

from gridgames.online.scratch_pg import INSTALL, Cluster, bin_dir, missing

__all__ = ["INSTALL", "Cluster", "bin_dir", "missing"]
