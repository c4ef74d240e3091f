"""Players on a game server: a name, proved by a key only its client knows (no passwords, no e-mail).

The client makes the key (32 random bytes, `new_key`) and keeps it in its data folder; the server keeps
only its SHA-256 hash (like seat secrets, the key is long and random, so a fast hash is enough). A name is
3 to 20 ASCII letters, digits, `_` or `-` starting with a letter (`protocol.PLAYER_NAME`), the same
character set as room ids, so it cannot hold control characters or letters from other scripts that look
like these. Names are unique on a server by their folded form (`fold`): case is ignored and the
characters that are easily mistaken for each other read alike.
"""

from __future__ import annotations

import base64
import hmac
import secrets

from gridgames.online.protocol import PLAYER_KEY, PLAYER_NAME
from gridgames.online.store.base import RoomStore, hash_secret

_FOLD = str.maketrans({"0": "o", "1": "i", "l": "i", "_": "-"})
NAME_RULE = "A name is 3 to 20 letters, digits, '_' or '-', starting with a letter."
TAKEN = "The name {name} is taken on this server (or one that looks like it): pick another."
WRONG_KEY = "The name {name} belongs to another key: pick another name, or use the data folder that made it."
UNKNOWN = "No player is called {name} on this server."


class PlayerRefused(ValueError):
    """The name cannot be used (malformed, taken, or not this key's); `str()` is one sentence."""


def new_key() -> str:
    """A player's key: 32 random bytes, base64url without padding (43 characters)."""
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode("ascii")


def fold(name: str) -> str:
    """The form names are compared in: `Bob_1` and `bob-l` are the same name."""
    return name.lower().translate(_FOLD)


def check_name(name: str) -> None:
    if not PLAYER_NAME.fullmatch(name):
        raise PlayerRefused(NAME_RULE)


async def identify(
    store: RoomStore, name: str, key: str, bot: bool, now: float, register: bool = True
) -> str:
    """The registered name `name` and `key` prove (registering it when it is new and `register`);
    raises PlayerRefused with one sentence."""
    check_name(name)
    if not PLAYER_KEY.fullmatch(key):
        raise PlayerRefused("A player's key is 43 characters of base64url.")
    digest = hash_secret(key)
    for _ in range(2):  # a registration that loses a race reads the winner's row
        found = await store.player(fold(name))
        if found is not None:
            if not hmac.compare_digest(found.key_hash, digest):
                raise PlayerRefused(WRONG_KEY.format(name=found.name) if found.name == name
                                    else TAKEN.format(name=name))
            return found.name
        if not register:
            raise PlayerRefused(UNKNOWN.format(name=name))
        if await store.add_player(name, fold(name), digest, bot, now):
            return name
    raise PlayerRefused(TAKEN.format(name=name))
