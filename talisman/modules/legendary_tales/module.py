"""The declaration of the module ``legendary-tales`` (002): a game of its own on the engine."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module, OptionSpec
from talisman.modules.legendary_tales.authoring import custom_files, headline

# Custom adventures (authoring.py) are offered after the five of 002, by number.
CUSTOM = sorted({h for h in map(headline, custom_files()) if h is not None})

MODULE = Module(
    name="legendary-tales",
    title="Talisman: Legendary Tales (002), the cooperative game",
    content_dir=Path(__file__).parent,
    game="legendary-tales",
    options={
        "adventure": OptionSpec(
            1,
            (1, 2, 3, 4, 5, *(n for n, _ in CUSTOM)),
            "The adventure to play (no star gating outside a campaign; 6 and more: custom adventures).",
            title="Adventure",
            labels=(
                "1: The Curse of the Fairies",
                "2: Dragon Hunt",
                "3: Grabby Goblins",
                "4: A Plague of Toads",
                "5: The Dark Lord",
                *(f"{n}: {title} (custom)" for n, title in CUSTOM),
            ),
        ),
        "difficulty": OptionSpec(
            1,
            (1, 2, 3),
            "The stars played for: the time counter's start space.",
            title="Difficulty",
            labels=("1 star", "2 stars", "3 stars"),
        ),
        "campaign": OptionSpec(
            False,
            (False, True),
            "Play the adventures in order, retrying, with star gating.",
            title="Campaign",
            labels=("One adventure", "The campaign"),
        ),
    },
)
MODULE.declare_decisions(
    {
        "lt-travel": "travel (roll the die) or stay",
        "lt-move": "where to move after the roll",
        "lt-return": "return all tokens in front of you to your bag before a draw, or not",
        "lt-fate": "a fate icon: draw more from the same bag, or not",
        "lt-magic": "a magic bag icon: which hero's bag to draw one more token from",
        "lt-defeat": "which enemies to defeat with the icons drawn",
        "lt-reward": "into which hero's bag a reward goes",
        "lt-campaign": "after an adventure: retry, go on, or stop (seat 0 decides for the party)",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "bag": "seat",
        "defeat": "tally",
        "give": "seat",
        "move": "space",
        "next": "number",
        "retry": "number",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("stay", "a turn spent where the hero is instead of travelling", kinds="lt-travel", verbs="stay")
MODULE.feature(
    "return", "the tokens in front of a hero returned to its bag before a draw", kinds="lt-return", verbs="return"
)
MODULE.feature("fate", "a fate icon: more drawn from the same bag", kinds="lt-fate", verbs="draw")
MODULE.advice = ("talisman.modules.legendary_tales.advice:ADVICE",)
