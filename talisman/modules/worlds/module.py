"""The module ``worlds``, declared in its ``module.toml`` (004, Talisman Worlds): its content
(the board laid out anew, the river ring's tiles), options and decisions; its
rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import OptionSpec, declared

# 004's eight ending tiles, by the name of their rules (each registered with ``MODULE.ending``).
ENDINGS = {
    "worlds-crown": "Crown of Command",
    "worlds-black-void": "Horrible Black Void",
    "worlds-battle-royale": "Battle Royale",
    "worlds-dragon-king": "Dragon King",
    "worlds-demon-lord": "Demon Lord",
    "worlds-eagle-king": "Eagle King",
    "worlds-hand-of-doom": "Hand of Doom",
    "worlds-thieves-guild": "Thieves' Guild",
}

# The option ``worlds-ending`` offers the tiles above (its other options are in module.toml).
MODULE = declared(
    Path(__file__).parent,
    options_found={
        "worlds-ending": OptionSpec(
            "random",
            ("random", *ENDINGS),
            "The ending tile laid face down in the centre: one of 004's eight at random, or one chosen.",
            title="Ending tile",
            labels=("Drawn at random", *ENDINGS.values()),
        ),
    },
)

MODULE.advice = (
    "talisman.modules.worlds.advice:ADVICE",
    "talisman.modules.shared.dungeon_advice:ADVICE",
    "talisman.modules.shared.crown_advice:ADVICE",
)
