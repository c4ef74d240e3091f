"""Who sits in a seat: a person (`HUMAN`), a computer player named by its level, or (seat 2 of a
game hosted online) a friend who joins over the network (`ONLINE`)."""

from gridgames.engine.roles import Party, Seat, parse_seat

__all__ = ["HUMAN", "ONLINE", "Seat", "parse_seat"]

HUMAN = Party.HUMAN
ONLINE = Party.ONLINE
