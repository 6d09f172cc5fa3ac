"""The Dungeon ring's tiles with rules of their own (004 "Dungeon Special Tiles").

- Cell: the Cell of both Dungeons (talisman.modules.shared.cell).
- Hall of Darkness: the next move is a die: back 3, 2, 1, forward 1, 2, 3
  tiles along the ring; "forward" is the long way round from the Entrance
  toward the Treasure Chamber (our reading); the Mountains stop the steps, and
  so does the Treasure Chamber, where the move ends.
- Summoning Circle: the nearest Enemy lying face up on the world (in hexes;
  the lowest tile on a tie) is moved here and faced; with none, a card drawn.
- Treasure Chamber: fight the Lord of Darkness (Strength 12, Craft 12) in battle
  or psychic combat; win or lose, your attack score minus his says where you
  come out: 0 or less the Crags, 1 the Forest, 2 the Chasm, 3 the Cursed Glade,
  4 the Warlock's Cave, 5 the Temple, 6 the Portal of Power, 7 the Plain of
  Peril, 8 or more the ending. Beaten, the tile is not encountered; else it is
  (as the 4th-edition Dungeon, 001).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.content.vocabulary import _fail
from talisman.engine import cards, frames, lives
from talisman.engine.combat import FightIn
from talisman.engine.game import frame
from talisman.modules.shared.cell import register_cell
from talisman.modules.shared.lord_of_darkness import Emerge, emerge_space, face_lord, fight_lord, fight_result
from talisman.modules.worlds import generator, world
from talisman.modules.worlds.module import MODULE
from talisman.modules.worlds.tiles import to_peril

if TYPE_CHECKING:
    from talisman.engine.game import Game

register_cell(MODULE)


def _steps_ok(value: Any, path: str) -> None:
    if not isinstance(value, dict) or set(value) != {"n", "direction"} or value["direction"] not in ("forward", "back"):
        _fail(path, "expected { n = N, direction = 'forward' or 'back' }")


@MODULE.verb("world_steps", _steps_ok)
def world_steps(g: Game, seat: int, params: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Move ``n`` tiles along the Dungeon ring, forward (away from the Entrance, the long way) or back."""
    ring = [g.rules.space_index[sid] for q, r, sid in world.tiles(g) if generator.ring_of(q, r) == 5]
    here = g.players[seat].space
    if here not in ring:
        return
    step = -1 if params["direction"] == "forward" else 1
    i, path = ring.index(here), []
    for _ in range(params["n"]):
        i = (i + step) % len(ring)
        if world.kind(g, ring[i]) == "mountains":
            break
        path.append(ring[i])
        if g.rules.spaces[ring[i]].stop:
            break
    if not path:
        g.say(f"{g.name(seat)} finds no way on through the darkness.", seat=seat)
        return
    g.say(f"{g.name(seat)} gropes {len(path)} tile(s) {params['direction']} in the dark.", type="move", seat=seat)
    if seat == g.active:
        lives.end_turn_now(g)
    g.push_frame(frames.walk(seat, path, 0))


@MODULE.hook("worlds-summon")
def summon(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the nearest Enemy of the hex board is brought here."""
    here = g.players[seat].space
    geo = world.geometry(g)
    found = sorted(
        (generator.hex_distance(geo.pos[s], geo.pos[here]), s)
        for s in g.board
        if s != here and geo.on_world(s) and any(g.rules.instances[c].is_enemy for c in g.cards_on(s))
    )
    if not found:
        g.say(f"Nothing answers the Summoning Circle for {g.name(seat)}.", seat=seat)
        return
    source = found[0][1]
    card = next(c for c in g.cards_on(source) if g.rules.instances[c].is_enemy)
    cards.lift(g, card, source)
    cards.place(g, card, here)
    g.say(f"The Summoning Circle calls the {g.card_name(card)} from the {g.space_name(source)}.", seat=seat)


@MODULE.hook("worlds-lord-of-darkness")
def lord_of_darkness(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """One space: the Lord of Darkness is fought by Strength or Craft, and the scores are taken first."""
    face_lord(g, seat, "worlds-lord", "worlds_lord_of_darkness")


@MODULE.handler("worlds_lord_of_darkness", args=FightIn)
def _lord_fight(g: Game, a: FightIn) -> None:
    fight_lord(g, a, "worlds_emerge", [frame("worlds_emerge", p=a["p"], defeated=False)], trophy=False)


@MODULE.handler("worlds_emerge", args=Emerge)
def _emerge(g: Game, a: Emerge) -> None:
    seat = a["p"]
    result = fight_result(g, seat)
    if result is None:
        return
    dest = emerge_space(result, generator.ENDING)
    g.say(f"{g.name(seat)} comes out of the Treasure Chamber (result {result}).", type="move", seat=seat)
    if dest == "plain-of-peril":
        to_peril(g, seat, encounter=not a["defeated"])
        return
    g.push_frame(frames.teleport(seat, g.rules.space_index[dest], encounter=not a["defeated"]))
