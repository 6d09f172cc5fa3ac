"""The Treasure Chamber and the Lord of Darkness (001 "Treasure Chamber").

A move ends on the Treasure Chamber (a ``stop`` space), and the character
must fight the Lord of Darkness, Strength 12 and Craft 12, in battle or in
psychic combat as it chooses. He cannot be evaded and only the character
fights him (no Follower in its place; a Spell may still kill him). A kill
earns a Treasure, chosen from the Treasure deck (drawn at random under the
Random Treasures option), which the killer "may" take or leave; nothing when
the deck is empty. Win, lose or draw,
the character then emerges: its attack score minus his, on the chart below
(less than 0 reads as 0; a kill with no attack roll, by a Spell, also reads
0). Beaten, it is moved there and its turn ends without an encounter (001
"Moving After Defeat"); otherwise it encounters where it emerges. 8 or more
is the Crown of Command, Talisman or not. He always rises again, whole.

Under Winner Takes All and in the Short Dungeon Game his killer wins the
game. In the Short Dungeon Game there is nowhere to emerge: a character who
fails stays in the Chamber and faces him again next turn.

Our reading (001 does not say it): a character who starts its turn in the
Chamber without having faced him there (a Spirit of Vengeance's attack took
the place of its encounter) faces him now: the path goes no further, and he
is the only way out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import frames, holds, possessions, stats
from talisman.engine.combat import FightIn
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.dungeon_4e import rules
from talisman.modules.dungeon_4e.module import MODULE
from talisman.modules.shared.lord_of_darkness import LORD, Emerge, emerge_space, face_lord, fight_lord, fight_result

if TYPE_CHECKING:
    from talisman.engine.game import Game

CHAMBER = "treasure-chamber"


@MODULE.hook("lord-of-darkness")
def lord_of_darkness(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the Lord of Darkness is fought by Strength or Craft, and the scores are taken first."""
    g.say(f"The {LORD} rises from his hoard to face {g.name(seat)}.", type="attack", seat=seat)
    face_lord(g, seat, "lord", "lord_fight", ids=("battle", "psychic"))


@MODULE.ability("turn_start")
def unfaced_lord(g: Game, seat: int) -> None:
    """A character in the Chamber that has not faced him there faces him this turn."""
    p = g.players[seat]
    if rules.active(g) and g.rules.spaces[p.space].id == CHAMBER and "hold" not in p.status:
        holds.hold(g, seat, LORD, [{"hook": "lord-of-darkness"}])


@MODULE.handler("lord_fight", args=FightIn)
def _lord_fight(g: Game, a: FightIn) -> None:
    fight_lord(g, a, "lord_after", [frame("lord_slain", p=a["p"])], alone=True)


@MODULE.handler("lord_slain", args=frames.Seat)
def _lord_slain(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    g.say(
        f"{g.name(seat)} slays the {LORD}; his spirit lingers, and he will rise again.", type="combat-result", seat=seat
    )
    if rules.lord_wins_game(g):
        g.end([seat], f"killed the {LORD}")
        return
    g.push("lord_after", p=seat, defeated=False)
    g.push("claim_treasure", p=seat)


@MODULE.handler("claim_treasure", args=frames.Seat)
def _claim_treasure(g: Game, a: frames.Seat) -> None:
    seat = a["p"]
    hoard = g.decks["treasure"]
    if not hoard:
        g.say(f"The {LORD}'s hoard is empty: {g.name(seat)} finds no Treasure.", seat=seat)
        return
    decline = Choice("none", "Take no Treasure", [frame("decline_treasure", p=seat)])
    if g.options.get("random-treasures"):
        g.decide(
            seat,
            "treasure",
            "You may draw a Treasure from the hoard, at random.",
            [Choice("draw", "Draw a Treasure", [frame("take_treasure", p=seat, card=hoard[-1])]), decline],
        )
        return
    g.decide(
        seat,
        "treasure",
        "You may choose a Treasure from the hoard.",
        [
            *[
                Choice(f"treasure:{c}", f"The {g.card_name(c)}", [frame("take_treasure", p=seat, card=c)])
                for c in sorted(hoard, key=lambda c: (g.card_name(c), c))
            ],
            decline,
        ],
    )


@MODULE.handler("decline_treasure", args=frames.Seat)
def _decline_treasure(g: Game, a: frames.Seat) -> None:
    g.say(f"{g.name(a['p'])} leaves the {LORD}'s hoard untouched.", seat=a["p"])


@MODULE.handler("take_treasure", args=frames.CardOf)
def _take_treasure(g: Game, a: frames.CardOf) -> None:
    seat, card = a["p"], a["card"]
    g.decks["treasure"].remove(card)
    g.say(f"{g.name(seat)} takes the {g.card_name(card)} from the hoard.", type="gain", seat=seat)
    possessions.offer(g, seat, card)


@MODULE.handler("lord_after", args=Emerge)
def _lord_after(g: Game, a: Emerge) -> None:
    """After the fight: emerge by the chart, or (Short Dungeon Game) stay to fight again."""
    seat = a["p"]
    result = fight_result(g, seat)
    if result is None:
        return
    if rules.short_game(g):
        holds.hold(g, seat, f"{LORD} again", [{"hook": "lord-of-darkness"}])
        g.say(f"{g.name(seat)} stays in the Treasure Chamber to face the {LORD} again.", seat=seat)
        return
    bonus = stats.trait_value(g, seat, "emerge-bonus")  # the Lone Dwarf as a Follower
    if bonus:
        g.say(f"{g.name(seat)}'s guide adds {bonus} to the result.", seat=seat)
    dest = g.rules.space_index[emerge_space(result + bonus, "crown-of-command")]
    g.say(
        f"{g.name(seat)} emerges from the Treasure Chamber (result {result + bonus}) on the {g.space_name(dest)}"
        f"{', beaten: the turn ends there' if a['defeated'] else ''}.",
        type="move",
        seat=seat,
    )
    g.push_frame(frames.teleport(seat, dest, encounter=not a["defeated"]))
