"""The rule-aware bot's knowledge of 000's Alternative Endings (module ``endings``).

It reads the ending face up on the Crown (the Demon Lord's part is shared with Talisman Worlds:
:mod:`talisman.modules.shared.crown_advice`) and the task an ending gives it
(``status["goal"]``): it walks to the places of a quest or an errand, hunts the characters it
can beat for Ashes to Ashes and Finder's Keepers, goes back out through the Portal when the
Lord of Chaos says so, and comes back to the Crown once the task is done. A task hardly ever
done (Pandora's Hydra or Rabble) takes it straight back to the Crown, to open the Box again.
"""

from __future__ import annotations

from typing import Any, Final

from talisman.bots.heuristic import FAR, HeuristicBot, Sheet
from talisman.bots.knowledge import Advice
from talisman.engine.decision import Decision, Option
from talisman.modules.core.advice.common import beatable, desperate, goal, hunt_margin, hunting, prey, value_of
from talisman.modules.core.advice.holdings import best_card
from talisman.modules.core.advice.moving import BRANCHES
from talisman.modules.shared.crown_advice import crafty_enough

ADVICE: Final = Advice("endings")
HOPELESS: Final = ("hydra", "rabble")  # Pandora's seven Dragons, twelve Followers: hardly ever done


@ADVICE.value("crown-ending")
def _face_up_on_the_crown(bot: HeuristicBot) -> str:
    """The Alternative Ending face up on the Crown ('' if none yet)."""
    for c in bot.view["board"].get("crown-of-command", ()):
        if c["type"] == "event":
            return bot.card(c["id"]).key
    return ""


def goal_target(bot: HeuristicBot, aim: dict[str, Any]) -> str | None:
    """The space a task sends the bot to, '' to roam, None when the task is
    done (or is done on the Crown): then the bot heads for the Crown as usual."""
    kind = aim["kind"]
    if kind == "quest":
        place = _errand(bot)
        return way_to(bot, place) if place else None
    if kind == "errand":
        return None if aim["done"] else bot.nearest(bot.board.named.get(aim["place"], ()))
    if kind == "portal":
        return None if aim["reached"] else "portal-of-power"
    if kind in HOPELESS:
        return None  # done, it wins on the Crown; not done, it opens the Box again there
    if kind in ("ashes", "finders-keepers"):
        if kind == "ashes" and aim["taken"]:
            return None
        return bot.nearest([p["space"] for p in prey(bot)])
    if kind == "perils":
        rivals = bot.rivals()
        if len(rivals) == 1 and not beatable(bot, rivals[0], 1):
            return ""  # the last rival is too strong to finish: grow first, away from the Crown
    return None  # change, perils, the Demon Lord: on (or back to) the Crown


@ADVICE.value("errand")
def _errand(bot: HeuristicBot) -> str | None:
    """The place a quest sends the bot to next (the nearest of that name), walkable or not."""
    aim = goal(bot)
    if aim is None or aim["kind"] != "quest":
        return None
    names = aim["places"][aim["next"]]
    spaces = [s for n in names for s in bot.board.named.get(n, ()) if bot.rules.space(s).kind != "crown"]
    return bot.nearest(spaces) if spaces else None


def way_to(bot: HeuristicBot, place: str) -> str:
    """The place, or where the way to it opens when no road leads there (a reality of the
    Timescape: its module's advice says where, ``way-to``; a Monk on the Quest of a Lifetime
    had wandered 250 turns for the Space Fortress)."""
    if bot.distance(bot.here(), place) < FAR:
        return place
    doors = [door for door in bot.tell("way-to", place) if door]
    return bot.nearest(doors) if doors else place


@ADVICE.aim(order=90)
def _task(bot: HeuristicBot) -> str | None:
    """The task's place; '' (roam) or, hunting, the nearest prey. In a very long game a quest
    gives way to the hunt for a last rival the bot can beat, whose death ends the game at once
    (a Samurai of Strength 18 on the Quest of a Lifetime walked 300 turns for its second place
    of thirteen, a Hobgoblin of Strength 11 on the same quest its one rival)."""
    aim = goal(bot)
    if aim is None:
        return None
    if aim["kind"] == "quest" and desperate(bot) and hunting(bot):
        found_prey = prey(bot)
        if found_prey:
            return bot.nearest([p["space"] for p in found_prey])
    found = goal_target(bot, aim)
    if found == "" and hunting(bot):
        return bot.nearest([p["space"] for p in prey(bot)])
    return found


