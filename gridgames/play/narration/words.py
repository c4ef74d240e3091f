"""The sentences every front end says about play, each written once: a new game of a match, a
takeback, why a move cannot be made now, and online help being off. (`tests/test_narrator_owns.py`
fails when one of them is written as a literal anywhere else in the package.)"""

from __future__ import annotations

#: Said when a player asks for a hint or the analysis in an online game (issue 29, item 10).
ONLINE_NO_HELP = "Hints and the analysis are off in online games: both sides play without the solver's help."
#: A move or key of a player's pressed by someone watching.
WATCHING = "You are watching: spectators cannot play."
#: A move offered while the computer thinks.
COMPUTER_TO_MOVE = "Please wait: it is the computer's turn."
#: A move pointed at on an earlier position shown read-only.
READ_ONLY = "This earlier position is read-only: press Esc to go back, or t to play on from here."
#: A choice of several cells let go (Esc).
LET_GO = "Let go of the picked cells."


def moves_phrase(n: int) -> str:
    """'1 move', '3 moves'."""
    return "1 move" if n == 1 else f"{n} moves"


def took_back(what: str, to_play: str = "", note: str = "") -> str:
    """The one takeback sentence: 'Took back 2 moves (nothing more to undo).', 'Took back the last
    move; Player 2 (O) to play.', 'Took back your move and its reply.'."""
    said = f"Took back {what}" + (f" ({note})" if note else "")
    return said + (f"; {to_play} to play." if to_play else ".")


def new_game_sentence(number: int, starter: str, why: str = "") -> str:
    """The one new-game sentence: 'Game 2: Player B (O) moves first (the loser starts).'."""
    return f"Game {number}: {starter} moves first" + (f" ({why})." if why else ".")


def coin_toss_sentence(starter: str) -> str:
    """'Coin toss: Player B (O) starts.' (the first game of a match whose starter is tossed)."""
    return f"Coin toss: {starter} starts."


def game_over_refusal(headline: str, again: str) -> str:
    """A move offered after the end: 'The game is over (Player 1 wins): press n to play again.'."""
    return f"The game is over ({headline}): {again}"


def game_over_line(said: str) -> str:
    """'Game over: Player 1 (X) wins.' (a status line, `analyse`)."""
    return f"Game over: {said}"


def takeback_asked(other: str) -> str:
    """The asker's side of a takeback request, said as it is sent or as the room shows it."""
    return f"You asked to take back your last move; waiting for {other} to accept or decline."


def rematch_offered(other: str) -> str:
    """The offerer's side of a rematch offer."""
    return f"You offered a rematch; waiting for {other}: who moves first swaps, the match score carries on."


def low_time(left: str) -> str:
    """Said once when a player's own running clock falls into its last ten seconds (the clocks' faces
    mark it with '⚠ low' too): 'Your time is low: 0:09.8 left.'."""
    return f"⚠ Your time is low: {left} left."


def not_your_turn(mover: str) -> str:
    return f"It is not your turn: {mover} is to move."
