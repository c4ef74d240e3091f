"""The tests' PostgreSQL: a throwaway cluster (benchmarks/scratch_pg.py, which the cluster bench shares)."""

from benchmarks.scratch_pg import INSTALL, Cluster, bin_dir, missing

__all__ = ["INSTALL", "Cluster", "bin_dir", "missing"]
