"""What the Dungeon's Enemies, Followers, Objects and Treasures do beyond
their printed bonuses. Each rule reads a trait of the cards, registered at an
engine hook point (:mod:`talisman.engine.abilities`), so it is asleep in a
game without these cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import cards, effects, frames, lives, movement, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame, frame_of
from talisman.modules.core.character_rules import trait_args
from talisman.modules.dungeon_4e import rules
from talisman.modules.dungeon_4e.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

# The traits of the things a character may use on its turn menu (dungeon_turn_options).
TURN_ITEMS = (
    "weighted-dice", "cloak-teleport", "blood-stone", "diablerie", "lore-spell", "totem", "gold-seeker",
)  # fmt: skip
VASSAL_CRAFT = {"evil": 3, "neutral": 6, "good": 9}
AVENGER_BONUS = 3


def _holding(g: Game, seat: int, trait: str) -> list[int]:
    """The character's working Objects and its Followers that have this trait (not a suspended one)."""
    p = g.players[seat]
    if not stats.holds_any(_carriers(g, ("dungeon-4e-carriers", trait), (trait,)), p.objects, p.followers):
        return []  # (the common case: most characters hold no such card)
    found = [o for o, _, traits in stats.working_items(g, seat) if trait in traits]
    return found + [f for f in stats.followers_used(g, seat) if trait in g.rules.instances[f].traits]


def _carriers(g: Game, key: Any, traits: tuple[str, ...]) -> frozenset[int]:
    """The cards that have one of these traits, printed or for their proper owner: worked out once per ruleset
    and kept under ``key`` (a string for the turn menu's, which every turn asks: a key made of the traits
    was built and hashed afresh each time)."""
    found: frozenset[int] | None = g.rules.derived.get(key)
    if found is None:
        found = g.rules.derived[key] = frozenset(
            i for i, c in enumerate(g.rules.instances) if any(t in c.traits or t in c.owner_traits for t in traits)
        )
    return found


def _foe_traits(g: Game, fight: dict[str, Any]) -> set[str]:
    return {t for c in fight.get("foes", ()) for t in g.rules.instances[c].traits}


# --- Enemies --------------------------------------------------------------------------------


@MODULE.ability("foe_value")
def changing_foes(g: Game, seat: int, card: int, mode: str) -> int | None:
    """The Mimic (as strong as you), the Vassal of Darkness (by your alignment),
    the Goblin King (+1 for each other face-up Goblin anywhere)."""
    c = g.rules.instances[card]
    if "mirror-strength" in c.traits:
        return stats.strength(g, seat, battle=True)
    if "craft-by-alignment" in c.traits:
        return VASSAL_CRAFT[g.players[seat].alignment]
    for t in c.traits:
        if t.startswith("plus-per-faceup:"):
            kind = t.split(":", 1)[1]
            others = sum(
                1
                for held in g.board.values()
                for x in held
                if x != card and g.rules.instances[x].type == "enemy" and g.rules.instances[x].subtype == kind
            )
            printed: int = getattr(c, mode)
            return printed + others
    return None


@MODULE.ability("fight_result")
def hard_to_beat(g: Game, seat: int, fight: dict[str, Any], outcome: str, margin: int) -> str:
    """Vampire Bats (a win by less than 2 is a stand-off), the Living Statue (only
    a magic Weapon beats it), the Cave Troll (1-2 after a win: it regenerates),
    and the Aegis (a loss, 4-6: a stand-off)."""
    foes = _foe_traits(g, fight)
    if outcome == "win":
        need = max([int(t.split(":")[1]) for t in foes if t.startswith("win-by:")], default=0)
        if margin < need:
            g.say(f"The swarm is not beaten by {need} or more: a stand-off.", seat=seat)
            return "standoff"
        if "magic-weapon-only" in foes and not any(g.rules.instances[w].is_magic for w in stats.weapons_used(g, seat)):
            g.say("Without a magic Weapon the blows do not tell: a stand-off.", seat=seat)
            return "standoff"
        if "regenerates" in foes:
            value, _ = g.roll_dice("D6", seat)
            if value <= 2:
                g.say(f"The wounds close again (rolled {value}): a stand-off.", seat=seat)
                return "standoff"
            g.say(f"It does not regenerate (rolled {value}).", seat=seat)
    if outcome == "lose" and not fight.get("champion") and _holding(g, seat, "aegis"):
        value, _ = g.roll_dice("D6", seat)
        if value >= 4:
            g.say(f"The Aegis turns the blow (rolled {value}): a stand-off.", seat=seat)
            return "standoff"
        g.say(f"The Aegis fails (rolled {value}).", seat=seat)
    return outcome


