"""The example module's rules: a content hook, a frame handler and an ability, each registered
on the module's own object."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from talisman.engine import effects, stats
from talisman.engine.decision import Choice, Frame

from .module import MODULE, SONGS_HEARD, SONGS_KNOWN

if TYPE_CHECKING:
    from talisman.engine.game import Game


def songs_heard(g: Game, seat: int) -> int:
    """How many of the Bard's songs this character has heard (the module's state on the character)."""
    heard: int = g.players[seat].status.get(SONGS_HEARD, 0)
    return heard


def bard_fee(g: Game, seat: int) -> int:
    """What the Bard asks of this character: the game's option, nothing from a music lover."""
    fee: int = g.options["bard-fee"]
    return 0 if stats.has_trait(g, seat, "music-lover") else fee


@MODULE.hook("bard-song")
def bard_song(g: Game, seat: int, ctx: dict[str, Any]) -> None:
    """The Wandering Bard (``{ hook = "bard-song" }``): pay his fee for a song, or let him be.
    One who has heard all his songs has nothing to learn from him."""
    if songs_heard(g, seat) >= SONGS_KNOWN:
        g.say(f"{g.name(seat)} knows every song of the Wandering Bard by now.", seat=seat)
        return
    fee = bard_fee(g, seat)
    options = [Choice("leave", "Let him be")]
    if g.players[seat].gold >= fee:
        label = f"Pay {fee}G for a song" if fee else "Listen to his song (he asks nothing of you)"
        options.append(Choice("pay", label, [bard_song_frame(seat, fee)]))
    g.decide(seat, "bard", "The Wandering Bard offers a song.", options)


class BardSong(TypedDict):
    """The arguments of a ``bard_song`` frame: character ``p`` pays ``fee`` gold for a song."""

    p: int
    fee: int


def bard_song_frame(p: int, fee: int) -> Frame:
    """A frame of the kind ``bard_song``, made with the arguments its declaration names."""
    return ("bard_song", {"p": p, "fee": fee})


@MODULE.handler("bard_song", args=BardSong)
def _bard_song(g: Game, a: BardSong) -> None:
    """A frame handler: the song is paid for and heard, and the character remembers it."""
    seat, fee = a["p"], a["fee"]
    paid = f"pays the Bard {fee}G and listens" if fee else "listens"
    g.say(f"{g.name(seat)} {paid} to his song.", seat=seat)
    p = g.players[seat]
    p.status[SONGS_HEARD] = songs_heard(g, seat) + 1  # a new value: a copy of the game shares the old one
    effects.run(g, seat, [{"lose": {"gold": fee}}, {"gain": {"craft": 1}}] if fee else [{"gain": {"craft": 1}}])


@MODULE.ability("turn_start")
def lucky_coin(g: Game, seat: int) -> None:
    """An ability at the hook point ``turn_start``, found by its trait (``lucky``)."""
    if stats.has_trait(g, seat, "lucky"):
        lucky_roll = {"dice": "D6", "prompt": "the Lucky Coin", "rows": [{"at": "6", "do": [{"gain": {"gold": 1}}]}]}
        effects.run(g, seat, [{"roll": lucky_roll}])
