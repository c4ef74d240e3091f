"""Text from a file, a pipe or the network made safe to show in a terminal.

A record, a typed line or a network message can hold escape sequences (`ESC ]0;...BEL`
retitles the terminal, `ESC [2J` clears it). Everything shown from outside passes through
`printable` first: control and formatting characters become visible `\\x1b`-style escapes,
and very long text is cut short.
"""

from __future__ import annotations

import unicodedata

_UNSAFE_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str, limit: int = 200) -> str:
    """`text` with every control/format character escaped, at most about `limit` characters."""
    if len(text) > limit:
        text = text[:limit] + "…"
    if text.isprintable():  # no control, format or separator character (the usual case): as it is
        return text
    return "".join(
        _escape(char) if unicodedata.category(char) in _UNSAFE_CATEGORIES else char
        for char in text
    )
