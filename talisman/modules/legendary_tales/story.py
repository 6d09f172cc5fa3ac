"""The adventure's story: its steps, each a task to do (a condition) and what follows when it is
done (actions), checked after every phase; and the standard conditions and actions that the
adventures' data names (``tasks.py`` holds the registries).

>>> sorted(n for n in tasks.CONDITIONS if n in ("all", "any", "never"))
['all', 'any', 'never']
"""

from __future__ import annotations

from typing import Any

from talisman.engine import frames
from talisman.engine.game import Game
from talisman.modules.legendary_tales import tasks
from talisman.modules.legendary_tales.board import adv, keyed, loc, pick, put, take_out, track, where_is
from talisman.modules.legendary_tales.ending import finish, move_time, over
from talisman.modules.legendary_tales.module import MODULE
from talisman.modules.legendary_tales.tasks import action, condition


def begin_step(g: Game) -> None:
    """Read the story of the current step aloud and show its task."""
    s = adv(g).get("step", [])[g.globals["step"]]
    g.globals = {**g.globals, "story": s["story"], "task": s["task"]}
    g.say(s["story"], type="story")
    g.say(f"Task: {s['task']}")


@MODULE.handler("lt-check", args=frames.NoArgs)
def check(g: Game, a: frames.NoArgs) -> None:
    """As soon as the current task is done, read on (and again, while the next is done too)."""
    steps = adv(g).get("step", [])
    while g.result is None and g.globals["step"] < len(steps):
        s = steps[g.globals["step"]]
        if not tasks.holds(g, s["done"]):
            return
        g.say(f"Task done: {s['task']}")
        before = g.globals["adventure"], g.turn
        tasks.run(g, s.get("then", []))
        if over(g) or (g.globals["adventure"], g.turn) != before:
            return
        g.globals = {**g.globals, "step": g.globals["step"] + 1}
        if g.globals["step"] < len(steps):
            begin_step(g)


# --- conditions ------------------------------------------------------------------------------


@condition("never")
def _never(g: Game, spec: dict[str, Any]) -> bool:
    return False


@condition("all")
def _all(g: Game, spec: dict[str, Any]) -> bool:
    return all(tasks.holds(g, s) for s in spec["of"])


@condition("any")
def _any(g: Game, spec: dict[str, Any]) -> bool:
    return any(tasks.holds(g, s) for s in spec["of"])


@condition("on-scroll")
def _on_scroll(g: Game, spec: dict[str, Any]) -> bool:
    keys = set(keyed(g, spec["token"]))
    return sum(1 for t in g.decks["scroll"] if t in keys) >= int(spec.get("count", 1))


@condition("hero-with")
def _hero_with(g: Game, spec: dict[str, Any]) -> bool:
    down = set(g.globals["down"])
    spots = {where_is(g, t) for t in keyed(g, spec["token"]) if t not in down}
    return any(p.space in spots for p in g.players)


@condition("hero-at")
def _hero_at(g: Game, spec: dict[str, Any]) -> bool:
    return any(p.space == loc(g, spec["location"]) for p in g.players)


@condition("eliminated")
def _eliminated(g: Game, spec: dict[str, Any]) -> bool:
    gone = set(g.globals.get("eliminated", []))
    return all(t in gone for t in keyed(g, spec["token"]))


# --- actions ---------------------------------------------------------------------------------


@action("place")
def _place(g: Game, spec: dict[str, Any]) -> None:
    picked = pick(g, list(spec["tokens"]))
    if spec.get("shuffle"):
        g.rng.shuffle(picked)
    put(g, picked, list(spec["at"]), face_up=bool(spec.get("face_up")))


@action("set-aside")
def _set_aside(g: Game, spec: dict[str, Any]) -> None:
    for t in pick(g, list(spec["tokens"]), ("box",)):
        g.decks["box"].remove(t)
        g.decks["aside"].append(t)


@action("discard")
def _discard(g: Game, spec: dict[str, Any]) -> None:
    for t in keyed(g, spec["token"]):
        if take_out(g, t, ("scroll",)):
            g.decks["box"].append(t)


@action("to-scroll")
def _to_scroll(g: Game, spec: dict[str, Any]) -> None:
    for t in keyed(g, spec["token"]):
        if take_out(g, t, ("aside", "box")):
            g.decks["scroll"].append(t)


@action("flip-scroll")
def _flip_scroll(g: Game, spec: dict[str, Any]) -> None:
    label = track(g)[g.globals["time"]]
    g.globals = {**g.globals, "side": 2}
    t2 = track(g)
    g.globals = {**g.globals, "time": t2.index(label) if label in t2 else g.globals["time"]}
    g.say(f"The scroll turns over; the time counter stays on {label}.")


@action("time")
def _time(g: Game, spec: dict[str, Any]) -> None:
    move_time(g, int(spec["n"]), "the story")


@action("say")
def _say(g: Game, spec: dict[str, Any]) -> None:
    g.say(spec["text"], type="story")


@action("win")
def _win(g: Game, spec: dict[str, Any]) -> None:
    finish(g, True, f"the party recovers the Talisman of {adv(g)['adventure']['title']}")
