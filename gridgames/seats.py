"""Who sits in a seat: a person (`HUMAN`) or a computer player, named by its level."""

HUMAN = "human"
