"""Every live game of one server, and the store behind them.

The :class:`Hub` creates games, keeps a :class:`~talisman.server.session.GameSession`
for each game in play, and brings a game back from the store on first use:
by replaying its action log from its configuration, which restores the whole
log of events too, the state checked against each stored snapshot on the
way. If the log no longer replays (a later engine), the latest snapshot
restores the game instead and the log starts there. It also writes the
moves of all games (group commit) and replays finished games step by step.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from talisman.engine.game import Game, make_config
from talisman.engine.view import events_for
from talisman.errors import ConfigError, TalismanError
from talisman.server import choosing
from talisman.server.catalog import HUMAN, bot_names
from talisman.server.errors import ActionError
from talisman.server.session import GameSession, game_summary, hash_token
from talisman.server.store import ActionRecord, GameRecord, Move, SeatRecord, Store

log = logging.getLogger("talisman.server")
T = TypeVar("T")

SNAPSHOT_EVERY = 50  # actions between two snapshots of the whole state


@dataclass(frozen=True)
class NewSeat:
    controller: str
    character: str | None = None  # a character key, or None: dealt at random
    name: str = ""
    choose: bool = False  # a person's seat whose player picks the character (talisman.server.choosing)


@dataclass(frozen=True)
class NewGame:
    seats: tuple[NewSeat, ...]
    modules: tuple[str, ...] = ("core",)
    options: dict[str, Any] = field(default_factory=dict)
    title: str = ""
    seed: int | None = None


class Hub:
    """Every live game of one server, and the store behind them."""

    def __init__(self, store: Store, bot_delay: float = 0.5, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.snapshot_every = snapshot_every
        self.sessions: dict[str, GameSession] = {}
        self._loading: dict[str, asyncio.Future[GameSession]] = {}
        # One thread does all database work: writes are serialised, in order.
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="talisman-store")
        self._moves: list[tuple[Move, asyncio.Future[None]]] = []
        self._writing = False

    async def run_db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, partial(fn, *args))

    async def record(self, move: Move) -> None:
        """Store a move; returns once it is committed.

        Group commit: the moves that arrive while a transaction is being
        written (from any game) go together into the next one, so a busy
        server writes fewer, larger transactions.
        """
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._moves.append((move, fut))
        if not self._writing:
            self._writing = True
            asyncio.get_running_loop().create_task(self._write_moves())
        await fut

    async def _write_moves(self) -> None:
        try:
            while self._moves:
                batch, self._moves = self._moves, []
                try:
                    await self.run_db(self.store.record_moves, [m for m, _ in batch])
                    errors: list[Exception | None] = [None] * len(batch)
                except Exception:
                    # one by one, so that a move that cannot be stored fails alone
                    errors = []
                    for m, _ in batch:
                        try:
                            await self.run_db(self.store.record_moves, [m])
                            errors.append(None)
                        except Exception as e:
                            errors.append(e)
                for (_, fut), err in zip(batch, errors, strict=True):
                    if err is None:
                        fut.set_result(None)
                    else:
                        fut.set_exception(err)
        finally:
            self._writing = False

    async def start(self) -> None:
        """Bring back every unfinished game, so that its bots play on."""
        ids = await self.run_db(self.store.game_ids, "running") + await self.run_db(self.store.game_ids, "open")
        for game_id in ids:
            try:
                (await self.session(game_id)).schedule_bots()
            except ActionError as e:
                log.error("game %s cannot be restored: %s", game_id, e.message)

    async def stop(self) -> None:
        for s in self.sessions.values():
            if s.bot_task is not None:
                s.bot_task.cancel()
            for c in list(s.clients):
                c.queue.put_nowait(None)
        self._db.shutdown(wait=True)
        self.store.close()

    # --- creating ---------------------------------------------------------------

    async def create(self, spec: NewGame) -> tuple[GameSession, dict[int, str]]:
        """A new game; returns it and the token of each person's seat."""
        if not 1 <= len(spec.seats) <= 6:
            raise ActionError("bad-config", f"a game has 1 to 6 seats, not {len(spec.seats)}", 400)
        allowed = [HUMAN, *bot_names()]
        for i, s in enumerate(spec.seats):
            if s.controller not in allowed:
                raise ActionError(
                    "bad-config",
                    f"seat {i}: {s.controller!r} is neither a person nor a bot ({', '.join(allowed)})",
                    400,
                )
            if s.choose and (s.controller != HUMAN or s.character is not None):
                raise ActionError(
                    "bad-config",
                    f"seat {i}: only a person's seat without a named character can be chosen by its player",
                    400,
                )
        seed = spec.seed if spec.seed is not None else secrets.randbits(53)
        choose = [i for i, s in enumerate(spec.seats) if s.choose]
        g: Game | None = None
        try:
            if choose:  # the engine's game waits for the choices: only its configuration is checked now
                config = choosing.waiting_config(
                    make_config([s.character for s in spec.seats], None, spec.modules, spec.options, seed), choose
                )
            else:
                g = Game.new([s.character for s in spec.seats], modules=spec.modules, options=spec.options, seed=seed)
                config = g.config
        except (ConfigError, TalismanError) as e:
            raise ActionError("bad-config", str(e), 400) from None
        tokens = {i: secrets.token_urlsafe(18) for i, s in enumerate(spec.seats) if s.controller == HUMAN}
        records = tuple(
            SeatRecord(
                i,
                s.controller,
                (
                    s.name.strip()
                    or (f"Player {i + 1}" if s.controller == HUMAN else f"{s.controller.capitalize()} bot")
                )[:60],
                hash_token(tokens[i]) if i in tokens else None,
            )
            for i, s in enumerate(spec.seats)
        )
        game_id = secrets.token_urlsafe(6)
        title = spec.title.strip()[:200] or f"Game {game_id}"
        if g is None:
            status, summary, snapshot = choosing.STATUS, choosing.waiting_summary(config), None
        else:
            status = "open" if tokens else ("finished" if g.is_over else "running")
            summary, snapshot = game_summary(g), (g.state_dict(), g.state_hash())
        await self.run_db(self.store.create_game, game_id, title, config, list(records), summary, snapshot, status)
        record = await self.run_db(self.store.game, game_id)
        assert record is not None, "a game just created is in the store"
        session = GameSession(self, record, g, 0)
        self.sessions[game_id] = session
        session.schedule_bots()
        return session, tokens

    # --- finding and restoring ------------------------------------------------------

    async def session(self, game_id: str) -> GameSession:
        """The live session of a game, restored from the store on first use."""
        if game_id in self.sessions:
            return self.sessions[game_id]
        if game_id in self._loading:
            return await asyncio.shield(self._loading[game_id])
        fut: asyncio.Future[GameSession] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = fut
        try:
            record = await self.run_db(self.store.game, game_id)
            if record is None:
                raise ActionError("not-found", f"there is no game {game_id!r}", 404)
            if record.status == choosing.STATUS:  # no engine game before the last choice
                game, step = None, 0
            else:
                game, step = await self._restore(record)
            session = GameSession(self, record, game, step)
            self.sessions[game_id] = session
            fut.set_result(session)
            return session
        except BaseException as e:
            fut.set_exception(e)
            fut.exception()  # retrieved: waiting callers get it through the shield
            raise
        finally:
            del self._loading[game_id]

    async def rebuild(self, game_id: str) -> Game:
        record = await self.run_db(self.store.game, game_id)
        assert record is not None, "a live game is in the store"
        game, _ = await self._restore(record)
        return game

    async def _restore(self, record: GameRecord) -> tuple[Game, int]:
        acts = await self.run_db(self.store.actions, record.id)
        hashes = await self.run_db(self.store.snapshot_hashes, record.id)
        try:
            return await asyncio.to_thread(_replay, record, [a.option for a in acts], hashes), record.step
        except (TalismanError, ValueError, KeyError, RuntimeError) as e:
            log.warning("game %s: the action log does not replay (%s); restoring the latest snapshot", record.id, e)
        snap = await self.run_db(self.store.snapshot_at_or_before, record.id, record.step)
        if snap is None:
            raise ActionError("broken", f"game {record.id} can be neither replayed nor restored", 500)
        n, state, _ = snap
        try:
            g = Game.from_state_dict(state)
            g.say(f"(The log before step {n} could not be rebuilt by this version of the engine.)", type="event")
            for a in acts[n:]:
                g.apply(a.option)
        except TalismanError as e:
            raise ActionError("broken", f"game {record.id} cannot be restored: {e}", 500) from None
        return g, record.step

    # --- finished games ---------------------------------------------------------------

    async def finished(self, game_id: str) -> GameRecord:
        record = await self.run_db(self.store.game, game_id)
        if record is None:
            raise ActionError("not-found", f"there is no game {game_id!r}", 404)
        if record.status != "finished":
            raise ActionError(
                "not-finished",
                "only a finished game can be replayed or downloaded: the record of "
                "a game in play would give away its dice and decks",
            )
        return record

    async def replay_step(self, game_id: str, n: Any, seat: int | None = None) -> dict[str, Any]:
        """A finished game as it stood after ``n`` actions, with what step ``n`` did,
        as ``seat`` saw it (its own Spells; None: as a spectator saw it)."""
        record = await self.finished(game_id)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= record.step:
            raise ActionError("malformed", f"a step is a whole number from 0 to {record.step}, not {n!r}", 400)
        if seat is not None and not 0 <= seat < len(record.config["characters"]):
            raise ActionError("malformed", f"this game has seats 1 to {len(record.config['characters'])}", 400)
        base = await self.run_db(self.store.snapshot_at_or_before, game_id, max(n - 1, 0))
        start = base[0] if base is not None and n > 0 else 0
        acts = await self.run_db(self.store.actions, game_id, start, n)
        return await asyncio.to_thread(_replay_step, record, base if start else None, acts, n, seat)

    async def replay_turns(self, game_id: str) -> dict[str, Any]:
        """Where each turn of a finished game begins: the step and the character whose turn it is."""
        record = await self.finished(game_id)
        acts = await self.run_db(self.store.actions, game_id)
        return await asyncio.to_thread(_replay_turns, record, acts)

    async def save_of(self, game_id: str) -> dict[str, Any]:
        """A finished game as a save file (``talisman replay`` reads it)."""
        from talisman.engine.formats import SAVE_FORMAT, STATE_VERSION

        record = await self.finished(game_id)
        acts = await self.run_db(self.store.actions, game_id)
        snap = await self.run_db(self.store.snapshot_at_or_before, game_id, record.step)
        assert snap is not None, "a finished game has its last snapshot"
        return {
            "format": SAVE_FORMAT,
            "version": STATE_VERSION,
            "config": record.config,
            "actions": [a.option for a in acts],
            "state_hash": snap[2],
            "result": record.result,
        }


