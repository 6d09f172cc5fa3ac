"""What the Dungeon's 12 new Spells do once cast (and not countered).

Each effect receives the ``cast`` frame's arguments (see
:mod:`talisman.engine.spells`): the caster ``p``, the ``card``, the
``target`` seat, the ``window`` it was cast in and ``combat``, what it was
cast on (a fight, a roll to change, a Spell to call).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import combat, effects, lives, possessions
from talisman.engine.decision import Choice
from talisman.engine.game import frame_of
from talisman.modules.dungeon_4e.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

FINGER_OF_DEATH_LIVES = 2
SHELL_TRAITS = ("spell-immune", "no-spells", "no-magic-objects", "command-immune")


@MODULE.spell_effect("divine-intervention")
def divine_intervention(g: Game, a: dict[str, Any]) -> None:
    """A lost fight becomes a stand-off (cast from the ``defeat`` window).

    One card: a lost fight becomes a stand-off."""
    fight = a["combat"]
    g.say(f"Divine Intervention: {g.name(a['p'])}'s defeat becomes a stand-off.", seat=a["p"])
    if "foes" in fight:
        g.push("combat_outcome", **{**fight, "outcome": "standoff"})


@MODULE.ability("lost_fight")
def intervene(g: Game, seat: int, fight: dict[str, Any]) -> list[Choice]:
    """After a lost battle or psychic combat with creatures, Divine Intervention may be cast."""
    from talisman.engine.spells import cast_options

    if fight.get("outcome") != "lose":
        return []
    return cast_options(g, seat, "defeat", [frame_of("combat_outcome", {**fight})], combat=fight)


@MODULE.spell_effect("finger-of-death")
def finger_of_death(g: Game, a: dict[str, Any]) -> None:
    """Creatures die at once (Enemy cards become trophies); a character loses 2 lives and the fight is over.

    One card: a fight is ended at once, the foes slain."""
    seat, fight = a["p"], a["combat"]
    if "foes" in fight:
        g.say(f"The Finger of Death points at the {combat.foe_names(g, fight)}.", seat=seat)
        combat.slay(g, seat, fight)
    elif "d" in fight:
        victim = fight["d"] if seat == fight["a"] else fight["a"]
        g.say(f"The Finger of Death points at the {g.name(victim)}; the fight is over.", seat=seat)
        lives.lose_lives(g, victim, FINGER_OF_DEATH_LIVES, "the Finger of Death")


@MODULE.spell_effect("magic-shell")
def magic_shell(g: Game, a: dict[str, Any]) -> None:
    """One card: traits lent until the caster's next turn."""
    p = g.players[a["p"]]
    if not p.status.get("shell"):  # a second Shell while one holds lends nothing more
        possessions.lend_traits(g, a["p"], SHELL_TRAITS)
    p.status["shell"] = True
    g.say(f"A Magic Shell closes round {g.name(a['p'])} until its next turn.", seat=a["p"])


@MODULE.ability("turn_start", character="shell")
def shell_breaks(g: Game, seat: int) -> None:
    p = g.players[seat]
    if p.status.pop("shell", None):
        possessions.take_back_traits(g, seat, SHELL_TRAITS)
        g.say(f"{g.name(seat)}'s Magic Shell fades.", seat=seat)


@MODULE.spell_effect("spell-call")
def spell_call(g: Game, a: dict[str, Any]) -> None:
    """One card: the foe is called to the caster, as the 4th-edition Dungeon's fights allow."""
    against = a["combat"]["against"]
    g.globals["called"] = {"card": against, "by": a["p"]}
    g.say(f"{g.name(a['p'])} calls the {g.card_name(against)} to itself.", seat=a["p"])


@MODULE.spell_effect("temporal-vortex")
def temporal_vortex(g: Game, a: dict[str, Any]) -> None:
    """One card: a lost turn is given back, or an extra turn is taken."""
    seat = a["p"]
    p = g.players[seat]
    if a["window"] == "lost-turn":
        p.lost_turns -= 1
        g.say(f"The Temporal Vortex gives {g.name(seat)} back the turn it was to miss.", seat=seat)
        g.push("turn_go", p=seat)
        return
    g.push("turn_menu", p=seat)  # cast at the start of the turn: the turn goes on
    effects.run(g, seat, [{"extra_turn": 1}])


@MODULE.spell_effect("twist-of-fate")
def twist_of_fate(g: Game, a: dict[str, Any]) -> None:
    """Choose the die instead of rolling again: finish the roll that waited (``combat`` describes it).

    One card: a die that waits is set to the face one chooses."""
    seat, roll = a["p"], a["combat"]
    options = []
    for k in range(roll["sides"], 0, -1):
        args = (
            {**roll["args"], roll["key"]: [k]}
            if roll["style"] == "battle"
            else {**roll["args"], roll["key"]: k, roll["key"] + "_faces": [k]}
        )
        options.append(Choice(f"result:{k}", f"A {k}", [frame_of(roll["kind"], {**args})]))
    g.decide(seat, "twist", "Twist of Fate: choose the result.", options)
