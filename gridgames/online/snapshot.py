"""A room's snapshot: its game's current position, stored with each move, so a room loads without a replay.

Replaying a stored game through the rules costs milliseconds a move on a large board (a 900-move
walls game: seconds). So each move's row is committed together with the room's snapshot (the same
transaction, in both stores): the position after the move in the game's own text
(`Rules.encode_state`), a few positions before it, the ply and the last move's text. Reading it back
trusts nothing (a damaged or edited database):

- a digest over the room's id and everything else catches a damaged or misplaced snapshot;
- the ply and the last move's text must be those of the stored move rows;
- each position is read by the game (`Rules.decode_state`), which refuses one that is not a
  consistent position of this game, with these options, that many moves in;
- the moves between the positions kept must be legal where they were played.

It is written every `EVERY` moves (and with the move that ends a game, a takeback, ...), not with each:
writing one costs as much as the rest of a move's work on the server, and the database a row that much
longer each time. A snapshot a few moves behind is read as above, and the moves stored after it are
replayed on top by the rules (fewer than `EVERY`: microseconds each on the app's boards, on the loader
pool), each checked as it is played.

A snapshot that fails any of this (or is missing: a room stored before snapshots, one too large,
or one the game's code failed to write) is ignored and the room's moves are replayed, off the
event loop (`online.rooms`). The game's hooks are called unguarded here, their failures caught:
trouble with a snapshot costs a replay, never a move, and never switches the game off.

Which positions it keeps: the current one and the two before it (so the last move is checked, and
the usual takeback needs no replay). A game whose positions can repeat needs more for its
repetition count: every earlier position that may still come back (`Rules.may_recur`: in walls,
those since the last wall). Kept as positions, that grew by one a move in a walls game of token steps
(281 KB at ply 3,044, written on every move). So the snapshot keeps one more position instead, the
one from which the moves since replay those counts exactly (`Game.since`: in walls, the position
after the last wall), and loading replays the moves from it to the positions kept (on the loader
pool, folded as it goes: linear in those moves). A snapshot is a few positions long however long
the game: writing it costs the same at every move.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.options import Options, parse_size
from gridgames.engine.safetext import printable
from gridgames.engine.snapshot import SnapshotError
from gridgames.games import get_entry
from gridgames.games.guard import unwrapped
from gridgames.online.history import Mark, first_mark, play_on
from gridgames.online.store import RoomRow

log = logging.getLogger("gridgames.online")

VERSION = 2  # 2: the position the repetition count replays from ("from")
#: A snapshot is written with every EVERY-th move of a game (and with its last): at most EVERY - 1 moves are
#: replayed on top of it when the room loads.
EVERY = 8
#: Positions kept before the current one, whatever the game.
KEEP_BEFORE = 2
#: A snapshot longer than this is not written (the room then loads by replay, as before snapshots).
TEXT_MAX = 1024 * 1024
_FIELDS = ("v", "game", "ply", "last", "states", "from", "sum")


def due(ply: int, over: bool) -> bool:
    """Whether a move that makes `ply` moves is stored with a snapshot (`over`: it ended the game)."""
    return over or ply % EVERY == 0


def write(room_id: str, game_no: int, base: int, game: Game, last: str) -> str | None:
    """The snapshot of `game` (the room's game from ply `base` on; `last`: the last move's text, ""
    before any), or None when it would be longer than TEXT_MAX or the game cannot write its
    positions (the room then loads by replay: a snapshot never costs a move)."""
    try:
        return _write(room_id, game_no, base, game, last)
    except Exception as error:  # noqa: BLE001 - the game's own code, unguarded so as not to switch it off
        log.warning("no snapshot of a room of %s: %s", game.entry.id, printable(str(error), 120))
        return None


def _write(room_id: str, game_no: int, base: int, game: Game, last: str) -> str | None:
    rules = unwrapped(game.rules)
    states, encode = game.states[: game.cursor + 1], rules.encode_state
    first = max(0, len(states) - 1 - KEEP_BEFORE)
    since = _since(rules, game, states, first)
    payload: dict[str, Any] = {
        "v": VERSION, "game": game_no, "ply": base + game.cursor, "last": last,
        "states": [_encoded(encode, state, state.ply) for state in states[first:]],
        "from": None if since is None else [since.ply, _encoded(encode, since, since.ply)],
    }
    payload["sum"] = _digest(room_id, payload)
    text = json.dumps(payload, separators=(",", ":"))
    return text if len(text) <= TEXT_MAX else None


def _since(rules: Any, game: Game, states: tuple[Any, ...], first: int) -> Any:
    """The position the moves since replay the repetition counts from (see `Game.folded`): the
    oldest of `states` before `first` that may recur (after the first position kept, so that a
    takeback to it counts exactly too), or the game's own `since` when all of them may; None when no
    earlier position may recur. Asks the game's own rules (unguarded, as the module says), at most
    once a position the game holds."""
    if not rules.can_repeat:
        return None
    current, oldest = states[first], first
    while oldest > 0 and rules.may_recur(states[oldest - 1], current):
        oldest -= 1
    if oldest == 0 and game.prior:
        return game.since
    return states[oldest] if oldest < first else None


@lru_cache(maxsize=1 << 14)
def _encoded(encode: Callable[[Any], str], state: Any, ply: int) -> str:
    """The game's text for a position, by the game's `encode_state` (`ply` is in the key: equal
    positions of other plies are written with their own ply)."""
    return str(encode(state))


def read(row: RoomRow, marks: list[Mark] | None = None) -> tuple[Game, int]:
    """The room's game from its snapshot, with the moves stored after it played on, from the first
    position kept on, and that position's ply; raises SnapshotError (one sentence) when the snapshot is
    missing or fails a check, or a move after it does not play. The marks a takeback replays from
    (`history.Mark`, from the earliest position read on) are appended to `marks` when given."""
    payload = _payload(row)
    ply, texts = payload["ply"], payload["states"]
    base = ply - len(texts) + 1
    entry = get_entry(row.variant)
    rows, cols = parse_size(row.size)
    options = Options(rows, cols, row.first, entry.resolve_options(row.options))
    found: list[Mark] = []
    try:
        game, first = _game(entry, options, row, texts, base, payload["from"], found)
        game, first = _played_on(entry, game, first, row.moves[ply:], found)
    except GameError:
        raise
    except Exception as error:  # noqa: BLE001 - the game's own code failing on stored text: replay instead
        raise SnapshotError(f"The game failed reading its snapshot: {printable(str(error), 120)}.") from None
    if marks is not None:  # played by the game's own rules: the room's (guarded) from here on
        marks.extend(replace(mark, game=replace(mark.game, entry=entry)) for mark in found)
    return game, first


def _played_on(
    entry: Entry, game: Game, base: int, moves: tuple[str, ...], marks: list[Mark]
) -> tuple[Game, int]:
    """`game` (from ply `base` on) with the stored `moves` after its snapshot played by the game's own
    rules (unguarded, as the module says), folded as a room's game is (its folds' marks appended to
    `marks`)."""
    if not moves:
        return game, base
    own = replace(game, entry=replace(entry, rules=unwrapped(entry.rules)))
    try:
        played, first = play_on(own, base, moves, marks)
    except GameError:
        raise SnapshotError("The moves stored after the room's snapshot do not play from it.") from None
    return replace(played, entry=entry), first


def _game(
    entry: Entry, options: Options, row: RoomRow, texts: list[str], base: int, since: list[Any] | None,
    marks: list[Mark],
) -> tuple[Game, int]:
    """The game from the positions `texts` (from ply `base` on), read and checked by its own rules;
    with the moves from the position `since` on replayed when there is one. Its first position, and
    the replay's folds, are appended to `marks`."""
    rules, moves = unwrapped(entry.rules), row.moves
    states = tuple(
        rules.decode_state(text, options, row.first_player, base + i) for i, text in enumerate(texts)
    )
    start = rules.start(options, row.first_player)
    if any(type(state) is not type(start) for state in states):
        raise SnapshotError("The game read its snapshot as something other than its positions.")
    if base == 0 and states[0] != start:
        raise SnapshotError("The snapshot's first position is not the game's start.")
    played = []
    for i, state in enumerate(states[:-1]):
        text = moves[base + i]
        try:
            move = rules.parse_move(state, text)
        except GameError:
            raise SnapshotError(f"The stored move {text} does not read at its position.") from None
        if rules.format_move(move) != text or rules.why_illegal(state, move) is not None:
            raise SnapshotError(f"The stored move {text} is not legal at its position.")
        played.append(move)
    game = Game(entry, options, row.first_player, states, tuple(played), len(played))
    if since is None:
        marks.append(first_mark(game, base))
        return game, base
    earlier, first = _replayed(entry, options, row, since, base, states[0], marks)
    whole = replace(
        game, states=earlier.states[:-1] + states, moves=earlier.moves + game.moves,
        cursor=earlier.cursor + game.cursor, prior=earlier.prior, since=earlier.since,
    )
    return whole, first


