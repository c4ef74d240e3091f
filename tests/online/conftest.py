"""Fixtures for the online tests: a real PostgreSQL cluster, started once per run when it is needed.

Outside CI, when PostgreSQL is not installed, tests that need it skip with one line saying how to
install it; under CI (`CI=true`) they fail instead, since CI installs it (.ci/run).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Iterator

import pytest

from tests import pg

_names = itertools.count(1)


def _on_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[pg.Cluster]:
    reason = pg.missing()
    if reason is not None:
        if _on_ci():
            pytest.fail(f"CI=true but {reason} (see .ci/run).", pytrace=False)
        pytest.skip(reason)
    cluster = pg.Cluster().start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: pg.Cluster) -> str:
    """A fresh, empty database in the session's cluster: its postgresql:// URL."""
    return pg_cluster.create_database(f"test_{os.getpid()}_{next(_names)}")


@pytest.fixture
async def url(tmp_path, monkeypatch) -> AsyncIterator[str]:
    """A game server in this process on a free loopback port (its ws:// address), with a data folder
    of the test's own for the line clients that play there (tests/online/typists.py)."""
    from gridgames.online import server

    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data"))
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    yield f"ws://127.0.0.1:{running.port}"
    await running.stop()
