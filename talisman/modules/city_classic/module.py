"""The declaration of the module ``city-classic``: its content and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="city-classic",
    title="The Talisman City (000): streets, shops and the Law",
    content_dir=Path(__file__).parent,
    excludes=("city-districts",),
)
MODULE.declare_decisions(
    {
        "bank": "the Bank: a loan, its repayment, a robbery, or leave",
        "barge": "a Barge or a riverman: ride to where it is bound, or not",
        "donjon": "the Donjon: how to get out",
        "voyage": "where the barge puts one ashore",
        "warrant": "a Warrant: buy one and lay it on another character, or turn one over to the Law",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "barge": "word",
        "warrant": "seat",
    }
)
MODULE.advice = ("talisman.modules.city_classic.advice:ADVICE",)
