"""The declaration of the module ``dungeon-4e``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from talisman.content.modules import Module, OptionSpec
from talisman.modules.shared.cell import register_cell

MODULE = Module(
    name="dungeon-4e",
    title="The Dungeon (4th edition)",
    content_dir=Path(__file__).parent,
    requires=("dungeon-characters",),
    excludes=("dungeon-classic",),
    options={
        "dungeon-parts": OptionSpec(
            "all",
            ("all", "no-board", "characters-and-spells"),
            "001 Using Only Portions: all (the Dungeon board and every card); no-board (no Dungeon board: the new "
            "Adventure cards with the Dungeon icon are discarded when drawn and replaced); characters-and-spells "
            "(only the new Characters and Spells).",
            title="Parts of the Dungeon used",
            labels=("All: the Dungeon board and every card", "No Dungeon board", "Only its Characters and Spells"),
        ),
        "dungeon-victory": OptionSpec(
            "crown",
            ("crown", "winner-takes-all", "short-game"),
            "001 alternative rules: crown (the usual game); winner-takes-all (the first to kill the Lord of Darkness "
            "wins); short-game (the Short Dungeon Game: everyone starts on the Dungeon Entrance, the main board is "
            "not used, the first to beat the Lord of Darkness wins).",
            title="Dungeon victory",
            labels=("The Crown, as usual", "Winner takes all", "The Short Dungeon Game"),
        ),
        "fight-or-flight": OptionSpec(
            False,
            (False, True),
            "001 Fight or Flight: in the Dungeon move only with the arrows, unless told otherwise or fleeing.",
            title="Fight or Flight",
            labels=("Off: move either way", "On: only with the arrows"),
        ),
        "random-treasures": OptionSpec(
            False,
            (False, True),
            "001 Random Treasures: the Lord of Darkness's killer draws a Treasure at random.",
            title="Random Treasures",
            labels=("Off: the killer picks one", "On: drawn at random"),
        ),
    },
)
register_cell(MODULE)

MODULE.declare_traits(
    {
        "aegis": "a lost battle or psychic combat becomes a stand-off on a roll of 4 to 6",
        "avenger": "must attack evil characters where it lands, +3 to the attack; a win gains Strength and Craft",
        "blood-stone": "once a turn, with 2 lives or more, give it a life and roll for what it gives",
        "champion": "champion:N: a Follower that may fight a battle in its holder's place with Strength N",
        "cloak-teleport": "instead of moving, discard it to fly to any space of the Region",
        "craft-by-alignment": "an Enemy whose Craft is 3, 6 or 9 against an evil, neutral or good character",
        "diablerie": "once a turn, give up a Follower to gain a Spell",
        "dungeon-battle": "dungeon-battle:N: adds N to its holder's Strength in battles in the Dungeon",
        "dungeon-icon": "a card of the main board's decks that is discarded and replaced when the Dungeon board is out",
        "dungeon-psychic": "dungeon-psychic:N: adds N to Strength or Craft in fights in the Dungeon",
        "elixir-of-life": "each time its holder loses a life and lives, roll for what it gives",
        "emerge-bonus": "emerge-bonus:N: adds N to its holder's roll to emerge from the Dungeon",
        "exile": "discard it to banish an Enemy about to fight (no trophy)",
        "gold-seeker": "each Bag of Gold cashed in gives 2 more gold",
        "lore-spell": "at the start of its holder's turn, gain 1 Spell if Craft allows",
        "magic-weapon-only": "an Enemy that only a magic Weapon beats; otherwise a stand-off",
        "mirror-strength": "an Enemy whose Strength equals its foe's in the battle",
        "net": "an Enemy that makes its foe roll one die more and use the lowest",
        "passes-on": "a Follower that goes to the character its holder beats",
        "plus-per-faceup": "plus-per-faceup:<subtype>: an Enemy with 1 more Strength per other such Enemy face up",
        "regenerates": "an Enemy beaten that regenerates on 1 or 2: a stand-off",
        "region-bound": "region-bound:<region>: a Follower discarded when its holder leaves that region",
        "reroll-move": "reroll-move:N: may roll the movement die again on a roll of N",
        "sniper": "an Enemy that shoots first: a roll above its foe's Craft pins it down (no attack roll)",
        "soul-drinker": "in battle roll 2 dice and keep one; a double kills a Follower",
        "teleport-on-6": "on a movement roll of 6, discard it to go to any space of the Region",
        "totem": "once a turn, discard a trophy to heal 2 lives",
        "upkeep": "upkeep:N: a Follower paid N gold each turn, or it leaves",
        "wanders": "a Follower that goes with a character encountering its holder, unless evaded",
        "weighted-dice": "instead of rolling for movement or an attack, discard it and choose the result",
        "win-by": "win-by:N: an Enemy beaten by less than N is a stand-off",
    }
)
MODULE.declare_decisions(
    {
        "fly": "where to fly in the region",
        "keeper": "the Dungeon Keeper's prisoners to buy back",
        "lord": "the Lord of Darkness: how to fight him",
        "pass-on": "a card to pass to another character",
        "rune-gate": "a Rune Gate: where to step through to on the next turn, or stay",
        "snake-pit": "the Snake Pit: a Follower instead of a life",
        "storm": "the Summon Storm Spell: the space it strikes",
        "trap-door": "the Trap Door: where to fall",
        "treasure": "the Treasure to choose from the hoard, or none",
        "twist": "the Twist of Fate Spell: the result chosen",
        "upkeep": "a Follower's upkeep: pay it, or let it go",
        "weighted": "the Weighted Dice: the attack roll chosen",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "cell-free/free": "card",
        "cell/leave": "card",
        "exile": "card",
        "must-attack": "seat",
        "champion": "card",
        "diablerie": "card",
        "totem": "card",
        "result": "number",
        "treasure": "card",
        "roll": "number",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).
HOARD: Final = (  # what the Treasures' features wait for
    "a Treasure of the Lord of Darkness's hoard, taken only by one who slays him (10 Treasures, one each time)"
)

MODULE.feature(
    "enter",
    "down from the Ruins into the Dungeon",
    kinds="move",
    ids="move:dungeon-entrance",
    regions=("outer", "middle"),
)
MODULE.feature("flee", "flight back up out of the Dungeon (001's Fight or Flight)", kinds="turn", verbs="flee")
MODULE.feature("guard-bribe", "the Dungeon's guards bribed", kinds="choose", verbs="bribe", regions="dungeon-4e")
MODULE.feature("kitchen", "a meal in the Kitchen", kinds="choose", verbs="eat", regions="dungeon-4e")
MODULE.feature("rune-gate", "a Rune Gate stepped through", kinds="rune-gate", verbs="to")
MODULE.feature("keeper", "prisoners bought back from the Dungeon Keeper", kinds="keeper", verbs="buy")
MODULE.feature("upkeep", "a Follower's upkeep paid", kinds="upkeep", verbs="pay")
MODULE.feature("champion", "a Follower that fights a battle in its holder's place", kinds="combat", verbs="champion")
MODULE.feature("exile", "an Enemy banished before the fight", kinds="combat", verbs="exile")
MODULE.feature("weighted", "the Weighted Dice: a roll chosen instead of rolled", verbs=("weighted", "weighted-move"))
MODULE.feature(
    "cloak",
    "the Cloak of Feathers: a flight to any space of the Region",
    kinds="turn",
    verbs="cloak",
    seldom=HOARD,
)
MODULE.feature(
    "amulet", "an Amulet's second movement roll or flight", kinds="move", verbs=("amulet-reroll", "amulet-fly")
)
MODULE.feature(
    "blood-stone",
    "a life given to the Blood Stone for what it gives",
    kinds="turn",
    verbs="blood-stone",
    never_pays="a life for a die: on 1 the stone breaks, on 2 another life goes, on 3 the life comes back, "
    "on 4 a Fate, on 5 or 6 a Spell: more than a life is lost on average, for a Spell a third of the time",
)
MODULE.feature(
    "diablerie",
    "a Follower given up for a Spell (Diablerie)",
    kinds="turn",
    verbs="diablerie",
    never_pays="a Follower that helps every turn for a Spell drawn blind, which the bot casts only in fights, "
    "against losses and to heal",
)
MODULE.feature("lore", "the Book of Lore's Spell", kinds="turn", verbs="lore", seldom=HOARD)
MODULE.feature("totem", "a trophy given to the Totem Staff for 2 lives", kinds="turn", verbs="totem", seldom=HOARD)
MODULE.feature("gold-seeker", "Bags of Gold cashed in with the gold-seeker's 2 more", kinds="turn", verbs="gold-seeker")
MODULE.advice = ("talisman.modules.dungeon_4e.advice:ADVICE", "talisman.modules.shared.dungeon_advice:ADVICE")