def _replayed(
    entry: Entry, options: Options, row: RoomRow, since: list[Any], base: int, reached: Any, marks: list[Mark]
) -> tuple[Game, int]:
    """The moves from the position `since` (ply, text) to ply `base` replayed by the game's own
    rules (unguarded: a failure costs a replay of the whole game, not the game), and the ply the
    result starts at; it must reach the position `reached`. The marks of `since` and of the replay's
    folds are appended to `marks`."""
    shaped = isinstance(since, list) and len(since) == 2 and type(since[0]) is int
    if not shaped or not isinstance(since[1], str):
        raise SnapshotError("The room's snapshot names its earlier position in another shape.")
    ply, text = since
    if not 0 <= ply < base:
        raise SnapshotError("The room's snapshot names an earlier position of an impossible ply.")
    own = replace(entry, rules=unwrapped(entry.rules))
    state = own.rules.decode_state(text, options, row.first_player, ply)
    if type(state) is not type(reached):
        raise SnapshotError("The game read its snapshot as something other than its positions.")
    start = Game(own, options, row.first_player, (state,), (), 0)
    marks.append(first_mark(start, ply))  # nothing before `since` may recur: its counts are whole
    try:
        game, first = play_on(start, ply, row.moves[ply:base], marks)
    except GameError:
        raise SnapshotError("The stored moves do not replay from the snapshot's earlier position.") from None
    if game.state != reached or game.is_over:
        raise SnapshotError("The stored moves replay from the snapshot's earlier position to another one.")
    return replace(game, entry=entry), first


