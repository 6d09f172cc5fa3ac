"""Fights against the lords of the endings: foes with several lives, fought
round after round.

A *boss* is a plain dict (see :func:`boss`). Each round is an ordinary fight
(the engine's ``combat`` frame: Spells, abilities and Fate as in any fight,
no evading, and abilities against a kind of creature do not work on a
``unique`` foe) in the round's attribute: ``modes`` gives the order
(000: "Each Combat changes to the other attribute"). A round won takes one of
the boss's lives; a round lost costs the character a life, as any lost fight.
The fight goes on until one side has no lives left, unless ``on_loss`` sends
the character away after a lost round (the Dragon King's brothers) or
``pause`` ends the turn after each round (the Demon Lord).

``dual`` rounds are the Dragon King's: a battle and a psychic combat at once,
one die for each; both must be won to take a life from him, and losing either
loses the round and a life (000).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import abilities, effects, frames, spells, stats
from talisman.engine.combat import CREATURE_DIE, battle_strength, lose_battle_life
from talisman.engine.decision import Choice, Frame
from talisman.engine.game import frame, frame_of
from talisman.modules.endings.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

ONE_ITEM = "one-item"  # the tag of the modifier that leaves one Craft item working (the Priest of Chaos)


def boss(
    name: str,
    *,
    strength: int = 0,
    craft: int = 0,
    lives: int = 1,
    modes: tuple[str, ...] = ("strength",),
    subtype: str = "",
    margin: int = 0,
    gains: bool = False,
    one_item: bool = False,
    on_win: list[Any] | None = None,
    on_loss: list[Any] | None = None,
    pause: bool = False,
    pool: str = "",
) -> dict[str, Any]:
    """A boss: ``modes`` (strength, craft or dual) in turn; ``margin`` a round
    must be won by (a lesser result is a loss); ``gains`` the lives it takes;
    ``one_item`` only one Craft-enhancing possession, drawn at random, works
    against it; ``pool`` keeps its lives in the game's globals (they outlast a
    challenger); ``on_win`` runs when its last life is taken."""
    return {
        "name": name,
        "strength": strength,
        "craft": craft,
        "lives": lives,
        "modes": list(modes),
        "round": 0,
        "subtype": subtype,
        "margin": margin,
        "gains": gains,
        "one_item": one_item,
        "allowed": None,
        "on_win": [list(f) for f in on_win or ()],
        "on_loss": None if on_loss is None else [list(f) for f in on_loss],
        "pause": pause,
        "pool": pool,
    }


def fight(g: Game, seat: int, b: dict[str, Any]) -> None:
    """Push the next round against the boss."""
    g.push_frame(boss_round(seat, b))


def lives_of(g: Game, b: dict[str, Any]) -> int:
    n: int = g.globals.get(b["pool"], {}).get("lives", b["lives"]) if b["pool"] else b["lives"]
    return n


def _set_lives(g: Game, b: dict[str, Any], n: int) -> dict[str, Any]:
    if b["pool"]:
        g.globals[b["pool"]] = {**g.globals.get(b["pool"], {}), "lives": n}
        return b
    return {**b, "lives": n}


def craft_sources(g: Game, seat: int) -> list[tuple[int, int]]:
    """The possessions that add to the character's Craft, with what each adds."""
    found = [(f, g.rules.instances[f].bonus.get("craft", 0)) for f in stats.followers_used(g, seat)]
    found += [(o, bonus.get("craft", 0) + bonus.get("battle_craft", 0)) for o, bonus, _ in stats.working_items(g, seat)]
    return [(c, v) for c, v in found if v > 0]


def _restrict(g: Game, seat: int, b: dict[str, Any]) -> None:
    """Against the Priest of Chaos only the one Craft item drawn at random counts."""
    lost = sum(v for c, v in craft_sources(g, seat) if c != b["allowed"])
    if lost:
        stats.add_mod(g, seat, "craft", -lost, ONE_ITEM)


def _unrestrict(g: Game, seat: int) -> None:
    stats.drop_mods(g, seat, ONE_ITEM)


