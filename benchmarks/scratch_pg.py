"""A throwaway PostgreSQL cluster for the tests and the cluster benchmark: Debian's own server binaries,
a temporary folder, loopback only.

`Cluster.start()` runs `initdb` and `pg_ctl start` as an unprivileged user (PostgreSQL refuses to
run as root, and CI runs as root: then the system user `gridgames-test` is created once and used),
listening on 127.0.0.1 on a free port only, with trust authentication for local connections.
`stop()` stops it at once and removes the folder. Nothing here is a stand-in: it is PostgreSQL.

`missing()` says, in one line, why no cluster can be started here (None when one can).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

TEST_USER = "gridgames-test"
INSTALL = "apt-get install postgresql"
START_SECONDS = 60


def bin_dir() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/N/bin), or None."""
    found = []
    for folder in glob.glob("/usr/lib/postgresql/*/bin"):
        path = Path(folder)
        if (path / "initdb").is_file() and (path / "pg_ctl").is_file():
            with contextlib.suppress(ValueError):
                found.append((float(path.parent.name), path))
    if found:
        return max(found)[1]
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path and shutil.which("pg_ctl") else None


def missing() -> str | None:
    if bin_dir() is None:
        return f"PostgreSQL is not installed, so the PostgreSQL tests cannot run: {INSTALL}"
    try:
        import psycopg  # noqa: F401
    except ModuleNotFoundError:
        return "psycopg is not installed: pip install 'psycopg[binary]'"
    return None


def _unprivileged() -> tuple[int, int] | None:
    """(uid, gid) to run the server as: None when this process is not root (it runs as itself)."""
    if os.geteuid() != 0:
        return None
    try:
        entry = pwd.getpwnam(TEST_USER)
    except KeyError:
        made = subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", TEST_USER],
            capture_output=True, text=True,
        )
        try:
            entry = pwd.getpwnam(TEST_USER)  # made now, or by another run at the same moment
        except KeyError:
            raise RuntimeError(f"cannot create the user {TEST_USER}: {made.stderr.strip()}") from None
    return entry.pw_uid, entry.pw_gid


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """One PostgreSQL server in a temporary folder; `url(db)` is how to reach a database in it."""

    def __init__(self, settings: dict[str, str] | None = None) -> None:
        found = bin_dir()
        if found is None:
            raise RuntimeError(missing())
        self.bin: Path = found
        self.folder = Path(tempfile.mkdtemp(prefix="gridgames-pg-"))
        self.data = self.folder / "data"
        self.port = 0
        self.user = "gridgames"
        self.settings = {"fsync": "off", "max_connections": "200"} | (settings or {})
        self._as = _unprivileged()

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        user, group = self._as if self._as is not None else (None, None)
        return subprocess.run(
            args, capture_output=True, text=True, timeout=START_SECONDS, cwd=self.folder,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "TZ": "UTC"},
            user=user, group=group, extra_groups=None if user is None else [],
        )

    def start(self) -> Cluster:
        if self._as is not None:
            os.chown(self.folder, *self._as)
        done = self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user, "--auth=trust",
                         "-E", "UTF8", "--no-sync", "--no-instructions")
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {done.stderr.strip() or done.stdout.strip()}")
        for attempt in range(3):
            self.port = free_port()
            options = [f"-c listen_addresses=127.0.0.1 -p {self.port}",
                       f"-c unix_socket_directories={self.folder}"]
            options += [f"-c {key}={value}" for key, value in self.settings.items()]
            done = self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"),
                             "-o", " ".join(options), "-w", "-t", str(START_SECONDS), "start")
            if done.returncode == 0:
                return self
            if attempt == 2:
                log = (self.folder / "log").read_text(errors="replace")[-2000:]
                raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()}\n{log}")
            time.sleep(0.2)  # the free port was taken meanwhile: try another
        return self

    def url(self, database: str = "postgres", password: str | None = None) -> str:
        login = self.user if password is None else f"{self.user}:{password}"
        return f"postgresql://{login}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        if self.data.exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
