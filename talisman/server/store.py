"""Where games live between requests and across restarts: any SQLAlchemy database.

A game is stored as its configuration (modules, options, characters, seed),
its seats, the log of actions (one row per option chosen) and periodic
snapshots of the whole state (:meth:`Game.state_dict`). The action log alone
rebuilds a game exactly (the engine is deterministic); snapshots make
stepping through a replay cheap and keep a game restorable even if a later
version of the engine no longer replays its old actions.

Every write is one transaction: a game is never half recorded. The store is
synchronous; the server calls it from one worker thread (see
:class:`talisman.server.hub.Hub`), so writes are serialised and SQLite never
sees two writers.

On PostgreSQL several server processes may share the store
(:mod:`talisman.server.cluster`): every write that changes a game also sends,
in its own transaction, a notification naming the game (delivered to the other
processes when, and only if, it commits), and a move is written in a *turn*
(:meth:`Store.begin_turn`) that holds the game's row lock from before the move
is applied until it is committed.

>>> store = Store("sqlite://")
>>> store.create_game("g1", "A game", {"modules": ["core"], "options": {}, "characters": [None], "seed": 1},
...                   [SeatRecord(0, "human", "Ann", "h")], {"step": 0})
>>> store.record_moves([Move("g1", 0, 0, "move:tavern", {"step": 1}, "running")])
>>> [a.option for a in store.actions("g1")]
['move:tavern']
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.pool import StaticPool

metadata = MetaData()

CHANNEL = "talisman_games"  # PostgreSQL's notification channel of the games' changes
SCHEMA_LOCK = 7_245_901  # the advisory lock under which a process creates or updates the tables

BROKEN = "broken"  # the status of a game whose engine failed (talisman.server.hub)
LIVE = ("choosing", "open", "running")  # the statuses of a game in play

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("title", String(200), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False, index=True),
    # choosing (people pick their characters: talisman.server.choosing), open (a person's seat
    # waits for its player), running, finished, broken (its engine failed: never served again;
    # the reason is in result["broken"])
    Column("status", String(16), nullable=False, index=True),
    Column("config", JSON, nullable=False),  # modules, options, characters, seed (choosing: and choose): never
    # sent to a client
    Column("step", Integer, nullable=False),  # how many actions have been applied
    Column("summary", JSON, nullable=False),  # public: turn, who acts, characters (for the lobby list)
    Column("result", JSON),
    Column("creator", String(32), index=True),  # who made it (talisman.server.limits.client_key), for the cap
    Column("seed_public", Boolean, nullable=False, default=False),  # a seed chosen by the creator: told to all
)

# Columns added after the first release: a database made before gets them on opening.
ADDED_COLUMNS = {"games": {"creator": "VARCHAR(32)", "seed_public": "BOOLEAN NOT NULL DEFAULT FALSE"}}

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("controller", String(32), nullable=False),  # "human" or a bot's name
    Column("name", String(60), nullable=False),
    Column("token_hash", String(64)),  # sha256 of the seat's token (people only); before the seat is
    # joined, of its invitation secret
    Column("joined", Boolean, nullable=False, default=False),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0-based position in the game's action log
    Column("seat", Integer, nullable=False),
    Column("option", String(200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

# What a game's people chose for it, beside the rules: the bots' pace, who made it, each
# seat's standing answers (talisman.engine.standing). A game made before these existed has none.
game_settings = Table(
    "game_settings",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("bot_speed", String(16), nullable=False),  # a key of talisman.server.autopilot.BOT_SPEEDS
    Column("creator_hash", String(64)),  # sha256 of the creator's token: it may invite a seat's person anew
)

seat_settings = Table(
    "seat_settings",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("standing", JSON, nullable=False),  # the names of the seat's standing answers
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),  # the state after n actions
    Column("state", JSON, nullable=False),
    Column("state_hash", String(32), nullable=False),
)


class Conflict(RuntimeError):
    """The game is not as the writer saw it: another server process changed it first."""


@dataclass(frozen=True)
class Turn:
    """A transaction holding a game's row lock (:meth:`Store.begin_turn`), and the game's step in the store."""

    db: Connection
    step: int


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    controller: str
    name: str
    token_hash: str | None
    joined: bool = False


@dataclass(frozen=True)
class GameSettings:
    """A game's pace, its creator's token (hashed) and each seat's standing answers."""

    bot_speed: str = "normal"
    creator_hash: str | None = None
    standing: dict[int, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameRecord:
    id: str
    title: str
    created: datetime
    updated: datetime
    status: str
    config: dict[str, Any]
    step: int
    summary: dict[str, Any]
    result: dict[str, Any] | None
    seats: tuple[SeatRecord, ...]
    seed_public: bool = False


@dataclass(frozen=True)
class Move:
    """Action ``n`` (0-based) of a game and the game's public facts after it."""

    game_id: str
    n: int
    seat: int
    option: str
    summary: dict[str, Any]
    status: str
    result: dict[str, Any] | None = None
    snapshot: tuple[dict[str, Any], str] | None = None  # (state_dict, state_hash) after the move


@dataclass(frozen=True)
class ActionRecord:
    n: int
    seat: int
    option: str


def default_db_url() -> str:
    """``$TALISMAN_DB``, else a SQLite file in the user's data folder
    (``~/.local/share/talisman/talisman.db`` on Linux)."""
    if os.environ.get("TALISMAN_DB"):
        return os.environ["TALISMAN_DB"]
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("talisman", appauthor=False))
    return f"sqlite:///{folder / 'talisman.db'}"


