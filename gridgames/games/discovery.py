"""The entry points of one group, from every installed distribution, as
`importlib.metadata.entry_points(group=...)` finds them, without importing `importlib.metadata`
where it is not needed.

Importing `importlib.metadata` imports the email, zipfile and csv packages, about 10 ms of the
app's start-up. Where every folder on `sys.path` is a plain folder and no import hook lists
distributions of its own (a normal install, a venv, an editable install), the same entry points
are read here straight from the `*.dist-info` and `*.egg-info` folders, in the same order, the
first distribution of a name winning. Anything else (a zip file or an egg on the path, a finder
with `find_distributions`) is left to `importlib.metadata` itself, so a plugin is found either way.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from functools import reduce
from importlib import import_module
from importlib.machinery import PathFinder
from typing import Any, Protocol

_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


class EntryPointLike(Protocol):
    """What the games' loader uses of an entry point (ours or importlib.metadata's)."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...

    def load(self) -> Any: ...


@dataclass(frozen=True)
class EntryPoint:
    """`name = module:attr` under a group of a distribution's entry_points.txt."""

    name: str
    value: str

    def load(self) -> Any:
        """The object named by the value, imported as importlib.metadata's EntryPoint.load does."""
        match = _VALUE.match(self.value)
        if match is None:
            raise ValueError(f"'{self.value}' is not of the form module:attribute")
        module = import_module(match.group("module"))
        attrs = filter(None, (match.group("attr") or "").split("."))
        return reduce(getattr, attrs, module)


def entry_points(group: str) -> list[EntryPointLike]:
    """Every entry point in `group`, in `sys.path` order."""
    folders = _plain_folders()
    if folders is None:
        from importlib.metadata import entry_points as by_importlib

        return list(by_importlib(group=group))
    found: list[EntryPointLike] = []
    seen: set[str] = set()
    for info in _metadata_folders(folders):
        name = _normalized(os.path.basename(info).rpartition(".")[0].partition("-")[0])
        if name in seen:
            continue
        seen.add(name)
        found.extend(_read_group(os.path.join(info, "entry_points.txt"), group))
    return found


def _plain_folders() -> list[str] | None:
    """`sys.path` when this module reads it as importlib.metadata would, else None."""
    if any(
        finder is not PathFinder and hasattr(finder, "find_distributions") for finder in sys.meta_path
    ):
        return None
    folders = []
    for entry in sys.path:
        root = entry or "."
        if os.path.isdir(root):
            if root.lower().endswith(".egg"):
                return None
            folders.append(root)
        elif os.path.exists(root):  # a zip file: importlib.metadata looks inside
            return None
    return folders


def _metadata_folders(folders: list[str]) -> list[str]:
    """The metadata folders in each folder, grouped by distribution name as importlib.metadata
    groups them (dist-info and egg-info of one name together, in listing order)."""
    found: list[str] = []
    for folder in folders:
        try:
            children = os.listdir(folder)
        except OSError:
            continue
        by_name: dict[str, list[str]] = {}
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")):
                key = _normalized(low.rpartition(".")[0].partition("-")[0])
                by_name.setdefault(key, []).append(os.path.join(folder, child))
        for infos in by_name.values():
            found.extend(infos)
    return found


def _normalized(name: str) -> str:
    """PEP 503 normalisation with underscores, importlib.metadata's key for a distribution."""
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _read_group(path: str, group: str) -> list[EntryPointLike]:
    """The `name = value` lines under `[group]` in an entry_points.txt ([] if it cannot be read)."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError):
        return []
    points: list[EntryPointLike] = []
    section = None
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
        elif section == group and "=" in line:
            name, value = (part.strip() for part in line.split("=", 1))
            points.append(EntryPoint(name, value))
    return points