class Boss(TypedDict):
    """Character ``p`` against a ``boss`` (its description and state as plain data: name, values,
    lives, round...)."""

    p: int
    boss: dict[str, Any]


def boss_round(p: int, boss: dict[str, Any]) -> Frame:
    """A round of character ``p``'s fight with ``boss``."""
    return ("boss_round", {"p": p, "boss": boss})


def boss_next(p: int, boss: dict[str, Any]) -> Frame:
    """What comes after a round of character ``p``'s fight with ``boss``."""
    return ("boss_next", {"p": p, "boss": boss})


@MODULE.handler("boss_round", args=Boss)
def _boss_round(g: Game, a: Boss) -> None:
    seat, b = a["p"], a["boss"]
    p = g.players[seat]
    if not p.alive or g.result is not None:
        return
    mode = b["modes"][b["round"] % len(b["modes"])]
    g.say(
        f"{g.name(seat)} faces the {b['name']} ({lives_of(g, b)} {'life' if lives_of(g, b) == 1 else 'lives'} left).",
        type="attack",
        seat=seat,
    )
    if mode == "dual":
        g.push("dual_magic", p=seat, boss=b)
        return
    if b["one_item"]:
        if b["allowed"] is None:
            sources = craft_sources(g, seat)
            chosen = sources[g.rng.below(len(sources))][0] if sources else -1
            b = {**b, "allowed": chosen}
            if chosen >= 0:
                g.say(f"Only the {g.card_name(chosen)} helps {g.name(seat)} against the {b['name']}.", seat=seat)
        _restrict(g, seat, b)
    foe = {"name": b["name"], mode: b[mode], "subtype": b["subtype"]}
    g.push_frame(
        frames.combat(
            seat,
            [],
            [foe],
            mode,
            False,
            False,
            [frame("boss_hit", p=seat, boss=b)],
            [frame("boss_hurt", p=seat, boss=b, had=p.lives)],
            [boss_next(seat, b)],
            [],
            {"space": p.space},
            unique=True,
            margin=b["margin"],
            wounds=lives_of(g, b) > 1,
        )
    )


@MODULE.handler("boss_hit", args=Boss)
def _boss_hit(g: Game, a: Boss) -> None:
    seat, b = a["p"], a["boss"]
    _unrestrict(g, seat)
    left = lives_of(g, b) - 1
    b = _set_lives(g, b, left)
    if left <= 0:
        g.say(f"The {b['name']} is defeated!", type="combat-result", seat=seat)
        g.push_all(b["on_win"])
        return
    g.say(f"The {b['name']} loses a life: {left} left.", type="combat-result", seat=seat)
    g.push_frame(boss_next(seat, b))


class BossHurt(Boss):
    """A round lost to the ``boss``; ``had``: the lives character ``p`` had before it."""

    had: int


@MODULE.handler("boss_hurt", args=BossHurt)
def _boss_hurt(g: Game, a: BossHurt) -> None:
    """A round lost (its life already taken, unless Armour or a Spell saved it)."""
    seat, b = a["p"], a["boss"]
    _unrestrict(g, seat)
    taken = a["had"] - g.players[seat].lives
    if b["gains"] and taken > 0:
        b = _set_lives(g, b, lives_of(g, b) + taken)
        g.say(f"The {b['name']} gains the life {g.name(seat)} lost: {lives_of(g, b)} now.", seat=seat)
    if not g.players[seat].alive:
        return
    if b["on_loss"] is not None:
        g.push_all(b["on_loss"])
        return
    g.push_frame(boss_next(seat, b))


@MODULE.handler("boss_next", args=Boss)
def _boss_next(g: Game, a: Boss) -> None:
    seat, b = a["p"], a["boss"]
    _unrestrict(g, seat)
    b = {**b, "round": b["round"] + 1}
    if b["pause"]:
        return
    g.push_frame(boss_round(seat, b))


# --- the Dragon King's double fight ---------------------------------------------


