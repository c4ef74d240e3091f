"""The online protocol: small JSON objects over a websocket, each parsed into a typed value or refused.

Every frame is one JSON object with a `"t"` (type) field. Nothing is evaluated or unpickled;
sizes, types, lengths and ranges are checked before anything else looks at a message, and a
refusal is a `ProtocolError` whose text is one sentence the other side can show.

Client to server: `create`, `join` (first message of a connection), then `move`, `takeback`,
`resign`, `rematch`, `ping`; or `lobby` first, then `seek`, `cancel`, `accept`, `player` (the
lobby: `online.lobby`; server answers `listing`, `seeking`, `paired`, `profile`).
Server to client: `welcome` (your seat), `state` (the whole room:
after `welcome`, a takeback, a resignation or a rematch), `moved` (one move made: what most
changes are), `members` (who is seated and connected, when that changes), `ack` (your move is
committed), `error`, `pong`, `closed`. A room's change costs the server one small message per
member, whatever the length of the game; a watcher arriving or leaving costs the others nothing.

The server trusts nothing a client sends, and clients check every move they are sent through
the engine (`online.follow`), so a broken or hostile server cannot put an illegal position on
their screen either.
"""

from __future__ import annotations

import json
import json.scanner
import re
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar

from gridgames.engine.options import MAX_OPTIONS, NAME, WORD

#: 2: `moved` and `members` besides `state`; 3: a game's own options as `options: {name: value}`, clocks,
#: players, ratings and the lobby (docs/online.md).
VERSION = 3
PATH = "/ws"  # the server's websocket endpoint
#: Largest frame a server reads from a client (a move is a few dozen bytes).
MAX_CLIENT_FRAME = 2048
#: Largest frame a client reads from a server (a state lists every move of the game).
MAX_SERVER_FRAME = 256 * 1024
MAX_MOVES = 4000  # far longer than any game on the largest board (walls draws by repetition)

ROOM_ID = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
SECRET = re.compile(r"^[A-Za-z0-9_-]{16,128}$")
#: A move in its game's own notation (C3, #C3, B2-C2): checked here for length and printable
#: characters only; the game's parser decides what it means.
MOVE_MAX = 32
MOVE_TEXT = re.compile(rf"\A[\x21-\x7e](?:[\x20-\x7e]{{0,{MOVE_MAX - 2}}}[\x21-\x7e])?\Z")
_MOVE_TEXT = MOVE_TEXT.fullmatch
VARIANT = re.compile(r"^[a-z][a-z0-9-]{0,31}$")
SIZE = re.compile(r"^[0-9]{1,2}x[0-9]{1,2}$")
SENTENCE_MAX = 300
#: A player's name: 3 to 20 letters, digits, `_` or `-`, starting with a letter (see `online.players`).
PLAYER_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{2,19}$")
#: A player's key: 32 random bytes in base64url (43 characters), made by the client.
PLAYER_KEY = re.compile(r"^[A-Za-z0-9_-]{43}$")
CLOCK_TEXT = re.compile(r"^[0-9.+ ]{3,16}$")
MAX_LAG_MS = 60_000
RATING_MAX = 10_000


class ProtocolError(ValueError):
    """A frame that is not a valid message; `str()` is one sentence."""


def version_refusal(theirs: int) -> str | None:
    """What a server tells a client whose `create`/`join` speaks protocol `theirs`: None when it is
    this one, else one sentence saying which side is older (every server of a cluster says the same,
    so a cluster is upgraded all at once, or clients are told)."""
    if theirs == VERSION:
        return None
    versions = f"(protocol {theirs}, the server speaks {VERSION})"
    if theirs < VERSION:
        return f"Your gridgames is older than this server's {versions}: update gridgames to play here."
    return (f"Your gridgames is newer than this server's {versions}: the server must be updated, "
            "or use the same gridgames version as the server.")


#: What a server of protocol 2 answers a `create` of this protocol (its `create` had no `options`).
OLD_CREATE_REFUSAL = "A 'create' message has unexpected fields."


def server_refusal(text: str) -> str:
    """A server's refusal of this client's `create`, in plain words when it is an older server's."""
    if text == OLD_CREATE_REFUSAL:
        return (
            f"The server is older than your gridgames (protocol 2, yours speaks {VERSION}): the server "
            "must be updated, or use the same gridgames version as the server."
        )
    return text


