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
from importlib import resources

MAGIC = b"GGTABLE\n"
FORMAT_VERSION = 1
#: Largest table body accepted (the Node Kayles table is about 6 MB).
MAX_BODY = 64 << 20

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


def load(package: str, filename: str, name: str) -> bytes | None:
    """The checked body of `filename` shipped in the game package `package`, or None (missing or refused)."""
    try:
        path = resources.files(package).joinpath(filename)
        if not path.is_file():
            return None
        blob = path.read_bytes()
    except (OSError, ModuleNotFoundError):
        return None
    result = check(name, blob)
    if isinstance(result, str):
        refused[name] = result
        return None
    return result
