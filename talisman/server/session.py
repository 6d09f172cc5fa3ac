"""One game in play: its seats and tokens, its connected clients, its bots.

A :class:`GameSession` owns the :class:`~talisman.engine.game.Game`; clients
only ever *propose* an option id. :meth:`GameSession.act` checks the seat's
token, that the client saw the current step, that the decision is that
seat's, and that the option is one of the legal ones; then it applies the
option, records it in the store, and only then tells every connected client
what changed, each through its own seat's eyes (:meth:`Game.view` and
:func:`~talisman.engine.view.events_for`). A refused action changes nothing.

Bot seats play on the server: when the pending decision belongs to one, the
session asks the bot (which, like every agent, sees only its seat's view)
after the game's pause (its bot speed) so that people can follow, and commits
its answer like any other. The same loop answers for people where waiting
would be pointless or endless (:mod:`talisman.server.autopilot`): their
standing answers, a question in another's turn left too long, a seat whose
person is away. Every such answer is a move like a person's, made through
:meth:`GameSession._commit`.

The engine and the bots work in the hub's worker threads, within a time
budget (:meth:`Hub.engine`); a game whose engine fails or overruns it is
marked broken (:meth:`Hub.break_game`). While a move is applied the session's
lock is held, and the public facts anyone may read come from the summary
taken after the last change, never from a game half-way through a move.

A game whose people choose their characters (:mod:`talisman.server.choosing`)
has no engine game yet: its session holds ``game = None`` and the stored
configuration with the picks so far, until the last pick creates the game.

On PostgreSQL other server processes may hold sessions of the same game
(:mod:`talisman.server.cluster`): a move is applied in a turn holding the
game's row lock, a session is brought up to the store (:meth:`GameSession.refresh`)
when another process tells of a change, and the automatic answers run only in
the process that owns the game's autopilot.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Mapping, Set
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, TypeVar

from talisman import tutorial
from talisman.bots.hint import hint
from talisman.engine.game import Game
from talisman.engine.standing import STANDING_ANSWERS, check_answers
from talisman.engine.view import agent_view, events_for
from talisman.errors import ConfigError
from talisman.server import choosing
from talisman.server.autopilot import Autopilot, bot_delay_for
from talisman.server.catalog import HUMAN
from talisman.server.errors import ActionError
from talisman.server.limits import ClientLimiter, current_client
from talisman.server.store import BROKEN, ActionRecord, Conflict, GameRecord, GameSettings, Move, Store, Turn
from talisman.server.workers import Overrun

log = logging.getLogger("talisman.server")
T = TypeVar("T")


class Host(Protocol):
    """What a session needs of the server that holds it (the :class:`~talisman.server.hub.Hub`)."""

    store: Store
    bot_delay: float | None  # every game's pause before a bot move, or None: each game's bot speed
    answer_wait: float
    away_after: float
    beside_wait: float
    unopened_wait: float
    snapshot_every: int
    sessions: dict[str, GameSession]

    async def run_db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the store's thread."""

    async def record(self, move: Move, turn: Turn | None = None) -> None:
        """Store a move (in its turn); returns once it is committed."""

    async def begin_turn(self, game_id: str) -> Turn | None:
        """A turn holding the game's row lock, when other processes share the store."""

    async def end_turn(self, turn: Turn, moves: list[Move] | None) -> None:
        """Commit a turn with its moves, or roll it back."""

    async def owns(self, game_id: str) -> bool:
        """Whether this process answers for the game's bots and autopilot."""

    async def let_go(self, game_id: str) -> None:
        """Let another process answer for the game's bots and autopilot."""

    def tell(self, game_id: str, kind: str, **data: Any) -> None:
        """Tell the other processes what is not stored."""

    async def rebuild(self, game_id: str) -> tuple[Game, int]:
        """The game rebuilt from the store (after a failure left it half-changed), and its step."""

    bot_budget: float
    limiter: ClientLimiter

    async def engine(self, fn: Callable[..., T], *args: Any, budget: float | None = None) -> T:
        """Engine or bot work in a worker thread, within a time budget."""

    async def break_game(self, session: GameSession, reason: str, stored: bool = False) -> None:
        """Mark a game broken for good."""


MAX_QUEUE = 500  # messages waiting for one client before it is dropped as too slow
MAX_OPTION = 200  # characters in an option id


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
    token: str | None = None  # kept to act without sending it again
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    events_sent: int = 0
    dropped: bool = False  # let go for reading too slowly: nothing more is queued for it


def game_summary(g: Game) -> dict[str, Any]:
    """The public facts the lobby lists, stored with each action."""
    d = g.decision
    return {
        "turn": g.turn,
        "waiting_for": d.player if d is not None else None,
        "characters": [g.name(p.seat) for p in g.players],
        "alive": [p.alive for p in g.players],
    }


