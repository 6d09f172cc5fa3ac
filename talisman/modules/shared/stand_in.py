"""A Follower that fights a battle in its holder's place: the City's Dog (``stand-in:N``) and the
4th edition Dungeon's Faithful Hound (``champion:N``) are the same rule under two names. The
engine's fight reads the ``champion`` it is given: the Follower's Strength instead of the
character's, and a defeat that falls on the Follower."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame_of

if TYPE_CHECKING:
    from talisman.engine.game import Game


def stand_in_options(g: Game, seat: int, fight: dict[str, Any], trait: str) -> list[Choice]:
    """An option (id ``<trait>:<card>``) for each Follower of character ``seat`` with a
    ``<trait>:N`` trait, to fight this battle in its place with Strength N; none in psychic
    combat, where the character must fight alone, or where a stand-in already fights.

    >>> from talisman import Game
    >>> g = Game.new(players=2, seed=0, log=False)
    >>> stand_in_options(g, 0, {"mode": "strength", "foes": []}, "stand-in")
    []
    """
    if fight.get("mode") != "strength" or fight.get("alone") or fight.get("champion"):
        return []
    out = []
    for f in stats.followers_used(g, seat):
        n = g.rules.instances[f].trait_number(trait)
        if n:
            out.append(
                Choice(
                    f"{trait}:{f}",
                    f"Let the {g.card_name(f)} fight in your place (Strength {n})",
                    [frame_of("combat_roll", {**fight, "champion": {"card": f, "strength": n}})],
                )
            )
    return out
