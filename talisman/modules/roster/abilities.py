"""Abilities of the roster's characters, registered at the engine's hook points
(:mod:`talisman.engine.abilities`). Each is found by its trait keyword, so an
Object or a Follower that grants the keyword grants the ability (the Pistol).

Generic keywords used by several characters: ``battle-bonus:N``, ``bow``,
``let-be:<subtype>``, ``sworn:<Follower>[:N]`` (that Follower adds its Strength,
or N, in battle), ``train:<card>`` (in dungeon_characters), ``ride:<Follower>``
and ``move-pick-two`` (in core/character_rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired

from talisman.engine import cards, effects, frames, lives, movement, possessions, stats
from talisman.engine.abilities import can_evade_here, next_spaces
from talisman.engine.combat import apart, creatures_killed, foe_names, foe_subtypes, foe_value, let_be_frames
from talisman.engine.decision import Choice, Frame
from talisman.engine.game import frame, frame_of, one_option
from talisman.modules.core.character_rules import (
    CITY,
    DUNGEON,
    guard_spared,
    in_dungeon,
    region_here,
    spaces_of_kind,
    trait_args,
)
from talisman.modules.roster.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

PISTOL_KILLS = 5  # the Pistol kills on a 5 or 6
DOORWAYS = ("Doorway", "Dungeon Doorway")  # 000 says Dungeon Doorway; the classic card is called Doorway


def held_named(g: Game, seat: int, name: str) -> bool:
    """Does the character carry an Object of that name, or have a Follower of that name that helps it?"""
    return any(g.card_name(c) == name for c in g.players[seat].objects + stats.followers_used(g, seat))


# --- before a fight with creatures ---------------------------------------------------------

INNER = ("inner", "crown")  # the Inner Region's spaces, the Crown's among them


def _beyond_friendship(g: Game, seat: int, fight: dict[str, Any]) -> bool:
    """A foe no kin-friend lets be: one met in the Inner Region, or a ``unique`` one."""
    return bool(fight.get("unique")) or region_here(g, seat) in INNER


@MODULE.ability("combat")
def fight_options(g: Game, seat: int, fight: dict[str, Any], back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    if p.toad:
        return []
    opts: list[Choice] = []
    battle = fight["mode"] == "strength"
    any_foe = bool(fight["foes"] or fight["adhoc"])
    subtypes = foe_subtypes(g, fight)
    # 000's Timescape: missile weapons cannot be used there (its spaces suppress ``missiles``)
    if battle and any_foe and not fight.get("shot") and "missiles" not in g.rules.spaces[p.space].suppress:
        if stats.has_trait(g, seat, "pistol"):
            opts.append(
                Choice(
                    "pistol",
                    f"Fire the Pistol (5 or 6 kills the {foe_names(g, fight)})",
                    [frame("ranged_shot", p=seat, fight={**fight, "shot": True}, weapon="pistol")],
                )
            )
        if stats.has_trait(g, seat, "bow"):
            opts.append(
                Choice(
                    "bow",
                    f"Shoot first (beat Strength {foe_value(g, fight, 'strength')} to kill)",
                    [frame("ranged_shot", p=seat, fight={**fight, "shot": True}, weapon="bow")],
                )
            )
    let_be_kinds = trait_args(g, seat, "let-be")  # (at every fight: mostly none, and no trait made for each kind)
    kinds = (
        frozenset(sub for sub in ("animal", "dragon", "spirit") if sub in let_be_kinds) if let_be_kinds else frozenset()
    )
    # 000: a creature met in the Inner Region may not be evaded (letting it be passes it as an
    # evasion does), and a ``unique`` foe (the endings' lords) is not one of its kind's common run
    let_be = let_be_frames(g, fight, kinds) if any_foe and kinds and not _beyond_friendship(g, seat, fight) else None
    if let_be:
        kin, _ = apart(g, fight, [], kinds)
        opts.append(Choice("let-them-be", f"Let the {foe_names(g, kin)} be: they do not attack you", let_be))
    if fight["evadable"] and not can_evade_here(g, seat) and any_foe:
        but = trait_args(g, seat, "evade-but")
        torch = any(held_named(g, seat, name) for name in trait_args(g, seat, "evade-with"))
        if torch or (but and not subtypes & set(but)):
            opts.append(Choice("evade", f"Evade the {foe_names(g, fight)}", [frame_of("combat_evaded", {**fight})]))
    if battle and any_foe:
        if stats.has_trait(g, seat, "berserk") and not fight.get("berserk"):
            opts.append(
                Choice(
                    "berserk",
                    "Go berserk: +3 Strength this turn, and lose your next turn",
                    [frame("fury", p=seat, n=3, why="goes berserk"), frame_of("combat", {**fight, "berserk": True})],
                )
            )
        if stats.has_trait(g, seat, "charge") and not fight.get("charge"):
            mount = next((n for n in trait_args(g, seat, "charge-with") if held_named(g, seat, n)), None)
            opts.append(
                Choice(
                    "charge",
                    f"Charge: +2 Strength{f' and a D4 (your {mount})' if mount else ''}, and lose your next turn",
                    [
                        frame("fury", p=seat, n=2, why="charges", d4=mount is not None),
                        frame_of("combat", {**fight, "charge": True}),
                    ],
                )
            )
        if (
            stats.has_trait(g, seat, "killer-blow")
            and "killer-blow" not in p.flags
            and not fight.get("assassinate")
            and not guard_spared(g, seat, fight)
        ):
            opts.append(
                Choice(
                    "killer-blow",
                    "Strike a Killer Blow: the foe adds no die (once a turn)",
                    [
                        frames.flag(seat, "killer-blow"),
                        frame_of("combat_roll", {**fight, "assassinate": True}),
                    ],
                )
            )
    return opts


class RangedShot(frames.OnFight):
    """Character ``p`` shoots its ``weapon`` at the foe of its ``fight``."""

    weapon: str


@MODULE.handler("ranged_shot", args=RangedShot)
def _ranged_shot(g: Game, a: RangedShot) -> None:
    """The Pistol (5 or 6) or a Bow (beat their Strength) before the battle: a
    kill ends the fight as a win; a miss leaves the battle to fight."""
    seat, fight = a["p"], a["fight"]
    roll = g.rng.die(6)
    need = PISTOL_KILLS if a["weapon"] == "pistol" else foe_value(g, fight, "strength") + 1
    g.say(
        f"{g.name(seat)} {'fires the Pistol' if a['weapon'] == 'pistol' else 'shoots'}: {roll} (needs {need}).",
        type="roll",
        seat=seat,
        dice=[roll],
    )
    if roll < need:
        g.say("The shot misses.", seat=seat)
        g.push("combat", **fight)
        return
    no_trophy = a["weapon"] == "pistol" and stats.has_trait(g, seat, "pistol-no-trophy")
    creatures_killed(g, seat, {**fight, "trophy": fight["trophy"] and not no_trophy})
    g.push_all(fight["win"])


class Fury(frames.Because):
    """Character ``p`` adds ``n`` to its Strength in this fight (``why``: in words). ``d4``: a
    four-sided die is added (a mount's charge)."""

    n: int
    d4: NotRequired[bool]


@MODULE.handler("fury", args=Fury)
def _fury(g: Game, a: Fury) -> None:
    """Berserk (+3) or a Charge (+2, and a D4 with a Warhorse): Strength in battle
    for the rest of the turn, paid for with the next turn."""
    seat = a["p"]
    p = g.players[seat]
    n = a["n"]
    if a.get("d4"):
        d4 = g.rng.die(4)
        g.say(f"{g.name(seat)}'s Warhorse thunders on: D4 = {d4}.", type="roll", seat=seat, dice=[d4])
        n += d4
    stats.add_mod(g, seat, "battle_strength", n, "turn")
    p.lost_turns += 1
    g.say(f"{g.name(seat)} {a['why']}: +{n} Strength in battle this turn, and loses the next turn.", seat=seat)


# --- Strength and Craft in a fight ------------------------------------------------------------


@MODULE.ability("battle_bonus")
def roster_bonuses(g: Game, seat: int, fight: dict[str, Any]) -> int:
    p = g.players[seat]
    if fight["mode"] == "craft":
        return stats.trait_value(g, seat, "analysis")
    bonus = stats.trait_value(g, seat, "battle-bonus")
    dragons = "dragon" in foe_subtypes(g, fight)
    if dragons:
        bonus += stats.trait_value(g, seat, "dragon-lore")
    used = stats.weapons_used(g, seat, "dragon" if dragons else "")
    if not used:
        bonus += stats.trait_value(g, seat, "unarmed")
    bonus += sum(stats.trait_value(g, seat, f"weapon-bonus:{name}") for name in {g.card_name(w) for w in used})
    two_handed = stats.trait_value(g, seat, "two-handed")
    for w in used:
        if two_handed and g.card_name(w) == "Two-handed Sword":  # it adds this much in all, its own bonus included
            bonus += two_handed - g.rules.instances[w].bonus.get("battle_strength", 0)
    if not p.followers:
        bonus += stats.trait_value(g, seat, "lone-warrior")
    sworn = [arg.split(":") for arg in trait_args(g, seat, "sworn")]
    for f in stats.followers_used(g, seat):
        for oath in sworn:
            if oath[0] == g.card_name(f):
                bonus += int(oath[1]) if len(oath) > 1 else g.rules.instances[f].strength
    return bonus


@MODULE.ability("killed")
def bounty(g: Game, seat: int, fight: dict[str, Any]) -> None:
    n = stats.trait_value(g, seat, "bounty")
    if n and fight["mode"] == "strength":
        effects.run(g, seat, [{"gain": {"gold": n}}])


@MODULE.ability("pvp_rolled")
def after_pvp(g: Game, a: dict[str, Any], s_att: int, s_dfd: int) -> None:
    """The Chainsaw Warrior's cut (a 6 in battle) and the Zulu's rout."""
    if a["mode"] != "strength":
        return
    for seat, other, faces in ((a["a"], a["d"], a["faces"]), (a["d"], a["a"], a["dfaces"])):
        if max(faces) == 6 and stats.has_trait(g, seat, "chainsword-cut"):
            g.push("cut_weapon", p=seat, other=other)
    winner = a["a"] if s_att > s_dfd else a["d"] if s_dfd > s_att else None
    if winner is not None and stats.has_trait(g, winner, "rout"):
        g.push("rout_offer", p=winner, other=a["d"] if winner == a["a"] else a["a"])


@MODULE.handler("cut_weapon", args=frames.Toward)
def _cut_weapon(g: Game, a: frames.Toward) -> None:
    other = a["other"]
    used = stats.weapons_used(g, other) if g.players[other].alive else []
    if used:
        weapon = used[0]
        cards.release(g, other, weapon)
        cards.discard(g, weapon)
        g.say(
            f"The {g.name(a['p'])}'s Chainsword cuts the {g.name(other)}'s {g.card_name(weapon)} in half.", seat=a["p"]
        )


# --- the movement roll -----------------------------------------------------------------------


@MODULE.ability("after_roll")
def after_movement_roll(g: Game, seat: int, roll: int) -> list[Choice]:
    p = g.players[seat]
    opts: list[Choice] = []
    teleports = trait_args(g, seat, "teleport-on")  # (the rolls; mostly none: no trait made for the roll)
    if teleports and str(roll) in teleports:
        opts.append(Choice("teleport", "Teleport instead: to any space of your region", [frame("leap", p=seat)]))
    if stats.has_trait(g, seat, "reroll-move") and "rerolled-move" not in p.flags:
        opts.append(
            Choice(
                "reroll",
                "Roll the movement die again (the second roll stands)",
                [frames.flag(seat, "rerolled-move"), frames.move_roll(seat)],
            )
        )
    if stats.has_trait(g, seat, "pathfinder") and "pathfinder" not in p.flags:
        for n in (roll - 1, roll + 1):
            if n >= 1:
                opts.append(
                    Choice(
                        f"path:{n}",
                        f"Move {n} instead (Pathfinder)",
                        [frames.flag(seat, "pathfinder"), frames.move_choose(seat, roll=n, fixed=True)],
                    )
                )
    return opts


@MODULE.handler("leap", args=frames.Seat)
def _leap(g: Game, a: frames.Seat) -> None:
    """The Leprechaun's teleport: any space of his region; between the Outer
    Region and the City either way (000)."""
    seat = a["p"]
    p = g.players[seat]
    region = region_here(g, seat)
    regions = {region} | ({"outer", CITY} if region in ("outer", CITY) else set())
    dests = [s.index for s in g.rules.spaces if s.region in regions and s.index != p.space]
    g.decide(
        seat,
        "teleport",
        "Teleport: to which space?",
        [
            Choice(
                f"to:{g.rules.spaces[d].id}",
                f"{g.space_name(d)} ({g.rules.spaces[d].id})",
                [frames.arrive(seat, d, "teleport")],
            )
            for d in dests
        ],
    )


@MODULE.ability("move_allowed")
def movement_limits(g: Game, seat: int, path: list[int]) -> bool:
    """A sealed Dungeon keeps its visitors; a routed character flees toward the Entrance."""
    p = g.players[seat]
    if not path or not in_dungeon(g, seat):
        return True
    if g.globals.get("dungeon-sealed") and any(g.rules.spaces[s].region != DUNGEON for s in path):
        return False
    if p.status.get("fleeing") == g.turn:
        return path[0] == g.rules.ccw[p.space]
    return True


@MODULE.ability("turn_start", character="routed")
def routed_flees(g: Game, seat: int) -> None:
    """A character routed in the Dungeon spends its next turn fleeing toward the Entrance."""
    p = g.players[seat]
    if p.status.pop("routed", None) and in_dungeon(g, seat):
        p.status["fleeing"] = g.turn


# --- the turn menu ------------------------------------------------------------------------------


@MODULE.ability("turn", traits=("trader", "sacrifice", "shadowing", "seal-doorways"))
def turn_options(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    opts: list[Choice] = []
    if stats.has_trait(g, seat, "trader") and "traded" not in p.flags and (p.objects or p.packed):
        opts.append(
            Choice(
                "trade-objects",
                "Sell Objects for 1 gold each",
                [frames.flag(seat, "traded"), frame("sell", p=seat, price=1), *back],
                "free",
            )
        )
    if (
        stats.has_trait(g, seat, "sacrifice")
        and "sacrificed" not in p.flags
        and len(p.spells) < stats.spell_limit(g, seat)
    ):
        for f in p.followers:
            opts.append(
                Choice(
                    f"sacrifice:{f}",
                    f"Give up the {g.card_name(f)} for a Spell",
                    [
                        frames.flag(seat, "sacrificed"),
                        frames.lose_follower(seat, f, why="is given up to the dragons"),
                        frames.effects(seat, [{"take_card": {"deck": "spell"}}], {}),
                        *back,
                    ],
                    "free",
                )
            )
    if stats.has_trait(g, seat, "shadowing") and g.rules.regions[region_here(g, seat)].movement == "roll":
        for o in g.players:
            if (
                o.alive
                and o.seat != seat
                and o.space != p.space
                and g.rules.spaces[o.space].region == region_here(g, seat)
            ):
                opts.append(
                    Choice(
                        f"shadow:{o.seat}",
                        f"Shadow the {g.name(o.seat)} to the {g.space_name(o.space)}",
                        [frames.arrive(seat, o.space, "move")],
                    )
                )
    if stats.has_trait(g, seat, "seal-doorways"):
        for c in g.cards_on(p.space):
            if g.card_name(c) in DOORWAYS and c not in g.globals.get("turned-doorways", ()):
                opts.append(
                    Choice(
                        f"turn-doorway:{c}",
                        "Turn the Dungeon Doorway upside down",
                        [frame("turn_doorway", p=seat, card=c), *back],
                        "free",
                    )
                )
    return opts


@MODULE.handler("turn_doorway", args=frames.CardOf)
def _turn_doorway(g: Game, a: frames.CardOf) -> None:
    """000's Scout. Choice (000 counts "all three", two on the main board and
    one in the City, yet allows only two on the main board): the Dungeon is
    sealed once every Doorway lying on a board is turned."""
    turned = [*g.globals.get("turned-doorways", ()), a["card"]]
    g.globals["turned-doorways"] = turned
    g.say(f"{g.name(a['p'])} turns a Dungeon Doorway upside down.", seat=a["p"])
    lying = [c for held in g.board.values() for c in held if g.card_name(c) in DOORWAYS]
    if all(c in turned for c in lying):
        g.globals["dungeon-sealed"] = True
        g.say(
            "Every Doorway is turned: the Dungeon is sealed. Its visitors may leave only through the Treasure Chamber."
        )


# --- landing -------------------------------------------------------------------------------------


@MODULE.ability("land")
def pass_by(g: Game, seat: int) -> list[Choice]:
    """The Ninja's Shadow: he need not encounter where he lands (000: he must, in the Dungeon)."""
    if not stats.has_trait(g, seat, "pass-by"):
        return []
    return [Choice("pass-by", "Slip by: encounter nothing here", [])]


@MODULE.ability("arrive")
def arrival(g: Game, seat: int, came_from: int) -> None:
    p = g.players[seat]
    here = p.space
    kind = g.rules.spaces[here].kind
    hoards = g.globals.get("pirate-hoards")
    if hoards and here in hoards:
        g.globals["pirate-hoards"] = [s for s in hoards if s != here]
        if stats.has_trait(g, seat, "pirate-hoards"):
            g.say(f"{g.name(seat)} reaches the {g.space_name(here)} first and plunders a second gold.", seat=seat)
            effects.run(g, seat, [{"gain": {"gold": 1}}])
    takings = g.globals.get("doctors-takings", {})
    if str(here) in takings and stats.has_trait(g, seat, "pirate-hoards"):
        rest = {k: v for k, v in takings.items() if k != str(here)}
        if rest:
            g.globals["doctors-takings"] = rest
        else:
            del g.globals["doctors-takings"]
        g.say(f"{g.name(seat)} plunders the Doctor's takings.", seat=seat)
        effects.run(g, seat, [{"gain": {"gold": takings[str(here)]}}])
    for where, _, name in (arg.partition(":") for arg in trait_args(g, seat, "refit-at")):
        if where == kind and not held_named(g, seat, name):
            effects.run(g, seat, [{"take_card": {"deck": "purchase", "name": name}}])
    if stats.has_trait(g, seat, "haggle") and region_here(g, seat) == CITY and "haggled" not in p.flags:
        g.push("haggle_offer", p=seat)


@MODULE.handler("haggle_offer", args=frames.Seat)
def _haggle_offer(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    g.decide(
        seat,
        "haggle",
        f"Haggle over the City's prices? (roll 2 dice, at most your Craft {stats.craft(g, seat)})",
        [
            Choice(
                "haggle",
                "Haggle",
                [
                    frames.flag(seat, "haggled"),
                    frames.roll(seat, "2D6", ["haggle_result", {"p": seat}], why="haggling"),
                ],
            ),
            Choice("no", "Pay the posted prices", [frames.flag(seat, "haggled")]),
        ],
    )


@MODULE.handler("haggle_result", args=frames.Rolled)
def _haggle_result(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    if a["roll"] <= stats.craft(g, seat):
        stats.add_mod(g, seat, "discount", 1, "turn")
        g.say(f"{g.name(seat)} talks the prices down: 1 gold less this turn.", seat=seat)
    else:
        g.say(f"The traders of the City will not budge for {g.name(seat)}.", seat=seat)


@MODULE.ability("setup")
def lay_pirate_gold(g: Game, seat: int) -> None:
    """000's Pirate: 1 gold on the Doctor, the Royal Castle Bank and the Castle.
    Without the City board, the Doctor is the one of the base game's City space."""
    if not stats.has_trait(g, seat, "pirate-hoards"):
        return
    doctor = spaces_of_kind(g, "doctor") or spaces_of_kind(g, "doctors-surgery") or spaces_of_kind(g, "city")
    bank = spaces_of_kind(g, "royal-castle-bank") or spaces_of_kind(g, "bank")
    places = [*doctor[:1], *bank[:1], *spaces_of_kind(g, "castle")[:1]]
    for space in places:
        g.gold_on[space] = g.gold_on.get(space, 0) + 1
    g.globals["pirate-hoards"] = places
    g.say(f"The {g.name(seat)}'s gold lies on the " + ", ".join(g.space_name(s) for s in places) + ".", seat=seat)


@MODULE.ability("paid")
def doctors_takings(g: Game, seat: int, n: int, paid_to: str) -> None:
    """000's Pirate: gold paid to the Doctor is left on that space for him to
    plunder. Choice: it waits there for the Pirate alone (kept apart from the
    gold anyone may pick up, or the payer would take it straight back)."""
    if paid_to == "doctor" and any(p.alive and stats.has_trait(g, p.seat, "pirate-hoards") for p in g.players):
        space = str(g.players[seat].space)
        takings = g.globals.get("doctors-takings", {})
        g.globals["doctors-takings"] = {**takings, space: takings.get(space, 0) + n}
        g.say(
            f"The Doctor's fee of {n}G is left on the {g.space_name(int(space))} for the Pirate.",
            type="gold",
            seat=seat,
        )


# --- cards met ------------------------------------------------------------------------------------


@MODULE.ability("card")
def peddler(g: Game, seat: int, card: int) -> list[Choice]:
    name = g.card_name(card)
    p = g.players[seat]
    if not stats.has_trait(g, seat, f"trade:{name}") or not (p.objects or p.packed):
        return []
    return one_option(seat, "trade", f"Trade with the {name}: an Object of yours for a Purchase card", "trade_give")


@MODULE.handler("trade_give", args=frames.Seat)
def _trade_give(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    p = g.players[seat]
    g.decide(
        seat,
        "trade",
        "Which Object do you trade?",
        [
            Choice(f"give:{c}", f"Give the {g.card_name(c)}", [frame("trade_take", p=seat, card=c)])
            for c in p.objects + p.packed
        ],
    )


@MODULE.handler("trade_take", args=frames.CardOf)
def _trade_take(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    wares = sorted({g.card_name(c) for c in g.decks["purchase"]})
    if card not in g.players[seat].holdings() or not wares:
        return
    cards.release(g, seat, card)
    cards.discard(g, card)
    possessions.settle_packs(g, seat)
    g.decide(
        seat,
        "trade",
        f"The {g.card_name(card)} is traded. What do you take?",
        [
            Choice(
                f"take:{w}",
                f"A {w}",
                [frames.effects(seat, [{"take_card": {"deck": "purchase", "name": w}}], {})],
            )
            for w in wares
        ],
    )


# --- meeting characters ---------------------------------------------------------------------------


# What a character may do to another it meets that the other rolls a die to resist: the trait (also
# the option's id), the option's label, the frame that reads the roll, and the roll in words.
RESISTED = (
    ("panic", "Pipe the {} into a panic (1 to 3: it flees)", "panic_result", "resisting panic"),
    ("curse", "Curse the {} (1 to 3: it loses 1 Craft)", "curse_result", "resisting a curse"),
)


@MODULE.ability("meet", traits=("imprison", "enslave", "panic", "curse"))
def meet_options(g: Game, seat: int, other: int) -> list[Choice]:
    o = g.players[other]
    opts: list[Choice] = []
    if stats.has_trait(g, seat, "imprison") and o.alignment != "good":
        opts.append(
            Choice(
                "imprison",
                f"Imprison the {g.name(other)}: it loses its next turn",
                [frame("imprison", p=seat, other=other)],
            )
        )
    if stats.has_trait(g, seat, "enslave") and o.followers:
        sure = next((n for n in trait_args(g, seat, "enslave-with") if held_named(g, seat, n)), None)
        if sure is not None:
            opts.append(
                Choice(
                    "enslave",
                    f"Take a Follower from the {g.name(other)} (your {sure} needs no roll)",
                    [frame("enslave_pick", p=seat, other=other)],
                )
            )
        else:
            opts.append(
                Choice(
                    "enslave",
                    f"Try to enslave a Follower of the {g.name(other)} (5 or 6)",
                    [frames.roll(seat, "D6", ["enslave_result", {"p": seat, "other": other}], why="enslaving")],
                )
            )
    for trait, label, then, why in RESISTED:
        if stats.has_trait(g, seat, trait):
            roll = frames.roll(other, "D6", [then, {"p": seat, "other": other}], why=why)
            opts.append(Choice(trait, label.format(g.name(other)), [roll]))
    return opts


@MODULE.handler("imprison", args=frames.Toward)
def _imprison(g: Game, a: frames.Toward) -> None:
    other = g.players[a["other"]]
    other.lost_turns += 1
    g.say(
        f"The {g.name(a['p'])} imprisons the {g.name(a['other'])}: it loses its next turn.",
        type="lose-turn",
        seat=a["p"],
    )


@MODULE.handler("enslave_result", args=frames.RolledAgainst)
def _enslave_result(g: Game, a: frames.RolledAgainst) -> None:
    if a["roll"] >= 5:
        g.push("enslave_pick", p=a["p"], other=a["other"])
    else:
        g.say(f"The {g.name(a['other'])}'s Followers stay loyal.", seat=a["p"])


@MODULE.handler("enslave_pick", args=frames.Toward)
def _enslave_pick(g: Game, a: frames.Toward) -> None:
    seat, other = a["p"], a["other"]
    g.decide(
        seat,
        "enslave",
        f"Which of the {g.name(other)}'s Followers do you take?",
        [
            Choice(f"take:{f}", f"The {g.card_name(f)}", [frames.steal(seat, other, f)])
            for f in g.players[other].followers
        ],
    )


@MODULE.handler("panic_result", args=frames.RolledAgainst)
def _panic_result(g: Game, a: frames.RolledAgainst) -> None:
    """A panicked character flees one space, the Satyr saying which way; in the
    Dungeon it flees the Dungeon (000)."""
    seat, other = a["p"], a["other"]
    if a["roll"] > 3:
        g.say(f"The {g.name(other)} keeps its head.", seat=seat)
        return
    if in_dungeon(g, other):
        flee_dungeon(g, other)
        return
    ways = next_spaces(g, other)
    if not ways:  # our reading: a board with no space beside it (none the rules name) leaves it where it is
        g.say(f"The {g.name(other)} panics, but has nowhere to flee.", seat=seat)
        return
    g.decide(
        seat,
        "panic",
        f"The {g.name(other)} panics: which way does it flee?",
        [Choice(f"to:{g.rules.spaces[s].id}", f"To the {g.space_name(s)}", [drive(other, s)]) for s in ways],
    )


@MODULE.handler("curse_result", args=frames.RolledAgainst)
def _curse_result(g: Game, a: frames.RolledAgainst) -> None:
    """000's Witch Doctor: cursed in the Dungeon, a character flees it, and its
    next move is to the Chapel."""
    seat, other = a["p"], a["other"]
    if a["roll"] > 3:
        g.say(f"The {g.name(other)} shrugs off the curse.", seat=seat)
        return
    if in_dungeon(g, other):
        flee_dungeon(g, other)
        g.players[other].status["chapel-bound"] = True
    g.push_frame(frames.effects(other, [{"lose": {"craft": 1}}], {"cause": f"the {g.name(seat)}'s curse"}))


def dungeon_exit(g: Game) -> int:
    """Where a character fleeing the Dungeon comes out: the space beyond its first
    space's passage (the Ruins), else that first space."""
    first = g.rules.space_index[g.rules.regions[DUNGEON].ring[0]]
    outside = [other for _, other in g.rules.links_of(first) if g.rules.spaces[other].region != DUNGEON]
    return outside[0] if outside else first


def flee_dungeon(g: Game, seat: int) -> None:
    g.say(f"The {g.name(seat)} flees the Dungeon.", seat=seat)
    g.push_frame(drive(seat, dungeon_exit(g)))


def drive(p: int, to: int) -> Frame:
    """Character ``p`` is driven to the space of index ``to`` (see :class:`~talisman.engine.frames.GoTo`)."""
    return ("drive", {"p": p, "to": to})


@MODULE.handler("drive", args=frames.GoTo)
def _drive(g: Game, a: frames.GoTo) -> None:
    """A character driven off by another is placed on a space, meeting nothing there."""
    seat = a["p"]
    if g.players[seat].alive:
        movement.put(g, seat, a["to"])
        g.say(f"The {g.name(seat)} is driven to the {g.space_name(a['to'])}.", type="move", seat=seat)


@MODULE.ability("turn_start", character="chapel-bound")
def chapel_bound(g: Game, seat: int) -> None:
    if g.players[seat].status.get("chapel-bound"):
        g.push("to_chapel", p=seat)


@MODULE.handler("to_chapel", args=frames.Seat)
def _to_chapel(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    g.players[seat].status.pop("chapel-bound", None)
    chapel = spaces_of_kind(g, "chapel")
    if chapel:
        g.say(f"The {g.name(seat)}, cursed, must go to the Chapel before going on.", seat=seat)
        lives.end_turn_now(g)
        g.push_frame(frames.arrive(seat, chapel[0], "move"))


@MODULE.handler("rout_offer", args=frames.Toward)
def _rout_offer(g: Game, a: frames.Toward) -> None:
    """The Zulu may drive back the character he beat: one space counter-clockwise;
    in the Dungeon either way, and on its next turn it must move toward the Entrance."""
    seat, other = a["p"], a["other"]
    o = g.players[other]
    if not o.alive:
        return
    here = o.space
    ways = [g.rules.ccw[here]] + ([g.rules.cw[here]] if in_dungeon(g, other) else [])
    ways = [w for w in ways if w not in (-1, here)]
    if not ways:
        return
    dungeon = in_dungeon(g, other)
    g.decide(
        seat,
        "rout",
        f"Rout the {g.name(other)}?",
        [
            Choice("spare", "Let it stay", []),
            *[
                Choice(
                    f"rout:{g.rules.spaces[w].id}",
                    f"Drive it to the {g.space_name(w)}",
                    [drive(other, w), *([frame("mark_routed", p=other)] if dungeon else [])],
                )
                for w in ways
            ],
        ],
    )


@MODULE.handler("mark_routed", args=frames.Seat)
def _mark_routed(g: Game, a: frames.Seat) -> None:
    g.players[a["p"]].status["routed"] = True


# --- Scrolls ---------------------------------------------------------------------------------------


@MODULE.ability("scroll_read", traits="keep-scroll")
def keep_a_scroll(g: Game, reader: int, card: int) -> None:
    """000's Scientist: once he has had a Scroll he always has one."""
    p = g.players[reader]
    if stats.has_trait(g, reader, "keep-scroll") and not any(g.rules.instances[c].type == "scroll" for c in p.cards):
        effects.run(g, reader, [{"take_card": {"deck": g.rules.instances[card].deck}}])
