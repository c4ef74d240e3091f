"""Engine programs for the tests: the shipped example, and broken ones written on the spot."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "random_engine.py"

#: Each broken engine answers the hello and the set-up, then fails at `go` in its own way.
_HELLO = '''
import sys, time
for line in sys.stdin:
    word = line.split()[0]
    if word == "gridgames":
        print("ok gridgames 1 broken", flush=True)
    elif word in ("game", "position", "clock"):
        print("ok", flush=True)
    elif word == "go":
        {go}
    elif word == "quit":
        {quit}
'''
BROKEN = {
    "garbage": 'print("move this is not a move", flush=True)',
    "silent": "time.sleep(3600)",
    "long": 'print("move " + "A" * 5000, flush=True)',
    "crash": "sys.exit(3)",
    "chatty": 'print("info thinking hard", flush=True); print("resign", flush=True)',
    "flood": 'print("info x\\n" * 200, flush=True)',
    "stubborn": "pass",  # never answers go, and sleeps through quit (see the reaping test)
}
QUIT = {"stubborn": "time.sleep(3600)"}


def command(script: Path) -> str:
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


def example() -> str:
    return command(EXAMPLE)


def broken(tmp_path: Path, kind: str) -> str:
    script = tmp_path / f"{kind}_engine.py"
    script.write_text(_HELLO.replace("{go}", BROKEN[kind]).replace("{quit}", QUIT.get(kind, "break")))
    return command(script)
