"""The invite a host sends, `gridgames join ADDRESS`, and the address in whatever of it a friend pastes.

A friend copies the host's line from a terminal or a chat: with or without `Invite:` and
`gridgames join`, in quotes or backticks, with spaces around it, or with the note the host's screen
adds after it. `address_in` takes the address out of all of those; `parse_invite` then reads it with
`online.address`, the one parser of addresses. The join dialog and `gridgames join` both use it.
"""

from __future__ import annotations

import re

from gridgames.online.address import Address, parse_address

COMMAND = "gridgames join"

_QUOTES = "\"'`\u2018\u2019\u201c\u201d"  # straight, back and typographic quotes
_LEAD = re.compile(r"^(?:invite:\s*)?(?:gridgames\s+join(?:\s+|$))?", re.IGNORECASE)


def invite_line(address: Address | str) -> str:
    """What a host sends: `gridgames join ws://HOST:PORT/ROOM`."""
    return f"{COMMAND} {address}"


def _unquoted(text: str) -> str:
    return text.strip().strip(_QUOTES).strip()


def address_in(text: str) -> str:
    """The address in a pasted invite line: its first word after `Invite:` and `gridgames join`."""
    rest = _LEAD.sub("", _unquoted(text), count=1)
    words = _unquoted(rest).split()
    return _unquoted(words[0]) if words else ""


def parse_invite(text: str) -> Address:
    """The room a pasted invite line names; raises AddressError with one sentence."""
    return parse_address(address_in(text))
