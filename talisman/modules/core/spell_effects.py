"""What the one base Spell the vocabulary cannot say does once cast (and not countered): the Hex.

Each effect receives the ``cast`` frame's arguments: the caster ``p``, the
``card``, the ``target`` seat when the Spell names one, the ``window`` it was
cast in, and ``combat``, the fight it was cast in (if any).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import cards, frames, spells
from talisman.engine.decision import Choice
from talisman.engine.game import frame
from talisman.modules.core.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game


@MODULE.spell_effect("hex")
def hex_(g: Game, a: dict[str, Any]) -> None:
    """One card: the Spell is laid on an empty space, for whoever lands there."""
    seat: int = a["p"]
    card = a["card"]
    occupied = {p.space for p in g.players if p.alive}
    spaces = [s for s in g.rules.spaces if s.region in ("outer", "middle") and s.index not in occupied]
    g.decide(
        seat,
        "hex",
        "Hex: on which empty space do you lay it?",
        [
            Choice(f"hex:{s.id}", f"The {s.name} ({s.id})", [frame("lay_hex", p=seat, card=card, space=s.index)])
            for s in spaces
        ],
    )


@MODULE.handler("lay_hex", args=frames.CardOn)
def _lay_hex(g: Game, a: frames.CardOn) -> None:
    card = a["card"]
    space = a["space"]
    spells.leave_play(g, card)
    cards.place(g, card, space)
    g.globals[f"hex:{card}"] = {"seat": a["p"], "turns": 3, "space": space, "card": card}
    g.say(f"A Hex lies on the {g.space_name(space)} for three rounds.", seat=a["p"])
