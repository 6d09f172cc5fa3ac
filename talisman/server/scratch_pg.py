"""A throw-away PostgreSQL server for the tests and the benchmarks: Debian's
``postgresql`` package, a fresh cluster in a temporary folder, on a free
loopback port, without durability (``fsync=off``), removed when done.

Not used by the game server itself. As root it runs the server as the
``postgres`` user (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class Unavailable(Exception):
    """PostgreSQL cannot be started here; the message says why."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _bindir() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise Unavailable("PostgreSQL is not installed (Debian package 'postgresql'; scripts/test.sh installs it)")
    return found[-1].parent


@contextmanager
def scratch_postgres(max_connections: int = 100) -> Iterator[str]:
    """A PostgreSQL server for as long as the ``with`` lasts: its URL (user ``talisman``, database
    ``postgres``, no password). Raises :class:`Unavailable` where it cannot be started."""
    bindir = _bindir()
    # Not under pytest's temporary folder: as root, that one is closed to the postgres user.
    root = Path(tempfile.mkdtemp(prefix="talisman-pg-"))
    data = root / "data"
    port = free_port()
    prefix: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            raise Unavailable("running as root without runuser: cannot start PostgreSQL as another user")
        prefix = ["runuser", "-u", "postgres", "--"]
        shutil.chown(root, "postgres")
        os.chmod(root, 0o700)

    def run(*cmd: str) -> None:
        done = subprocess.run([*prefix, *cmd], capture_output=True, text=True)
        if done.returncode != 0:
            raise Unavailable(f"{' '.join(cmd)} failed: {done.stdout}{done.stderr}")

    try:
        run(str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "talisman", "--no-sync")
        run(
            str(bindir / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(root / "server.log"),
            "-w",
            "-o",
            f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections={max_connections}",
            "start",
        )
        yield f"postgresql://talisman@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(root, ignore_errors=True)


def create_database(url: str, name: str) -> str:
    """A new, empty database on the server of ``url``: its URL."""
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name
