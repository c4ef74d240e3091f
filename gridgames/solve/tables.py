"""Shipped tables are checked before they are trusted: a header, then the body.

    magic b"GGTABLE\\n" | format version (1 byte) | name length (1 byte) | name (ASCII, e.g. walls-4x4)
    | body length (8 bytes, little-endian) | SHA-256 of the body (32 bytes) | body

`load` returns the body only when every field checks out; otherwise it records one sentence (shown by
`gridgames analyse` on stderr) and returns None, and the solver searches instead: a damaged table
never raises and never gives a wrong "exact" value. Each table ships in its game's package, next to
its builder (`make tables`).
"""

from __future__ import annotations

import hashlib
import os
import stat
from importlib import resources
from pathlib import Path

MAGIC = b"GGTABLE\n"
FORMAT_VERSION = 1
#: Largest table body accepted (the Node Kayles table is about 6 MB).
MAX_BODY = 64 << 20

#: Largest table file accepted: the longest header and the largest body (a longer file is not read).
MAX_FILE = len(MAGIC) + 2 + 255 + 8 + 32 + MAX_BODY

#: name -> the sentence saying why that table was refused (this process).
refused: dict[str, str] = {}


def pack(name: str, body: bytes) -> bytes:
    """Header and body for a table called `name`."""
    raw = name.encode("ascii")
    return (
        MAGIC + bytes([FORMAT_VERSION, len(raw)]) + raw + len(body).to_bytes(8, "little")
        + hashlib.sha256(body).digest() + body
    )


def check(name: str, blob: bytes) -> bytes | str:
    """The body of `blob` if it is a sound table called `name`, else one sentence saying what is wrong."""
    what = f"The shipped table {name} is"
    if not blob.startswith(MAGIC):
        return f"{what} not a gridgames table (bad header), so positions are searched instead."
    at = len(MAGIC)
    if len(blob) < at + 2 or blob[at] != FORMAT_VERSION:
        return f"{what} in a format this version cannot read, so positions are searched instead."
    size = blob[at + 1]
    stored = blob[at + 2 : at + 2 + size]
    if stored != name.encode("ascii"):
        return f"{what} labelled for another board, so positions are searched instead."
    at += 2 + size
    length = int.from_bytes(blob[at : at + 8], "little")
    digest = blob[at + 8 : at + 40]
    body = blob[at + 40 :]
    if length > MAX_BODY or len(body) != length:
        return f"{what} truncated or too long, so positions are searched instead."
    if hashlib.sha256(body).digest() != digest:
        return f"{what} damaged (its checksum does not match), so positions are searched instead."
    return body


#: Whether shipped tables are read at all (`analyse --no-tables` and tests solve from scratch).
_switched_off = False


def switch_off(off: bool = True) -> None:
    """Read no shipped table from now on (or again, with False): every game searches from scratch.
    A game that keeps what it loaded checks `switched_off` before using it."""
    global _switched_off
    _switched_off = off


def switched_off() -> bool:
    return _switched_off


def load(package: str, filename: str, name: str, missing_ok: bool = False) -> bytes | None:
    """The checked body of `filename` shipped in the game package `package`, or None (missing, refused,
    or tables switched off).

    A missing file, one that is not a regular file (a link to a device, a folder) or one longer than
    any table is refused with its sentence in `refused` before a byte is read (`missing_ok`: a table
    only some boards have, where none is news to nobody)."""
    if _switched_off:
        return None
    what = f"The shipped table {name}"
    try:
        path = resources.files(package).joinpath(filename)
        if isinstance(path, Path):
            info = os.stat(path)  # through any link: what it reaches is what would be read
            if not stat.S_ISREG(info.st_mode):
                refused[name] = f"{what} is not a regular file, so positions are searched instead."
                return None
            if info.st_size > MAX_FILE:
                refused[name] = f"{what} is longer than any table, so positions are searched instead."
                return None
            with open(path, "rb") as file:
                blob = file.read(MAX_FILE + 1)
        elif path.is_file():  # inside a zip: small by construction
            blob = path.read_bytes()
        else:
            raise FileNotFoundError(filename)
    except FileNotFoundError:
        if not missing_ok:
            refused[name] = f"{what} is missing, so positions are searched instead."
        return None
    except (OSError, ModuleNotFoundError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        refused[name] = f"{what} cannot be read ({reason}), so positions are searched instead."
        return None
    result = check(name, blob)
    if isinstance(result, str):
        refused[name] = result
        return None
    return result
