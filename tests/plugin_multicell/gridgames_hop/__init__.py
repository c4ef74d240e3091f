"""Tromino Hop, an example gridgames plugin whose moves cover three cells or step from one to another."""
