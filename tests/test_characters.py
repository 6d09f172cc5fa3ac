"""The 14 base characters and their special abilities (characters.toml traits,
talisman/modules/core/abilities.py and the engine where a trait is read)."""

from __future__ import annotations

import pytest

from talisman.errors import ScriptError
from talisman.testing import Scenario

ON_CARD = "core.abilities.on-card"
OVERRIDE = "core.abilities.override-rules"


def go(s: Scenario, space: str, roll: int, *then: int) -> Scenario:
    """Roll ``roll`` for movement (whether or not the turn menu asks first) and move to
    ``space``; ``then`` scripts the dice rolled on arrival (a fight answered by itself)."""
    s.dice(roll, *then).start()
    seat = s.game.active
    if s.decision.kind == "turn":
        s.choose("roll")
    if s.decision is not None and s.decision.kind == "move":
        s.choose(f"move:{space}")
    assert s.space_of(seat) == space
    return s


def meet(s: Scenario, other: int) -> Scenario:
    """Choose to encounter the character ``other`` on the space just reached."""
    return s.choose(f"meet:{other}")


def holding(s: Scenario, seat: int) -> list[str]:
    p = s.player(seat)
    return s.names(p.objects + p.packed + p.followers)


# --- sizes and dice ------------------------------------------------------------


@pytest.mark.rules("core.characters.default-medium", "movement.die-size-by-size")
def test_every_base_character_is_medium_but_the_dwarf_ghoul_and_troll():
    s = Scenario(["dwarf", "ghoul", "troll", "warrior", "wizard", "elf"])
    sizes = {s.game.players[i].character: s.game.die_size(i) for i in range(6)}
    assert sizes == {"dwarf": 4, "ghoul": 8, "troll": 8, "warrior": 6, "wizard": 6, "elf": 6}
    medium = [k for k, c in s.game.rules.characters.items() if c.size == "M"]
    assert sorted(medium) == [
        "assassin",
        "druid",
        "elf",
        "minstrel",
        "monk",
        "priest",
        "prophetess",
        "sorceress",
        "thief",
        "warrior",
        "wizard",
    ]


@pytest.mark.rules("movement.die-size-by-size", OVERRIDE)
def test_the_small_dwarf_moves_with_a_d4():
    s = Scenario(["dwarf"]).no_spells().at(0, "fields-1")
    s.dice(4).start()
    assert "Dwarf rolls a D4 for movement: 4." in s.log()
    s = Scenario(["dwarf"]).no_spells().at(0, "fields-1")
    with pytest.raises(ScriptError):
        s.dice(5).start()  # a D4 cannot show 5


@pytest.mark.rules("movement.die-size-by-size")
def test_the_large_troll_moves_with_a_d8():
    s = Scenario(["troll"]).no_spells().at(0, "fields-1")
    s.dice(8).start()
    assert "Troll rolls a D8 for movement: 8." in s.log()


@pytest.mark.rules("movement.die-size-by-size")
def test_the_dwarf_fights_with_a_d4_and_the_ghoul_with_a_d8():
    s = Scenario(["dwarf"]).no_spells().at(0, "woods-1").on_top("adventure", "Goblin")
    with pytest.raises(ScriptError):
        go(s, "sentinel", 1, 5, 1)  # the fight is the only choice: it starts at once
    s = Scenario(["ghoul"]).no_spells().at(0, "woods-1").on_top("adventure", "Ogre")
    go(s, "sentinel", 1, 8, 6)  # 8 + 2 = 10 against 6 + 5 = 11
    assert "Ghoul fights the Ogre in battle: 8 + 2 Strength = 10" in s.log()


# --- abilities on the card, and gained ----------------------------------------


@pytest.mark.rules(ON_CARD)
def test_every_character_card_names_its_abilities():
    chars = Scenario(["warrior"]).game.rules.characters
    assert len(chars) >= 14
    for key in (
        "assassin",
        "druid",
        "dwarf",
        "elf",
        "ghoul",
        "minstrel",
        "monk",
        "priest",
        "prophetess",
        "sorceress",
        "thief",
        "troll",
        "warrior",
        "wizard",
    ):
        assert chars[key].abilities and chars[key].traits, key