# -- field checks --------------------------------------------------------------------------
def _text(pattern: re.Pattern[str] | None = None, optional: bool = False, limit: int = 64):  # type: ignore[no-untyped-def]
    def check(name: str, value: Any) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, str) or len(value) > limit or (pattern and not pattern.fullmatch(value)):
            raise ProtocolError(f"The field '{name}' is missing or malformed.")
        return value

    return check


def _sentence(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ProtocolError(f"The field '{name}' is missing or malformed.")
    return clean_text(value)


def _int(low: int, high: int, optional: bool = False):  # type: ignore[no-untyped-def]
    def check(name: str, value: Any) -> Any:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ProtocolError(f"The field '{name}' must be a whole number from {low} to {high}.")
        return value

    return check


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError(f"The field '{name}' must be true or false.")
    return value


def _one_of(*choices: str):  # type: ignore[no-untyped-def]
    def check(name: str, value: Any) -> str:
        if value not in choices:
            raise ProtocolError(f"The field '{name}' must be one of {', '.join(choices)}.")
        return str(value)

    return check


def _options(name: str, value: Any) -> dict[str, Any]:
    """A game's options: a few short names, each a word, a whole number or true/false (the game
    checks what it declares when a room is made or followed)."""
    if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
        raise ProtocolError(f"The field '{name}' must be an object of at most {MAX_OPTIONS} options.")
    for key, item in value.items():
        fits = isinstance(item, bool) or (isinstance(item, int) and abs(item) <= 10**9) or (
            isinstance(item, str) and WORD.fullmatch(item) is not None
        )
        if not NAME.fullmatch(key) or not fits:
            raise ProtocolError(f"The field '{name}' holds an option that is not a short name and value.")
    return dict(value)


def _pair(item: Callable[[str, Any], Any]) -> Callable[[str, Any], tuple[Any, Any]]:
    def check(name: str, value: Any) -> tuple[Any, Any]:
        if not isinstance(value, list) or len(value) != 2:
            raise ProtocolError(f"The field '{name}' must be a pair.")
        return item(name, value[0]), item(name, value[1])

    return check


def _moves(name: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_MOVES:
        raise ProtocolError(f"The field '{name}' must be a list of moves.")
    check = _text(MOVE_TEXT, limit=MOVE_MAX)
    return tuple(check(name, move) for move in value)


def _outcome(name: str, value: Any) -> Result | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ProtocolError(f"The field '{name}' must be an object.")
    winner = _int(1, 2, optional=True)("winner", value.get("winner"))
    return Result(winner, _sentence("reason", value.get("reason")))


def _number(low: float, high: float):  # type: ignore[no-untyped-def]
    def check(name: str, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise ProtocolError(f"The field '{name}' must be a number from {low:g} to {high:g}.")
        return float(value)

    return check


def _clock_control(name: str, value: Any) -> str | None:
    """A time control as written (`3+2`), checked by the clock itself."""
    if value is None:
        return None
    from gridgames.engine.clock import TimeControl
    from gridgames.engine.errors import OptionsError

    if not isinstance(value, str) or not CLOCK_TEXT.fullmatch(value):
        raise ProtocolError(f"The field '{name}' must be a clock such as 3+2.")
    try:
        return str(TimeControl.parse(value))
    except OptionsError as error:
        raise ProtocolError(str(error)) from None


def _clock(name: str, value: Any) -> dict[str, Any] | None:
    """A clock as the server shows it: `{"control": "3+2", "left": [S1, S2], "running": 1|2|null}`."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"control", "left", "running"}:
        raise ProtocolError(f"The field '{name}' must be a clock.")
    left = _pair(_number(0.0, 10**6))(name, value["left"])
    running = _int(1, 2, optional=True)(name, value["running"])
    return {"control": _clock_control(name, value["control"]), "left": list(left), "running": running}


def _player(name: str, value: Any) -> dict[str, Any] | None:
    """A seated player as the server shows it: name, rating, provisional, bot."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"name", "rating", "provisional", "bot"}:
        raise ProtocolError(f"The field '{name}' must name a player.")
    return {
        "name": _text(PLAYER_NAME, limit=20)(name, value["name"]),
        "rating": _int(0, RATING_MAX)(name, value["rating"]),
        "provisional": _bool(name, value["provisional"]), "bot": _bool(name, value["bot"]),
    }


def _plain(value: Any) -> Any:
    """JSON for the one nested value, a `Result`."""
    if isinstance(value, Result):
        return value.__dict__
    raise TypeError(f"{type(value).__name__} is not part of the protocol")


def clean_text(text: str, limit: int = SENTENCE_MAX) -> str:
    """Text from the other side, safe to print: control characters removed, length bounded."""
    cleaned = "".join(ch for ch in text if ch.isprintable())
    return cleaned[:limit]


#: one decoder for every frame (`json.loads` looks at its arguments and makes no decoder of its own
#: only to call this one's `decode`), and its scanner
_DECODER = json.JSONDecoder()
_SCAN = json.scanner.make_scanner(_DECODER)  # type: ignore[arg-type]  # the C scanner, where there is one


def _decode(text: str) -> Any:
    """`json.loads(text)` with the JSON decoder made once. A frame that is one JSON value with nothing
    around it (what clients send) is read by the decoder's scanner at once; anything else, such as
    white space around the value or text after it, goes through `JSONDecoder.decode` (the same value, or
    its ValueError): the scanner's answer is only taken when it read the whole frame."""
    try:
        value, end = _SCAN(text, 0)
    except (StopIteration, ValueError):
        end = -1
    if end == len(text):
        return value
    return _DECODER.decode(text)


def _encoder() -> Callable[[Any], str]:
    """One encoder for every message (`json.dumps` with options builds a new one each call: a move sends
    two). CPython's C encoder is made once here and called directly: `JSONEncoder.encode` makes a new one
    for every message it encodes, about a third of the time a move's `moved` took to encode. The same
    text either way (compact separators, ASCII, `_plain` for a `Result`); messages hold no cycles."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C accelerator
        return json.JSONEncoder(separators=(",", ":"), default=_plain).encode
    encode = make(None, _plain, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True)
    return lambda value: "".join(encode(value, 0))


_ENCODE = _encoder()
_QUOTE = json.encoder.encode_basestring_ascii


def moved_json(game: int, ply: int, move: str, score: tuple[int, int], draws: int,
               clock: dict[str, Any] | None) -> str:
    """`Moved(game, ply, move, score, draws, clock).to_json()` written from a template: the server sends
    one with every move, and the dataclass, the dictionary merged for the encoder and the encoder's walk
    over it cost more than the text. The same text (a property test compares the two); the fields are
    the server's own (ints and the move's checked text), the clock goes through the encoder."""
    return (f'{{"t":"moved","game":{game:d},"ply":{ply:d},"move":{_QUOTE(move)},'
            f'"score":[{score[0]:d},{score[1]:d}],"draws":{draws:d},'
            f'"clock":{"null" if clock is None else _ENCODE(clock)}}}')


def ack_json(ply: int) -> str:
    """`Ack(ply).to_json()` written from a template (one with every move)."""
    return f'{{"t":"ack","ply":{ply:d}}}'


# -- messages --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Message:
    """Base of every message; `TYPE` is its `"t"` and `CHECKS` validate its fields by name."""

    TYPE: ClassVar[str] = ""
    CHECKS: ClassVar[dict[str, Any]] = {}

    def to_json(self) -> str:
        return _ENCODE({"t": self.TYPE, **self.__dict__})


@dataclass(frozen=True)
class Result:
    """How the current game ended, as the server says: the winner (None: a draw) and why."""

    winner: int | None
    reason: str


# Client to server.
@dataclass(frozen=True)
class Create(Message):
    TYPE: ClassVar[str] = "create"
    v: int
    variant: str
    size: str
    first: str
    options: dict[str, Any]  # the game's own options, {name: value} (the defaults where left out)
    clock: str | None = None  # a time control, `3+2` (None: no clock)
    CHECKS: ClassVar[dict[str, Any]] = {
        "v": _int(0, 1000), "variant": _text(VARIANT), "size": _text(SIZE),
        "first": _one_of("1", "2", "toss"), "options": _options, "clock": _clock_control,
    }


@dataclass(frozen=True)
class Join(Message):
    TYPE: ClassVar[str] = "join"
    v: int
    room: str
    secret: str | None = None
    watch: bool = False
    name: str | None = None  # a player from the lobby: their name and key open their seat
    key: str | None = None
    CHECKS: ClassVar[dict[str, Any]] = {
        "v": _int(0, 1000), "room": _text(ROOM_ID), "secret": _text(SECRET, optional=True, limit=128),
        "watch": _bool, "name": _text(PLAYER_NAME, optional=True, limit=20),
        "key": _text(PLAYER_KEY, optional=True),
    }


@dataclass(frozen=True)
class MoveMsg(Message):
    """`ply` is how many moves the game had when the player chose: a replayed old move is refused."""

    TYPE: ClassVar[str] = "move"
    ply: int
    move: str
    lag: int = 0  # the client's last measured round trip (ms): up to engine.clock.LAG_CAP is not charged
    CHECKS: ClassVar[dict[str, Any]] = {
        "ply": _int(0, MAX_MOVES), "move": _text(MOVE_TEXT, limit=MOVE_MAX), "lag": _int(0, MAX_LAG_MS),
    }


@dataclass(frozen=True)
class Takeback(Message):
    TYPE: ClassVar[str] = "takeback"
    answer: str
    CHECKS: ClassVar[dict[str, Any]] = {"answer": _one_of("request", "accept", "decline")}


@dataclass(frozen=True)
class Resign(Message):
    TYPE: ClassVar[str] = "resign"


@dataclass(frozen=True)
class Rematch(Message):
    """`offer` (both offering starts the next game) or `decline`."""

    TYPE: ClassVar[str] = "rematch"
    answer: str
    CHECKS: ClassVar[dict[str, Any]] = {"answer": _one_of("offer", "decline")}


@dataclass(frozen=True)
class Ping(Message):
    TYPE: ClassVar[str] = "ping"
    n: int = 0
    CHECKS: ClassVar[dict[str, Any]] = {"n": _int(0, 2**53)}


# Server to client.
@dataclass(frozen=True)
class Welcome(Message):
    """Your seat: 1 or 2 (Player 1 or 2 in every game of the match), or 0 to watch."""

    TYPE: ClassVar[str] = "welcome"
    room: str
    seat: int
    secret: str | None
    CHECKS: ClassVar[dict[str, Any]] = {
        "room": _text(ROOM_ID), "seat": _int(0, 2), "secret": _text(SECRET, optional=True, limit=128),
    }


@dataclass(frozen=True)
class State(Message):
    """The whole room: sent after `welcome` and after a takeback, a resignation or a rematch."""

    TYPE: ClassVar[str] = "state"
    variant: str
    size: str
    options: dict[str, Any]  # the game's own options, those not at their default
    first: int  # who moved first in this game
    game: int  # 1 for the first game of the match
    moves: tuple[str, ...]
    result: Result | None
    seated: tuple[bool, bool]
    connected: tuple[bool, bool]
    takeback: int | None  # the seat asking to take back a move
    rematch: tuple[bool, bool]  # which seats offered a rematch
    score: tuple[int, int]
    draws: int
    clock: dict[str, Any] | None = None  # both players' time left and who is running (None: no clock)
    players: tuple[dict[str, Any] | None, dict[str, Any] | None] = (None, None)  # named players (lobby)
    rated: bool = False
    CHECKS: ClassVar[dict[str, Any]] = {
        "variant": _text(VARIANT), "size": _text(SIZE), "options": _options,
        "first": _int(1, 2), "game": _int(1, 10**9), "moves": _moves, "result": _outcome,
        "seated": _pair(_bool), "connected": _pair(_bool), "takeback": _int(1, 2, optional=True),
        "rematch": _pair(_bool), "score": _pair(_int(0, 10**9)), "draws": _int(0, 10**9),
        "clock": _clock, "players": _pair(_player), "rated": _bool,
    }


@dataclass(frozen=True)
class Moved(Message):
    """Move number `ply` (1 for the first) of game `game` was made: `move`. `score` and `draws` are
    the match's after it (they change when the move ends the game)."""

    TYPE: ClassVar[str] = "moved"
    game: int
    ply: int
    move: str
    score: tuple[int, int]
    draws: int
    clock: dict[str, Any] | None = None  # the clock after the move (None: no clock)
    CHECKS: ClassVar[dict[str, Any]] = {
        "game": _int(1, 10**9), "ply": _int(1, MAX_MOVES), "move": _text(MOVE_TEXT, limit=MOVE_MAX),
        "score": _pair(_int(0, 10**9)), "draws": _int(0, 10**9), "clock": _clock,
    }


@dataclass(frozen=True)
class Members(Message):
    """Who is seated and who is connected, sent to everyone when a seat arrives or leaves."""

    TYPE: ClassVar[str] = "members"
    seated: tuple[bool, bool]
    connected: tuple[bool, bool]
    CHECKS: ClassVar[dict[str, Any]] = {"seated": _pair(_bool), "connected": _pair(_bool)}


@dataclass(frozen=True)
class Ack(Message):
    """Your move is committed: the game now has `ply` moves."""

    TYPE: ClassVar[str] = "ack"
    ply: int
    CHECKS: ClassVar[dict[str, Any]] = {"ply": _int(0, MAX_MOVES)}


@dataclass(frozen=True)
class Error(Message):
    TYPE: ClassVar[str] = "error"
    message: str
    CHECKS: ClassVar[dict[str, Any]] = {"message": _sentence}


@dataclass(frozen=True)
class Pong(Message):
    TYPE: ClassVar[str] = "pong"
    n: int = 0
    CHECKS: ClassVar[dict[str, Any]] = {"n": _int(0, 2**53)}


@dataclass(frozen=True)
class Closed(Message):
    """The room or server is going away on purpose (the host quit): do not reconnect."""

    TYPE: ClassVar[str] = "closed"
    message: str
    CHECKS: ClassVar[dict[str, Any]] = {"message": _sentence}


# The lobby (docs/online.md, "The lobby's messages"). Client to server.
SEEK_ID = ROOM_ID


def _range(name: str, value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    low, high = _pair(_int(0, RATING_MAX))(name, value)
    if low > high:
        raise ProtocolError(f"The field '{name}' must be a rating range from low to high.")
    return low, high


@dataclass(frozen=True)
class Lobby(Message):
    """Open the lobby on this connection, as the player `name` (proved by `key`) or anonymously."""

    TYPE: ClassVar[str] = "lobby"
    v: int
    name: str | None = None
    key: str | None = None
    bot: bool = False
    CHECKS: ClassVar[dict[str, Any]] = {
        "v": _int(0, 1000), "name": _text(PLAYER_NAME, optional=True, limit=20),
        "key": _text(PLAYER_KEY, optional=True), "bot": _bool,
    }


@dataclass(frozen=True)
class Seek(Message):
    TYPE: ClassVar[str] = "seek"
    variant: str
    size: str
    options: dict[str, Any] = field(default_factory=dict)
    clock: str | None = None
    rated: bool = False
    range: tuple[int, int] | None = None
    CHECKS: ClassVar[dict[str, Any]] = {
        "variant": _text(VARIANT), "size": _text(SIZE), "options": _options, "clock": _clock_control,
        "rated": _bool, "range": _range,
    }


@dataclass(frozen=True)
class Cancel(Message):
    TYPE: ClassVar[str] = "cancel"
    seek: str
    CHECKS: ClassVar[dict[str, Any]] = {"seek": _text(SEEK_ID)}


@dataclass(frozen=True)
class Accept(Message):
    TYPE: ClassVar[str] = "accept"
    seek: str
    CHECKS: ClassVar[dict[str, Any]] = {"seek": _text(SEEK_ID)}


@dataclass(frozen=True)
class PlayerQuery(Message):
    TYPE: ClassVar[str] = "player"
    name: str
    CHECKS: ClassVar[dict[str, Any]] = {"name": _text(PLAYER_NAME, limit=20)}


# Server to client.
def _data(name: str, value: Any, depth: int = 0) -> Any:
    """Plain JSON data from a server (a listing, a profile): bounded in depth and length, text cleaned."""
    if depth > 4:
        raise ProtocolError(f"The field '{name}' is nested too deeply.")
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return clean_text(value, 64)
    if isinstance(value, list) and len(value) <= 250:
        return [_data(name, item, depth + 1) for item in value]
    if isinstance(value, dict) and len(value) <= 40:
        return {clean_text(str(key), 32): _data(name, item, depth + 1) for key, item in value.items()}
    raise ProtocolError(f"The field '{name}' is not plain data of a bounded size.")


@dataclass(frozen=True)
class Listing(Message):
    """The lobby: open seeks, games in progress, players online (docs/online.md)."""

    TYPE: ClassVar[str] = "listing"
    you: str | None
    seeks: list[dict[str, Any]]
    games: list[dict[str, Any]]
    players: list[dict[str, Any]]
    CHECKS: ClassVar[dict[str, Any]] = {
        "you": _text(PLAYER_NAME, optional=True, limit=20), "seeks": _data, "games": _data, "players": _data,
    }


@dataclass(frozen=True)
class Seeking(Message):
    TYPE: ClassVar[str] = "seeking"
    seek: str
    CHECKS: ClassVar[dict[str, Any]] = {"seek": _text(SEEK_ID)}


@dataclass(frozen=True)
class Paired(Message):
    """A seek was accepted: join `room` with your name and key; you are Player `seat`."""

    TYPE: ClassVar[str] = "paired"
    room: str
    seat: int
    seek: str
    CHECKS: ClassVar[dict[str, Any]] = {"room": _text(ROOM_ID), "seat": _int(1, 2), "seek": _text(SEEK_ID)}


@dataclass(frozen=True)
class Profile(Message):
    TYPE: ClassVar[str] = "profile"
    name: str
    bot: bool
    ratings: dict[str, Any]
    games: list[dict[str, Any]]
    CHECKS: ClassVar[dict[str, Any]] = {
        "name": _text(PLAYER_NAME, limit=20), "bot": _bool, "ratings": _data, "games": _data,
    }


CLIENT_MESSAGES: dict[str, type[Message]] = {
    m.TYPE: m for m in (Create, Join, MoveMsg, Takeback, Resign, Rematch, Ping, Lobby, Seek, Cancel, Accept,
                        PlayerQuery)
}
SERVER_MESSAGES: dict[str, type[Message]] = {
    m.TYPE: m for m in (Welcome, State, Moved, Members, Ack, Error, Pong, Closed, Listing, Seeking, Paired,
                        Profile)
}


def _parse(frame: str | bytes, kinds: dict[str, type[Message]], limit: int) -> Message:
    if isinstance(frame, bytes):
        raise ProtocolError("Messages are JSON text, not binary frames.")
    if len(frame) > limit:
        raise ProtocolError(f"The message is too long ({len(frame)} characters; at most {limit}).")
    try:
        data = _decode(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("The message is not valid JSON.") from None
    if not isinstance(data, dict):
        raise ProtocolError("A message must be a JSON object.")
    name = data.get("t")
    if name == "move" and kinds is CLIENT_MESSAGES:  # the most frequent message a server reads
        found = _move(data)
        if found is not None:
            return found
    kind = kinds.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ProtocolError("The message has an unknown type.")
    names, allowed, shape = _shape(kind)
    theirs = data.get("v")
    if "v" in names and isinstance(theirs, int) and not isinstance(theirs, bool):
        refusal = version_refusal(theirs)  # before the fields: another version's differ
        if refusal is not None:
            raise ProtocolError(refusal)
    if not allowed.issuperset(data):
        raise ProtocolError(f"A '{kind.TYPE}' message has unexpected fields.")
    values = {}
    for name, check, required in shape:
        if name in data:
            values[name] = check(name, data[name])
        elif required:
            raise ProtocolError(f"A '{kind.TYPE}' message needs the field '{name}'.")
    return kind(**values)


_MOVE_NAMES = frozenset(("t", "ply", "move", "lag"))
_MOVE_NEW = object.__new__


def _move(data: dict[str, Any]) -> MoveMsg | None:
    """A `move` whose fields pass `MoveMsg.CHECKS` as the usual case, read without the general walk of
    `_parse` over the message's shape; None for anything else (then `_parse` reads it, and refuses it
    with its usual sentence)."""
    ply, move, lag = data.get("ply"), data.get("move"), data.get("lag", 0)
    if (type(ply) is int and 0 <= ply <= MAX_MOVES and type(move) is str and len(move) <= MOVE_MAX
            and type(lag) is int and 0 <= lag <= MAX_LAG_MS and _MOVE_NAMES.issuperset(data)
            and _MOVE_TEXT(move) is not None):
        message = _MOVE_NEW(MoveMsg)  # the same three fields the frozen dataclass's __init__ sets
        message.__dict__.update(ply=ply, move=move, lag=lag)
        return message
    return None


Shape = tuple[frozenset[str], frozenset[str], tuple[tuple[str, Any, bool], ...]]
_SHAPES: dict[type[Message], Shape] = {}


def _shape(kind: type[Message]) -> Shape:
    """A message's field names, the names a frame of it may hold (with "t"), and each field's check and
    whether it must be given: read once a kind, not for every frame (a move is the most frequent
    message a server reads)."""
    found = _SHAPES.get(kind)
    if found is None:
        shape = tuple(
            (f.name, kind.CHECKS[f.name], f.default is MISSING and f.default_factory is MISSING)
            for f in fields(kind)
        )
        names = frozenset(name for name, _, _ in shape)
        found = _SHAPES[kind] = names, names | {"t"}, shape
    return found


def parse_client(frame: str | bytes) -> Message:
    """A client's frame as a typed message; raises ProtocolError with one sentence."""
    return _parse(frame, CLIENT_MESSAGES, MAX_CLIENT_FRAME)


def parse_server(frame: str | bytes) -> Message:
    """A server's frame as a typed message; raises ProtocolError with one sentence."""
    return _parse(frame, SERVER_MESSAGES, MAX_SERVER_FRAME)