def _new_game(config: dict[str, Any]) -> Game:
    return Game.new(config["characters"], modules=config["modules"], options=config["options"], seed=config["seed"])


def _replay(record: GameRecord, options: list[str], hashes: dict[int, str]) -> Game:
    """Replay a game's log, checking the state against every stored snapshot."""
    g = _new_game(record.config)
    for n, option in enumerate(options, start=1):
        g.apply(option)
        if n in hashes and g.state_hash() != hashes[n]:
            raise RuntimeError(f"the replay differs from the snapshot taken after step {n}")
    return g


def _replay_turns(record: GameRecord, acts: list[ActionRecord]) -> dict[str, Any]:
    g = _new_game(record.config)
    g.log = None  # only the turn counter is wanted
    turns = [{"turn": g.turn, "step": 0, "character": g.active}]
    for n, a in enumerate(acts, start=1):
        g.apply(a.option)
        if g.turn != turns[-1]["turn"]:
            turns.append({"turn": g.turn, "step": n, "character": g.active})
    return {"steps": record.step, "turns": turns}


def _replay_step(
    record: GameRecord,
    base: tuple[int, dict[str, Any], str] | None,
    acts: list[ActionRecord],
    n: int,
    seat: int | None = None,
) -> dict[str, Any]:
    """The replay page's step ``n``: the view after it (``seat``'s, or the public one), and the move
    and events of that step."""
    g = Game.from_state_dict(base[1]) if base is not None else _new_game(record.config)
    action = None
    mark = 0
    for i, a in enumerate(acts):
        if i == len(acts) - 1:
            d = g.decision
            assert d is not None, "a stored action answers a pending decision"
            opt = d.option(a.option)
            action = {"seat": a.seat, "option": a.option, "label": opt.label if opt else a.option}
            mark = len(g.events)
        g.apply(a.option)
    return {
        "step": n,
        "steps": record.step,
        "action": action,
        "view": g.view(seat),
        "events": events_for(g, seat, mark),
        "result": record.result if n == record.step else None,
    }