@pytest.mark.rules(ON_CARD, "combat.evade.targets")
def test_an_ability_can_be_gained_in_an_encounter():
    s = Scenario(["thief"]).no_spells().at(0, "graveyard").on_top("adventure", "Ogre")
    go(s, "woods-1", 1, 1, 6)  # no way to evade the Ogre in the Woods
    assert s.player(0).lives == 3
    s = Scenario(["thief"]).no_spells().at(0, "graveyard").on_top("adventure", "Ogre").give(0, "Pixie")
    go(s, "woods-1", 1)  # the Pixie lets its master evade in the Woods
    s.choose("evade")
    assert s.player(0).lives == 4


# --- starting Spells -----------------------------------------------------------


@pytest.mark.rules(ON_CARD, "core.setup.starting-cards")
def test_characters_begin_with_the_spells_their_cards_grant():
    chars = ["druid", "priest", "prophetess", "sorceress", "wizard", "warrior"]
    s = Scenario(chars)
    assert [len(s.player(i).spells) for i in range(6)] == [1, 1, 1, 1, 2, 0]


# --- Assassin ------------------------------------------------------------------


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_assassin_assassinates_a_creature_which_adds_no_die():
    s = Scenario(["assassin"]).no_spells().at(0, "woods-1").on_top("adventure", "Ogre")
    go(s, "sentinel", 1)
    assert "assassinate" in s.options()
    s.dice(3).choose("assassinate")  # 3 + 3 = 6 against 5 + no die
    assert s.names(s.player(0).trophies) == ["Ogre"]
    assert s.game.rng.scripted == ()
    assert "against 0 + 5 = 5" in s.log()


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_assassinated_character_rolls_no_die_and_must_lose_a_life():
    s = Scenario(["assassin", "warrior"]).no_spells().at(0, "village").at(1, "fields-1")
    s.set(1, gold=3)
    go(s, "fields-1", 1)
    meet(s, 1)
    assert {"attack:1", "assassinate:1"} <= set(s.options())
    s.dice(2).choose("assassinate:1")  # 2 + 3 = 5 against 4 + no die
    assert s.player(1).lives == 3 and s.player(1).gold == 3
    assert s.decision.kind != "spoils"  # no prize to choose instead of the life
    assert s.game.rng.scripted == ()


@pytest.mark.rules(ON_CARD, "endings.crown-of-command.not-alone")
def test_assassin_cannot_assassinate_on_the_crown_of_command():
    s = Scenario(["assassin", "warrior"]).no_spells().at(0, "crown-of-command").at(1, "crown-of-command")
    s.dice(6, 1, 1).start()  # the challenge offers a plain attack only
    assert "Assassin attacks Warrior in battle." in s.log() and "assassination" not in s.log()
    assert s.game.rng.scripted == ()  # the Warrior rolled its two dice
    assert s.decision.kind == "spoils" and s.decision.player == 0


@pytest.mark.rules(ON_CARD)
def test_assassin_attacked_by_another_character_cannot_assassinate():
    s = Scenario(["warrior", "assassin"]).no_spells().at(0, "village").at(1, "fields-1")
    go(s, "fields-1", 1)
    meet(s, 1)
    s.dice(1, 1, 6).choose("attack:1")  # the Assassin only defends: an ordinary battle
    assert s.decision.kind == "spoils" and s.decision.player == 1


# --- Druid ---------------------------------------------------------------------


@pytest.mark.rules(ON_CARD, "core.alignment.once-per-turn")
def test_druid_changes_alignment_at_will_but_once_a_turn():
    s = Scenario(["druid"]).no_spells().at(0, "village").on_top("adventure", "Bag of Gold")
    s.start()
    assert {"alignment:good", "alignment:evil"} <= set(s.options())
    s.dice(1).choose("alignment:good")  # back at the menu only the roll is left: it is made
    assert s.player(0).alignment == "good"
    assert s.decision.kind == "move"
    s.choose("move:fields-1")
    assert s.game.turn == 2 and s.player(0).gold == 2
    assert {"alignment:neutral", "alignment:evil"} <= set(s.options())


@pytest.mark.rules(ON_CARD, "core.alignment.drop-forbidden")
def test_druid_turning_evil_drops_the_holy_lance():
    s = Scenario(["druid"]).no_spells().at(0, "village").give(0, "Holy Lance", "Sword")
    s.dice(1).start().choose("alignment:evil")
    assert holding(s, 0) == ["Sword"] and s.on_space("village") == ["Holy Lance"]


@pytest.mark.rules(ON_CARD)
def test_druid_gathers_spells_in_the_woods():
    s = Scenario(["druid"]).no_spells().at(0, "graveyard").on_top("adventure", "Bag of Gold")
    s.dice(1).start().choose("roll").choose("move:woods-1")
    assert s.decision.kind == "end-turn" and "woods-spells" in s.options()
    s.choose("woods-spells")
    assert len(s.player(0).spells) == 2  # Craft 4 allows 2 Spells


