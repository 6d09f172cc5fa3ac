"""Several ``talisman serve`` processes over one PostgreSQL database.

Each process keeps its own sessions of the games its clients ask for; the
database is the only thing they share, and what keeps them in step:

- **One move at a time.** A move is applied inside a *turn*: a transaction
  holding the game's row lock (``SELECT ... FOR UPDATE``), taken before the
  move is applied and let go when it is committed (:meth:`Store.begin_turn`).
  A process that finds the game further on in the store than in its memory
  catches up and refuses the move as ``stale``; so of two moves answering one
  step, in two processes, exactly one is stored.
- **Every change is told.** Each write that changes a game sends a
  notification (``NOTIFY``) in its own transaction, delivered on commit. Each
  process listens (:class:`Cluster`) and brings its session of that game up to
  the store: the moves it has not applied yet are read from the action log and
  applied, seats and standing answers reloaded; then it pushes the new state
  to its own clients. A read of a game's state first checks the step in the
  store, so no process serves an older state than one it could know.
- **One autopilot per game.** Bots, timed passes and stand-ins act for a game
  only in the process holding the game's advisory lock (session-level, on a
  connection of its own): the first process that has something to answer for
  the game takes it, and keeps it until the game ends or the process stops.
  When a process dies its connection closes, PostgreSQL lets its locks go, and
  another process that holds the game takes over within :data:`OWNER_RETRY`
  seconds; its moves were committed before they were told, so nothing is lost.
- **Presence is told, not stored.** Which seats are connected, and who skips to
  their turn, go from process to process in notifications; the autopilot of
  the owning process counts a person connected to any process as there.

Notifications that arrive while a listener is reconnecting are lost: each
session is then brought up to the store as if every game had changed.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import psycopg
from sqlalchemy.engine import make_url

from talisman.server.store import CHANNEL

log = logging.getLogger("talisman.server")

OWNER_RETRY = 5.0  # seconds between two tries to take over a game whose autopilot runs elsewhere
RECONNECT_AFTER = 1.0  # seconds before the listener connects again after losing its connection


def lock_key(game_id: str) -> int:
    """The advisory lock of a game's autopilot: a signed 64-bit hash of its id.

    >>> lock_key("abc") == lock_key("abc") != lock_key("abd")
    True
    """
    return int.from_bytes(hashlib.blake2b(game_id.encode(), digest_size=8).digest(), "big", signed=True)


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL as psycopg takes it.

    >>> libpq_url("postgresql+psycopg://u:p@h:5/db")
    'postgresql://u:p@h:5/db'
    """
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's part among the server processes of one database: it listens for
    the others' notifications, and holds the autopilot locks of the games it owns."""

    def __init__(self, url: str, origin: str, on_notice: Callable[[dict[str, Any]], None]) -> None:
        """``on_notice`` is called on the event loop with each notification of another process
        (a dict: ``game``, ``kind``, ``from`` and the kind's facts), and with ``{"kind": "resync"}``
        after the listener (re)connected."""
        self.url = libpq_url(url)
        self.origin = origin
        self.on_notice = on_notice
        self.owned: set[str] = set()
        self._tried: dict[str, float] = {}  # game -> when taking it over last failed
        self._owner: psycopg.Connection[Any] | None = None
        self._owner_lock = threading.Lock()
        self._stopping = threading.Event()
        self._listener: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.listening = threading.Event()  # set once the listener's LISTEN is in place

    # --- listening ----------------------------------------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._listener = threading.Thread(target=self._listen, name="talisman-listen", daemon=True)
        self._listener.start()

    def _listen(self) -> None:
        assert self._loop is not None
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self._loop.call_soon_threadsafe(self.on_notice, {"kind": "resync"})
                    while not self._stopping.is_set():
                        for n in conn.notifies(timeout=0.5):
                            notice = json.loads(n.payload)
                            if notice.get("from") != self.origin:
                                self._loop.call_soon_threadsafe(self.on_notice, notice)
            except (psycopg.Error, RuntimeError) as e:  # RuntimeError: the loop closed while stopping
                if self._stopping.is_set():
                    return
                log.warning("the listener lost its database connection (%s); connecting again", e)
                time.sleep(RECONNECT_AFTER)

    # --- owning games' autopilots (called on the hub's database thread) -------------------

    def try_own(self, game_id: str) -> bool:
        """Take the autopilot of a game unless another process has it (tried again no sooner
        than :data:`OWNER_RETRY` seconds after failing)."""
        if game_id in self.owned:
            return True
        if time.monotonic() - self._tried.get(game_id, -OWNER_RETRY) < OWNER_RETRY:
            return False
        got = self._owner_query("SELECT pg_try_advisory_lock(%s)", game_id)
        if got:
            self.owned.add(game_id)
            self._tried.pop(game_id, None)
        else:
            self._tried[game_id] = time.monotonic()
        return bool(got)

    def release(self, game_id: str) -> None:
        """Let another process take the game's autopilot (the game ended, or left this process)."""
        self._tried.pop(game_id, None)
        if game_id in self.owned:
            self.owned.discard(game_id)
            self._owner_query("SELECT pg_advisory_unlock(%s)", game_id)

    def _owner_query(self, sql: str, game_id: str) -> bool:
        with self._owner_lock:
            try:
                if self._owner is None or self._owner.closed:
                    self.owned.clear()  # a new connection holds none of the old one's locks
                    self._owner = psycopg.connect(self.url, autocommit=True)
                row = self._owner.execute(sql, (lock_key(game_id),)).fetchone()
                return bool(row and row[0])
            except psycopg.Error as e:
                log.warning("the autopilot locks' connection failed (%s)", e)
                self.owned.clear()
                self._owner = None
                return False

    def stop(self) -> None:
        """Stop listening and let every owned game go (closing the connection does it)."""
        self._stopping.set()
        if self._listener is not None:
            self._listener.join(5)
        with self._owner_lock:
            if self._owner is not None:
                self._owner.close()
                self._owner = None
            self.owned.clear()
