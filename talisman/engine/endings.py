"""How a game ends: the Crown of Command, or the last character standing.

The ending met at the Crown is a choosable rule (option ``ending``); the base
game has one, the Command Spell, which modules extend through
:meth:`~talisman.content.modules.Module.ending`. Under the Command Spell the ruler, alone on the
Crown, casts it at the start of each turn: roll a die; on 4-6 the victim
(000: one victim of the ruler's choice, who may concede instead; option
``command-spell = "4e"``: every other character) loses a life. A ruler who is
not alone must first encounter the other characters there. A Counterspell
cancels the Command Spell; the holder of the Amulet cannot cast it, nor can a Toad.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypedDict

from talisman.engine import frames, stats
from talisman.engine.abilities import meet_options
from talisman.engine.base import ENGINE
from talisman.engine.combat import attack_options, must_attack
from talisman.engine.decision import Choice
from talisman.engine.effects import roll
from talisman.engine.game import frame
from talisman.engine.lives import check_game_end, lose_game
from talisman.engine.spells import counter_window

if TYPE_CHECKING:
    from talisman.engine.game import Game

COMMAND_SPELL: Final = "Command Spell"  # a Spell that is no card, so a Counterspell names it by this


def ending_of(g: Game) -> str:
    """The ending in force: a module's rule may decide it (the Dungeon's Winner
    Takes All, registered with ``Module.ending_choice``), else the option ``ending``."""
    for choose in g.rules.ending_choices:
        name: str | None = choose(g)
        if name:
            return name
    chosen: str = g.options["ending"]
    return chosen


def on_reach_crown(g: Game, seat: int) -> None:
    g.rules.endings[ending_of(g)].reach(g, seat)


def on_turn_start(g: Game, seat: int) -> None:
    if g.rules.spaces[g.players[seat].space].kind == "crown":
        g.rules.endings[ending_of(g)].turn_start(g, seat)


def rivals(g: Game, seat: int) -> list[int]:
    """The other players' living characters (not a second one of the same seat)."""
    return [s for s in g.living() if g.controller(s) != g.controller(seat)]


def rivals_on_crown(g: Game, seat: int) -> list[int]:
    space = g.players[seat].space
    return [p.seat for p in g.players if p.alive and g.controller(p.seat) != g.controller(seat) and p.space == space]


# --- the Crown of Command (Command Spell) -------------------------------------


def crown_reached(g: Game, seat: int, told: str, won: str) -> None:
    """The character is on the Crown of Command (``told`` in words): it challenges the rivals there,
    or with no rival left anywhere it wins (``won``: how, in words)."""
    g.say(told, type="crown", seat=seat)
    here = rivals_on_crown(g, seat)
    if here:
        g.push("crown_challenge", p=seat, rivals=here)
    elif not rivals(g, seat):
        g.end([g.controller(seat)], won)


def _crown_reach(g: Game, seat: int) -> None:
    crown_reached(
        g, seat, f"{g.name(seat)} reaches the Crown of Command!", "reached the Crown of Command with no rival left"
    )


class CrownChallenge(TypedDict):
    """Character ``p`` on the Crown of Command, with the ``rivals`` that may challenge it."""

    p: int
    rivals: list[int]


@ENGINE.handler("crown_challenge", args=CrownChallenge)
def _crown_challenge(g: Game, a: CrownChallenge) -> None:
    """A character who is not alone on the Crown must encounter the others there:
    attack one, or use a special ability on it (000 "Encountering another
    Character": a Thief may steal); it may not leave them in peace."""
    seat: int = a["p"]
    rivals = [r for r in rivals_on_crown(g, seat)]
    if not rivals or not g.players[seat].alive:
        return
    opts = []
    for r in rivals:
        opts += attack_options(g, seat, r)
        if not must_attack(g, seat, r):
            opts += meet_options(g, seat, r)
    g.decide(seat, "crown-challenge", "Another character holds the Crown: you must encounter it.", opts)


def _crown_turn_start(g: Game, seat: int) -> None:
    if rivals_on_crown(g, seat):
        g.push("crown_challenge", p=seat, rivals=rivals_on_crown(g, seat))
        return
    if g.players[seat].toad:
        g.say(f"{g.name(seat)} is a Toad and cannot cast the Command Spell.", seat=seat)
        return
    if stats.has_trait(g, seat, "no-spells"):
        g.say(f"{g.name(seat)} cannot cast the Command Spell while holding the Amulet.", seat=seat)
        return
    victims = rivals(g, seat)
    if not victims:
        g.end([g.controller(seat)], "rules from the Crown of Command")
        return
    if g.options.get("command-spell") == "4e":
        g.push("command_spell", p=seat, victim=-1)
        return
    reachable = [v for v in victims if not stats.has_trait(g, v, "command-immune")]  # the Magic Shell
    if not reachable:
        g.say("No one is within reach of the Command Spell this turn.", seat=seat)
        return
    g.decide(
        seat,
        "command",
        "Cast the Command Spell: choose its victim.",
        [
            Choice(f"victim:{v}", f"Aim it at the {g.name(v)}", [frame("command_spell", p=seat, victim=v)])
            for v in reachable
        ],
    )


@ENGINE.handler("command_spell", args=frames.Victim)
def _command_spell(g: Game, a: frames.Victim) -> None:
    """The ruler casts the Command Spell; any other character may answer with a Counterspell."""
    g.say(f"{g.name(a['p'])} casts the Command Spell.", type="cast", seat=a["p"])
    g.push("command_roll", p=a["p"], victim=a["victim"])
    counter_window(g, a["p"], COMMAND_SPELL)


@ENGINE.handler("command_roll", args=frames.Victim)
def _command_roll(g: Game, a: frames.Victim) -> None:
    if g.globals.get("countered") == COMMAND_SPELL:
        del g.globals["countered"]
        return
    roll(g, a["p"], "D6", frame("command_result", p=a["p"], victim=a["victim"]), why="the Command Spell")


class CommandResult(frames.Victim):
    """The Command Spell's ``roll`` against ``victim``."""

    roll: int
    roll_faces: list[int]


@ENGINE.handler("command_result", args=CommandResult)
def _command_result(g: Game, a: CommandResult) -> None:
    seat: int = a["p"]
    victim: int = a["victim"]
    if a["roll"] < 4:
        g.say("The Command Spell fails to bite.", seat=seat)
        return
    if victim == -1:
        for v in [s for s in rivals(g, seat) if not stats.has_trait(g, s, "command-immune")]:
            g.push_frame(frames.lose_lives(v, 1, "the Command Spell", by=seat))
        return
    if g.players[victim].alive:
        g.decide(
            victim,
            "command-victim",
            "The Command Spell strikes you: lose a life, or admit defeat?",
            [
                Choice("life", "Lose 1 life", [frames.lose_lives(victim, 1, "the Command Spell", by=seat)]),
                Choice("concede", "Admit defeat and leave the game", [frame("concede", p=victim)]),
            ],
        )


@ENGINE.handler("concede", args=frames.Seat)
def _concede(g: Game, a: frames.Seat) -> None:
    g.say(f"{g.name(a['p'])} admits defeat.", type="concede", seat=a["p"])
    lose_game(g, a["p"], "admitted defeat")
    check_game_end(g)


ENGINE.ending("crown-of-command", _crown_reach, _crown_turn_start)