@ADVICE.flag("hunting")
def _task_of_lives(bot: HeuristicBot) -> bool:
    """Ashes to Ashes and Finder's Keepers take lives."""
    aim = goal(bot)
    if aim is None:
        return False
    return bool(aim["kind"] == "finders-keepers" or aim["kind"] == "ashes" and not aim["taken"])


@ADVICE.answer("pandora-again")
def _open_again(bot: HeuristicBot, d: Decision) -> str:
    """Back on the Crown with a Box task not done: a task hardly ever done is traded for a new roll."""
    aim = goal(bot)
    return "reopen" if aim is not None and aim["kind"] in HOPELESS else "keep"


@ADVICE.flag("away-from-crown")
def _away_from_crown(bot: HeuristicBot) -> bool:
    """Does the bot's task call it away from the Crown (or keep it away)?"""
    aim = goal(bot)
    if aim is None or aim["kind"] in ("demon-lord", "change"):
        return False  # fought on the Crown; the change of route is walked by _change_route
    return goal_target(bot, aim) is not None


@ADVICE.value("inner-route")
def _change_route(bot: HeuristicBot) -> str | None:
    """The Lord of Chaos's "Change is Good": come back to the Crown by the
    other way. The bot cannot see which way it last came (only the task's
    old way), so it wanders the other branch, stepping back and forth, until
    a step forward has landed it there; then it goes up to the Crown."""
    aim = goal(bot)
    if aim is None or aim["kind"] != "change":
        return None
    forward, back = bot.options("move"), bot.options("retreat")
    other = BRANCHES["the Crypt"] if aim["route"] == "the Mines" else BRANCHES["the Mines"]
    here = bot.here()
    kind = bot.rules.space(here).kind
    on = forward[0].id if forward else back[0].id if back else ""
    if kind == "crown":
        return back[0].id if back else "stay"
    into = [o for o in forward if o.space in other]
    if into:  # the Plain of Peril: into the other branch
        return into[0].id
    home = [o for o in back if o.space in other]
    if kind == "valley-of-fire":
        return home[0].id if home and bot.rng.random() < 0.5 else on
    if here in other:
        return back[0].id if back and bot.rng.random() < 0.5 else on
    return min(back, key=lambda o: bot.distance(o.space, "plain-of-peril")).id if back else on


@ADVICE.answer("turn", order=70)
def _finders_leap(bot: HeuristicBot, d: Decision) -> str | None:
    """Finder's Keepers: teleport to a character the bot can beat."""
    leaps = bot.options("leap")
    if not leaps or bot.me["lives"] < 2:
        return None
    quarry = [o for o in leaps if beatable(bot, bot.sheet(o.seat), hunt_margin(bot))]
    return min(quarry, key=lambda o: bot.sheet(o.seat)["lives"]).id if quarry else None


@ADVICE.answer("demon-lord")
def _demon_lord(bot: HeuristicBot, d: Decision) -> str:
    """Fight a round while healthy and crafty enough; flee to come back later."""
    return "fight" if bot.me["lives"] >= 2 and crafty_enough(bot) else "flee"


ADVICE.always("fight", "dragon-king", why="The Dragon King is fought rather than being eaten.")


@ADVICE.answer("arena")
def _arena(bot: HeuristicBot, d: Decision) -> str:
    """The first bout: the opponent and the attribute the bot is best at against it."""

    def edge(o: Option) -> tuple[int, str]:
        mode = o.arg_str("attribute")
        return (bot.me[mode] - bot.sheet(o.seat)[mode], o.id)

    return max(d.options, key=edge).id


def _threat(p: Sheet) -> int:
    return int(max(p["strength"], p["craft"]) * 2 + p["lives"])


@ADVICE.answer("perils")
def _perils(bot: HeuristicBot, d: Decision) -> str:
    """Set the strongest rival against the next strongest; fight the last one only when ahead."""
    sends = bot.options("perils")
    if sends:
        return max(sends, key=lambda o: (_threat(bot.sheet(o.seat)) + _threat(bot.sheet(o.arg_int("other"))), o.id)).id
    for o in bot.options("finish"):
        mode, them = o.arg_str("attribute"), bot.sheet(o.seat)
        if bot.me[mode] >= them[mode] + 1 and bot.me["lives"] >= them["lives"]:
            return o.id
    return "pass"


@ADVICE.answer("finders-keepers")
def _finders_keepers(bot: HeuristicBot, d: Decision) -> str:
    claims = bot.options("claim")
    best = best_card(bot, claims, default=1) if claims else None
    option = d.option(best) if best else None
    if option is not None and value_of(bot, bot.card(option.card).name, 1) >= 2:
        return option.id
    return "done"
