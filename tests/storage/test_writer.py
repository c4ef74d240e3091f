"""The app's writer: jobs run off the caller's thread, in order; a waiting save is replaced by a newer one."""

from __future__ import annotations

import threading

from gridgames.storage.writer import Writer


def test_jobs_run_in_order_off_the_callers_thread_and_flush_waits_for_them() -> None:
    writer, done, threads = Writer(), [], set()
    gate = threading.Event()
    writer.submit(gate.wait)  # holds the writer so the next jobs wait in line
    for n in range(5):
        writer.submit(lambda n=n: (done.append(n), threads.add(threading.get_ident())))
    assert done == [] and not writer.idle
    gate.set()
    assert writer.flush(5)
    assert done == [0, 1, 2, 3, 4] and threading.get_ident() not in threads


def test_a_waiting_save_of_the_same_slot_is_replaced_in_its_place() -> None:
    writer, done = Writer(), []
    gate = threading.Event()
    writer.submit(gate.wait)
    writer.submit(lambda: done.append("save 1"), key="slot")
    writer.submit(lambda: done.append("count"))
    writer.submit(lambda: done.append("save 2"), key="slot")
    gate.set()
    assert writer.flush(5)
    assert done == ["save 2", "count"]


def test_a_failing_job_does_not_stop_the_writer() -> None:
    writer, done = Writer(), []
    writer.submit(lambda: 1 / 0)
    writer.submit(lambda: done.append("after"))
    assert writer.flush(5) and done == ["after"]
