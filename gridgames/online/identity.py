"""A player's keys on this machine: the secret that proves a name on a server (`online.players`).

One small JSON file per server and name in the data folder (`online/players/`), written atomically and
readable only by its owner, like seat secrets: the key is made here (32 random bytes) the first time a
name is used on a server and never leaves this machine except to that server, which keeps only its hash.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from gridgames.engine import jsontext
from gridgames.online import SEATS_FOLDER
from gridgames.online.players import new_key
from gridgames.online.protocol import PLAYER_KEY, PLAYER_NAME
from gridgames.storage import atomic_write_text, default_data_dir, read_capped_bytes

FOLDER = "players"
MAX_BYTES = 2048


class IdentityError(ValueError):
    """The key could not be kept; `str()` is one sentence."""


def _path(server: str, name: str, root: Path | None) -> Path:
    tag = hashlib.sha256(server.encode("utf-8")).hexdigest()[:16]
    return (root or default_data_dir()) / SEATS_FOLDER / FOLDER / f"{tag}-{name}.json"


def key_for(server: str, name: str, root: Path | None = None) -> str:
    """The key this machine keeps for `name` on `server`, made and saved the first time."""
    if not PLAYER_NAME.fullmatch(name):
        raise IdentityError("A name is 3 to 20 letters, digits, '_' or '-', starting with a letter.")
    path = _path(server, name, root)
    try:
        data = jsontext.loads(read_capped_bytes(path, MAX_BYTES, "a player's key").decode("utf-8"))
        key = data.get("key") if isinstance(data, dict) else None
        if isinstance(key, str) and PLAYER_KEY.fullmatch(key) and data.get("name") == name:
            return key
    except (OSError, ValueError):
        pass  # none yet (or damaged): a new one
    key = new_key()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps({"server": server, "name": name, "key": key}) + "\n")
    except OSError as error:
        raise IdentityError(
            f"Your player's key could not be kept in {path.parent} ({error.strerror or error})."
        ) from None
    return key
