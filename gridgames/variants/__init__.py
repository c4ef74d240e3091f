"""The rules families (one module each) and the catalogue of rule books."""

from gridgames.variants.catalogue import CATALOGUE, get_entry

__all__ = ["CATALOGUE", "get_entry"]