# --- Dwarf ---------------------------------------------------------------------


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_dwarf_need_not_roll_in_the_crags():
    s = Scenario(["dwarf"]).no_spells().at(0, "woods-2")
    go(s, "crags", 2)
    assert s.decision.kind == "optional-roll"
    s.choose("skip")
    assert s.player(0).lost_turns == 0 and "for the Crags" not in s.log()


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_dwarf_need_not_roll_in_the_chasm():
    s = Scenario(["dwarf"]).no_spells().at(0, "cursed-glade").on_top("adventure", "Bag of Gold")
    go(s, "chasm", 2)
    assert s.decision.kind == "optional-roll"
    s.choose("skip")
    assert s.player(0).lives == 4


@pytest.mark.rules(ON_CARD, "combat.evade.targets")
def test_dwarf_evades_creatures_in_the_hills():
    s = Scenario(["dwarf"]).no_spells().at(0, "chapel").on_top("adventure", "Ogre")
    go(s, "hills-1", 1)
    s.choose("evade")
    assert s.on_space("hills-1") == ["Ogre"] and s.player(0).lives == 4 and not s.player(0).trophies


@pytest.mark.rules(ON_CARD, "combat.evade.targets")
def test_dwarf_evades_characters_in_the_hills_but_not_elsewhere():
    s = Scenario(["warrior", "dwarf"]).no_spells().at(0, "chapel").at(1, "hills-1")
    go(s, "hills-1", 1)
    meet(s, 1).choose("attack:1")
    assert s.decision.player == 1 and "evade" in s.options()
    s.choose("evade")
    assert s.player(1).lives == 4
    s = Scenario(["warrior", "dwarf"]).no_spells().at(0, "village").at(1, "fields-1")
    go(s, "fields-1", 1)
    meet(s, 1).dice(1, 4).choose("attack:1")  # no evasion offered: the fight is rolled at once
    assert s.decision.kind == "spoils"


@pytest.mark.rules(ON_CARD)
def test_dwarf_adds_one_to_the_cave_roll():
    s = Scenario(["dwarf"]).no_spells().at(0, "village").on_top("adventure", "Cave")
    go(s, "fields-1", 1, 3)  # 3 + 1 = 4: two gold, not a lost turn
    assert s.player(0).gold == 1 + 2 and s.player(0).lost_turns == 0
    s = Scenario(["dwarf"]).no_spells().at(0, "village").on_top("adventure", "Cave")
    go(s, "fields-1", 1, 5)  # 5 + 1 = 6: three gold
    assert s.player(0).gold == 1 + 3


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_dwarf_picks_the_portal_lock_with_one_die():
    s = Scenario(["dwarf"]).no_spells().at(0, "castle")
    s.dice(2).start()
    s.choose("portal")
    assert "roll 1 die" in s.labels()[1]
    s.dice(3).choose("craft")  # 3 <= Craft 3: the Portal opens
    assert s.space_of(0) == "plain-of-peril"


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_dwarf_rolls_two_dice_in_the_mines():
    s = Scenario(["dwarf"]).no_spells().at(0, "plain-of-peril")
    s.dice(1, 2).start().choose("move:mines")
    assert "Dwarf rolls 2 dice for the way out of the Mines: 1+2 − 3 (Craft) = 0." in s.log()
    assert s.space_of(0) == "mines"


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_the_maze_cannot_hold_the_dwarf():
    s = Scenario(["dwarf", "wizard"]).no_spells().at(0, "village").on_top("adventure", "Maze")
    go(s, "fields-1", 1)
    assert s.player(0).lost_turns == 0 and s.game.active == 1
    s = Scenario(["thief", "wizard"]).no_spells().at(0, "village").on_top("adventure", "Maze")
    go(s, "fields-1", 1)
    assert s.player(0).lost_turns == 1


# --- Elf -----------------------------------------------------------------------


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_elf_need_not_roll_in_the_forest():
    s = Scenario(["elf"]).no_spells().at(0, "fields-6")
    go(s, "forest", 1)
    assert s.decision.kind == "optional-roll"
    s.choose("skip")
    assert s.player(0).lost_turns == 0


