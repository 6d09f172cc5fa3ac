"""A rule-aware bot: grows stronger in the outer lands, earns a Talisman from
the Warlock, then crosses to the Crown of Command when it is strong enough.

It reads only its character's view and the static content (the board and the
cards are public); option ids carry what it needs (``move:temple``,
``take:37``). Every decision kind of the base game and of the modules has a
small rule (``on_<kind>``); an unknown kind falls back to the first main option.

What it knows of the modules:

- the Alternative Endings: it reads the ending face up on the Crown (it waits
  for more Craft before facing the Demon Lord, and flees him when wounded),
  and the task an ending gives it (``status["goal"]``): it walks to the
  places of a quest or an errand, hunts the characters it can beat for
  Ashes to Ashes and Finder's Keepers, goes back out through the Portal when
  the Lord of Chaos says so, and comes back to the Crown once the task is done;
- the Dungeons: it goes down only when strong enough, leaves when wounded,
  keeps off the face-up cards it cannot beat (and the Snake Pit), flees when
  the rules let it, and goes for the Treasure Chamber when strong enough,
  fighting the Lord of Darkness in its better attribute (the margin says
  where on his chart it emerges: the Crown itself at 8 or more);
- the Catacombs: it goes below only when strong and healthy and without a
  Talisman (their Enemies reach Strength 6 and Craft 8, and the way out lands
  anywhere), and always climbs out at an Exit;
- Airships: it claims every one it can, flies instead of rolling, and steps
  down in the Middle Region (or near the place) when heading where no ship goes,
  and now and then when it has nowhere to go;
  it fires on another ship half the time it meets one;
- 000's Talisman City (module ``city-classic``): it goes in through the Gate
  with gold to spend (never penniless: Statute J), shops (the Doctor when
  wounded, the Armoury, the Magic Emporium), keeps from the crimes it can
  avoid (no shot, blow, charm or Spell in the streets, no robbery, no street
  trade: evading when it can), takes a Loan only to escape being penniless and
  repays it before going, gets out of the Donjon by a bribe or the judge, and
  leaves when its purse is spent: by road, or by barge with a Warrant;
- 000's Disasters: a Disaster strikes where the most rivals stand, and a struck space is
  avoided; 000's Optional Rules: a henchman fights in its master's place when it fights as
  well, or when the master is down to its last lives; King of the Hill's way out of the
  Treasure Chamber is always taken;
- 000's Emperor's Guard: it pays a bribe in gold when it can, else gives its
  least Object, and fights (in its better attribute) only when no bribe will
  do: a Guard beaten means a Warrant, and no more bribes; it takes a hiding
  Follower and leaves a closed Place closed (a turn is worth more);
- 000's Brotherhood of the Bell: it joins and brings others in while it holds
  no Talisman (the sixth member gives one), and in the Donjon it tries to
  convince the guard (never the judge, who may hang it);
- 000's Talisman Timescape (module ``timescape``): see ``timescape.py``;
- the characters' abilities (shots, charges, a fight again, two movement
  dice...), the Master Level titles (taken; the Mirror is turned away, and a
  seat with two bodies acts with the one further along), and the Wizard's
  Tower for the very strong who hold no Talisman.

Where the rules leave a task impossible in practice (Pandora's Hydra or
Rabble, the Demon Lord for a character without Craft), it hunts the other
characters instead: the last one standing wins too.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from talisman.bots import city_districts as districts
from talisman.bots import timescape, worlds
from talisman.bots.legendary import LegendaryPolicy
from talisman.content.model import CardDef
from talisman.content.ruleset import Ruleset, ruleset_for
from talisman.engine.decision import Decision
from talisman.engine.view import LazyView

SKY: Final = ("outer", "middle")  # where an Airship flies
ITEM_VALUE: Final = {
    "Armour": 6,
    "Shield": 4,
    "Helmet": 3,
    "Sword": 4,
    "Axe": 4,
    "Holy Lance": 6,
    "Runesword": 6,
    "Talisman": 10,
    "Magic Belt": 5,
    "Ring": 6,
    "Solomon's Crown": 5,
    "Holy Grail": 5,
    "Wand": 4,
    "Orb of Knowledge": 3,
    "Potion of Strength": 2,
    "Cross": 3,
    "Water Bottle": 2,
    "Amulet": 1,
    "Mule": 2,
}
WEAPONS: Final = ("Sword", "Axe", "Holy Lance", "Runesword")
SPACE_VALUE: Final = {
    "fields": 2,
    "plains": 2,
    "woods": 2,
    "hills": 2,
    "sentinel": 2,
    "ruins": 3,
    "hidden-valley": 3,
    "oasis": 3,
    "runes": 1,
    "cursed-glade": 0,
    "desert": -2,
    "village": 2,
    "city": 2,
    "chapel": 1,
    "graveyard": 1,
    "tavern": 1,
    "forest": 1,
    "crags": 0,
    "black-knight": -1,
    "chasm": -1,
    "temple": 2,
    "castle": 1,
    "warlocks-cave": 1,
    "portal": 1,
    # the Dungeons (modules dungeon-4e and dungeon-classic)
    "dungeon-entrance": 2,
    "tunnel": 2,
    "corridor": 2,
    "passage": 2,
    "cavern": 3,
    "chamber": 3,
    "vault": 3,
    "library": 2,
    "kitchen": 1,
    "cell": 0,
    "guard-room": 0,
    "torture-chamber": -1,
    "hall-of-darkness": -1,
    "chamber-of-darkness": 0,
    "monster-pit": 1,
    "summoning-circle": 1,
    "treasure-chamber": 0,
    # 000's Talisman City (module city-classic)
    "street": 1,
    "town-square": 1,
    "wharf": 1,
    "city-gate": 1,
    "armoury": 1,
    "high-temple": 1,
    "magic-emporium": 1,
    "donjon": -5,
}
TREASURE_VALUE: Final = {
    "Darkblade": 9,
    "Aegis": 8,
    "Talisman": 8,
    "Book of Lore": 7,
    "Elixir of Life": 7,
    "Totem Staff": 6,
    "Bag of Holding": 5,
    "Clockwork Owl": 5,
    "Cloak of Feathers": 4,
    "Orb of Prophesy": 4,
}
LORD_READY: Final = 11  # Strength or Craft to face the Lord of Darkness (12 and a die) with fair hope
DUNGEONS: Final = ("dungeon-4e", "dungeon", "worlds-dungeon")  # the regions of the Dungeons (and of a world's ring)
INNER: Final = ("inner", "crown")
# Face-up Places a character is hurt by unless strong (name: the Strength that makes it safe).
HARMFUL_PLACES: Final = {"Snake Pit": 9}
# Foes a plain win does not kill (the Living Statue needs a magic Weapon): treated as this much stronger.
HARD_FOES: Final = {"Living Statue": 4}
# The ways through the Inner Region to the Valley of Fire (the Lord of Chaos's "Change is Good").
BRANCHES: Final = {"the Mines": ("mines", "vampires-tower", "pits"), "the Crypt": ("crypt", "death", "werewolf-den")}
DEMON_LORD_CRAFT: Final = 12  # Craft to face the Demon Lord (Craft 12, 4 lives) with some hope
HUNT_AFTER: Final = 300  # turns after which a bot the Crown is beyond hunts the others instead
TOWER_READY: Final = 14  # Strength or Craft for the Wizard's Tower (a Gargoyle of 3D6+4, the Dragon Prince 15)
DRAGONS_NEEDED, FOLLOWERS_NEEDED = 7, 12  # Pandora's Hydra and Rabble
GOOD_TITLES: Final = ("accept", "seek")
CITY_GATE: Final = "city-gate"  # 000's Talisman City (module city-classic): the board has it when the City is in play
CITY_PURSE: Final = 3  # gold worth taking into the City
CITY_FORBIDDEN: Final = ("Cyborg", "Ghoul", "Hobgoblin", "Orc", "Troll")  # Statute I: their very being is a crime
LOAN_DUE: Final = 4
# Options that break a Statute of the City (Statutes C, D, G, H, E): not taken in its streets.
CITY_CRIMES: Final = (
    "bow",
    "pistol",
    "killer-blow",
    "assassinate",
    "charm",
    "beguile",
    "buy-dagger",
    "buy-helmet",
    "rob",
)


@dataclass(frozen=True)
class Board:
    """What the bot precomputes from a game's static content."""

    rules: Ruleset
    dist: dict[int, dict[int, int]]  # walking distance between spaces (by index)
    named: dict[str, tuple[str, ...]]  # space name -> ids of the spaces so named
    region: dict[str, str]  # space id -> region
    endings: bool  # does an Alternative Ending lie on the Crown in this game?


