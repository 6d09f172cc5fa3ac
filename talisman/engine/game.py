"""The game: plain state plus the frame machine that advances it.

The game runs by itself until a player must choose; it then exposes one
pending :class:`~talisman.engine.decision.Decision`. :meth:`Game.apply`
answers it with an option id and runs on to the next decision.

The flow of a turn is a stack of *frames*
(:class:`~talisman.engine.decision.Frame`: a kind and its args, plain data). The machine pops the top frame and runs the handler its ruleset holds
for that kind (every module registers its own; with an empty stack it runs
``next_turn``); the kernel itself names no rule file. A handler changes the
state and pushes the frames that come next. A ``decide`` frame stops the
machine: each of its options (a :class:`~talisman.engine.decision.Choice`
when rule code builds it) carries the frames to push when it is chosen.
Frames are never changed once pushed, so copying the game copies the stack
as a list, and saving it writes plain JSON.

>>> g = Game.new(["warrior", "wizard"], seed=7)
>>> g.decision.player
0
>>> g2 = g.clone()
>>> g2.apply(g2.decision.options[0].id)
>>> g.state_hash() != g2.state_hash()
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, Final

from talisman.content.dice import parse
from talisman.content.modules import played_modules, resolve_modules
from talisman.content.ruleset import TURN_CAP, Ruleset, tuned_ruleset
from talisman.engine import sharing
from talisman.engine.config import GameConfig
from talisman.engine.decision import ArgValue, Choice, ChoiceGroup, Decision, Event, Frame, Option, sentence
from talisman.engine.formats import (
    SAVE_FORMAT,
    STATE_SLOTS,
    STATE_VERSION,
    check_declared_state,
    check_save,
    check_state_dict,
)
from talisman.engine.player import Player
from talisman.engine.rng import Rng
from talisman.errors import ConfigError, GameOverError, IllegalOptionError, OutOfTurnError, SaveError, TalismanError

# The machine runs at most this many frames without a decision for anyone (random games
# of every module need fewer than 100); a game still running then can never ask anything
# again, and ends stalled (see ``stall``).
QUIET_FRAMES: Final = 20_000
# An error inside ``apply`` is undone from a copy taken at most this many actions
# before (see ``apply``): a copy costs about half an action (2% of the engine's time
# when taken every 32 actions); undoing an error replays at most this many actions.
CHECKPOINT_EVERY: Final = 128
DIE_BY_SIZE: Final = {"S": 4, "M": 6, "L": 8}
MAX_SEED: Final = 2**63 - 1  # seeds fit a signed 64-bit integer (a database's BIGINT)


def _option(stored: Any, read: Callable[[str], Mapping[str, ArgValue]]) -> Option:
    """A stored option (a Choice, or the list a loaded save has) as the decision shows it;
    ``read`` works out its arguments from its id when they are asked for."""
    if isinstance(stored, Choice):
        group: Any = stored.group  # (only "main" and "free" are left once decided)
        return Option(stored.id, stored.label, group, read=read, data=stored.data)
    return Option(stored[0], stored[1], stored[3], read=read, data=stored[4] if len(stored) > 4 else None)


def frame(kind: str, **args: Any) -> Frame:
    """A frame to push or to attach to an option."""
    return (kind, args)


def one_option(p: int, id: str, label: str, kind: str, group: ChoiceGroup = "main") -> list[Choice]:
    """An ability's one option (``id``, ``label``, ``group``: see :class:`Choice`), which pushes the
    frame ``kind`` about character ``p`` alone.

    >>> one_option(0, "fly", "Fly", "airship_course")[0].frames
    [('airship_course', {'p': 0})]
    """
    return [Choice(id, label, [(kind, {"p": p})], group)]


def frame_of(kind: str, args: dict[str, Any]) -> Frame:
    """A frame whose arguments are the dict given, taken as it is (build a fresh one: a frame
    must not share its arguments). For arguments copied from another frame's, this is cheaper
    than ``frame(kind, **args)``, whose keyword unpacking the compiled engine passes through
    Python's generic call.

    >>> a = {"p": 0, "why": "a roll"}
    >>> frame_of("roll", {**a, "rerolled": True})
    ('roll', {'p': 0, 'why': 'a roll', 'rerolled': True})
    """
    return (kind, args)


class Game:
    """A game of Talisman in progress. Create one with :meth:`new` or :meth:`load`."""

    __slots__ = (
        "rules",
        "config",
        "options",
        *STATE_SLOTS,
        "log",
        "history",
        "derived",
        "checkpoint",
        "since_checkpoint",
        "guarded",
    )
    rules: Ruleset  # the static content of the game's modules (shared, never changed)
    config: GameConfig  # modules, options, characters and seed, checked
    options: dict[str, Any]  # every option's value, defaults included
    rng: Rng
    players: list[Player]  # one per character in play, indexed like ``Player.seat``
    decks: dict[str, list[int]]  # top card last
    discards: dict[str, list[int]]
    board: dict[int, list[int]]  # face-up cards by space index
    gold_on: dict[int, int]  # gold counters lying on spaces
    counters: dict[int, int]  # what a card still holds (the Fountain's Craft...)
    globals: dict[str, Any]  # lasting effects; values are replaced, never changed in place
    stack: list[Frame]
    active: int
    turn: int
    round: int
    result: dict[str, Any] | None
    log: list[Event] | None  # None in copies made for search
    history: list[Any] | None
    derived: dict[int, dict[Any, Any]] | None  # not state: values worked out from it, per character (run)
    checkpoint: Game | None  # not state: a copy from before the last few actions, to undo an error (apply)
    since_checkpoint: list[Any]  # the actions (and dice scripts) since that copy
    guarded: bool  # not state: does apply keep that copy? (not in copies for search, thrown away on an error)

    # --- creation -----------------------------------------------------------

    @classmethod
    def new(
        cls,
        characters: Iterable[str | None] | None = None,
        *,
        players: int | None = None,
        modules: Iterable[str] = ("core",),
        options: dict[str, Any] | None = None,
        seed: int = 0,
        log: bool = True,
        start: bool = True,
        tuning: dict[str, int] | None = None,
    ) -> Game:
        """Set up a game and run it to the first decision.

        ``characters`` names one character key per seat (``None`` deals one at
        random); or give ``players`` to deal every seat at random. With
        ``start=False`` the game stops before the first turn begins, so that a
        test can arrange it and then call :meth:`advance`. ``tuning`` sets
        tunable numbers of the content otherwise (a balance experiment's; see
        :func:`~talisman.content.ruleset.ruleset_for`).
        """
        config = make_config(characters, players, modules, options, seed, tuning)
        g = cls._empty(rules_of(config), config, log)
        g.rules.handlers["setup"](g, {})
        if start:
            g.advance()
        return g

    @classmethod
    def _empty(cls, rules: Ruleset, config: GameConfig, log: bool) -> Game:
        g = cls()  # no __init__: every slot is set here (mypyc compiles this class: no cls.__new__)
        g.rules = rules
        g.config = config
        opts = {name: spec.default for name, spec in rules.options.items()}
        opts.update(config.options)
        g.options = opts
        g.rng = Rng(config.seed)
        g.players = []
        g.decks = {}
        g.discards = {}
        g.board = {}
        g.gold_on = {}
        g.counters = {}
        g.globals = {}
        g.stack = []
        g.active = 0
        g.turn = 0
        g.round = 1
        g.result = None
        g.log = [] if log else None
        g.history = [] if log else None
        g.derived = None
        g.checkpoint = None
        g.since_checkpoint = []
        g.guarded = True
        return g

    # --- the public API -----------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        if self.result is not None or not self.stack:
            return None
        kind, a = self.stack[-1]
        if kind != "decide":
            return None
        read = partial(self.rules.option_grammar.args, a["kind"])
        return Decision(
            self.controller(a["p"]),
            a["kind"],
            a["prompt"],
            tuple([_option(o, read) for o in a["options"]]),
            a["p"],
            a.get("about"),
        )

    def legal_ids(self) -> list[str]:
        """The ids of the pending decision's options (empty when the game is over)."""
        if self.result is not None or not self.stack or self.stack[-1][0] != "decide":
            return []
        return [o[0] for o in self.stack[-1][1]["options"]]

    def apply(self, option_id: str, player: int | None = None) -> None:
        """Answer the pending decision with ``option_id`` and run on.

        ``player``, when given, must be the seat the decision belongs to. An
        illegal answer raises and leaves the game exactly as it was; so does an
        error while the answer runs (a scripted die that cannot be rolled, a fault
        in a rule): the game is put back as it was before the call, from a copy
        taken at most ``CHECKPOINT_EVERY`` actions before and those actions played
        again. Code that changes the state other than by ``apply`` (a test arranging
        a position) calls :meth:`touched` first, or :meth:`advance`. (Not so in a
        :meth:`clone`, a copy for search.)
        """
        if self.result is not None:
            raise GameOverError("the game is over: no more actions are accepted")
        if not self.stack or self.stack[-1][0] != "decide":
            raise IllegalOptionError("no decision is pending")
        a = self.stack[-1][1]
        if player is not None and player != self.controller(a["p"]):
            raise OutOfTurnError(f"seat {player} cannot answer: the decision belongs to seat {self.controller(a['p'])}")
        for opt in a["options"]:
            if opt[0] == option_id:
                break
        else:
            legal = ", ".join(o[0] for o in a["options"])
            raise IllegalOptionError(f"{option_id!r} is not a legal option here (legal: {legal})")
        guarded = self.guarded
        if guarded and (self.checkpoint is None or len(self.since_checkpoint) >= CHECKPOINT_EVERY):
            self.checkpoint, self.since_checkpoint = self.clone(), []
        logged = len(self.log) if self.log is not None else 0
        try:
            self._answer(a, opt)
        except BaseException:
            if guarded:
                self._undo(logged)
            raise
        if guarded:
            self.since_checkpoint.append(option_id)
        if self.history is not None:
            self.history.append(option_id)

    def _answer(self, a: dict[str, Any], opt: Sequence[Any]) -> None:
        """Answer the decision ``a`` on top of the stack with its option ``opt``; the
        abilities at ``chose`` hear of it (the City's Law), then the machine runs on."""
        self.stack.pop()
        self.push_all(opt[2])
        for fn in self.rules.abilities.get("chose", ()):
            fn(self, a["p"], a["kind"], opt[0])
        self.run()

    def _undo(self, logged: int) -> None:
        """Put the state back as it was before the failed action: the checkpoint's
        copy, with the actions since played again."""
        assert self.checkpoint is not None
        g = self.checkpoint.clone()
        for act in self.since_checkpoint:
            if isinstance(act, dict):
                g.rng.script(act["dice"])
            else:
                top = g.stack[-1][1]
                g._answer(top, next(o for o in top["options"] if o[0] == act))
        for slot in STATE_SLOTS:
            setattr(self, slot, getattr(g, slot))
        self.derived = None
        if self.log is not None:
            del self.log[logged:]

    def touched(self) -> None:
        """Say that the state was changed other than by :meth:`apply`: an error
        in a later action is then undone back to this state, not an older one,
        and the memoised derived values are forgotten."""
        self.checkpoint = None
        self.derived = None

    def script_dice(self, values: Iterable[int]) -> None:
        """Fix the next die results (tests, tutorials); recorded in the save."""
        values = [int(v) for v in values]
        self.rng.script(values)
        if self.checkpoint is not None:
            self.since_checkpoint.append({"dice": values})
        if self.history is not None:
            self.history.append({"dice": values})

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def events(self) -> list[Event]:
        return self.log if self.log is not None else []

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def clone(self) -> Game:
        """An independent copy for search: same state, no log or history. It copies every container
        a rule changes and shares the values kept in them, which rules replace and never change in
        place (:mod:`talisman.engine.sharing`: its checking mode proves it). An illegal answer
        leaves it as it was, but an error while an answer runs leaves it half-changed: a copy
        is thrown away then, so it keeps no checkpoint to undo from (see :meth:`apply`)."""
        g = Game()
        g.rules = self.rules
        g.config = self.config
        g.options = self.options
        g.rng = self.rng.copy()
        g.players = [p.copy() for p in self.players]
        g.decks = {k: v[:] for k, v in self.decks.items()}
        g.discards = {k: v[:] for k, v in self.discards.items()}
        g.board = {k: v[:] for k, v in self.board.items()}
        g.gold_on = self.gold_on.copy()
        g.counters = self.counters.copy()
        g.globals = self.globals.copy()
        g.stack = self.stack[:]
        g.active = self.active
        g.turn = self.turn
        g.round = self.round
        g.result = self.result
        g.log = None
        g.history = None
        g.derived = None
        g.checkpoint = None
        g.since_checkpoint = []
        g.guarded = False
        if sharing.CHECK:
            sharing.freeze_shared(self, g)
        return g

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator's public view)."""
        view: Callable[[Game, int | None], dict[str, Any]] = self.rules.services["view"]
        return view(self, seat)

    # --- the machine ----------------------------------------------------------

    def advance(self) -> None:
        """Run the machine from a state arranged by hand (see :meth:`run`)."""
        self.touched()
        self.run()

    def run(self) -> None:
        """Run frames until a decision with a real choice is pending or the game ends.

        From its first run, ``derived`` memoises the values :mod:`talisman.engine.stats`
        works out from the state (traits, Strength, Craft...), which the rules ask
        many times over, per character and from one action to the next; whatever
        changes what they depend on calls ``stats.changed``. Code that changes the
        state between calls (tests arranging a position) calls :meth:`touched`
        (which forgets the memo), as :class:`~talisman.testing.Scenario` does. The
        memo is not state: copies, saves and hashes never see it.
        """
        stack = self.stack
        handlers = self.rules.handlers
        if self.derived is None:
            self.derived = {}
        quiet = 0
        while self.result is None:
            quiet += 1
            if quiet > QUIET_FRAMES:
                self.stall()
                return
            if not stack:
                cap = self.options.get(TURN_CAP)
                if cap is not None and self.turn >= cap:
                    self.stop_at_cap(cap)
                    return
                handlers["next_turn"](self, {})
                continue
            top = stack.pop()
            if top[0] == "decide":
                opts = top[1]["options"]
                if len(opts) == 1 and not top[1].get("confirm"):
                    self.push_all(opts[0][2])
                    continue
                stack.append(top)
                if not opts:
                    raise RuntimeError(f"decision {top[1]['kind']!r} has no options")
                return
            handlers[top[0]](self, top[1])

    def push(self, kind: str, **args: Any) -> None:
        """Push one frame: it runs before whatever is on the stack now."""
        self.stack.append((kind, args))

    def push_frame(self, made: Frame) -> None:
        """Push a frame made by its kind's function (``g.push_frame(frames.arrive(seat, space, "move"))``):
        it runs before whatever is on the stack now."""
        self.stack.append(made)

    def push_all(self, frames: Sequence[Frame]) -> None:
        """Push frames so that they run in the order given (an option's frames read back from
        plain data are ``[kind, args]`` lists: they are made frames again)."""
        given: Sequence[Any] = frames  # (lists or tuples: compiled code checks a Frame's type)
        stack = self.stack
        for i in range(len(given) - 1, -1, -1):
            f = given[i]
            stack.append(f if isinstance(f, tuple) else (f[0], f[1]))

    def decide(
        self,
        p: int,
        kind: str,
        prompt: str,
        options: Sequence[Choice],
        confirm: bool = False,
        about: dict[str, Any] | None = None,
    ) -> None:
        """Ask seat ``p`` to choose among ``options``; stored in the ``decide`` frame (saved as plain lists).
        ``kind`` is one a module of the game declares (:meth:`~talisman.content.modules.Module.decision`);
        ``about``, plain JSON data, tells agents what the prompt says (:attr:`Decision.about`)."""
        if kind not in self.rules.decisions:
            raise RuntimeError(f"decision kind {kind!r} is declared by no module of this game")
        # The Choices themselves (immutable tuples, which a save writes as lists): no copy of each.
        opts = list(options)
        a = {"p": p, "kind": kind, "prompt": prompt, "options": opts, "confirm": confirm}
        if about:
            a["about"] = about
        self.stack.append(("decide", a))

    def offer(self, p: int, kind: str, prompt: str, take: Choice, refuse: tuple[str, str]) -> None:
        """Ask seat ``p`` a yes-or-no question: the option ``take``, or the option ``refuse`` (its id
        and label), which does nothing."""
        self.decide(p, kind, prompt, [take, Choice(refuse[0], refuse[1], [])])

    def say(
        self,
        text: str,
        type: str = "info",
        seat: int | None = None,
        private: int | None = None,
        public: str = "",
        **data: Any,
    ) -> None:
        """Add a sentence to the log (a no-op in copies made for search and in
        games played without a log; where a rule says something at nearly every
        step, it tests ``g.log is not None`` first, so as not to build the text).
        ``private`` names the character whose player alone may read ``text``: the
        event keeps that player's seat (a second character's is its first's)."""
        if self.log is not None:
            reader = None if private is None else self.controller(private)
            self.log.append(Event(type, sentence(text), seat, reader, sentence(public), data))

    def end(self, winners: list[int], how: str) -> None:
        """End the game."""
        self.result = {"winners": winners, "how": how, "turn": self.turn}
        names = " and ".join(self.name(w) for w in winners) or "Nobody"
        self.say(f"{names} {'win' if len(winners) > 1 else 'wins'}: {how}.", type="game-over")

    def stall(self) -> None:
        """End a game that can never ask anyone anything again (every turn passes
        by itself, or a rule loops): nobody wins, and the result says
        ``"stalled": True``, so that a caller (the server) can tell such a game
        from a finished one. What was still to run stays on the stack."""
        self.end([], f"the game stalled: {QUIET_FRAMES:,} steps passed without a decision for anyone")
        self.result = {**(self.result or {}), "stalled": True}

    def stop_at_cap(self, cap: int) -> None:
        """End a game that has played the turns its option ``turn-cap`` allows, before the next
        turn begins: nobody wins, and the result says ``"capped": True``."""
        self.end([], f"the game reached its cap of {cap:,} turns with nobody winning")
        self.result = {**(self.result or {}), "capped": True}

    @property
    def capped(self) -> bool:
        """Did the game end at its turn cap (see :meth:`stop_at_cap`)?"""
        return bool(self.result and self.result.get("capped"))

    @property
    def stalled(self) -> bool:
        """Did the game end because it could not go on (see :meth:`stall`)?"""
        return bool(self.result and self.result.get("stalled"))

    # --- small helpers every rule uses --------------------------------------

    def name(self, seat: int) -> str:
        bodies = self.globals.get("bodies")
        if bodies and str(seat) in bodies:
            name: str = bodies[str(seat)]["name"]
            return name
        return self.rules.characters[self.players[seat].character].name

    # --- seats that play more than one character ------------------------------

    def controller(self, index: int) -> int:
        """The seat that plays character ``index``: its own, or the seat that
        raised it beside its first character (a Mirror Image, a Mystic's body)."""
        # (typed: compiled code reads a dict directly, where an ``Any``'s ``get`` is a method called by name)
        bodies: dict[str, dict[str, Any]] | None = self.globals.get("bodies")
        if bodies:
            body = bodies.get(str(index))
            if body is not None:
                seat: int = body["seat"]
                return seat
        return index

    def characters_of(self, seat: int) -> list[int]:
        """Every character a seat plays, its first one first (dead ones included)."""
        bodies: dict[str, dict[str, Any]] | None = self.globals.get("bodies")  # (typed: see controller)
        if not bodies:
            return [seat]
        found = [seat]
        for k, b in bodies.items():  # (a loop: compiled code makes a generator an object of its own)
            owner: int = b["seat"]
            if owner == seat:
                found.append(int(k))
        return found

    def add_body(self, seat: int, character: str, name: str) -> int:
        """Put a second character into play for ``seat``, called ``name``; it
        has no turn of its own (each turn the seat chooses which of its
        characters acts). Returns its index; the caller sets its counters. Raised by a
        character that is itself a second one (a Mirror Image kept that passes a Mirror
        again), it belongs to the seat that plays that character."""
        seat = self.controller(seat)
        index = len(self.players)
        body = Player(index, character)
        body.space = self.players[seat].space
        body.alignment = self.players[seat].alignment
        self.players.append(body)
        self.globals["bodies"] = {**self.globals.get("bodies", {}), str(index): {"seat": seat, "name": name}}
        return index

    def space_name(self, index: int) -> str:
        return self.rules.spaces[index].name

    def card_name(self, instance: int) -> str:
        return self.rules.instances[instance].name

    def die_size(self, seat: int) -> int:
        p = self.players[seat]
        size = self.rules.characters[p.character].size
        return DIE_BY_SIZE[p.status.get("size", size)]

    def roll_dice(self, expr: str, seat: int | None = None) -> tuple[int, list[int]]:
        """Roll a dice expression for ``seat``; returns the total and the faces."""
        total, faces = 0, []
        for term in parse(expr):
            if len(term) == 3:
                count, sides, sign = term
                sides = sides or self.die_size(seat if seat is not None else self.active)
                for _ in range(count):
                    face = self.rng.die(sides)
                    faces.append(face)
                    total += sign * face
            else:
                value, sign = term
                if isinstance(value, str):
                    value = self.rules.services["attribute"](self, seat, value)
                total += sign * value
        return total, faces

    def cards_on(self, space: int) -> list[int]:
        return self.board.get(space, [])

    def living(self) -> list[int]:
        return [p.seat for p in self.players if p.alive]

    # --- save, load, hash ---------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (a snapshot): a copy, as it would
        come back from a file or a database, which the caller may change without
        touching the game."""
        state: dict[str, Any] = json.loads(json.dumps(self._state(), default=list))
        return state

    def _state(self) -> dict[str, Any]:
        """The state as plain data, sharing the game's own lists and dicts (read it only)."""
        return {
            "version": STATE_VERSION,
            "config": self.config.to_dict(),
            "rng": [self.rng.state, list(self.rng.scripted)],
            "players": [p.to_dict() for p in self.players],
            "decks": self.decks,
            "discards": self.discards,
            "board": {str(k): v for k, v in sorted(self.board.items()) if v},
            "gold_on": {str(k): v for k, v in sorted(self.gold_on.items()) if v},
            "counters": {str(k): v for k, v in sorted(self.counters.items())},
            "globals": self.globals,
            "stack": [[k, a] for k, a in self.stack],
            "active": self.active,
            "turn": self.turn,
            "round": self.round,
            "result": self.result,
        }

    def state_hash(self) -> str:
        """A short fingerprint of the state, equal for equal games."""
        blob = json.dumps(self._state(), sort_keys=True, separators=(",", ":"), default=list)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    @classmethod
    def from_state_dict(cls, d: dict[str, Any], log: bool = True) -> Game:
        """Rebuild a game from :meth:`state_dict` (no log before that point)."""
        check_state_dict(d)
        config = GameConfig.from_dict(d["config"])
        check_declared_state(d, resolve_modules(config.modules))
        g = cls._empty(rules_of(config), config, log)
        g.rng = Rng(d["rng"][0], tuple(d["rng"][1]))
        g.players = [Player.from_dict(p) for p in d["players"]]
        g.decks = {k: list(v) for k, v in d["decks"].items()}
        g.discards = {k: list(v) for k, v in d["discards"].items()}
        g.board = {int(k): list(v) for k, v in d["board"].items()}
        g.gold_on = {int(k): v for k, v in d["gold_on"].items()}
        g.counters = {int(k): v for k, v in d["counters"].items()}
        g.globals = dict(d["globals"])
        g.stack = [(k, a) for k, a in d["stack"]]
        g.active, g.turn, g.round, g.result = d["active"], d["turn"], d["round"], d["result"]
        return g

    def save(self) -> dict[str, Any]:
        """A save: configuration, seed and every action, plus the final state hash. Plain JSON data of
        its own, as :meth:`state_dict` is: the caller may change it without touching the game."""
        if self.history is None:
            raise IllegalOptionError("this copy keeps no history and cannot be saved")
        save = {
            "format": SAVE_FORMAT,
            "version": STATE_VERSION,
            "config": self.config.to_dict(),
            "actions": self.history,
            "state_hash": self.state_hash(),
            "result": self.result,
        }
        copied: dict[str, Any] = json.loads(json.dumps(save))
        return copied

    @classmethod
    def load(cls, save: Any, check: bool = True) -> Game:
        """Replay a save; raises SaveError if it is malformed or (``check``) does not reproduce."""
        check_save(save)
        try:
            cfg = GameConfig.from_dict(save["config"])
            g = cls.new(
                cfg.characters,
                modules=cfg.modules,
                options=dict(cfg.options),
                seed=cfg.seed,
                tuning=dict(cfg.tuning),
            )
        except TalismanError as e:
            raise SaveError(f"the save's configuration cannot be played: {e}") from None
        for i, act in enumerate(save["actions"]):
            try:
                if isinstance(act, dict):
                    g.script_dice(act["dice"])
                else:
                    g.apply(act)
            except TalismanError as e:
                raise SaveError(f"action {i + 1} ({act!r}) cannot be replayed: {e}") from None
        if check and g.state_hash() != save["state_hash"]:
            raise SaveError(
                f"the replay does not reproduce the saved game: state {g.state_hash()} instead of {save['state_hash']}"
            )
        if check and g.result != save["result"]:
            raise SaveError(f"the save says the game ended {save['result']!r}, but the replay gives {g.result!r}")
        return g


