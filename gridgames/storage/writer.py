"""Writing behind the screen: one thread does the data folder's writes for the app.

A save takes the folder's lock and fsyncs, twice per move (the autosave and the statistics): done on
the UI thread, a slow disk or a lock held by another window froze the board. Here the UI hands the
work over and draws at once. Jobs run one at a time in the order given, so a count never overtakes
the save before it; a save of a slot that is still waiting is replaced by the newer one (the latest
save wins, and a burst of undos writes once). `flush` waits for everything handed over: the app
calls it when it quits. A job's failure is the store's to report (`Store.take_warnings`), as before.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Hashable

Job = Callable[[], object]


class Writer:
    """One background thread that runs write jobs in order (see the module docstring)."""

    def __init__(self) -> None:
        self._jobs: deque[tuple[Hashable | None, Job]] = deque()
        self._busy = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, job: Job, key: Hashable | None = None) -> None:
        """Run `job` after what was handed over before; a waiting job with the same `key` is
        replaced by this one, in its place."""
        with self._changed:
            if key is not None:
                for i, (waiting, _) in enumerate(self._jobs):
                    if waiting == key:
                        self._jobs[i] = (key, job)
                        return
            self._jobs.append((key, job))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="gridgames-writer", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job handed over has run; False if `timeout` seconds passed first."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._jobs and not self._busy, timeout)

    @property
    def idle(self) -> bool:
        with self._changed:
            return not self._jobs and not self._busy

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._jobs))
                _, job = self._jobs.popleft()
                self._busy = True
            try:
                job()
            except Exception:  # noqa: BLE001 - a store reports its own failures; the writer goes on
                pass
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()