@lru_cache(maxsize=16)
def board_for(modules: tuple[str, ...], tiles: worlds.Tiles | None = None) -> Board:
    """Shortest walking distance between all spaces (rings, bridge, portals, gates, passages;
    on a Talisman Worlds board, ``tiles``, the ways between its tiles)."""
    rules = ruleset_for(modules)
    graph: dict[int, set[int]] = {s.index: {rules.cw[s.index], rules.ccw[s.index]} - {-1} for s in rules.spaces}
    if tiles is not None:
        for a, near in worlds.world_graph(rules, tiles).items():
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
        dist,
        {k: tuple(v) for k, v in named.items()},
        {s.id: s.region for s in rules.spaces},
        rules.has_module("endings"),
    )


Sheet = Mapping[str, Any]  # a character sheet of the view (a lazy view's works out each field when read)
_NUMBER: Final = re.compile(r"\d+")
_HANDLERS: Final[dict[str, str]] = {}  # decision kind -> the name of the bot's method for it (on_<kind>)


def _numbers(text: str) -> list[int]:
    return [int(n) for n in _NUMBER.findall(text)]


class HeuristicBot(districts.CityDistrictsRules, timescape.TimescapeRules):
    name = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.districts_done: set[str] = set()  # the City's errands run on this visit (module city-districts)
        self.trail: list[str] = []  # the tiles of its last moves on a world (module worlds)
        self.legendary: LegendaryPolicy | None = None  # Legendary Tales' decisions (made at the first)
        self.tiles: worlds.Tiles | None = None  # a Talisman Worlds board's tiles (None on the others)
        self._modules: list[str] | None = None  # the modules of the game the board is worked out for
        self.districts_on = False  # does the game have Another Talisman City's districts (module city-districts)?
        self._source: tuple[object, object] = (None, None)  # the board's objects in the game (see _setup)

    # --- reading the view ------------------------------------------------------

    def _setup(self, view: Any, decision: Decision) -> None:
        self.view = view
        source = view.board_source() if isinstance(view, LazyView) else None
        if source is None or source[0] is not self._source[0] or source[1] is not self._source[1]:
            modules, tiles = view["modules"], worlds.tiles_of(view)
            if modules != self._modules or tiles != self.tiles:  # (the same game: the same board)
                self.board = board_for(tuple(modules), tiles)
                self._modules, self.tiles = modules, tiles
                self.rules = self.board.rules
                self.dist = self.board.dist
                self.districts_on = districts.active(self)  # (asked at every turn and move: worked out per game)
            self._source = source or (None, None)
        # The character the decision is about (a seat may play two: a Mirror Image, a Mystic).
        self.seat = decision.character if decision.character is not None else decision.player
        self._me: Sheet | None = None
        self._held: set[str] | None = None  # the names of what it holds (see has)
        self._plan: str | None = None
        self._aim_cache: str | None = None

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

    @property
    def late(self) -> bool:
        """A long game: time to take risks rather than wander for ever."""
        return bool(self.view["turn"] > 250)

    def battle_strength(self) -> int:
        """Strength in a battle: a weapon adds 1."""
        return int(self.me["strength"]) + any(c["name"] in WEAPONS for c in self.me["objects"])

    def region(self, sid: str) -> str:
        return self.board.region[sid]

    def here(self) -> str:
        return str(self.me["space"])

    def goal(self) -> dict[str, Any] | None:
        goal: dict[str, Any] | None = self.me["status"].get("goal")
        return goal

    def rivals(self) -> list[Sheet]:
        """The other players' living characters."""
        mine = self.me["controller"]
        return [p for p in self.view["players"] if p["alive"] and p["controller"] != mine]

    def beatable(self, other: Sheet, margin: int = 1) -> bool:
        """Could the bot beat this character in battle (or, where it may, in psychic combat)?"""
        if self.battle_strength() >= other["strength"] + margin:
            return True
        return "psychic-attack" in self.traits() and self.me["craft"] >= other["craft"] + margin

    def hunting(self) -> bool:
        """Must the bot take lives from other characters: for a task (Ashes to Ashes,
        Finder's Keepers, the Warlock's quest), or because the Crown is beyond it
        (the Demon Lord holds it and its Craft will not do) so that only being the
        last one standing is left?"""
        aim = self.goal()
        if aim is not None and (aim["kind"] == "finders-keepers" or aim["kind"] == "ashes" and not aim["taken"]):
            return True
        if aim is not None and aim["kind"] in ("hydra", "rabble") and self._goal_target(aim) == "":
            return True  # a task hardly ever done: being the last one standing wins too
        quest = self.me["status"].get("quest")
        if quest is not None and quest["goal"] == "take-life" and not self.has("Talisman"):
            return True
        return (
            self.view["turn"] > HUNT_AFTER
            and self.crown_ending() == "demon-lord"
            and self.me["craft"] < DEMON_LORD_CRAFT - 1
        )

    def hunt_margin(self) -> int:
        """How much stronger than its prey a hunter wants to be: less, the more lives it has to spare."""
        return max(-2, 1 - (int(self.me["lives"]) - 3) // 2)

    def prey(self) -> list[Sheet]:
        """The rivals the bot could beat, where it can catch them (not on the Crown, nor a step at a time inward)."""
        margin = self.hunt_margin()
        return [
            p
            for p in self.rivals()
            if self.beatable(p, margin) and self.rules.regions[self.region(p["space"])].movement == "roll"
        ]

    def crown_ending(self) -> str:
        """The Alternative Ending face up on the Crown ('' if none, or no endings in the game)."""
        if not self.board.endings:
            return worlds.revealed_ending(self)
        for c in self.view["board"].get("crown-of-command", ()):
            if c["type"] == "event":
                return self.card(c["id"]).key
        return ""

    def _d(self, a: str, b: str) -> int:
        ia, ib = self.rules.space_index[a], self.rules.space_index[b]
        return self.dist[ia].get(ib, 99)

    def _nearest(self, spaces: list[str] | tuple[str, ...]) -> str:
        here = self.here()
        return min(spaces, key=lambda s: (self._d(here, s), s)) if spaces else ""

    # --- where to go ------------------------------------------------------------

    def strong(self) -> bool:
        """Strong enough for the Inner Region: in Strength (the Crypt, the Werewolf), or in
        Craft with some Strength (the Mines, the Pit Fiends)."""
        me = self.me
        if self.late:
            return bool(me["strength"] >= 6 or (me["craft"] >= 8 and me["strength"] >= 4))
        return bool(me["strength"] >= 8 or (me["craft"] >= 10 and me["strength"] >= 5))

    def ready_for_inner(self) -> bool:
        me = self.me
        if not (self.has("Talisman") and self.strong() and me["lives"] >= 3):
            return False
        if self.crown_ending() == "demon-lord":
            return self.crafty_enough()
        return True

    def crafty_enough(self) -> bool:
        """Craft to face the Demon Lord (less, late in a long game)."""
        return bool(self.me["craft"] >= DEMON_LORD_CRAFT - (1 if self.late else 0))

    def ready_for_tower(self) -> bool:
        """The Wizard's Tower, for the very strong who hold no Talisman."""
        return (
            not self.has("Talisman")
            and self.battle_strength() >= TOWER_READY - 1
            and self.power >= TOWER_READY
            and self.me["lives"] >= 4
            and "antechamber" in self.rules.space_index
        )

    def dares_the_bridge(self) -> bool:
        """Crossing inward means beating the Sentinel (Strength 9) first."""
        s, lives = self.battle_strength(), self.me["lives"]
        if self.late:
            return (s >= 7 and lives >= 3) or (s >= 6 and lives >= 5)
        return (s >= 10 and lives >= 3) or (s >= 9 and lives >= 4) or (s >= 8 and lives >= 5)

    def kept_out(self) -> bool:
        """Does the bot want to be further in than the Sentinel lets it go?"""
        plan = self._aim()
        return (
            bool(plan)
            and self.region(plan) != "outer"
            and self.region(plan) not in DUNGEONS
            and not self.dares_the_bridge()
            and not self.me["status"].get("raft")
        )

    def lord_ready(self) -> bool:
        """Strong and healthy enough for a Dungeon's Treasure Chamber (if the game has one)?"""
        return self.power >= LORD_READY and self.me["lives"] >= 3 and "treasure-chamber" in self.rules.space_index

    def dungeon_ready(self) -> bool:
        """Strong enough for the Dungeon's cards (Enemies of Strength or Craft 3 to 9)?"""
        me = self.me
        return (self.battle_strength() >= 7 and me["craft"] >= 5 and me["lives"] >= 4) or self.lord_ready()

    def leaving_dungeon(self) -> bool:
        """Wounded or too weak in the Dungeon: head for the way out."""
        me = self.me
        return me["lives"] <= 2 or not (self.battle_strength() >= 6 and me["craft"] >= 4)

    def target(self) -> str:
        """Where the bot is heading now ('' to roam and grow): the place its
        ending's task names, the Portal, a Dungeon's Treasure Chamber, the Warlock."""
        if self._plan is None:
            self._plan = self._make_plan()
        return self._plan

    def _make_plan(self) -> str:
        plan = self._aim()
        if self.region(self.here()) == "outer" and self.kept_out():
            # The way in is over the Sentinel's bridge: grow stronger first, or, late in a long
            # game, try the Tavern, whose boatman may row the bot to the Temple.
            return "tavern" if self.late and "tavern" in self.rules.space_index else (worlds.way_in(self) or "")
        return plan

    def _aim(self) -> str:
        if self._aim_cache is None:
            self._aim_cache = self._find_aim()
        return self._aim_cache

    def _find_aim(self) -> str:
        quest = worlds.quest_aim(self)
        if quest is not None:
            return quest
        aim = self.goal()
        if aim is not None:
            found = self._goal_target(aim)
            if found == "" and self.hunting():
                return self._nearest([p["space"] for p in self.prey()])
            if found is not None:
                return found
        me = self.me
        if self.region(self.here()) in DUNGEONS and self.leaving_dungeon():
            return self._dungeon_exit()
        city = self._city_aim()
        if city is not None:
            return city
        if self.hunting() and self.prey():
            return self._nearest([p["space"] for p in self.prey()])
        if self.needs_healing():
            healer = self._healer()
            if healer:
                return healer
        lord_wins = self.view.get("options", {}).get("dungeon-victory") in ("winner-takes-all", "short-game")
        if lord_wins and self.lord_ready() and self._d(me["space"], "treasure-chamber") < 99:
            return "treasure-chamber"  # 001's alternative rules: killing the Lord of Darkness wins
        if self.ready_for_inner() and not lord_wins:
            return "portal-of-power"
        if self.ready_for_tower() and not lord_wins:
            return "tower-door"
        if self.lord_ready() and self._d(me["space"], "treasure-chamber") < 99:
            return "treasure-chamber"
        if not self.has("Talisman") and me["strength"] + me["craft"] >= 10 and not me["status"].get("quest"):
            return "warlocks-cave"
        return ""

    def needs_healing(self) -> bool:
        """Badly wounded, or ready for the Crown but for its lives."""
        me = self.me
        if me["lives"] <= 2:
            return True
        return me["lives"] < 4 and self.has("Talisman") and self.strong() and self.region(self.here()) not in INNER

    def _healer(self) -> str:
        """The nearest place that heals the bot: the Chapel (free for the good), a healer it can pay."""
        me = self.me
        kinds = {"chapel"} if me["alignment"] == "good" else set()
        if me["gold"]:
            kinds |= {"village", "city"} | ({"chapel"} if me["alignment"] == "neutral" else set())
        return self._nearest([s.id for s in self.rules.spaces if s.kind in kinds and self.region(s.id) == "outer"])

    def in_city(self) -> bool:
        return self.region(self.here()) == "city" and CITY_GATE in self.rules.space_index

    def city_welcome(self) -> bool:
        """Worth going into the City: gold to spend, and not of a race its Law forbids (Statute I)."""
        name = self.rules.characters[self.me["character"]].name
        return bool(self.me["gold"] >= CITY_PURSE and name not in CITY_FORBIDDEN)

    def city_done(self) -> bool:
        """Time to leave the City: the purse is spent (a penniless character breaks Statute J), a Warrant, wounds."""
        me = self.me
        return bool(
            me["gold"] <= 1
            or me["status"].get("warrant")
            or (me["lives"] <= 1 and me["gold"] < 2)
            or self.rules.characters[me["character"]].name in CITY_FORBIDDEN
        )

    def _city_aim(self) -> str | None:
        """Where to go in the City (None outside it): the Bank to repay a Loan, the Wharf with a
        Warrant, the way out when done, the Doctor when wounded, the Armoury, the Magic Emporium,
        and out once nothing is left to buy."""
        if not self.in_city():
            return None
        me = self.me
        if me["status"].get("loan"):
            return "bank" if me["gold"] >= LOAN_DUE else ""
        if me["status"].get("warrant"):
            return "wharf"  # no way out by road
        if self.city_done():
            return self._nearest([s.id for s in self.rules.spaces if s.region == "outer" and s.id != "city"])
        if me["lives"] <= 3 and me["gold"] >= 2:
            return "doctors-surgery"
        owned = {c["name"] for c in me["objects"]}
        if me["gold"] >= 4 and not owned & {"Armour", "Shield", "Helmet", "Cloak", "Buckler"}:
            return "armoury"
        caster = self.rules.characters[me["character"]].spells > 0  # a character that begins with Spells
        if me["gold"] >= 2 and caster and me["spell_count"] < 2 and me["craft"] >= 4:
            return "magic-emporium"
        return self._nearest([s.id for s in self.rules.spaces if s.region == "outer" and s.id != "city"])

    def _dungeon_exit(self) -> str:
        outside = [s.id for s in self.rules.spaces if s.region not in DUNGEONS and self._d(self.here(), s.id) < 99]
        return self._nearest(outside)

    def _goal_target(self, aim: dict[str, Any]) -> str | None:
        """The space a task sends the bot to, '' to roam, None when the task is
        done (or is done on the Crown): then the bot heads for the Crown as usual."""
        kind = aim["kind"]
        if kind == "quest":
            names = aim["places"][aim["next"]]
            spaces = [s for n in names for s in self.board.named.get(n, ()) if self.rules.space(s).kind != "crown"]
            return self._nearest(spaces) if spaces else None
        if kind == "errand":
            return None if aim["done"] else self._nearest(self.board.named.get(aim["place"], ()))
        if kind == "portal":
            return None if aim["reached"] else "portal-of-power"
        if kind == "hydra":
            dragons = sum(1 for t in self.me["trophies"] if t.get("subtype") == "dragon")
            return None if dragons >= DRAGONS_NEEDED else ""
        if kind == "rabble":
            return None if len(self.me["followers"]) >= FOLLOWERS_NEEDED else ""
        if kind in ("ashes", "finders-keepers"):
            if kind == "ashes" and aim["taken"]:
                return None
            return self._nearest([p["space"] for p in self.prey()])
        if kind == "perils":
            rivals = self.rivals()
            if len(rivals) == 1 and not self.beatable(rivals[0], 1):
                return ""  # the last rival is too strong to finish: grow first, away from the Crown
        return None  # change, perils, the Demon Lord: on (or back to) the Crown

    def away_from_crown(self) -> bool:
        """Does the bot's task call it away from the Crown (or keep it away)?"""
        aim = self.goal()
        if aim is None or aim["kind"] in ("demon-lord", "change"):
            return False  # fought on the Crown; the change of route is walked by _change_route
        return self._goal_target(aim) is not None

    # --- choosing ---------------------------------------------------------------

    def choose(self, view: Any, decision: Decision) -> str:
        if decision.kind.startswith("lt-"):  # Legendary Tales, a game of its own: its cooperative policy
            if self.legendary is None:
                self.legendary = LegendaryPolicy(random.Random(self.rng.random()))
            return self.legendary.choose(view, decision)
        self._setup(view, decision)
        ids = decision.ids
        name = _HANDLERS.get(decision.kind)
        if name is None:
            name = _HANDLERS[decision.kind] = "on_" + decision.kind.replace("-", "_")
        method = getattr(self, name, None)
        choice = method(decision, ids) if method else None
        if choice in ids:
            return str(choice)
        main = [o.id for o in decision.options if o.group == "main"]
        return (main or ids)[0]

    def first(self, ids: list[str], *prefixes: str) -> str | None:
        for prefix in prefixes:
            sub = prefix + ":"
            for i in ids:
                if i == prefix or i.startswith(sub):
                    return i
        return None

    def on_turn(self, d: Decision, ids: list[str]) -> str | None:
        me = self.me
        choice = self.first(ids, "trophies", "quest", "dispel")
        if choice:
            return choice
        if me["lives"] <= (1 if self.in_city() else 2):  # a Spell in the City's streets is a crime
            for i in ids:
                if i.startswith("cast:") and self._spell_name(i) == "Healing" and i.endswith(f":{self.seat}"):
                    return i
        wharf = self._wharf(ids)
        if wharf:
            return wharf
        leap = self._finders_leap(ids)
        if leap:
            return leap
        if not (self.districts_on and districts.in_city(self)):
            self.districts_done.clear()
        gate = districts.turn(self, ids, self.districts_done) if self.districts_on else None
        if gate:
            return gate
        here = self.rules.space(me["space"])
        offered = set(ids)  # (asked after several ids below)
        if "flee" in offered and self.region(here.id) in DUNGEONS and self.leaving_dungeon():
            return "flee"  # Fight or Flight: out against the arrows
        if "fly" in offered:
            return self._airship_turn()
        if "warp" in offered:
            return self.timescape_turn(ids)
        region = self.rules.regions[here.region]
        if region.movement == "step":
            return self._step(ids)
        rafts = [i for i in ids if i.startswith("raft:")]
        target = self.target() if rafts or "next-move" in offered else ""  # (the plan only where it matters)
        if target and rafts:
            best = min(rafts, key=lambda i: self._d(i.split(":")[1], target))
            if self._d(best.split(":")[1], target) < self._d(me["space"], target):
                return best
        if worlds.boat_in(self, ids):
            return "next-move"
        if (
            "next-move" in offered
            and (target == "" or self._d(self._next_move(), target) < self._d(me["space"], target))
            and (self._next_move() != CITY_GATE or self.city_welcome())
        ):
            return "next-move"
        if "enter-dungeon" in offered and self.lord_ready():
            return "enter-dungeon"  # 000's Dungeon: down through the Doorway
        if "roll-two" in offered:
            return "roll-two"  # two movement dice, either kept
        return "roll" if "roll" in offered else None

    def _wharf(self, ids: list[str]) -> str | None:
        """On the City's Wharf with the City done: a barge out, or (with a Warrant and no fare) stowing away."""
        if not self.in_city() or not self.city_done() or self.me["status"].get("loan"):
            return None
        if "barge:outer" in ids:
            return "barge:outer"
        return "stowaway" if "stowaway" in ids and self.me["status"].get("warrant") else None

    def _next_move(self) -> str:
        nxt = self.me["status"].get("next_move")
        return self.rules.spaces[nxt].id if isinstance(nxt, int) else self.here()

    def _finders_leap(self, ids: list[str]) -> str | None:
        """Finder's Keepers: teleport to a character the bot can beat."""
        leaps = [i for i in ids if i.startswith("leap:")]
        if not leaps or self.me["lives"] < 2:
            return None
        players = self.view["players"]
        prey = [i for i in leaps if self.beatable(players[int(i.split(":")[1])], self.hunt_margin())]
        return min(prey, key=lambda i: players[int(i.split(":")[1])]["lives"]) if prey else None

    def _spell_name(self, option_id: str) -> str:
        return self.card(int(option_id.split(":")[1])).name

    def _step(self, ids: list[str]) -> str | None:
        """One space a turn (the Inner Region, the Wizard's Tower): on toward the
        Crown, or back out when wounded or sent away."""
        me = self.me
        here = self.here()
        forward = [i for i in ids if i.startswith("move:")]
        back = [i for i in ids if i.startswith("retreat:")]
        kind = self.rules.space(here).kind
        leave = self.away_from_crown() or (me["lives"] <= 1 and kind != "crown")
        if kind != "crown" and self.region(here) in INNER:
            # no way through the Valley of Fire without a Talisman; none past the Demon Lord without Craft
            leave = (
                leave
                or not self.has("Talisman")
                or (self.crown_ending() == "demon-lord" and not self.ready_for_inner())
            )
        aim = self.goal()
        if aim is not None and aim["kind"] == "change":
            return self._change_route(aim, forward, back)
        if kind == "crown" and "stay" in ids and not leave:
            return "stay"
        if leave and back:
            out = self.target() or "portal-of-power"
            return min(back, key=lambda i: (self._d(i.split(":")[1], out), i))
        if "stay" in ids:
            return "stay"
        on = worlds.inner_step(self, ids)
        if on:
            return on
        if forward:
            crown = [i for i in forward if "crown" in i]
            if crown:
                return crown[0]
            return max(forward, key=self._branch_score)
        return back[0] if back else None

    def _branch_score(self, option_id: str) -> tuple[int, str]:
        """The Mines test Craft, the Crypt Strength: the bot takes the way of its better one."""
        sid = option_id.split(":")[1]
        strong_in_craft = self.me["craft"] > self.me["strength"]
        return (int((sid in BRANCHES["the Mines"]) == strong_in_craft), sid)

    def _change_route(self, aim: dict[str, Any], forward: list[str], back: list[str]) -> str | None:
        """The Lord of Chaos's "Change is Good": come back to the Crown by the
        other way. The bot cannot see which way it last came (only the task's
        old way), so it wanders the other branch, stepping back and forth, until
        a step forward has landed it there; then it goes up to the Crown."""
        other = BRANCHES["the Crypt"] if aim["route"] == "the Mines" else BRANCHES["the Mines"]
        here = self.here()
        kind = self.rules.space(here).kind
        on = forward[0] if forward else back[0] if back else None
        if kind == "crown":
            return back[0] if back else "stay"
        into = [i for i in forward if i.split(":")[1] in other]
        if into:  # the Plain of Peril: into the other branch
            return into[0]
        home = [i for i in back if i.split(":")[1] in other]
        if kind == "valley-of-fire":
            return home[0] if home and self.rng.random() < 0.5 else on
        if here in other:
            return back[0] if back and self.rng.random() < 0.5 else on
        return min(back, key=lambda i: self._d(i.split(":")[1], "plain-of-peril")) if back else on

    def on_move(self, d: Decision, ids: list[str]) -> str | None:
        if "regenerate" in ids and self.me["lives"] < 4:
            return "regenerate"
        target = self.target()
        if "portal" in ids and target == "portal-of-power":
            return "portal"
        tower = [i for i in ids if i == "portal:antechamber"]
        if tower and target == "tower-door":
            return tower[0]
        moves = [i for i in ids if i.startswith("move:")]
        if not moves:
            return self._after_roll(ids)
        if self.districts_on and districts.in_city(self):
            return districts.move(self, ids, self.districts_done)
        here = self.rules.space(self.here()).region

        def score(i: str) -> float:
            sid = i.split(":")[1]
            value = self._score_space(sid, target) + self.rng.random() * 0.1 - worlds.retread(self, sid)
            there = self.rules.space(sid).region
            if here == "outer" and there == "middle" and not self.dares_the_bridge():
                # crossing the bridge inward means beating the Sentinel (Strength 9)
                value -= 12 if self.me["lives"] >= 3 else 40
            elif here == "middle" and there == "outer" and self.kept_out():
                value -= 6  # the Sentinel would bar the way back in
            return value

        best = max(moves, key=score)
        worlds.remember(self, best.split(":")[1])
        return best

    def _after_roll(self, ids: list[str]) -> str | None:
        """No plain move: an ability instead of the roll (the Pathfinder's one more or less...)."""
        paths = [i for i in ids if i.startswith("path:")]
        return paths[-1] if paths else None

    def _score_space(self, sid: str, target: str) -> float:
        me = self.me
        sdef = self.rules.space(sid)
        score = float(SPACE_VALUE.get(sdef.kind, 0))
        wounded = me["lives"] <= 2
        hurts = -4 if me["lives"] >= 3 else -8 if me["lives"] == 2 else -20  # a space that takes a life
        if sdef.kind == "desert" and not (self.has("Water Bottle") or self.has("Holy Grail")):
            score += hurts + 1
        if sdef.kind == "chapel":
            score += {"good": 3 if wounded else 1, "neutral": 2 if wounded and me["gold"] else 0, "evil": hurts}[
                me["alignment"]
            ]
        if sdef.kind == "graveyard":
            score += {"good": hurts, "neutral": 0, "evil": 1}[me["alignment"]]
        if sdef.kind in ("village", "city", "castle") and wounded and me["gold"]:
            score += 3
        if sdef.kind == "city" and CITY_GATE in self.rules.space_index:
            score += 1 if self.city_welcome() else -4  # 000's City: never in without money
        if sid == "city" and self.districts_on and districts.wants_city(self):
            score += 3  # the City Gates of Another Talisman City
        if sdef.kind == "temple":
            score += 1 if me["lives"] >= 4 else -2
        if sdef.region in DUNGEONS and self.region(self.here()) not in DUNGEONS and not self.dungeon_ready():
            score -= 12  # not down into the Dungeon before the bot can fight there
        for c in self.view["board"].get(sid, ()):
            score += self._card_on_space(c)
        score += self.view["gold_on"].get(sid, 0) + worlds.roam_bonus(self, sid)
        if target:
            score -= 1.5 * self._d(sid, target)
        if sid == "sentinel" or sdef.kind == "black-knight" and me["gold"] == 0:
            score -= 1
        return float(score)

    def _card_on_space(self, c: dict[str, Any]) -> float:
        """What a face-up card lying on a space is worth meeting."""
        if c["type"] == "enemy":
            mine = self.me["craft"] if c.get("craft") else self.battle_strength()
            margin = mine - c.get("strength", c.get("craft", 0)) - HARD_FOES.get(c["name"], 0)
            return 2.0 if margin >= 2 else 0.0 if margin >= 0 else -3.0 + margin
        if c["type"] in ("object", "magic-object"):
            return 2.0
        if c.get("subtype") == "disaster":
            return -3.0 if self.me["lives"] <= 2 else -1.0  # a struck space: mostly harm, never a card drawn
        safe = HARMFUL_PLACES.get(c["name"])
        if safe is not None and self.me["strength"] < safe:
            return -4.0 if self.me["lives"] <= 3 else -2.0
        if c["type"] in ("stranger", "place"):
            return -3.0 if self.me["lives"] <= 1 else 0.5  # mostly good, but some take a life
        return 0.0

    def on_worlds_portal(self, d: Decision, ids: list[str]) -> str:
        return worlds.on_portal(self, ids)

    def on_worlds_valley(self, d: Decision, ids: list[str]) -> str:
        return "give"

    def on_worlds_boss(self, d: Decision, ids: list[str]) -> str:
        return worlds.better_attribute(self, ids)

    def on_worlds_lord(self, d: Decision, ids: list[str]) -> str:
        return worlds.better_attribute(self, ids)

    def on_worlds_peril(self, d: Decision, ids: list[str]) -> str:
        return ids[0]

    def on_worlds_royale(self, d: Decision, ids: list[str]) -> str:
        return worlds.royale_target(self, ids)

    def on_worlds_doom(self, d: Decision, ids: list[str]) -> str:
        return worlds.doom_victim(self, ids)

    def on_portal(self, d: Decision, ids: list[str]) -> str:
        if self.crown_ending() == "demon-lord" and self.me["craft"] >= self.me["strength"] - 1:
            return "craft"  # the Portal's loss (if any) is then no Strength
        return "strength" if self.me["strength"] >= self.me["craft"] else "craft"

    def on_fate(self, d: Decision, ids: list[str]) -> str:
        text = d.prompt
        try:
            value = int(text.split("rolled ")[1].split(" ")[0].rstrip("."))
        except (IndexError, ValueError):
            return "keep"
        if "movement" in text or "(" in text and "battle" not in text:
            return "keep"
        again = "reroll" if "reroll" in ids else next((i for i in ids if i.startswith("reroll-card:")), "keep")
        return again if value <= 2 else "keep"

    # --- fighting ------------------------------------------------------------------

    def on_combat(self, d: Decision, ids: list[str]) -> str | None:
        if self.in_city():
            ids = [i for i in ids if i not in CITY_CRIMES]
            for safe in ("evade", "let-be", "let-them-be"):
                if safe in ids:
                    return safe  # a fight in the City is a crime (Statutes A and B)
        for safe in ("exorcise", "let-be", "pistol", "bow", "killer-blow"):
            if safe in ids:
                return safe  # no risk: a spirit sent away, a shot before the battle, a blow without its die
        try:
            foe = int(d.prompt.split(": ")[1].split(" ")[1].rstrip("."))
            mine = int(d.prompt.rsplit(" ", 1)[1].rstrip("."))
        except (IndexError, ValueError):
            foe, mine = 0, 0
        foe += HARD_FOES.get(d.prompt.split(":")[0], 0)
        if foe >= mine and "let-them-be" in ids:
            return "let-them-be"
        if foe > mine + 1:
            for i in ids:
                if i == "evade" or i == "bribe":
                    return i
                if i.startswith("cast:") and self._spell_name(i) in ("Invisibility", "Immobility", "Psionic Blast"):
                    return i
            if "mercenary" in ids:
                return "mercenary"
            if "assassinate" in ids:
                return "assassinate"
        if "charm" in ids:
            return "charm"
        henchman = self._henchman(d, foe, mine)
        if henchman:
            return henchman
        if mine - 1 <= foe <= mine + 3:
            for fury in ("charge", "berserk"):  # +2 or +3 Strength for this fight, paid with the next turn
                if fury in ids:
                    return fury
        return "fight"

    def _henchman(self, d: Decision, foe: int, mine: int) -> str | None:
        """000's Henchmen: send the henchman with the best score when it fights at least as well,
        or when a loss would cost the bot one of its last lives."""
        sent = [(int(o.label.rsplit(" ", 1)[1].rstrip(")")), o.id) for o in d.options if o.id.startswith("henchman:")]
        if not sent:
            return None
        score, best = max(sent)
        return best if score >= mine or (self.me["lives"] <= 2 and foe >= mine) else None

    def on_disaster_space(self, d: Decision, ids: list[str]) -> str:
        """000's Disasters: strike where the most rivals stand, and never the bot's own space."""
        rivals = [p["space"] for p in self.rivals()]
        return max(ids, key=lambda i: (i != f"space:{self.here()}", rivals.count(i.split(":", 1)[1])))

    def on_lost_fight(self, d: Decision, ids: list[str]) -> str:
        cast = next((i for i in ids if i.startswith("cast:")), None)
        if cast:
            return cast
        if "rematch" in ids and d.prompt.startswith("You lost"):
            return "rematch"  # the Amazon fights once more: nothing worse can come of it
        return "accept"

    def on_defend(self, d: Decision, ids: list[str]) -> str:
        if "evade" in ids:
            return "evade"
        for i in ids:
            if i.startswith("cast:") and self._spell_name(i) == "Invisibility":
                return i
        return "defend"

    def on_evade_ability(self, d: Decision, ids: list[str]) -> str:
        return "evade"

    def on_defeat(self, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i.startswith("cast:")), "accept")

    def on_combat_magic(self, d: Decision, ids: list[str]) -> str:
        for i in ids:
            if i.startswith("cast:") and self._spell_name(i) == "Psionic Blast" and self.me["craft"] >= 4:
                return i
        return "ready"

    # --- other characters ------------------------------------------------------------

    def on_encounter(self, d: Decision, ids: list[str]) -> str | None:
        """Meet a character only to take something from it; else the space (or its cards)."""
        way_in = worlds.on_encounter(self, ids)
        if way_in:
            return way_in
        players = self.view["players"]
        for i in ids:
            if i.startswith("meet:") and self._worth_meeting(players[int(i.split(":")[1])]):
                return i
        if "scroll-instead" in ids:
            return "scroll-instead"
        if "hill-chamber" in ids:
            return "hill-chamber"  # King of the Hill: a Talisman, and out by the Portal of Power
        seek = timescape.seek(self, ids)
        if seek:
            return seek
        if "pass-by" in ids and any(self._card_on_space(c) < 0 for c in self.view["board"].get(self.here(), ())):
            return "pass-by"
        for i in ("space", "nothing"):
            if i in ids:
                return i
        return next((i for i in ids if not i.startswith("meet:")), None)

    def _worth_meeting(self, other: Sheet) -> bool:
        if other["controller"] == self.me["controller"]:
            return False
        if self.hunting():
            return self.beatable(other, self.hunt_margin())
        takers = {"steal", "beguile", "take-follower", "fortune-telling"}
        if self.traits() & takers:
            return True
        return bool(self.battle_strength() >= other["strength"] + 2 and other["lives"] <= self.me["lives"])

    def on_meet(self, d: Decision, ids: list[str]) -> str:
        them = self._met(d)
        for prefix in ("steal", "beguile", "lure", "woo", "enslave", "fortune"):
            choice = self.first(ids, prefix)
            if choice:
                return choice
        if them is not None:
            me = self.me
            margin = self.hunt_margin() if self.hunting() else 2
            if any(i.startswith("assassinate:") for i in ids) and me["strength"] >= them["strength"]:
                return next(i for i in ids if i.startswith("assassinate:"))
            attack = next((i for i in ids if i.startswith("attack:")), None)
            if attack and self.battle_strength() >= them["strength"] + margin:
                return attack
            psychic = next((i for i in ids if i.startswith("psychic:")), None)
            if psychic and me["craft"] >= them["craft"] + margin:
                return psychic
            for prefix in ("imprison", "curse"):
                if prefix in ids:
                    return prefix
        recruit = self.first(ids, "bell-recruit")
        if recruit and not self.has("Talisman"):
            return recruit  # one more member known, toward the Brotherhood's Talisman
        broadside = self.first(ids, "broadside")
        if broadside and self.rng.random() < 0.5:
            return broadside  # ship against ship: neither side can see the other's damage
        return "leave" if "leave" in ids else ids[0]

    def _met(self, d: Decision) -> Sheet | None:
        players: Sequence[Sheet] = self.view["players"]  # (a lazy view's sheets: no list)
        for p in players:
            if p["name"] in d.prompt and p["seat"] != self.seat:
                return p
        return None

    def on_crown_challenge(self, d: Decision, ids: list[str]) -> str:
        psychic = [i for i in ids if i.startswith("psychic:")]
        if psychic and self.me["craft"] > self.me["strength"]:
            return psychic[0]
        return ids[0]

    def on_spoils(self, d: Decision, ids: list[str]) -> str:
        """A life when lives win the game (on the Crown, hunting); else the best
        Object or Follower the bot does not have yet."""
        if "life" in ids and (self.rules.space(self.here()).kind == "crown" or self.hunting()):
            return "life"
        best, value = "life", 3
        for i in ids:
            if i.startswith(("object:", "follower:")):
                name = self.card(int(i.split(":")[1])).name
                v = 0 if self.has(name) else ITEM_VALUE.get(name, 2)
                if v > value:
                    best, value = i, v
        return best

    def _best_card(self, ids: list[str], default: int = 2) -> str | None:
        """The option naming the most valuable card (``prefix:<card>``), if any."""
        cards = [i for i in ids if i.rsplit(":", 1)[-1].isdigit()]
        if not cards:
            return None
        return max(cards, key=lambda i: (ITEM_VALUE.get(self.card(int(i.rsplit(":", 1)[1])).name, default), i))

    def _worst_card(self, ids: list[str], default: int = 2) -> str | None:
        cards = [i for i in ids if i.rsplit(":", 1)[-1].isdigit()]
        if not cards:
            return None
        return min(cards, key=lambda i: (ITEM_VALUE.get(self.card(int(i.rsplit(":", 1)[1])).name, default), i))

    def on_beguile(self, d: Decision, ids: list[str]) -> str | None:
        return self._best_card(ids) or self.first(ids, "take")

    def on_acquisition(self, d: Decision, ids: list[str]) -> str | None:
        return self.on_beguile(d, ids)

    def on_mesmerism(self, d: Decision, ids: list[str]) -> str | None:
        return self._best_card(ids)

    def on_enslave(self, d: Decision, ids: list[str]) -> str | None:
        return self.on_mesmerism(d, ids)

    def on_command(self, d: Decision, ids: list[str]) -> str:
        def lives_of(i: str) -> int:
            return int(self.view["players"][int(i.split(":")[1])]["lives"])

        return min(ids, key=lives_of)

    def on_command_victim(self, d: Decision, ids: list[str]) -> str:
        return "life"

    def on_panic(self, d: Decision, ids: list[str]) -> str:
        """Drive a panicked character to the poorer of the two spaces."""
        return min(ids, key=lambda i: (SPACE_VALUE.get(self.rules.space(i.split(":")[1]).kind, 0), i))

    def on_rout(self, d: Decision, ids: list[str]) -> str:
        routs = [i for i in ids if i.startswith("rout:")]
        return routs[0] if routs else "spare"

    # --- cards and places ---------------------------------------------------------------

    def on_take(self, d: Decision, ids: list[str]) -> str:
        takes = [i for i in ids if i.startswith(("take:", "hire:"))]
        if takes:
            return max(takes, key=lambda i: ITEM_VALUE.get(self.card(int(i.split(":")[1])).name, 3))
        for i in ids:
            if i.startswith("swap-take:"):
                _, old, new = i.split(":")
                if ITEM_VALUE.get(self.card(int(new)).name, 3) > ITEM_VALUE.get(self.card(int(old)).name, 3) + 1:
                    return i
        return "done"

    def on_make_room(self, d: Decision, ids: list[str]) -> str:
        """Drop the least valuable Object when the new one (named in the prompt) is worth more."""
        new = next((n for n in ITEM_VALUE if n in d.prompt), "")
        drops = [i for i in ids if i.startswith("drop:")]
        if drops and new:
            worst = min(drops, key=lambda i: ITEM_VALUE.get(self.card(int(i.split(":")[1])).name, 1))
            if ITEM_VALUE[new] > ITEM_VALUE.get(self.card(int(worst.split(":")[1])).name, 1) + 1:
                return worst
        return "leave"

    def on_shop(self, d: Decision, ids: list[str]) -> str:
        wanted = ["Armour", "Sword", "Shield", "Helmet", "Axe", "Water Bottle"]
        owned = {c["name"] for c in self.me["objects"]}
        for name in wanted:
            if name in owned or (name in ("Sword", "Axe") and (owned & {"Sword", "Axe", "Holy Lance", "Runesword"})):
                continue
            for prefix in ("free", "buy"):
                if f"{prefix}:{name}" in ids:
                    return f"{prefix}:{name}"
        return "done"

    def on_sell(self, d: Decision, ids: list[str]) -> str:
        return "done"

    def on_haggle(self, d: Decision, ids: list[str]) -> str:
        return "haggle"  # a free roll for lower prices

    def on_card_ability(self, d: Decision, ids: list[str]) -> str | None:
        if "train" in ids:
            return "train"  # the card joins as a Follower
        if "law-bribe" in ids:
            return "law-bribe"
        if "trade" in ids and any(ITEM_VALUE.get(c["name"], 2) <= 2 for c in self.me["objects"] + self.me["packed"]):
            return "trade"  # a poor Object for a Purchase card
        return "usual" if "usual" in ids else None

    def on_trade(self, d: Decision, ids: list[str]) -> str | None:
        gives = [i for i in ids if i.startswith("give:")]
        if gives:
            return self._worst_card(gives)
        owned = {c["name"] for c in self.me["objects"] + self.me["packed"]}
        wares = [i for i in ids if i.startswith("take:") and i[5:] not in owned]
        return max(wares or ids, key=lambda i: (ITEM_VALUE.get(i.split(":", 1)[1], 0), i))

    def on_heal(self, d: Decision, ids: list[str]) -> str:
        return ids[0]

    def on_buy_fate(self, d: Decision, ids: list[str]) -> str:
        return "fate:1" if "fate:1" in ids and self.me["gold"] >= 3 else ids[-1]

    def on_choose(self, d: Decision, ids: list[str]) -> str | None:
        me = self.me
        wounded = me["lives"] < 4
        prefs: list[str] = []
        if wounded:
            prefs += ["healer", "doctor", "heal"]
        if me["gold"] >= 2:
            prefs.append("blacksmith")
        prefs += [
            "pray" if me["lives"] >= 3 else "heal",
            "restore-fate",
            "pay",
            "buy-spell",
            "mystic",
            "refuse",
            "enchantress",
        ]
        # the Dungeon's rooms and cards: bribe the guard unless strong, eat when hurt, lose the
        # lesser attribute to the torturer, a Talisman or a weapon from a hoard
        if "bribe" in ids and self.battle_strength() < 9:
            prefs.insert(0, "bribe")
        if not self.has("Talisman"):
            prefs.insert(0, "talisman")
        if me["lives"] <= 3:
            prefs.append("eat")
        losses = [o.id for o in d.options if o.label.startswith("Lose 1")]
        if losses:
            prefs.append("craft" if me["strength"] >= me["craft"] else "strength")
        if not any(c["name"] in WEAPONS for c in me["objects"]):
            prefs += ["sword", "axe"]
        prefs += ["gold", "draw-3" if self.dungeon_ready() else "draw-1"]
        if self.region(self.here()) in DUNGEONS and self.leaving_dungeon() and "Passageway" in d.prompt:
            prefs.append("take")  # a Passageway leads out of the Dungeon
        if self.in_city():
            prefs = [p for p in prefs if p not in CITY_CRIMES] + (
                ["potion"] if me["lives"] >= 3 and me["gold"] >= 3 else []
            )
            if me["alignment"] == "neutral":
                prefs.append("address")
        if self.region(self.here()) == "outer" and self.kept_out():
            prefs.append("step-through")  # a Magic Portal: half its ways lead past the Sentinel
        if "warp-gate" in ids and timescape.wants_in(self):
            return "warp-gate"  # the City's Enchantress opens the way to the Timescape
        for p in prefs:
            if p in ids:
                return p
        places = [i for i in ids if i in self.rules.space_index]
        if places:  # a gate to a place of the bot's choice
            return max(places, key=lambda i: (self._score_space(i, self.target()), i))
        return "nothing" if "nothing" in ids else None

    def _airship_turn(self) -> str:
        """Aboard an Airship: fly, but step down to walk where no ship goes (through the Portal of Power,
        into the Inner Region, down a Dungeon), once in the Middle Region or near the place."""
        target = self.target()
        walk = target == "portal-of-power" or (target != "" and self.region(target) not in SKY)
        if walk and (self.region(self.here()) == "middle" or self._d(self.here(), target) <= 2):
            return "disembark"
        if target in ("", self.here()) and self.rng.random() < 0.25:
            return "disembark"  # with nowhere to go, a ship only shuttles between the best spaces near it
        return "fly"

    def on_airship_claim(self, d: Decision, ids: list[str]) -> str:
        return "claim"

    def on_airship_crew(self, d: Decision, ids: list[str]) -> str:
        """Too many for the ship: leave behind the Follower that adds least."""
        return min(ids, key=lambda i: (sum(self.card(int(i.split(":")[1])).bonus.values()), i))

    def on_catacombs_descend(self, d: Decision, ids: list[str]) -> str:
        """The Catacombs: below only when strong and healthy (their Enemies reach Strength 6 and Craft 8, and
        the way out lands anywhere), and not with a Talisman, when the Crown is the way."""
        go = self.dungeon_ready() and not self.has("Talisman")
        return "go-down" if go and "go-down" in ids else "nothing"

    def on_catacombs_exit(self, d: Decision, ids: list[str]) -> str:
        return "climb-out"

    # --- 000's Talisman City -----------------------------------------------------------

    def on_voyage(self, d: Decision, ids: list[str]) -> str:
        return max(ids, key=lambda i: (self._score_space(i.split(":")[1], ""), i))

    def on_barge(self, d: Decision, ids: list[str]) -> str:
        if "sail" in ids:  # the Six Fates Inn's riverman
            return "sail" if self.city_done() else "stay"
        return "ride" if self.me["gold"] >= CITY_PURSE and self.target() == "" else "stay"

    def on_bank(self, d: Decision, ids: list[str]) -> str:
        if "repay" in ids:
            return "repay"
        return "loan" if "loan" in ids and self.me["gold"] == 0 else "leave"

    def on_warrant(self, d: Decision, ids: list[str]) -> str:
        if "hand-over" in ids:
            return "hand-over"
        lays = [i for i in ids if i.startswith("warrant:")]
        if not lays or self.me["gold"] < CITY_PURSE + 1:
            return "none" if "none" in ids else ids[0]
        players = self.view["players"]
        return max(
            lays, key=lambda i: (players[int(i.split(":")[1])]["strength"] + players[int(i.split(":")[1])]["craft"], i)
        )

    def on_donjon(self, d: Decision, ids: list[str]) -> str:
        return "bribe" if "bribe" in ids else "judged"

    def on_guard_bribe(self, d: Decision, ids: list[str]) -> str:
        if "bribe" in ids:
            return "bribe"
        worst = self._worst_card([i for i in ids if i.startswith("bribe:")])
        if worst and ITEM_VALUE.get(self.card(int(worst.rsplit(":", 1)[1])).name, 2) <= 4:
            return worst
        if "fight-psychic" in ids and self.me["craft"] > self.battle_strength():
            return "fight-psychic"
        return "fight"

    def on_guard_reopen(self, d: Decision, ids: list[str]) -> str:
        return "leave"

    def on_guard_hiding(self, d: Decision, ids: list[str]) -> str:
        return "take"

    def on_bell_invite(self, d: Decision, ids: list[str]) -> str:
        return "refuse" if self.has("Talisman") or self.me["status"].get("warrant") else "join"

    def on_bell_donjon(self, d: Decision, ids: list[str]) -> str:
        # D10 + Craft of 10 or more is never less likely than the escape's 1 on a die; the judge may hang
        return "convince" if self.me["craft"] >= 1 else "escape"

    def on_wish(self, d: Decision, ids: list[str]) -> str:
        if self.me["lives"] <= 2:
            return "wish:life"
        if self.crown_ending() == "demon-lord" and self.me["craft"] < DEMON_LORD_CRAFT:
            return "wish:craft"
        return "wish:strength" if self.me["strength"] >= self.me["craft"] else "wish:craft"

    def on_warlock(self, d: Decision, ids: list[str]) -> str:
        return "quest" if not self.has("Talisman") else "decline"

    def on_teleport(self, d: Decision, ids: list[str]) -> str:
        target = self.target()
        return max(ids, key=lambda i: self._score_space(i.split(":")[1], target))

    def on_optional_roll(self, d: Decision, ids: list[str]) -> str:
        return "skip"

    def on_pick_roll(self, d: Decision, ids: list[str]) -> str:
        """Two dice, one kept: for a move, the one with the better destination; else the higher."""
        keeps = [i for i in ids if i.startswith("keep:")]
        if "move" in d.prompt and keeps:
            return max(keeps, key=lambda i: (self._roll_value(int(i.split(":")[1])), i))
        return max(keeps or ids, key=lambda i: (_numbers(i) or [0])[-1])

    def _roll_value(self, n: int) -> float:
        """The best space a move of ``n`` round the bot's ring reaches (a rough look: no bridge, no passage)."""
        target = self.target()
        start = self.rules.space_index[self.here()]
        best = -99.0
        for step in (self.rules.cw, self.rules.ccw):
            pos = start
            for _ in range(n):
                nxt = step[pos]
                if nxt < 0:
                    break
                pos = nxt
            if pos != start:
                best = max(best, self._score_space(self.rules.spaces[pos].id, target))
        return best

    def on_weighted(self, d: Decision, ids: list[str]) -> str:
        """The Weighted Dice: the highest attack roll; for a move, the best destination."""
        if "move" in d.prompt:
            return max(ids, key=lambda i: (self._roll_value(int(i.split(":")[1])), i))
        return max(ids, key=lambda i: int(i.split(":")[1]))

    def on_twist(self, d: Decision, ids: list[str]) -> str:
        return max(ids, key=lambda i: int(i.split(":")[1]))

    def on_vampire(self, d: Decision, ids: list[str]) -> str:
        if self.me["lives"] >= 4:
            return "life"
        followers = [i for i in ids if i.startswith("follower:")]
        return followers[0] if followers else "life"

    def on_counterspell(self, d: Decision, ids: list[str]) -> str:
        return "allow"

    def on_others_turn(self, d: Decision, ids: list[str]) -> str:
        for i in ids:
            if (
                i.startswith("cast:")
                and self._spell_name(i) == "Healing"
                and i.endswith(f":{self.seat}")
                and self.me["lives"] <= 2
            ):
                return i
        return "pass"

    def on_prevent_life_loss(self, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i.startswith("cast:")), "accept")

    def on_lost_turn(self, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i.startswith("cast:")), "miss")

    def on_redraw(self, d: Decision, ids: list[str]) -> str:
        for i in ids:
            if i.startswith("redraw:"):
                c = self.card(int(i.split(":")[1]))
                if c.type == "enemy" and max(c.strength, c.craft) > self.power:
                    return i
        return "keep"

    def on_end_turn(self, d: Decision, ids: list[str]) -> str:
        return "woods-spells" if "woods-spells" in ids else "end"

    def on_raise_dead(self, d: Decision, ids: list[str]) -> str:
        return "raise"

    def on_spirit_spell(self, d: Decision, ids: list[str]) -> str:
        return "spell"

    def on_discard_spell(self, d: Decision, ids: list[str]) -> str:
        return ids[-1]

    def on_start_scroll(self, d: Decision, ids: list[str]) -> str:
        return "keep"

    def on_claim_scroll(self, d: Decision, ids: list[str]) -> str:
        return "claim"

    def on_drop(self, d: Decision, ids: list[str]) -> str:
        return min(ids, key=lambda i: ITEM_VALUE.get(self.card(int(i.split(":")[1])).name, 1))

    def on_tithe(self, d: Decision, ids: list[str]) -> str:
        return "tithe:gold" if "tithe:gold" in ids else self._worst_card(ids) or ids[0]

    def on_realm(self, d: Decision, ids: list[str]) -> str:
        """Lay a Realm where the bot passes: the nearest free space."""
        return min(ids, key=lambda i: (self._d(self.here(), i.split(":")[1]), i))

    def on_destruction(self, d: Decision, ids: list[str]) -> str:
        """Destroy the strongest face-up Enemy nearest the bot."""

        def threat(i: str) -> tuple[int, int]:
            c = self.card(int(i.split(":")[1]))
            return (max(c.strength, c.craft) if c.type == "enemy" else -1, -len(i))

        return max(ids, key=threat)

    def on_hex(self, d: Decision, ids: list[str]) -> str:
        """Lay a Hex in the way of the rival nearest the Crown."""
        rivals = self.rivals()
        if not rivals:
            return ids[0]
        lead = min(rivals, key=lambda p: (self._d(p["space"], "crown-of-command"), p["seat"]))
        return min(ids, key=lambda i: (self._d(lead["space"], i.split(":")[1]), i))

    def on_storm(self, d: Decision, ids: list[str]) -> str:
        """Sweep the Enemies nearest the bot from the board."""
        return min(ids, key=lambda i: (self._d(self.here(), i.split(":")[1]), i))

    def on_lose_follower(self, d: Decision, ids: list[str]) -> str:
        return self._worst_card(ids) or ids[-1]

    # --- the Alternative Endings --------------------------------------------------------

    def on_demon_lord(self, d: Decision, ids: list[str]) -> str:
        """Fight a round while healthy and crafty enough; flee to come back later."""
        me = self.me
        return "fight" if me["lives"] >= 2 and self.crafty_enough() else "flee"

    def on_dragon_king(self, d: Decision, ids: list[str]) -> str:
        return "fight"  # being eaten is certain death; a fight is not

    def on_arena(self, d: Decision, ids: list[str]) -> str:
        """The first bout: the opponent and the attribute the bot is best at against it."""
        players = self.view["players"]

        def edge(i: str) -> tuple[int, str]:
            _, other, mode = i.split(":")
            return (self.me[mode] - players[int(other)][mode], i)

        return max(ids, key=edge)

    def on_perils(self, d: Decision, ids: list[str]) -> str:
        """Set the strongest rival against the next strongest; fight the last one only when ahead."""
        players = self.view["players"]
        sends = [i for i in ids if i.startswith("perils:")]
        if sends:

            def threat(i: str) -> tuple[int, str]:
                _, x, y, _mode = i.split(":")
                return (self._threat(players[int(x)]) + self._threat(players[int(y)]), i)

            return max(sends, key=threat)
        for i in ids:
            if i.startswith("finish:"):
                _, x, mode = i.split(":")
                if self.me[mode] >= players[int(x)][mode] + 1 and self.me["lives"] >= players[int(x)]["lives"]:
                    return i
        return "pass"

    def _threat(self, p: Sheet) -> int:
        return int(max(p["strength"], p["craft"]) * 2 + p["lives"])

    def on_finders_keepers(self, d: Decision, ids: list[str]) -> str:
        claims = [i for i in ids if i.startswith("claim:")]
        best = self._best_card(claims, default=1) if claims else None
        if best and ITEM_VALUE.get(self.card(int(best.split(":")[1])).name, 1) >= 2:
            return best
        return "done"

    # --- the Master Levels ----------------------------------------------------------------

    def on_master_level(self, d: Decision, ids: list[str]) -> str:
        """Titles are taken; the Sheriff sought when Strength may reach it; the Beggar
        given a gold when it can be spared; the Mirror and the High Mage's price declined."""
        for i in GOOD_TITLES:
            if i in ids and (i != "seek" or self.me["strength"] >= 6):
                return i
        if "give" in ids and self.me["gold"] >= 3:
            return "give"
        for i in ("decline", "leave", "refuse"):
            if i in ids:
                return i
        return ids[0]

    def _worth(self, p: Sheet) -> int:
        """How far along a character is (to choose between a seat's two bodies)."""
        talisman = any(c["name"] == "Talisman" for c in p["objects"] + p["packed"])
        return int(max(p["strength"], p["craft"]) * 2 + p["lives"] * 2 + 10 * talisman + len(p["objects"]))

    def on_actor(self, d: Decision, ids: list[str]) -> str:
        players = self.view["players"]
        return max(ids, key=lambda i: (self._worth(players[int(i.split(":")[1])]), i))

    def on_mirror(self, d: Decision, ids: list[str]) -> str:
        players = self.view["players"]
        image = next(
            (p for p in players if p["controller"] == self.me["controller"] and p["seat"] != self.seat and p["alive"]),
            None,
        )
        if image is not None and self._worth(image) > self._worth(self.me):
            return "keep:image"
        return "keep:original"

    # --- the Wizard's Tower ---------------------------------------------------------------

    def on_dragon_prince(self, d: Decision, ids: list[str]) -> str:
        return "strength" if self.battle_strength() >= self.me["craft"] else "craft"

    # --- the Dungeons ----------------------------------------------------------------------

    def on_lord(self, d: Decision, ids: list[str]) -> str:
        """The Lord of Darkness: in the attribute the labels show higher (the chart rewards the margin)."""
        scores = {o.id: (_numbers(o.label) or [0])[0] for o in d.options}
        return max(ids, key=lambda i: (scores.get(i, 0), i == "battle"))

    def on_treasure(self, d: Decision, ids: list[str]) -> str:
        """The most valuable Treasure; never none (drawn at random: draw)."""
        hoard = [i for i in ids if i.startswith("treasure:")]
        if not hoard:
            return "draw" if "draw" in ids else ids[0]
        return max(hoard, key=lambda i: TREASURE_VALUE.get(self.card(int(i.split(":")[1])).name, 0))

    def on_fly(self, d: Decision, ids: list[str]) -> str:
        return self.on_teleport(d, ids)

    def on_trap_door(self, d: Decision, ids: list[str]) -> str:
        target = self.target() or self.here()
        return min(ids, key=lambda i: (self._d(i.split(":")[1], target), i))

    def on_rune_gate(self, d: Decision, ids: list[str]) -> str:
        """Step through to a space nearer the bot's aim, or out of a Dungeon it is leaving."""
        target = self.target()
        if not target:
            return "nothing"
        ways = [i for i in ids if i.startswith("to:")]
        best = min(ways, key=lambda i: (self._d(i.split(":")[1], target), i)) if ways else None
        if best and self._d(best.split(":")[1], target) + 3 < self._d(self.here(), target):
            return best
        return "nothing"

    def on_oracle(self, d: Decision, ids: list[str]) -> str:
        """The Oracle's cards back on the deck: the best for the bot on top."""

        def worth(i: str) -> float:
            c = self.card(int(i.split(":")[1]))
            return self._card_on_space({"type": c.type, "name": c.name, "strength": c.strength, "craft": c.craft}) + (
                1 if c.type in ("follower", "stranger") else 0
            )

        return max(ids, key=lambda i: (worth(i), i))

    def on_snake_pit(self, d: Decision, ids: list[str]) -> str | None:
        followers = [i for i in ids if i.startswith("follower:")]
        return self._worst_card(followers) if followers else "life"

    def on_cell(self, d: Decision, ids: list[str]) -> str | None:
        return self._worst_card(ids)

    def on_crypt(self, d: Decision, ids: list[str]) -> str | None:
        takes = [i for i in ids if i.startswith("take:")]
        return self._best_card(takes) if takes else "nothing"

    def on_pass_on(self, d: Decision, ids: list[str]) -> str:
        return "pass"  # the Spirit of Vengeance is a burden

    def on_save_follower(self, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i.startswith("cast:")), "accept")

    def on_cell_free(self, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i.startswith("free:")), "nothing")

    def on_keeper(self, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i.startswith("buy:")), "done")

    def on_upkeep(self, d: Decision, ids: list[str]) -> str:
        return "pay" if self.me["gold"] >= 2 else "dismiss"

    def on_discard_drawn(self, d: Decision, ids: list[str]) -> str:
        def threat(i: str) -> int:
            c = self.card(int(i.split(":")[1]))
            return max(c.strength, c.craft) if c.type == "enemy" else -1

        return max(ids, key=threat)
