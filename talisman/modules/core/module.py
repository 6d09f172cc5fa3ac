"""The declaration of the module ``core``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module, OptionSpec

MODULE = Module(
    name="core",
    title="The base game",
    content_dir=Path(__file__).parent,
    options={
        "fate": OptionSpec(
            True,
            (True, False),
            "Fate as in the 4th edition: spend 1 to roll again. Off: the rules of 000, without Fate.",
        ),
        "printed-lives": OptionSpec(
            False, (False, True), "Start and heal to the lives printed on the card (4th edition) instead of 4 (000)."
        ),
        "new-character": OptionSpec(
            False, (False, True), "A player whose character dies starts again with a new one on their next turn."
        ),
        "command-spell": OptionSpec(
            "000", ("000", "4e"), "000: one victim of the ruler's choice, who may concede; 4e: every other character."
        ),
        "ending": OptionSpec("crown-of-command", ("crown-of-command",), "What awaits at the Crown of Command."),
    },
)