@MODULE.ability("attack_faces")
def trick_dice(g: Game, seat: int, fight: dict[str, Any], faces: list[int]) -> list[int]:
    """The Weighted Dice (a chosen roll), the Goblin Sniper (a die above your
    Craft: no attack roll), the Goblin Trapsmith's net (an extra die, the lowest
    counts), the Soul Drinker (two dice, the better counts; doubles drink a soul)."""
    if fight.get("fixed_roll"):
        return [fight["fixed_roll"]]
    foes = _foe_traits(g, fight)
    if "sniper" in foes:
        shot, _ = g.roll_dice("D6", seat)
        if shot > stats.craft(g, seat):
            g.say(f"The sniper pins {g.name(seat)} down (rolled {shot}): no attack roll.", seat=seat)
            return [0]
        g.say(f"The sniper's shot goes wide (rolled {shot}).", seat=seat)
    if "net" in foes:
        extra = g.rng.die(g.die_size(seat))
        g.say(f"Caught in the net, {g.name(seat)} rolls {extra} as well and keeps the lowest.", seat=seat)
        faces = [min(faces + [extra])]
    drinkers = _holding(g, seat, "soul-drinker")
    if drinkers and fight.get("mode") == "strength" and not fight.get("champion"):
        faces = faces + [g.rng.die(g.die_size(seat))]
        g.say(f"The Soul Drinker gives {g.name(seat)} a second die: {faces}.", seat=seat)
        if len(set(faces)) < len(faces):
            g.push("soul_drink", p=seat, card=drinkers[0])
    return faces


@MODULE.handler("soul_drink", args=frames.CardOf)
def _soul_drink(g: Game, a: frames.CardOf) -> None:
    """Doubles: the Soul Drinker takes a Follower at random, then it is discarded."""
    seat, card = a["p"], a["card"]
    p = g.players[seat]
    if p.followers:
        possessions.lose_follower(g, seat, p.followers[g.rng.below(len(p.followers))], "has its soul drunk")
    if card in p.objects:
        cards.release(g, seat, card)
        cards.discard(g, card)
        g.say(f"The {g.card_name(card)} is spent.", seat=seat)


@MODULE.ability("battle_bonus")
def dungeon_fighters(g: Game, seat: int, fight: dict[str, Any]) -> int:
    """The Tunnel Fighter and the Oaths of Vengeance in the Dungeon; the Holy
    Avenger against an evil character (choice: whoever attacked)."""
    bonus = rules.battle_bonus_in_dungeon(g, seat, fight["mode"])
    vs = fight.get("vs")
    if vs is not None and g.players[vs].alignment == "evil" and _holding(g, seat, "avenger"):
        bonus += AVENGER_BONUS
    return bonus


# --- before a fight with creatures ---------------------------------------------------------


@MODULE.ability("combat")
def dungeon_fight_options(g: Game, seat: int, fight: dict[str, Any], back: list[Any]) -> list[Choice]:
    """The Scroll of Exile banishes an Enemy card; the Weighted Dice choose your attack roll
    (the Faithful Hound's ``stand-in:3`` is the core game's)."""
    opts: list[Choice] = []
    for scroll in _holding(g, seat, "exile"):
        for c in fight["foes"]:
            opts.append(
                Choice(
                    f"exile:{c}",
                    f"Read the {g.card_name(scroll)}: banish the {g.card_name(c)}",
                    [frame("exile", p=seat, scroll=scroll, card=c, fight=fight)],
                )
            )
    for dice in _holding(g, seat, "weighted-dice")[:1]:
        opts.append(
            Choice(
                "weighted",
                f"Use the {g.card_name(dice)}: choose your attack roll",
                [frame("weighted_attack", p=seat, card=dice, fight=fight)],
            )
        )
    return opts