@pytest.mark.rules(ON_CARD, "combat.evade.targets")
def test_elf_evades_creatures_in_the_woods():
    s = Scenario(["elf"]).no_spells().at(0, "graveyard").on_top("adventure", "Dragon")
    go(s, "woods-1", 1)
    assert "evade" in s.options()
    s.choose("evade")
    assert s.player(0).lives == 4 and s.on_space("woods-1") == ["Dragon"]


@pytest.mark.rules(ON_CARD, OVERRIDE, "movement.non-roll-movement")
def test_elf_walks_from_woods_to_woods_of_the_same_region():
    s = Scenario(["elf", "wizard"]).no_spells().at(0, "woods-1").on_top("adventure", "Bag of Gold")
    s.start()
    woods = sorted(o for o in s.options() if o.startswith("woods:"))
    assert woods == ["woods:woods-2", "woods:woods-3"]  # not the Woods of the Middle Region
    s.choose("woods:woods-3")
    assert s.space_of(0) == "woods-3" and s.player(0).gold == 2  # it encounters the Woods it reaches
    assert "Elf rolls" not in s.log()


# --- Ghoul ---------------------------------------------------------------------


@pytest.mark.rules(ON_CARD, "combat.psychic.pvp")
def test_ghoul_attacks_in_psychic_combat_and_drains_the_life_it_takes():
    s = Scenario(["ghoul", "warrior"]).no_spells().at(0, "woods-1").at(1, "sentinel")
    go(s, "sentinel", 1)
    meet(s, 1)
    assert "psychic:1" in s.options()
    s.dice(3, 3).choose("psychic:1")  # 3 + 4 = 7 against 3 + 2 = 5
    assert s.decision.kind == "spoils"
    s.choose("life")
    assert s.player(1).lives == 3 and s.player(0).lives == 5


@pytest.mark.rules(ON_CARD)
def test_ghoul_drains_no_life_that_a_spell_saves():
    s = Scenario(["ghoul", "thief"]).no_spells().at(0, "woods-1").at(1, "sentinel").give(1, "Preservation")
    go(s, "sentinel", 1)
    meet(s, 1).dice(3, 1).choose("psychic:1")  # 3 + 4 against 1 + 3
    s.choose("life").choose("cast:")
    assert s.player(1).lives == 4 and s.player(0).lives == 4


@pytest.mark.rules(ON_CARD)
def test_ghoul_raises_a_killed_enemy_which_fights_once_then_crumbles():
    s = Scenario(["ghoul"]).no_spells().at(0, "woods-1").on_top("adventure", "Goblin")
    go(s, "sentinel", 1, 4, 1)  # 4 + 2 = 6 against 1 + 2 = 3
    assert s.decision.kind == "raise-dead"
    turn = s.game.turn
    s.on_top("adventure", "Ogre").dice(1, 5, 2)  # the next turn's roll is made as soon as it starts
    s.choose("raise")
    assert s.names(s.player(0).followers) == ["Goblin"] and not s.player(0).trophies
    assert s.game.turn == turn + 1
    s.choose("move:hills-1")  # 5 + 2 + 2 for the Goblin = 9 against 2 + 5 = 7
    assert "5 + 4 Strength = 9" in s.log()
    assert s.player(0).followers == [] and "crumbles" in s.log()


@pytest.mark.rules(ON_CARD)
def test_a_raised_enemy_also_crumbles_after_a_battle_with_a_character():
    s = Scenario(["ghoul", "thief"]).no_spells().at(0, "woods-1").at(1, "hills-1").on_top("adventure", "Goblin")
    go(s, "sentinel", 1, 4, 1)
    s.dice(1, 3, 1).choose("raise")  # then the Thief rolls 1 and comes to the Sentinel
    s.choose("move:sentinel")
    meet(s, 0).choose("attack:0")  # 3 + 3 against 1 + 2 + 2 for the Goblin
    assert "Ghoul scores 1 + 4 = 5" in s.log()
    assert s.player(0).followers == [] and "crumbles" in s.log()


# --- Minstrel ------------------------------------------------------------------


@pytest.mark.rules(ON_CARD, OVERRIDE)
@pytest.mark.parametrize("beast", ["Bear", "Dragon"])
def test_animals_and_dragons_do_not_attack_the_minstrel(beast):
    s = Scenario(["minstrel"]).no_spells().at(0, "village").on_top("adventure", beast)
    go(s, "fields-1", 1)
    assert "let-be" in s.options()
    s.choose("let-be")
    assert s.on_space("fields-1") == [beast] and s.player(0).lives == 4
    assert "Minstrel fights" not in s.log()


