"""The declaration of the module ``dungeon-characters``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="dungeon-characters",
    title="The five characters of the Dungeon (4th edition)",
    content_dir=Path(__file__).parent,
)

MODULE.declare_traits(
    {
        "battle-strength-per-follower": "battle-strength-per-follower:N: adds N to its Strength in battle per Follower",
        "claim-scrolls": "holding no Scroll, may claim one another character discards",
        "duellist": "duellist:N: adds N to its Strength fighting another character",
        "foresight": "may look at the next card of the deck of the board it is on",
        "fortune-telling": "may tell a character met its fortune (look at the top card of a deck)",
        "gallant": "gallant:N: adds N to its Strength in battle with a Maiden or a Princess as Follower",
        "persuade": "may argue a character met round to its own alignment",
        "rematch": "after a lost or drawn battle with creatures, may fight once more",
        "sell-spells": "once a turn, may sell a Spell for 1 gold",
        "train": "train:<card>: that card met may be taken as a Follower instead",
    }
)
MODULE.declare_decisions(
    {
        "claim-scroll": "a Scroll being discarded that the character may claim",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "sell-spell": "card",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature(
    "claim-scroll",
    "a Scroll another character discards claimed",
    kinds="claim-scroll",
    verbs="claim",
    needs="city-districts",  # the only Scrolls are 003's
    seldom="the Gypsy alone claims, a Scroll another reads while she holds none",
)
MODULE.feature(
    "foresight",
    "a look at the next card of the board's deck",
    kinds="turn",
    verbs="foresight",
    never_pays="the card to come pays only a plan that weighs the cards ahead; the bot weighs the spaces",
)
MODULE.feature("fortune", "a character met told its fortune", kinds="meet", verbs="fortune")
MODULE.feature(
    "persuade",
    "a character met argued round to one's alignment",
    kinds="meet",
    verbs="persuade",
    never_pays="no alignment is better on the whole, another's least of all: a change pays only for a plan",
)
MODULE.feature("rematch", "a lost or drawn battle fought once more", kinds="lost-fight", verbs="rematch")
MODULE.feature("sell-spell", "a Spell sold for 1 gold", kinds="turn", verbs="sell-spell")
MODULE.feature(
    "train",
    "a creature met taken as a Follower instead",
    kinds="card-ability",
    verbs="train",
    seldom="the Gladiator meeting the City's Errand Boy or Urchins",
)
MODULE.advice = ("talisman.modules.dungeon_characters.advice:ADVICE",)
