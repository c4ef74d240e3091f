"""Twin Cells, an example game plugin for gridgames (see docs/adding-a-game.md)."""