@pytest.mark.rules(ON_CARD)
def test_monsters_still_attack_the_minstrel():
    s = Scenario(["minstrel"]).no_spells().at(0, "village").on_top("adventure", "Ogre")
    go(s, "fields-1", 1, 1, 6)  # only the fight is offered: it starts at once
    assert s.player(0).lives == 3


@pytest.mark.rules(ON_CARD)
def test_minstrel_charms_an_animal_which_then_fights_beside_him():
    s = Scenario(["minstrel"]).no_spells().at(0, "village").on_top("adventure", "Wolf")
    go(s, "fields-1", 1)
    s.on_top("adventure", "Ogre").dice(3, 2, 5, 3)  # charm roll 3 > Strength 2; then the next turn
    s.choose("charm")
    assert s.names(s.player(0).followers) == ["Wolf"] and s.on_space("fields-1") == []
    s.choose("move:woods-1")
    assert "5 + 4 Strength = 9" in s.log()  # 5 + 2 + 2 for the Wolf against 3 + 5
    assert s.names(s.player(0).trophies) == ["Ogre"] and s.names(s.player(0).followers) == ["Wolf"]


@pytest.mark.rules(ON_CARD)
def test_the_dragon_of_the_cave_does_not_attack_the_minstrel():
    s = Scenario(["minstrel"]).no_spells().at(0, "village").on_top("adventure", "Cave")
    go(s, "fields-1", 1, 1)  # the Cave: 1, a Dragon
    assert "let-be" in s.options()
    s.choose("let-be")
    assert s.player(0).lives == 4


@pytest.mark.rules(ON_CARD)
def test_a_failed_charm_leaves_the_animal_to_fight():
    s = Scenario(["minstrel"]).no_spells().at(0, "village").on_top("adventure", "Wolf")
    go(s, "fields-1", 1)
    s.dice(2).choose("charm")  # 2 is not higher than the Wolf's 2
    assert s.decision.kind == "combat" and "charm" not in s.options() and "let-be" in s.options()


@pytest.mark.rules(ON_CARD)
def test_minstrel_takes_the_maiden_or_the_princess_from_a_character():
    s = Scenario(["minstrel", "warrior"]).no_spells().at(0, "village").at(1, "fields-1")
    s.give(1, "Maiden", "Princess", "Mule")
    go(s, "fields-1", 1)
    meet(s, 1)
    wooed = [s.game.card_name(int(o.split(":")[1])) for o in s.options() if o.startswith("woo:")]
    assert sorted(wooed) == ["Maiden", "Princess"]
    s.choose("Maiden")
    assert holding(s, 0) == ["Maiden"] and sorted(holding(s, 1)) == ["Mule", "Princess"]


# --- Monk and Priest -------------------------------------------------------------


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_monk_adds_craft_in_battle_and_uses_no_weapon_or_armour():
    s = Scenario(["monk"]).no_spells().at(0, "woods-1").on_top("adventure", "Ogre")
    s.give(0, "Sword", "Armour")
    go(s, "sentinel", 1, 1, 6)  # 1 + 2 + 3 Craft = 6 (no Sword) against 6 + 5
    assert "1 + 5 Strength = 6" in s.log()
    assert s.player(0).lives == 3 and "Monk's armour" not in s.log()  # no Armour roll was made


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_priest_uses_no_weapon_but_may_wear_armour():
    s = Scenario(["priest"]).no_spells().at(0, "woods-1").on_top("adventure", "Ogre")
    s.give(0, "Sword", "Helmet")
    go(s, "sentinel", 1, 1, 6, 6)  # 1 + 2 against 11; the Helmet saves on 6
    assert "1 + 2 Strength = 3" in s.log()
    assert s.player(0).lives == 4 and "armour holds" in s.log()


@pytest.mark.rules(ON_CARD, OVERRIDE)
@pytest.mark.parametrize("who", ["monk", "priest"])
def test_monk_and_priest_add_one_to_a_prayer(who):
    s = Scenario([who]).no_spells().at(0, "fields-2")
    go(s, "chapel", 1)
    s.dice(4).choose("pray")  # 4 + 1 = 5: a life
    assert s.player(0).lives == 5


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_priest_destroys_a_spirit_outright_and_may_gain_a_spell():
    s = Scenario(["priest"]).no_spells().at(0, "woods-1").on_top("adventure", "Wraith")
    go(s, "sentinel", 1)
    s.choose("exorcise")
    assert s.on_space("sentinel") == [] and not s.player(0).trophies
    assert "Wraith" in s.names(s.game.discards["adventure"])
    assert s.decision.kind == "spirit-spell"
    s.choose("spell")
    assert len(s.player(0).spells) == 1


