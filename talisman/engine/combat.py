"""Combat and psychic combat (000 "Combat", "Psychic Combat", "Evading").

Against creatures: declare evading or not, use Spells before the dice, roll
your die (by size) plus Strength (or Craft) against one die plus the
creatures' summed Strength (or Craft). Higher kills them, lower costs a life
(Armour may save it), equal is a stand-off. Killed enemy cards become
trophies.

Between characters: the one attacked may evade; both may cast Spells first;
both roll; the winner takes a life, or an Object, Magic Object or gold (in
psychic combat a Follower too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict

from talisman.engine import abilities, cards, effects, frames, holds, lives, possessions, quests, spells, stats
from talisman.engine.base import ENGINE
from talisman.engine.decision import Choice, Frame
from talisman.engine.game import frame, frame_of

if TYPE_CHECKING:
    from talisman.engine.game import Game

CREATURE_DIE: Final = 6


# --- starting a fight ---------------------------------------------------------


def fight_cards(g: Game, seat: int, foes: list[int], mode: str) -> None:
    """Enemy cards on the character's space attack it together. What a card does
    before the fight (``on_encounter``: the Tinker Imp's theft) comes first; what
    it does after (``on_win``, ``on_lose``, ``on_standoff``) follows the result."""
    space = g.players[seat].space
    after: dict[str, list[Any]] = {"win": [], "lose": [], "standoff": []}
    for c in foes:
        card = g.rules.instances[c]
        for k in after:
            after[k] += effects.effect_frames(seat, getattr(card, "on_" + k), {"src": c, "space": space})
    g.push_frame(
        frames.combat(
            seat,
            foes,
            [],
            mode,
            _evadable_here(g, space),
            True,
            after["win"],
            after["lose"] + [frames.end_turn_now()],
            after["standoff"] + [frames.end_turn_now()],
            [],
            {"space": space},
        )
    )
    for c in reversed(foes):
        effects.run(g, seat, g.rules.instances[c].on_encounter, {"src": c, "space": space})


@effects.verb("fight")
def _fight(g: Game, seat: int, params: dict[str, Any], ctx: effects.Ctx) -> None:
    fight_creature(g, seat, params, ctx)


def fight_creature(
    g: Game,
    seat: int,
    params: dict[str, Any],
    ctx: dict[str, Any],
    win: list[Any] | None = None,
    lose: list[Any] | None = None,
    standoff: list[Any] | None = None,
    evaded: list[Any] | None = None,
) -> None:
    """A creature named by content (the Sentinel, a Farmer, a Werewolf...)."""
    space = g.players[seat].space
    mode = "craft" if "craft" in params else "strength"
    value = effects.amount(g, seat, params.get(mode, 0))
    foe = {"name": params["name"], mode: value, "subtype": params.get("subtype", "")}
    count = effects.amount(g, seat, params["count"]) if "count" in params else 1
    if "count" in params:
        g.say(f"{count} {params['name']}{'s rise' if count != 1 else ' rises'} against {g.name(seat)}.", seat=seat)
    evadable = params.get("evade", True) and _evadable_here(g, space)
    on = {k: effects.effect_frames(seat, params.get("on_" + k, ()), ctx) for k in ("win", "lose", "standoff")}
    if params.get("until_won"):
        again = {**params, mode: value, "count": count}
        on["lose"] = on["lose"] + [frame("hold", p=seat, what=params["name"], params=again)]
        on["standoff"] = on["standoff"] + [frame("hold", p=seat, what=params["name"], params=again)]
        on["win"] = [frames.clear_status(seat, "hold")] + on["win"]
    else:
        on["lose"] = on["lose"] + [frames.end_turn_now()]
        on["standoff"] = on["standoff"] + [frames.end_turn_now()]
    if count > 1:
        rest = {**params, mode: value, "count": count - 1}
        on["win"] = on["win"] + [frames.effects(seat, [{"fight": rest}], ctx)]
        if params.get("until_won"):
            on["win"] = [frames.clear_status(seat, "hold")] + [frames.effects(seat, [{"fight": rest}], ctx)]
    # ``record``: keep both attack scores (the Lord of Darkness); ``alone``: only the
    # character itself may fight, no Follower in its place (the Lord of Darkness).
    # ``harmless``: a defeat costs no life (a bout in a City's Arena).
    extra: frames.CombatMore = {}
    for k in ("record", "alone", "harmless"):
        if params.get(k):
            extra[k] = params[k]
    g.push_frame(
        frames.combat(
            seat,
            [],
            [foe],
            mode,
            evadable,
            False,
            (win or []) + on["win"],
            (lose or []) + on["lose"],
            (standoff or []) + on["standoff"],
            evaded or [],
            ctx,
            **extra,
        )
    )


def take_scores(g: Game, seat: int) -> list[int] | None:
    """The attack scores of the character's last fight recorded (``record`` in its frame): its own
    and its foe's, forgotten as they are taken (None: none recorded since)."""
    scores: list[int] | None = g.players[seat].status.pop("fight_scores", None)
    return scores


class Hold(TypedDict):
    """Character ``p`` must face ``what`` again next turn (``params``: the fight it faces again)."""

    p: int
    what: str
    params: dict[str, Any]


@ENGINE.handler("hold", args=Hold)
def _hold(g: Game, a: Hold) -> None:
    """Stay on this space and face the same foe next turn (Werewolf, Pits)."""
    seat: int = a["p"]
    p = g.players[seat]
    if p.alive:
        holds.hold(g, seat, a["what"], [{"fight": a["params"]}])
        g.say(f"{g.name(seat)} must face the {a['what']} again before going on.", seat=seat)
        lives.end_turn_now(g)


def _evadable_here(g: Game, space: int) -> bool:
    """Creatures can be evaded in the Outer and Middle Regions only."""
    return g.rules.regions[g.rules.spaces[space].region].movement == "roll"


def foe_value(g: Game, a: Mapping[str, Any], mode: str) -> int:
    total: int = sum(abilities.foe_value(g, a["p"], c, mode) for c in a["foes"])
    total += sum(f.get(mode, 0) for f in a["adhoc"])
    return total


def foe_names(g: Game, a: Mapping[str, Any]) -> str:
    names = [g.card_name(c) for c in a["foes"]] + [f["name"] for f in a["adhoc"]]
    return " and ".join(names)


def foe_subtypes(g: Game, a: Mapping[str, Any]) -> set[str]:
    return {g.rules.instances[c].subtype for c in a["foes"]} | {f.get("subtype", "") for f in a["adhoc"]}


# --- the pre-fight choice ---------------------------------------------------


@ENGINE.handler("combat", args=frames.Combat)
def _combat(g: Game, a: frames.Combat) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    if not p.alive:
        return
    mode = a["mode"]
    value = foe_value(g, a, mode)
    verb = "Strength" if mode == "strength" else "Craft"
    if a["foes"] and not a.get("announced"):
        g.say(f"The {foe_names(g, a)} ({verb} {value}) attacks {g.name(seat)}.", type="attack", seat=seat)
    fight: dict[str, Any] = {**a, "announced": True}
    back = [frame_of("combat", {**fight})]
    opts: list[Choice] = [
        Choice("fight", f"Fight the {foe_names(g, fight)} ({verb} {value})", [frame_of("combat_roll", {**fight})])
    ]
    if a["evadable"]:
        opts += evade_options(g, seat, fight)
    opts += abilities.combat_options(g, seat, fight, back)
    opts += spells.cast_options(g, seat, "combat", back, combat=fight)
    mine = _own_score(g, seat, fight)
    g.decide(
        seat,
        "combat",
        f"{foe_names(g, fight)}: {verb} {value} against your {verb} {mine}.",
        opts,
        about={
            "mode": mode,
            "foe": value,
            "mine": mine,
            "foes": [g.card_name(c) for c in a["foes"]] + [f["name"] for f in a["adhoc"]],
        },
    )


def _own_score(g: Game, seat: int, a: dict[str, Any]) -> int:
    """The character's Strength (or Craft) in this fight, before the dice."""
    if a["mode"] == "craft":
        return stats.craft(g, seat, battle=True)
    return battle_strength(g, seat, a)


def battle_strength(g: Game, seat: int, a: Mapping[str, Any]) -> int:
    # A weapon's bonus against one kind of foe counts against Dragons among the foes,
    # or against foes all of one kind (the Goblin Slayer against Goblins).
    kinds = foe_subtypes(g, a) - {""}
    vs = "dragon" if "dragon" in kinds else (next(iter(kinds)) if len(kinds) == 1 else "")
    total = stats.strength(g, seat, battle=True, vs_subtype=vs)
    if stats.has_trait(g, seat, "battle-craft"):
        total += stats.craft(g, seat)
    return total + abilities.battle_bonus(g, seat, a)


def evade_options(g: Game, seat: int, a: dict[str, Any]) -> list[Choice]:
    """Ways to evade the creatures: an ability where it applies, or foes anyone
    may evade (``may-evade``: the slow Battle Hulk). Spells come from the spell list."""
    slow = bool(a["foes"]) and not a["adhoc"] and all("may-evade" in g.rules.instances[c].traits for c in a["foes"])
    if abilities.can_evade_here(g, seat) or slow:
        return [Choice("evade", f"Evade the {foe_names(g, a)}", [frame_of("combat_evaded", {**a})])]
    return []


class CombatEvaded(frames.Combat):
    """A fight (see :class:`~talisman.engine.frames.Combat`) that character ``p`` evades."""

    whole_space: NotRequired[bool]


@ENGINE.handler("combat_evaded", args=CombatEvaded)
def _combat_evaded(g: Game, a: CombatEvaded) -> None:
    """The creatures stay where they are but no longer bar the other cards.

    ``whole_space``: the evasion passes every Enemy on the space, not only
    those fighting now (Invisibility; 000: "with the exception of the
    Immobility Spell and Scroll, all creatures on the Evading character's
    space may be evaded", so Immobility passes only the creatures it holds).
    """
    seat: int = a["p"]
    passed = list(a["foes"])
    if a.get("whole_space"):
        passed += [c for c in g.cards_on(g.players[seat].space) if g.rules.instances[c].type == "enemy"]
    let_pass(g, seat, passed)
    g.say(f"{g.name(seat)} evades the {foe_names(g, a)}.", type="evade", seat=seat)
    g.push_all(a["evaded"])


def apart(
    g: Game, fight: dict[str, Any], cards_: list[int], kinds: frozenset[str] = frozenset()
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Split a fight's foes: those named in ``cards_`` or of a subtype in ``kinds``,
    and the others, each a fight of its own (the others announced afresh)."""
    these = [c for c in fight["foes"] if c in cards_ or g.rules.instances[c].subtype in kinds]
    those = [f for f in fight["adhoc"] if f.get("subtype", "") in kinds]
    rest = {
        **fight,
        "foes": [c for c in fight["foes"] if c not in these],
        "adhoc": [f for f in fight["adhoc"] if f not in those],
        "announced": False,
    }
    return {**fight, "foes": these, "adhoc": those}, rest


def has_foes(fight: dict[str, Any]) -> bool:
    return bool(fight["foes"] or fight["adhoc"])


def let_be_frames(g: Game, fight: dict[str, Any], kinds: frozenset[str]) -> list[Frame] | None:
    """A character that creatures of ``kinds`` never attack (the Minstrel's Animals
    and Dragons) lets them be: they are passed, and whoever came with them is
    fought alone. None when no such creature is in the fight."""
    kin, rest = apart(g, fight, [], kinds)
    if not has_foes(kin):
        return None
    if not has_foes(rest):
        return [frame_of("combat_evaded", {**fight})]
    return [frame_of("combat_evaded", {**kin, "evaded": []}), frame_of("combat", {**rest})]


def let_pass(g: Game, seat: int, foes: list[int]) -> None:
    """Enemy cards evaded (or paid off) this turn: the character may go on to what lies with them."""
    g.players[seat].flags.update(f"evaded:{c}" for c in foes)


def evaded(g: Game, seat: int, card: int) -> bool:
    return f"evaded:{card}" in g.players[seat].flags


# --- rolling and resolving ------------------------------------------------------


@ENGINE.handler("combat_roll", args=frames.Combat)
def _combat_roll(g: Game, a: frames.Combat) -> None:
    seat: int = a["p"]
    faces = _fight_faces(g, seat, a)
    enemy = 0 if a.get("assassinate") else g.rng.die(CREATURE_DIE)
    _offer_reroll(g, seat, {**a, "faces": faces, "enemy_roll": enemy}, "combat_resolve")


def _fight_faces(g: Game, seat: int, a: Mapping[str, Any]) -> list[int]:
    """The attack dice against creatures: a Follower fighting in the character's
    place (``champion``) rolls one die; rules may change the dice (``attack_faces``)."""
    if a.get("champion"):
        faces = [g.rng.die(CREATURE_DIE)]
    else:
        faces = _attack_faces(g, seat, a["mode"], len(a["foes"]) + len(a["adhoc"]))
    return abilities.attack_faces(g, seat, a, faces)


def _attack_faces(g: Game, seat: int, mode: str, foes: int = 1) -> list[int]:
    """The character's die (by size); two, the higher counting, for the Warrior in
    battle (not in psychic combat) and for the Rogue against several Enemies."""
    die = g.die_size(seat)
    two = stats.has_trait(g, seat, "battle-two-dice") or (foes > 1 and stats.has_trait(g, seat, "two-dice-vs-many"))
    n = 2 if mode == "strength" and two else 1
    return [g.rng.die(die) for _ in range(n)]


def _offer_reroll(g: Game, seat: int, a: Mapping[str, Any], then: str, key: str = "faces") -> None:
    p = g.players[seat]
    roll = max(a[key])
    # No Fate against a foe that forbids it (``no-fate-reroll``: the Soulbinder), nor for no roll at all.
    forbidden = roll == 0 or any("no-fate-reroll" in g.rules.instances[c].traits for c in a.get("foes", ()))
    again = [frame("reroll_battle", a={**a, "rerolled_" + str(seat): True}, seat=seat, key=key, then=then)]
    # The prompt names the fight: "You rolled 5" alone, after a move over the bridge, reads as the movement roll.
    noun = "battle" if a["mode"] == "strength" else "psychic combat"
    if "foes" in a:
        against = foe_names(g, a)
    else:
        against = g.name(a["d"] if seat == a["a"] else a["a"])
    rolled = f"You rolled {roll} in {noun} against the {against}"
    blessed = [] if forbidden or a.get("rerolled_" + str(seat)) else effects.reroll_options(g, seat, again)
    if blessed and not (g.options.get("fate") and p.fate > 0):
        g.say(f"{g.name(seat)} rolls {roll} in battle.", type="roll", seat=seat, dice=a[key])
        g.decide(
            seat,
            "fate",
            f"{rolled}. Roll again?",
            [Choice("keep", f"Keep {roll}", [frame_of(then, {**a})]), *blessed],
            about={"roll": roll, "purpose": "battle"},
        )
        return
    if g.options.get("fate") and p.fate > 0 and not a.get("rerolled_" + str(seat)) and not forbidden:
        g.say(f"{g.name(seat)} rolls {roll} in battle.", type="roll", seat=seat, dice=a[key])
        keep = [frame_of(then, {**a})]
        sides = CREATURE_DIE if a.get("champion") else g.die_size(seat)
        twists = spells.fate_options(
            g,
            seat,
            keep,
            {"kind": then, "args": {**a, "rerolled_" + str(seat): True}, "style": "battle", "key": key, "sides": sides},
        )
        g.decide(
            seat,
            "fate",
            f"{rolled}. Spend 1 Fate to roll again?",
            [
                Choice("keep", f"Keep {roll}", keep),
                Choice(
                    "reroll",
                    f"Spend 1 Fate ({p.fate} left) and roll again",
                    [
                        frame("spend_fate", p=seat),
                        frame("reroll_battle", a={**a, "rerolled_" + str(seat): True}, seat=seat, key=key, then=then),
                    ],
                ),
                *twists,
                *blessed,
            ],
            about={"roll": roll, "purpose": "battle"},
        )
        return
    g.push(then, **a)


class RerollBattle(TypedDict):
    """Character ``seat`` rolls its dice again (its ``key``: ``faces`` or ``dfaces``) in the fight
    ``a`` (the arguments of the frame the roll was for), then the frame of kind ``then`` runs."""

    a: dict[str, Any]
    seat: int
    key: str
    then: str


@ENGINE.handler("reroll_battle", args=RerollBattle)
def _reroll_battle(g: Game, a: RerollBattle) -> None:
    inner = dict(a["a"])
    if "foes" in inner:
        inner[a["key"]] = _fight_faces(g, a["seat"], inner)
    else:  # a fight between characters: the whole roll again, what rules add to it too (an Airship's die)
        inner[a["key"]] = abilities.attack_faces(g, a["seat"], inner, _attack_faces(g, a["seat"], inner["mode"]))
    g.push(a["then"], **inner)


class CombatRolled(frames.Combat):
    """A fight (see :class:`~talisman.engine.frames.Combat`) whose dice are rolled: the
    character's ``faces`` and the foe's ``enemy_roll`` (0: none). A character that has rolled
    again carries ``rerolled_<its seat>``, a key no TypedDict can name (tests/test_frame_args.py
    allows it)."""

    faces: list[int]
    enemy_roll: int


@ENGINE.handler("combat_resolve", args=CombatRolled)
def _combat_resolve(g: Game, a: CombatRolled) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    mode = a["mode"]
    roll = max(a["faces"])
    bonus = g.rules.spaces[p.space].creature_bonus
    if a.get("champion"):
        mine = roll + a["champion"]["strength"]  # a Follower fighting in the character's place
    elif mode == "strength":
        mine = roll + battle_strength(g, seat, a)
    else:
        mine = roll + stats.craft(g, seat, battle=True) + abilities.battle_bonus(g, seat, a)
    theirs = foe_value(g, a, mode) + a["enemy_roll"] + (bonus if a["enemy_roll"] else 0)
    noun = fought_in(mode)
    attr = "Strength" if mode == "strength" else "Craft"
    extra = f" (+{bonus} for the {g.space_name(p.space)})" if bonus and a["enemy_roll"] else ""
    g.say(
        f"{g.name(seat)} fights the {foe_names(g, a)} in {noun}: {roll} + {mine - roll} {attr} = {mine} "
        f"against {a['enemy_roll']} + {foe_value(g, a, mode)}{extra} = {theirs}.",
        type="combat",
        seat=seat,
    )
    if mode == "strength":
        _spend_raised(g, seat)
    if a.get("record"):
        g.players[seat].status["fight_scores"] = [mine, theirs]
    # ``margin``: a win needs that many points more, and anything less is a loss (the Lord of Chaos's trials).
    won = mine - theirs >= a["margin"] if a.get("margin") else mine > theirs
    result = "win" if won else "lose" if mine < theirs or a.get("margin") else "standoff"
    result = abilities.fight_result(g, seat, a, result, mine - theirs)
    if result == "win" and a.get("wounds"):
        # a foe with several lives (the lords of the endings): a fight won only wounds it
        g.say(f"{g.name(seat)} wounds the {foe_names(g, a)}.", type="combat-result", seat=seat)
        g.push_all(a["win"])
    elif result == "win":
        creatures_killed(g, seat, a)
        g.push_all(a["win"])
    else:
        outcome = frame_of("combat_outcome", {**a, "outcome": result})
        other_ways = abilities.lost_fight_options(g, seat, {**a, "outcome": result})
        if other_ways:
            verdict = "You lost" if result == "lose" else "A stand-off"
            g.decide(
                seat,
                "lost-fight",
                f"{verdict} against the {foe_names(g, a)}.",
                [Choice("accept", "Accept the result", [outcome]), *other_ways],
                about={"result": result},
            )
        else:
            g.push_all([outcome])


class CombatOutcome(CombatRolled):
    """A fight whose result is known: ``outcome`` (``win``, ``lose`` or ``standoff``)."""

    outcome: str


@ENGINE.handler("combat_outcome", args=CombatOutcome)
def _combat_outcome(g: Game, a: CombatOutcome) -> None:
    """A lost battle costs a life (and a tamed Animal); a stand-off ends the fight."""
    seat: int = a["p"]
    mode = a["mode"]
    champion = a.get("champion")
    if a["outcome"] == "lose" and champion:
        g.say(f"The {foe_names(g, a)} beats the {g.card_name(champion['card'])}.", type="combat-result", seat=seat)
        g.push_frame(frames.end_turn_now())
        if champion.get("on_lose"):  # a champion with lives of its own (000's Henchmen): what its defeat costs it
            g.push_all(champion["on_lose"])
        elif champion["card"] in g.players[seat].followers:
            possessions.lose_follower(g, seat, champion["card"], "dies in the fight")
    elif a["outcome"] == "lose":
        g.say(f"{g.name(seat)} loses to the {foe_names(g, a)}.", type="combat-result", seat=seat)
        abilities.react("defeated", g, seat)
        g.push_all(a["lose"])
        if not a.get("harmless"):
            lose_battle_life(g, seat, cause=f"beaten by the {foe_names(g, a)}", armour=(mode == "strength"))
        if mode == "strength":
            _tamed_animals_die(g, seat)
    else:
        g.say(f"Stand-off between {g.name(seat)} and the {foe_names(g, a)}.", type="combat-result", seat=seat)
        g.push_all(a["standoff"])


def creatures_killed(g: Game, seat: int, a: Mapping[str, Any]) -> None:
    p = g.players[seat]
    g.say(f"{g.name(seat)} kills the {foe_names(g, a)}.", type="combat-result", seat=seat)
    for c in a["foes"]:
        if c in g.cards_on(p.space):
            cards.lift(g, c, p.space)
            if a["trophy"] and "no-trophy" not in g.rules.instances[c].traits:
                p.trophies.append(c)
            else:
                cards.discard(g, c)
    if a["mode"] == "strength" and any("runesword" in g.rules.instances[w].traits for w in stats.weapons_used(g, seat)):
        lives.gain_lives(g, seat, 1)
    quests.on_enemy_killed(g, seat)
    abilities.on_enemies_killed(g, seat, a)


def slay(g: Game, seat: int, fight: dict[str, Any]) -> None:
    """The creatures of a fight die without a roll (a Spell's doing): killed as
    in battle (trophies kept), then the fight goes on as won."""
    creatures_killed(g, seat, fight)
    g.push_all(fight["win"])


def _spend_raised(g: Game, seat: int) -> None:
    """A raised corpse fights in one battle, then crumbles (not one that could not fight: suspended)."""
    p = g.players[seat]
    raised = [f for f in p.status.get("raised", ()) if f in p.followers]
    fought = [f for f in raised if f in stats.followers_used(g, seat)]
    if fought:
        used = max(fought, key=lambda f: g.rules.instances[f].strength)
        stats.set_status(g, seat, "raised", [f for f in raised if f != used])
        possessions.lose_follower(g, seat, used, "crumbles to dust after the battle")


def _tamed_animals_die(g: Game, seat: int) -> None:
    """000 taming: a tamed Animal adds to Strength, so it is used in every battle
    (not in psychic combat); losing a battle kills it as well as costing a life (not a suspended one:
    it did not fight)."""
    p = g.players[seat]
    for f in list(stats.followers_used(g, seat)):
        if "tamed" in g.rules.instances[f].traits or f in p.status.get("tamed", ()):
            possessions.lose_follower(g, seat, f, "is killed in the fight")
            p.status["tamed"] = [t for t in p.status.get("tamed", ()) if t != f]
            stats.changed(g)


def lose_battle_life(g: Game, seat: int, cause: str, armour: bool = True, by: int | None = None) -> None:
    """A lost battle costs a life, unless Armour saves it (roll at or over its number)."""
    g.push("armour_save", p=seat, cause=cause, armour=armour, by=by)


class ArmourSave(TypedDict):
    """Character ``p`` loses a life in battle (``cause`` in words), unless saved (``armour``:
    Armour may save it); ``by``: the character who takes the life."""

    p: int
    cause: str
    armour: bool
    by: NotRequired[int | None]


@ENGINE.handler("armour_save", args=ArmourSave)
def _armour_save(g: Game, a: ArmourSave) -> None:
    seat: int = a["p"]
    p = g.players[seat]
    best = 0
    if a["armour"] and not p.toad:
        # ``natural-armour:N``: a hide or a suit that saves like Armour on N+ (never an Object);
        # ``armour-bonus:N``: N is added to every armour roll (the Gladiator's training).
        natural = stats.trait_value(g, seat, "natural-armour")
        saves = [natural] if natural else []
        if not stats.has_trait(g, seat, "no-armour") and not stats.items_suppressed(g, seat):
            saves += [g.rules.instances[o].armour for o in p.objects if g.rules.instances[o].armour]
        best = min(saves) if saves else 0
    if best:
        bonus = stats.trait_value(g, seat, "armour-bonus")
        roll = g.rng.die(6)
        shown = f"{roll}+{bonus}" if bonus else str(roll)
        if roll + bonus >= best:
            g.say(
                f"{g.name(seat)}'s armour holds (rolled {shown}, needed {best}+): no life lost.",
                type="armour",
                seat=seat,
            )
            return
        g.say(f"{g.name(seat)}'s armour fails (rolled {shown}, needed {best}+).", type="armour", seat=seat)
    # ``faith-save:N``: after any lost fight, battle or psychic, N+ keeps the life (the Shield of Faith).
    faith = stats.trait_value(g, seat, "faith-save")
    if faith and not p.toad:
        roll = g.rng.die(6)
        if roll >= faith:
            g.say(
                f"{g.name(seat)}'s faith shields it (rolled {roll}, needed {faith}+): no life lost.",
                type="armour",
                seat=seat,
            )
            return
        g.say(f"{g.name(seat)}'s faith does not shield it (rolled {roll}, needed {faith}+).", type="armour", seat=seat)
    g.push_frame(frames.lose_lives(seat, 1, a["cause"], by=a.get("by")))


# --- characters against characters --------------------------------------------


def must_attack(g: Game, seat: int, other: int) -> bool:
    """Must the character attack this one it meets? (``must-attack-characters``:
    anyone; ``must-attack:<alignment>``: characters of that alignment.)"""
    return stats.has_trait(g, seat, "must-attack-characters") or stats.has_trait(
        g, seat, f"must-attack:{g.players[other].alignment}"
    )


def attack_options(g: Game, seat: int, other: int) -> list[Choice]:
    """How the active character may attack another it meets."""
    opts = [
        Choice(
            f"attack:{other}",
            f"Attack the {g.name(other)} in battle",
            [pvp(seat, other, "strength", False)],
        )
    ]
    if stats.has_trait(g, seat, "psychic-attack"):
        opts.append(
            Choice(
                f"psychic:{other}",
                f"Attack the {g.name(other)} in psychic combat",
                [pvp(seat, other, "craft", False)],
            )
        )
    if stats.has_trait(g, seat, "assassinate") and g.rules.spaces[g.players[seat].space].kind != "crown":
        opts.append(
            Choice(
                f"assassinate:{other}",
                f"Assassinate the {g.name(other)} (it does not roll)",
                [pvp(seat, other, "strength", True)],
            )
        )
    return opts


class Pvp(TypedDict):
    """Character ``a`` attacks character ``d`` in Strength or Craft (``mode``), to kill when
    ``assassinate``; ``announced``: the attack was told already."""

    a: int
    d: int
    mode: str
    assassinate: bool
    announced: NotRequired[bool]


def pvp(att: int, dfd: int, mode: str, assassinate: bool) -> Frame:
    """Character ``att`` attacks character ``dfd`` (see :class:`Pvp`)."""
    return ("pvp", {"a": att, "d": dfd, "mode": mode, "assassinate": assassinate})


@ENGINE.handler("pvp", args=Pvp)
def _pvp(g: Game, a: Pvp) -> None:
    att: int = a["a"]
    dfd: int = a["d"]
    if not (g.players[att].alive and g.players[dfd].alive):
        return
    noun = "battle" if a["mode"] == "strength" else "psychic combat"
    if not a.get("announced"):
        g.say(
            f"{g.name(att)} attacks {g.name(dfd)} in {noun}{' (an assassination)' if a['assassinate'] else ''}.",
            type="attack",
            seat=att,
        )
        if "magic-between-characters" in g.rules.spaces[g.players[att].space].suppress:
            # 000 (the Wizard's Tower): characters may meet there, but no Magic Object,
            # Magic Item, Spell or Scroll works for them; till the end of the turn.
            stats.set_global(g, "no-magic", [att, dfd])
    fight: dict[str, Any] = {**a, "announced": True}
    back = [frame_of("pvp", {**fight})]
    opts: list[Choice] = [Choice("defend", "Fight back", [frame_of("pvp_magic", {**fight, "turn": att})])]
    if abilities.can_evade_characters(g, dfd):
        opts.append(Choice("evade", f"Evade the {g.name(att)}", [frame_of("pvp_evaded", {**fight})]))
    opts += spells.cast_options(g, dfd, "defend", back, combat=fight)
    g.decide(dfd, "defend", f"The {g.name(att)} attacks you in {noun}.", opts)


class PvpEvaded(TypedDict):
    """Character ``d`` evades character ``a`` (the rest of the fight's arguments may come along)."""

    a: int
    d: int
    mode: NotRequired[str]
    assassinate: NotRequired[bool]
    announced: NotRequired[bool]
    turn: NotRequired[int | None]
    settle: NotRequired[list[Any]]


@ENGINE.handler("pvp_evaded", args=PvpEvaded)
def _pvp_evaded(g: Game, a: PvpEvaded) -> None:
    g.say(f"{g.name(a['d'])} evades {g.name(a['a'])}.", type="evade", seat=a["d"])
    g.players[a["a"]].flags.add(f"evaded-by:{a['d']}")  # this turn (the Wise Man stays with one who evades)


class AbilityOn(TypedDict):
    """Character ``a`` uses an ability on character ``d``, who may evade it; ``then``: the ability's
    frames."""

    a: int
    d: int
    then: list[Any]


@ENGINE.handler("ability_on", args=AbilityOn)
def _ability_on(g: Game, a: AbilityOn) -> None:
    """000 Evading (B): a character may evade another who uses an ability on it (the Thief's theft)."""
    g.decide(
        a["d"],
        "evade-ability",
        f"The {g.name(a['a'])} uses an ability on you.",
        [
            Choice("allow", "Let it happen", a["then"]),
            Choice("evade", f"Evade the {g.name(a['a'])}", [frame("pvp_evaded", a=a["a"], d=a["d"])]),
        ],
    )


def fought_in(mode: str) -> str:
    """The words for a fight in ``mode``: ``battle`` (strength) or ``psychic combat`` (craft).

    >>> fought_in("craft")
    'psychic combat'
    """
    return "battle" if mode == "strength" else "psychic combat"


class FightIn(TypedDict):
    """Character ``p`` fights a foe in the ``mode`` it chose (strength or craft): see :func:`ask_mode`."""

    p: int
    mode: str


def ask_mode(
    g: Game, seat: int, kind: str, foe: str, value: int, fight: str, ids: tuple[str, str] = ("strength", "craft")
) -> None:
    """Character ``seat`` chooses whether to fight ``foe`` (Strength and Craft ``value``) in battle
    or in psychic combat: a decision of ``kind`` between the options ``ids`` (battle's first), each
    going on to the frame of kind ``fight`` (:class:`FightIn`); ``about`` tells the character's
    Strength and Craft in battle.

    >>> from talisman import Game
    >>> g = Game.new(players=2, seed=0, log=False, modules=["wizards-tower"])
    >>> ask_mode(g, 0, "dragon-prince", "Dragon Prince", 15, "dragon_prince_fight")
    >>> [o.label for o in g.decision.options]
    ['In battle: your Strength 3 against his 15', 'In psychic combat: your Craft 3 against his 15']
    """
    scores = {"strength": stats.strength(g, seat, battle=True), "craft": stats.craft(g, seat, battle=True)}
    g.decide(
        seat,
        kind,
        f"The {foe} (Strength {value}, Craft {value}): how do you fight him?",
        [
            Choice(
                i,
                f"In {fought_in(mode)}: your {mode.title()} {scores[mode]} against his {value}",
                [frame(fight, p=seat, mode=mode)],
            )
            for i, mode in zip(ids, ("strength", "craft"), strict=True)
        ],
        about=scores,
    )


def bout(g: Game, a: frames.Bout, told: str, result: str) -> None:
    """A bout a rule arranges (:class:`~talisman.engine.frames.Bout`), ``told`` in words, is fought
    and then settled by the frame of kind ``result`` (its args: ``att`` and ``dfd``, and those
    :func:`arranged_fight` adds)."""
    g.say(told, type="attack", seat=a["a"])
    arranged_fight(g, a["a"], a["d"], a["mode"], (result, {"att": a["a"], "dfd": a["d"]}))


def arranged_fight(g: Game, att: int, dfd: int, mode: str, settle: tuple[str, dict[str, Any]]) -> None:
    """A fight between two characters that a rule arranges (the Arena, the Perils of Pandora, a shot
    with a Bow): Spells first, then the dice; ``settle`` (a frame's kind and args) is told the winner
    and the loser (``None`` for a stand-off) instead of the usual spoils. For example, the Arena's
    bout: ``arranged_fight(g, att, dfd, "strength", ("arena_result", {"att": att, "dfd": dfd}))``.
    """
    kind, args = settle
    g.push("pvp_magic", a=att, d=dfd, mode=mode, assassinate=False, announced=True, turn=att, settle=[kind, args])


class PvpStep(TypedDict):
    """A fight between characters (see :class:`Pvp`) before its dice: ``turn``, the side that may
    cast a Spell now; ``settle``, the frame told the result instead of the usual
    spoils."""

    a: int
    d: int
    mode: str
    assassinate: bool
    announced: bool
    turn: int
    settle: NotRequired[list[Any]]


@ENGINE.handler("pvp_magic", args=PvpStep)
def _pvp_magic(g: Game, a: PvpStep) -> None:
    """Each side may cast Spells before the dice, attacker first."""
    who = a["turn"]
    nxt = a["d"] if who == a["a"] else None
    cont = [frame_of("pvp_magic", {**a, "turn": nxt})] if nxt is not None else [frame_of("pvp_roll", {**a})]
    opts = spells.cast_options(g, who, "combat", [frame_of("pvp_magic", {**a})], combat=a)
    if opts:
        g.decide(
            who,
            "combat-magic",
            "Cast a Spell before the dice are rolled?",
            [Choice("ready", "Roll the dice", cont), *opts],
        )
    else:
        g.push_all(cont)


@ENGINE.handler("pvp_roll", args=PvpStep)
def _pvp_roll(g: Game, a: PvpStep) -> None:
    att: int = a["a"]
    dfd: int = a["d"]
    mode = a["mode"]
    rolled = {
        **a,
        "faces": abilities.attack_faces(g, att, a, _attack_faces(g, att, mode)),
        "dfaces": [0] if a["assassinate"] else abilities.attack_faces(g, dfd, a, _attack_faces(g, dfd, mode)),
    }
    _offer_reroll(g, att, rolled, "pvp_reroll_defender")


class PvpRolled(PvpStep):
    """A fight between characters whose dice are rolled: the attacker's ``faces`` and the
    defender's ``dfaces`` (and ``rerolled_<seat>``, as in :class:`CombatRolled`)."""

    faces: list[int]
    dfaces: list[int]


@ENGINE.handler("pvp_reroll_defender", args=PvpRolled)
def _pvp_reroll_defender(g: Game, a: PvpRolled) -> None:
    if a["assassinate"]:
        g.push("pvp_resolve", **a)
        return
    _offer_reroll(g, a["d"], a, "pvp_resolve", key="dfaces")


def _pvp_score(g: Game, seat: int, a: Mapping[str, Any]) -> int:
    bonus = abilities.battle_bonus(
        g, seat, {"mode": a["mode"], "foes": [], "adhoc": [], "vs": a["d"] if seat == a["a"] else a["a"]}
    )
    if a["mode"] == "craft":
        return stats.craft(g, seat, battle=True) + bonus
    total = stats.strength(g, seat, battle=True)
    if stats.has_trait(g, seat, "battle-craft"):
        total += stats.craft(g, seat)
    return total + bonus


@ENGINE.handler("pvp_resolve", args=PvpRolled)
def _pvp_resolve(g: Game, a: PvpRolled) -> None:
    att: int = a["a"]
    dfd: int = a["d"]
    mode = a["mode"]
    s_att = max(a["faces"]) + _pvp_score(g, att, a)
    s_dfd = max(a["dfaces"]) + _pvp_score(g, dfd, a)
    g.say(
        f"{g.name(att)} scores {max(a['faces'])} + {s_att - max(a['faces'])} = {s_att}; {g.name(dfd)} scores "
        f"{max(a['dfaces'])} + {s_dfd - max(a['dfaces'])} = {s_dfd}.",
        type="combat",
        seat=att,
    )
    if mode == "strength":
        _spend_raised(g, att)
        _spend_raised(g, dfd)
    abilities.react(
        "pvp_rolled", g, a, s_att, s_dfd
    )  # pushed first, so it runs after the prize (the Chainsaw Warrior's cut)
    # ``settle``: a fight a rule arranged (the Arena, the Perils of Pandora) is
    # settled by that rule's frame, told the winner and loser (None: a stand-off).
    settle = a.get("settle")
    if s_att == s_dfd:
        g.say("Stand-off: neither is harmed.", type="combat-result", seat=att)
        if settle:
            g.push(settle[0], **{**settle[1], "win": None, "lose": None, "mode": mode})
        return
    win, lose = (att, dfd) if s_att > s_dfd else (dfd, att)
    g.say(f"{g.name(win)} wins.", type="combat-result", seat=win)
    if mode == "strength":
        _tamed_animals_die(g, lose)
    if settle:
        g.push(settle[0], **{**settle[1], "win": win, "lose": lose, "mode": mode})
        return
    if a["assassinate"] and win == att:
        # The victim "must lose a life": no prize instead, and (choice) no Armour save either.
        after = [frame("armour_save", p=lose, cause=f"assassinated by the {g.name(win)}", armour=False, by=win)]
    else:
        after = [frame("spoils", win=win, lose=lose, mode=mode)]
    after = [frame("pvp_outcome", win=win, lose=lose), *after]
    # The loser may turn the defeat into a stand-off (Divine Intervention; if countered, the defeat stands).
    saves = spells.cast_options(g, lose, "defeat", after, combat=a)
    if saves:
        g.decide(
            lose, "defeat", f"You lost to the {g.name(win)}.", [Choice("accept", "Accept the defeat", after), *saves]
        )
    else:
        g.push_all(after)


class WinLose(TypedDict):
    """Character ``win`` beat character ``lose``."""

    win: int
    lose: int


@ENGINE.handler("pvp_outcome", args=WinLose)
def _pvp_outcome(g: Game, a: WinLose) -> None:
    """The result of a fight between characters stands: rules that follow it react."""
    abilities.react("pvp_won", g, a["win"], a["lose"])
    abilities.react("defeated", g, a["lose"])


class Spoils(frames.Taking):
    """Character ``win`` beat character ``lose`` in a fight of ``mode`` (strength or craft)."""

    mode: str


@ENGINE.handler("spoils", args=Spoils)
def _spoils(g: Game, a: Spoils) -> None:
    """The winner takes a life, or an Object or gold (a Follower too after psychic combat)."""
    win, lose, mode = a["win"], a["lose"], a["mode"]
    loser = g.players[lose]
    if not loser.alive:
        return
    if g.players[win].toad:  # a Toad owns nothing: it can only take a life
        g.push("take_life", win=win, lose=lose, mode=mode)
        return
    opts: list[Choice] = [
        Choice("life", f"Take a life from the {g.name(lose)}", [frame("take_life", win=win, lose=lose, mode=mode)])
    ]
    if loser.gold:
        # ``spoils-gold:N``: the winner may take up to N gold instead of 1 (the Rogue takes it all).
        n = min(loser.gold, max(1, stats.trait_value(g, win, "spoils-gold")))
        opts.append(Choice("gold", f"Take {n} gold from the {g.name(lose)}", [frames.take_gold(win, lose, n=n)]))
    for c in possessions.stealable(g, lose):
        if possessions.permitted(g, win, c):
            opts.append(Choice(f"object:{c}", f"Take the {g.card_name(c)}", [frames.steal(win, lose, c)]))
    if mode == "craft":
        for f in loser.followers:
            if "loyal" in g.rules.instances[f].traits:
                continue  # never taken (a Dog)
            opts.append(Choice(f"follower:{f}", f"Take the {g.card_name(f)}", [frames.steal(win, lose, f)]))
    g.decide(win, "spoils", f"You beat the {g.name(lose)}: choose your prize.", opts)


@ENGINE.handler("take_life", args=Spoils)
def _take_life(g: Game, a: Spoils) -> None:
    win, lose = a["win"], a["lose"]
    cause = f"beaten by the {g.name(win)}"
    if a["mode"] == "craft" and stats.has_trait(g, win, "life-drain"):
        g.push("drain", p=win, victim=lose, had=g.players[lose].lives)
    lose_battle_life(g, lose, cause=cause, armour=(a["mode"] == "strength"), by=win)


class Drain(frames.Victim):
    """Character ``p`` drains the ``victim``, which ``had`` that many lives before the blow."""

    had: int


@ENGINE.handler("drain", args=Drain)
def _drain(g: Game, a: Drain) -> None:
    """The Ghoul gains the life it took, if the victim did lose it (no Spell saved it)."""
    if g.players[a["victim"]].lives < a["had"]:
        lives.gain_lives(g, a["p"], 1)


@ENGINE.handler("take_gold", args=frames.TakeGold)
def _take_gold(g: Game, a: frames.TakeGold) -> None:
    win, lose = g.players[a["win"]], g.players[a["lose"]]
    n = min(a.get("n", 1), lose.gold)
    lose.gold -= n
    win.gold += n
    g.say(f"{g.name(a['win'])} takes {n} gold from the {g.name(a['lose'])}.", type="gold", seat=a["win"])


@ENGINE.handler("steal", args=frames.Steal)
def _steal(g: Game, a: frames.Steal) -> None:
    card = a["card"]
    if card not in g.players[a["lose"]].holdings():
        return
    cards.release(g, a["lose"], card)
    possessions.settle_packs(g, a["lose"])
    g.say(
        f"{g.name(a['win'])} takes the {g.card_name(card)} from the {g.name(a['lose'])}.", type="steal", seat=a["win"]
    )
    if possessions.can_take(g, a["win"], card):
        possessions.give_item(g, a["win"], card)
    else:
        cards.place(g, card, g.players[a["win"]].space)
        g.say(f"The {g.card_name(card)} is left on the {g.space_name(g.players[a['win']].space)}.", seat=a["win"])