def dual_fight(seat: int, b: dict[str, Any]) -> dict[str, Any]:
    """The round as a fight, for what reads one (Spells, battle bonuses)."""
    return {
        "p": seat,
        "foes": [],
        "adhoc": [{"name": b["name"], "subtype": b["subtype"]}],
        "mode": "strength",
        "evadable": False,
        "unique": True,
    }


@MODULE.handler("dual_magic", args=Boss)
def _dual_magic(g: Game, a: Boss) -> None:
    """Spells and Scrolls before the dice of the round (000: before the dice are rolled)."""
    seat, b = a["p"], a["boss"]
    roll = frame("dual_battle", p=seat, boss=b)
    opts = spells.cast_options(g, seat, "combat", [frame_of("dual_magic", {**a})], combat=dual_fight(seat, b))
    battle, psychic = dual_scores(g, seat, b, 0, 0)
    # For an agent to weigh, as every fight's question tells: the closer of the two combats (both must be won).
    mode, foe, mine = min(
        ("strength", b["strength"], battle), ("craft", b["craft"], psychic), key=lambda m: m[2] - m[1]
    )
    g.decide(
        seat,
        "combat",
        f"The {b['name']}: a battle and a psychic combat at once. Cast a Spell first?",
        [Choice("fight", f"Fight the {b['name']}", [roll]), *opts],
        about={"mode": mode, "foe": foe, "mine": mine, "foes": [b["name"]]},
    )


@MODULE.handler("dual_battle", args=Boss)
def _dual_battle(g: Game, a: Boss) -> None:
    effects.roll(
        g,
        a["p"],
        "die",
        frame_of("dual_psychic", {**a}),
        why=f"the battle with the {a['boss']['name']}",
        purpose="battle",
    )


class DualPsychic(Boss):
    """The roll of character ``p``'s psychic combat against the ``boss``."""

    roll: int
    roll_faces: list[int]


@MODULE.handler("dual_psychic", args=DualPsychic)
def _dual_psychic(g: Game, a: DualPsychic) -> None:
    seat, b = a["p"], a["boss"]
    effects.roll(
        g,
        seat,
        "die",
        frame("dual_resolve", p=seat, boss=b, battle=a["roll"]),
        why=f"the psychic combat with the {b['name']}",
    )


def dual_scores(g: Game, seat: int, b: dict[str, Any], battle_roll: int, psychic_roll: int) -> tuple[int, int]:
    """The character's battle and psychic scores against the boss."""
    fight = dual_fight(seat, b)
    battle = battle_roll + battle_strength(g, seat, fight)
    psychic = (
        psychic_roll + stats.craft(g, seat, battle=True) + abilities.battle_bonus(g, seat, {**fight, "mode": "craft"})
    )
    return battle, psychic


class DualResolve(DualPsychic):
    """Both rolls of a round against the ``boss``: ``battle`` and the psychic ``roll``."""

    battle: int


@MODULE.handler("dual_resolve", args=DualResolve)
def _dual_resolve(g: Game, a: DualResolve) -> None:
    seat, b = a["p"], a["boss"]
    p = g.players[seat]
    if not p.alive:
        return
    battle, psychic = dual_scores(g, seat, b, a["battle"], a["roll"])
    k_battle = g.rng.die(CREATURE_DIE) + b["strength"]
    k_psychic = g.rng.die(CREATURE_DIE) + b["craft"]
    g.say(
        f"{g.name(seat)} scores {battle} in battle and {psychic} in psychic combat against the {b['name']}'s "
        f"{k_battle} and {k_psychic}.",
        type="combat",
        seat=seat,
    )
    if battle > k_battle and psychic > k_psychic:
        g.push("boss_hit", p=seat, boss=b)
    elif battle < k_battle or psychic < k_psychic:
        g.say(f"{g.name(seat)} loses the round.", type="combat-result", seat=seat)
        g.push("boss_hurt", p=seat, boss=b, had=p.lives)
        lose_battle_life(g, seat, cause=f"beaten by the {b['name']}", armour=battle < k_battle)
    else:
        g.say("Neither wins the round.", type="combat-result", seat=seat)
        g.push_frame(boss_next(seat, b))
