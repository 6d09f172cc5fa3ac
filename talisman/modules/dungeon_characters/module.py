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
MODULE.advice = ("talisman.modules.dungeon_characters.advice:ADVICE",)