def normalise_url(url: str) -> str:
    """Accept the usual spellings: a plain ``postgresql://`` URL uses psycopg 3
    (the driver this project installs), not SQLAlchemy's default psycopg2.

    >>> normalise_url("postgres://u@localhost/db")
    'postgresql+psycopg://u@localhost/db'
    >>> normalise_url("sqlite:///games.db")
    'sqlite:///games.db'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """The games of one database. Creates its tables when they are missing."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.engine = _make_engine(self.url)
        self.shared = self.engine.dialect.name == "postgresql"  # may be shared by several server processes
        self.origin = secrets.token_hex(4)  # this store's (this process's) name in its notifications
        if self.shared:  # one process at a time creates what is missing
            with self.engine.begin() as db:
                db.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": SCHEMA_LOCK})
                metadata.create_all(db)
                _add_missing_columns(db)
        else:
            metadata.create_all(self.engine)
            with self.engine.begin() as db:
                _add_missing_columns(db)

    def close(self) -> None:
        self.engine.dispose()

    # --- notifications (PostgreSQL) ---------------------------------------------------

    def _notify(self, db: Connection, game_id: str, kind: str, **data: Any) -> None:
        """Tell the other server processes, once this transaction commits, that a game changed
        (nothing on SQLite, which one process has to itself)."""
        if self.shared:
            payload = json.dumps({"game": game_id, "kind": kind, "from": self.origin, **data})
            db.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    def notify(self, game_id: str, kind: str, **data: Any) -> None:
        """A notification about what is not stored (who is connected, who skips to their turn)."""
        if self.shared:
            with self.engine.begin() as db:
                self._notify(db, game_id, kind, **data)

    # --- turns (PostgreSQL) -----------------------------------------------------------

    def begin_turn(self, game_id: str) -> Turn:
        """Open a transaction holding the game's row lock (waiting at most 10 s for another
        process's turn to end: the connections' ``lock_timeout``). End it with :meth:`end_turn`."""
        db = self.engine.connect()
        try:
            db.begin()
            step = db.execute(select(games.c.step).where(games.c.id == game_id).with_for_update()).scalar_one()
        except BaseException:
            db.close()
            raise
        return Turn(db, step)

    def end_turn(self, turn: Turn, moves: list[Move] | None) -> None:
        """Commit a turn with its moves, or (None) roll it back; the row lock is let go."""
        db = turn.db
        try:
            if moves is None:
                db.rollback()
            else:
                self._write_moves(db, moves, _now())
                db.commit()
        finally:
            db.close()

    # --- writing ---------------------------------------------------------------

    def create_game(
        self,
        game_id: str,
        title: str,
        config: dict[str, Any],
        seat_records: list[SeatRecord],
        summary: dict[str, Any],
        snapshot: tuple[dict[str, Any], str] | None = None,
        status: str = "open",
        creator: str | None = None,
        seed_public: bool = False,
        settings: GameSettings | None = None,
    ) -> None:
        """Record a new game, its seats, its settings and (optionally) its first snapshot, at once."""
        now = _now()
        with self.engine.begin() as db:
            db.execute(
                games.insert().values(
                    id=game_id,
                    title=title,
                    created=now,
                    updated=now,
                    status=status,
                    config=config,
                    step=0,
                    summary=summary,
                    result=None,
                    creator=creator,
                    seed_public=seed_public,
                )
            )
            db.execute(
                seats.insert(),
                [
                    {
                        "game_id": game_id,
                        "seat": s.seat,
                        "controller": s.controller,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "joined": s.joined,
                    }
                    for s in seat_records
                ],
            )
            if snapshot is not None:
                db.execute(snapshots.insert().values(game_id=game_id, n=0, state=snapshot[0], state_hash=snapshot[1]))
            if settings is not None:
                db.execute(
                    game_settings.insert().values(
                        game_id=game_id, bot_speed=settings.bot_speed, creator_hash=settings.creator_hash
                    )
                )
                for seat, standing in sorted(settings.standing.items()):
                    db.execute(seat_settings.insert().values(game_id=game_id, seat=seat, standing=list(standing)))

    def set_standing(self, game_id: str, seat: int, standing: tuple[str, ...]) -> None:
        """Replace a seat's standing answers."""
        with self.engine.begin() as db:
            db.execute(seat_settings.delete().where(seat_settings.c.game_id == game_id, seat_settings.c.seat == seat))
            db.execute(seat_settings.insert().values(game_id=game_id, seat=seat, standing=list(standing)))
            self._notify(db, game_id, "settings")

    def reinvite_seat(self, game_id: str, seat: int, invite_hash: str, status: str) -> None:
        """Give a person's seat a new invitation: it is free again until that is claimed, and
        its earlier invitation and token stop working; the game's new status."""
        with self.engine.begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat)
                .values(token_hash=invite_hash, joined=False)
            )
            db.execute(update(games).where(games.c.id == game_id).values(status=status, updated=_now()))
            self._notify(db, game_id, "seats")

    def record_moves(self, moves: list[Move]) -> None:
        """Append moves (of one game or many) in one transaction: all or none.

        Raises if a game is not at the step a move expects, so two writers
        can never both extend the same game.
        """
        with self.engine.begin() as db:
            self._write_moves(db, moves, _now())

    def _write_moves(self, db: Connection, moves: list[Move], now: datetime) -> None:
        for m in moves:
            db.execute(actions.insert().values(game_id=m.game_id, n=m.n, seat=m.seat, option=m.option, at=now))
            done = db.execute(
                update(games)
                .where(games.c.id == m.game_id, games.c.step == m.n)
                .values(step=m.n + 1, updated=now, summary=m.summary, status=m.status, result=m.result)
            )
            if done.rowcount != 1:
                raise RuntimeError(f"game {m.game_id} is not at step {m.n} in the database")
            if m.snapshot is not None:
                db.execute(
                    snapshots.insert().values(
                        game_id=m.game_id, n=m.n + 1, state=m.snapshot[0], state_hash=m.snapshot[1]
                    )
                )
            self._notify(db, m.game_id, "move", step=m.n + 1)

    def record_setup(
        self,
        game_id: str,
        config: dict[str, Any],
        summary: dict[str, Any],
        status: str,
        snapshot: tuple[dict[str, Any], str] | None = None,
        before: dict[str, Any] | None = None,
    ) -> None:
        """Record a character chosen while a game waits for its players' choices: its
        configuration and summary, and, when play starts, its status and first snapshot.

        Raises if the game is not waiting (anymore), so a pick is never stored twice, and
        :class:`Conflict` if its configuration is no longer ``before`` (the picks this one
        was checked against: another process recorded one meanwhile).
        """
        with self.engine.begin() as db:
            if before is not None:
                now = db.execute(select(games.c.config).where(games.c.id == game_id).with_for_update()).scalar_one()
                if now != json.loads(json.dumps(before)):  # (as stored: lists for tuples, keys as strings)
                    raise Conflict(f"game {game_id}: another pick was recorded first")
            done = db.execute(
                update(games)
                .where(games.c.id == game_id, games.c.status == "choosing")
                .values(config=config, summary=summary, status=status, updated=_now())
            )
            if done.rowcount != 1:
                raise RuntimeError(f"game {game_id} is not waiting for its players' choices in the database")
            if snapshot is not None:
                db.execute(snapshots.insert().values(game_id=game_id, n=0, state=snapshot[0], state_hash=snapshot[1]))
            self._notify(db, game_id, "setup")

    def join_seat(
        self,
        game_id: str,
        seat: int,
        status: str,
        token_hash: str | None = None,
        name: str | None = None,
        invite_hash: str | None = None,
    ) -> None:
        """Mark a seat as taken (optionally with a new token and name), and the game's new status
        (open or running: as the seats in the store say). With ``invite_hash``, only a seat still
        waiting for that invitation is taken: else :class:`Conflict` (another process let it in first)."""
        values: dict[str, Any] = {"joined": True}
        if token_hash is not None:
            values["token_hash"] = token_hash
        if name:
            values["name"] = name
        which = [seats.c.game_id == game_id, seats.c.seat == seat]
        if invite_hash is not None:
            which += [seats.c.token_hash == invite_hash, seats.c.joined.is_(False)]
        with self.engine.begin() as db:
            if db.execute(update(seats).where(*which).values(**values)).rowcount != 1:
                raise Conflict(f"game {game_id}: seat {seat} was taken first")
            if status in ("open", "running"):
                waiting = db.execute(
                    select(func.count()).where(
                        seats.c.game_id == game_id, seats.c.controller == "human", seats.c.joined.is_(False)
                    )
                ).scalar_one()
                status = "open" if waiting else "running"
            db.execute(update(games).where(games.c.id == game_id).values(status=status, updated=_now()))
            self._notify(db, game_id, "seats")

    def mark_broken(self, game_id: str, reason: str) -> None:
        """Mark a game broken for good, with the reason (its log is kept, for a post-mortem)."""
        with self.engine.begin() as db:
            db.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(status=BROKEN, result={"broken": reason}, updated=_now())
            )
            self._notify(db, game_id, "broken")

    def delete_abandoned(self, idle_since: datetime) -> list[str]:
        """Delete, with their logs, the games not finished that nothing happened to since
        ``idle_since`` (no move, no seat taken, no character picked); returns their ids."""
        q = select(games.c.id).where(games.c.status != "finished", games.c.updated < idle_since)
        with self.engine.begin() as db:
            ids = list(db.execute(q).scalars())
            if ids:
                for table in (actions, snapshots, seat_settings, game_settings, seats):
                    db.execute(table.delete().where(table.c.game_id.in_(ids)))
                db.execute(games.delete().where(games.c.id.in_(ids)))
        return ids

    # --- reading ---------------------------------------------------------------

    def live_games_of(self, creator: str) -> int:
        """How many games not finished (nor broken) a client has made."""
        q = select(func.count()).where(games.c.creator == creator, games.c.status.in_(LIVE))
        with self.engine.connect() as db:
            return db.execute(q).scalar_one()

    def step_of(self, game_id: str) -> int | None:
        """How many actions a game has in the store (None: no such game)."""
        with self.engine.connect() as db:
            return db.execute(select(games.c.step).where(games.c.id == game_id)).scalar_one_or_none()

    def game(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as db:
            row = db.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            return self._record(db, row)

    def list_games(self, status: str | None = None, limit: int = 100) -> list[GameRecord]:
        """The most recently active games first (broken games only when asked for)."""
        q = select(games).order_by(games.c.updated.desc()).limit(limit)
        q = q.where(games.c.status == status) if status is not None else q.where(games.c.status != BROKEN)
        with self.engine.connect() as db:
            return [self._record(db, row) for row in db.execute(q).all()]

    def settings(self, game_id: str) -> GameSettings:
        """A game's settings (the defaults for a game made before there were any)."""
        with self.engine.connect() as db:
            row = db.execute(select(game_settings).where(game_settings.c.game_id == game_id)).first()
            standing = db.execute(
                select(seat_settings.c.seat, seat_settings.c.standing).where(seat_settings.c.game_id == game_id)
            ).all()
        base = GameSettings() if row is None else GameSettings(row.bot_speed, row.creator_hash)
        return GameSettings(base.bot_speed, base.creator_hash, {seat: tuple(names) for seat, names in standing})

    def game_ids(self, status: str) -> list[str]:
        with self.engine.connect() as db:
            return list(db.execute(select(games.c.id).where(games.c.status == status)).scalars())

    def actions(self, game_id: str, start: int = 0, stop: int | None = None) -> list[ActionRecord]:
        q = (
            select(actions.c.n, actions.c.seat, actions.c.option)
            .where(actions.c.game_id == game_id, actions.c.n >= start)
            .order_by(actions.c.n)
        )
        if stop is not None:
            q = q.where(actions.c.n < stop)
        with self.engine.connect() as db:
            return [ActionRecord(*row) for row in db.execute(q).all()]

    def snapshot_at_or_before(self, game_id: str, n: int) -> tuple[int, dict[str, Any], str] | None:
        """The latest snapshot taken after at most ``n`` actions: ``(n, state, hash)``."""
        q = (
            select(snapshots.c.n, snapshots.c.state, snapshots.c.state_hash)
            .where(snapshots.c.game_id == game_id, snapshots.c.n <= n)
            .order_by(snapshots.c.n.desc())
            .limit(1)
        )
        with self.engine.connect() as db:
            row = db.execute(q).first()
        return None if row is None else (row[0], row[1], row[2])

    def snapshot_hashes(self, game_id: str) -> dict[int, str]:
        q = select(snapshots.c.n, snapshots.c.state_hash).where(snapshots.c.game_id == game_id)
        with self.engine.connect() as db:
            return {n: h for n, h in db.execute(q).all()}

    @staticmethod
    def _record(db: Any, row: Any) -> GameRecord:
        seat_rows = db.execute(select(seats).where(seats.c.game_id == row.id).order_by(seats.c.seat)).all()
        return GameRecord(
            id=row.id,
            title=row.title,
            created=row.created,
            updated=row.updated,
            status=row.status,
            config=row.config,
            step=row.step,
            summary=row.summary,
            result=row.result,
            seed_public=bool(row.seed_public),
            seats=tuple(SeatRecord(s.seat, s.controller, s.name, s.token_hash, s.joined) for s in seat_rows),
        )


def _add_missing_columns(db: Connection) -> None:
    """Give a database made by an earlier version the columns added since."""
    for table, columns in ADDED_COLUMNS.items():
        have = {c["name"] for c in inspect(db).get_columns(table)}
        for name, kind in columns.items():
            if name not in have:
                db.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {kind}"))


def _make_engine(url: str) -> Engine:
    """An engine. SQLite gets write-ahead logging with ``synchronous=NORMAL``:
    a committed action survives a killed server (only a power cut could lose
    the last few), and a write costs well under a millisecond."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        # No wait for a lock lasts more than 10 s (another server process's turn: Store.begin_turn).
        # Connections: the store's thread, and each turn (talisman.server.hub.TURNS) holds one.
        return create_engine(
            url, pool_pre_ping=True, pool_size=10, max_overflow=5, connect_args={"options": "-c lock_timeout=10000"}
        )
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    memory = parsed.database in (None, "", ":memory:")
    if not memory and parsed.database:
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    extra: dict[str, Any] = {"poolclass": StaticPool} if memory else {}
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, **extra)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        if not memory:
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine
