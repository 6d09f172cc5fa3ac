"""The engine's own vocabulary as a module (``engine``), played in every game.

The engine's rule files register their frame handlers, content hooks and
endings, and declare the hook points and traits the engine itself reads, on
:data:`ENGINE`, as any module does on its own object; a ruleset composes it
first. The package entry point ``engine`` names it.
"""

from __future__ import annotations

from talisman.content.modules import Module

ENGINE = Module(name="engine", title="The rules engine's own vocabulary", base=True)

# The traits the engine's own rules read: its vocabulary for content (a card's or a character's
# ``traits``); ``name:N`` carries a number, ``name:<kind>`` a kind of space or creature.
ENGINE.declare_traits(
    {
        "armour-bonus": "armour-bonus:N: adds N to every Armour roll",
        "assassinate": "may assassinate another character met (an attack it cannot roll against)",
        "battle-craft": "may fight battles with Craft instead of Strength",
        "battle-two-dice": "rolls two dice in battle and adds them",
        "carry": "carry:N: may carry N more Objects",
        "command-immune": "the Command Spell cannot reach this character",
        "draw-extra-discard": "draws one card more for a space, then discards one of those drawn",
        "evade-anywhere": "may evade creatures anywhere",
        "evade-characters": "may evade characters (not creatures) wherever it meets them",
        "evade-in": "evade-in:<kind>: may evade creatures on spaces of that kind",
        "extra-draw": "extra-draw:<kind>:N: draws N more cards on spaces of that kind",
        "extra-spells": "extra-spells:N: may hold N Spells more than Craft allows",
        "faith-save": "faith-save:N: a life about to be lost after a defeat is kept on a roll of N or more",
        "free-movement-reroll": "the Fate spent to roll the movement die again comes straight back",
        "guards-pack": "an Object that holds others, which no one may take from its holder",
        "keep-one-spell": "keeps at least one Spell whatever its Craft",
        "keep-spells": "keep-spells:N: keeps up to N Spells whatever its Craft",
        "keep-trophies": "keep-trophies:<subtype>: trophies of that subtype are kept when trophies are traded",
        "leaves-at-river": "a Follower that stays behind when its holder crosses the Storm River",
        "loyal": "a Follower that no Stranger, Enemy, Event or character takes from its holder",
        "life-drain": "a character beaten in psychic combat gives a life to this one",
        "may-evade": "an Enemy every character may evade",
        "move-up-to": "may move any number of spaces up to its movement roll",
        "must-attack": "must-attack:<alignment>: must attack characters of that alignment where it lands",
        "must-attack-characters": "must attack any character where it lands, instead of the space",
        "natural-armour": "natural-armour:N: a hide that saves a life like Armour on N or more",
        "no-armour": "may not use Armour",
        "no-fate-reroll": "an Enemy against which no Fate may be spent to roll again",
        "no-followers": "no Follower joins its holder but the card itself; the others leave when it comes",
        "no-spells": "may not cast Spells",
        "no-trophy": "an Enemy that is no trophy when killed",
        "no-weapons": "may not use Weapons",
        "one-space": "moves one space a turn",
        "optional-roll": "optional-roll:<kind>: need not make the roll a space of that kind asks",
        "pick-of-two": "pick-of-two:<kind>: on spaces of that kind rolls two dice and keeps one",
        "portal-craft-dice": "portal-craft-dice:N: rolls N dice to open the Portal with Craft",
        "psychic-attack": "may attack characters in psychic combat",
        "reroll-card": "a card its holder may discard to roll one die roll again (a Blessing)",
        "redraw-one": "may discard one of the cards drawn for a space and draw another",
        "runesword": "a Weapon that gives a life for each battle it wins against a creature",
        "see-scrolls": "may look at the Scrolls of other characters",
        "see-spells": "may look at the Spells of other characters",
        "spell-immune": "no Spell but the Command Spell touches its holder",
        "spell-ring": "an Object that holds a Spell of its own, beyond the Spell limit",
        "spoils-gold": "spoils-gold:N: takes N gold from a character it beats",
        "steal": "may take an Object, a Follower or gold from a character it beats or meets",
        "talisman": "a Talisman: lets its holder into the Valley of Fire",
        "tamed": "a tamed Animal Follower that fights beside its holder",
        "two-dice-vs-many": "rolls two dice in battle against more than one creature",
        "two-weapons": "may use two Weapons at once",
        "wand": "while its holder has no Spell and Craft allows one, draws a Spell",
    }
)
