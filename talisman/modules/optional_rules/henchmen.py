"""000's Henchmen (option ``henchmen``: how many each player is dealt).

- Dealing: once the characters are chosen, each player is dealt that many
  henchmen at random from the Character Cards no one plays; a character who
  may have no Followers (``no-followers``) is dealt none. Each is a Henchman
  card among its master's Followers; the Character Card it stands for is kept
  in ``globals["henchmen"]`` (by card), with its lives. They are dealt once, at
  setup: a new character (option ``new-character``) comes with none.
- Followers: a henchman is a Follower for every rule (it counts for the
  Airships' Complement, can be given up for a life, taken by a Thief...). Whoever
  holds the card is its master.
- Abilities: its master uses those of the henchman's special abilities that a
  henchman could use on its master's behalf (:data:`TRANSFERABLE`: stealing,
  trading, bargaining, scouting, guiding); those of its own person (immunities,
  evading, its ways of moving or fighting) it keeps (000: "you could not gain a
  Henchman's resistance to the Siren's song, but a Henchman could steal for you").
  They are lent as lasting traits (``status["traits"]``), kept in step with the
  henchmen a character holds whenever a player answers a decision, a
  henchman is taken up, and a turn starts. A suspended henchman (stunned in an
  Airship's fall: ``possessions.suspend_follower``) lends nothing and fights
  for no one until its turns are over; it is still its master's Follower.
- Fighting instead: at the start of a fight with creatures, its master may send
  it to fight in its place, with the henchman's printed Strength (or Craft, in
  psychic combat) and what its master's Objects, Magic Objects, Magic Items,
  Followers and Spells add (the master's own counters and abilities do not).
  Beaten, the henchman loses a life (none of its master's), dying with its last;
  winning, the trophy is its master's (a henchman never grows stronger). Choice:
  fights between characters are the characters' own (000 speaks of "any Combat";
  only those with creatures open with a choice of who fights).
- Limits: a henchman's Strength and Craft are ever those printed, it holds no
  gold (all gold is its master's) and has at most 4 lives (printed lives above 4
  count as 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from talisman.engine import cards, combat, frames, possessions, stats
from talisman.engine.decision import Choice
from talisman.engine.game import frame, frame_of
from talisman.modules.optional_rules.module import MODULE

if TYPE_CHECKING:
    from talisman.engine.game import Game

DECK = "henchman"
MAX_LIVES = 4
# The special abilities a henchman uses for its master (traits by name, without ``:N`` or ``@``).
TRANSFERABLE = frozenset(
    {
        "beguile",
        "cave-bonus",
        "charm-animals",
        "city-theft",
        "enslave",
        "foresight",
        "fortune-telling",
        "free-purchase",
        "haggle",
        "law-bribe",
        "mines-dice",
        "pathfinder",
        "see-scrolls",
        "see-spells",
        "sell-spells",
        "spoils-gold",
        "steal",
        "take-follower",
        "take-maidens",
        "trade",
        "trader",
    }
)


def count(g: Game) -> int:
    n: int = g.options.get("henchmen", 0) if g.rules.has_module(MODULE.name) else 0
    return n


def henchmen(g: Game) -> dict[str, dict[str, Any]]:
    """The Character Card each Henchman card in play stands for, and its lives (by card)."""
    found: dict[str, dict[str, Any]] = g.globals.get("henchmen", {})
    return found


def of(g: Game, seat: int) -> list[int]:
    """The henchmen among a character's Followers."""
    known = henchmen(g)
    return [f for f in g.players[seat].followers if str(f) in known]


def helping(g: Game, seat: int) -> list[int]:
    """The henchmen that serve their master now: lend it abilities, fight in its place (not a
    suspended one, :func:`talisman.engine.possessions.suspend_follower`)."""
    known = henchmen(g)
    return [f for f in stats.followers_used(g, seat) if str(f) in known]


def character(g: Game, card: int) -> str:
    key: str = henchmen(g)[str(card)]["character"]
    return key


