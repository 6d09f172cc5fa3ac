"""Special abilities of the base characters, Followers and Objects, and the
two abilities 000 gives everyone (taming animals, dispel magic).

Each function is registered at an engine hook point
(:mod:`talisman.engine.abilities`) and looks for the trait it serves, so a
Follower or an Object that grants the same trait gets the same option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypedDict

from talisman.content.places import place_name
from talisman.engine import cards, effects, frames, lives, possessions, stats
from talisman.engine.combat import apart, foe_names, foe_subtypes, has_foes, let_be_frames, let_pass
from talisman.engine.decision import Choice
from talisman.engine.game import frame, frame_of, one_option
from talisman.engine.turn import trophy_options
from talisman.modules.core.character_rules import guard_spared, trait_args
from talisman.modules.core.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

BEGUILE_NEED: Final = {"good": 6, "neutral": 5, "evil": 4}
AFFLICTIONS: Final = ("Cursed by a Hag", "Poltergeist")
ANIMALS_AND_DRAGONS: Final = frozenset({"animal", "dragon"})


# --- the turn menu ---------------------------------------------------------------


@MODULE.ability("turn", traits="alignment-at-will")
def druid_alignment(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    if not stats.has_trait(g, seat, "alignment-at-will") or "alignment-changed" in p.flags:
        return []
    return [
        Choice(f"alignment:{al}", f"Become {al}", [frame("choose_alignment", p=seat, to=al), *back], "free")
        for al in ("good", "neutral", "evil")
        if al != p.alignment
    ]


class ChooseAlignment(TypedDict):
    """Character ``p`` turns ``to`` this alignment."""

    p: int
    to: str


@MODULE.handler("choose_alignment", args=ChooseAlignment)
def _choose_alignment(g: Game, a: ChooseAlignment) -> None:
    g.players[a["p"]].flags.add("alignment-changed")
    possessions.set_alignment(g, a["p"], a["to"])


@MODULE.ability("turn", traits="woods-walk")
def elf_woods_walk(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    here = g.rules.spaces[p.space]
    if here.kind != "woods" or not stats.has_trait(g, seat, "woods-walk"):
        return []
    woods = [s for s in g.rules.spaces if s.kind == "woods" and s.region == here.region and s.index != p.space]
    return [
        Choice(
            f"woods:{s.id}",
            f"Walk through the trees to the {place_name(g.rules, s.id)}",
            [frames.arrive(seat, s.index, "move")],
        )
        for s in woods
    ]


@MODULE.ability("turn", traits="alchemist")
def alchemist_follower(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    if not stats.has_trait(g, seat, "alchemist") or not (p.objects or p.packed) or "alchemist" in p.flags:
        return []
    return [
        Choice(
            "alchemist",
            "Ask the Alchemist to turn Objects into gold",
            [frames.flag(seat, "alchemist"), frame("sell", p=seat, price=1), *back],
            "free",
        )
    ]


@MODULE.handler("flag", args=frames.Flag)
def _flag(g: Game, a: frames.Flag) -> None:
    g.players[a["p"]].flags.add(a["flag"])


def use_options(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """Objects used up for an effect (the Potion of Strength)."""
    p = g.players[seat]
    if stats.items_suppressed(g, seat) or "destroy-magic" in g.globals:
        return []
    return [
        Choice(f"use:{c}", f"Use the {g.card_name(c)}", [frame("use_item", p=seat, card=c), *back], "free")
        for c in p.objects
        if g.rules.instances[c].use
    ]


@MODULE.handler("use_item", args=frames.CardOf)
def _use_item(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    if card not in g.players[seat].objects:
        return
    cards.release(g, seat, card)
    cards.discard(g, card)
    g.say(f"{g.name(seat)} uses the {g.card_name(card)}.", seat=seat)
    effects.run(g, seat, g.rules.instances[card].use, {"src": card})


MODULE.ability("turn")(use_options)


@MODULE.ability("turn")
def dispel_magic(g: Game, seat: int, back: list[Any]) -> list[Choice]:
    """000: with Craft above Strength, roll 2 dice under Craft to end a lasting affliction."""
    p = g.players[seat]
    afflicted = [f for f in p.followers if g.card_name(f) in AFFLICTIONS]
    if not afflicted or "dispel" in p.flags or stats.craft(g, seat) <= stats.strength(g, seat):
        return []
    return [
        Choice(
            "dispel",
            f"Try to dispel the {' and the '.join(g.card_name(f) for f in afflicted)}",
            [
                frames.flag(seat, "dispel"),
                frames.roll(seat, "2D6", ["dispel_result", {"p": seat}], why="Dispel Magic"),
                *back,
            ],
            "free",
        )
    ]


@MODULE.handler("dispel_result", args=frames.Rolled)
def _dispel_result(g: Game, a: frames.Rolled) -> None:
    seat: int = a["p"]
    if a["roll"] < stats.craft(g, seat):
        for f in [f for f in g.players[seat].followers if g.card_name(f) in AFFLICTIONS]:
            possessions.lose_follower(g, seat, f, "is dispelled")
    else:
        g.say(f"{g.name(seat)}'s Dispel Magic fails.", seat=seat)


# --- after the movement roll -----------------------------------------------------


@MODULE.ability("after_roll")
def troll_regenerate(g: Game, seat: int, roll: int) -> list[Choice]:
    if roll != 6 or not stats.has_trait(g, seat, "regenerate-on-6"):
        return []
    return one_option(seat, "regenerate", "Regenerate instead of moving: heal 1 life and end the turn", "regenerate")


@MODULE.handler("regenerate", args=frames.Seat)
def _regenerate(g: Game, a: frames.Seat) -> None:
    g.say(f"{g.name(a['p'])} regenerates.", seat=a["p"])
    lives.heal(g, a["p"], 1)
    lives.end_turn_now(g)


# --- before a fight with creatures ---------------------------------------------


@MODULE.ability("combat")
def creature_options(g: Game, seat: int, fight: dict[str, Any], back: list[Any]) -> list[Choice]:
    p = g.players[seat]
    opts: list[Choice] = []
    subtypes = foe_subtypes(g, fight)
    foes = fight["foes"]
    single_animal = len(foes) == 1 and not fight["adhoc"] and g.rules.instances[foes[0]].subtype == "animal"
    # 000: any character may try to tame any Enemy-Animal it meets, alone or with others.
    animals = [c for c in foes if g.rules.instances[c].subtype == "animal"]
    tried = fight.get("tried_tame", [])
    for c in animals if not p.toad else ():
        if c not in tried:
            opts.append(
                Choice(
                    "tame" if len(animals) == 1 else f"tame:{c}",
                    f"Try to tame the {g.card_name(c)} (2 dice + its Strength must be under your Craft)",
                    [frame("tame", p=seat, card=c, fight={**fight, "tried_tame": [*tried, c]})],
                    data={"card": c},  # (the id names it only among several Animals)
                )
            )
    # a card, or a creature named by a space or card (the Cave's Dragon); not a ``unique`` foe, on which
    # abilities against a kind of creature do not work (000: the Dragon Prince, and the endings' lords)
    any_foe = bool(foes or fight["adhoc"]) and not fight.get("unique")
    let_be = let_be_frames(g, fight, ANIMALS_AND_DRAGONS) if any_foe else None
    if not p.toad and stats.has_trait(g, seat, "animal-friend") and let_be:
        opts.append(Choice("let-be", "Let the Animals and Dragons be: they do not attack you", let_be))
    if single_animal and stats.has_trait(g, seat, "charm-animals") and not fight.get("tried_charm") and not p.toad:
        opts.append(
            Choice(
                "charm",
                "Play to charm the animal (roll higher than its Strength)",
                [
                    frames.roll(
                        seat,
                        "D6",
                        ["charm_result", {"p": seat, "fight": {**fight, "tried_charm": True}}],
                        why="charming the animal",
                    )
                ],
            )
        )
    if subtypes == {"spirit"} and any_foe and stats.has_trait(g, seat, "spirit-slayer") and not p.toad:
        opts.append(Choice("exorcise", "Destroy the Spirits outright", [frame("exorcise", p=seat, fight=fight)]))
    bribes = [g.rules.instances[c].trait_number("bribe") for c in foes]
    if foes and all(bribes) and p.gold >= sum(bribes):
        opts.append(
            Choice("bribe", f"Pay {sum(bribes)}G to be let alone", [frame("bribe", p=seat, n=sum(bribes), fight=fight)])
        )
    if (
        fight["mode"] == "strength"
        and stats.has_trait(g, seat, "mercenary")
        and p.gold >= 1
        and "mercenary" not in p.flags
    ):
        opts.append(
            Choice(
                "mercenary",
                "Pay the Mercenary 1G for +3 Strength this turn",
                [frame("mercenary", p=seat), *back],
                "free",
            )
        )
    if (
        fight["mode"] == "strength"
        and stats.has_trait(g, seat, "assassinate")
        and not fight.get("assassinate")
        and not guard_spared(g, seat, fight)
    ):
        opts.append(
            Choice(
                "assassinate",
                "Assassinate: the creature adds no die",
                [frame_of("combat_roll", {**fight, "assassinate": True})],
            )
        )
    opts += use_options(g, seat, back)
    return opts


@MODULE.ability("combat")
def trophies_before_battle(g: Game, seat: int, fight: dict[str, Any], back: list[Any]) -> list[Choice]:
    """000: killed enemies may be cashed in at any time, so before the dice too."""
    return trophy_options(g, seat, back)


@MODULE.ability("combat")
def send_a_stand_in(g: Game, seat: int, fight: dict[str, Any], back: list[Any]) -> list[Choice]:
    """A Follower with ``stand-in:N`` (the City's Dog, the Dungeon's Faithful Hound) may fight a battle
    in its holder's place with Strength N, never beside it; beaten, it dies and its holder loses no life
    (the engine's champion). Not where the character must fight alone (the Lord of Darkness). A card
    says it in its TOML: ``traits = ["stand-in:2"]`` offers "Send the Dog to fight in your place
    (Strength 2)" before each battle.
    """
    if fight["mode"] != "strength" or fight.get("alone") or fight.get("champion"):
        return []
    out = []
    for f in stats.followers_used(g, seat):
        n = g.rules.instances[f].trait_number("stand-in")
        if n:
            out.append(
                Choice(
                    f"stand-in:{f}",
                    f"Send the {g.card_name(f)} to fight in your place (Strength {n})",
                    [frame_of("combat_roll", {**fight, "champion": {"card": f, "strength": n}})],
                )
            )
    return out


@MODULE.handler("tame", args=frames.CardInFight)
def _tame(g: Game, a: frames.CardInFight) -> None:
    """Character ``p`` tries to tame the foe ``card`` of its ``fight``. Tamed, the Animal follows; whoever
    came with it is still fought. Not tamed, all are fought."""
    seat: int = a["p"]
    fight = a["fight"]
    card = a["card"]
    total, faces = g.roll_dice("2D6", seat)
    need = stats.craft(g, seat)
    value = total + g.rules.instances[card].strength
    g.say(
        f"{g.name(seat)} tries to tame the {g.card_name(card)}: {total} + {g.rules.instances[card].strength} = {value} "
        f"against Craft {need}.",
        type="roll",
        seat=seat,
        dice=faces,
    )
    if value < need:
        _adopt(g, seat, card, "tamed")
        g.say(f"The {g.card_name(card)} is tamed.", seat=seat)
        _, rest = apart(g, fight, [card])
        if has_foes(rest):
            g.push("combat", **rest)
    else:
        g.push("combat", **fight)


class CharmResult(frames.Rolled):
    """The roll of a Charm on the foe of character ``p``'s ``fight``."""

    fight: dict[str, Any]


@MODULE.handler("charm_result", args=CharmResult)
def _charm_result(g: Game, a: CharmResult) -> None:
    seat: int = a["p"]
    fight = a["fight"]
    card = fight["foes"][0]
    if a["roll"] > g.rules.instances[card].strength:
        _adopt(g, seat, card, "charmed")
        g.say(f"The {g.card_name(card)} is charmed and follows {g.name(seat)}.", seat=seat)
    else:
        g.say(f"The {g.card_name(card)} is not charmed.", seat=seat)
        g.push("combat", **fight)


def _adopt(g: Game, seat: int, card: int, how: str) -> None:
    p = g.players[seat]
    cards.lift(g, card, p.space)
    cards.receive(g, seat, card, "followers")
    stats.set_status(g, seat, how, [*p.status.get(how, ()), card])


@MODULE.handler("exorcise", args=frames.OnFight)
def _exorcise(g: Game, a: frames.OnFight) -> None:
    seat: int = a["p"]
    fight = a["fight"]
    p = g.players[seat]
    for c in fight["foes"]:
        if c in g.cards_on(p.space):
            cards.lift(g, c, p.space)
            cards.discard(g, c)
    g.say(f"{g.name(seat)} destroys the {foe_names(g, fight)}.", type="combat-result", seat=seat)
    g.push_all(fight["win"])
    if stats.has_trait(g, seat, "spirit-spell") and len(p.spells) < stats.spell_limit(g, seat):
        g.offer(
            seat,
            "spirit-spell",
            "Gain a Spell for your exorcism?",
            Choice("spell", "Gain a Spell", [frames.effects(seat, [{"take_card": {"deck": "spell"}}], {})]),
            ("no", "No"),
        )


class Bribe(frames.OnFight):
    """Character ``p`` pays ``n`` gold to end its ``fight``."""

    n: int


@MODULE.handler("bribe", args=Bribe)
def _bribe(g: Game, a: Bribe) -> None:
    seat: int = a["p"]
    g.players[seat].gold -= a["n"]
    g.say(f"{g.name(seat)} pays {a['n']}G and is let alone.", type="gold", seat=seat)
    let_pass(g, seat, a["fight"]["foes"])
    g.push_all(a["fight"]["evaded"])


@MODULE.handler("mercenary", args=frames.Seat)
def _mercenary(g: Game, a: frames.Seat) -> None:
    p = g.players[a["p"]]
    p.gold -= 1
    p.flags.add("mercenary")
    stats.add_mod(g, a["p"], "battle_strength", 3, "turn")
    g.say(f"{g.name(a['p'])} pays the Mercenary: +3 Strength in battle this turn.", seat=a["p"])


@MODULE.ability("killed")
def ghoul_raise(g: Game, seat: int, fight: dict[str, Any]) -> None:
    if fight["mode"] != "strength" or not stats.has_trait(g, seat, "raise-dead"):
        return
    for c in fight["foes"]:
        if c in g.players[seat].trophies:
            g.push("raise_offer", p=seat, card=c)


@MODULE.handler("raise_offer", args=frames.CardOf)
def _raise_offer(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    g.decide(
        seat,
        "raise-dead",
        f"Raise the {g.card_name(card)} as your Follower instead of keeping it as a trophy?",
        [
            Choice("trophy", "Keep it as a trophy", []),
            Choice("raise", "Raise it", [frame("raise", p=seat, card=card)]),
        ],
    )


@MODULE.handler("raise", args=frames.CardOf)
def _raise(g: Game, a: frames.CardOf) -> None:
    seat: int = a["p"]
    card = a["card"]
    p = g.players[seat]
    if card in p.trophies:
        cards.release(g, seat, card)
        cards.receive(g, seat, card, "followers")
        stats.set_status(g, seat, "raised", [*p.status.get("raised", ()), card])
        g.say(f"The {g.card_name(card)} rises to serve {g.name(seat)}.", seat=seat)


# --- meeting another character ----------------------------------------------------


@MODULE.ability("meet", traits="steal")
def thief_steal(g: Game, seat: int, other: int) -> list[Choice]:
    if not stats.has_trait(g, seat, "steal"):
        return []
    return _take_options(g, seat, other, "steal", "Steal")


def _take_options(g: Game, seat: int, other: int, key: str, verb_: str) -> list[Choice]:
    o = g.players[other]
    opts = []
    if o.gold:
        opts.append(Choice(f"{key}:gold", f"{verb_} 1 gold from the {g.name(other)}", [frames.take_gold(seat, other)]))
    for c in possessions.stealable(g, other):
        if possessions.permitted(g, seat, c):
            opts.append(Choice(f"{key}:{c}", f"{verb_} the {g.card_name(c)}", [frames.steal(seat, other, c)]))
    return opts


@MODULE.ability("meet", traits=("beguile", "take-follower"))
def sorceress(g: Game, seat: int, other: int) -> list[Choice]:
    opts: list[Choice] = []
    if stats.has_trait(g, seat, "beguile"):
        need = BEGUILE_NEED[g.players[other].alignment]
        opts.append(
            Choice(
                "beguile",
                f"Beguile the {g.name(other)} (roll {need} or more)",
                [
                    frames.roll(
                        seat, "D6", ["beguile_result", {"p": seat, "other": other, "need": need}], why="beguiling"
                    )
                ],
            )
        )
    if stats.has_trait(g, seat, "take-follower"):
        spared = trait_args(g, seat, "take-follower-but")  # and the Maidens (000: the Sorceress and the Unicorn)
        for f in g.players[other].followers:
            if g.card_name(f) not in spared and g.rules.instances[f].subtype != "maiden":
                opts.append(Choice(f"lure:{f}", f"Lure away the {g.card_name(f)}", [frames.steal(seat, other, f)]))
    return opts


class BeguileResult(frames.RolledAgainst):
    """A roll to beguile character ``other``: it needs ``need`` or more."""

    need: int


@MODULE.handler("beguile_result", args=BeguileResult)
def _beguile_result(g: Game, a: BeguileResult) -> None:
    seat: int = a["p"]
    other: int = a["other"]
    if a["roll"] < a["need"]:
        g.say(f"The {g.name(other)} resists the beguiling.", seat=seat)
        return
    opts = _take_options(g, seat, other, "take", "Take")
    if opts:
        g.decide(seat, "beguile", f"The {g.name(other)} is beguiled: take something.", opts)


@MODULE.ability("meet", traits="take-maidens")
def minstrel_maidens(g: Game, seat: int, other: int) -> list[Choice]:
    if not stats.has_trait(g, seat, "take-maidens"):
        return []
    return [
        Choice(f"woo:{f}", f"Win over the {g.card_name(f)}", [frames.steal(seat, other, f)])
        for f in g.players[other].followers
        if g.rules.instances[f].subtype == "maiden"
    ]


# --- the end of the turn -----------------------------------------------------------


@MODULE.ability("end_of_turn")
def build_raft(g: Game, seat: int) -> list[Choice]:
    p = g.players[seat]
    if "raft" in p.status or g.rules.spaces[p.space].kind not in ("woods", "forest"):
        return []
    if not any("raft-builder" in g.rules.instances[o].traits for o in p.objects + p.packed):
        return []
    return one_option(seat, "build-raft", "Build a raft with your Axe (cross the Storm River next turn)", "build_raft")


@MODULE.handler("build_raft", args=frames.Seat)
def _build_raft(g: Game, a: frames.Seat) -> None:
    g.players[a["p"]].status["raft"] = g.turn
    g.say(f"{g.name(a['p'])} builds a raft.", seat=a["p"])


@MODULE.ability("end_of_turn")
def druid_woods(g: Game, seat: int) -> list[Choice]:
    p = g.players[seat]
    if (
        g.rules.spaces[p.space].kind != "woods"
        or not stats.has_trait(g, seat, "woods-spells")
        or "arrived" not in p.flags
        or len(p.spells) >= stats.spell_limit(g, seat)
    ):
        return []
    return [
        Choice(
            "woods-spells",
            "Gather Spells in the Woods, up to your limit",
            [frames.effects(seat, [{"fill_spells": True}], {})],
        )
    ]
