"""Live games: the server's one source of truth.

The :class:`Hub` keeps a :class:`GameSession` for each game in play. A
session owns the :class:`~talisman.engine.game.Game`; clients only ever
*propose* an option id. :meth:`GameSession.act` checks the seat's token, that
the client saw the current step, that the decision is that seat's, and that
the option is one of the legal ones; then it applies the option, records it
in the store, and only then tells every connected client what changed, each
through its own seat's eyes (:meth:`Game.view` and
:func:`~talisman.engine.view.events_for`). A refused action changes nothing.

Bot seats play on the server: when the pending decision belongs to one, the
session asks the bot (which, like every agent, sees only its seat's view)
after a short pause so that people can follow, and commits its answer like
any other.

A game is rebuilt from the store by replaying its action log from its
configuration, which restores the whole log of events too; the state is
checked against each stored snapshot on the way. If the log no longer
replays (a later engine), the latest snapshot restores the game instead and
the log starts there.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, TypeVar

from talisman.bots import make_bot, observe
from talisman.engine.game import Game
from talisman.engine.view import events_for
from talisman.errors import ConfigError, TalismanError
from talisman.server.catalog import HUMAN, bot_names
from talisman.server.store import GameRecord, Move, SeatRecord, Store

log = logging.getLogger("talisman.server")
T = TypeVar("T")

SNAPSHOT_EVERY = 50       # actions between two snapshots of the whole state
MAX_QUEUE = 500           # messages waiting for one client before it is dropped as too slow


class ActionError(Exception):
    """A refused request: a short machine-readable ``code``, a sentence for
    people, and the HTTP status that goes with it."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_dict(self) -> dict[str, str]:
        return {"type": "error", "error": self.code, "message": self.message}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    seat: int
    controller: str
    name: str
    token_hash: str | None
    joined: bool


@dataclass(eq=False)
class Client:
    """One connected browser tab (or other client): a seat, or ``None`` for a spectator."""

    seat: int | None
    token: str | None = None       # kept to act without sending it again
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    events_sent: int = 0


@dataclass(frozen=True)
class NewSeat:
    controller: str
    character: str | None = None   # a character key, or None: dealt at random
    name: str = ""


@dataclass(frozen=True)
class NewGame:
    seats: tuple[NewSeat, ...]
    modules: tuple[str, ...] = ("core",)
    options: dict[str, Any] = field(default_factory=dict)
    title: str = ""
    seed: int | None = None


def game_summary(g: Game) -> dict[str, Any]:
    """The public facts the lobby lists, stored with each action."""
    d = g.decision
    return {
        "turn": g.turn,
        "round": g.round,
        "waiting_for": d.player if d is not None else None,
        "characters": [g.name(p.seat) for p in g.players],
        "alive": [p.alive for p in g.players],
    }


def public_info(record: GameRecord | GameSession, online: set[int] = frozenset()) -> dict[str, Any]:
    """What anyone may know about a game: never its seed, tokens or hidden cards."""
    summary = record.summary
    seat_list = record.seats
    return {
        "id": record.id,
        "title": record.title,
        "status": record.status,
        "step": record.step,
        "created": record.created.isoformat(),
        "modules": list(record.config["modules"]),
        "options": dict(record.config["options"]),
        "turn": summary["turn"],
        "waiting_for": summary["waiting_for"],
        "characters": summary["characters"],     # every character in play, a seat's first one at its own index
        "seats": [
            {"seat": s.seat, "controller": s.controller, "name": s.name, "joined": s.joined,
             "character": summary["characters"][s.seat], "alive": summary["alive"][s.seat],
             "online": s.seat in online}
            for s in seat_list
        ],
        "result": record.result,
    }


