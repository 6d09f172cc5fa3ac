"""The declaration of the module ``timescape``; its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="timescape",
    title="The Talisman Timescape (000): fifteen realities on warp lines",
    content_dir=Path(__file__).parent,
)
MODULE.declare_traits(
    {
        "warp-belt": "its holder may always follow the Red warp line in the Timescape instead of rolling",
        "ancient-artifact": "a Magic Object that is an ordinary Object while in the Timescape",
    }
)
MODULE.declare_decisions(
    {
        "timescape-fee": "which of one's Objects or Followers to pay the Warlock for his Warp Gate",
        "timescape-fine": "the Sentinels' fine: pay it, or be imprisoned",
        "timescape-nexus": "which of the Adventure cards drawn at the Nexus to encounter",
        "timescape-trader": "what to buy from the Rogue Trader at the Space Fortress",
        "timescape-fortress": "the Space Fortress: the Robo-Doc's healing, or the Rogue Trader's wares",
        "timescape-port": "whether to take a way out of the Timescape (a passage home, a door, a buried gate)",
        "timescape-rift": "whom to encounter through a Dimensional Rift",
        "timescape-demon": "how to fight the Warp Demon: in battle or in psychic combat",
        "timescape-null": "which Magic Object the Null Zone takes",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "pay": "card",
        "timescape": "word",
        "warp": "red",
        "timescape-nexus/meet": "card",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("seek", "the Mystic or the Warlock asked for the way into the Timescape", verbs="timescape")
MODULE.feature(
    "wild-magic",
    "a Spell cast (or a Scroll read) in the Timescape, where wild magic twists it",
    verbs=("cast", "read"),
    regions="timescape",
)
MODULE.feature(
    "warp-belt",
    "the Warp Belt's Red warp line followed instead of rolling",
    ids="warp:red",
    seldom="a Warp Belt, sold only by the Rogue Trader of the Space Fortress (the bot buys his other wares first)",
)
MODULE.feature("robo-doc", "the Robo-Doc's healing at the Space Fortress", kinds="timescape-fortress", verbs="robo-doc")
MODULE.feature(
    "rogue-trader",
    "the Rogue Trader's wares bought at the Space Fortress",
    kinds="timescape-trader",
    verbs="buy",
    seldom="the Space Fortress reached, one reality of fifteen, with the gold for a ware",
)
MODULE.feature(
    "rift",
    "a character encountered through a Dimensional Rift",
    kinds="timescape-rift",
    verbs="meet",
    seldom="a Dimensional Rift (a Timescape card) drawn where another character stands in the same reality, "
    "one worth meeting",
)
MODULE.feature(
    "way-home",
    "a way out of the Timescape taken (a passage home, a Gateway, a buried gate)",
    kinds="timescape-port",
    verbs=("passage", "city", "tavern", "go-down"),
)
MODULE.advice = ("talisman.modules.timescape.advice:ADVICE",)
