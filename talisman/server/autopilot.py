"""Who answers a pending decision when nobody clicks, and when.

A game goes on by itself wherever waiting for a person would be pointless or
endless. For the pending decision of a seat, the :class:`Autopilot` plans:

``bot``       a bot's seat: its bot answers, after the game's pause (its bot speed)
``standing``  a person's seat whose standing answers cover the decision: at once
``beside``    a person's Fate reroll shown beside the die (standing answer ``fate-beside-die``): the roll is
              kept after ``beside_wait`` seconds unless the person takes the reroll first
``skip``      a person who asked to skip to their turn, asked in another's turn: declines at once
``away``      a person away longer than ``away_after``, while another person is there: a stand-in bot
              plays the seat until they come back (a game nobody is watching waits, rather than play
              itself to its end); a seat whose invitation was never opened only ``unopened_wait``
``timeout``   a person asked in another player's turn: declines after ``answer_wait`` seconds
``absent``    a person asked in their own turn, gone: nothing yet; look again when they count as away

Every automatic answer is committed as a move like any other, so a restarted
server replays the same game; a bot is seeded by the game's seed, the seat
and the step, so its answer depends on the game alone. Only the waiting is
wall-clock time, and it starts again after a restart. While any person skips
to their turn, bots play without pauses.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from talisman.bots import make_bot
from talisman.bots.base import Agent
from talisman.bots.loop import bot_seed
from talisman.engine.game import Game
from talisman.engine.standing import BESIDE_THE_DIE_SECONDS, beside_the_die, decline, in_others_turn, standing_answer

BOT_SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.2, "normal": 0.6}  # seconds before each bot move
STAND_IN = "heuristic"  # the bot that plays for an absent person, or answers a time-out with no way to pass
ANSWER_WAIT = 20.0  # seconds a person has to answer in another player's turn
AWAY_AFTER = 120.0  # seconds without a connection after which a person's seat is played by the stand-in
UNOPENED_WAIT = 15.0  # the same for a seat whose invitation nobody has opened yet (a game made alone, a seat too many)
CLOCKS = ("timeout", "beside", "absent")  # the plans whose clock the browser shows


@dataclass(frozen=True)
class Plan:
    """What happens to the decision pending at ``step``: ``reason`` (see the module), at ``due``."""

    step: int
    seat: int
    reason: str
    due: float  # time.monotonic()
    ends_at: float  # the same moment as wall-clock time (time.time()), for the browser's countdown

    @property
    def answers(self) -> bool:
        return self.reason != "absent"


@dataclass
class Autopilot:
    """The automatic answers of one game: its people's presence, standing answers and skips."""

    seed: int
    controllers: list[str]  # each seat's: "human" or a bot's name
    bot_delay: float  # the pause before each bot move
    answer_wait: float = ANSWER_WAIT
    away_after: float = AWAY_AFTER
    beside_wait: float = BESIDE_THE_DIE_SECONDS
    unopened_wait: float = UNOPENED_WAIT
    standing: dict[int, tuple[str, ...]] = field(default_factory=dict)
    unopened: set[int] = field(default_factory=set)  # people's seats whose invitation nobody has opened
    skipping: set[int] = field(default_factory=set)
    away_since: dict[int, float] = field(default_factory=dict)  # people's seats with nobody connected
    plan: Plan | None = None

    def __post_init__(self) -> None:
        now = time.monotonic()
        self.away_since = {s: now for s, c in enumerate(self.controllers) if c == "human"}

    # --- presence -------------------------------------------------------------------

    def seen(self, seat: int, connected: bool) -> None:
        """A person's seat is connected (or acted); ``connected=False``: it has just gone."""
        if self.controllers[seat] != "human":
            return
        if connected:
            self.away_since.pop(seat, None)
        else:
            self.away_since[seat] = time.monotonic()

    def stood_in(self, seat: int, online: Iterable[int], now: float | None = None) -> bool:
        """Is this person's seat played by the stand-in bot now: away too long, while another
        person is there (``online``: the seats connected)?"""
        since = self.away_since.get(seat)
        if since is None or not set(online) - {seat}:
            return False
        return (now if now is not None else time.monotonic()) - since >= self.patience(seat)

    def patience(self, seat: int) -> float:
        """How long a person's seat may be without a connection before the stand-in plays it."""
        return min(self.unopened_wait, self.away_after) if seat in self.unopened else self.away_after

    # --- planning -------------------------------------------------------------------

    def replan(self, g: Game, step: int, online: Iterable[int]) -> Plan | None:
        """The plan for the decision pending at ``step`` (None: a person is asked, no clock runs).
        A plan already made for this step and reason keeps its time."""
        now = time.monotonic()
        d = g.decision
        if d is None:
            self.plan = None
            return None
        seat = d.player
        online = set(online)
        if self.controllers[seat] != "human":
            reason, wait = "bot", self._bot_delay()
        elif standing_answer(g, self.standing.get(seat, ())) is not None:
            reason, wait = "standing", 0.0
        elif beside_the_die(g, self.standing.get(seat, ())) and not self.stood_in(seat, online, now):
            reason, wait = "beside", self.beside_wait  # (a person away is played by the stand-in: it may roll again)
        else:
            others = in_others_turn(g)
            if not others:
                self.skipping.discard(seat)  # skipped to this seat's turn: it is asked again
            present = seat in online
            if seat in self.skipping and others:
                reason, wait = "skip", 0.0
            elif self.stood_in(seat, online, now):
                reason, wait = "away", self._bot_delay()
            elif others:
                # a person not there whose seat the stand-in takes over sooner (a seat never opened) gets no clock
                since = self.away_since.get(seat)
                takeover = None if since is None or not online - {seat} else since + self.patience(seat) - now
                if takeover is not None and takeover < self.answer_wait:
                    reason, wait = "away", takeover + self._bot_delay()
                else:
                    reason, wait = "timeout", self.answer_wait
            elif not present and online:
                reason, wait = "absent", self.away_since.get(seat, now) + self.patience(seat) - now
            else:
                self.plan = None
                return None
        old = self.plan
        wait = max(wait, 0.0)
        if old is None or (old.step, old.seat, old.reason) != (step, seat, reason):
            self.plan = Plan(step, seat, reason, now + wait, time.time() + wait)
        elif reason in ("bot", "away") and now + wait < old.due:  # a skip started since: no more pause
            self.plan = Plan(step, seat, reason, now + wait, time.time() + wait)
        return self.plan

    def _bot_delay(self) -> float:
        return 0.0 if self.skipping else self.bot_delay

    def timer(self) -> dict[str, Any] | None:
        """The visible clock of a person's pending decision: who, which step, when it passes
        (``ends_at``, seconds since the epoch), how long it was given (``seconds``) and what
        happens then (``reason``: ``timeout``, a question in another's turn passes; ``beside``,
        the roll beside the die is kept; ``absent``, a bot plays the seat of a person not there)."""
        p = self.plan
        if p is None or p.reason not in CLOCKS:
            return None
        given = {"timeout": self.answer_wait, "beside": self.beside_wait}.get(p.reason, self.patience(p.seat))
        return {
            "seat": p.seat,
            "step": p.step,
            "ends_at": round(p.ends_at, 3),
            "seconds": given,
            "reason": p.reason,
            "unopened": p.seat in self.unopened,
        }

    # --- answering ------------------------------------------------------------------

    def quick_answer(self, g: Game, plan: Plan) -> str | None:
        """The answer that needs no bot: a standing answer, or the option that passes."""
        if plan.reason == "standing":
            return standing_answer(g, self.standing.get(plan.seat, ()))
        if plan.reason in ("skip", "timeout", "beside"):
            return decline(g)
        return None

    def bot(self, plan: Plan) -> Agent:
        """The bot that answers (the seat's own, or the stand-in), made for this one decision and
        seeded by the game's seed, the seat and the step: its moves depend on the game alone, so a
        restarted server plays on exactly as it would have."""
        kind = self.controllers[plan.seat] if plan.reason == "bot" else STAND_IN
        return make_bot(kind, seed=bot_seed(self.seed, plan.seat, plan.step))


def bot_delay_for(speed: str, override: float | None) -> float:
    """The pause before a bot move in a game of this bot speed (``override``: the server's, for every game)."""
    return override if override is not None else BOT_SPEEDS[speed]
