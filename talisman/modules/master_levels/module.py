"""The declaration of the module ``master-levels``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(name="master-levels", title="Master Level characters", content_dir=Path(__file__).parent)

MODULE.declare_traits(
    {
        "bonus-craft": "bonus-craft:N: a title adds N to its holder's Craft",
        "bonus-strength": "bonus-strength:N: a title adds N to its holder's Strength",
        "title-evil": "its holder is evil while it holds the title",
        "title-resignable": "a title its holder may give up at any time",
        "title-turns": "title-turns:N: a title that lasts N of its holder's turns",
    }
)
MODULE.point("title_lost", "reaction: a character lost a Master Level title (the seat, the level, what it held)")
MODULE.point("title_expires", "value: a title's turns are up; an ability that ends it its own way returns True")
MODULE.declare_decisions(
    {
        "master-level": "become a Master Level title, or not",
        "mirror": "the Mirror's power fades: which of two characters goes on",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "give": "card",
        "mirror/keep": "word",
        "offer": "card",
        "resign": "word",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("title", "a Master Level title taken when offered (its card met)", kinds="master-level", verbs="accept")
MODULE.feature("mirror", "through the Mirror: a Mirror Image made", kinds="master-level", verbs="pass")
MODULE.feature(
    "sheriff",
    "the office of Sheriff sought at the Royal Castle",
    kinds="master-level",
    verbs="seek",
    needs="city-classic",
)
MODULE.feature(
    "high-mage",
    "Magic Objects offered for the power of the High Mage at the Magic Emporium",
    kinds="master-level",
    verbs="offer",
    needs="city-classic",
    never_pays="the offerings are lost whatever the D8 says, and one Magic Object buys a 1 in 8 chance of +2 Craft "
    "(two, 1 in 4): the Objects are worth more",
)
MODULE.feature(
    "champion",
    "the Beggar given a gold, to be the King's Champion",
    kinds="master-level",
    verbs="give",
    needs="city-classic",
)
MODULE.feature(
    "resign",
    "a title resigned",
    kinds="turn",
    verbs="resign",
    never_pays="every title one may resign only adds (Strength, Craft, an ability); the Mystic's spirit comes home "
    "better by rejoining, which keeps what it carries",
)
MODULE.feature(
    "rejoin",
    "the Mystic's spirit and body rejoined",
    kinds="turn",
    verbs="rejoin",
    seldom="a Mystic (one who cast the Way of the Lotus) whose spirit stands on its body's space",
)
MODULE.feature(
    "twin-trade",
    "a Mirror Image and its original trading",
    kinds="meet",
    verbs=("give", "take", "give-gold"),
    seldom="a Mirror Image that meets its original, in its ten turns (each goes its own way)",
)
MODULE.advice = ("talisman.modules.master_levels.advice:ADVICE",)
