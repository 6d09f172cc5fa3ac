"""A suspended Follower (``possessions.suspend_follower``: 000's Airships, a Follower stunned on the
Fall Chart, "remains with you but you may not gain any benefits from this Follower for 3 Turns"): it
stays among its character's Followers, counted, shown, lost and taken like any, but no bonus, no
ability and no help of it reaches its holder, in the engine's derived values and in every module
that reads a character's Followers for what they do for it, until its turns are over."""

from __future__ import annotations

from typing import Any

import pytest

from talisman.engine import effects, possessions, stats
from talisman.engine.view import sheet
from talisman.modules.core.abilities import send_a_stand_in
from talisman.testing import Scenario

FALL = "airships.fall-chart"  # the rule that suspends a Follower


def stun(s: Scenario, seat: int, name: str, turns: int = 3) -> int:
    """Suspend the character's Follower called ``name``; returns its card."""
    g = s.game
    card = next(f for f in g.players[seat].followers if g.card_name(f) == name)
    possessions.suspend_follower(g, seat, card, turns, "stunned")
    return card


def follow(s: Scenario, seat: int, name: str) -> int:
    """Make any card (an Enemy trained or tamed too) a Follower of the character."""
    s.game.touched()
    card = s.find(name)
    s._unplace(card)
    s.game.players[seat].followers.append(card)
    return card


def strength_fight(*foes: int) -> dict[str, Any]:
    return {"mode": "strength", "foes": list(foes), "adhoc": []}


# --- the engine: derived values, the sheet, counting, the turns -------------------------------------


@pytest.mark.rules(FALL)
def test_a_suspended_follower_adds_nothing_and_lends_no_ability_but_stays():
    s = Scenario(["thief"]).no_spells().give(0, "Unicorn", "Maiden", "Guide")
    g = s.game
    g.derived = {}  # as while the machine runs: the memo and the ruleset's cache of held traits are filled
    before = stats.strength(g, 0), stats.craft(g, 0)
    assert stats.has_trait(g, 0, "optional-roll:crags")
    for name in ("Unicorn", "Maiden", "Guide"):
        stun(s, 0, name)
    p = s.player(0)
    assert stats.strength(g, 0) == before[0] - 1 and stats.craft(g, 0) == before[1] - 3  # Unicorn 1/1, Maiden 2
    assert not stats.has_trait(g, 0, "optional-roll:crags")  # the Guide's, though its holdings are the same
    assert s.names(p.followers) == ["Unicorn", "Maiden", "Guide"] and stats.followers_used(g, 0) == []
    assert s.names(possessions.suspended(g, 0)) == ["Unicorn", "Maiden", "Guide"]


@pytest.mark.rules(FALL)
def test_a_suspended_follower_counts_shows_and_can_be_lost_or_taken():
    s = Scenario(["thief", "sorceress"]).no_spells().give(0, "Maiden", "Guide")
    g = s.game
    maiden = stun(s, 0, "Maiden")
    assert effects.holds(g, 0, {"has_followers": True, "followers_ge": 2, "has": "Maiden"})
    sheet0 = sheet(g, 0, 1)
    assert [c["name"] for c in sheet0["followers"]] == ["Maiden", "Guide"]
    assert "The Maiden is stunned: no help for 3 more turns." in sheet0["notes"] and "suspended" in sheet0["status"]
    g.derived = {}
    s.game.stack.clear()
    effects.run(g, 1, [{"steal": {"what": ["follower"]}}], {"target": 0})  # the Sorceress's Acquisition
    g.advance()
    assert any("Maiden" in label for label in s.labels())  # hers to take
    possessions.lose_follower(g, 0, maiden, "is lost")
    assert s.names(s.player(0).followers) == ["Guide"]


