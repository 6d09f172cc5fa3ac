"""The rule-aware bot: plays any game from what its seat sees, by the advice of the game's modules.

It knows only what every game needs: reading its view, the walking distances of the board,
composing the advice each module brings beside its rules (:mod:`talisman.bots.knowledge`), and
keeping what that advice remembers from one decision to the next. Everything it knows of the
game itself, from the Warlock's quest to the Dungeon's Treasure Chamber, is in the modules'
``advice.py``: the core game's in :mod:`talisman.modules.core.advice`.

A decision no module's advice answers is weighed by its outcome (:mod:`talisman.bots.outcome`):
each option played on a copy of the game as the seat may imagine it, and the position it leads
to scored, so that a module that brings no advice is still played with sense.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from talisman.bots import outcome
from talisman.bots.knowledge import Answer, Knowledge, knowledge_for
from talisman.content.model import CardDef
from talisman.content.ruleset import Ruleset, ruleset_for
from talisman.engine.decision import Decision, Option
from talisman.engine.view import LazyView

FAR: Final = 99  # the distance to a space out of reach
# What answered the last decision besides a module's answer (see HeuristicBot.answered_by).
SLIP: Final = "slip"  # a blunder of the gentle level
POLICY: Final = "policy"  # a game of its own's policy
OUTCOME: Final = "outcome"  # no module's advice knows the decision: weighed by its outcome
FIRST: Final = "first"  # the advice gave nothing offered: the first option that moves the game on

Sheet = Mapping[str, Any]  # a character sheet of the view (a lazy view's works out each field when read)


@dataclass(frozen=True)
class Board:
    """What the bot precomputes from a game's static content and its layout."""

    rules: Ruleset
    knowledge: Knowledge
    dist: dict[int, dict[int, int]]  # walking distance between spaces (by index)
    named: dict[str, tuple[str, ...]]  # space name -> ids of the spaces so named
    region: dict[str, str]  # space id -> region


@lru_cache(maxsize=16)
def board_for(modules: tuple[str, ...], layout: Hashable = None) -> Board:
    """Shortest walking distance between all spaces: rings, bridge, portals, gates, passages,
    and the ways a module's advice adds for a layout dealt at the start (a world's tiles)."""
    rules = ruleset_for(modules)
    knowledge = knowledge_for(modules)
    graph: dict[int, set[int]] = {s.index: {rules.cw[s.index], rules.ccw[s.index]} - {-1} for s in rules.spaces}
    if layout is not None:
        for ways in knowledge.ways:
            for a, near in ways(rules, layout).items():
                graph[a] |= near
    for ln in rules.links:
        if ln.kind in ("bridge", "portal", "gate", "passage"):
            a, b = rules.space_index[ln.a], rules.space_index[ln.b]
            graph[a].add(b)
            graph[b].add(a)
    dist: dict[int, dict[int, int]] = {}
    for start in graph:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            x = todo.popleft()
            for y in graph[x]:
                if y not in seen:
                    seen[y] = seen[x] + 1
                    todo.append(y)
        dist[start] = seen
    named: dict[str, list[str]] = {}
    for s in rules.spaces:
        named.setdefault(s.name, []).append(s.id)
    return Board(
        rules,
        knowledge,
        dist,
        {k: tuple(v) for k, v in named.items()},
        {s.id: s.region for s in rules.spaces},
    )


