"""The engine's own vocabulary as a module (``engine``), played in every game.

The engine's rule files register their frame handlers, content hooks and
endings, and declare the hook points and traits the engine itself reads, on
:data:`ENGINE`, as any module does on its own object; a ruleset composes it
first. The package entry point ``engine`` names it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from talisman.content.modules import Module, state_file

ENGINE: Final = Module(name="engine", title="The rules engine's own vocabulary", base=True)
# The state the engine's rules keep, and the keys of modules' state it reads (data, beside this file).
state_file(ENGINE, Path(__file__).with_name("state.toml"))

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
        "draw-extra-discard": "draws one card more for a space, then discards one of those drawn."
        " One card: the Orb of Prophesy; a standing change to how many cards a space draws, which no effect list reaches (any card may carry this engine word).",
        "evade-anywhere": "may evade creatures anywhere",
        "evade-characters": "may evade characters (not creatures) wherever it meets them",
        "evade-in": "evade-in:<kind>: may evade creatures on spaces of that kind",
        "extra-draw": "extra-draw:<kind>:N: draws N more cards on spaces of that kind",
        "extra-spells": "extra-spells:N: may hold N Spells more than Craft allows."
        " One card: the Totem Staff; a standing change to the Spell limit, read wherever Spells are counted (any card may carry this engine word).",
        "faith-save": "faith-save:N: a life about to be lost after a defeat is kept on a roll of N or more."
        " One card: the Shield of Faith; a save read when a lost fight would take a life (any card may carry this engine word).",
        "fixed": "a card that stays where it lies for the rest of the game: no card filter picks it",
        "free-movement-reroll": "the Fate spent to roll the movement die again comes straight back."
        " One card: the Cloak of Feathers; read by the Fate reroll of the movement die (any card may carry this engine word).",
        "guards-pack": "an Object that holds others, which no one may take from its holder."
        " One card: the Bag of Holding; every rule that takes an Object reads it (any card may carry this engine word).",
        "keep-one-spell": "keeps at least one Spell whatever its Craft",
        "keep-spells": "keep-spells:N: keeps up to N Spells whatever its Craft",
        "keep-trophies": "keep-trophies:<subtype>: trophies of that subtype are kept when trophies are traded",
        "leaves-at-river": "a Follower that stays behind when its holder crosses the Storm River."
        " One card: the Poltergeist; the crossing of the Storm River reads it (any Follower may carry this engine word).",
        "loyal": "a Follower that no Stranger, Enemy, Event or character takes from its holder."
        " One card: the Dog; every rule that takes a Follower reads it, and filters leave it out with without_trait (any Follower may carry this engine word).",
        "life-drain": "a character beaten in psychic combat gives a life to this one",
        "may-evade": "an Enemy every character may evade."
        " One card: the Battle Hulk; the fight's offer to evade reads it (any Enemy may carry this engine word).",
        "move-up-to": "may move any number of spaces up to its movement roll",
        "must-attack": "must-attack:<alignment>: must attack characters of that alignment where it lands."
        " One card: the Holy Avenger; the landing rule reads it (any card may carry this engine word, with an alignment).",
        "must-attack-characters": "must attack any character where it lands, instead of the space."
        " One card: the Spirit of Vengeance; the landing rule reads it (any card may carry this engine word).",
        "natural-armour": "natural-armour:N: a hide that saves a life like Armour on N or more",
        "no-armour": "may not use Armour",
        "no-fate-reroll": "an Enemy against which no Fate may be spent to roll again."
        " One card: the Soulbinder; the fight's offer of a Fate reroll reads it (any Enemy may carry this engine word).",
        "no-followers": "no Follower joins its holder but the card itself; the others leave when it comes."
        " One card: Cursed by a Hag; every rule that gives a Follower reads it (any card may carry this engine word).",
        "no-spells": "may not cast Spells."
        " One card: the Amulet; the casting rule reads it (any card or character may carry this engine word).",
        "no-trophy": "an Enemy that is no trophy when killed",
        "no-weapons": "may not use Weapons",
        "one-space": "moves one space a turn."
        " One card: the Poltergeist; the movement rule reads it (any card may carry this engine word).",
        "optional-roll": "optional-roll:<kind>: need not make the roll a space of that kind asks",
        "pick-of-two": "pick-of-two:<kind>: on spaces of that kind rolls two dice and keeps one",
        "portal-craft-dice": "portal-craft-dice:N: rolls N dice to open the Portal with Craft",
        "psychic-attack": "may attack characters in psychic combat",
        "reroll-card": "a card its holder may discard to roll one die roll again (a Blessing)."
        " One card: the Blessing; the reroll offer of every die roll reads it (any card may carry this engine word).",
        "redraw-one": "may discard one of the cards drawn for a space and draw another",
        "runesword": "a Weapon that gives a life for each battle it wins against a creature."
        " One card: the Runesword; a won battle against a creature reads it (any Weapon may carry this engine word).",
        "see-scrolls": "may look at the Scrolls of other characters",
        "see-spells": "may look at the Spells of other characters",
        "spell-immune": "no Spell but the Command Spell touches its holder."
        " One card: the Amulet; the target rule of every Spell reads it (any card or character may carry this engine word).",
        "spell-ring": "an Object that holds a Spell of its own, beyond the Spell limit."
        " One card: the Spell Ring; the Spell limit and casting read the Spell it holds (any Object may carry this engine word).",
        "spoils-gold": "spoils-gold:N: takes N gold from a character it beats",
        "steal": "may take an Object, a Follower or gold from a character it beats or meets",
        "talisman": "a Talisman: lets its holder into the Valley of Fire."
        " One card: the Talisman (one title in several decks); the Valley of Fire and the quests of several modules read it (an engine word).",
        "tamed": "a tamed Animal Follower that fights beside its holder",
        "two-dice-vs-many": "rolls two dice in battle against more than one creature",
        "two-weapons": "may use two Weapons at once",
        "wand": "while its holder has no Spell and Craft allows one, draws a Spell."
        " One card: the Wand; the Spell count is checked after every change, a standing rule (any card may carry this engine word).",
    }
)

# The kinds of decision the engine's rules (and its vocabulary's verbs, by default) ask.
ENGINE.declare_decisions(
    {
        "actor": "a seat with two characters chooses which one acts this turn",
        "buy-fate": "how many Fate to buy, at a place that sells it",
        "card-ability": "how to meet a card an ability lets one meet otherwise (the Patrol for the Cyborg)",
        "choose": "one of the choices a card offers (the verb choose)",
        "combat": "a round of battle or psychic combat: fight, cast, use an ability, or evade",
        "combat-magic": "a Spell to cast before the dice of a round are rolled",
        "command": "the victim of the Command Spell",
        "command-victim": "struck by the Command Spell: lose a life or admit defeat",
        "counterspell": "an answer to a Spell being cast (a Counterspell)",
        "crown-challenge": "on the Crown while another character holds it: the fight one must take up",
        "crypt": "one of the cards looked at to take, or none (the verb peek)",
        "defeat": "what the winner of a fight between characters takes",
        "defend": "attacked by another character: fight back or answer with a Spell or an ability",
        "discard-card": "the face-up card to discard (the verb discard_cards, one card)",
        "discard-drawn": "drawn one card too many: the one to discard before meeting them",
        "discard-space": "the space whose cards are discarded (the verb discard_cards, one space)",
        "discard-spell": "above the Spell limit: the Spell to discard",
        "drop": "carrying too much: the Object to leave behind",
        "encounter": "on landing: what to encounter (the space, a card, another character)",
        "end-turn": "what to do before the turn ends",
        "evade-ability": "an ability used on you that you may evade",
        "fate": "spend a Fate to roll again, or keep the roll",
        "follower-for-life": "a Follower given up instead of a life (the verb follower_for_life)",
        "heal": "how many lives to heal, at a price",
        "lose-follower": "the Follower to give up",
        "lost-fight": "after losing a fight: a Spell or an ability that changes it, or take the loss",
        "lost-turn": "a turn to miss: miss it, or what may be done first",
        "make-room": "no room for a card: what to leave to take it",
        "meet": "the character met: attack it, or what an ability offers",
        "move": "where to move by the roll",
        "optional-roll": "roll for an effect one may decline",
        "oracle": "the order to put cards looked at back on their deck",
        "others-turn": "another character's turn begins: a Spell to cast first",
        "pick-roll": "which of two dice rolled to keep",
        "portal": "how to try to open the way through a Portal or a gate",
        "prevent-life-loss": "about to lose lives: a Spell or an object that keeps them",
        "realm": "the space to lay a Realm on",
        "redraw": "a drawn card to discard and draw again",
        "save-follower": "a Follower about to be killed: let it die, or a Spell that saves it",
        "sell": "an Object to turn into gold",
        "shop": "what to buy, at a place that sells",
        "spoils": "the prize taken from a character beaten",
        "steal": "what to take from another character (the verb steal)",
        "take": "what to take from the space: its cards, Followers to hire",
        "teleport": "the space to go to (the verb move with a choice of spaces, a Teleport)",
        "tithe": "what to leave at another character's Realm",
        "turn": "the turn: roll to move, or what else may be done",
    }
)

# The arguments of the option verbs the engine's rules offer (talisman.content.option_args).
ENGINE.declare_options(
    {
        "actor": "seat",
        "assassinate": "seat",
        "attack": "seat",
        "buy": "card|word",
        "cast": "card target=seat?",
        "counter": "card",
        "destroy": "card",
        "discard": "card",
        "drop": "card",
        "fate": "number",
        "follower": "card",
        "free": "card|word",
        "heal": "number",
        "hire": "card",
        "keep": "number",
        "lose": "card",
        "meet": "seat",
        "move": "space",
        "next": "card",
        "object": "card",
        "portal": "space",
        "psychic": "seat",
        "quest": "card|gold",
        "raft": "space",
        "realm": "space",
        "redraw": "card",
        "reroll-card": "card",
        "retreat": "space",
        "sell": "card",
        "space": "space",
        "swap": "card into=card?",
        "swap-take": "old=card new=card",
        "take": "card|gold|word",
        "tithe": "card|gold",
        "to": "space",
        "trophies": "word",
        "unpack": "card",
        "victim": "seat",
    }
)
