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
MODULE.advice = ("talisman.modules.master_levels.advice:ADVICE",)
