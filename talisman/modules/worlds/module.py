"""The declaration of the module ``worlds`` (004, Talisman Worlds): its content
(the board laid out anew, the river ring's tiles), options and decisions; its
rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import OptionSpec, declared

# Boards of other modules join the main board's rings by links (the Ruins' passage to a
# Dungeon, the City's gates, the Tower's door...): they have no place on a world yet.
BOARDS = ("dungeon-classic", "dungeon-4e", "city-classic", "city-districts", "wizards-tower", "catacombs", "airships")
# 000's Alternative Endings (module ``endings``) lie on the main board's Crown; a world lays 004's own
# eight ending tiles, whose Demon Lord, Dragon King and Void differ from 000's (the inventory's
# ambiguities): the two are played apart, each its own variant.
OTHER_ENDINGS = ("endings",)

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

MODULE = declared(
    Path(__file__).parent,
    options_found={
        "worlds-inner": OptionSpec(
            "six",
            ("six", "eight"),
            "The inner ring: the six tiles 004 lists (the Pits left out), or six drawn from the eight of"
            " the public map tool (the Pits and the Plain of Peril among them).",
            title="Inner tiles",
            labels=("The six of 004", "Six of eight (map tool)"),
        ),
        "worlds-dungeon": OptionSpec(
            False,
            (False, True),
            "The Dungeon as a fifth ring of 30 tiles round the Outer Region (004's support of the"
            " 4th-edition Dungeon expansion).",
            title="Dungeon ring",
            labels=("No Dungeon", "The Dungeon ring"),
        ),
        "worlds-quests": OptionSpec(
            False,
            (False, True),
            "Warlock Quests: the Warlock sets 004's D20 quests, one at a time; a quest done earns a"
            " Talisman, and no other way does (a life instead).",
            title="Warlock quests (D20)",
            labels=("The Warlock as usual", "004's D20 quests"),
        ),
        "worlds-one-talisman": OptionSpec(
            False,
            (False, True),
            "The One Talisman: a single Talisman in the game, +2 Strength and Craft to its holder;"
            " with Warlock Quests it flies to each who completes one.",
            title="The One Talisman",
            labels=("Every Talisman", "The One Talisman"),
        ),
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