class GameSession:
    """One game in play, its seats and its connected clients."""

    def __init__(self, hub: Hub, record: GameRecord, game: Game, step: int) -> None:
        self.hub = hub
        self.id = record.id
        self.title = record.title
        self.created = record.created
        self.config = record.config
        self.seats = [Seat(s.seat, s.controller, s.name, s.token_hash, s.joined) for s in record.seats]
        self.game = game
        self.step = step
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        seed = record.config["seed"]
        self.bots = {s.seat: make_bot(s.controller, seed=(seed * 31 + s.seat * 7919 + step) & 0xFFFFFFFF)
                     for s in self.seats if s.controller != HUMAN}
        self.bot_task: asyncio.Task | None = None

    # --- public facts -----------------------------------------------------------

    @property
    def status(self) -> str:
        if self.game.is_over:
            return "finished"
        if any(s.controller == HUMAN and not s.joined for s in self.seats):
            return "open"
        return "running"

    @property
    def summary(self) -> dict[str, Any]:
        return game_summary(self.game)

    @property
    def result(self) -> dict[str, Any] | None:
        return self.game.result

    def online(self) -> set[int]:
        return {c.seat for c in self.clients if c.seat is not None}

    def info(self) -> dict[str, Any]:
        return public_info(self, self.online())

    async def state(self, seat: int | None, events_from: int = 0) -> dict[str, Any]:
        """:meth:`state_for`, never in the middle of a move being recorded."""
        async with self.lock:
            return self.state_for(seat, events_from)

    def state_for(self, seat: int | None, events_from: int = 0) -> dict[str, Any]:
        """The message that brings a client of ``seat`` up to date (call with the lock held:
        while a move is being recorded the game is already past it)."""
        return {
            "type": "state",
            "game": self.info(),
            "step": self.step,
            "view": self.game.view(seat),
            "events_from": events_from,
            "events": events_for(self.game, seat, events_from),
        }

    # --- seats ------------------------------------------------------------------

    def check_seat(self, seat: Any) -> Seat:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise ActionError("malformed", f"there is no seat {seat!r} in this game (seats 0 to {len(self.seats) - 1})",
                              400)
        return self.seats[seat]

    async def authenticate(self, seat: Any, token: Any) -> Seat:
        """The seat whose token this is; the first use of a seat marks it joined."""
        s = self.check_seat(seat)
        if s.controller != HUMAN or s.token_hash is None:
            raise ActionError("forbidden", f"seat {seat} is played by the {s.controller} bot", 403)
        if not isinstance(token, str) or not hmac.compare_digest(hash_token(token), s.token_hash):
            raise ActionError("forbidden", f"this is not the token of seat {seat}", 403)
        if not s.joined:
            s.joined = True
            try:
                await self.hub.run_db(self.hub.store.join_seat, self.id, s.seat, self.status)
            except Exception:
                s.joined = False
                raise
            self.broadcast_seats()
        return s

    async def claim(self, seat: Any, name: str) -> str:
        """Give a seat nobody has taken yet to whoever asks; returns its new token
        (an earlier link to that seat stops working)."""
        s = self.check_seat(seat)
        if s.controller != HUMAN:
            raise ActionError("forbidden", f"seat {seat} is played by the {s.controller} bot", 403)
        async with self.lock:
            if s.joined:
                raise ActionError("taken", f"seat {seat} already has its player", 409)
            token, name = secrets.token_urlsafe(18), name.strip()[:60]
            s.joined = True
            try:
                await self.hub.run_db(self.hub.store.join_seat, self.id, s.seat, self.status, hash_token(token), name)
            except Exception:
                s.joined = False
                raise
            s.token_hash = hash_token(token)
            s.name = name or s.name
        self.broadcast_seats()
        return token

    # --- acting -----------------------------------------------------------------

    async def act(self, seat: Any, token: Any, option: Any, step: Any) -> None:
        """A person's move; raises :class:`ActionError` (and changes nothing) if it is refused."""
        if not isinstance(option, str) or not option:
            raise ActionError("malformed", "an action names the id of one option (a non-empty string)", 400)
        if isinstance(step, bool) or not isinstance(step, int):
            raise ActionError("malformed", "an action names the step it answers (a whole number)", 400)
        s = await self.authenticate(seat, token)
        async with self.lock:
            self._check(s, option, step)
            await self._commit(s.seat, option)
        self.schedule_bots()

    def _check(self, s: Seat, option: str, step: int) -> None:
        g = self.game
        if g.is_over:
            raise ActionError("game-over", "the game is over: no more moves are accepted")
        if step != self.step:
            raise ActionError("stale", f"the game has moved on: you answered step {step}, it is now at step "
                                       f"{self.step}; look again")
        d = g.decision
        if d.player != s.seat:
            who = self.seats[d.player]
            character = d.character if d.character is not None else d.player
            raise ActionError("out-of-turn", f"it is not your turn: waiting for {who.name} "
                                             f"({g.name(character)}, seat {d.player})")
        if d.option(option) is None:
            raise ActionError("illegal", f"{option!r} is not one of the options offered now "
                                         f"({', '.join(d.ids)})")

    async def _commit(self, seat: int, option: str) -> None:
        """Apply a checked option, record it, then tell everyone (call with the lock held)."""
        g, n = self.game, self.step
        try:
            g.apply(option, player=seat)
        except Exception:  # an engine fault: the game may be half-changed, so rebuild it
            log.exception("game %s: the engine failed on %r at step %d", self.id, option, n)
            self.game = await self.hub.rebuild(self.id)
            raise ActionError("engine-error", "the rules engine failed on this move (the server's log has the "
                                              "details); nothing changed", 500) from None
        snapshot = (g.state_dict(), g.state_hash()) if g.is_over or (n + 1) % self.hub.snapshot_every == 0 else None
        try:
            await self.hub.record(Move(self.id, n, seat, option, self.summary, self.status, g.result, snapshot))
        except Exception as e:
            log.exception("game %s: could not record step %d", self.id, n)
            self.game = await self.hub.rebuild(self.id)
            raise ActionError("storage", f"the move could not be saved ({type(e).__name__}); nothing changed",
                              503) from None
        self.step = n + 1
        self.broadcast()

    # --- bots -------------------------------------------------------------------

    def schedule_bots(self) -> None:
        """Start the bot loop if a bot must decide and none is running."""
        d = self.game.decision
        if d is None or self.seats[d.player].controller == HUMAN:
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while True:
            await asyncio.sleep(self.hub.bot_delay)
            async with self.lock:
                d = self.game.decision
                if d is None or self.seats[d.player].controller == HUMAN:
                    return
                # The bot thinks in another thread on its own copy of the game, through
                # its seat's view (observe): it cannot see more, nor disturb the game.
                step, view = self.step, observe(self.game.clone(), d.player)
            try:
                choice = await asyncio.to_thread(self.bots[d.player].choose, view, d)
            except Exception:
                log.exception("game %s: the %s bot failed at step %d", self.id, self.seats[d.player].controller, step)
                choice = None
            async with self.lock:
                if self.step != step:
                    continue
                if d.option(choice) is None:
                    # A bot's fault must not stall the game: it takes the first option offered.
                    log.warning("game %s: bot answer %r is not legal at step %d", self.id, choice, step)
                    choice = d.options[0].id
                try:
                    await self._commit(d.player, choice)
                except ActionError as e:
                    log.error("game %s: bot move refused: %s", self.id, e.message)
                    return

    # --- clients ----------------------------------------------------------------

    async def attach(self, client: Client) -> None:
        """Connect a client; it first gets the whole state and the log events
        from ``client.events_sent`` on (all of them if that is not a position
        in the log: a reconnecting client asks only for what it missed)."""
        async with self.lock:
            self.clients.add(client)
            start = client.events_sent if 0 <= client.events_sent <= len(self.game.events) else 0
            self._send(client, self.state_for(client.seat, start))
            client.events_sent = len(self.game.events)
        self.broadcast_seats()

    def detach(self, client: Client) -> None:
        if client in self.clients:
            self.clients.discard(client)
            self.broadcast_seats()

    def _send(self, client: Client, message: dict[str, Any]) -> None:
        if client.queue.qsize() >= MAX_QUEUE:
            log.warning("game %s: dropping a client that reads too slowly", self.id)
            self.clients.discard(client)
            client.queue.put_nowait(None)
            return
        client.queue.put_nowait(message)

    def broadcast(self) -> None:
        """Send each client its seat's view and the events it has not seen."""
        views: dict[int | None, dict[str, Any]] = {}
        total = len(self.game.events)
        info = self.info()
        for c in list(self.clients):
            if c.seat not in views:
                views[c.seat] = self.game.view(c.seat)
            self._send(c, {"type": "state", "game": info, "step": self.step, "view": views[c.seat],
                           "events_from": c.events_sent, "events": events_for(self.game, c.seat, c.events_sent)})
            c.events_sent = total

    def broadcast_seats(self) -> None:
        info = self.info()
        for c in list(self.clients):
            self._send(c, {"type": "game", "game": info})