def _payload(row: RoomRow) -> dict[str, Any]:
    text = row.snapshot
    if text is None:
        raise SnapshotError("The room has no snapshot.")
    if len(text) > TEXT_MAX:
        raise SnapshotError("The room's snapshot is too long.")
    try:
        payload = json.loads(text)
    except (ValueError, RecursionError):
        raise SnapshotError("The room's snapshot is not readable.") from None
    if isinstance(payload, dict) and payload.get("v") != VERSION:
        raise SnapshotError(f"The room's snapshot is of version {payload.get('v')}, not {VERSION}.")
    if not isinstance(payload, dict) or sorted(payload) != sorted(_FIELDS):
        raise SnapshotError("The room's snapshot has other fields than a snapshot's.")
    claimed = payload.pop("sum")
    if not isinstance(claimed, str) or claimed != _digest(row.id, payload):
        raise SnapshotError("The room's snapshot is damaged (its digest does not match).")
    states, ply = payload["states"], payload["ply"]
    if payload["game"] != row.game_no or not isinstance(ply, int) or not 0 <= ply <= len(row.moves):
        raise SnapshotError("The room's snapshot is of another game or ply than its stored moves.")
    if payload["last"] != (row.moves[ply - 1] if ply else ""):
        raise SnapshotError("The room's snapshot names another last move than its stored moves.")
    if not isinstance(states, list) or not 1 <= len(states) <= ply + 1:
        raise SnapshotError("The room's snapshot holds no positions, or more than the game had.")
    if not all(isinstance(state, str) for state in states):
        raise SnapshotError("The room's snapshot holds a position that is not text.")
    return payload


def _digest(room_id: str, payload: dict[str, Any]) -> str:
    """Over the room's id too: one room's snapshot copied onto another is refused."""
    body = json.dumps(payload, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(f"{room_id}\n{body}".encode()).hexdigest()[:32]