@pytest.mark.rules(FALL, "encounters.type.items-followers")
def test_a_suspended_prince_heals_nothing_at_the_castle_but_may_be_left_at_court():
    s = Scenario(["thief", "troll"]).no_spells().at(1, "tavern").give(0, "Prince").set(0, lives=1, gold=0)
    stun(s, 0, "Prince")
    s.at(0, "runes-3").dice(1).start()
    if "roll" in s.options():
        s.choose("roll")
    s.choose("move:castle")
    assert s.player(0).lives == 1  # no free healing from him
    s.choose("leave-prince")
    assert s.player(0).gold == 3 and s.player(0).followers == []


@pytest.mark.rules(FALL)
def test_a_suspended_follower_keeps_what_binds_its_holder():
    """Only benefits are suspended: the Poltergeist still slows its holder, the Hag's curse still bars others."""
    s = Scenario(["thief"]).no_spells().give(0, "Poltergeist", "Cursed by a Hag")
    stun(s, 0, "Poltergeist")
    stun(s, 0, "Cursed by a Hag")
    assert stats.has_trait(s.game, 0, "one-space") and stats.has_trait(s.game, 0, "no-followers")
    assert stats._burdens(("optional-roll:forest", "evade-in:woods")) == ()


def end_turns(s: Scenario, n: int, seat: int = 0) -> None:
    """End ``n`` turns of ``seat`` as turns end (the next begins each time)."""
    g = s.game
    for _ in range(n):
        g.stack.clear()
        g.active = seat
        g.push("turn_end", p=seat)
        g.run()  # (not advance: the memo is kept, as in play, for the checking mode to look at)


@pytest.mark.rules(FALL)
def test_a_suspended_follower_helps_again_when_its_turns_are_over_not_before(monkeypatch):
    """The turn it is suspended in does not count: three whole turns of its holder pass first. Checked
    with the memo in checking mode (a change not told to ``stats.changed`` would raise)."""
    monkeypatch.setattr(stats.CHECKING, "on", True)
    s = Scenario(["thief"]).no_spells().give(0, "Maiden").at(0, "village")
    g = s.game
    s.dice(1, 1, 1, 1, 1, 1).start()
    base = stats.craft(g, 0) - 2
    stun(s, 0, "Maiden")  # in the turn under way
    assert stats.craft(g, 0) == base
    end_turns(s, 1)  # the turn of the stunning ends: not one of the three
    end_turns(s, 2)
    assert stats.craft(g, 0) == base and "suspended" in s.player(0).status
    end_turns(s, 1)
    assert stats.craft(g, 0) == base + 2 and "suspended" not in s.player(0).status
    assert "Maiden is of help again" in s.log()


@pytest.mark.rules(FALL)
def test_a_follower_suspended_in_another_characters_turn_counts_from_its_holders_next():
    s = Scenario(["thief", "troll"]).no_spells().give(1, "Maiden").at(1, "village")
    s.dice(1, 1, 1, 1).start()  # the Thief's turn
    stun(s, 1, "Maiden", turns=1)
    end_turns(s, 1, seat=0)  # the Troll's turn begins: the first of its turns without the Maiden's help
    assert "suspended" in s.player(1).status
    end_turns(s, 1, seat=1)
    assert "suspended" not in s.player(1).status


def go(s: Scenario, space: str, *dice: int) -> Scenario:
    """Start the turn, roll the first die to move and move to ``space``; the other dice follow."""
    s.dice(*dice).start()
    if s.decision.kind == "turn":
        s.choose("roll")
    return s.choose(f"move:{space}")


@pytest.mark.rules(FALL, "core.taming")
def test_a_suspended_tamed_animal_does_not_fight_so_does_not_die_in_a_lost_battle():
    s = Scenario(["wizard"]).no_spells().at(0, "village").on_top("adventure", "Wolf")
    go(s, "fields-1", 1, 1, 1, 2, 1, 6).choose("tame")  # tamed in turn 1; turn 2 rolls 2 to move
    stun(s, 0, "Wolf")
    assert stats.strength(s.game, 0) == 2  # the Wolf's 1 does not count
    s.on_top("adventure", "Giant").choose("move:fields-6")  # 1 + 2 against 6 + 6
    assert s.player(0).lives == 3 and s.names(s.player(0).followers) == ["Wolf"]


