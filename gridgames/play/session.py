"""A game in play, in plain Python: the object the app, line mode and online play all drive.

A `PlaySession` holds one table: the game (an immutable `Game` value), who sits in each seat (a
person or a computer level), the match score, whose computer is thinking, the autosave, the
statistics and the end-of-game review. Front ends ask it to change (`play`, `undo`, `redo`,
`play_on_from`, `next_game`), then redraw from what it holds; it never draws anything itself.

Every change is autosaved (with the seats and the match score, so a killed program resumes at the
last completed move), and the statistics always hold each game's *current* result: a game counts
once it is over, and if it is undone past its end the count is taken back, so finishing it
differently never counts it twice and the first screen, `stats.json` and the match score agree.

The computer's moves and the review are computed elsewhere (a thread, a worker, a process): the
session hands out what to compute (`think_request`, `review_request`) and takes the answer back
(`computer_moved`, `reviewed`), refusing an answer about a position that is no longer current.

    session = PlaySession(Match(entry, options), seats=(HUMAN, "perfect"), store=Store())
    session.play(session.game.parse("C3"))
    request = session.think_request()            # the computer's turn: what to think about
    session.computer_moved(request, choose(...))  # False if the game moved on meanwhile
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.match import Match
from gridgames.engine.moves import Move
from gridgames.engine.outcome import Outcome
from gridgames.play.clocks import GameClock, OutOfTime, time_out
from gridgames.play.narration.words import coin_toss_sentence, new_game_sentence
from gridgames.play.seats import HUMAN
from gridgames.play.setup import Setup, saved_settings, setup_of
from gridgames.storage import Store
from gridgames.storage.writer import Writer

#: Why a later game of a match starts with the player it does.
_WHY_FIRST = {
    "alternate": "the players take turns to start",
    "toss": "by coin toss",
    "winner": "the last game's winner starts",
    "loser": "the last game's loser starts",
}


@dataclass(frozen=True)
class ThinkRequest:
    """What a computer seat must answer: the game as it stood, the level, and a seed of its own."""

    game: Game
    level: str
    seed: float


@dataclass(frozen=True)
class ReviewRequest:
    """A finished game to review: the positions from the start to the end, keyed by the moves."""

    key: tuple[Move, ...]
    game: Game


@dataclass(frozen=True)
class Review:
    """What the end-of-game review proved: the 1-based numbers of the moves after which a proven
    win for the mover became a proven loss, and how many moves it could not judge (a position too
    big to solve, or not proven within the review's time): those are not said to be sound."""

    blunders: frozenset[int]
    unjudged: int = 0


def start_sentence(match: Match, game: Game, name: Callable[[int], str] | None = None) -> str:
    """Who starts `game`, a new game of `match`, and why, when it is news: 'Coin toss: Player B (O)
    starts.', 'Game 2: Player A (X) moves first (the loser starts).'; "" when the book's rule says who
    starts the first game. `name` names a player (default `Entry.player`: name and mark)."""
    starter = (name or match.entry.player)(game.first_player)
    if match.games == 0:
        return coin_toss_sentence(starter) if match.options.first == "toss" else ""
    return new_game_sentence(match.games + 1, starter, _WHY_FIRST[match.starts])


class PlaySession:
    """One table: game, seats, match, thinking, autosave, statistics and review (see the module)."""

    def __init__(
        self,
        match: Match,
        seats: tuple[str, str] = (HUMAN, HUMAN),
        game: Game | None = None,
        store: Store | None = None,
        rng: random.Random | None = None,
        slot: str = "",
    ) -> None:
        self.seats = seats
        self.store = store
        self.slot = slot  # this table's autosave slot (a resumed game keeps its own; see Store.new_slot)
        self.rng = rng or random.Random()
        self.match_base = match  # the score before the current game
        self.game_number = 1
        self.thinking: int | None = None  # the player whose computer is thinking, if any
        self.reviews: dict[tuple[Move, ...], Review] = {}  # finished moves -> what the review proved
        self._counted: tuple[str, str] | None = None  # (opponent, result) of this game in the statistics
        # a finished game opened from a record was not played here: it never counts
        self._countable = game is None or not game.is_over
        self._saved = game is not None and game.cursor > 0  # whether this game is in the autosave
        self.start_message = ""
        self.extra_settings: dict[str, Any] = {}  # a front end's own keys saved beside the game
        #: Where the writes go: None writes at once (line mode), a `Writer` writes behind (the app).
        self.writer: Writer | None = None
        self._held: Any = None  # this game's open-here lock (`Store.hold`), once it has a slot
        self._left = False  # `leave` has run
        self._game = game if game is not None else self._fresh_game()
        self.clock: GameClock | None = None  # a game under a clock (`use_clock`)
        self.timed_out: Outcome | None = None  # the game was lost on time

    def use_clock(self, clock: GameClock) -> None:
        """Play under `clock` from now on: the player to move's time starts running."""
        self.clock = clock
        clock.follow(self._game)

    # -- what the session holds -----------------------------------------------------------
    @property
    def entry(self) -> Entry:
        return self.match_base.entry

    @property
    def game(self) -> Game:
        return self._game

    @property
    def outcome(self) -> Outcome | None:
        """The rules' verdict, or a loss on time."""
        return self._game.outcome or self.timed_out

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def match(self) -> Match:
        """The score with the current game counted once it is over (taken back out by an undo)."""
        if not self.is_over:
            return self.match_base
        try:
            return self.match_base.record(self._game, self.timed_out)
        except GameError:  # a game of another match's options (an opened record) still shows
            return self.match_base

    def is_computer(self, player: int) -> bool:
        return self.seats[player - 1] != HUMAN

    def seat(self, player: int) -> str:
        return self.seats[player - 1]

    @property
    def all_computer(self) -> bool:
        return self.is_computer(1) and self.is_computer(2)

    @property
    def computer_to_move(self) -> bool:
        return not self.is_over and self.is_computer(self._game.state.to_move)

    @property
    def in_progress(self) -> bool:
        return self._game.cursor > 0 and not self.is_over

    @property
    def blunders(self) -> frozenset[int]:
        """The reviewed moves that threw a win away, for the current (finished) position."""
        return self.review.blunders

    @property
    def review(self) -> Review:
        """The review of the current (finished) position; an empty one before it is reviewed."""
        if not self._game.is_over:
            return Review(frozenset())
        return self.reviews.get(self._game.played, Review(frozenset()))

    @property
    def own_blunders(self) -> frozenset[int]:
        """The blunders a person at the board made (never a computer seat's): the ones to learn from."""
        states = self._game.states
        return frozenset(n for n in self.blunders if not self.is_computer(states[n - 1].to_move))

    # -- changes ---------------------------------------------------------------------------
    def play(self, move: Move) -> Game:
        """Play `move` for the player to move; raises GameError (with the rule) when it is illegal, and
        OutOfTime (ending the game) when the mover's time had run out."""
        if self.check_time() is not None:
            raise OutOfTime(self.describe_outcome())
        return self._set(self._game.play(move))

    # -- the clock ---------------------------------------------------------------------------
    def check_time(self) -> Outcome | None:
        """End the game if the player to move has run out of time; the loss on time, or None."""
        if self.timed_out is None and self.clock is not None and not self._game.is_over:
            flagged = self.clock.flagged()
            if flagged is not None:
                self.clock.stop()
                self.timed_out = time_out(flagged)
                self.thinking = None
                self._count()
                self._autosave()
        return self.timed_out

    def keep_clock(self) -> None:
        """The table is left mid-turn: save the clock as it reads now, so a resumed game charges the time
        the player to move spent (and starts their time again from there)."""
        if self.clock is not None and self.timed_out is None and not self._game.is_over and self._saved:
            self._autosave()

    def describe_outcome(self) -> str:
        """The end of the game in one sentence, in the book's player names."""
        outcome = self.outcome
        return self.entry.describe(outcome) if outcome is not None else ""

    def undo(self) -> int:
        """Take back the last move, and the computer's moves before it (unless computers play both
        sides), so a person is to move again. Returns how many moves were taken back."""
        return self._step(Game.undo, lambda g: g.can_undo)

    def redo(self) -> int:
        """Replay what `undo` took back, the same way. Returns how many moves were replayed."""
        return self._step(Game.redo, lambda g: g.can_redo)

    def _step(self, step: Any, possible: Any) -> int:
        if not possible(self._game) or self.timed_out is not None:  # a loss on time is not taken back
            return 0
        game = step(self._game)
        while possible(game) and self.is_computer(game.state.to_move) and not self.all_computer:
            game = step(game)
        moved: int = abs(game.cursor - self._game.cursor)
        self._set(game)
        return moved

    def play_on_from(self, ply: int) -> Game:
        """Go back to the position after `ply` moves and play on from there (later moves stay redoable)."""
        if self.timed_out is not None:  # a loss on time stands
            return self._game
        return self._set(self._game.goto(ply))

    def next_game(self) -> Game:
        """The match's next game (a finished game stays counted; an abandoned one does not)."""
        self.match_base = self.match
        if self.match_base.is_over:  # a match of agreed length is over: a new one starts
            m = self.match_base
            self.match_base = Match(m.entry, m.options, starts=m.starts)
        self.game_number += 1
        self._counted, self._countable = None, True
        self.timed_out = None
        if self.clock is not None:
            self.clock = self.clock.fresh()
        return self._set(self._fresh_game())

    def _fresh_game(self) -> Game:
        match = self.match_base
        game = match.new_game(self.rng)
        self.start_message = start_sentence(match, game)
        return game

    def _set(self, game: Game) -> Game:
        self._game = game
        self.thinking = None
        if self.clock is not None:
            self.clock.follow(game)
        self._count()
        self._autosave()
        return game

    # -- the computer ----------------------------------------------------------------------
    def think_request(self) -> ThinkRequest | None:
        """What the computer to move must think about (and that it now thinks), or None when it is
        a person's turn, the game is over, or the computer is already thinking."""
        if not self.computer_to_move or self.thinking is not None:
            return None
        player = self._game.state.to_move
        self.thinking = player
        return ThinkRequest(self._game, self.seat(player), self.rng.random())

    def computer_moved(self, request: ThinkRequest, move: Move) -> bool:
        """Play the computer's answer; False (and nothing changes) when the game moved on meanwhile.
        Raises GameError if the move is illegal."""
        if request.game is not self._game:
            return False
        self.play(move)
        return True

    def stop_thinking(self) -> None:
        """The computer's search was cancelled or failed: nobody is thinking any more."""
        self.thinking = None

    # -- the review ------------------------------------------------------------------------
    def review_request(self) -> ReviewRequest | None:
        """The finished game to review, unless this ending was reviewed already (also after an undo
        and a redo back to it)."""
        game = self._game
        if not game.is_over or game.played in self.reviews:
            return None
        return ReviewRequest(game.played, game)

    def reviewed(self, request: ReviewRequest, review: Review) -> None:
        """Take the review's answer; a person's mistakes in a game played here are kept across games
        (`puzzles.mistakes`: the dashboard's list), never a computer seat's."""
        self.reviews[request.key] = review
        blunders = review.blunders
        store = self.store
        if store is None or not blunders or not self._countable:
            return
        from gridgames.puzzles.mistakes import MistakeStore, own_mistakes

        mistakes = own_mistakes(request.game, blunders, lambda player: not self.is_computer(player))
        if mistakes:
            self._write(lambda: MistakeStore(store).add(mistakes))

    # -- statistics and autosave --------------------------------------------------------------
    def _result(self) -> tuple[str, str] | None:
        """(opponent, result) for the statistics: a person's results, never computer against computer.
        Against the computer the result is the person's; between people, Player 1's."""
        outcome = self.outcome
        if outcome is None or not self._countable or self.all_computer:
            return None
        human = 1
        if self.is_computer(1) or self.is_computer(2):
            human = 1 if self.is_computer(2) else 2
        opponent = self.seat(3 - human) if self.is_computer(3 - human) else HUMAN
        if outcome.winner is None:
            return opponent, "draw"
        return opponent, "win" if outcome.winner == human else "loss"

    def _count(self) -> None:
        """Keep this game's line in the statistics equal to its current result."""
        wanted = self._result()
        if wanted == self._counted or self.store is None:
            return
        store, variant, counted = self.store, self.entry.id, self._counted

        def count() -> None:
            if counted is not None:
                store.record_result(variant, *counted, change=-1)
            if wanted is not None:
                store.record_result(variant, *wanted)

        self._write(count)
        self._counted = wanted

    def _write(self, job: Any, key: Any = None) -> None:
        """Run a write now, or hand it to the writer (`key`: a waiting job it replaces)."""
        if self.writer is None:
            job()
        else:
            self.writer.submit(job, key)

    @property
    def setup(self) -> Setup:
        """How this table was set up: the match's game, options and rules, and the seats."""
        return setup_of(self.match_base, self.seats, self.clock.control if self.clock else None)

    def saved_settings(self) -> dict[str, Any]:
        """What the autosave keeps beside the game (`play.setup.saved_settings`), with `extra_settings`."""
        clock = {"clock": self.clock.reading()} if self.clock is not None else {}
        return saved_settings(self.setup, self.match_base) | clock | self.extra_settings

    def hold(self) -> None:
        """Mark this table's game as open here, so no other window offers it (see `Store.hold`)."""
        if self.store is not None and self.slot and self._held is None:
            self._held = self.store.hold(self.slot)

    def leave(self) -> None:
        """The table is left: the clock kept as it reads (`keep_clock`) and the game released
        (`close`), once, before the first screen lists the unfinished games again."""
        if not self._left:
            self._left = True
            self.keep_clock()
            self.close()

    def close(self) -> None:
        """The table is left: its game may be offered elsewhere again."""
        if self.store is not None and self._held is not None:
            self.store.let_go(self._held)
        self._held = None

    @property
    def worth_keeping(self) -> bool:
        """Whether the game in play is one to save (see `_worth_keeping`)."""
        return self._worth_keeping(self._game)

    def _worth_keeping(self, game: Game) -> bool:
        """A game to offer back: a person has moved in it (only the computer's opening move is not
        worth a place in the unfinished list), or a match is under way (its score rides along)."""
        if self.match_base.games > 0:
            return True
        people = [player for player in (1, 2) if not self.is_computer(player)]
        if not people:
            return game.cursor > 0
        return any(game.player_of_move(ply) in people for ply in range(game.cursor))

    def _autosave(self) -> None:
        """Save the game in progress; drop the save once it is over or back where nobody has moved."""
        store, game = self.store, self._game
        if store is None:
            return
        if not self.slot:
            self.slot = store.new_slot(self.entry.id)  # never another game's (or window's) slot
        self.hold()
        slot, key = self.slot, ("save", self.slot)
        if game.is_over or self.timed_out is not None:
            self._write(lambda: store.clear_current(slot), key)
            self._saved = False  # the score so far rides with the next game, saved once it starts
        elif self._worth_keeping(game):
            settings = self.saved_settings()
            self._write(lambda: store.save_current(game, settings, slot=slot), key)
            self._saved = True
        elif self._saved:  # taken back to before anyone's move: nothing to resume
            self._write(lambda: store.clear_current(slot), key)
            self._saved = False
