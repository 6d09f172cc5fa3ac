"""Lives, healing, Strength and Craft losses, death and the last survivor.

Healing never raises a character above 4 lives (000); lives *gained* have no
limit. A character whose Strength or Craft counters fall to 0 loses a life
and starts again from its printed value. The dead leave their Objects,
Followers and gold on their space; their Spells and trophies are discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import abilities, cards, frames, possessions, quests, realms, spells, stats
from talisman.engine.base import ENGINE
from talisman.engine.decision import Choice
from talisman.engine.flow import end_turn_now as end_turn_now  # (rules everywhere end a turn by lives.end_turn_now)
from talisman.engine.game import frame_of

if TYPE_CHECKING:
    from talisman.engine.game import Game


def lose_lives(g: Game, seat: int, n: int, cause: str = "") -> None:
    """Push a life loss; the victim may first prevent it with a Spell."""
    if n > 0:
        g.push_frame(frames.lose_lives(seat, n, cause))


@ENGINE.handler("lose_lives", args=frames.LoseLives)
def _lose_lives(g: Game, a: frames.LoseLives) -> None:
    seat: int = a["p"]
    n = a["n"]
    p = g.players[seat]
    if not p.alive or n <= 0:
        return
    if not a.get("asked"):
        options = spells.prevent_life_loss_options(g, seat, a)
        if options:
            g.decide(
                seat,
                "prevent-life-loss",
                f"You are about to lose {n} {'life' if n == 1 else 'lives'}"
                f"{' (' + a['cause'] + ')' if a.get('cause') else ''}.",
                [
                    *options,
                    Choice("accept", "Accept the loss", [frame_of("lose_lives", {**a, "asked": True})]),
                ],
            )
            return
    p.lives -= n
    g.say(
        f"{g.name(seat)} loses {n} {'life' if n == 1 else 'lives'}"
        f"{' (' + a['cause'] + ')' if a.get('cause') else ''}: {max(p.lives, 0)} left.",
        type="life",
        seat=seat,
    )
    if a.get("by") is not None:
        g.push("life_taken", p=a["by"], victim=seat)
    if p.lives <= 0:
        kill(g, seat, a.get("cause", ""))
    else:
        abilities.react("life_lost", g, seat, n)


@ENGINE.handler("life_taken", args=frames.Victim)
def _life_taken(g: Game, a: frames.Victim) -> None:
    """A character took a life from another (quests count these)."""
    quests.on_life_taken(g, a["p"], a["victim"])
    abilities.react("life_taken", g, a["p"], a["victim"])


def heal(g: Game, seat: int, n: int) -> int:
    """Restore up to ``n`` lives, never above the cap; returns the lives healed."""
    p = g.players[seat]
    healed = max(0, min(n, stats.life_cap(g, seat) - p.lives))
    if healed:
        p.lives += healed
        g.say(
            f"{g.name(seat)} is healed of {healed} {'life' if healed == 1 else 'lives'}: {p.lives} now.",
            type="life",
            seat=seat,
        )
    return healed


def gain_lives(g: Game, seat: int, n: int) -> None:
    p = g.players[seat]
    p.lives += n
    g.say(f"{g.name(seat)} gains {n} {'life' if n == 1 else 'lives'}: {p.lives} now.", type="life", seat=seat)


def lose_attribute(g: Game, seat: int, attr: str, n: int) -> None:
    """Remove Strength or Craft counters; at 0, lose a life and start again from the printed value."""
    p = g.players[seat]
    before = getattr(p, attr)
    after = max(0, before - n)
    setattr(p, attr, after)
    stats.changed(g)
    g.say(f"{g.name(seat)} loses {before - after} {attr.capitalize()}.", type="attribute", seat=seat)
    if after == 0:
        setattr(p, attr, stats.base_value(g, seat, attr))
        stats.changed(g)
        g.say(
            f"{g.name(seat)}'s {attr.capitalize()} fell to nothing: it returns to "
            f"{getattr(p, attr)} at the cost of a life.",
            seat=seat,
        )
        lose_lives(g, seat, 1, f"{attr} fell to 0")
    if attr == "craft":
        possessions.check_limits(g, seat)


def gain_attribute(g: Game, seat: int, attr: str, n: int) -> None:
    p = g.players[seat]
    if p.toad:
        g.say(f"A Toad cannot gain {attr.capitalize()}.", seat=seat)
        return
    setattr(p, attr, getattr(p, attr) + n)
    stats.changed(g)
    g.say(f"{g.name(seat)} gains {n} {attr.capitalize()}.", type="attribute", seat=seat)


def kill(g: Game, seat: int, cause: str = "") -> None:
    """The character dies: possessions stay on its space, the rest is discarded."""
    p = g.players[seat]
    if not p.alive:
        return
    space = leave(g, seat, cause or "killed")
    p.toad = 0
    p.lost_turns = 0
    g.say(
        f"{g.name(seat)} is dead{' (' + cause + ')' if cause else ''}. Everything it carried lies on the "
        f"{g.space_name(space)}.",
        type="death",
        seat=seat,
    )
    abilities.react("death", g, seat)
    if (
        g.options.get("new-character")
        and _replacement_left(g)
        and g.controller(seat) == seat
        and abilities.new_character(g, seat)
    ):
        p.status["replace"] = True  # a seat's own character, not a body raised beside it (a Mirror Image)
    check_game_end(g)
    if seat == g.active:
        end_turn_now(g)


def leave(g: Game, seat: int, why: str) -> int:
    """The character leaves the game, dead or not (:func:`kill`; a Mystic's spirit gone home): what
    it carries and its Scrolls lie on its space, its other cards are discarded, its Realms fall, its
    gold lies on its space; its one status is ``dead``: ``why``. Returns the space."""
    p = g.players[seat]
    p.alive = False
    p.lives = 0
    space = p.space
    scrolls = [c for c in p.cards if g.rules.instances[c].type == "scroll"]
    for card in p.objects + p.packed + p.followers + scrolls:
        cards.place(g, card, space)
    for card in p.spells + p.trophies + [c for c in p.cards if c not in scrolls]:
        cards.discard(g, card)
    p.objects, p.packed, p.followers, p.spells, p.cards, p.trophies = [], [], [], [], [], []
    realms.fall(g, seat)
    if p.gold:
        g.gold_on[space] = g.gold_on.get(space, 0) + p.gold
        p.gold = 0
    p.status = {"dead": why}
    p.mods = []
    stats.changed(g)
    return space


def set_attribute(g: Game, seat: int, attr: str, value: int) -> None:
    """Set the character's Strength or Craft counters to ``value``, nothing said (a rule that
    shares them out anew: the Mystic's spirit parting from its body); see :func:`gain_attribute`."""
    setattr(g.players[seat], attr, value)
    stats.changed(g, seat)


def lose_game(g: Game, seat: int, cause: str) -> None:
    """The character has lost the game: it is out, killed as ``cause`` says, and its player begins
    no new one, whatever the option ``new-character`` says."""
    g.players[seat].conceded = True
    kill(g, seat, cause)
    g.players[seat].status.pop("replace", None)


def _replacement_left(g: Game) -> bool:
    in_play = {p.character for p in g.players}
    return any(k not in in_play and c.playable for k, c in g.rules.characters.items())


def frames_lose_life(seat: int, n: int = 1, cause: str = "", by: int | None = None) -> list[Any]:
    return [frames.lose_lives(seat, n, cause, by=by)]


def check_game_end(g: Game) -> None:
    """The last character alive wins (in a game that began with several)."""
    if g.result is not None:
        return
    seats = [p.seat for p in g.players if g.controller(p.seat) == p.seat]
    alive = sorted({g.controller(s) for s in g.living()})
    waiting = [s for s in seats if s not in alive and g.players[s].status.get("replace")]
    if len(seats) > 1 and len(alive) == 1 and not waiting:
        on_crown = any(
            g.rules.spaces[g.players[c].space].kind == "crown" for c in g.characters_of(alive[0]) if g.players[c].alive
        )
        if not on_crown and not abilities.may_win(g, alive[0]):
            return  # (000's Chaos Bloodbath: the survivor must still reach the Crown)
        g.end(
            alive,
            "rules from the Crown of Command, the last character standing"
            if on_crown
            else "the last character standing",
        )
    elif not alive and not waiting:
        g.end([], "no character survived")
