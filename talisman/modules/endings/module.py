"""The declaration of the module ``endings``: its content and relations; its
rule files register their code on :data:`MODULE` (the package adds the choices
of the option ``ending``)."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="endings",
    title="Alternative endings at the Crown of Command",
    content_dir=Path(__file__).parent,
)
MODULE.declare_decisions(
    {
        "arena": "the Arena: the first opponent and what decides the bout",
        "demon-lord": "the Demon Lord: a round of psychic combat, or flee",
        "dragon-king": "the Dragon King: fight him, or be eaten",
        "finders-keepers": "Finder's Keepers: what to claim from the discard piles",
        "perils": "Perils of Pandora: whom to set against whom",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "bout": "seat attribute=strength|craft",
        "claim": "card",
        "finish": "seat attribute=strength|craft",
        "leap": "seat",
        "perils": "seat other=seat attribute=strength|craft",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("flee", "the Demon Lord fled, to come back later", kinds="demon-lord", verbs="flee")
MODULE.feature(
    "claim",
    "Finder's Keepers: Objects claimed from the discard piles",
    kinds="finders-keepers",
    verbs="claim",
    seldom="Pandora's Box drawn at the Crown of Command, its D8 on Finder's Keepers (one of the deck's endings, "
    "one roll in eight)",
)
MODULE.feature("leap", "Finder's Keepers: a teleport to another character, to encounter it", kinds="turn", verbs="leap")
MODULE.feature(
    "perils", "Perils of Pandora: one character set against another", kinds="perils", verbs=("perils", "finish")
)
MODULE.advice = ("talisman.modules.endings.advice:ADVICE", "talisman.modules.shared.crown_advice:ADVICE")