def title(g: Game, card: int) -> str:
    """``the Thief``: the henchman's name."""
    return f"the {g.rules.characters[character(g, card)].name}"


def transferable(traits: tuple[str, ...]) -> list[str]:
    return [t for t in traits if t.split(":", 1)[0].split("@", 1)[0] in TRANSFERABLE]


# --- dealing -------------------------------------------------------------------------------


@MODULE.ability("setup")
def deal_at_setup(g: Game, seat: int) -> None:
    """Setup is asked seat by seat, the last seat first: the henchmen are dealt once, at the first."""
    if count(g) and "henchmen" not in g.globals and seat == len(g.players) - 1:
        deal(g)


def deal(g: Game) -> None:
    """Deal each player its henchmen from the Character Cards no one plays (seat 1 first)."""
    in_play = {p.character for p in g.players}
    pool = sorted(k for k, c in g.rules.characters.items() if k not in in_play and c.playable)
    dealt: dict[str, dict[str, Any]] = {}
    for p in g.players:
        if not p.alive or g.controller(p.seat) != p.seat:
            continue
        if stats.has_trait(g, p.seat, "no-followers"):
            g.say(f"The {g.name(p.seat)} may have no Followers, so no henchman either.", seat=p.seat)
            continue
        for _ in range(count(g)):
            if not pool or not g.decks[DECK]:
                break
            key = pool.pop(g.rng.below(len(pool)))
            card = g.decks[DECK].pop()
            dealt[str(card)] = {"character": key, "lives": min(g.rules.characters[key].lives, MAX_LIVES)}
            stats.set_global(g, "henchmen", dict(dealt))
            possessions.give_item(g, p.seat, card)
            g.say(f"The {g.rules.characters[key].name} serves the {g.name(p.seat)} as its henchman.", seat=p.seat)
    stats.set_global(g, "henchmen", dealt)
    for p in g.players:
        lend(g, p.seat)


# --- abilities lent --------------------------------------------------------------------------


def lend(g: Game, seat: int) -> None:
    """Keep the abilities a character's henchmen lend it in step with the henchmen it holds."""
    if stats.memoised(g, seat, "optional-rules/henchmen-in-step", _in_step):
        return  # (asked for every character at every answer: most often nothing has changed since)
    p = g.players[seat]
    lent = p.status.get("henchman-traits", [])
    wanted = list(lent_by(g, _serving(g, seat)))  # (the state's own copy: the ruleset keeps the other)
    possessions.take_back_traits(g, seat, lent)  # only what the henchmen lent: a title's same ability stays
    possessions.lend_traits(g, seat, wanted)
    if wanted:
        p.status["henchman-traits"] = wanted
    else:
        p.status.pop("henchman-traits", None)


def _in_step(g: Game, seat: int) -> bool:
    """Are the abilities lent to the character those its henchmen lend? They change only with its
    Followers (a henchman's card stands for the same Character Card all game) and with :func:`lend`,
    so the answer is memoised with its derived values (:func:`lend` asks for every character at
    every answer)."""
    lent = g.players[seat].status.get("henchman-traits", [])
    serving = _serving(g, seat)
    return (not serving and not lent) or lent_by(g, serving) == lent


def _serving(g: Game, seat: int) -> tuple[str, ...]:
    """The Character Cards of the henchmen that serve the character (:func:`helping`)."""
    known = henchmen(g)
    serving = []
    for f in stats.followers_used(g, seat):
        entry = known.get(str(f))
        if entry is not None:
            serving.append(entry["character"])
    return tuple(serving)


def lent_by(g: Game, characters: tuple[str, ...]) -> list[str]:
    """The abilities henchmen standing for these Character Cards lend, sorted: the same for the
    same cards, so worked out once per ruleset (:func:`lend` asks at every answer to a decision).

    >>> from talisman import Game
    >>> g = Game.new(["warrior"], modules=("core", "optional-rules"), seed=1)
    >>> lent_by(g, ("prophetess", "dwarf"))
    ['cave-bonus:1', 'mines-dice:2', 'see-scrolls', 'see-spells']
    """
    key = ("henchman-traits", characters)
    found: list[str] | None = g.rules.derived.get(key)
    if found is None:
        found = g.rules.derived[key] = sorted(
            {t for c in characters for t in transferable(g.rules.characters[c].traits)}
        )
    return found


