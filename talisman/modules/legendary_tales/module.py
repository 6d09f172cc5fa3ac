"""The module ``legendary-tales`` (002), declared in its ``module.toml``: a game of its own on the engine."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import OptionSpec, declared
from talisman.modules.legendary_tales.authoring import custom_files, headline

# Custom adventures (authoring.py) are offered after the five of 002, by number.
CUSTOM = sorted({h for h in map(headline, custom_files()) if h is not None})

MODULE = declared(
    Path(__file__).parent,
    options_found={
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

MODULE.advice = ("talisman.modules.legendary_tales.advice:ADVICE",)
