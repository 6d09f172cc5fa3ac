"""The core game's advice on the turn and on moving: roll and go toward the aim, step through
the Inner Region toward the Crown (or back out when wounded or sent away)."""

from __future__ import annotations

from typing import Final

from talisman.bots.heuristic import HeuristicBot
from talisman.engine.decision import Decision, Option
from talisman.modules.core.advice.common import (
    ADVICE,
    INNER,
    dares_the_bridge,
    kept_out,
    progress,
    ready_for_inner,
    score_space,
    target,
)

TRAIL: Final = 6  # moves remembered
WALKED: Final = "trail"  # the bot's memory: the spaces of its last moves
# Each recent visit of a space counts this much against going there again: two spaces that score
# well from each other (a healer and the fields beside it, a hunter and its prey) would otherwise
# hold a bot between them for ever.
RETREAD: Final = 1.0
# The ways through the Inner Region to the Valley of Fire (the Lord of Chaos's "Change is Good").
BRANCHES: Final = {"the Mines": ("mines", "vampires-tower", "pits"), "the Crypt": ("crypt", "death", "werewolf-den")}


def next_move(bot: HeuristicBot) -> str:
    """Where the character's next move is fixed to go (its own space when it is not)."""
    nxt = bot.me["status"].get("next_move")
    return bot.rules.spaces[nxt].id if isinstance(nxt, int) else bot.here()


@ADVICE.answer("turn", order=100)
def _cash_in(bot: HeuristicBot, d: Decision) -> str | None:
    """Trophies cashed in, a quest's price paid, a hex dispelled: at once."""
    return bot.first("trophies", "quest", "dispel")


@ADVICE.answer("turn", order=90)
def _heal_self(bot: HeuristicBot, d: Decision) -> str | None:
    """Badly wounded: a Healing Spell on itself (at one life only where Spells are crimes)."""
    if bot.me["lives"] <= (1 if bot.flag("spells-are-crimes") else 2):
        for o in bot.options("cast"):
            if bot.card(o.card).name == "Healing" and o.args.get("target") == bot.seat:
                return o.id
    return None


@ADVICE.answer("turn", order=20)
def _walk_or_step(bot: HeuristicBot, d: Decision) -> str | None:
    """A step through the Inner Region; a raft toward the aim; the next move when it leads there."""
    me = bot.me
    here = bot.rules.space(me["space"])
    if bot.rules.regions[here.region].movement == "step":
        return step(bot, d) or bot.main_first()
    rafts = bot.options("raft")
    goes_next = bot.offered("next-move")
    aim = target(bot) if rafts or goes_next else ""  # (the plan only where it matters)
    if aim and rafts:
        best = min(rafts, key=lambda o: bot.distance(o.space, aim))
        if bot.distance(best.space, aim) < bot.distance(me["space"], aim):
            return best.id
    bot.plan["walk-target"] = aim
    return None


@ADVICE.answer("turn", order=10)
def _next_move(bot: HeuristicBot, d: Decision) -> str | None:
    """A move fixed in advance, taken when it brings the bot nearer its aim (or it has none).
    Kept out by the Sentinel, the aim beyond it: the walk heads for the way in (the Tavern),
    and the boatman's Temple is nearer the aim itself (the bots turned him down, visit after
    visit, and games ran to the turn cap)."""
    if not bot.offered("next-move"):
        return None
    aim = bot.plan["walk-target"]
    if bot.region(bot.here()) == "outer" and kept_out(bot):
        aim = bot.aim()
    if (aim == "" or bot.distance(next_move(bot), aim) < bot.distance(bot.here(), aim)) and not bot.flag(
        "next-move-unwelcome"
    ):
        return "next-move"
    return None


@ADVICE.answer("turn")
def _roll(bot: HeuristicBot, d: Decision) -> str | None:
    """Two movement dice (either kept) when offered, else the plain roll."""
    if bot.offered("roll-two"):
        return "roll-two"
    return "roll" if bot.offered("roll") else None


def step(bot: HeuristicBot, d: Decision) -> str | None:
    """One space a turn (the Inner Region, the Wizard's Tower): on toward the Crown, or back
    out when wounded or sent away (a module may route it otherwise: ``inner-route``)."""
    me = bot.me
    here = bot.here()
    forward = bot.options("move")
    back = bot.options("retreat")
    kind = bot.rules.space(here).kind
    leave = bot.flag("away-from-crown") or (me["lives"] <= 1 and kind != "crown")
    if kind != "crown" and bot.region(here) in INNER:
        # no way through the Valley of Fire without a Talisman; none past what waits on the Crown unready
        leave = leave or not bot.has("Talisman") or (bot.flag("crown-beyond-reach") and not ready_for_inner(bot))
    routed = bot.value("inner-route")
    if routed is not None:
        return str(routed) if routed else None
    if kind == "crown" and bot.offered("stay") and not leave:
        return "stay"
    if leave and back:
        out = target(bot) or "portal-of-power"
        return min(back, key=lambda o: (bot.distance(o.space, out), o.id)).id
    if bot.offered("stay"):
        return "stay"
    on = bot.value("inner-step")
    if on:
        return str(on)
    if forward:
        crown = [o for o in forward if "crown" in o.space]
        if crown:
            return crown[0].id
        return max(forward, key=lambda o: _branch_score(bot, o)).id
    return back[0].id if back else None


