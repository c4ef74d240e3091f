"""Who sits in a seat: a person (`HUMAN`), a computer player named by its level, or (seat 2 of a
game hosted online) a friend who joins over the network (`ONLINE`)."""

HUMAN = "human"
ONLINE = "online"