@pytest.mark.rules(ON_CARD)
def test_destroy_magic_takes_the_cross_but_not_the_priests_own_gift():
    s = Scenario(["priest"]).no_spells().at(0, "woods-1").on_top("adventure", "Wraith")
    s.game.globals["destroy-magic"] = {"seat": 0, "turns": 2}  # it lasts through this turn
    go(s, "sentinel", 1)
    assert "exorcise" in s.options()
    s = Scenario(["thief"]).no_spells().at(0, "woods-1").on_top("adventure", "Wraith").give(0, "Cross")
    s.game.globals["destroy-magic"] = {"seat": 0, "turns": 2}  # it lasts through this turn
    go(s, "sentinel", 1, 1, 6)  # the Cross does nothing: only the fight is left
    assert s.player(0).lives == 3


@pytest.mark.rules(ON_CARD)
def test_priest_destroys_the_spirit_of_the_crags():
    s = Scenario(["priest"]).no_spells().at(0, "woods-2")
    go(s, "crags", 2, 1)  # the Crags: 1, a Spirit attacks
    s.choose("exorcise")
    assert s.player(0).lives == 4 and "Priest destroys the Spirit" in s.log()


@pytest.mark.rules(ON_CARD)
def test_only_the_priest_may_exorcise():
    s = Scenario(["thief"]).no_spells().at(0, "woods-1").on_top("adventure", "Wraith")
    go(s, "sentinel", 1, 1, 6)  # only the fight is offered: it starts at once
    assert s.player(0).lives == 3


# --- Prophetess and Wizard ------------------------------------------------------


@pytest.mark.rules(ON_CARD)
@pytest.mark.parametrize("who", ["prophetess", "wizard"])
def test_casting_the_last_spell_draws_another(who):
    s = Scenario([who]).no_spells().give(0, "Divination").at(0, "village")
    s.start().choose("cast:")
    assert len(s.player(0).spells) == 1
    assert s.names(s.player(0).spells) != ["Divination"]
    assert "Divination" in s.names(s.game.discards["spell"])


@pytest.mark.rules(ON_CARD)
def test_others_do_not_draw_a_spell_after_casting_their_last():
    s = Scenario(["sorceress"]).no_spells().give(0, "Divination").at(0, "village")
    s.dice(1).start().choose("cast:")
    assert s.player(0).spells == []


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_prophetess_discards_a_drawn_card_and_must_meet_its_replacement():
    s = Scenario(["prophetess"]).no_spells().at(0, "village").on_top("adventure", "Ogre", "Bag of Gold")
    go(s, "fields-1", 1)
    assert s.decision.kind == "redraw"
    s.choose("redraw:")
    assert "Ogre" in s.names(s.game.discards["adventure"])
    assert s.player(0).gold == 2 and s.on_space("fields-1") == []


@pytest.mark.rules(ON_CARD)
def test_prophetess_sees_the_spells_of_others():
    s = Scenario(["prophetess", "wizard"])
    mine = s.game.view(0)["players"][1]
    theirs = s.game.view(1)["players"][0]
    assert len(mine["spells"]) == 2
    assert "spells" not in theirs and theirs["spell_count"] == 1


@pytest.mark.rules(ON_CARD, "combat.psychic.pvp")
@pytest.mark.parametrize("who", ["wizard", "sorceress", "ghoul"])
def test_psychic_attackers_may_choose_psychic_combat(who):
    s = Scenario([who, "warrior"]).no_spells().at(0, "village").at(1, "fields-1")
    go(s, "fields-1", 1)
    meet(s, 1)
    assert {"attack:1", "psychic:1"} <= set(s.options())
    s = Scenario(["warrior", who]).no_spells().at(0, "village").at(1, "fields-1")
    go(s, "fields-1", 1)
    meet(s, 1)
    assert "psychic:1" not in s.options()


# --- Sorceress -----------------------------------------------------------------