def _branch_score(bot: HeuristicBot, o: Option) -> tuple[int, str]:
    """The Mines test Craft, the Crypt Strength: the bot takes the way of its better one."""
    strong_in_craft = bot.me["craft"] > bot.me["strength"]
    return (int((o.space in BRANCHES["the Mines"]) == strong_in_craft), o.space)


@ADVICE.answer("move", order=100)
def _regenerate(bot: HeuristicBot, d: Decision) -> str | None:
    """Wounded (fewer than 4 lives): a life regenerated instead of a move."""
    return "regenerate" if bot.offered("regenerate") and bot.me["lives"] < 4 else None


@ADVICE.answer("move", order=90)
def _through_the_portal(bot: HeuristicBot, d: Decision) -> str | None:
    """Through the Portal of Power when it is where the bot is heading."""
    return "portal" if bot.offered("portal") and target(bot) == "portal-of-power" else None


@ADVICE.answer("move")
def _move(bot: HeuristicBot, d: Decision) -> str | None:
    """The move whose space is worth most, toward the aim, wary of the Sentinel's bridge."""
    moves = bot.options("move")
    if not moves:
        return None
    aim = target(bot)
    here = bot.rules.space(bot.here()).region

    trail = walked(bot)

    def score(o: Option) -> float:
        sid = o.space
        value = score_space(bot, sid, aim) + bot.rng.random() * 0.1 - RETREAD * trail.count(sid)
        value -= float(sum(bot.tell("retread", sid)))
        there = bot.rules.space(sid).region
        if here == "outer" and there == "middle" and not dares_the_bridge(bot):
            # crossing the bridge inward means beating the Sentinel (Strength 9)
            value -= 12 if bot.me["lives"] >= 3 else 40
        elif here == "middle" and there == "outer" and kept_out(bot):
            value -= 6  # the Sentinel would bar the way back in
        return value

    best = max(moves, key=score)
    bot.memory[WALKED] = [*trail[-(TRAIL - 1) :], best.space]
    bot.tell("moved", best.space)
    return best.id


def walked(bot: HeuristicBot) -> list[str]:
    """The spaces of the bot's last moves (its memory), oldest first."""
    trail: list[str] = bot.memory.get(WALKED, [])
    return trail


@ADVICE.answer("teleport")
def teleport(bot: HeuristicBot, d: Decision) -> str:
    """The space worth most, toward the aim."""
    aim = target(bot)
    return max(d.options, key=lambda o: score_space(bot, o.space, aim)).id


@ADVICE.answer("pick-roll")
def _pick_roll(bot: HeuristicBot, d: Decision) -> str:
    """Two dice, one kept: for a move, the one with the better destination; else the higher."""
    keeps = bot.options("keep")
    if d.about.get("purpose") == "movement" and keeps:
        return max(keeps, key=lambda o: (roll_value(bot, o.number), o.id)).id
    return max(keeps or d.options, key=lambda o: o.args.get("number", 0)).id


def roll_value(bot: HeuristicBot, n: int) -> float:
    """The best space a move of ``n`` round the bot's ring reaches (a rough look: no bridge, no passage)."""
    aim = target(bot)
    start = bot.rules.space_index[bot.here()]
    best = -99.0
    for step_to in (bot.rules.cw, bot.rules.ccw):
        pos = start
        for _ in range(n):
            nxt = step_to[pos]
            if nxt < 0:
                break
            pos = nxt
        if pos != start:
            best = max(best, score_space(bot, bot.rules.spaces[pos].id, aim))
    return best


@ADVICE.answer("portal")
def _portal(bot: HeuristicBot, d: Decision) -> str:
    """The Portal of Power: tried with the better attribute (a module may ask for Craft)."""
    if bot.flag("portal-by-craft"):
        return "craft"
    return "strength" if bot.me["strength"] >= bot.me["craft"] else "craft"


@ADVICE.answer("realm")
def _realm(bot: HeuristicBot, d: Decision) -> str:
    """Lay a Realm where the bot passes: the nearest free space."""
    return min(d.options, key=lambda o: (bot.distance(bot.here(), o.space), o.id)).id


@ADVICE.answer("hex")
def _hex(bot: HeuristicBot, d: Decision) -> str:
    """Lay a Hex in the way of the rival nearest the Crown."""
    rivals = bot.rivals()
    if not rivals:
        return d.options[0].id
    lead = min(rivals, key=lambda p: (bot.distance(p["space"], "crown-of-command"), p["seat"]))
    return min(d.options, key=lambda o: (bot.distance(lead["space"], o.space), o.id)).id


@ADVICE.answer("actor")
def _actor(bot: HeuristicBot, d: Decision) -> str:
    """A seat with two characters acts with the one further along."""
    return max(d.options, key=lambda o: (progress(bot.sheet(o.seat)), o.id)).id