class HeuristicBot:
    """The rule-aware bot (see the module docstring): ``choose`` answers any decision.

    >>> from talisman import Game
    >>> g = Game.new(["troll", "elf"], seed=2)
    >>> bot = HeuristicBot(random.Random(0))
    >>> g.decision.option(bot.choose(g.view(g.decision.player), g.decision)) is not None
    True
    """

    name = "heuristic"

    def __init__(self, rng: random.Random, blunders: float = 0.0) -> None:
        self.rng = rng
        # The share of its real choices taken at random instead (the level "gentle"), drawn from
        # a random source of its own, so that its other choices are the bot's as ever.
        self.blunders = blunders
        self.slips = random.Random(rng.getrandbits(32)) if blunders else None
        # What the modules' advice keeps from one decision to the next (the City's errands run
        # this visit, the tiles of the last moves on a world), by a name of each module's own.
        self.memory: dict[str, Any] = {}
        self.policy: Any = None  # a game of its own's policy (made at its first decision)
        # What gave the last answer: the module's answer that did, or SLIP, POLICY, OUTCOME, FIRST
        # (the hint tells a person why from it: talisman.bots.hint).
        self.answered_by: Answer | str | None = None
        self.layout: Hashable = None  # the game's layout dealt at the start, as the advice reads it
        self._modules: list[str] | None = None  # the modules of the game the board is worked out for
        self._source: tuple[object, object] = (None, None)  # the board's objects in the game (see _setup)
        self._game: object = None  # the game its memory belongs to (LazyView.game_key)

    # --- reading the view ------------------------------------------------------

    def _setup(self, view: Any, decision: Decision) -> None:
        self.view = view
        source = None
        if isinstance(view, LazyView):
            game = view.game_key()
            if game is not self._game:  # a new game (a copy of the same one keeps the token): forget the last one
                self._game = game
                self.memory = {"flags": {}}
            source = view.board_source()
        if source is None or source[0] is not self._source[0] or source[1] is not self._source[1]:
            modules = view["modules"]
            layout = self._layout(modules, view)
            if modules != self._modules or layout != self.layout:  # (the same game: the same board)
                self.board = board_for(tuple(modules), layout)
                self._modules, self.layout = modules, layout
                self.rules = self.board.rules
                self.know = self.board.knowledge
                self.dist = self.board.dist
                self.memory = {"flags": {}}  # another board is another game: its judgements (game_flag) and memories go
            self._source = source or (None, None)
        # The character the decision is about (a seat may play two: a Mirror Image, a Mystic).
        self.seat = decision.character if decision.character is not None else decision.player
        self.decision = decision
        self._me: Sheet | None = None
        self._held: set[str] | None = None  # the names of what it holds (see has)
        self._rivals: tuple[Sheet, ...] | None = None  # (see rivals)
        self.plan: dict[str, Any] = {}  # what the advice works out once per decision (where to head...)

    @staticmethod
    def _layout(modules: list[str], view: Any) -> Hashable:
        for read in knowledge_for(tuple(modules)).layouts:
            found = read(view)
            if found is not None:
                return found
        return None

    @property
    def me(self) -> Sheet:
        """The bot's character sheet (read from the view when first needed: many decisions do without)."""
        if self._me is None:
            self._me = self.view["players"][self.seat]
        return self._me

    def card(self, cid: int) -> CardDef:
        return self.rules.instances[cid]

    def has(self, name: str) -> bool:
        """Does the character hold an Object (carried or packed) or a Follower of this name?"""
        if self._held is None:
            me = self.me
            self._held = {c["name"] for part in (me["objects"], me["packed"], me["followers"]) for c in part}
        return name in self._held

    def traits(self) -> set[str]:
        """The character's printed abilities (keywords, without their conditions)."""
        return {t.split("@", 1)[0] for t in self.rules.characters[self.me["character"]].traits}

    @property
    def power(self) -> int:
        return int(max(self.me["strength"], self.me["craft"]))

    def region(self, sid: str) -> str:
        return self.board.region[sid]

    def here(self) -> str:
        return str(self.me["space"])

    def rivals(self) -> tuple[Sheet, ...]:
        """The other players' living characters (looked for once per decision: the advice asks
        at every move, for its aim, for a ruler of the Crown, for prey)."""
        if self._rivals is None:
            mine = self.me["controller"]
            self._rivals = tuple([p for p in self.view["players"] if p["alive"] and p["controller"] != mine])
        return self._rivals

    def sheet(self, seat: int) -> Sheet:
        """A character's sheet, by seat."""
        players: Sequence[Sheet] = self.view["players"]
        return players[seat]

    def distance(self, a: str, b: str) -> int:
        """Walking distance between two spaces (:data:`FAR` when out of reach)."""
        ia, ib = self.rules.space_index[a], self.rules.space_index[b]
        return self.dist[ia].get(ib, FAR)

    def nearest(self, spaces: Sequence[str]) -> str:
        """The nearest of these spaces ('' for none)."""
        here = self.here()
        return min(spaces, key=lambda s: (self.distance(here, s), s)) if spaces else ""

    def card_worth(self, name: str, default: int) -> int:
        """What holding a card of this name is worth (the modules' tables)."""
        return self.know.cards.get(name, default)

    # --- the modules' advice ----------------------------------------------------

    def flag(self, name: str) -> bool:
        """A named judgement: true when any module's advice says so."""
        return any(part(self) for part in self.know.flags.get(name, ()))

    def game_flag(self, name: str) -> bool:
        """A named judgement that holds for the whole game (worked out once)."""
        flags: dict[str, bool] = self.memory["flags"]
        found = flags.get(name)
        if found is None:
            found = flags[name] = self.flag(name)
        return found

    def value(self, name: str, default: Any = None) -> Any:
        """A named value: the first that a module's advice gives."""
        for source in self.know.values.get(name, ()):
            found = source(self)
            if found is not None:
                return found
        return default

    def tell(self, name: str, *args: Any) -> list[Any]:
        """Tell the modules' advice of a named moment; what each part answers, in turn."""
        return [part(self, *args) for part in self.know.hooks.get(name, ())]

    def aim(self) -> str:
        """Where the character is heading ('' to roam and grow): the first aim the advice gives."""
        found = self.plan.get("aim")
        if found is None:
            found = ""
            for rule in self.know.aims:
                said = rule(self)
                if said is not None:
                    found = said
                    break
            self.plan["aim"] = found
        return str(found)

    def region_kind(self, region: str) -> str:
        """What a region is to the modules' advice (``dungeon``; '' for a plain one)."""
        return self.know.regions.get(region, "")

    def space_worth(self, kind: str) -> float:
        return self.know.spaces.get(kind, 0)

    def space_bonus(self, sid: str, target: str) -> float:
        """What the modules' advice adds to a space's worth in the moment."""
        return sum(bonus(self, sid, target) for bonus in self.know.bonuses)

    # --- choosing ---------------------------------------------------------------

    def choose(self, view: Any, decision: Decision) -> str:
        if self.slips is not None:
            main = [o.id for o in decision.options if o.group == "main"]
            if len(main) > 1 and self.slips.random() < self.blunders:
                self.answered_by = SLIP
                return self.slips.choice(main)
        if self.policy is not None:  # a game of its own: its module's policy plays it all
            self.answered_by = POLICY
            return str(self.policy.choose(view, decision))
        self._setup(view, decision)
        if self.know.policy_maker is not None:
            self.policy = self.know.policy_maker(random.Random(self.rng.random()))
            self.answered_by = POLICY
            return str(self.policy.choose(view, decision))
        ids = decision.ids
        for answer in self.know.answers.get(decision.kind, ()):
            choice = answer(self, decision)
            if choice is not None:
                if choice in ids:
                    self.answered_by = answer
                    return choice
                break
        else:
            if self.know.answers.get(decision.kind) is None:
                self.answered_by = OUTCOME
                return outcome.weigh(self, view, decision)
        self.answered_by = FIRST
        main = [o.id for o in decision.options if o.group == "main"]
        return (main or ids)[0]

    def options(self, *verbs: str) -> list[Option]:
        """The pending decision's options of these verbs."""
        return self.decision.of(*verbs)

    def first(self, *verbs: str) -> str | None:
        """The id of the first option of the first of these verbs offered (None: none is)."""
        for verb in verbs:
            for o in self.decision.options:
                if o.verb == verb:
                    return o.id
        return None

    def offered(self, option_id: str) -> bool:
        """Is this option offered now?"""
        return self.decision.option(option_id) is not None

    def main_first(self) -> str:
        """The first option that moves the game on (what a decision nobody has advice for gets)."""
        d = self.decision
        return next((o.id for o in d.options if o.group == "main"), d.options[0].id)
