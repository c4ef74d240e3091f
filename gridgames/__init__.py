"""gridgames: two-player 'last player able to move wins' grid games for the terminal."""

__version__ = "0.1.0"