def public_info(record: GameRecord | GameSession, online: Set[int] = frozenset()) -> dict[str, Any]:
    """What anyone may know about a game: never its tokens or hidden cards, nor its seed unless
    the creator chose it (then every player may know it, as a replay would show it)."""
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
        "characters": summary["characters"],  # every character in play, a seat's first one at its own index
        "seats": [
            {
                "seat": s.seat,
                "controller": s.controller,
                "name": s.name,
                "joined": s.joined,
                "character": summary["characters"][s.seat],
                "alive": summary["alive"][s.seat],
                "online": s.seat in online,
                "choosing": s.seat in summary.get("choosing", ()),
            }
            for s in seat_list
        ],
        "result": record.result,
        "seed": record.config["seed"] if record.seed_public else None,
    }


class GameSession:
    """One game in play, its seats and its connected clients."""

    def __init__(
        self, hub: Host, record: GameRecord, game: Game | None, step: int, settings: GameSettings | None = None
    ) -> None:
        settings = settings or GameSettings()
        self.hub = hub
        self.id = record.id
        self.title = record.title
        self.seed_public = record.seed_public
        self.created = record.created
        self.config = record.config
        self.seats = [Seat(s.seat, s.controller, s.name, s.token_hash, s.joined) for s in record.seats]
        self.game = game
        self.step = step
        self._summary = game_summary(game) if game is not None else record.summary
        self.broken: str | None = None  # why the game is broken, once it is (talisman.server.hub)
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.elsewhere: dict[str, set[int]] = {}  # the seats connected to each other server process
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_speed = settings.bot_speed
        self.creator_hash = settings.creator_hash
        self.pilot = Autopilot(
            seed=record.config["seed"],
            controllers=[s.controller for s in self.seats],
            bot_delay=bot_delay_for(settings.bot_speed, hub.bot_delay),
            answer_wait=hub.answer_wait,
            away_after=hub.away_after,
            beside_wait=hub.beside_wait,
            unopened_wait=hub.unopened_wait,
            standing=dict(settings.standing),
        )
        self.note_unopened()
        self.wake = asyncio.Event()  # set when the pending decision's plan may have changed
        self.hints: dict[int, dict[str, Any]] = {}  # the last hint given to each seat (see hint)

    def note_unopened(self) -> None:
        """Tell the autopilot which people's seats nobody has opened yet (a shorter wait for them)."""
        self.pilot.unopened = {s.seat for s in self.seats if s.controller == HUMAN and not s.joined}

    # --- public facts -----------------------------------------------------------

    @property
    def status(self) -> str:
        if self.game is None:
            return choosing.STATUS
        if self.game.is_over:
            return "finished"
        if any(s.controller == HUMAN and not s.joined for s in self.seats):
            return "open"
        return "running"

    @property
    def summary(self) -> dict[str, Any]:
        """The public facts after the last change (see :func:`game_summary`)."""
        return self._summary

    @property
    def result(self) -> dict[str, Any] | None:
        return self.game.result if self.game is not None else None

    def online(self) -> set[int]:
        """The seats connected to this process or any other."""
        return self.here().union(*self.elsewhere.values())

    def here(self) -> set[int]:
        """The seats connected to this process."""
        return {c.seat for c in self.clients if c.seat is not None}

    def info(self) -> dict[str, Any]:
        """:func:`public_info`, with the game's pace: its bot speed, the clock of a person's pending
        answer (``timer``), and each seat played by a stand-in bot while its person is away."""
        online = self.online()
        out = public_info(self, online)
        out["bot_speed"] = self.bot_speed
        out["timer"] = self.pilot.timer()
        for seat in out["seats"]:
            seat["stood_in"] = self.pilot.stood_in(seat["seat"], online)
        return out

    def settings_for(self, seat: int) -> dict[str, Any]:
        """A seat's own settings: its standing answers (and every one it may choose), and whether it skips."""
        return {
            "standing": list(self.pilot.standing.get(seat, ())),
            "choices": STANDING_ANSWERS,
            "skipping": seat in self.pilot.skipping,
        }

    def holders(self) -> dict[str, int]:
        """The seat that has each character taken so far: named or chosen while the game
        waits for its players' choices, then each seat's character in play."""
        if self.game is None:
            return {k: i for i, k in enumerate(self.config["characters"]) if k is not None}
        return {self.game.players[s.seat].character: s.seat for s in self.seats}

    async def state(self, seat: int | None, events_from: int = 0) -> dict[str, Any]:
        """:meth:`state_for`, never in the middle of a move being recorded."""
        async with self.lock:
            await self._sync()
            if self.broken is not None:
                raise self.broken_error()
            if self.game is None:
                raise self.not_started()
            return self.state_for(seat, events_from)

    def not_started(self) -> ActionError:
        waiting = choosing.still_to_choose(self.config)
        who = " and ".join(f"{self.seats[s].name} (seat {s})" for s in waiting)
        return ActionError(
            "not-started",
            f"the game has not begun: waiting for {who} to choose "
            f"{'their characters' if len(waiting) > 1 else 'a character'}",
        )

    def state_for(self, seat: int | None, events_from: int = 0) -> dict[str, Any]:
        """The message that brings a client of ``seat`` up to date (call with the lock held:
        while a move is being recorded the game is already past it)."""
        g = self.game
        assert g is not None, "play has not started"
        msg = {
            "type": "state",
            "game": self.info(),
            "step": self.step,
            "view": g.view(seat),
            "events_from": events_from,
            "events": events_for(g, seat, events_from),
        }
        if seat is not None:
            msg["settings"] = self.settings_for(seat)
            msg.update(self.tutorial_for(seat))
        return msg

    def tutorial_for(self, seat: int) -> dict[str, Any]:
        """In a tutorial, a seat's tips for this moment, the most pressing first (the page shows each once)."""
        if not self.config.get("tutorial") or self.game is None:
            return {}
        tips = [asdict(t) for t in tutorial.tips_for(self.game, seat)]
        return {"tutorial": {"tips": tips, "all": list(tutorial.TIPS), "done": asdict(tutorial.DONE)}}

    # --- seats ------------------------------------------------------------------

    def check_seat(self, seat: Any) -> Seat:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise ActionError(
                "malformed", f"there is no seat {seat!r} in this game (seats 0 to {len(self.seats) - 1})", 400
            )
        return self.seats[seat]

    def _check_secret(self, s: Seat, secret: Any, what: str) -> None:
        """Refuse a wrong token or invitation: 403, or 429 once the seat, or the client, has sent too
        many wrong ones lately (:meth:`ClientLimiter.wrong_token`). The right one is never refused."""
        if s.controller != HUMAN or s.token_hash is None:
            raise ActionError("forbidden", f"seat {s.seat} is played by the {s.controller} bot", 403)
        if not isinstance(secret, str) or not hmac.compare_digest(hash_token(secret), s.token_hash):
            self.hub.limiter.wrong_token(current_client.get(), self.id, s.seat)
            raise ActionError("forbidden", f"this is not the {what} of seat {s.seat}", 403)

    @staticmethod
    def _holds(s: Seat, token: Any) -> bool:
        """Whether this is the token of a seat taken by its person (no side effects: see :meth:`authenticate`)."""
        return (
            s.joined
            and s.token_hash is not None
            and isinstance(token, str)
            and hmac.compare_digest(hash_token(token), s.token_hash)
        )

    async def authenticate(self, seat: Any, token: Any) -> Seat:
        """The seat whose token this is. A seat has a token only once its player has
        claimed it with the invitation (:meth:`claim`)."""
        s = self.check_seat(seat)
        if self.hub.store.shared and not self._holds(s, token):
            # The seat may have been claimed, or invited anew, through another server process (a token
            # unknown here may be right: it is looked for in the store, never refused unseen).
            await self.refresh()
        if s.controller == HUMAN and not s.joined:
            raise ActionError(
                "forbidden", f"seat {seat} has not been taken yet: its player opens the invitation link first", 403
            )
        self._check_secret(s, token, "token")
        return s

    async def claim(self, seat: Any, invite: Any, name: str) -> str:
        """Give a person's seat nobody has taken yet to whoever holds its invitation secret
        (the creator sends it in the seat's link); returns the seat's token, made now and
        known only to the claimer. An invitation opens its seat once."""
        s = self.check_seat(seat)
        async with self.lock:
            if s.controller == HUMAN and s.joined:
                raise ActionError("taken", f"seat {seat} already has its player", 409)
            self._check_secret(s, invite, "invitation")
            token, name = secrets.token_urlsafe(18), name.strip()[:60]
            s.joined = True
            try:
                await self.hub.run_db(
                    self.hub.store.join_seat, self.id, s.seat, self.status, hash_token(token), name, s.token_hash
                )
            except Conflict:  # through another server process, a moment ago
                s.joined = False
                await self._catch_up()
                raise ActionError("taken", f"seat {seat} already has its player", 409) from None
            except Exception as e:
                s.joined = False
                log.exception("game %s: could not record the claim of seat %d", self.id, s.seat)
                raise ActionError(
                    "storage", f"the seat could not be taken ({type(e).__name__}); nothing changed", 503
                ) from None
            s.token_hash = hash_token(token)
            s.name = name or s.name
            self.note_unopened()
        self.broadcast_seats()
        return token

    async def choose(self, seat: Any, token: Any, character: Any) -> None:
        """A person's pick of their character while the game waits for its players'
        choices (first come, first served); the last pick creates the engine's game
        and play starts. Raises :class:`ActionError` (and changes nothing) if refused."""
        s = await self.authenticate(seat, token)
        async with self.lock:
            if self.hub.store.shared:
                await self._catch_up()  # the picks made through other server processes
            if self.game is not None:
                raise ActionError("not-choosing", "the game has begun: characters can no longer be chosen")
            choosing.check_pick(self.config, s.seat, character)
            config, game = choosing.with_pick(self.config, s.seat, character), None
            snapshot = None
            if choosing.still_to_choose(config):
                summary = choosing.waiting_summary(config)
            else:
                try:
                    game, summary, snapshot = await self.hub.engine(_start, config)
                except Overrun as e:
                    await self.hub.break_game(
                        self, f"the rules engine could not set the game up within {e.seconds:g} s"
                    )
                    raise self.broken_error() from None
                except Exception as e:
                    log.exception("game %s: the engine failed to set the game up", self.id)
                    await self.hub.break_game(self, f"the rules engine failed to set the game up ({type(e).__name__})")
                    raise self.broken_error() from None
                config = game.config.to_dict()
            before = self.config, self._summary
            self.config, self.game, self._summary = config, game, summary
            try:
                await self.hub.run_db(
                    self.hub.store.record_setup, self.id, self.config, self.summary, self.status, snapshot, before[0]
                )
            except Conflict:  # another seat's pick, through another server process, came first
                (self.config, self._summary), self.game = before, None
                await self._catch_up()
                raise ActionError("stale", "another player has just picked: look at the characters again") from None
            except Exception as e:
                log.exception("game %s: could not record the choice of seat %d", self.id, s.seat)
                (self.config, self._summary), self.game = before, None
                raise ActionError(
                    "storage", f"the choice could not be saved ({type(e).__name__}); nothing changed", 503
                ) from None
            if self.game is None:
                self.broadcast_seats()
            else:
                self.broadcast()
        self.schedule_bots()

    # --- acting -----------------------------------------------------------------

    async def act(self, seat: Any, token: Any, option: Any, step: Any) -> None:
        """A person's move; raises :class:`ActionError` (and changes nothing) if it is refused."""
        if not isinstance(option, str) or not option:
            raise ActionError("malformed", "an action names the id of one option (a non-empty string)", 400)
        if isinstance(step, bool) or not isinstance(step, int):
            raise ActionError("malformed", "an action names the step it answers (a whole number)", 400)
        if len(option) > MAX_OPTION:
            raise ActionError("malformed", f"an option id has at most {MAX_OPTION} characters", 400)
        s = await self.authenticate(seat, token)
        async with self.lock:
            if step != self.step:  # the client may know a move this process has not caught up with yet
                await self._sync()
            self._check(s, option, step)
            if s.seat not in self.online():
                self.pilot.seen(s.seat, connected=False)  # acting without a connection: seen just now
            await self._commit(s.seat, option)
        self.schedule_bots()

    async def hint(self, seat: Any, token: Any) -> dict[str, Any]:
        """What the rule-aware bot would answer to this seat's pending decision, and why
        (:func:`talisman.bots.hint.hint`), for its person only: the seat's token is checked as
        for a move, and a seat with no decision to make now is refused (409). It answers for
        nobody and changes nothing: the bot thinks in a worker thread on a copy of the game,
        and the hint is kept for the step it was asked at (asking again costs nothing)."""
        s = await self.authenticate(seat, token)
        async with self.lock:
            await self._sync()
            g = self._game_in_play("there is nothing to choose")
            d = g.decision
            assert d is not None  # a game not over has a decision pending
            if d.player != s.seat:
                raise ActionError("out-of-turn", f"seat {s.seat} has no decision to make now: no hint to give")
            step = self.step
            known = self.hints.get(s.seat)
            if known is not None and known["step"] == step:
                return known
            try:
                copy = await self.hub.engine(g.clone)
            except Overrun as e:
                raise ActionError("overrun", f"the server could not answer within {e.seconds:g} s", 503) from None
        try:
            found = await self.hub.engine(hint, copy, s.seat, budget=self.hub.bot_budget)
        except Overrun as e:
            raise ActionError("overrun", f"the hint took more than {e.seconds:g} s; ask again later", 503) from None
        answer = {"step": step, "option": found.option_id, "label": found.label, "reason": found.reason}
        self.hints[s.seat] = answer
        return answer

    # --- settings -----------------------------------------------------------------

    async def set_standing(self, seat: Any, token: Any, names: Any) -> dict[str, Any]:
        """Replace a seat's standing answers (stored with the seat); returns the seat's settings."""
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ActionError("malformed", "standing answers are a list of names", 400)
        try:
            standing = check_answers(names)
        except ConfigError as e:
            raise ActionError("malformed", str(e), 400) from None
        s = await self.authenticate(seat, token)
        async with self.lock:
            self._check_served()
            try:
                await self.hub.run_db(self.hub.store.set_standing, self.id, s.seat, standing)
            except Exception as e:
                log.exception("game %s: could not store the standing answers of seat %d", self.id, s.seat)
                raise ActionError(
                    "storage", f"the standing answers could not be saved ({type(e).__name__}); nothing changed", 503
                ) from None
            self.pilot.standing[s.seat] = standing
            self._replan()
            self._broadcast_any()
        self.schedule_bots()
        return self.settings_for(s.seat)

    async def skip(self, seat: Any, token: Any, on: bool) -> dict[str, Any]:
        """Skip to this seat's turn (or stop skipping): bots play without pauses, and the seat's
        questions in other players' turns pass at once, until it must choose in its own turn."""
        s = await self.authenticate(seat, token)
        async with self.lock:
            self._check_served()
            if on:
                self.pilot.skipping.add(s.seat)
            else:
                self.pilot.skipping.discard(s.seat)
            self._replan()
            self._broadcast_any()
        self.hub.tell(self.id, "skip", seat=s.seat, on=on)
        self.schedule_bots()
        return self.settings_for(s.seat)

    async def reinvite(self, seat: Any, creator_token: Any) -> str:
        """The game's creator invites a person's seat anew (its person lost the link, or never
        came): the seat is free again until the new invitation is claimed, and its earlier
        invitation and token stop working (whoever held them is let go). Returns the new
        invitation secret: like the first, it gives its claimer a token nobody else knows."""
        s = self.check_seat(seat)
        if (
            self.creator_hash is None
            or not isinstance(creator_token, str)
            or not hmac.compare_digest(hash_token(creator_token), self.creator_hash)
        ):
            self.hub.limiter.wrong_token(current_client.get(), self.id, "creator")
            raise ActionError("forbidden", "only the game's creator may invite a seat's person anew", 403)
        if s.controller != HUMAN:
            raise ActionError("forbidden", f"seat {seat} is played by the {s.controller} bot", 403)
        async with self.lock:
            self._check_served()
            if self.game is not None and self.game.is_over:
                raise ActionError("game-over", "the game is over: its seats are no longer handed out")
            invite = secrets.token_urlsafe(18)
            before = s.joined, s.token_hash
            s.joined, s.token_hash = False, hash_token(invite)
            try:
                await self.hub.run_db(self.hub.store.reinvite_seat, self.id, s.seat, s.token_hash, self.status)
            except Exception as e:
                s.joined, s.token_hash = before
                log.exception("game %s: could not record the new invitation of seat %d", self.id, s.seat)
                raise ActionError(
                    "storage", f"the seat could not be invited anew ({type(e).__name__}); nothing changed", 503
                ) from None
            let_go = ActionError(
                "replaced", f"seat {s.seat} was given a new invitation: this link no longer works", 403
            )
            for c in [c for c in self.clients if c.seat == s.seat]:
                self.send(c, let_go.to_dict())
                self._let_go(c)
            self.pilot.seen(s.seat, connected=False)
            self._replan()
        self.broadcast_seats()
        self.schedule_bots()
        return invite

    def _check_served(self) -> None:
        """Refuse to change a game that is broken (call with the lock held)."""
        if self.broken is not None:
            raise self.broken_error()

    def _broadcast_any(self) -> None:
        """Tell everyone: the whole state in play, the public facts while characters are chosen."""
        if self.game is None:
            self.broadcast_seats()
        else:
            self.broadcast()

    def _game_in_play(self, when_over: str) -> Game:
        """The game, refused if it is broken, not started, or over (``when_over`` says what
        the refusal of a finished game adds; call with the lock held)."""
        g = self.game
        if self.broken is not None:
            raise self.broken_error()
        if g is None:
            raise self.not_started()
        if g.is_over:
            raise ActionError("game-over", f"the game is over: {when_over}")
        return g

    def _check(self, s: Seat, option: str, step: int) -> None:
        g = self._game_in_play("no more moves are accepted")
        if step != self.step:
            raise ActionError(
                "stale", f"the game has moved on: you answered step {step}, it is now at step {self.step}; look again"
            )
        d = g.decision
        assert d is not None  # a game not over has a decision pending
        if d.player != s.seat:
            who = self.seats[d.player]
            character = d.character if d.character is not None else d.player
            raise ActionError(
                "out-of-turn", f"it is not your turn: waiting for {who.name} ({g.name(character)}, seat {d.player})"
            )
        if d.option(option) is None:
            raise ActionError("illegal", f"{option!r} is not one of the options offered now ({', '.join(d.ids)})")

    async def _commit(self, seat: int, option: str) -> None:
        """Apply a checked option, record it, then tell everyone (call with the lock held).
        Shared with other processes, the move is applied in a turn holding the game's row lock:
        if another process has moved the game meanwhile, this session catches up and the move
        is refused as stale, unapplied."""
        g, n = self.game, self.step
        assert g is not None, "play has not started"
        try:
            turn = await self.hub.begin_turn(self.id)
        except Exception as e:
            log.exception("game %s: could not lock the game for step %d", self.id, n)
            raise ActionError(
                "storage", f"the move could not be made ({type(e).__name__}); nothing changed", 503
            ) from None
        if turn is not None and turn.step != n:
            await self.hub.end_turn(turn, None)
            await self._catch_up()
            raise ActionError(
                "stale", f"the game has moved on: you answered step {n}, it is now at step {self.step}; look again"
            )
        try:
            summary, snapshot = await self.hub.engine(_apply, g, option, seat, (n + 1) % self.hub.snapshot_every == 0)
        except Overrun as e:
            if turn is not None:
                await self.hub.end_turn(turn, None)
            await self.hub.break_game(self, f"the rules engine ran for more than {e.seconds:g} s on a move")
            raise self.broken_error() from None
        except Exception as e:  # an engine fault: this game cannot be trusted any more
            log.exception("game %s: the engine failed on %r at step %d", self.id, option, n)
            if turn is not None:
                await self.hub.end_turn(turn, None)
            await self.hub.break_game(self, f"the rules engine failed on a move ({type(e).__name__})")
            raise self.broken_error() from None
        before = self._summary
        self._summary = summary
        try:
            await self.hub.record(Move(self.id, n, seat, option, summary, self.status, g.result, snapshot), turn)
        except Exception as e:
            log.exception("game %s: could not record step %d", self.id, n)
            self._summary = before
            try:
                self.game, self.step = await self.hub.rebuild(self.id)
            except ActionError:  # marked broken in the store by the hub
                await self.hub.break_game(self, "the game could not be rebuilt after a failed write")
                raise self.broken_error() from None
            self._summary = game_summary(self.game)
            raise ActionError(
                "storage", f"the move could not be saved ({type(e).__name__}); nothing changed", 503
            ) from None
        self.step = n + 1
        self._replan()
        self.broadcast()
        if g.is_over:
            await self.hub.let_go(self.id)

    def is_broken(self) -> bool:
        return self.broken is not None

    def broken_error(self) -> ActionError:
        return ActionError("broken", f"game {self.id} is broken and no longer served: {self.broken}", 410)

    # --- bots and automatic answers -----------------------------------------------------

    def _replan(self) -> None:
        """Plan the pending decision's automatic answer, if it has one (call with the lock held).
        Planning only reads the pending decision and its options: no rules run."""
        if self.game is not None and self.broken is None:
            self.pilot.replan(self.game, self.step, self.online())
        self.wake.set()

    def schedule_bots(self) -> None:
        """Start the loop of automatic answers if one is planned and none is running (it runs
        only in the process that owns the game's autopilot)."""
        if self.game is None or self.game.is_over or self.broken is not None:
            return
        if self.pilot.replan(self.game, self.step, self.online()) is None:
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.get_running_loop().create_task(self._play_bots())
        else:
            self.wake.set()

    async def _play_bots(self) -> None:
        """Answer each planned decision when it is due: a standing answer or a pass at once (they
        only name an option), a bot's answer after it has thought in a worker thread within its
        budget; each is committed like a person's move (the engine's work, too, in a worker)."""
        if not await self.hub.owns(self.id):
            return  # another process answers for this game
        try:
            await self._answer_planned()
        finally:
            if self.broken is not None or (self.game is not None and self.game.is_over):
                await self.hub.let_go(self.id)

    async def _answer_planned(self) -> None:
        while True:
            async with self.lock:
                self.wake.clear()
                g = self.game
                if g is None or self.broken is not None:
                    return
                plan = self.pilot.replan(g, self.step, self.online())
                if plan is None:
                    return
                wait = plan.due - time.monotonic()
            if wait > 0 or not plan.answers:
                # Until it is due, or until something changes (a move, a person coming or going, a skip).
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), max(wait, 0.0))
                continue
            async with self.lock:
                if self.is_broken():  # while it waited
                    return
                g = self.game  # (rebuilt if a write failed meanwhile)
                d = g.decision if g is not None else None
                if g is None or d is None or self.step != plan.step or self.pilot.plan != plan:
                    continue
                choice = self.pilot.quick_answer(g, plan)
                view: Mapping[str, Any] | None = None
                if choice is None:
                    # The bot thinks in a worker thread on its own copy of the game, through
                    # its seat's view (observe): it cannot see more, nor disturb the game.
                    try:
                        view = await self.hub.engine(_observe, g, d.player)
                    except Overrun as e:
                        await self.hub.break_game(self, f"copying the game for a bot took more than {e.seconds:g} s")
                        return
            if view is not None:
                bot = self.pilot.bot(plan)  # seeded by the game's seed, the seat and the step
                kind = self.seats[plan.seat].controller if plan.reason == "bot" else "stand-in"
                try:
                    choice = await self.hub.engine(bot.choose, view, d, budget=self.hub.bot_budget)
                except Overrun as e:
                    log.error("game %s: the %s bot thought for more than %g s", self.id, kind, e.seconds)
                    choice = None
                except Exception:
                    log.exception("game %s: the %s bot failed at step %d", self.id, kind, plan.step)
                    choice = None
            async with self.lock:
                if self.is_broken():  # while the bot thought
                    return
                if self.step != plan.step or self.pilot.plan != plan:
                    continue  # moved on, or no longer planned (the person came back)
                if choice is None or d.option(choice) is None:
                    # A bot's fault must not stall the game: it takes the first option offered.
                    log.warning("game %s: bot answer %r is not legal at step %d", self.id, choice, plan.step)
                    choice = d.options[0].id
                try:
                    await self._commit(d.player, choice)
                except ActionError as e:
                    if e.code == "stale":  # another process moved the game first: plan again
                        continue
                    log.error("game %s: automatic move refused: %s", self.id, e.message)
                    return

    # --- clients ----------------------------------------------------------------

    async def attach(self, client: Client) -> None:
        """Connect a client; it first gets the whole state and the log events
        from ``client.events_sent`` on (all of them if that is not a position
        in the log: a reconnecting client asks only for what it missed)."""
        async with self.lock:
            self.clients.add(client)
            if client.seat is not None:
                self.pilot.seen(client.seat, connected=True)
                self._replan()
            if self.game is None:  # waiting for choices: the whole state comes when play starts
                client.events_sent = 0
                self.send(client, {"type": "game", "game": self.info()})
            else:
                start = client.events_sent if 0 <= client.events_sent <= len(self.game.events) else 0
                self.send(client, self.state_for(client.seat, start))
                client.events_sent = len(self.game.events)
        self.broadcast_seats()
        self.announce()
        self.schedule_bots()

    def detach(self, client: Client) -> None:
        if client in self.clients:
            self.clients.discard(client)
            self._gone(client)
            self.broadcast_seats()
            self.announce()
            self.schedule_bots()
        if not self.clients and self.game is not None and self.game.is_over:
            self.hub.sessions.pop(self.id, None)  # nobody watches a finished game: the store keeps it

    def _gone(self, client: Client) -> None:
        """A client has left: its seat may now have nobody there."""
        if client.seat is not None and client.seat not in self.online():
            self.pilot.seen(client.seat, connected=False)
            self._replan()

    def send(self, client: Client, message: dict[str, Any]) -> None:
        """Queue a message for a client; one with :data:`MAX_QUEUE` messages waiting is let go."""
        if client.dropped:
            return
        if client.queue.qsize() >= MAX_QUEUE:
            log.warning("game %s: dropping a client that reads too slowly", self.id)
            self._let_go(client)
            self._gone(client)
            return
        client.queue.put_nowait(message)

    def _let_go(self, client: Client) -> None:
        """Disconnect a client: nothing more is queued for it, and its connection closes."""
        client.dropped = True
        self.clients.discard(client)
        client.queue.put_nowait(None)
        self.announce()

    # --- other server processes (talisman.server.cluster) ------------------------------------

    def announce(self) -> None:
        """Tell the other processes which seats are connected here."""
        self.hub.tell(self.id, "online", seats=sorted(self.here()))

    def presence(self, origin: str, seats: list[int]) -> None:
        """Another process says which seats are connected to it."""
        before = self.online()
        self.elsewhere[origin] = {s for s in seats if isinstance(s, int) and 0 <= s < len(self.seats)}
        after = self.online()
        if after == before:
            return
        for seat in before ^ after:
            self.pilot.seen(seat, connected=seat in after)
        self._replan()
        self.broadcast_seats()
        self.schedule_bots()

    def skipped(self, seat: Any, on: bool) -> None:
        """A seat's person, connected to another process, skips to their turn (or stops)."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return
        if on:
            self.pilot.skipping.add(seat)
        else:
            self.pilot.skipping.discard(seat)
        self._replan()
        self.schedule_bots()

    async def refresh(self, step: int | None = None) -> None:
        """Bring the session up to the store: another process changed the game (``step``: it
        made moves up to that step; nothing to do if this session is there already)."""
        try:
            async with self.lock:
                if step is None or self.game is None:
                    await self._catch_up()
                elif self.step < step:
                    await self._catch_up_moves()
        except ActionError as e:  # it could not be rebuilt: broken
            log.error("game %s: %s", self.id, e.message)
            return
        self.schedule_bots()

    async def _sync(self) -> None:
        """Catch up if the store is further on than this session: another process moved and its
        notification is on its way (call with the lock held; nothing to do alone on a database)."""
        if self.hub.store.shared and await self.hub.run_db(self.hub.store.step_of, self.id) != self.step:
            await self._catch_up()

    async def _catch_up_moves(self) -> None:
        """Apply the moves another process made, and push the new state (call with the lock held):
        the one query of a move's notification, which changes nothing else."""
        if self.broken is not None:
            return
        acts = await self.hub.run_db(self.hub.store.actions, self.id, self.step)
        if not acts:
            return
        g = self.game
        assert g is not None, "moves are made once play has started"
        try:
            self._summary = await self.hub.engine(_apply_all, g, acts)
            self.step += len(acts)
        except Exception:
            log.exception("game %s: the moves of another process do not apply here; rebuilding it", self.id)
            g, self.step = await self.hub.rebuild(self.id)
            self.game, self._summary = g, game_summary(g)
        if g.is_over:
            await self.hub.let_go(self.id)
        self._replan()
        self.broadcast()

    async def _catch_up(self) -> None:
        """Reload what another process may have changed, apply the moves it made, and push the
        new state to this process's clients (call with the lock held)."""
        if self.broken is not None:
            return
        record = await self.hub.run_db(self.hub.store.game, self.id)
        if record is None:
            return
        if record.status == BROKEN:
            await self.hub.break_game(self, (record.result or {}).get("broken", "its rules engine failed"), stored=True)
            return
        settings = await self.hub.run_db(self.hub.store.settings, self.id)
        self.pilot.standing = dict(settings.standing)
        for s, r in zip(self.seats, record.seats, strict=True):
            if r.token_hash != s.token_hash and not r.joined:  # invited anew: its old token no longer works
                let_go = ActionError(
                    "replaced", f"seat {s.seat} was given a new invitation: this link no longer works", 403
                )
                for c in [c for c in self.clients if c.seat == s.seat]:
                    self.send(c, let_go.to_dict())
                    self._let_go(c)
            s.name, s.token_hash, s.joined = r.name, r.token_hash, r.joined
        self.note_unopened()
        if self.game is None:
            self.config = record.config
            if record.status == choosing.STATUS:
                self._summary = record.summary
            else:  # the last pick, in another process, started the game
                self.game, self.step = await self.hub.rebuild(self.id)
                self._summary = game_summary(self.game)
        elif record.step > self.step:
            acts = await self.hub.run_db(self.hub.store.actions, self.id, self.step, record.step)
            try:
                self._summary = await self.hub.engine(_apply_all, self.game, acts)
                self.step = record.step
            except Exception:
                log.exception("game %s: the moves of another process do not apply here; rebuilding it", self.id)
                self.game, self.step = await self.hub.rebuild(self.id)
                self._summary = game_summary(self.game)
            if self.game.is_over:
                await self.hub.let_go(self.id)
        self._replan()
        self._broadcast_any()

    def broadcast(self) -> None:
        """Send each client its seat's view and the events it has not seen."""
        views: dict[int | None, dict[str, Any]] = {}
        g = self.game
        assert g is not None, "play has not started"
        total = len(g.events)
        info = self.info()
        for c in list(self.clients):
            if c.seat not in views:
                views[c.seat] = g.view(c.seat)
            self.send(
                c,
                {
                    "type": "state",
                    "game": info,
                    "step": self.step,
                    "view": views[c.seat],
                    "events_from": c.events_sent,
                    "events": events_for(g, c.seat, c.events_sent),
                    **(
                        {"settings": self.settings_for(c.seat), **self.tutorial_for(c.seat)}
                        if c.seat is not None
                        else {}
                    ),
                },
            )
            c.events_sent = total

    def broadcast_seats(self) -> None:
        info = self.info()
        for c in list(self.clients):
            self.send(c, {"type": "game", "game": info})


