"""The base game of the Revised 4th Edition, played by the rules of document 000.

Content: ``board.toml`` (49 spaces), ``decks.toml``, ``adventure.toml`` (104
cards), ``spells.toml`` (24), ``stock.toml`` (Purchase and Talisman cards),
``characters.toml`` (the 14 base characters, with 000's corrections). Python:
the few rules the effect vocabulary cannot say, in ``hooks.py``,
``abilities.py`` and ``spell_effects.py``; ``character_rules.py`` holds 000's
corrections to the characters that characters of several modules share.
"""

from pathlib import Path

from talisman.modules import Module, OptionSpec
from talisman.modules.core import abilities, character_rules, hooks, spell_effects  # noqa: F401  (they register rules)

MODULE = Module(
    name="core",
    title="The base game",
    content_dir=Path(__file__).parent,
    options={
        "fate": OptionSpec(
            True,
            (True, False),
            "Fate as in the 4th edition: spend 1 to roll again. Off: the rules of 000, without Fate.",
            title="Fate",
            labels=("On: spend Fate to roll again", "Off (000)"),
        ),
        "printed-lives": OptionSpec(
            False,
            (False, True),
            "Start and heal to the lives printed on the card (4th edition) instead of 4 (000).",
            title="Lives as printed",
            labels=("Everyone starts on 4 (000)", "As printed on the character card"),
        ),
        "new-character": OptionSpec(
            False,
            (False, True),
            "A player whose character dies starts again with a new one on their next turn.",
            title="New character after death",
            labels=("No: a dead character's player is out", "Yes: start again with a new one"),
        ),
        "command-spell": OptionSpec(
            "000",
            ("000", "4e"),
            "000: one victim of the ruler's choice, who may concede; 4e: every other character.",
            title="Command Spell",
            labels=("One victim, who may concede (000)", "Every other character (4th edition)"),
        ),
        "ending": OptionSpec(
            "crown-of-command",
            ("crown-of-command",),
            "What awaits at the Crown of Command.",
            title="Ending",
            labels=("The Crown of Command",),
        ),
    },
)