@pytest.mark.rules(ON_CARD)
@pytest.mark.parametrize("victim, needs", [("monk", 6), ("warrior", 5), ("assassin", 4)])
def test_sorceress_beguiles_by_the_victims_alignment(victim, needs):
    s = Scenario(["sorceress", victim]).no_spells().at(0, "village").at(1, "fields-1")
    s.give(1, "Sword")
    go(s, "fields-1", 1)
    meet(s, 1).dice(needs - 1).choose("beguile")
    assert "resists" in s.log() and holding(s, 1) == ["Sword"]
    s = Scenario(["sorceress", victim]).no_spells().at(0, "village").at(1, "fields-1")
    s.give(1, "Sword")
    go(s, "fields-1", 1)
    meet(s, 1).dice(needs).choose("beguile")
    assert s.decision.kind == "beguile" and "take:gold" in s.options()
    s.choose("Sword")
    assert holding(s, 0) == ["Sword"] and holding(s, 1) == []


@pytest.mark.rules(ON_CARD)
def test_sorceress_lures_any_follower_but_the_maiden_unicorn_and_princess():
    s = Scenario(["sorceress", "warrior"]).no_spells().at(0, "village").at(1, "fields-1")
    s.give(1, "Maiden", "Unicorn", "Princess", "Mule")
    go(s, "fields-1", 1)
    meet(s, 1)
    lured = [s.game.card_name(int(o.split(":")[1])) for o in s.options() if o.startswith("lure:")]
    assert lured == ["Mule"]
    s.choose("lure:")
    assert holding(s, 0) == ["Mule"]


# --- Thief ---------------------------------------------------------------------


@pytest.mark.rules(ON_CARD)
def test_thief_steals_gold_or_an_object_of_his_choice():
    s = Scenario(["thief", "warrior"]).no_spells().at(0, "village").at(1, "fields-1")
    s.give(1, "Sword", "Helmet").set(1, gold=2)
    go(s, "fields-1", 1)
    meet(s, 1)
    steals = [o for o in s.options() if o.startswith("steal:")]
    assert len(steals) == 3 and "steal:gold" in steals
    s.choose("Steal the Helmet")
    assert holding(s, 0) == ["Helmet"] and holding(s, 1) == ["Sword"] and s.player(1).gold == 2


@pytest.mark.rules(ON_CARD, "combat.evade.targets")
def test_an_elf_in_the_woods_may_evade_the_thief():
    s = Scenario(["thief", "elf"]).no_spells().at(0, "graveyard").at(1, "woods-1").set(1, gold=2)
    go(s, "woods-1", 1)
    meet(s, 1).choose("steal:gold")
    assert s.decision.player == 1 and set(s.options()) == {"allow", "evade"}
    s.choose("evade")
    assert s.player(1).gold == 2 and s.player(0).gold == 1
    s = Scenario(["thief", "elf"]).no_spells().at(0, "graveyard").at(1, "woods-1").set(1, gold=2)
    go(s, "woods-1", 1)
    meet(s, 1).choose("steal:gold").choose("allow")
    assert s.player(1).gold == 1 and s.player(0).gold == 2


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_thief_takes_one_purchase_card_free_at_the_village():
    s = Scenario(["thief"]).no_spells().at(0, "fields-1")
    go(s, "village", 1)
    s.choose("blacksmith")
    assert "free:Armour" in s.options()
    s.choose("free:Armour")
    assert holding(s, 0) == ["Armour"] and s.player(0).gold == 1
    assert not any(o.startswith("free:") for o in s.options())


@pytest.mark.rules(ON_CARD)
def test_thief_takes_one_purchase_card_free_at_the_market():
    s = Scenario(["thief"]).no_spells().at(0, "village").on_top("adventure", "Market")
    go(s, "fields-1", 1)
    s.choose("free:Mule")
    assert holding(s, 0) == ["Mule"] and s.player(0).gold == 1


@pytest.mark.rules(ON_CARD)
def test_thief_takes_one_purchase_card_free_on_market_day():
    s = Scenario(["warrior", "thief"]).no_spells().at(0, "village").on_top("adventure", "Market Day")
    s.set(0, gold=0)
    go(s, "fields-1", 1)
    assert s.decision.player == 1 and "free:Sword" in s.options()
    s.choose("free:Sword")
    assert holding(s, 1) == ["Sword"]


@pytest.mark.rules(ON_CARD)
def test_a_free_purchase_on_market_day_leaves_the_thiefs_next_visit_free_too():
    s = Scenario(["warrior", "thief"]).no_spells().at(0, "village").at(1, "fields-6")
    s.on_top("adventure", "Market Day").set(0, gold=0)
    go(s, "fields-1", 1)
    s.choose("free:Sword").choose("done")
    s.dice(1).choose("roll").choose("move:village").choose("blacksmith")  # the Thief's own turn
    assert "free:Armour" in s.options()


