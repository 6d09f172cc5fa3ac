"""Every live game of one server, and the store behind them.

The :class:`Hub` creates games, keeps a :class:`~talisman.server.session.GameSession`
for each game in play, and brings a game back from the store on first use:
by replaying its action log from its configuration, which restores the whole
log of events too, the state checked against each stored snapshot on the
way. If the log no longer replays (a later engine), the latest snapshot
restores the game instead and the log starts there. It also writes the
moves of all games (group commit) and replays finished games step by step.

Engine and bot work runs in worker threads (:mod:`talisman.server.workers`),
each piece within a time budget. A game whose engine fails or overruns its
budget is *broken*: it is stored with the status ``broken`` and the reason,
its clients are told and disconnected, and it is never served again (every
request for it is refused with ``broken``, 410), so one bad game can neither
stall the others nor hang the server again when it restarts.

A game is *abandoned* when it is not finished and nothing has happened to it
(no move, no seat taken, no character picked) for :data:`ABANDON_AFTER`: the
hub deletes such games, with their logs, when it starts and every hour after
(:meth:`Hub.sweep`). Finished games stay, for their replays.

On PostgreSQL several server processes may share the games: see
:mod:`talisman.server.cluster` for how they keep in step (the hub listens for the
others' notifications, writes each move in a turn holding the game's row lock, and
runs a game's bots only while it owns the game's autopilot).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, TypedDict, TypeVar

from talisman.engine.game import Game, check_seats, make_config
from talisman.engine.standing import BESIDE_THE_DIE_SECONDS, check_answers
from talisman.engine.view import events_for
from talisman.errors import ConfigError, TalismanError
from talisman.server import choosing
from talisman.server.autopilot import ANSWER_WAIT, AWAY_AFTER, BOT_SPEEDS, UNOPENED_WAIT
from talisman.server.catalog import HUMAN, bot_names, default_title, game_options
from talisman.server.cluster import OWNER_RETRY, Cluster
from talisman.server.errors import ActionError
from talisman.server.limits import ClientLimiter, Limits, client_key, current_client
from talisman.server.session import GameSession, game_summary, hash_token
from talisman.server.store import BROKEN, ActionRecord, GameRecord, GameSettings, Move, SeatRecord, Store, Turn
from talisman.server.workers import Overrun, Workers

log = logging.getLogger("talisman.server")
T = TypeVar("T")

SNAPSHOT_EVERY = 50  # actions between two snapshots of the whole state
ENGINE_BUDGET = 10.0  # seconds the engine may take to make a game or apply a move
BOT_BUDGET = 30.0  # seconds a bot may think about one decision
RESTORE_BUDGET = 60.0  # seconds to bring a game back from its log
ENGINE_THREADS = 4
TURNS = 6  # moves applied at once, each holding its game's row lock and a database connection (PostgreSQL)
ABANDON_AFTER = timedelta(days=14)
SWEEP_EVERY = 3600.0  # seconds between two sweeps for abandoned games


@dataclass(frozen=True)
class NewSeat:
    controller: str
    character: str | None = None  # a character key, or None: dealt at random
    name: str = ""
    choose: bool = False  # a person's seat whose player picks the character (talisman.server.choosing)
    standing: tuple[str, ...] = ()  # a person's standing answers from the start (talisman.engine.standing)


@dataclass(frozen=True)
class NewGame:
    seats: tuple[NewSeat, ...]
    modules: tuple[str, ...] = ("core",)
    options: dict[str, Any] = field(default_factory=dict)
    title: str = ""
    seed: int | None = None
    bot_speed: str = "normal"  # a key of talisman.server.autopilot.BOT_SPEEDS
    tutorial: bool = False  # a guided first game: its people's states carry the tutorial's tips


class Timing(TypedDict, total=False):
    """The time budgets of engine work and the waits of the autopilot a server may be given (each
    :class:`Hub`'s argument of that name; the defaults are its)."""

    engine_budget: float
    bot_budget: float
    restore_budget: float
    answer_wait: float
    away_after: float
    beside_wait: float
    unopened_wait: float


class Hub:
    """Every live game of one server, and the store behind them."""

    def __init__(
        self,
        store: Store,
        bot_delay: float | None = None,
        snapshot_every: int = SNAPSHOT_EVERY,
        engine_budget: float = ENGINE_BUDGET,
        bot_budget: float = BOT_BUDGET,
        restore_budget: float = RESTORE_BUDGET,
        limiter: ClientLimiter | None = None,
        abandon_after: timedelta = ABANDON_AFTER,
        answer_wait: float = ANSWER_WAIT,
        away_after: float = AWAY_AFTER,
        beside_wait: float = BESIDE_THE_DIE_SECONDS,
        unopened_wait: float = UNOPENED_WAIT,
    ) -> None:
        """``bot_delay``, when given, is every game's pause before a bot move, whatever its bot
        speed; ``answer_wait``, ``away_after``, ``beside_wait`` and ``unopened_wait``: see
        :mod:`talisman.server.autopilot`."""
        self.store = store
        self.bot_delay = bot_delay
        self.answer_wait = answer_wait
        self.away_after = away_after
        self.beside_wait = beside_wait
        self.unopened_wait = unopened_wait
        self.snapshot_every = snapshot_every
        self.engine_budget = engine_budget
        self.bot_budget = bot_budget
        self.restore_budget = restore_budget
        self.workers = Workers(ENGINE_THREADS)
        self.limiter = limiter if limiter is not None else ClientLimiter(Limits())
        self.abandon_after = abandon_after
        self._sweeper: asyncio.Task[None] | None = None
        self.sessions: dict[str, GameSession] = {}
        self._loading: dict[str, asyncio.Future[GameSession]] = {}
        # One thread does all database work: writes are serialised, in order.
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="talisman-store")
        self._moves: list[tuple[Move, asyncio.Future[None]]] = []
        self._writing = False
        # PostgreSQL: other server processes may share the games (talisman.server.cluster).
        self.cluster = Cluster(store.url, store.origin, self._notice) if store.shared else None
        # Turns wait for another process's row lock: on threads of their own, never the store's;
        # a few at once, each with its connection (the others wait here, holding nothing).
        self._turns = ThreadPoolExecutor(max_workers=TURNS, thread_name_prefix="talisman-turn")
        self._turn_slots = asyncio.Semaphore(TURNS)
        self._watcher: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    async def run_db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, partial(fn, *args))

    # --- several server processes (PostgreSQL) -------------------------------------------

    async def begin_turn(self, game_id: str) -> Turn | None:
        """A turn holding the game's row lock (None on a database no other process shares)."""
        if self.cluster is None:
            return None
        await self._turn_slots.acquire()
        try:
            return await asyncio.get_running_loop().run_in_executor(self._turns, self.store.begin_turn, game_id)
        except BaseException:
            self._turn_slots.release()
            raise

    async def end_turn(self, turn: Turn, moves: list[Move] | None) -> None:
        """Commit a turn with its moves (and notify), or roll it back."""
        try:
            await asyncio.get_running_loop().run_in_executor(self._turns, self.store.end_turn, turn, moves)
        finally:
            self._turn_slots.release()

    async def owns(self, game_id: str) -> bool:
        """Whether this process answers for the game's bots and autopilot (always, alone on its database)."""
        if self.cluster is None or game_id in self.cluster.owned:
            return True
        return await self.run_db(self.cluster.try_own, game_id)

    async def let_go(self, game_id: str) -> None:
        """The game's autopilot may run in another process (it ended or left this one)."""
        if self.cluster is not None and game_id in self.cluster.owned:
            await self.run_db(self.cluster.release, game_id)

    def tell(self, game_id: str, kind: str, **data: Any) -> None:
        """Tell the other processes what is not stored (who is connected, who skips)."""
        if self.cluster is not None:
            self._spawn(self.run_db(partial(self.store.notify, game_id, kind, **data)))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _notice(self, notice: dict[str, Any]) -> None:
        """Another process changed a game (on the event loop, from the listener)."""
        if notice["kind"] == "resync":  # notifications may have been missed
            for live in list(self.sessions.values()):
                self._spawn(live.refresh())
            return
        session = self.sessions.get(notice.get("game", ""))
        if session is None:
            return
        kind = notice["kind"]
        if kind == "online":
            session.presence(notice["from"], notice.get("seats", []))
        elif kind == "hello":  # another process has just loaded the game: who is connected here
            session.announce()
        elif kind == "skip":
            session.skipped(notice.get("seat"), bool(notice.get("on")))
        elif kind == "move" and isinstance(notice.get("step"), int):
            self._spawn(session.refresh(notice["step"]))
        else:  # a pick, a seat claimed or invited anew, standing answers, broken
            self._spawn(session.refresh())

    async def _watch(self) -> None:
        """Take over the autopilot of games whose owning process has gone."""
        while True:
            await asyncio.sleep(OWNER_RETRY)
            for session in list(self.sessions.values()):
                session.schedule_bots()

    async def engine(self, fn: Callable[..., T], *args: Any, budget: float | None = None) -> T:
        """Engine or bot work in a worker thread; raises :class:`Overrun` past its budget
        (by default the engine's budget for one move)."""
        return await self.workers.run(fn, *args, budget=self.engine_budget if budget is None else budget)

    async def break_game(self, session: GameSession, reason: str, stored: bool = False) -> None:
        """Mark a game broken for good: stored so (unless ``stored`` already, by another process),
        its clients told and let go, never served again."""
        if not stored:
            log.error("game %s is broken: %s", session.id, reason)
        session.broken = reason
        self.sessions.pop(session.id, None)
        await self.let_go(session.id)
        try:
            if not stored:
                await self.run_db(self.store.mark_broken, session.id, reason)
        except Exception:
            log.exception("game %s: could not store it as broken", session.id)
        refusal = broken_error(session.id, reason).to_dict()
        for c in list(session.clients):
            c.queue.put_nowait(refusal)
            c.queue.put_nowait(None)
        session.clients.clear()

    async def record(self, move: Move, turn: Turn | None = None) -> None:
        """Store a move (in its turn, if it has one: see :meth:`begin_turn`); returns once it is committed.

        Group commit: the moves that arrive while a transaction is being
        written (from any game) go together into the next one, so a busy
        server writes fewer, larger transactions.
        """
        if turn is not None:
            await self.end_turn(turn, [move])
            return
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
                    if fut.done():  # its waiter was cancelled (a server stopping): the move is stored all the same
                        continue
                    if err is None:
                        fut.set_result(None)
                    else:
                        fut.set_exception(err)
        finally:
            self._writing = False

    async def start(self) -> None:
        """Let go of abandoned games, then bring back every unfinished game, so that its bots play on."""
        await self.sweep()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_hourly())
        if self.cluster is not None:
            self.cluster.start(asyncio.get_running_loop())
            self._watcher = asyncio.get_running_loop().create_task(self._watch())
        ids = await self.run_db(self.store.game_ids, "running") + await self.run_db(self.store.game_ids, "open")
        for game_id in ids:
            try:
                (await self.session(game_id)).schedule_bots()
            except ActionError as e:
                log.error("game %s cannot be restored: %s", game_id, e.message)

    async def sweep(self) -> list[str]:
        """Delete the abandoned games (see the module's notes); returns their ids."""
        gone = await self.run_db(self.store.delete_abandoned, datetime.now(UTC) - self.abandon_after)
        for game_id in gone:
            session = self.sessions.pop(game_id, None)
            if session is not None and session.bot_task is not None:
                session.bot_task.cancel()
            await self.let_go(game_id)
        if gone:
            log.info("deleted %d abandoned games", len(gone))
        return gone

    async def _sweep_hourly(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep for abandoned games failed")

    async def stop(self) -> None:
        for task in (self._sweeper, self._watcher, *self._tasks):
            if task is not None:
                task.cancel()
        for s in self.sessions.values():
            if s.bot_task is not None:
                s.bot_task.cancel()
            for c in list(s.clients):
                c.queue.put_nowait(None)
        self.workers.stop()
        if self.cluster is not None:
            await asyncio.to_thread(self.cluster.stop)
        self._db.shutdown(wait=True)
        self._turns.shutdown(wait=True)
        self.store.close()

    # --- creating ---------------------------------------------------------------

    async def create(self, spec: NewGame) -> tuple[GameSession, dict[int, str], str]:
        """A new game; returns it, the invitation secret of each person's seat and the creator's
        token (with which a person's seat can be invited anew: :meth:`GameSession.reinvite`). A
        seat's token is made when its player claims it with the invitation
        (:meth:`GameSession.claim`): the creator never learns another person's token."""
        try:
            check_seats(len(spec.seats))  # (the engine's check, before anything is counted against the client)
        except ConfigError as e:
            raise ActionError("bad-config", str(e), 400) from None
        if spec.bot_speed not in BOT_SPEEDS:
            raise ActionError(
                "bad-config", f"the bot speed is one of {', '.join(BOT_SPEEDS)}, not {spec.bot_speed!r}", 400
            )
        allowed = [HUMAN, *bot_names()]
        for i, s in enumerate(spec.seats):
            if s.controller not in allowed:
                raise ActionError(
                    "bad-config",
                    f"seat {i}: {s.controller!r} is neither a person nor a bot ({', '.join(allowed)})",
                    400,
                )
            if s.standing and s.controller != HUMAN:
                raise ActionError("bad-config", f"seat {i}: only a person's seat has standing answers", 400)
            try:
                check_answers(s.standing)
            except ConfigError as e:
                raise ActionError("bad-config", f"seat {i}: {e}", 400) from None
            if s.choose and (s.controller != HUMAN or s.character is not None):
                raise ActionError(
                    "bad-config",
                    f"seat {i}: only a person's seat without a named character can be chosen by its player",
                    400,
                )
        creator = client_key(current_client.get())
        limits = self.limiter.limits
        if limits.live_games is not None and await self.run_db(self.store.live_games_of, creator) >= limits.live_games:
            raise ActionError(
                "too-many",
                f"you have {limits.live_games} games in play already: finish some first "
                f"(a game nothing happens to for {self.abandon_after.days} days is deleted)",
                429,
                60,
            )
        self.limiter.check_creation(current_client.get())
        seed = spec.seed if spec.seed is not None else secrets.randbits(53)
        choose = [i for i, s in enumerate(spec.seats) if s.choose]
        try:
            config, g, summary, snapshot = await self.engine(
                _setup, [s.character for s in spec.seats], list(spec.modules), game_options(spec.options), seed, choose
            )
        except (ConfigError, TalismanError) as e:
            raise ActionError("bad-config", str(e), 400) from None
        except Overrun as e:
            raise ActionError(
                "bad-config", f"the rules engine could not set this game up within {e.seconds:g} s: not created", 400
            ) from None
        if g is not None and g.is_over:
            raise ActionError(
                "bad-config", f"this game would be over before its first move ({_ending(g)}): not created", 400
            )
        if spec.tutorial:
            config = {**config, "tutorial": True}  # (kept beside the engine's configuration, which it does not change)
        invites = {i: secrets.token_urlsafe(18) for i, s in enumerate(spec.seats) if s.controller == HUMAN}
        records = tuple(
            SeatRecord(
                i,
                s.controller,
                (
                    s.name.strip()
                    or (f"Player {i + 1}" if s.controller == HUMAN else f"{s.controller.capitalize()} bot")
                )[:60],
                hash_token(invites[i]) if i in invites else None,  # the token's place until it is claimed
            )
            for i, s in enumerate(spec.seats)
        )
        game_id = secrets.token_urlsafe(6)
        title = spec.title.strip()[:200] or default_title(config["modules"], [(r.name, r.controller) for r in records])
        status = choosing.STATUS if g is None else ("open" if invites else "running")
        creator_token = secrets.token_urlsafe(18)
        standing = {i: check_answers(s.standing) for i, s in enumerate(spec.seats) if s.standing}
        settings = GameSettings(spec.bot_speed, hash_token(creator_token), standing)
        await self.run_db(
            self.store.create_game,
            game_id,
            title,
            config,
            list(records),
            summary,
            snapshot,
            status,
            creator,
            spec.seed is not None,
            settings,
        )
        record = await self.run_db(self.store.game, game_id)
        assert record is not None, "a game just created is in the store"
        session = GameSession(self, record, g, 0, settings)
        self.sessions[game_id] = session
        session.schedule_bots()
        return session, invites, creator_token

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
            if record.status == BROKEN:
                raise broken_error(game_id, (record.result or {}).get("broken", "its rules engine failed"))
            if record.status == choosing.STATUS:  # no engine game before the last choice
                game, step = None, 0
            else:
                game, step = await self._restore(record)
            settings = await self.run_db(self.store.settings, game_id)
            session = GameSession(self, record, game, step, settings)
            self.sessions[game_id] = session
            fut.set_result(session)
            if self.cluster is not None:  # what changed while it was loading; who is connected elsewhere
                self._spawn(session.refresh())
                self.tell(game_id, "hello")
            return session
        except BaseException as e:
            fut.set_exception(e)
            fut.exception()  # retrieved: waiting callers get it through the shield
            raise
        finally:
            del self._loading[game_id]

    async def rebuild(self, game_id: str) -> tuple[Game, int]:
        """A game brought back from the store as it is there now, and its step."""
        record = await self.run_db(self.store.game, game_id)
        assert record is not None, "a live game is in the store"
        return await self._restore(record)

    async def _restore(self, record: GameRecord) -> tuple[Game, int]:
        """A game brought back from its log (or its latest snapshot); a game that cannot be
        is marked broken in the store, and :class:`ActionError` ``broken`` raised."""
        acts = await self.run_db(self.store.actions, record.id, 0, record.step)  # (another process may be further on)
        hashes = await self.run_db(self.store.snapshot_hashes, record.id)
        try:
            replayed = await self.engine(_replay, record, [a.option for a in acts], hashes, budget=self.restore_budget)
            return replayed, record.step
        except Overrun as e:
            raise await self._broken(record.id, f"replaying its log took more than {e.seconds:g} s") from None
        except Exception as e:
            log.warning("game %s: the action log does not replay (%s); restoring the latest snapshot", record.id, e)
        snap = await self.run_db(self.store.snapshot_at_or_before, record.id, record.step)
        if snap is None:
            raise await self._broken(record.id, "its log can be neither replayed nor restored from a snapshot")
        n, state, _ = snap
        try:
            g = await self.engine(_from_snapshot, state, n, [a.option for a in acts[n:]], budget=self.restore_budget)
        except Overrun as e:
            raise await self._broken(record.id, f"restoring it took more than {e.seconds:g} s") from None
        except Exception as e:
            raise await self._broken(record.id, f"it cannot be restored ({type(e).__name__}: {e})") from None
        return g, record.step

    async def _broken(self, game_id: str, reason: str) -> ActionError:
        """Store a game that cannot be brought back as broken; the refusal to raise."""
        log.error("game %s is broken: %s", game_id, reason)
        await self.run_db(self.store.mark_broken, game_id, reason)
        return broken_error(game_id, reason)

    # --- finished games ---------------------------------------------------------------

    async def finished(self, game_id: str) -> GameRecord:
        record = await self.run_db(self.store.game, game_id)
        if record is None:
            raise ActionError("not-found", f"there is no game {game_id!r}", 404)
        if record.status == BROKEN:
            raise broken_error(game_id, (record.result or {}).get("broken", "its rules engine failed"))
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
        try:
            return await self.engine(
                _replay_step, record, base if start else None, acts, n, seat, budget=self.restore_budget
            )
        except Overrun as e:
            raise ActionError("overrun", f"replaying this game took more than {e.seconds:g} s", 503) from None

    async def replay_turns(self, game_id: str) -> dict[str, Any]:
        """Where each turn of a finished game begins: the step and the character whose turn it is."""
        record = await self.finished(game_id)
        acts = await self.run_db(self.store.actions, game_id)
        try:
            return await self.engine(_replay_turns, record, acts, budget=self.restore_budget)
        except Overrun as e:
            raise ActionError("overrun", f"replaying this game took more than {e.seconds:g} s", 503) from None

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


def broken_error(game_id: str, reason: str) -> ActionError:
    return ActionError("broken", f"game {game_id} is broken and no longer served: {reason}", 410)


def _ending(g: Game) -> str:
    how = (g.result or {}).get("how")
    return str(how) if how else "it ended at once"


def _from_snapshot(state: dict[str, Any], n: int, options: list[str]) -> Game:
    """A game from its snapshot after ``n`` actions, with the later actions applied."""
    g = Game.from_state_dict(state)
    g.say(f"(The log before step {n} could not be rebuilt by this version of the engine.)", type="event")
    for option in options:
        g.apply(option)
    return g


def _setup(
    characters: list[str | None], modules: list[str], options: dict[str, Any], seed: int, choose: list[int]
) -> tuple[dict[str, Any], Game | None, dict[str, Any], tuple[dict[str, Any], str] | None]:
    """A new game's configuration, engine game, public summary and first snapshot. A game whose
    people choose their characters has no engine game yet: only its configuration is checked."""
    config = make_config(characters, None, modules, options, seed).to_dict()
    if choose:
        config = choosing.waiting_config(config, choose)
        return config, None, choosing.waiting_summary(config), None
    g = new_game(config)
    return g.config.to_dict(), g, game_summary(g), (g.state_dict(), g.state_hash())


def new_game(config: dict[str, Any]) -> Game:
    """The engine's game of a configuration, run to its first decision."""
    return Game.new(config["characters"], modules=config["modules"], options=config["options"], seed=config["seed"])


def _replay(record: GameRecord, options: list[str], hashes: dict[int, str]) -> Game:
    """Replay a game's log, checking the state against every stored snapshot."""
    g = new_game(record.config)
    for n, option in enumerate(options, start=1):
        g.apply(option)
        if n in hashes and g.state_hash() != hashes[n]:
            raise RuntimeError(f"the replay differs from the snapshot taken after step {n}")
    return g


def _replay_turns(record: GameRecord, acts: list[ActionRecord]) -> dict[str, Any]:
    g = new_game(record.config)
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
    g = Game.from_state_dict(base[1]) if base is not None else new_game(record.config)
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