class Exile(frames.CardInFight):
    """Character ``p`` reads the ``scroll`` to exile the foe ``card`` of its ``fight``."""

    scroll: int


@MODULE.handler("exile", args=Exile)
def _exile(g: Game, a: Exile) -> None:
    seat, card, fight = a["p"], a["card"], a["fight"]
    space = g.players[seat].space
    _use_up(g, seat, a["scroll"])
    if card in g.cards_on(space):
        cards.lift(g, card, space)
        cards.discard(g, card)
        g.say(f"The {g.card_name(card)} is banished.", seat=seat)
    rest = [c for c in fight["foes"] if c != card and c in g.cards_on(space)]
    if rest:
        g.push("combat", **{**fight, "foes": rest, "announced": False})


@MODULE.handler("weighted_attack", args=frames.CardInFight)
def _weighted_attack(g: Game, a: frames.CardInFight) -> None:
    """Character ``p`` rolls the weighted dice ``card`` in its ``fight``."""
    seat, fight = a["p"], a["fight"]
    g.decide(
        seat,
        "weighted",
        "The Weighted Dice: which attack roll?",
        [
            Choice(
                f"roll:{k}",
                f"Roll {k}",
                [frame("use_up", p=seat, card=a["card"]), frame_of("combat_roll", {**fight, "fixed_roll": k})],
            )
            for k in range(g.die_size(seat), 0, -1)
        ],
    )


@MODULE.handler("use_up", args=frames.CardOf)
def _use_up_frame(g: Game, a: frames.CardOf) -> None:
    _use_up(g, a["p"], a["card"])


def _use_up(g: Game, seat: int, card: int) -> None:
    if card in g.players[seat].holdings():
        cards.release(g, seat, card)
        cards.discard(g, card)
        g.say(f"{g.name(seat)} uses up the {g.card_name(card)}.", seat=seat)


# --- the turn -------------------------------------------------------------------------------