@pytest.mark.rules(ON_CARD)
def test_no_free_purchase_for_other_characters():
    s = Scenario(["warrior"]).no_spells().at(0, "fields-1").set(0, gold=5)
    go(s, "village", 1)
    s.choose("blacksmith")
    assert "buy:Sword" in s.options() and not any(o.startswith("free:") for o in s.options())


# --- Troll ---------------------------------------------------------------------


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_troll_regenerates_instead_of_moving_on_a_six():
    s = Scenario(["troll", "wizard"]).no_spells().at(0, "fields-1").set(0, lives=2)
    s.dice(6).start()
    assert "regenerate" in s.options()
    s.choose("regenerate")
    assert s.player(0).lives == 3 and s.space_of(0) == "fields-1" and s.game.active == 1


@pytest.mark.rules(ON_CARD)
@pytest.mark.parametrize("roll", [5, 8])
def test_troll_cannot_regenerate_on_another_roll(roll):
    s = Scenario(["troll"]).no_spells().at(0, "fields-1").set(0, lives=2)
    s.dice(roll).start()
    assert s.decision.kind == "move" and "regenerate" not in s.options()


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_troll_need_not_roll_in_the_crags():
    s = Scenario(["troll"]).no_spells().at(0, "woods-2")
    go(s, "crags", 2)
    s.choose("skip")
    assert s.player(0).lost_turns == 0 and s.player(0).lives == 4


# --- Warrior -------------------------------------------------------------------


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_warrior_rolls_two_dice_in_battle_and_keeps_the_higher():
    s = Scenario(["warrior"]).no_spells().at(0, "woods-1").on_top("adventure", "Ogre")
    go(s, "sentinel", 1, 2, 5, 3)  # max(2, 5) + 4 = 9 against 3 + 5 = 8
    assert "5 + 4 Strength = 9" in s.log() and s.names(s.player(0).trophies) == ["Ogre"]


@pytest.mark.rules(ON_CARD)
def test_warrior_rolls_one_die_in_psychic_combat():
    s = Scenario(["warrior"]).no_spells().at(0, "woods-1").on_top("adventure", "Wraith")
    go(s, "sentinel", 1, 1, 6)  # 1 + 2 Craft = 3 against 6 + 5 = 11
    assert "Warrior fights the Wraith in psychic combat: 1 + 2 Craft = 3 against 6 + 5 = 11." in s.log()
    s = Scenario(["ghoul", "warrior"]).no_spells().at(0, "woods-1").at(1, "sentinel")
    go(s, "sentinel", 1)
    meet(s, 1).dice(7, 1, 5).choose("psychic:1")  # the Ghoul's D8 shows 7; the Warrior rolls one die
    assert "Ghoul scores 7 + 4 = 11; Warrior scores 1 + 2 = 3." in s.log()


@pytest.mark.rules(ON_CARD, OVERRIDE)
def test_warrior_fights_with_two_weapons():
    s = Scenario(["warrior"]).no_spells().at(0, "woods-1").on_top("adventure", "Giant")
    s.give(0, "Sword", "Axe")
    go(s, "sentinel", 1, 1, 1, 1)  # 1 + 4 + 1 + 1 = 7 against 1 + 6
    assert "1 + 6 Strength = 7" in s.log()
    s = Scenario(["thief"]).no_spells().at(0, "woods-1").on_top("adventure", "Giant")
    s.give(0, "Sword", "Axe")
    go(s, "sentinel", 1, 1, 1)  # others fight with one weapon only
    assert "1 + 4 Strength = 5" in s.log()


@pytest.mark.rules(ON_CARD)
@pytest.mark.parametrize("beast", ["Wolf", "Dragon"])
def test_an_animal_or_dragon_that_comes_with_a_monster_lets_the_minstrel_be_the_monster_fights(beast):
    """A Wolf and a Goblin together: the Wolf never attacks him; the Goblin is fought alone."""
    s = Scenario(["minstrel", "warrior"]).no_spells().at(0, "village").at(1, "castle")
    s.put("fields-1", beast, "Goblin")
    go(s, "fields-1", 1)
    assert s.decision.kind == "combat" and "let-be" in s.options()
    s.dice(1, 1).choose("let-be")  # 1 + 2 against 1 + 2 for the Goblin alone: a stand-off
    assert s.player(0).lives == 4 and "Stand-off between Minstrel and the Goblin." in s.log()
    assert f"Minstrel evades the {beast}." in s.log()
    assert sorted(s.on_space("fields-1")) == sorted([beast, "Goblin"])
