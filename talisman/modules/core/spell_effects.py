"""What the 17 base Spells do once cast (and not countered).

Each effect receives the ``cast`` frame's arguments: the caster ``p``, the
``card``, the ``target`` seat when the Spell names one, the ``window`` it was
cast in, and ``combat``, the fight it was cast in (if any).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.engine import cards, effects, lives, possessions, stats
from talisman.engine.game import frame, handler
from talisman.engine.spells import spell_effect
from talisman.engine.transform import become_toad

if TYPE_CHECKING:
    from talisman.engine.game import Game


@spell_effect("acquisition")
def acquisition(g: Game, a: dict) -> None:
    seat, target = a["p"], a["target"]
    o = g.players[target]
    opts = []
    if o.gold:
        opts.append(("gold", f"Take 1 gold from the {g.name(target)}", [frame("take_gold", win=seat, lose=target)]))
    for c in possessions.stealable(g, target):
        opts.append((f"object:{c}", f"Take the {g.card_name(c)}", [frame("steal", win=seat, lose=target, card=c)]))
    if opts:
        g.decide(seat, "acquisition", f"Acquisition: what do you take from the {g.name(target)}?", opts)
    else:
        g.say(f"The {g.name(target)} has nothing to take.", seat=seat)


@spell_effect("counterspell")
def counterspell(g: Game, a: dict) -> None:
    """Counterspell works only as an answer (see talisman.engine.spells.counter_window)."""


@spell_effect("destruction")
def destruction(g: Game, a: dict) -> None:
    from talisman.engine.encounter import deck_here

    seat = a["p"]
    deck = deck_here(g, seat, "adventure")  # in the Dungeon, its cards (001)
    targets = [(s, c) for s, held in sorted(g.board.items()) for c in held if g.rules.instances[c].deck == deck]
    if not targets:
        g.say("There is no face-up Adventure card to destroy.", seat=seat)
        return
    g.decide(
        seat,
        "destruction",
        "Destruction: which face-up card do you destroy?",
        [
            (f"destroy:{c}", f"The {g.card_name(c)} on the {g.space_name(s)}", [frame("destroy_card", space=s, card=c)])
            for s, c in targets
        ],
    )


@handler("destroy_card")
def _destroy_card(g: Game, a: dict) -> None:
    if a["card"] in g.cards_on(a["space"]):
        cards.lift(g, a["card"], a["space"])
        cards.discard(g, a["card"])
        g.counters.pop(a["card"], None)
        g.say(f"The {g.card_name(a['card'])} on the {g.space_name(a['space'])} is destroyed.")


@spell_effect("divination")
def divination(g: Game, a: dict) -> None:
    from talisman.engine.encounter import deck_here

    seat = a["p"]
    deck = deck_here(g, seat, "adventure")  # in the Dungeon, its cards (001)
    top = g.decks[deck][-5:][::-1]
    names = ", ".join(g.card_name(c) for c in top) or "nothing"
    g.say(
        f"{g.name(seat)} foresees the next {g.rules.deck_info[deck]['name']} cards: {names}.",
        seat=seat,
        private=seat,
        public=f"{g.name(seat)} looks into the future.",
    )


@spell_effect("hex")
def hex_(g: Game, a: dict) -> None:
    seat, card = a["p"], a["card"]
    occupied = {p.space for p in g.players if p.alive}
    spaces = [s for s in g.rules.spaces if s.region in ("outer", "middle") and s.index not in occupied]
    g.decide(
        seat,
        "hex",
        "Hex: on which empty space do you lay it?",
        [
            (f"hex:{s.id}", f"The {s.name} ({s.id})", [frame("lay_hex", p=seat, card=card, space=s.index)])
            for s in spaces
        ],
    )


@handler("lay_hex")
def _lay_hex(g: Game, a: dict) -> None:
    card, space = a["card"], a["space"]
    g.globals["in_play"] = [c for c in g.globals.get("in_play", ()) if c != card]
    if not g.globals["in_play"]:
        del g.globals["in_play"]
    cards.place(g, card, space)
    g.globals[f"hex:{card}"] = {"seat": a["p"], "turns": 3, "space": space, "card": card}
    g.say(f"A Hex lies on the {g.space_name(space)} for three rounds.", seat=a["p"])


@spell_effect("immobility")
def immobility(g: Game, a: dict) -> None:
    combat = a.get("combat") or {}
    if a["window"] == "combat" and "foes" in combat:
        g.say("The creature is held fast by Immobility.", seat=a["p"])
        g.push("combat_evaded", **combat)
    elif a["window"] == "combat" and "d" in combat:
        g.push("pvp_evaded", **combat)
    elif a["target"] is not None:
        g.players[a["target"]].status["immobile"] = True
        g.say(f"The {g.name(a['target'])} is held fast by Immobility.", seat=a["p"])


@spell_effect("invisibility")
def invisibility(g: Game, a: dict) -> None:
    combat = a.get("combat") or {}
    if "foes" in combat:
        g.push("combat_evaded", **combat, whole_space=True)
    elif "d" in combat:
        g.push("pvp_evaded", **combat)


@spell_effect("mesmerism")
def mesmerism(g: Game, a: dict) -> None:
    seat, target = a["p"], a["target"]
    followers = g.players[target].followers
    if not followers:
        g.say(f"The {g.name(target)} has no Follower to take.", seat=seat)
        return
    g.decide(
        seat,
        "mesmerism",
        f"Mesmerism: which Follower of the {g.name(target)} comes to you?",
        [
            (f"follower:{f}", f"The {g.card_name(f)}", [frame("steal", win=seat, lose=target, card=f)])
            for f in followers
        ],
    )


@spell_effect("preservation")
def preservation(g: Game, a: dict) -> None:
    seat = a["target"] if a["target"] is not None else a["p"]
    g.say(f"Preservation keeps {g.name(seat)} from losing a life.", seat=a["p"])
    loss = a.get("loss")
    if loss and loss["n"] > 1:
        g.push("lose_lives", **{**loss, "n": loss["n"] - 1})


@spell_effect("random")
def random_(g: Game, a: dict) -> None:
    target = a["target"]
    effects.roll(g, target, "D6", frame("random_result", p=target), why="the Random spell", fate=False)


@handler("random_result")
def _random_result(g: Game, a: dict) -> None:
    seat, r = a["p"], a["roll"]
    p = g.players[seat]
    if r == 1:
        become_toad(g, seat, 3)
    elif r in (2, 3):
        attr = "strength" if r == 2 else "craft"
        printed = stats.base_value(g, seat, attr)
        if getattr(p, attr) > printed:
            setattr(p, attr, printed)
            stats.changed(g)
            g.say(f"{g.name(seat)}'s {attr.capitalize()} falls back to {printed}.", seat=seat)
            possessions.check_limits(g, seat)
    elif r == 4:
        p.gold = 0
        g.say(f"{g.name(seat)} loses all its gold.", type="gold", seat=seat)
    elif r == 5:
        lives.gain_attribute(g, seat, "strength", 1)
    else:
        lives.gain_lives(g, seat, 1)


@spell_effect("teleport")
def teleport(g: Game, a: dict) -> None:
    seat = a["p"]
    p = g.players[seat]
    region = g.rules.spaces[p.space].region  # never the Inner Region: no movement roll to replace there
    g.decide(
        seat,
        "teleport",
        "Teleport: to which space?",
        [
            (
                f"to:{sid}",
                g.rules.space(sid).name + f" ({sid})",
                [frame("arrive", p=seat, space=g.rules.space_index[sid], how="teleport")],
            )
            for sid in g.rules.regions[region].ring
            if g.rules.space_index[sid] != p.space
        ],
    )