KIND_NAMES = {bool: "true or false", str: "a word", int: "a whole number", float: "a number"}


def check_seats(n: int) -> None:
    """Raise ConfigError unless a game may have ``n`` seats (1 to 6)."""
    if not 1 <= n <= 6:
        raise ConfigError(f"a game has 1 to 6 players, not {n}")


def check_option(rules: Ruleset, name: str, value: Any) -> None:
    """Raise ConfigError unless ``value`` is one of the choices of the option ``name`` in these
    rules, of the same type too: ``1`` is not ``true``, though Python finds them equal.

    >>> from talisman.content.ruleset import ruleset_for
    >>> check_option(ruleset_for(("core",)), "fate", 1)
    Traceback (most recent call last):
    talisman.errors.ConfigError: option 'fate' is true or false, not 1
    """
    spec = rules.options.get(name)
    if spec is None:
        raise ConfigError(f"unknown option {name!r} (options: {', '.join(sorted(rules.options))})")
    kinds = {type(c) for c in (spec.default, *spec.choices)}
    if type(value) not in kinds:
        want = " or ".join(sorted(KIND_NAMES.get(k, k.__name__) for k in kinds))
        raise ConfigError(f"option {name!r} is {want}, not {value!r}")
    if not any(type(value) is type(c) and value == c for c in spec.choices):
        shown = ", ".join(json.dumps(c) for c in spec.choices)
        raise ConfigError(f"option {name!r} cannot be {json.dumps(value, default=repr)} (choices: {shown})")


