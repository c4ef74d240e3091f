"""A room's lock (`room.RoomLock`, asyncio's lock with its usual case written out) keeps asyncio's
promises: one holder at a time, waiters served in the order they came, a cancelled waiter skipped, the
lock let go when its holder fails."""

from __future__ import annotations

import asyncio

import pytest

from gridgames.online.room import RoomLock


async def test_holders_take_turns_in_the_order_they_came():
    lock, order, inside = RoomLock(), [], []

    async def hold(name: str, gate: asyncio.Event) -> None:
        async with lock:
            inside.append(name)
            assert len(inside) == 1  # never two holders at once
            order.append(name)
            await gate.wait()
            inside.remove(name)

    gates = {name: asyncio.Event() for name in "abcd"}
    tasks = [asyncio.create_task(hold(name, gates[name])) for name in "abcd"]
    await asyncio.sleep(0)
    tasks[2].cancel()  # "c" waits, then gives up: the lock goes to "d" after "b"
    for name in "abd":
        gates[name].set()
    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 5)
    assert order == ["a", "b", "d"]
    assert not lock.locked()


async def test_a_holder_that_fails_lets_the_lock_go():
    lock = RoomLock()
    with pytest.raises(ValueError):
        async with lock:
            raise ValueError
    assert not lock.locked()
    async with lock:
        assert lock.locked()
    assert not lock.locked()
