"""A rule-aware bot: grows stronger in the outer lands, earns a Talisman from
the Warlock, then crosses to the Crown of Command when it is strong enough.

It reads only its seat's view and the static content (the board and the
cards are public); option ids carry what it needs (``move:temple``,
``take:37``). Every decision kind has a small rule; unknown kinds fall back
to the first main option.
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from typing import Any

from talisman.content.ruleset import Ruleset, ruleset_for
from talisman.engine.decision import Decision

ITEM_VALUE = {
    "Armour": 6, "Shield": 4, "Helmet": 3, "Sword": 4, "Axe": 4, "Holy Lance": 6, "Runesword": 6, "Talisman": 10,
    "Magic Belt": 5, "Ring": 6, "Solomon's Crown": 5, "Holy Grail": 5, "Wand": 4, "Orb of Knowledge": 3,
    "Potion of Strength": 2, "Cross": 3, "Water Bottle": 2, "Amulet": 1, "Mule": 2,
}
WEAPONS = ("Sword", "Axe", "Holy Lance", "Runesword")
SPACE_VALUE = {
    "fields": 2, "plains": 2, "woods": 2, "hills": 2, "sentinel": 2, "ruins": 3, "hidden-valley": 3, "oasis": 3,
    "runes": 1, "cursed-glade": 0, "desert": -2, "village": 2, "city": 2, "chapel": 1, "graveyard": 1, "tavern": 1,
    "forest": 1, "crags": 0, "black-knight": -1, "chasm": -1, "temple": 2, "castle": 1, "warlocks-cave": 1, "portal": 1,
    # the Dungeons (modules dungeon-4e and dungeon-classic)
    "dungeon-entrance": 2, "tunnel": 2, "corridor": 2, "passage": 2, "cavern": 3, "chamber": 3, "vault": 3,
    "library": 2, "kitchen": 1, "cell": 0, "guard-room": 0, "torture-chamber": -1, "hall-of-darkness": -1,
    "chamber-of-darkness": 0, "monster-pit": 1, "summoning-circle": 1, "treasure-chamber": 0,
}
TREASURE_VALUE = {"Darkblade": 9, "Aegis": 8, "Talisman": 8, "Book of Lore": 7, "Elixir of Life": 7, "Totem Staff": 6,
                  "Bag of Holding": 5, "Clockwork Owl": 5, "Cloak of Feathers": 4, "Orb of Prophesy": 4}
LORD_READY = 11  # Strength or Craft to face the Lord of Darkness (12 and a die) with fair hope


@lru_cache(maxsize=8)
def _distances(modules: tuple[str, ...]) -> tuple[Ruleset, dict[int, dict[int, int]]]:
    """Shortest walking distance between all spaces (rings, bridge, portal, gate)."""
    rules = ruleset_for(modules)
    graph: dict[int, set[int]] = {s.index: {rules.cw[s.index], rules.ccw[s.index]} - {-1} for s in rules.spaces}
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
    return rules, dist


class HeuristicBot:
    name = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    # --- reading the view ------------------------------------------------------

    def _setup(self, view: dict[str, Any], decision: Decision) -> None:
        self.view = view
        self.rules, self.dist = _distances(tuple(view["modules"]))
        self.me = view["players"][decision.player]
        self.seat = decision.player

    def card(self, cid: int):
        return self.rules.instances[cid]

    def has(self, name: str) -> bool:
        return any(c["name"] == name for c in self.me["objects"] + self.me["packed"] + self.me["followers"])

    @property
    def power(self) -> int:
        return max(self.me["strength"], self.me["craft"])

    @property
    def late(self) -> bool:
        """A long game: time to take risks rather than wander for ever."""
        return self.view["turn"] > 250

    def battle_strength(self) -> int:
        """Strength in a battle: a weapon adds 1."""
        return self.me["strength"] + any(c["name"] in WEAPONS for c in self.me["objects"])

    def ready_for_inner(self) -> bool:
        me = self.me
        strong = me["strength"] >= 8 or (self.late and me["strength"] >= 6)
        return self.has("Talisman") and strong and me["lives"] >= 3

    def dares_the_bridge(self) -> bool:
        """Crossing inward means beating the Sentinel (Strength 9) first."""
        s, lives = self.battle_strength(), self.me["lives"]
        return (s >= 10 and lives >= 3) or (s >= 9 and lives >= 4) or (self.late and s >= 7 and lives >= 3)

    def lord_ready(self) -> bool:
        """Strong and healthy enough for a Dungeon's Treasure Chamber (if the game has one)?"""
        return self.power >= LORD_READY and self.me["lives"] >= 3 and "treasure-chamber" in self.rules.space_index

    def target(self) -> str:
        """Where the bot is heading: the Portal, a Dungeon's Treasure Chamber, the Warlock, or nowhere in particular."""
        me = self.me
        if self.ready_for_inner():
            return "portal-of-power"
        if self.lord_ready() and self._d(me["space"], "treasure-chamber") < 99:
            return "treasure-chamber"
        quest = me["status"].get("quest")
        if not self.has("Talisman") and (me["strength"] + me["craft"] >= 10 or quest) and not quest:
            return "warlocks-cave"
        return ""

    # --- choosing ---------------------------------------------------------------

    def choose(self, view: dict[str, Any], decision: Decision) -> str:
        self._setup(view, decision)
        ids = decision.ids
        method = getattr(self, "on_" + decision.kind.replace("-", "_"), None)
        choice = method(decision, ids) if method else None
        if choice in ids:
            return choice
        main = [o.id for o in decision.options if o.group == "main"]
        return (main or ids)[0]

    def first(self, ids: list[str], *prefixes: str) -> str | None:
        for prefix in prefixes:
            for i in ids:
                if i == prefix or i.startswith(prefix + ":"):
                    return i
        return None

    def on_turn(self, d: Decision, ids: list[str]) -> str | None:
        me = self.me
        choice = self.first(ids, "trophies", "quest", "dispel")
        if choice:
            return choice
        if me["lives"] <= 2:
            for i in ids:
                if i.startswith("cast:") and self._spell_name(i) == "Healing" and i.endswith(f":{self.seat}"):
                    return i
        here = self.rules.space(me["space"])
        region = self.rules.regions[here.region]
        if region.movement == "step":
            return self._step(ids)
        target = self.target()
        rafts = [i for i in ids if i.startswith("raft:")]
        if target and rafts:
            best = min(rafts, key=lambda i: self._d(i.split(":")[1], target))
            if self._d(best.split(":")[1], target) < self._d(me["space"], target):
                return best
        if "next-move" in ids and target == "":
            return "next-move"
        if "enter-dungeon" in ids and self.lord_ready():
            return "enter-dungeon"                    # 000's Dungeon: down through the Doorway
        return "roll" if "roll" in ids else None

    def _d(self, a: str, b: str) -> int:
        ia, ib = self.rules.space_index[a], self.rules.space_index[b]
        return self.dist[ia].get(ib, 99)

    def _spell_name(self, option_id: str) -> str:
        return self.card(int(option_id.split(":")[1])).name

    def _step(self, ids: list[str]) -> str | None:
        me = self.me
        forward = [i for i in ids if i.startswith("move:")]
        back = [i for i in ids if i.startswith("retreat:")]
        if "stay" in ids and self.rules.space(me["space"]).kind == "crown":
            return "stay"
        if me["lives"] <= 1 and back:
            return back[0]
        if "stay" in ids:
            return "stay"
        if forward:
            crown = [i for i in forward if "crown" in i]
            return crown[0] if crown else self.rng.choice(forward)
        return back[0] if back else None

    def on_move(self, d: Decision, ids: list[str]) -> str | None:
        if "regenerate" in ids and self.me["lives"] < 4:
            return "regenerate"
        target = self.target()
        if "portal" in ids and target == "portal-of-power":
            return "portal"
        moves = [i for i in ids if i.startswith("move:")]
        if not moves:
            return None
        here = self.rules.space(self.me["space"]).region

        def score(i: str) -> float:
            sid = i.split(":")[1]
            value = self._score_space(sid, target) + self.rng.random() * 0.1
            if here == "outer" and self.rules.space(sid).region == "middle":
                # crossing the bridge inward means beating the Sentinel (Strength 9)
                value -= 0 if self.dares_the_bridge() else 12
            return value

        return max(moves, key=score)

    def _score_space(self, sid: str, target: str) -> float:
        me = self.me
        sdef = self.rules.space(sid)
        score = float(SPACE_VALUE.get(sdef.kind, 0))
        wounded = me["lives"] <= 2
        if sdef.kind == "desert" and not (self.has("Water Bottle") or self.has("Holy Grail")):
            score -= 3
        if sdef.kind == "chapel":
            score += {"good": 3 if wounded else 1, "neutral": 2 if wounded and me["gold"] else 0, "evil": -4}[me["alignment"]]
        if sdef.kind == "graveyard":
            score += {"good": -4, "neutral": 0, "evil": 1}[me["alignment"]]
        if sdef.kind in ("village", "city", "castle") and wounded and me["gold"]:
            score += 3
        if sdef.kind == "temple":
            score += 1 if me["lives"] >= 4 else -2
        cards = self.view["board"].get(sid, [])
        for c in cards:
            if c["type"] == "enemy":
                mine = me["craft"] if c.get("craft") else me["strength"]
                score += 2 if mine >= c.get("strength", c.get("craft", 0)) + 2 else -4
            elif c["type"] in ("object", "magic-object"):
                score += 2
        gold = self.view["gold_on"].get(sid, 0)
        score += gold
        if target:
            score -= 1.5 * self._d(sid, target)
        if sid == "sentinel" or sdef.kind == "black-knight" and me["gold"] == 0:
            score -= 1
        return score

    def on_portal(self, d: Decision, ids: list[str]) -> str:
        return "strength" if self.me["strength"] >= self.me["craft"] else "craft"

    def on_fate(self, d: Decision, ids: list[str]) -> str:
        text = d.prompt
        try:
            value = int(text.split("rolled ")[1].split(" ")[0].rstrip("."))
        except (IndexError, ValueError):
            return "keep"
        if "movement" in text or "(" in text and "battle" not in text:
            return "keep"
        return "reroll" if value <= 2 else "keep"

    def on_combat(self, d: Decision, ids: list[str]) -> str | None:
        for safe in ("exorcise", "let-be"):
            if safe in ids:
                return safe
        try:
            foe = int(d.prompt.split(": ")[1].split(" ")[1].rstrip("."))
            mine = int(d.prompt.rsplit(" ", 1)[1].rstrip("."))
        except (IndexError, ValueError):
            foe, mine = 0, 0
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
        return "fight"

    def on_defend(self, d: Decision, ids: list[str]) -> str:
        if "evade" in ids:
            return "evade"
        for i in ids:
            if i.startswith("cast:") and self._spell_name(i) == "Invisibility":
                return i
        return "defend"

    def on_combat_magic(self, d: Decision, ids: list[str]) -> str:
        for i in ids:
            if i.startswith("cast:") and self._spell_name(i) == "Psionic Blast" and self.me["craft"] >= 4:
                return i
        return "ready"

    def on_meet(self, d: Decision, ids: list[str]) -> str:
        them = self._met(d)
        for prefix in ("steal", "beguile", "lure", "woo"):
            choice = self.first(ids, prefix)
            if choice:
                return choice
        if them is not None:
            me = self.me
            if any(i.startswith("assassinate:") for i in ids) and me["strength"] >= them["strength"]:
                return next(i for i in ids if i.startswith("assassinate:"))
            if me["strength"] >= them["strength"] + 2:
                return next(i for i in ids if i.startswith("attack:"))
            if me["craft"] >= them["craft"] + 2 and any(i.startswith("psychic:") for i in ids):
                return next(i for i in ids if i.startswith("psychic:"))
        return "leave"

    def _met(self, d: Decision) -> dict | None:
        for p in self.view["players"]:
            if p["name"] in d.prompt and p["seat"] != self.seat:
                return p
        return None

    def on_crown_challenge(self, d: Decision, ids: list[str]) -> str:
        psychic = [i for i in ids if i.startswith("psychic:")]
        if psychic and self.me["craft"] > self.me["strength"]:
            return psychic[0]
        return ids[0]

    def on_spoils(self, d: Decision, ids: list[str]) -> str:
        best, value = "life", 3
        for i in ids:
            if i.startswith(("object:", "follower:")):
                v = ITEM_VALUE.get(self.card(int(i.split(":")[1])).name, 2)
                if v > value:
                    best, value = i, v
        return best

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
        prefs += ["pray" if me["lives"] >= 3 else "heal", "restore-fate", "pay", "buy-spell", "mystic", "refuse", "enchantress"]
        for p in prefs:
            if p in ids:
                return p
        return "nothing" if "nothing" in ids else None

    def on_wish(self, d: Decision, ids: list[str]) -> str:
        if self.me["lives"] <= 2:
            return "wish:life"
        return "wish:strength" if self.me["strength"] >= self.me["craft"] else "wish:craft"

    def on_warlock(self, d: Decision, ids: list[str]) -> str:
        return "quest" if not self.has("Talisman") else "decline"

    def on_teleport(self, d: Decision, ids: list[str]) -> str:
        target = self.target()
        return max(ids, key=lambda i: self._score_space(i.split(":")[1], target))

    def on_optional_roll(self, d: Decision, ids: list[str]) -> str:
        return "skip"

    def on_vampire(self, d: Decision, ids: list[str]) -> str:
        if self.me["lives"] >= 4:
            return "life"
        followers = [i for i in ids if i.startswith("follower:")]
        return followers[0] if followers else "life"

    def on_command(self, d: Decision, ids: list[str]) -> str:
        def lives_of(i: str) -> int:
            return self.view["players"][int(i.split(":")[1])]["lives"]

        return min(ids, key=lives_of)

    def on_command_victim(self, d: Decision, ids: list[str]) -> str:
        return "life"

    def on_counterspell(self, d: Decision, ids: list[str]) -> str:
        return "allow"

    def on_others_turn(self, d: Decision, ids: list[str]) -> str:
        for i in ids:
            if i.startswith("cast:") and self._spell_name(i) == "Healing" and i.endswith(f":{self.seat}") and self.me["lives"] <= 2:
                return i
        return "pass"

    def on_prevent_life_loss(self, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i.startswith("cast:")), "accept")

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

    def on_drop(self, d: Decision, ids: list[str]) -> str:
        return min(ids, key=lambda i: ITEM_VALUE.get(self.card(int(i.split(":")[1])).name, 1))

    # --- the Dungeons ------------------------------------------------------------------

    def on_lord(self, d: Decision, ids: list[str]) -> str:
        return "battle" if self.me["strength"] >= self.me["craft"] else "psychic"

    def on_treasure(self, d: Decision, ids: list[str]) -> str:
        return max(ids, key=lambda i: TREASURE_VALUE.get(self.card(int(i.split(":")[1])).name, 0))

    def on_fly(self, d: Decision, ids: list[str]) -> str:
        return self.on_teleport(d, ids)

    def on_lost_fight(self, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i.startswith("cast:")), ids[0])

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

    def on_lose_follower(self, d: Decision, ids: list[str]) -> str:
        return ids[-1]
