"""Engine and bot work off the event loop, each piece within a time budget.

The event loop only moves messages; the rules engine (making a game, applying
a move, replaying a log) and the bots' thinking run in worker threads, so a
slow search or a long replay never delays another game. A piece of work that
overruns its budget raises :class:`Overrun`: the server stops waiting for it,
and the game it belonged to is marked broken. Python cannot stop a thread, so
the worker thread is written off and a fresh one takes its place; the engine's
own bound on steps without a decision ends a runaway game soon after. Worker
threads are daemons: one still spinning never keeps the server from stopping.

>>> import asyncio
>>> async def demo() -> int:
...     pool = Workers(2)
...     return await pool.run(sum, [1, 2, 3], budget=5)
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as aside:  # an event loop of its own, whatever this thread runs
...     aside.submit(asyncio.run, demo()).result()
6
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any, TypeVar

log = logging.getLogger("talisman.server")
T = TypeVar("T")

Job = tuple[Callable[[], Any], Future[Any], list[float]]  # the work, its result, when it started


class Overrun(Exception):
    """Work that did not finish within its budget (it may still be running, written off)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"did not finish within {seconds:g} s")
        self.seconds = seconds


class Workers:
    """A pool of daemon worker threads; one lost to an overrun is replaced at once."""

    def __init__(self, size: int, name: str = "talisman-engine") -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._count = 0
        self._alive = 0
        self._lock = threading.Lock()
        self.lost = 0  # threads written off after an overrun
        for _ in range(size):
            self._spawn()

    def _spawn(self) -> None:
        with self._lock:
            self._count += 1
            self._alive += 1
            t = threading.Thread(target=self._work, name=f"{self.name}-{self._count}", daemon=True)
        t.start()

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            fn, fut, started = job
            if not fut.set_running_or_notify_cancel():
                continue
            started.append(time.monotonic())
            try:
                fut.set_result(fn())
            except BaseException as e:  # handed to the waiting coroutine, which decides
                fut.set_exception(e)
        with self._lock:
            self._alive -= 1

    async def run(self, fn: Callable[..., T], *args: Any, budget: float) -> T:
        """``fn(*args)`` in a worker thread; raises :class:`Overrun` once it has run for
        ``budget`` seconds (time spent waiting for a free worker does not count)."""
        fut: Future[T] = Future()
        started: list[float] = []
        self._jobs.put((partial(fn, *args), fut, started))
        waiting = asyncio.wrap_future(fut)
        while True:
            left = budget - (time.monotonic() - started[0]) if started else budget
            try:
                return await asyncio.wait_for(asyncio.shield(waiting), max(left, 0.0))
            except TimeoutError:
                if started and time.monotonic() - started[0] >= budget:
                    break
        # It runs still: its thread is written off and replaced, and should the work end
        # after all, one thread too many leaves the pool.
        self.lost += 1
        log.warning("a worker thread overran its budget of %g s and is replaced", budget)
        self._spawn()
        fut.add_done_callback(lambda _f: self._jobs.put(None))
        raise Overrun(budget)

    def stop(self) -> None:
        with self._lock:
            alive = self._alive
        for _ in range(alive):
            self._jobs.put(None)