@pytest.mark.rules(FALL, "core.abilities.on-card")
def test_a_suspended_raised_corpse_neither_fights_nor_crumbles():
    s = Scenario(["ghoul"]).no_spells().at(0, "woods-1").on_top("adventure", "Goblin")
    s.dice(1, 4, 1).start()
    if s.decision.kind == "turn":
        s.choose("roll")
    if s.decision.kind == "move":
        s.choose("move:sentinel")
    s.on_top("adventure", "Ogre").dice(1, 5, 2).choose("raise")  # the Goblin raised; turn 2 rolls 1
    stun(s, 0, "Goblin")
    s.choose("move:hills-1")  # 5 + 2 against 2 + 5: no Goblin's 2
    assert "5 + 2 Strength = 7" in s.log() and s.names(s.player(0).followers) == ["Goblin"]
    assert "crumbles" not in s.log()


# --- the modules' reads of a character's Followers --------------------------------------------------


@pytest.mark.rules(FALL, "characters-exceptions.gladiator", "characters-exceptions.swashbuckler")
def test_the_gladiators_crowd_and_the_swashbucklers_gallantry_ignore_a_suspended_follower():
    from talisman.modules.dungeon_characters.abilities import fight_bonuses

    mods = ("dungeon-characters",)
    s = Scenario(["gladiator"], modules=mods).no_spells().give(0, "Maiden", "Guide")
    assert fight_bonuses(s.game, 0, strength_fight()) == 2
    stun(s, 0, "Guide")
    assert fight_bonuses(s.game, 0, strength_fight()) == 1
    s = Scenario(["swashbuckler"], modules=mods).no_spells().give(0, "Maiden")
    assert fight_bonuses(s.game, 0, strength_fight()) == 1
    stun(s, 0, "Maiden")
    assert fight_bonuses(s.game, 0, strength_fight()) == 0


@pytest.mark.rules(FALL, "dungeon-4e.dungeon-cards")
def test_the_dungeons_hound_avenger_and_tunnel_fighter_give_nothing_while_suspended():
    from talisman.modules.dungeon_4e import items, rules

    s = Scenario(["warrior", "sorceress"], modules=("dungeon-4e",)).no_spells()
    s.give(0, "Faithful Hound", "Holy Avenger", "Tunnel Fighter").at(0, rules.ENTRANCE)
    g = s.game
    vs_evil = {**strength_fight(), "vs": 1}
    assert [c.id for c in send_a_stand_in(g, 0, strength_fight(), [])] == [f"stand-in:{g.players[0].followers[0]}"]
    assert items.dungeon_fighters(g, 0, vs_evil) == 2 + items.AVENGER_BONUS
    for name in ("Faithful Hound", "Holy Avenger", "Tunnel Fighter"):
        stun(s, 0, name)
    assert send_a_stand_in(g, 0, strength_fight(), []) == []
    assert items.dungeon_fighters(g, 0, vs_evil) == 0 and rules.battle_bonus_in_dungeon(g, 0, "strength") == 0


@pytest.mark.rules(FALL, "characters-exceptions.hobgoblin", "characters-exceptions.samurai")
def test_a_sworn_follower_adds_nothing_suspended_and_a_lone_warrior_is_still_not_alone():
    from talisman.modules.roster.abilities import roster_bonuses

    s = Scenario(["hobgoblin"], modules=("roster",)).no_spells()
    follow(s, 0, "Goblin")
    assert roster_bonuses(s.game, 0, strength_fight()) == 2  # the Goblin's Strength
    stun(s, 0, "Goblin")
    assert roster_bonuses(s.game, 0, strength_fight()) == 0
    s = Scenario(["samurai"], modules=("roster",)).no_spells().give(0, "Guide")
    stun(s, 0, "Guide")
    assert roster_bonuses(s.game, 0, strength_fight()) == 0  # a stunned Guide is company all the same


