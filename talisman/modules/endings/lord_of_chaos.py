"""The Lord of Chaos (000): the character who reaches the Crown rolls a D6.

1 Good wins, Evil loses; Neutral must go to the Chapel, give up every
  possession but its Followers there, and come back to win.
2 Evil wins, Good loses; Neutral the same by way of the Graveyard.
3 Neutral wins; Good and Evil lose a life, then go to the Anarchist's Guild
  and do the same. The Guild is in the City: without the City, the City space
  of the main board stands in for it (our choice).
4 Change is Good: leave at once; come back by another route (the Mines
  instead of the Crypt, the Wizard's Tower or not) or with another alignment
  to win.
5 Let's See You Suffer: a D6 against the alignment gives a letter (see
  ``LETTERS``); "leave" sends the character out, and it must go all the way
  back to the Portal of Power (out of the Inner Region) before it may enter
  the Crown again to try again.
6 Combat to Win: a D6 and the alignment choose the foe (see :func:`_combat`).

Choices: a character who "loses the game" is out of it; one sent on an
errand (1-4) steps off the Crown at once and wins by landing on it again with
the errand done; one told to "try again" while staying (letter C) rolls
again at the start of its next turn on the Crown; in the Evil trial the four
battles (two with the Dragon, in battle then in psychic combat, then two
with the Priest) are each fought until won by 3 or more, every lesser result
costing a life.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import effects, frames, lives
from talisman.engine.game import frame
from talisman.modules.endings import boss, common
from talisman.modules.endings.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

NAME = "lord-of-chaos"
ERRANDS = {
    1: {"neutral": "Chapel"},
    2: {"neutral": "Graveyard"},
    3: {"good": "Anarchist's Guild", "evil": "Anarchist's Guild"},
}
GUILD_FALLBACK = "City"
COLUMN = {"good": 0, "neutral": 1, "evil": 2}
LETTERS = {1: "ABC", 2: "ABC", 3: "BAD", 4: "BAD", 5: "EFA", 6: "FEG"}
# letter: (lives lost, all possessions lost, must leave, wins if alive)
RESULTS = {
    "A": (1, False, True, False),
    "B": (2, False, True, False),
    "C": (1, True, False, False),
    "D": (0, True, True, False),
    "E": (2, False, False, True),
    "F": (3, False, False, True),
    "G": (3, False, True, False),
}


def reach(g: Game, seat: int) -> None:
    aim = common.goal(g, seat, NAME)
    if aim is None:
        _roll(g, seat)
    elif aim["kind"] == "portal":
        if aim["reached"]:
            common.clear_goal(g, seat)
            g.say(f"{g.name(seat)} comes back to face the Lord of Chaos again.", type="crown", seat=seat)
            _roll(g, seat)
        else:
            common.leave_crown(g, seat, "must first go all the way back to the Portal of Power")
    elif aim["kind"] == "errand" and aim["done"]:
        common.win(g, seat, f"did the Lord of Chaos's bidding at the {aim['place']} and rules from the Crown")
    elif aim["kind"] == "change" and (
        common.route(g, seat) != aim["route"] or g.players[seat].alignment != aim["alignment"]
    ):
        common.win(g, seat, "came back to the Lord of Chaos changed, and rules from the Crown")
    else:
        g.say(f"The Lord of Chaos is not satisfied: {g.name(seat)} must still {aim['text']}.", seat=seat)


def turn_start(g: Game, seat: int) -> None:
    """One who stayed on the Crown with nothing left to do tries again."""
    if common.goal(g, seat, NAME) is None:
        _roll(g, seat)


def _roll(g: Game, seat: int) -> None:
    g.say(f"The Lord of Chaos turns his gaze on {g.name(seat)}.", type="crown", seat=seat)
    effects.roll(g, seat, "D6", frame("chaos_outcome", p=seat), why="the Lord of Chaos")


@MODULE.handler("chaos_outcome", args=frames.Rolled)
def _outcome(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    alignment = g.players[seat].alignment
    if n in ERRANDS:
        winner = {1: "good", 2: "evil", 3: "neutral"}[n]
        loser = {1: "evil", 2: "good"}.get(n)
        if alignment == winner:
            common.win(g, seat, f"is favoured by the Lord of Chaos ({winner} wins) and rules from the Crown")
        elif alignment == loser:
            g.push("lose_game", p=seat, why=f"the Lord of Chaos lets {alignment} lose")
        else:
            _errand(g, seat, ERRANDS[n][alignment], lose_life=(n == 3))
    elif n == 4:
        common.set_goal(
            g,
            seat,
            NAME,
            "change",
            "come back by another route, or with another alignment",
            route=common.route(g, seat),
            alignment=alignment,
        )
        common.leave_crown(g, seat, "must leave the Crown: change is good")
    elif n == 5:
        effects.roll(g, seat, "D6", frame("chaos_suffer", p=seat), why="Let's See You Suffer")
    else:
        effects.roll(g, seat, "D6", frame("chaos_combat", p=seat), why="Combat to Win")


def _errand(g: Game, seat: int, place: str, lose_life: bool) -> None:
    if common.space_named(g, place) is None:
        place = GUILD_FALLBACK
    common.set_goal(
        g,
        seat,
        NAME,
        "errand",
        f"go to the {place}, give up every possession but Followers, and come back",
        place=place,
        done=False,
    )
    common.leave_crown(g, seat, f"is sent to the {place}")
    if lose_life:
        lives.lose_lives(g, seat, 1, "the Lord of Chaos")


@MODULE.ability("landed", character="goal")
def errand_place(g: Game, seat: int) -> None:
    aim = common.goal(g, seat, NAME) if common.in_game(g) else None
    if aim and aim["kind"] == "errand" and not aim["done"] and g.space_name(g.players[seat].space) == aim["place"]:
        common.discard_possessions(g, seat, f"the Lord of Chaos's bidding at the {aim['place']}")
        common.update_goal(g, seat, done=True, text="go back to the Crown of Command")


# --- 5: Let's See You Suffer -----------------------------------------------------------


def letter(roll: int, alignment: str) -> str:
    return LETTERS[roll][COLUMN[alignment]]


@MODULE.handler("chaos_suffer", args=frames.Rolled)
def _suffer(g: Game, a: frames.Rolled) -> None:
    seat = a["p"]
    found = letter(a["roll"], g.players[seat].alignment)
    n, everything, leave, wins = RESULTS[found]
    g.say(f"{g.name(seat)} suffers result {found}.", type="event", seat=seat)
    if leave:
        common.set_goal(
            g, seat, NAME, "portal", "go all the way back to the Portal of Power, then try again", reached=False
        )
        common.leave_crown(g, seat, "is driven from the Crown")
    if wins:
        g.push_frame(
            common.ending_win(seat, f"survived the Lord of Chaos's torment ({found}) and rules from the Crown")
        )
    if everything:
        common.discard_possessions(g, seat, "the Lord of Chaos's torment")
    lives.lose_lives(g, seat, n, "the Lord of Chaos")


@MODULE.ability("move_allowed")
def back_to_the_portal(g: Game, seat: int, path: list[int]) -> bool:
    """A character driven out must reach the Portal of Power before entering the Crown again."""
    aim = common.goal(g, seat, NAME)  # (asked for every destination of every move: the goal looked at first)
    if aim is not None and not common.in_game(g):
        aim = None
    if not aim or aim["kind"] != "portal" or aim["reached"]:
        return True
    return not any(g.rules.spaces[s].kind == "crown" for s in path)


@MODULE.ability("landed", character="goal")
def portal_reached(g: Game, seat: int) -> None:
    aim = common.goal(g, seat, NAME) if common.in_game(g) else None
    here = g.rules.spaces[g.players[seat].space]
    if aim and aim["kind"] == "portal" and not aim["reached"] and g.rules.regions[here.region].movement == "roll":
        common.update_goal(g, seat, reached=True, text="go back to the Crown of Command and try again")


# --- 6: Combat to Win -----------------------------------------------------------------


def dragon_of_chaos(**changes: Any) -> dict[str, Any]:
    """Strength 10, Craft 10, 4 lives; each combat in the other attribute."""
    return boss.boss(
        "Dragon of Chaos",
        **{"strength": 10, "craft": 10, "lives": 4, "modes": ("strength", "craft"), "subtype": "dragon", **changes},
    )


def priest_of_chaos(**changes: Any) -> dict[str, Any]:
    """Strength 8, Craft 15, 4 lives; psychic combat only, with one Craft item drawn at random."""
    return boss.boss(
        "Priest of Chaos", **{"strength": 8, "craft": 15, "lives": 4, "modes": ("craft",), "one_item": True, **changes}
    )


@MODULE.handler("chaos_combat", args=frames.Rolled)
def _combat(g: Game, a: frames.Rolled) -> None:
    seat, n = a["p"], a["roll"]
    won = [common.ending_win(seat, "defeated the champion of the Lord of Chaos and rules from the Crown")]
    alignment = g.players[seat].alignment
    if n == 6:
        strength, _ = g.roll_dice("D6", seat)
        craft, _ = g.roll_dice("D6", seat)
        g.say(
            f"The Lord of Chaos himself comes forth: Strength {12 + strength}, Craft {12 + craft}, 5 lives.",
            type="attack",
            seat=seat,
        )
        boss.fight(
            g,
            seat,
            boss.boss(
                "Lord of Chaos",
                strength=12 + strength,
                craft=12 + craft,
                lives=5,
                modes=("strength", "craft"),
                gains=True,
                on_win=won,
            ),
        )
    elif alignment == "good":
        boss.fight(g, seat, dragon_of_chaos(on_win=won))
    elif alignment == "neutral":
        boss.fight(g, seat, priest_of_chaos(on_win=won))
    else:
        trials: list[dict[str, Any]] = [
            dragon_of_chaos(modes=("strength",), lives=1, margin=3),
            dragon_of_chaos(modes=("craft",), lives=1, margin=3),
            priest_of_chaos(lives=1, margin=3),
            priest_of_chaos(lives=1, margin=3),
        ]
        then = won
        for trial in trials[::-1]:
            then = [boss.boss_round(seat, {**trial, "on_win": then})]
        g.push_all(then)
