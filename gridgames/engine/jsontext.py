"""JSON from a file or a pipe, read with bounded nesting.

Python's `json.loads` recurses once per `[` or `{`: a file of 100,000 `[` raises RecursionError,
which callers that catch `ValueError` (as every reader of a damaged file does) let through as a
traceback. Our files nest a few levels, so deeper text is refused as a ValueError before parsing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

#: Deeper than any file gridgames writes (they nest three or four levels), far below the recursion limit.
MAX_DEPTH = 64

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)  # a string's brackets do not nest
_BRACKET = re.compile(r"[\[\]{}]")


def too_deep(text: str, max_depth: int = MAX_DEPTH) -> bool:
    """Whether the arrays and objects of `text` nest deeper than `max_depth` (strings skipped)."""
    if text.count("[") + text.count("{") <= max_depth:
        return False  # the usual case, at C speed
    level = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            level += 1
            if level > max_depth:
                return True
        else:
            level -= 1
    return False


def loads(
    text: str,
    *,
    max_depth: int = MAX_DEPTH,
    parse_float: Callable[[str], Any] | None = None,
    parse_constant: Callable[[str], Any] | None = None,
) -> Any:
    """`json.loads(text)`, but text nested deeper than `max_depth` raises ValueError (never
    RecursionError)."""
    if too_deep(text, max_depth):
        raise ValueError(f"it nests deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_float=parse_float, parse_constant=parse_constant)
    except RecursionError:  # not reached after the check above; kept so no caller ever sees it
        raise ValueError(f"it nests deeper than {max_depth} levels") from None