@MODULE.ability("chose")
def lend_after_a_choice(g: Game, seat: int, kind: str, option: str) -> None:
    if "henchmen" in g.globals:
        for p in g.players:
            if p.alive:
                lend(g, p.seat)


@MODULE.ability("turn_start", game="henchmen")
def lend_at_turn_start(g: Game, seat: int) -> None:
    if "henchmen" in g.globals:
        lend(g, seat)


@MODULE.ability("gained", game="henchmen")
def lend_on_gaining(g: Game, seat: int, card: int) -> None:
    """A henchman taken up (from a dead master's space, from a character met) serves its new master."""
    if str(card) in henchmen(g):
        lend(g, seat)


@MODULE.ability("notes")
def henchman_notes(g: Game, seat: int) -> list[str]:
    out = []
    for f in of(g, seat) if "henchmen" in g.globals else ():
        c = g.rules.characters[character(g, f)]
        lives = henchmen(g)[str(f)]["lives"]
        out.append(
            f"Henchman: the {c.name} (Strength {c.strength}, Craft {c.craft}, "
            f"{lives} {'life' if lives == 1 else 'lives'})."
        )
    return out


# --- fighting in its master's place ------------------------------------------------------------


def score(g: Game, seat: int, card: int, fight: dict[str, Any]) -> int:
    """The henchman's printed Strength (Craft in psychic combat) and what its master's
    Objects, Followers and Spells add to the master's own counters."""
    c = g.rules.characters[character(g, card)]
    p = g.players[seat]
    if fight["mode"] == "strength":
        kinds = combat.foe_subtypes(g, fight) - {""}
        vs = "dragon" if "dragon" in kinds else (next(iter(kinds)) if len(kinds) == 1 else "")
        return c.strength + stats.strength(g, seat, battle=True, vs_subtype=vs) - p.strength
    return c.craft + stats.craft(g, seat, battle=True) - p.craft


@MODULE.ability("combat")
def send_a_henchman(g: Game, seat: int, fight: dict[str, Any], back: list[Any]) -> list[Choice]:
    if fight.get("alone") or fight.get("champion") or g.players[seat].toad or "henchmen" not in g.globals:
        return []
    attr = "Strength" if fight["mode"] == "strength" else "Craft"
    out = []
    for f in helping(g, seat):
        n = score(g, seat, f, fight)
        out.append(
            Choice(
                f"henchman:{f}",
                f"Send your henchman {title(g, f)} to fight in your place ({attr} {n})",
                [
                    frame_of(
                        "combat_roll",
                        {
                            **fight,
                            "champion": {"card": f, "strength": n, "on_lose": [frame("henchman_hurt", p=seat, card=f)]},
                        },
                    )
                ],
                data={"score": n},
            )
        )
    return out


@MODULE.handler("henchman_hurt", args=frames.CardOf)
def _henchman_hurt(g: Game, a: frames.CardOf) -> None:
    """Beaten, the henchman loses a life; with its last it dies."""
    seat, card = a["p"], a["card"]
    known = henchmen(g)
    if str(card) not in known:
        return
    lives = known[str(card)]["lives"] - 1
    stats.set_global(g, "henchmen", {**known, str(card): {**known[str(card)], "lives": lives}})
    if lives > 0:
        g.say(f"Henchman {title(g, card)} loses a life: {lives} left.", type="life", seat=seat)
        return
    if card in g.players[seat].followers:
        possessions.lose_follower(g, seat, card, f"({title(g, card)}) dies of its wounds")
    else:
        for space, held in list(g.board.items()):
            if card in held:
                cards.lift(g, card, space)
                cards.discard(g, card)
    lend(g, seat)
