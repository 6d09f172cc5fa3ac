"""The declaration of the module ``core``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from talisman.content.modules import Module, OptionSpec

MODULE: Final = Module(
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

MODULE.declare_traits(
    {
        "alchemist": "at the start of its holder's turn, may turn Objects into 1 gold each",
        "alignment-at-will": "may change alignment once a turn",
        "animal-friend": "Animals and Dragons do not attack; may let them be",
        "beguile": "may beguile a character met into giving up an Object or gold",
        "bribe": "bribe:N: an Enemy that lets you be for N gold",
        "cave-bonus": "cave-bonus:N: adds N to the roll in the Cave",
        "chapel-safe": "loses no life at the Chapel",
        "charm-animals": "may try to charm an Animal met alone",
        "city-theft": "may steal in the City",
        "desert-safe": "the Desert costs no life",
        "free-purchase": "takes one item free where items are bought",
        "graveyard-safe": "loses no life at the Graveyard",
        "immune": "immune:<card kind>: a card of that kind (the Maze, the Siren) does not touch it",
        "law-bribe": "law-bribe:N: may bribe a Law card away for N gold",
        "mercenary": "a Follower paid 1 gold a turn to add 3 to its holder's Strength in a battle",
        "mines-dice": "mines-dice:N: rolls N dice to find the way out of the Mines",
        "move-pick-two": "rolls two dice for movement and moves by the one it chooses",
        "patrol": "patrol:to:<kind>, patrol:fight:N: how the City's Patrol treats it",
        "prayer-bonus": "prayer-bonus:N: adds N to its rolls when it prays",
        "raft-builder": "ending a turn in a Woods or the Forest, its holder may build a raft",
        "raise-dead": "may raise a creature it killed in battle as a Follower, instead of a trophy",
        "regenerate-on-6": "a movement roll of 6 heals a life instead of moving",
        "ride": "ride:<Follower>: rides that Follower (moves as the Follower allows)",
        "scroll-at": "scroll-at:<kind>: may take a Scroll on spaces of that kind",
        "scroll-instead-at": "scroll-instead-at:<kind>: may take a Scroll instead of encountering there",
        "spare-guard": "no special attack on the Guard of the Dungeon's Guard Room",
        "spirit-slayer": "may destroy any Spirit outright (no trophy)",
        "spirit-spell": "an exorcism of a Spirit may gain it a Spell",
        "start": "start:<what>: begins the game with it (a Scroll, a Spell or a Scroll...)",
        "start-gold": "start-gold:N: begins the game with N gold",
        "start-with": "start-with:<deck>:<card>: begins the game with that card",
        "take-follower": "may take a Follower from a character met",
        "take-maidens": "may win over the Maiden or the Princess of a character met",
        "urchins-follow": "the Urchins follow it",
        "woods-spells": "in a Woods or the Forest, may gain a Spell",
        "woods-walk": "may walk through the Woods unhindered",
    }
)
MODULE.declare_decisions(
    {
        "acquisition": "the Acquisition Spell: what to take from its target",
        "beguile": "the Beguile Spell: what to take from the character beguiled",
        "destruction": "the Destruction Spell: the face-up card to destroy",
        "hex": "the Hex Spell: the empty space to lay it on",
        "mesmerism": "the Mesmerism Spell: the Follower of its target that comes over",
        "raise-dead": "the Necromancer: raise a creature killed as a Follower instead of keeping its trophy",
        "spirit-spell": "the Priest's exorcism of a Spirit: gain a Spell for it",
        "start-scroll": "at the start: begin with a Scroll instead of a Spell",
        "vampire": "the Vampire drinks: a Follower instead of each life",
        "warlock": "the Warlock's quest to take",
        "wish": "one wish granted (the Enchanter, the Fairy, the Phantom)",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "alignment": "word",
        "hex": "space",
        "lure": "card",
        "steal": "card|gold",
        "tame": "card",
        "use": "card",
        "wish": "word",
        "woo": "card",
        "woods": "space",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).
MODULE.feature("fate", "a Fate spent to roll again", kinds="fate", verbs="reroll")
MODULE.feature("quest", "the Warlock's quest taken", kinds="warlock", verbs="quest")
MODULE.feature("cast-turn", "a Spell cast at the start of one's turn", kinds="turn", verbs="cast")
MODULE.feature("cast-others", "a Spell cast as another character's turn begins", kinds="others-turn", verbs="cast")
MODULE.feature("cast-fight", "a Spell cast in a fight", kinds=("combat", "combat-magic", "defend"), verbs="cast")
MODULE.feature(
    "cast-loss",
    "a Spell cast against a loss (a life, a fight, a turn, a Follower)",
    kinds=("prevent-life-loss", "lost-fight", "defeat", "lost-turn", "save-follower"),
    verbs="cast",
)
MODULE.feature("counterspell", "a Spell countered", kinds="counterspell", verbs="counter")
MODULE.feature("evade", "creatures evaded", kinds="combat", verbs="evade")
MODULE.feature(
    "attack", "a character met attacked, in battle or psychic combat", kinds="meet", verbs=("attack", "psychic")
)
MODULE.feature(
    "take",
    "something taken from a character met (stolen, beguiled, lured, wooed)",
    kinds="meet",
    verbs=("steal", "beguile", "lure", "woo"),
)
MODULE.feature("assassinate", "an assassination", verbs="assassinate")
MODULE.feature("tame", "an Animal tamed or charmed", kinds="combat", verbs=("tame", "charm"))
MODULE.feature("bribe", "an Enemy bribed to let one be", kinds="combat", verbs="bribe")
MODULE.feature("mercenary", "the Mercenary paid for +3 Strength", kinds="combat", verbs="mercenary")
MODULE.feature("raft", "a Raft built, or taken across the Storm River", verbs=("raft", "build-raft"))
MODULE.feature("portal", "the Portal of Power tried", kinds="move", ids="portal")
MODULE.feature("pray", "a prayer (the Temple, a Chapel's)", kinds="choose", verbs="pray")
MODULE.feature(
    "healer", "healing bought (the Village's Healer, the City's Doctor)", kinds="choose", verbs=("healer", "doctor")
)
MODULE.feature("blacksmith", "the Village's Blacksmith", kinds="choose", verbs="blacksmith")
MODULE.feature("mystic", "the Village's Mystic", kinds="choose", verbs="mystic")
MODULE.feature("enchantress", "the Village's Enchantress", kinds="choose", verbs="enchantress")
MODULE.feature("step-through", "through a Magic Portal", kinds="choose", verbs="step-through")
MODULE.feature("hire", "a Follower hired", kinds="take", verbs="hire")
MODULE.feature("alchemist", "Objects turned into gold by an alchemist's ability", kinds="turn", verbs="alchemist")
MODULE.feature(
    "use",
    "an Object used up (drunk, opened, cashed in), on one's turn or in a fight",
    kinds=("turn", "combat"),
    verbs="use",
)
MODULE.feature("redraw", "a drawn card discarded and drawn again", kinds="redraw", verbs="redraw")
MODULE.feature(
    "concede",
    "defeat admitted to the Command Spell",
    kinds="command-victim",
    verbs="concede",
)
MODULE.advice = ("talisman.modules.core.advice:ADVICE",)