class Hub:
    """Every live game of one server, and the store behind them."""

    def __init__(self, store: Store, bot_delay: float = 0.5, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.snapshot_every = snapshot_every
        self.sessions: dict[str, GameSession] = {}
        self._loading: dict[str, asyncio.Future] = {}
        # One thread does all database work: writes are serialised, in order.
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="talisman-store")
        self._moves: list[tuple[Move, asyncio.Future]] = []
        self._writing = False

    async def run_db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, partial(fn, *args))

    async def record(self, move: Move) -> None:
        """Store a move; returns once it is committed.

        Group commit: the moves that arrive while a transaction is being
        written (from any game) go together into the next one, so a busy
        server writes fewer, larger transactions.
        """
        fut = asyncio.get_running_loop().create_future()
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
                for (_, fut), err in zip(batch, errors):
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
                raise ActionError("bad-config", f"seat {i}: {s.controller!r} is neither a person nor a bot "
                                                f"({', '.join(allowed)})", 400)
        seed = spec.seed if spec.seed is not None else secrets.randbits(53)
        try:
            g = Game.new([s.character for s in spec.seats], modules=spec.modules, options=spec.options, seed=seed)
        except (ConfigError, TalismanError) as e:
            raise ActionError("bad-config", str(e), 400) from None
        tokens = {i: secrets.token_urlsafe(18) for i, s in enumerate(spec.seats) if s.controller == HUMAN}
        records = tuple(
            SeatRecord(i, s.controller, (s.name.strip() or (f"Player {i + 1}" if s.controller == HUMAN
                                                           else f"{s.controller.capitalize()} bot"))[:60],
                       hash_token(tokens[i]) if i in tokens else None)
            for i, s in enumerate(spec.seats))
        game_id = secrets.token_urlsafe(6)
        title = spec.title.strip()[:200] or f"Game {game_id}"
        status = "open" if tokens else ("finished" if g.is_over else "running")
        await self.run_db(self.store.create_game, game_id, title, g.config, list(records), game_summary(g),
                          (g.state_dict(), g.state_hash()), status)
        record = await self.run_db(self.store.game, game_id)
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
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self._loading[game_id] = fut
        try:
            record = await self.run_db(self.store.game, game_id)
            if record is None:
                raise ActionError("not-found", f"there is no game {game_id!r}", 404)
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
            raise ActionError("not-finished", "only a finished game can be replayed or downloaded: the record of "
                                              "a game in play would give away its dice and decks")
        return record

    async def replay_step(self, game_id: str, n: Any) -> dict[str, Any]:
        """A finished game as it stood after ``n`` actions, with what step ``n`` did."""
        record = await self.finished(game_id)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= record.step:
            raise ActionError("malformed", f"a step is a whole number from 0 to {record.step}, not {n!r}", 400)
        base = await self.run_db(self.store.snapshot_at_or_before, game_id, max(n - 1, 0))
        start = base[0] if base is not None and n > 0 else 0
        acts = await self.run_db(self.store.actions, game_id, start, n)
        return await asyncio.to_thread(_replay_step, record, base if start else None, acts, n)

    async def save_of(self, game_id: str) -> dict[str, Any]:
        """A finished game as a save file (``talisman replay`` reads it)."""
        from talisman.engine.game import SAVE_FORMAT, STATE_VERSION

        record = await self.finished(game_id)
        acts = await self.run_db(self.store.actions, game_id)
        snap = await self.run_db(self.store.snapshot_at_or_before, game_id, record.step)
        return {"format": SAVE_FORMAT, "version": STATE_VERSION, "config": record.config,
                "actions": [a.option for a in acts], "state_hash": snap[2], "result": record.result}


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


def _replay_step(record: GameRecord, base: tuple[int, dict[str, Any], str] | None, acts: list, n: int) -> dict[str, Any]:
    g = Game.from_state_dict(base[1]) if base is not None else _new_game(record.config)
    action = None
    mark = 0
    for i, a in enumerate(acts):
        if i == len(acts) - 1:
            d = g.decision
            opt = d.option(a.option)
            action = {"seat": a.seat, "option": a.option, "label": opt.label if opt else a.option}
            mark = len(g.events)
        g.apply(a.option)
    return {"step": n, "steps": record.step, "action": action, "view": g.view(None),
            "events": events_for(g, None, mark), "result": record.result if n == record.step else None}