def _apply(
    g: Game, option: str, seat: int, snapshot_due: bool
) -> tuple[dict[str, Any], tuple[dict[str, Any], str] | None]:
    """Apply a checked option (in a worker thread); the public summary after it, and the
    snapshot of the whole state if one is due (every few moves, and at the end)."""
    g.apply(option, player=seat)
    snapshot = (g.state_dict(), g.state_hash()) if g.is_over or snapshot_due else None
    return game_summary(g), snapshot


def _apply_all(g: Game, acts: list[ActionRecord]) -> dict[str, Any]:
    """Apply moves another process made and stored (in a worker thread); the public summary after them."""
    for a in acts:
        g.apply(a.option, player=a.seat)
    return game_summary(g)


def _start(config: dict[str, Any]) -> tuple[Game, dict[str, Any], tuple[dict[str, Any], str]]:
    """The engine's game once every character is chosen (in a worker thread)."""
    g = Game.new(config["characters"], modules=config["modules"], options=config["options"], seed=config["seed"])
    return g, game_summary(g), (g.state_dict(), g.state_hash())


def _observe(g: Game, seat: int) -> Mapping[str, Any]:
    """A bot's copy of the game, seen through its seat's eyes (in a worker thread): Talisman's lazy
    view, or a game of its own's view (Legendary Tales), as ``bots.act`` gives it (``agent_view``)."""
    return agent_view(g.clone(), seat)