def make_config(
    characters: Iterable[str | None] | None,
    players: int | None,
    modules: Iterable[str],
    options: dict[str, Any] | None,
    seed: int,
    tuning: dict[str, int] | None = None,
) -> GameConfig:
    """Check and normalise a game configuration; ``tuning`` is kept only when it sets something
    (a configuration without it is the content as it is)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"the seed must be a whole number, not {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"the seed must be a whole number from 0 to {MAX_SEED} (2**63 - 1), not {seed}")
    if isinstance(modules, str):
        modules = [modules]
    mods = played_modules(modules)
    chars = list(characters) if characters is not None else None
    if chars is None:
        if players is None:
            raise ConfigError("name the characters or give the number of players")
        chars = [None] * players
    elif players is not None and players != len(chars):
        raise ConfigError(f"{players} players but {len(chars)} characters named")
    check_seats(len(chars))
    tuned = dict(sorted((tuning or {}).items()))
    rules = tuned_ruleset(tuple(mods), tuple(tuned.items()))
    opts = dict(options or {})
    for name, value in opts.items():
        check_option(rules, name, value)
    named = [c for c in chars if c is not None]
    for c in named:
        if c not in rules.characters:
            raise ConfigError(f"unknown character {c!r} (characters: {', '.join(sorted(rules.characters))})")
        if not rules.characters[c].playable:
            raise ConfigError(f"the {rules.characters[c].name} cannot be chosen as a player's character")
    if len(set(named)) != len(named):
        raise ConfigError("each character can be played by one seat only")
    if len(chars) > sum(1 for c in rules.characters.values() if c.playable):
        raise ConfigError("more seats than characters")
    return GameConfig(tuple(mods), tuple(opts.items()), tuple(chars), seed, tuple(tuned.items()))


def rules_of(config: GameConfig) -> Ruleset:
    """The ruleset a configuration plays: its modules, with its tuning if it has one."""
    return tuned_ruleset(config.modules, config.tuning)
