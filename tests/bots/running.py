"""`gridgames bot` as its own process for the tests: started with its own data folder, finished with a
deadline (killed past it), its output read back."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from tests.waiting import scaled

WAIT = scaled(60.0)


async def start_bot(data: Path, *args: str) -> asyncio.subprocess.Process:
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(data), PYTHONUNBUFFERED="1")
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "gridgames", "bot", *args, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )


async def finish(*bots: asyncio.subprocess.Process) -> list[str]:
    """What each bot printed, once all have exited (each is killed if the deadline passes first)."""
    try:
        outputs = await asyncio.wait_for(asyncio.gather(*(bot.communicate() for bot in bots)), WAIT)
    finally:
        for bot in bots:
            if bot.returncode is None:
                bot.kill()
                await bot.wait()
    return [out.decode() for out, _ in outputs]
