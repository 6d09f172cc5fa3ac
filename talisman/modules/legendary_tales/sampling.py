"""What a seat of Legendary Tales (002) cannot know, drawn again for search: the bags' draws,
the Travel die and the Reward bag (the random source reseeded), the face-down tokens of each
shuffled placement, and in adventure 5 the hideout among the clues not yet seen. Registered as
the game's sampler (:data:`~talisman.engine.determinise.SAMPLERS`), which
:meth:`~talisman.engine.view.GameView.sample_world` uses.
"""

from __future__ import annotations

import random
from functools import cache

from talisman.engine.determinise import SAMPLERS
from talisman.engine.game import Game
from talisman.engine.rng import Rng
from talisman.modules.legendary_tales.adventures import CLUES
from talisman.modules.legendary_tales.catalogue import catalogue

# --- the hidden information -------------------------------------------------------------------


@cache
def shuffled_groups(adventure: int) -> tuple[tuple[frozenset[int], frozenset[str]], ...]:
    """Each shuffled placement of an adventure's data: the tokens it may place, and where.

    >>> len(shuffled_groups(2))
    2
    """
    cat = catalogue()
    data = cat.adventures[adventure]
    specs = list(data.get("setup", [])) + [s for step in data.get("step", []) for s in step.get("then", [])]
    mine = cat.adventure_tokens[adventure]
    out = []
    for s in specs:
        if s["do"] == "place" and s.get("shuffle"):
            keys = set(s["tokens"])
        elif s["do"] == "place-villagers":
            keys = set(s["tokens"]) | set(CLUES.values())
        elif s["do"] == "place-red":
            red = [t for t in cat.adventure_tokens.get(2, []) if cat.tokens[t].border == "smooth"]
            out.append((frozenset(red), frozenset(s["at"])))
            continue
        else:
            continue
        out.append((frozenset(t for t in mine if cat.tokens[t].key in keys), frozenset(s["at"])))
    return tuple(out)


def sample_world(g: Game, seat: int | None, rng: random.Random) -> Game:
    """A clone of ``g`` with what no seat can see drawn again from ``rng`` (nothing is hidden
    from one seat only: bags are open to all, and no token is looked at alone).

    Piles without order (the bags, the Reward bag, the box, the tokens set aside) are sorted,
    so the world does not depend on the order the game keeps them in; the random source is
    reseeded. A face-down token is exchanged with the others of its shuffled placement that
    have the same back and lie face down where that placement could have put them.
    """
    w = g.clone()
    w.rng = Rng(rng.getrandbits(64))
    for name, pile in w.decks.items():
        if name.startswith("bag:") or name in ("reward", "box", "aside"):
            pile.sort()
    cat = catalogue()
    number = int(w.globals["adventure"])
    down = set(w.globals["down"])
    slots: dict[tuple[int, str], list[tuple[int, int]]] = {}
    groups = shuffled_groups(number)
    for where in sorted(w.board):
        place = w.rules.spaces[where].id
        for i, t in enumerate(w.board[where]):
            if t not in down:
                continue
            k = next((k for k, (tokens, at) in enumerate(groups) if t in tokens and place in at), None)
            if k is not None:
                slots.setdefault((k, cat.tokens[t].back), []).append((where, i))
    hideout = _hidden_clue(w, number)
    for (k, back), spots in slots.items():
        pool = sorted(w.board[where][i] for where, i in spots)
        if hideout is not None and hideout in groups[k][0] and cat.tokens[hideout].back == back:
            pool = sorted([*pool, hideout])
            clues = [t for t in pool if cat.tokens[t].key in CLUES.values()]
            left = rng.choice(clues)  # each clue not yet seen is as likely the one left out
            pool.remove(left)
            down = (down | {hideout}) - {left}
            w.decks["box"] = sorted([t for t in w.decks["box"] if t != hideout] + [left])
            place = next(p for p, key in CLUES.items() if key == cat.tokens[left].key)
            w.globals = {**w.globals, "hideout": place}
            hideout = None
        rng.shuffle(pool)
        for (where, i), t in zip(spots, pool, strict=True):
            w.board[where][i] = t
    w.globals = {**w.globals, "down": sorted(down)}
    return w


def _hidden_clue(g: Game, number: int) -> int | None:
    """Adventure 5 before the hideout is told: the clue left unseen in the box (else None)."""
    if number != 5 or "hideout" not in g.globals or g.globals["step"] > 0:
        return None
    cat = catalogue()
    key = CLUES[g.globals["hideout"]]
    return next((t for t in g.decks["box"] if cat.tokens[t].key == key and cat.tokens[t].adventure == 5), None)


SAMPLERS["legendary-tales"] = sample_world