@pytest.mark.rules(FALL, "characters-exceptions.saracen")
def test_a_suspended_slaver_does_not_spare_the_saracen_his_roll():
    from talisman.modules.roster.abilities import meet_options

    s = Scenario(["saracen", "thief"], modules=("roster", "dungeon-classic")).no_spells().give(1, "Guide")
    follow(s, 0, "Slaver")
    stun(s, 1, "Guide")  # a stunned Follower may be enslaved as any
    assert [c.label for c in meet_options(s.game, 0, 1) if c.id == "enslave"] == [
        "Take a Follower from the Thief (your Slaver needs no roll)"
    ]
    stun(s, 0, "Slaver")
    assert [c.label for c in meet_options(s.game, 0, 1) if c.id == "enslave"] == [
        "Try to enslave a Follower of the Thief (5 or 6)"
    ]


@pytest.mark.rules(FALL, "characters-exceptions.small-ride-tamed-animal", "characters-exceptions.orc")
def test_a_suspended_mount_is_not_ridden():
    from talisman.modules.core.character_rules import may_pick_of_two, rides_tamed_animal

    s = Scenario(["dwarf"]).no_spells()
    bear = follow(s, 0, "Bear")
    s.player(0).status["tamed"] = [bear]
    assert rides_tamed_animal(s.game, 0)
    stun(s, 0, "Bear")
    assert not rides_tamed_animal(s.game, 0) and not may_pick_of_two(s.game, 0)
    s = Scenario(["orc"], modules=("roster",)).no_spells().at(0, "fields-1")
    follow(s, 0, "Wolf")
    assert may_pick_of_two(s.game, 0)
    stun(s, 0, "Wolf")
    assert not may_pick_of_two(s.game, 0)


@pytest.mark.rules(FALL, "city-districts.purchase.dog", "city-districts.special.courtesan")
def test_the_citys_dog_mount_and_courtesan_do_nothing_while_suspended():
    from talisman.modules.city_districts import cards, law

    s = Scenario(["warrior", "thief"], modules=("city-districts",)).no_spells().at(0, "fields-1")
    s.give(0, "Dog", "Warhorse", deck="purchase").give(0, "Courtesan")
    g = s.game
    assert send_a_stand_in(g, 0, strength_fight(), []) and cards.ride(g, 0, 3)
    for name in ("Dog", "Warhorse", "Courtesan"):
        stun(s, 0, name)
    assert send_a_stand_in(g, 0, strength_fight(), []) == [] and cards.ride(g, 0, 3) == []
    law.arrest(g, 0)
    assert s.space_of(0) == "gaol" and "Courtesan" in s.names(s.player(0).followers)


@pytest.mark.rules(FALL, "optional-rules.henchmen.abilities", "optional-rules.henchmen.fight-instead")
def test_a_suspended_henchman_lends_nothing_and_fights_for_no_one():
    from talisman.modules.optional_rules import henchmen as hm

    s = Scenario(["warrior", "wizard"], modules=("optional-rules",)).no_spells()
    g = s.game
    card = hm.of(g, 0)[0]
    g.globals["henchmen"] = {**g.globals["henchmen"], str(card): {"character": "thief", "lives": 4}}
    hm.lend(g, 0)
    assert stats.has_trait(g, 0, "steal") and hm.send_a_henchman(g, 0, strength_fight(), [])
    possessions.suspend_follower(g, 0, card, 3, "stunned")
    hm.lend(g, 0)
    assert not stats.has_trait(g, 0, "steal") and hm.send_a_henchman(g, 0, strength_fight(), []) == []
    assert hm.of(g, 0) == [card]  # still its master's Follower
