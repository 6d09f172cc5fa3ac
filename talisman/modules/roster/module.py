"""The declaration of the module ``roster``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="roster",
    title="The full roster of 000's list of characters",
    content_dir=Path(__file__).parent,
    requires=("dungeon-characters",),
)

MODULE.declare_traits(
    {
        "analysis": "analysis:N: adds N to its Craft in psychic combat",
        "battle-bonus": "battle-bonus:N: adds N to its Strength in battle",
        "berserk": "may go berserk: +3 Strength this turn, and lose the next turn",
        "bounty": "bounty:N: gains N gold for each creature killed in battle",
        "bow": "may shoot first at creatures: beating their Strength kills them",
        "chainsword-cut": "an attack roll of 6 cuts a Weapon of the character fought",
        "charge": "may charge: +2 Strength (and a die with a Warhorse), and lose the next turn",
        "curse": "may curse a character met: on 1 to 3 it loses 1 Craft",
        "dragon-lore": "dragon-lore:N: adds N to its Strength against Dragons",
        "enslave": "may take a Follower from a character met",
        "evade-but": "evade-but:<subtype>: may evade any creature but that subtype",
        "evade-with-torch": "holding a Torch, may evade creatures",
        "haggle": "may haggle over prices in the City",
        "imprison": "may imprison a character met that is not good: it loses its next turn",
        "keep-scroll": "once it has read a Scroll it takes another",
        "killer-blow": "once a turn, the foe adds no die to its Strength",
        "let-be": "let-be:<subtype>: creatures of that subtype do not attack it",
        "lone-warrior": "lone-warrior:N: adds N to its Strength with no Followers",
        "panic": "may pipe a character met into a panic: on 1 to 3 it flees",
        "pass-by": "need not encounter the space it lands on",
        "pathfinder": "once a turn, may move one space more or less than its roll",
        "pirate-hoards": "lays hoards of gold at setup, which it alone finds",
        "pistol": "may fire a Pistol before a battle: 5 or 6 kills the creatures",
        "pistol-no-trophy": "creatures killed with its Pistol are no trophy",
        "refit-at": "refit-at:<kind>: takes a Helmet and a Sword on spaces of that kind",
        "reroll-move": "reroll-move[:N]: may roll the movement die again (on a roll of N)",
        "rout": "a character it beats in battle may be routed (it flees)",
        "sacrifice": "may give up a Follower for a Spell",
        "seal-doorways": "may turn a Dungeon Doorway upside down (sealed)",
        "shadowing": "may follow another character's move where movement is rolled",
        "sword-bonus": "sword-bonus:N: adds N to its Strength fighting with a Sword",
        "sworn": "sworn:<Follower>[:N]: that Follower adds its Strength (or N) in battle",
        "teleport-on": "teleport-on:N: a movement roll of N may take it to any space of its region",
        "trade": "trade:<card>: may trade Objects with that card",
        "trader": "once a turn, may sell Objects for 1 gold each",
        "two-handed": "two-handed:N: a Sword in both hands adds N to its Strength",
        "unarmed": "unarmed:N: adds N to its Strength fighting with no Weapon",
    }
)
MODULE.declare_decisions(
    {
        "enslave": "the Follower of another character to take",
        "haggle": "haggle over the City's prices",
        "panic": "a character panicked: the way it flees",
        "rout": "rout another character, or let it be",
        "trade": "the Object to trade",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "give": "card",
        "path": "number",
        "rout": "space",
        "sacrifice": "card",
        "shadow": "seat",
        "turn-doorway": "card",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("pistol", "a Pistol fired before a battle", kinds="combat", verbs="pistol")
MODULE.feature("bow", "a Bow shot before a battle", kinds="combat", verbs="bow")
MODULE.feature(
    "let-them-be", "creatures of a kind the character is friends with let be", kinds="combat", verbs="let-them-be"
)
MODULE.feature("berserk", "a berserk fury: +3 Strength, and the next turn lost", kinds="combat", verbs="berserk")
MODULE.feature("charge", "a charge: +2 Strength, and the next turn lost", kinds="combat", verbs="charge")
MODULE.feature("killer-blow", "a Killer Blow: the foe adds no die", kinds="combat", verbs="killer-blow")
MODULE.feature(
    "teleport", "a teleport on the movement roll, to any space of the region", kinds="move", verbs="teleport"
)
MODULE.feature("reroll", "the movement die rolled again", kinds="move", verbs="reroll")
MODULE.feature("path", "the Pathfinder's move of one more or one less", kinds="move", verbs="path")
MODULE.feature("trade-objects", "Objects sold for 1 gold each, anywhere", kinds="turn", verbs="trade-objects")
MODULE.feature(
    "sacrifice",
    "a Follower given up for a Spell",
    kinds="turn",
    verbs="sacrifice",
    never_pays="a Follower that helps every turn for a Spell drawn blind, which the bot casts only in fights, "
    "against losses and to heal",
)
MODULE.feature("shadow", "another character's move followed to its space", kinds="turn", verbs="shadow")
MODULE.feature(
    "seal",
    "a Dungeon Doorway turned upside down",
    kinds="turn",
    verbs="turn-doorway",
    needs="dungeon-classic",
    seldom="the Scout on a Dungeon Doorway while a rival is below and its own aim is elsewhere (offered in 13 of "
    "200 games; the bot turns one only at such a moment)",
)
MODULE.feature("pass-by", "a space landed on passed by, unencountered", kinds="encounter", verbs="pass-by")
MODULE.feature(
    "trade",
    "an Object traded with the Pedlar met for a Purchase card",
    kinds="card-ability",
    verbs="trade",
    needs="city-classic",  # the Merchant's Pedlar is a card of 000's City
)
MODULE.feature("imprison", "a character met imprisoned: it loses its next turn", kinds="meet", verbs="imprison")
MODULE.feature("enslave", "a Follower taken from a character met", kinds="meet", verbs="enslave")
MODULE.feature("panic", "a character met piped into a panic", kinds="meet", verbs="panic")
MODULE.feature("curse", "a character met cursed", kinds="meet", verbs="curse")
MODULE.feature("haggle", "a haggle over the City's prices", kinds="haggle", verbs="haggle", needs="city-classic")
MODULE.feature("rout", "a character beaten in battle routed", kinds="rout", verbs="rout")
MODULE.advice = ("talisman.modules.roster.advice:ADVICE",)
