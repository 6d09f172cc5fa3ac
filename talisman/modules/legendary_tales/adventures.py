"""Special rules of adventures 4 and 5 of Legendary Tales (all our own design, 002 is silent).

Adventure 4, the toads: a token whose key is in ``CURSERS`` (the Hex Toad, the Witch's Cat, the
Witch) croaks a curse when it is revealed: one Toad token from the aside goes into the bag of the
hero whose turn it is (none if all six are in bags; an ``on_reveal`` rule). A Toad has no icons: drawn, it counts as
nothing and lies in front of the hero like any token. The action ``cure-toads`` (run when the
Prince's counter-spell is brewed) puts every Toad back aside.

Adventure 5, the clues: ``drop-clue`` returns one of the four clue tokens unseen to the box and
notes its place as the Dark Lord's hideout; ``place-villagers`` shuffles the three other clues
with the named villager tokens onto locations; ``place-red`` shuffles adventure 2's eight smooth
red tokens onto locations; ``clues-found`` holds when three clues lie on the scroll; ``hideout``
places the named tokens on the hideout and says where it is.

>>> sorted(CLUES)
['castle', 'cave', 'ruins', 'temple']
"""

from __future__ import annotations

from typing import Any

from talisman.engine.game import Game
from talisman.modules.legendary_tales.board import loc, pick, put
from talisman.modules.legendary_tales.catalogue import catalogue
from talisman.modules.legendary_tales.tasks import action, condition, on_reveal

CURSERS = ("hex-toad", "witch-cat", "witch")
CLUES = {"castle": "clue-castle", "ruins": "clue-ruins", "temple": "clue-temple", "cave": "clue-cave"}


@on_reveal
def toad_curse(g: Game, t: int) -> None:
    """Adventure 4: a curser turned face up puts a Toad from the aside into the active hero's bag."""
    tok = catalogue().tokens[t]
    if tok.adventure == 4 and tok.key in CURSERS and g.players:
        toads = [x for x in g.decks.get("aside", []) if catalogue().tokens[x].kind == "toad"]
        if toads:
            seat = g.active
            g.decks["aside"].remove(toads[0])
            g.decks[f"bag:{seat}"].append(toads[0])
            g.say(f"{tok.name} croaks a curse: a Toad goes into {g.name(seat)}'s bag.")


@action("cure-toads")
def _cure(g: Game, spec: dict[str, Any]) -> None:
    cat = catalogue()
    for name, deck in g.decks.items():
        if name.startswith(("bag:", "front:")):
            for t in [x for x in deck if cat.tokens[x].kind == "toad"]:
                deck.remove(t)
                g.decks["aside"].append(t)
    g.say("The counter-spell works: every toad becomes a hero again.")


@action("drop-clue")
def _drop_clue(g: Game, spec: dict[str, Any]) -> None:
    places = sorted(CLUES)
    hide = places[g.rng.below(len(places))]
    g.globals = {**g.globals, "hideout": hide}  # its clue stays in the box, unseen


@action("place-villagers")
def _villagers(g: Game, spec: dict[str, Any]) -> None:
    hide = g.globals["hideout"]
    keys = [CLUES[p] for p in sorted(CLUES) if p != hide] + list(spec["tokens"])
    picked = pick(g, keys, ("box",))
    g.rng.shuffle(picked)
    put(g, picked, list(spec["at"]))


@action("place-red")
def _red(g: Game, spec: dict[str, Any]) -> None:
    cat = catalogue()
    red = [t for t in cat.adventure_tokens.get(2, []) if cat.tokens[t].border == "smooth" and t in g.decks["box"]]
    g.rng.shuffle(red)
    put(g, red, list(spec["at"]))


@condition("clues-found")
def _clues(g: Game, spec: dict[str, Any]) -> bool:
    cat = catalogue()
    return sum(1 for t in g.decks["scroll"] if cat.tokens[t].key.startswith("clue-")) >= int(spec.get("count", 3))


@action("hideout")
def _hideout(g: Game, spec: dict[str, Any]) -> None:
    hide = g.globals["hideout"]
    g.say(f"No clue names the {g.space_name(loc(g, hide))}: the Dark Lord hides there.", type="story")
    put(g, pick(g, list(spec["tokens"])), [hide] * len(spec["tokens"]))