@MODULE.ability("turn")
def dungeon_turn_options(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    if not stats.holds_any(_carriers(g, "dungeon-4e-turn-items", TURN_ITEMS), p.objects, p.followers):
        return []  # (at every turn: most characters hold none of these)
    opts: list[Choice] = []
    weighted, cloaks = _holding(g, seat, "weighted-dice")[:1], _holding(g, seat, "cloak-teleport")[:1]
    moving = (weighted or cloaks) and (
        g.rules.regions[g.rules.spaces[p.space].region].movement == "roll"
        and movement.held_here(g, seat) is None
        and not movement.one_space_only(g, seat)
    )
    for dice in weighted:
        if moving:
            opts.append(
                Choice(
                    "weighted-move",
                    f"Use the {g.card_name(dice)}: choose your movement roll",
                    [frame("weighted_move", p=seat, card=dice)],
                )
            )
    for cloak in cloaks:
        if moving:
            opts.append(
                Choice(
                    "cloak",
                    f"Discard the {g.card_name(cloak)} and fly to any space of your Region",
                    [frame("use_up", p=seat, card=cloak), frame("fly", p=seat)],
                )
            )
    if "dungeon-item-used" in p.flags:
        return opts
    used = [frames.flag(seat, "dungeon-item-used")]
    for stone in _holding(g, seat, "blood-stone")[:1]:
        if p.lives >= 2:
            opts.append(
                Choice(
                    "blood-stone",
                    f"Give the {g.card_name(stone)} a life and roll",
                    [
                        *used,
                        frames.lose_lives(seat, 1, f"the {g.card_name(stone)}"),
                        frames.roll(
                            seat, "D6", ["blood_stone", {"p": seat, "card": stone}], why=f"the {g.card_name(stone)}"
                        ),
                        *back,
                    ],
                    "free",
                )
            )
    room = len(p.spells) < stats.spell_limit(g, seat)
    for book in _holding(g, seat, "diablerie")[:1]:
        if room:
            opts += [
                Choice(
                    f"diablerie:{f}",
                    f"Give up the {g.card_name(f)} to the {g.card_name(book)} for a Spell",
                    [
                        *used,
                        frames.lose_follower(seat, f, why="is given up to dark rites"),
                        frames.effects(seat, [{"take_card": {"deck": "spell"}}], {}),
                        *back,
                    ],
                    "free",
                )
                for f in p.followers
            ]
    for book in _holding(g, seat, "lore-spell")[:1]:
        if room:
            opts.append(
                Choice(
                    "lore",
                    f"Learn a Spell from the {g.card_name(book)}",
                    [*used, frames.effects(seat, [{"take_card": {"deck": "spell"}}], {}), *back],
                    "free",
                )
            )
    for staff in _holding(g, seat, "totem")[:1]:
        if p.trophies and p.lives < stats.life_cap(g, seat):
            opts += [
                Choice(
                    f"totem:{t}",
                    f"Give the trophy {g.card_name(t)} to the {g.card_name(staff)}: heal 2 lives",
                    [*used, frame("totem", p=seat, trophy=t), *back],
                    "free",
                )
                for t in p.trophies
            ]
    for seeker in _holding(g, seat, "gold-seeker")[:1]:
        if g.rules.spaces[p.space].kind == "ruins":
            opts.append(
                Choice(
                    "gold-seeker",
                    f"Discard the {g.card_name(seeker)} for 3 gold",
                    [
                        frame("use_up", p=seat, card=seeker),
                        frames.effects(seat, [{"gain": {"gold": 3}}], {}),
                        *back,
                    ],
                    "free",
                )
            )
    return opts


@MODULE.handler("weighted_move", args=frames.CardOf)
def _weighted_move(g: Game, a: frames.CardOf) -> None:
    seat = a["p"]
    g.decide(
        seat,
        "weighted",
        "The Weighted Dice: how far do you move?",
        [
            Choice(
                f"roll:{k}",
                f"Move {k}",
                [frame("use_up", p=seat, card=a["card"]), frames.move_choose(seat, roll=k)],
            )
            for k in range(g.die_size(seat), 0, -1)
        ],
        about={"purpose": "movement"},
    )


@MODULE.handler("fly", args=frames.Seat)
def _fly(g: Game, a: frames.Seat) -> None:
    """To any space of the Region the character stands in (the Cloak of Feathers, the Amulet of Speed)."""
    seat = a["p"]
    p = g.players[seat]
    region = g.rules.regions[g.rules.spaces[p.space].region]
    g.decide(
        seat,
        "fly",
        f"Where in the {region.name} do you go?",
        [
            Choice(
                f"to:{sid}",
                f"The {g.rules.space(sid).name} ({sid})",
                [frames.arrive(seat, g.rules.space_index[sid], "teleport")],
            )
            for sid in region.ring
            if g.rules.space_index[sid] != p.space
        ],
    )


class BloodStone(frames.Rolled):
    """The roll for the Blood Stone ``card``."""

    card: int


@MODULE.handler("blood_stone", args=BloodStone)
def _blood_stone(g: Game, a: BloodStone) -> None:
    seat, roll = a["p"], a["roll"]
    if roll == 1:
        _use_up(g, seat, a["card"])
    elif roll == 2:
        lives.lose_lives(g, seat, 1, "the Blood Stone")
    elif roll == 3:
        lives.heal(g, seat, 1)
    else:
        effects.run(g, seat, [{"gain": {"fate": 1}}] if roll == 4 else [{"take_card": {"deck": "spell"}}])


class Totem(TypedDict):
    """Character ``p`` gives the Totem its trophy ``trophy``."""

    p: int
    trophy: int


@MODULE.handler("totem", args=Totem)
def _totem(g: Game, a: Totem) -> None:
    seat, trophy = a["p"], a["trophy"]
    if trophy in g.players[seat].trophies:
        cards.release(g, seat, trophy)
        cards.discard(g, trophy)
        lives.heal(g, seat, 2)


@MODULE.ability("after_roll")
def amulet_of_speed(g: Game, seat: int, roll: int) -> list[Choice]:
    """The Amulet of Speed: a movement roll of 1 may be rolled again (``reroll-move:1``); on a 6 it may
    be spent to fly anywhere in the Region (``teleport-on-6``)."""
    if roll == 1:
        amulets = _holding(g, seat, "reroll-move:1")
        return [
            Choice("amulet-reroll", f"Roll again ({g.card_name(a)})", [frames.move_roll(seat)]) for a in amulets[:1]
        ]
    if roll == 6:
        return [
            Choice(
                "amulet-fly",
                f"Discard the {g.card_name(a)} and go to any space of your Region",
                [frame("use_up", p=seat, card=a), frame("fly", p=seat)],
            )
            for a in _holding(g, seat, "teleport-on-6")[:1]
        ]
    return []


@MODULE.ability("turn_start")
def upkeep(g: Game, seat: int) -> None:
    """Followers paid each turn (``upkeep:N``: the Miner): pay, or they leave."""
    paid = g.rules.cards_with_args("upkeep")  # (asked at every turn: most Followers ask for nothing)
    for f in list(g.players[seat].followers):
        n = g.rules.instances[f].trait_number("upkeep") if f in paid else 0
        if n:
            g.push("upkeep", p=seat, card=f, n=n)


@MODULE.handler("upkeep", args=frames.CardPrice)
def _upkeep(g: Game, a: frames.CardPrice) -> None:
    seat, card, n = a["p"], a["card"], a["n"]
    p = g.players[seat]
    leave = [frames.lose_follower(seat, card, why="leaves, unpaid")]
    if card not in p.followers:
        return
    if p.gold < n:
        g.push_all(leave)
        return
    g.decide(
        seat,
        "upkeep",
        f"The {g.card_name(card)} wants {n} gold to stay.",
        [Choice("pay", f"Pay {n} gold", [frame("pay_upkeep", p=seat, n=n)]), Choice("dismiss", "Let him go", leave)],
    )


class PayUpkeep(TypedDict):
    """Character ``p`` pays ``n`` gold of upkeep."""

    p: int
    n: int


@MODULE.handler("pay_upkeep", args=PayUpkeep)
def _pay_upkeep(g: Game, a: PayUpkeep) -> None:
    g.players[a["p"]].gold -= a["n"]
    g.say(f"{g.name(a['p'])} pays {a['n']} gold in wages.", type="gold", seat=a["p"])


# --- other characters -------------------------------------------------------------------------


@MODULE.ability("land")
def driven_to_attack(g: Game, seat: int) -> list[Choice]:
    """A Follower that drives its holder to attack (the Spirit of Vengeance, the
    Holy Avenger against the evil): the attack replaces meeting the space. (Every landing asks:
    the character's drive is looked for before anyone else here, :func:`must_attack`'s traits.)"""
    if not g.rules.spaces[g.players[seat].space].character_encounters:
        return []
    if not stats.has_trait(g, seat, "must-attack-characters") and not trait_args(g, seat, "must-attack"):
        return []
    from talisman.engine.abilities import may_meet
    from talisman.engine.combat import must_attack
    from talisman.engine.encounter import others_here

    return [
        Choice(f"must-attack:{o}", f"Attack the {g.name(o)} (you must)", [frames.meet(seat, o)], "instead")
        for o in others_here(g, seat)
        if must_attack(g, seat, o) and may_meet(g, seat, o)
    ]


@MODULE.ability("met")
def wise_man_wanders(g: Game, seat: int, by: int) -> None:
    for f in g.players[seat].followers:
        if "wanders" in g.rules.instances[f].traits:
            g.push("wanders", p=seat, by=by, card=f)


class Wanders(frames.CardOf):
    """The Follower ``card`` of character ``p`` wanders off to character ``by``."""

    by: int


@MODULE.handler("wanders", args=Wanders)
def _wanders(g: Game, a: Wanders) -> None:
    """Once the meeting is over the Wise Man goes with the one who met his master, unless it was evaded."""
    holder, by, card = a["p"], a["by"], a["card"]
    if card not in g.players[holder].followers or f"evaded-by:{holder}" in g.players[by].flags:
        return
    if not g.players[by].alive or not possessions.can_take(g, by, card):
        return
    cards.release(g, holder, card)
    possessions.give_item(g, by, card)
    g.say(f"The {g.card_name(card)} leaves {g.name(holder)} to follow {g.name(by)}.", seat=by)


@MODULE.ability("pvp_won")
def after_the_duel(g: Game, win: int, lose: int) -> None:
    """The Holy Avenger rewards a win over the evil and leaves; the Spirit of
    Vengeance may be passed to the loser."""
    if g.players[lose].alignment == "evil":
        for f in _holding(g, win, "avenger"):
            g.push("avenger_done", p=win, card=f)
    if g.players[lose].alive:
        for f in [f for f in g.players[win].followers if "passes-on" in g.rules.instances[f].traits]:
            g.push("pass_on", p=win, to=lose, card=f)


@MODULE.handler("avenger_done", args=frames.CardOf)
def _avenger_done(g: Game, a: frames.CardOf) -> None:
    seat = a["p"]
    if a["card"] in g.players[seat].followers:
        lives.gain_attribute(g, seat, "strength", 1)
        lives.gain_attribute(g, seat, "craft", 1)
        possessions.lose_follower(g, seat, a["card"], "has done its work and leaves")


@MODULE.handler("pass_on", args=frames.CardTo)
def _pass_on(g: Game, a: frames.CardTo) -> None:
    seat, to, card = a["p"], a["to"], a["card"]
    if card not in g.players[seat].followers or not g.players[to].alive:
        return
    g.decide(
        seat,
        "pass-on",
        f"Pass the {g.card_name(card)} to the {g.name(to)}?",
        [
            Choice("keep", "Keep it", []),
            Choice("pass", f"Pass it to the {g.name(to)}", [frame("passed_on", p=seat, to=to, card=card)]),
        ],
    )


@MODULE.handler("passed_on", args=frames.CardTo)
def _passed_on(g: Game, a: frames.CardTo) -> None:
    cards.release(g, a["p"], a["card"])
    cards.receive(g, a["to"], a["card"], "followers")
    g.say(f"The {g.card_name(a['card'])} passes from {g.name(a['p'])} to {g.name(a['to'])}.", seat=a["p"])


# --- losing lives, gaining things ----------------------------------------------------------------


@MODULE.ability("life_lost")
def elixir_of_life(g: Game, seat: int, n: int) -> None:
    for elixir in _holding(g, seat, "elixir-of-life")[:1]:
        g.push("elixir", p=seat, card=elixir)


@MODULE.handler("elixir", args=frames.CardOf)
def _elixir(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    if card not in g.players[seat].objects or not g.players[seat].alive:
        return
    value, _ = g.roll_dice("D6", seat)
    g.say(f"{g.name(seat)} drinks from the {g.card_name(card)} (rolled {value}).", type="roll", seat=seat)
    if value == 1:
        _use_up(g, seat, card)
    elif value == 2:
        lives.lose_lives(g, seat, 1, f"the {g.card_name(card)}")
    elif value >= 4:
        lives.heal(g, seat, 1 if value <= 5 else 2)


@MODULE.ability("gained")
def spell_ring(g: Game, seat: int, card: int) -> None:
    """Taking the Spell Ring draws a Spell into it (unless it holds one already)."""
    if "spell-ring" in g.rules.instances[card].traits and not cards.held_by(g, f"card:{card}"):
        spell = cards.draw(g, "spell")
        if spell is not None:
            cards.hold(g, f"card:{card}", spell)
            g.say(
                f"A Spell settles into {g.name(seat)}'s {g.card_name(card)}.",
                seat=seat,
                private=seat,
                public=f"A Spell settles into {g.name(seat)}'s {g.card_name(card)}.",
            )
