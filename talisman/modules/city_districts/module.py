"""The declaration of the module ``city-districts``: its content, options and relations;
its rule files register their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="city-districts",
    title="Another Talisman City (the districts of 003)",
    content_dir=Path(__file__).parent,
    excludes=("city-classic",),
)

MODULE.declare_traits(
    {
        "bow": "a Bow: shot instead of moving, and forbidden in the City",
        "breaks-on-1": "a Weapon that breaks when its holder rolls a 1 in the battle",
        "courtesan": "a Follower for one visit to the City that keeps the Guards from arresting its holder once",
        "deserter": "an Enemy whose trophy the Sheriff's Office of the City buys for 2 gold",
        "eat": "eat:battle or eat:psychic: eaten before the dice for +1 in that kind of fight",
        "escort": "escort:palace: a Stranger taken along to the City's Palace for a reward",
        "evade-guards": "its holder slips away when the City Guards would take it to Judgement Square",
        "gate-closed": "the card laid on a City gate while it is shut",
        "quiver": "discarded instead of the Bow once the Bow is shot",
        "ride": "ride:N: a riding animal that adds up to N to a movement roll",
        "riding-animal": "a riding animal, forbidden in the City: it waits at the Stables",
        "stand-in": "stand-in:N: a Follower that may fight a battle in its holder's place with Strength N",
    }
)

MODULE.declare_decisions(
    {
        "city-arena": "the Arena: fight the Gladiator, summon a character, or no one",
        "city-county-patrol": "a County Patrol's accusation: go with it to Judgement Square, or fight it",
        "city-enchantress": "the Slums: go to the Enchantress past the thugs, or not",
        "city-escort": "the King or the Queen asks for an escort to the Palace",
        "city-free-purchase": "a Purchase card of one's choice, for nothing (the Well, the King's gift)",
        "city-harbour": "the Harbour: book a passage to a space beside the Storm River, or not",
        "city-palace": "the Palace: enlist in the King's service, or not",
        "city-sheriff": "the Sheriff's Office: hand over a Deserter or a task's outlaw",
        "city-tax-collector": "the Royal Tax Collector: pay 1 gold, or go to the Gaol",
        "city-temple": "the Temple District: pray, giving some gold, or not",
        "city-trial-lean": "a bystander in Judgement Square sways a trial, or says nothing",
        "city-well": "the Wishing Well: throw in a gold, or not",
        "city-west-side": "the West Side: the Chiurgeon, the Alchemist, or neither",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "eat": "card",
        "enter-city": "space",
        "hand-over": "card",
        "leave-city": "space",
        "passage": "space",
        "pray": "number",
        "reward": "card",
        "ride": "number",
        "shoot": "what=enemy|character target=number",
        "stand-in": "card",
        "summon": "seat",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("enter", "into the City by one of its gates", kinds="turn", verbs="enter-city")
MODULE.feature("gladiator", "a bout with the Arena's Gladiator", kinds="city-arena", verbs="gladiator")
MODULE.feature("summon", "a character summoned to fight in the Arena", kinds="city-arena", verbs="summon")
MODULE.feature("temple", "a prayer in the Temple District, with gold given", kinds="city-temple", verbs="pray")
MODULE.feature(
    "enchantress",
    "the Enchantress of the Slums sought past the thugs",
    kinds="city-enchantress",
    verbs="enchantress",
    never_pays="past one to three thugs, a Toad that drops everything carried on a 1, for an attribute, a Spell "
    "or a life on 3 to 6: it pays only a character with little to drop, and such a one seldom stands in the Slums",
)
MODULE.feature("chiurgeon", "the Chiurgeon of the West Side's healing", kinds="city-west-side", verbs="chiurgeon")
MODULE.feature("alchemist", "the Alchemist of the West Side", kinds="city-west-side", verbs="alchemist")
MODULE.feature("well", "a gold thrown into the Wishing Well", kinds="city-well", verbs="wish")
MODULE.feature(
    "patrol-fight", "a County Patrol fought instead of going with it", kinds="city-county-patrol", verbs="fight"
)
MODULE.feature("escort", "the King or the Queen escorted to the Palace", kinds="city-escort", verbs="escort")
MODULE.feature("enlist", "the King's service enlisted in at the Palace", kinds="city-palace", verbs="enlist")
MODULE.feature(
    "sheriff",
    "a Deserter or a task's outlaw handed to the Sheriff",
    kinds="city-sheriff",
    verbs=("hand-over", "reward"),
)
MODULE.feature(
    "harbour",
    "a passage booked at the Harbour to a space beside the Storm River",
    kinds="city-harbour",
    verbs="passage",
)
MODULE.feature(
    "trial", "a trial in Judgement Square swayed by a bystander", kinds="city-trial-lean", verbs=("for", "against")
)
MODULE.feature("shoot", "a Bow shot instead of moving", kinds="turn", verbs="shoot")
MODULE.feature("ride", "a riding animal's bonus added to a movement roll", verbs="ride")
MODULE.feature("eat", "something eaten before a fight, for +1", kinds="combat", verbs="eat")
MODULE.feature("stand-in", "a Follower that fights a battle in its holder's place", kinds="combat", verbs="stand-in")
MODULE.advice = ("talisman.modules.city_districts.advice:ADVICE",)
