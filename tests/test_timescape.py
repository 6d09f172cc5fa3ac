"""000's Talisman Timescape (module ``timescape``): the realities and their warp
lines, the ways in and the animals left behind, being alone there, the cards
that never stay, Adventure cards drawn there, Aliens, the wild magic, the
Sentinels' prison, the Ancient Artifact and Dragon Rage."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.engine.cards import check_conservation
from talisman.testing import Scenario

TS = ("timescape",)


def game(*chars: str, modules: tuple[str, ...] = TS, **options) -> Scenario:
    """Seat 0 plays; the others wait in the Tavern (the next one's move is where a test stops)."""
    s = Scenario(list(chars or ("warrior", "wizard")), modules=modules, **options).no_spells()
    for seat in range(1, len(s.game.players)):
        s.at(seat, "tavern")
    return s


def warp(s: Scenario, frm: str, roll: int, *dice: int) -> Scenario:
    """Seat 0, on ``frm`` in the Timescape, rolls ``roll`` for its warp line (``dice`` for what follows)."""
    s.at(0, frm).set(0, status={**s.player(0).status, "timescape": True}).dice(roll, *dice).start()
    if s.kind == "turn":
        s.choose("warp")
    return s


def walk(s: Scenario, frm: str, to: str, roll: int, *dice: int) -> Scenario:
    """Seat 0 walks the main board from ``frm`` to ``to``."""
    s.at(0, frm).dice(roll, *dice).start()
    if s.kind == "turn":
        s.choose("roll")
    return s.choose(f"move:{to}")


def village(s: Scenario, *dice: int) -> Scenario:
    """Seat 0 moves from the Fields to the Village."""
    s.at(0, "fields-1").dice(1, *dice).start()
    if s.kind == "turn":
        s.choose("roll")
    return s.choose("move:village")


def in_discards(s: Scenario, name: str, deck: str = "timescape") -> bool:
    return name in s.names(s.game.discards[deck])


# --- the board -----------------------------------------------------------------------------


@pytest.mark.rules("timescape.overview")
def test_the_timescape_is_a_warp_gate_and_fifteen_realities_joined_to_no_space_of_the_main_board():
    rules = Game.new(["warrior"], modules=TS, seed=0, start=False).rules
    ring = rules.regions["timescape"].ring
    assert len(ring) == 16 and ring[0] == "warp-gate"
    assert {"vortex", "nexus", "warp-demon", "space-fortress", "sentinel-outpost", "planetfall"} <= set(ring)
    inside = set(ring)
    assert all((ln.a in inside) == (ln.b in inside) for ln in rules.links)  # no link to the main board
    assert len(rules.decks["timescape"]) == 42 and len(rules.decks["timescape-purchase"]) == 12


@pytest.mark.rules("timescape.movement.warp-lines")
@pytest.mark.parametrize(
    ("roll", "to", "colour"),
    [
        (1, "astral-plane", "White"),
        (2, "astral-plane", "White"),
        (3, "death-world", "Blue"),
        (4, "death-world", "Blue"),
        (5, "the-void", "Red"),
        (6, "the-void", "Red"),
    ],
)
def test_the_die_gives_the_warp_line_followed(roll, to, colour):
    s = game()
    s.on_top("timescape", "Temporal Echo")
    warp(s, "warp-gate", roll, 1)
    assert s.space_of(0) == to and f"Warrior follows the {colour} warp line" in s.log()


@pytest.mark.rules("timescape.movement.warp-lines")
def test_the_lines_run_one_way_and_each_reality_is_reached_by_one_line_of_each_colour():
    rules = Game.new(["warrior"], modules=TS, seed=0, start=False).rules
    warps = [ln for ln in rules.links if ln.kind == "warp"]
    for colour in ("Blue", "Red"):
        lines = [(ln.a, ln.b) for ln in warps if ln.name == colour]
        assert sorted(a for a, _ in lines) == sorted(rules.regions["timescape"].ring)
        assert sorted(b for _, b in lines) == sorted(rules.regions["timescape"].ring)
        assert not any((b, a) in lines for a, b in lines)  # one way
    s = game()
    s.on_top("timescape", "Temporal Echo")
    warp(s, "death-world", 1)  # the White line from the Death World: on to the Fourth Dimension
    assert s.space_of(0) == "fourth-dimension"


@pytest.mark.rules("timescape.movement.warp-lines")
@pytest.mark.parametrize("char", ["dwarf", "troll"])
def test_everyone_rolls_a_d6_in_the_timescape_whatever_its_size(char):
    from talisman.engine.abilities import movement_die

    s = game(char, "wizard").on_top("timescape", "Temporal Echo")
    assert movement_die(s.game, 0) != 6  # a D4 or a D8 on the main board
    warp(s, "warp-gate", 6)  # (a 6: no D4 could roll it)
    assert s.space_of(0) == "the-void"
    s.at(0, "warp-gate")
    assert movement_die(s.game, 0) == 6


@pytest.mark.rules("timescape.movement.no-control")
def test_no_ability_changes_the_warp_move_but_the_warp_belt_may_take_the_red_line():
    s = game("astropath", "wizard", modules=(*TS, "roster"))  # the Astropath rolls again elsewhere
    s.on_top("timescape", "Temporal Echo")
    warp(s, "warp-gate", 1)
    assert s.space_of(0) == "astral-plane" and "reroll" not in " ".join(s.options())
    s2 = game().give(0, "Warp Belt")
    s2.at(0, "warp-gate").set(0, status={"timescape": True}).start()
    assert set(s2.options()) >= {"warp", "warp:red"}
    s2.on_top("timescape", "Temporal Echo").choose("warp:red")
    assert s2.space_of(0) == "the-void"


@pytest.mark.rules("timescape.movement.no-control")
def test_the_time_loop_throws_one_back_along_the_line_one_came_by():
    s = game()
    s.on_top("timescape", "Temporal Echo")
    warp(s, "space-port", 1)  # White: to the Time Loop, thrown back to the Space Port
    assert s.space_of(0) == "space-port" and "The Time Loop throws Warrior back" in s.log()


# --- entering ---------------------------------------------------------------------------------------


@pytest.mark.rules("timescape.enter.mystic-enchantress")
def test_the_mystic_sends_a_character_judged_worthy_two_dice_under_strength_and_craft():
    s = game()  # the Warrior: Strength 4, Craft 2
    village(s)
    assert s.kind == "encounter" and "timescape:mystic" in s.options() and "space" in s.options()
    s.dice(2, 3).choose("timescape:mystic")  # 5 < 6
    assert s.space_of(0) == "warp-gate" and s.player(0).status["timescape-sent"] == ["mystic"]
    assert "Warrior enters the Timescape." in s.log() and s.game.active == 1  # the turn ended there
    s2 = game()
    village(s2).dice(3, 3).choose("timescape:mystic")  # 6 is not under 6
    assert s2.space_of(0) == "village" and "unworthy" in s2.log()


@pytest.mark.rules("timescape.enter.mystic-enchantress", "timescape.enter.visit-limits")
def test_the_enchantress_of_the_city_judges_the_same_way_and_sends_one_once():
    s = game(modules=(*TS, "city-classic")).at(0, "moon-alley")
    s.dice(1).start()
    if s.kind == "turn":
        s.choose("roll")
    s.choose("move:enchantress")
    s.dice(1, 1).choose("warp-gate")
    assert s.space_of(0) == "warp-gate"
    s2 = game(modules=(*TS, "city-classic")).at(0, "moon-alley").set(0, status={"timescape-sent": ["enchantress"]})
    s2.dice(1).start()
    if s2.kind == "turn":
        s2.choose("roll")
    s2.choose("move:enchantress").choose("warp-gate")
    assert s2.space_of(0) == "enchantress" and "never again" in s2.log()


@pytest.mark.rules("timescape.enter.visit-limits")
def test_the_mystic_may_be_asked_on_every_visit_until_she_has_sent_one_once():
    s = game()
    village(s).dice(6, 6).choose("timescape:mystic")  # unworthy: it may try again on its next visit
    s2 = game().set(0, status={"timescape-sent": ["mystic"]})
    village(s2)
    assert "timescape:mystic" not in s2.options()


@pytest.mark.rules("timescape.enter.warlock-fee", "timescape.enter.visit-limits")
@pytest.mark.parametrize(
    ("d8", "followers", "objects", "paid", "inside"),
    [
        (2, ["Mule"], [], [], False),  # 1-3: ignored
        (4, ["Pixie"], [], ["Pixie"], True),  # 1 Follower
        (4, [], ["Sword"], [], False),  # no Follower to give: ignored
        (5, ["Pixie"], ["Sword"], ["Pixie", "Sword"], True),  # 2 Objects and/or Followers
        (6, [], ["Sword", "Amulet"], ["Amulet"], True),  # 1 Magic Object
        (7, [], ["Amulet"], [], False),  # 2 Magic Objects: only one
        (8, [], [], [], True),  # free
    ],
)
def test_the_warlocks_fee(d8, followers, objects, paid, inside):
    s = game().give(0, *followers, *objects)
    s.at(0, "desert-1").dice(1).start()
    if s.kind == "turn":
        s.choose("roll")
    s.choose("move:warlocks-cave")
    assert "timescape:warlock" in s.options() and "space" in s.options()  # instead of a quest
    s.dice(d8).choose("timescape:warlock")
    while s.kind == "timescape-fee":
        s.choose(next(i for i in s.options() if s.game.card_name(int(i.split(":")[1])) in paid))
    assert (s.space_of(0) == "warp-gate") == inside
    kept = s.names(s.player(0).objects + s.player(0).followers)
    assert all(name not in kept for name in paid) and s.game.active == 1
    if not inside:
        assert "The Warlock ignores Warrior" in s.log()


@pytest.mark.rules("timescape.enter.visit-limits")
def test_the_warlock_sends_one_as_often_as_his_fee_is_paid():
    s = game().set(0, status={"timescape-sent": ["mystic", "enchantress", "warlock"]})
    s.at(0, "desert-1").dice(1).start()
    if s.kind == "turn":
        s.choose("roll")
    s.choose("move:warlocks-cave").dice(8).choose("timescape:warlock")
    assert s.space_of(0) == "warp-gate"


@pytest.mark.rules("timescape.enter.animals-stay")
def test_animals_and_the_poltergeist_stay_behind_where_the_character_stood_but_others_go_along():
    s = game().give(0, "Mule", "Unicorn", "Poltergeist", "Pixie").trophy(0)
    wolf = s.find("Wolf")
    s._unplace(wolf)
    s.player(0).followers.append(wolf)  # a tamed animal
    village(s).dice(1, 1).choose("timescape:mystic")
    assert s.space_of(0) == "warp-gate" and s.names(s.player(0).followers) == ["Pixie"]
    assert sorted(s.on_space("village")) == ["Mule", "Poltergeist", "Unicorn", "Wolf"]
    check_conservation(s.game)


def next_turn_of_0(s: Scenario) -> Scenario:
    """Play on (the first option each time: seat 0 rolls rather than take the Gate) to seat 0's next turn menu."""
    s.choose(s.options()[0])
    while s.game.active != 0 or s.kind != "turn":
        s.choose(s.options()[0])
    return s


@pytest.mark.rules("timescape.enter.warp-gate-spell")
def test_the_warp_gate_spell_opens_the_way_for_the_next_turn():
    """000: "Cast a Warp Gate Spell and enter the Timescape on your next turn": not in the turn it is cast."""
    s = game().give(0, "Warp Gate").at(0, "fields-1")
    s.start().choose("cast:")
    assert s.kind == "move" and s.decision.player == 0  # the roll, the only way to move this turn, taken at once
    assert "A Warp Gate stands open" in " ".join(s.game.view(0)["players"][0]["notes"])
    next_turn_of_0(s)
    assert "next-move" in s.options() and "Warp Gate" in s.labels()[s.options().index("next-move")]
    s.choose("next-move")
    assert s.space_of(0) == "warp-gate" and s.player(0).status.get("timescape")


@pytest.mark.rules("timescape.enter.warp-gate-spell")
def test_an_unused_warp_gate_closes_as_the_next_turn_ends():
    s = game().give(0, "Warp Gate").at(0, "fields-1")
    s.start().choose("cast:")
    next_turn_of_0(s)
    assert s.options() == ["roll", "next-move"]
    s.choose("roll")  # it rolls and moves instead
    while s.game.active == 0:
        s.choose(s.options()[0])
    assert "next_move" not in s.player(0).status and "warp-gate-open" not in s.player(0).status
    assert s.game.rules.spaces[s.player(0).space].region != "timescape"


@pytest.mark.rules("timescape.enter.black-void")
def test_the_horrible_black_void_draws_its_victim_to_the_warp_gate_and_the_animals_stay_on_the_crown():
    s = game("elf", "thief", modules=(*TS, "endings"), ending="horrible-black-void")
    s.at(0, "valley-of-fire").give(0, "Talisman", "Mule").set(1, lost_turns=50)
    s.start().choose("move:crown-of-command")
    assert s.player(0).alive and s.space_of(0) == "warp-gate" and s.player(0).status["timescape"]
    assert "Mule" in s.on_space("crown-of-command")


# --- alone in each reality ------------------------------------------------------------------------


@pytest.mark.rules("timescape.no-character-encounters")
def test_a_character_landing_on_an_occupied_reality_follows_its_instructions():
    s = game("warrior", "wizard", "elf").at(2, "astral-plane").set(2, status={"timescape": True})
    warp(s.on_top("timescape", "Temporal Echo"), "warp-gate", 1)
    assert s.space_of(0) == "astral-plane" and "Event: Temporal Echo." in s.log()
    assert "Encounter the Elf" not in " ".join(s.labels()) and "Warrior meets" not in s.log()


@pytest.mark.rules("timescape.scope")
def test_outside_the_timescape_characters_meet_and_move_as_usual():
    s = game().at(1, "fields-2")
    walk(s, "crags", "fields-2", 1)
    assert s.kind == "encounter" and "meet:1" in s.options()


@pytest.mark.rules("timescape.isolation-and-rift", "timescape.cards-self-only")
def test_what_is_met_in_the_timescape_reaches_no_one_else_and_the_land_reaches_no_one_there():
    s = game("warrior", "wizard", "elf").at(2, "nexus").set(2, status={"timescape": True})
    s.at(1, "fields-2")
    walk(s.on_top("adventure", "Pestilence"), "crags", "fields-2", 1)
    s.choose("space")  # Pestilence: the region, but not the Elf in the Timescape
    assert [p.lives for p in s.game.players] == [3, 3, 4]
    s2 = game("warrior", "wizard", "elf").at(2, "death-world").set(2, status={"timescape": True})
    s2.on_top("adventure", "Pestilence")
    warp(s2, "warp-gate", 3, 4)  # Blue to the Death World; 4: an Adventure card, Pestilence
    assert s2.space_of(0) == "death-world" and [p.lives for p in s2.game.players] == [3, 4, 4]


@pytest.mark.rules("timescape.isolation-and-rift")
def test_a_dimensional_rift_opens_the_realities_for_the_turn_it_is_drawn():
    s = game("warrior", "wizard", "elf").at(2, "astral-plane").set(2, status={"timescape": True})
    warp(s.on_top("timescape", "Dimensional Rift"), "warp-gate", 1)
    assert s.kind == "timescape-rift" and set(s.options()) == {"meet:2", "nothing"}
    assert s.game.globals.get("rift")
    s.choose("meet:2")
    assert s.kind == "meet"
    s.choose("leave")
    assert not s.game.globals.get("rift")  # closed as the turn ended


@pytest.mark.rules("timescape.no-cards-left")
def test_no_card_stays_on_the_timescape_board():
    s = game().on_top("timescape", "Alien Relic", "Warp Spawn")
    warp(s, "space-port", 3, 2, 1, 6)  # Blue to Planetfall: the Warp Spawn wins, 2 + 4 against 6 + 3
    assert (
        s.player(0).lives == 3
        and not s.on_space("planetfall")
        and in_discards(s, "Warp Spawn")
        and in_discards(s, "Alien Relic")
    )
    check_conservation(s.game)
    s2 = game().on_top("timescape", "Alien Relic")
    warp(s2, "warp-gate", 6)
    assert s2.kind == "take"
    s2.choose("done")
    assert not s2.on_space("the-void") and in_discards(s2, "Alien Relic")


@pytest.mark.rules("timescape.no-cards-left")
def test_gold_dropped_in_the_timescape_is_lost_and_a_place_does_not_stay():
    s = game().on_top("timescape", "Crystal Spring")
    s.game.gold_on[s.game.rules.space_index["the-void"]] = 3
    warp(s, "warp-gate", 6)
    assert in_discards(s, "Crystal Spring") and not s.game.gold_on.get(s.game.rules.space_index["the-void"])


@pytest.mark.rules("timescape.no-range-weapons")
def test_no_missile_is_loosed_in_the_timescape():
    s = game("archeologist", "wizard", modules=(*TS, "roster")).on_top("timescape", "Xeno Hunter")
    warp(s, "warp-gate", 6)
    assert s.kind != "combat" or "pistol" not in s.options()
    s2 = game("archeologist", "wizard", modules=(*TS, "roster")).on_top("adventure", "Bear")
    walk(s2, "crags", "fields-2", 1)
    assert s2.kind == "combat" and "pistol" in s2.options()


# --- Adventure cards ---------------------------------------------------------------------------------


@pytest.mark.rules("timescape.adventure-redraw")
@pytest.mark.parametrize("redrawn", ["Mule", "Poltergeist", "Hermit", "Blizzard", "Wolf"])
def test_cards_with_no_place_in_the_timescape_are_drawn_again(redrawn):
    s = game().on_top("adventure", redrawn, "Goblin")
    warp(s, "warp-gate", 3, 4, 6, 1)  # the Death World, 4: one Adventure card; the Goblin fought
    assert in_discards(s, redrawn, "adventure") and "Goblin" in s.names(s.player(0).trophies)
    assert "has no place in the Timescape: drawn again" in s.log()


@pytest.mark.rules("timescape.adventure-redraw", "timescape.scope")
def test_outside_the_timescape_a_mule_is_met_as_usual():
    s = game().on_top("adventure", "Mule")
    walk(s, "crags", "fields-2", 1)
    assert "Mule" in s.names(s.player(0).followers) or s.kind == "take"


@pytest.mark.rules("timescape.adventure-attribute-places")
@pytest.mark.parametrize(
    ("place", "attr"), [("Pool of Life", "lives"), ("Magic Stream", "strength"), ("Fountain of Wisdom", "craft")]
)
def test_the_pool_the_stream_and_the_fountain_give_one_and_are_discarded(place, attr):
    s = game().set(0, lives=3)
    before = getattr(s.player(0), attr)
    s.on_top("adventure", place)
    warp(s, "warp-gate", 3, 4)
    assert getattr(s.player(0), attr) == before + 1 and in_discards(s, place, "adventure")
    assert not s.on_space("death-world")


@pytest.mark.rules("timescape.adventure-attribute-places")
def test_at_the_nexus_the_pool_of_life_gives_its_life_and_is_no_card_to_choose():
    s = game().set(0, lives=3).on_top("adventure", "Pool of Life", "Goblin", "Amulet", "Bag of Gold", "Pestilence")
    warp(s, "fourth-dimension", 3)  # Blue: the Nexus; the Pool is one of the five, used at once
    assert s.player(0).lives == 4 and in_discards(s, "Pool of Life", "adventure")
    picks = [s.game.card_name(int(i.split(":")[1])) for i in s.options()]
    assert sorted(picks) == ["Amulet", "Bag of Gold", "Goblin", "Pestilence"]


@pytest.mark.rules("timescape.adventure-cards-local")
def test_an_adventure_card_drawn_there_goes_nowhere_else():
    s = game().on_top("adventure", "Ghost")  # elsewhere it flies off to haunt a place
    warp(s, "warp-gate", 3, 4, 1, 6)  # the Ghost fought: 1 + Craft 2 against its 6 + 4
    assert not any("Ghost" in s.on_space(sid) for sid in ("city", "village", "graveyard", "chapel", "castle", "temple"))
    assert in_discards(s, "Ghost", "adventure") or "Ghost" in s.names(s.player(0).trophies)


@pytest.mark.rules("timescape.adventure-cards-local")
def test_at_the_nexus_five_adventure_cards_are_drawn_and_one_met():
    s = game().on_top("adventure", "Goblin", "Bag of Gold", "Wolf", "Pestilence", "Amulet", "Bear")
    warp(s, "fourth-dimension", 3)  # Blue: the Nexus
    assert s.kind == "timescape-nexus" and len(s.options()) == 5  # the Wolf is drawn again: the Bear
    s.choose(next(i for i in s.options() if s.game.card_name(int(i.split(":")[1])) == "Amulet"))
    assert s.kind == "take"
    s.choose("take:")
    assert "Amulet" in s.names(s.player(0).objects) and in_discards(s, "Goblin", "adventure")


# --- Aliens ----------------------------------------------------------------------------------------


@pytest.mark.rules("timescape.aliens")
def test_every_enemy_of_the_timescape_deck_is_an_alien_and_a_beaten_alien_is_kept():
    rules = Game.new(["warrior"], modules=TS, seed=0, start=False).rules
    enemies = {rules.instances[c].subtype for c in rules.decks["timescape"] if rules.instances[c].is_enemy}
    assert enemies == {"alien"}
    s = game().on_top("timescape", "Warp Spawn")
    warp(s, "warp-gate", 6, 6, 1)  # the Void: 6 + 4 against 1 + 3
    assert "Warp Spawn" in s.names(s.player(0).trophies)


@pytest.mark.rules("timescape.aliens")
def test_an_ability_against_animals_does_not_work_on_an_alien():
    s = game("druid", "wizard", modules=(*TS, "roster")).on_top("timescape", "Void Crawler")
    warp(s, "warp-gate", 6)
    assert s.kind != "combat" or not any("let" in i or "tame" in i or "charm" in i for i in s.options())


# --- the realities ------------------------------------------------------------------------------------


@pytest.mark.rules("timescape.overview")
@pytest.mark.parametrize(
    ("d6", "space"),
    [(1, "crags"), (2, "warlocks-cave"), (3, "village"), (4, "temple"), (5, "plain-of-peril"), (6, "warp-gate")],
)
def test_the_vortex_flings_one_out(d6, space):
    s = game()
    warp(s, "nexus", 5, d6)  # Red from the Nexus: the Vortex
    assert s.space_of(0) == space
    assert bool(s.player(0).status.get("timescape")) == (space == "warp-gate")


@pytest.mark.rules("timescape.overview")
def test_the_warp_demon_is_fought_in_the_attribute_chosen():
    s = game()
    warp(s, "death-world", 3)  # Blue: the Warp Demon
    assert s.kind == "timescape-demon"
    s.dice(6, 1).choose("battle").fight()  # 6 + 4 against 1 + 12
    assert s.player(0).lives == 3 and s.player(0).strength == 4
    s2 = game().set(0, strength=12)
    warp(s2, "death-world", 3)
    s2.dice(6, 1).choose("battle").fight()
    assert s2.player(0).strength == 13 and not s2.player(0).trophies


@pytest.mark.rules("timescape.overview")
def test_the_space_fortress_heals_and_its_rogue_trader_sells_timescape_purchase_cards():
    s = game().set(0, gold=9, lives=2)
    warp(s, "vortex", 3)  # Blue: the Space Fortress
    s.choose("robo-doc").choose("heal:2")
    assert s.player(0).lives == 4 and s.player(0).gold == 7
    s2 = game().set(0, gold=9)
    warp(s2, "vortex", 3).choose("rogue-trader")
    assert s2.kind == "timescape-trader" and "buy:Warp Belt" in s2.options()
    s2.choose("buy:Warp Belt")
    assert "Warp Belt" in s2.names(s2.player(0).objects) and s2.player(0).gold == 5
    s2.choose("done")


@pytest.mark.rules("timescape.overview")
def test_the_space_port_sells_a_passage_home():
    s = game().set(0, gold=3).on_top("timescape", "Temporal Echo")
    warp(s, "limbo", 1)  # White: the Space Port
    s.choose("passage")
    assert s.space_of(0) == "city" and s.player(0).gold == 1 and not s.player(0).status.get("timescape")


# --- the Sentinels ---------------------------------------------------------------------------------------


@pytest.mark.rules("timescape.imprisonment")
def test_the_sentinels_imprison_and_the_prisoner_rolls_2d8_under_its_craft_to_go_free():
    s = game("wizard", "warrior")  # Craft 5
    warp(s, "limbo", 3, 2)  # Blue: the Sentinel Outpost; 2 imprisoned
    assert s.player(0).status.get("imprisoned")
    s2 = game("wizard", "warrior").set(0, status={"imprisoned": True, "timescape": True})
    s2.on_top("timescape", "Temporal Echo")
    s2.at(0, "sentinel-outpost").dice(4, 2, 1).start()  # 6: not under 5; the turn ends
    assert s2.space_of(0) == "sentinel-outpost" and s2.player(0).status.get("imprisoned")
    assert "stays in the Sentinels' prison" in s2.log()
    s3 = game("wizard", "warrior").set(0, status={"imprisoned": True, "timescape": True})
    s3.on_top("timescape", "Temporal Echo")
    s3.at(0, "sentinel-outpost").dice(3, 2, 1).start()  # 5: free, and the turn goes on
    assert "escapes the Sentinels' prison" in s3.log() and s3.space_of(0) == "planetfall"
    assert not s3.player(0).status.get("imprisoned")


@pytest.mark.rules("timescape.imprisonment")
def test_each_failed_escape_adds_one_so_no_prisoner_is_held_for_ever():
    """Our own: Craft 1 could never roll 2D8 at or under it (the fuzzer's lone Troll stalled the game)."""
    s = game("wizard", "warrior").set(0, craft=1, status={"imprisoned": True, "timescape": True})
    s.game.players[1].lost_turns = 1  # (the Warrior's turn passes by itself)
    s.on_top("timescape", "Temporal Echo")
    s.at(0, "sentinel-outpost").dice(1, 1, 1, 1, 1).start()  # 2 against Craft 1: held; then 2 against 1 + 1
    assert "stays in the Sentinels' prison (2, Craft 1)" in s.log()
    assert "escapes the Sentinels' prison (2, Craft 1 + 1 for the attempts before)" in s.log()
    assert not s.player(0).status.get("imprisoned") and "prison-tries" not in s.player(0).status


@pytest.mark.rules("timescape.imprisonment")
def test_the_sentinels_fine_or_send_to_the_vortex():
    s = game().set(0, gold=3)
    warp(s, "limbo", 3, 3)
    assert s.kind == "timescape-fine"
    s.choose("pay")
    assert s.player(0).gold == 1 and not s.player(0).status.get("imprisoned")
    s2 = game()
    warp(s2, "limbo", 3, 1)  # judged a threat: the next move is to the Vortex
    assert s2.player(0).status["hold"]["what"].startswith("Sentinels")


# --- wild magic -------------------------------------------------------------------------------------------


def cast_warp(*d8: int, chars: tuple[str, ...] = ("wizard", "warrior")) -> Scenario:
    """Seat 0, in the Nexus, casts Temporal Warp (two more turns) at the start of its turn."""
    s = game(*chars).give(0, "Temporal Warp").at(0, "nexus").set(0, status={"timescape": True})
    s.dice(*d8).start().choose("cast:")
    return s


@pytest.mark.rules("timescape.magic-randomness")
@pytest.mark.parametrize(
    ("d8", "more", "lost", "kept"),
    [
        (1, 0, 4, False),
        (2, 0, 2, False),
        (3, 0, 0, False),
        (5, 1, 0, False),
        (6, 1, 0, True),
        (7, 2, 0, True),
        (8, 3, 0, False),
    ],
)
def test_the_wild_magic_of_the_timescape(d8, more, lost, kept):
    s = cast_warp(d8)
    assert "Wild magic: the Temporal Warp has" in s.log()
    assert s.log().count("Wizard will take 2 more turns") == more
    assert (f"Wizard loses {lost} turns." in s.log()) == bool(lost)
    assert ("Temporal Warp" in s.names(s.player(0).spells)) == kept
    assert ("Temporal Warp" in s.names(s.game.discards["spell"])) == (not kept)
    check_conservation(s.game)


@pytest.mark.rules("timescape.magic-randomness")
def test_a_random_character_anywhere_may_take_the_spell():
    s = cast_warp(4, 2)  # the second of the two characters: the Warrior, in the Tavern
    assert "The wild magic carries it to Warrior." in s.log() and "Warrior will take 2 more turns" in s.log()
    s2 = game().give(0, "Healing").at(0, "nexus").set(0, status={"timescape": True}, lives=2).set(1, lives=1)
    s2.dice(4, 2).start().choose("Cast Healing on the Warrior")  # Healing cast on itself goes to the Wizard
    assert s2.player(1).lives == 4 and s2.player(0).lives == 2


@pytest.mark.rules("timescape.magic-randomness", "timescape.scope")
def test_outside_the_timescape_a_spell_is_cast_as_usual():
    s = game().give(0, "Temporal Warp").at(0, "fields-1")
    s.start().choose("cast:")
    assert "Wild magic" not in s.log() and "Warrior will take 2 more turns" in s.log()


@pytest.mark.rules("timescape.magic-randomness", "timescape.isolation-and-rift")
def test_a_spell_may_still_reach_another_character_from_the_timescape():
    s = game().give(0, "Healing").at(0, "nexus").set(0, status={"timescape": True}).set(1, lives=1)
    s.dice(5).start().choose("Cast Healing on the Wizard")
    assert s.player(1).lives == 4


# --- the Ancient Artifact and Dragon Rage ----------------------------------------------------------------


@pytest.mark.rules("timescape.ancient-artifact")
def test_the_ancient_artifact_is_an_ordinary_object_in_the_timescape():
    s = game().give(0, "Ancient Artifact", "Alien Relic", "Amulet").on_top("timescape", "Null Zone")
    warp(s, "warp-gate", 6)  # the Void: the Null Zone takes a Magic Object
    assert s.kind == "timescape-null"
    assert sorted(s.game.card_name(int(i.split(":")[1])) for i in s.options()) == ["Alien Relic", "Amulet"]
    s.choose("Amulet")
    assert s.names(s.player(0).objects) == ["Ancient Artifact", "Alien Relic"]


@pytest.mark.rules("timescape.ancient-artifact")
def test_outside_the_timescape_the_ancient_artifact_is_a_magic_object():
    s = game().give(0, "Ancient Artifact")
    s.at(0, "desert-1").dice(1).start()
    if s.kind == "turn":
        s.choose("roll")
    s.choose("move:warlocks-cave").dice(6).choose("timescape:warlock")  # his fee: 1 Magic Object
    assert s.space_of(0) == "warp-gate" and not s.player(0).objects  # (the only choice, given)


@pytest.mark.rules("timescape.dragon-rage-immune")
def test_dragon_rage_does_not_touch_anyone_in_the_timescape():
    s = game("warrior", "wizard", "elf").at(2, "nexus").set(2, status={"timescape": True})
    walk(s.on_top("adventure", "Dragon Rage"), "crags", "fields-2", 1, 1, 1)
    assert [p.lives for p in s.game.players] == [3, 3, 4]
    s2 = game().on_top("adventure", "Dragon Rage")
    warp(s2, "warp-gate", 3, 4, 1)  # the Death World, 4: an Adventure card, the Dragon Rage (a 1 would hurt)
    assert s2.player(0).lives == 4 and "Event: Dragon Rage." in s2.log()
    assert "Warrior rolls a die for the Dragon Rage" not in s2.log()


# --- mixing with the other modules -----------------------------------------------------------------------


@pytest.mark.rules("timescape.overview")
def test_two_timescape_cards_lead_into_the_catacombs_when_they_are_in_play():
    rules = Game.new(["warrior"], modules=(*TS, "catacombs"), seed=0, start=False).rules
    names = [rules.instances[c].name for c in rules.decks["timescape"]]
    assert len(names) == 44 and {"Warp Sink", "Buried Gate"} <= set(names)
    s = game(modules=(*TS, "catacombs")).on_top("timescape", "Warp Sink")
    warp(s, "warp-gate", 6)
    assert s.space_of(0) == "catacombs"
    s.game.players[0].status.get("timescape")  # cleared as its next turn begins


@pytest.mark.rules("timescape.enter.warp-gate-spell")
def test_banishment_flings_another_character_into_the_timescape():
    s = game().give(0, "Banishment").at(0, "fields-1").give(1, "Mule")
    s.start().choose("cast:")
    assert s.space_of(1) == "warp-gate" and s.player(1).status.get("timescape")
    assert "Mule" in s.on_space("tavern")


def test_a_warp_storm_sweeps_one_on_and_a_gateway_leads_home():
    s = game().on_top("timescape", "Warp Storm", "Temporal Echo")
    warp(s, "warp-gate", 6, 1)  # the Void: the Storm, 1: White, on to the Warp Demon
    assert s.space_of(0) == "warp-demon"
    s2 = game().on_top("timescape", "Gateway Home")
    warp(s2, "warp-gate", 6).choose("tavern")
    assert s2.space_of(0) == "tavern" and not s2.player(0).status.get("timescape")


def test_every_card_and_space_of_the_timescape_says_where_it_comes_from():
    import tomllib

    from talisman.content.modules import get_module

    folder = get_module("timescape").content_dir
    cards = tomllib.loads((folder / "cards.toml").read_text())["card"]
    sourced = {"Warp Belt", "Chameleon Suit", "Dimensional Rift", "Ancient Artifact", "Dragon Rage", "Warp Gate"}
    assert all(c.get("design") == "our-own" for c in cards.values())
    assert sourced <= {c["name"] for c in cards.values() if "source" in c}
    board = tomllib.loads((folder / "board.toml").read_text())
    assert all("source" in sp for sp in board["space"].values())


# --- bots ----------------------------------------------------------------------------------------------


def test_random_bot_games_keep_every_card_in_one_place():
    from talisman.bots import make_bot, play_out

    for seed in range(4):
        g = Game.new(players=3, modules=(*TS, "catacombs", "city-classic"), seed=seed)
        play_out(g, {i: make_bot("random", seed * 10 + i) for i in range(3)}, max_turns=150, check=check_conservation)


@pytest.mark.parametrize("modules", [TS, (*TS, "catacombs", "airships")])
def test_heuristic_bots_finish_games_with_the_timescape_and_go_in(modules):
    from talisman.bots import make_bot, play_out

    finished, inside = 0, 0
    for seed in (7, 11, 13):  # (someone goes in, in each: the bots go in only when strong)
        g = Game.new(players=4, modules=modules, seed=seed)
        play_out(g, {i: make_bot("heuristic", seed * 10 + i) for i in range(4)}, max_turns=800)
        finished += g.is_over and not g.stalled
        inside += sum("follows the" in e.text for e in g.events)
    assert finished == 3 and inside > 0


def test_a_search_bot_plays_in_the_timescape():
    from talisman.bots import make_bot, play_out

    s = game().set(0, strength=8, craft=4)
    s.game.players[0].status["timescape"] = True
    s.at(0, "nexus").start()
    play_out(s.game, {0: make_bot("search", 1), 1: make_bot("heuristic", 2)}, max_turns=12)
    assert any("follows the" in e.text for e in s.game.events)


def test_the_terminal_map_draws_the_timescape_and_names_its_warp_lines():
    from talisman.cli.board_map import draw, layout

    s = game().at(0, "nexus")
    assert [len(b.grid) for b in layout(s.game.rules) if b.title == "Timescape"] == [5]
    text = draw(s.game.rules, s.game.view(0)).plain
    assert "Blue warp line: Warp Gate > Death World" in text and "Red warp line: Warp Gate > Void" in text
    assert "White warp line: from each reality to the next" in text


def test_memoised_values_stay_true_in_the_timescape(monkeypatch):
    from talisman.bots import make_bot, play_out
    from talisman.engine import stats

    monkeypatch.setattr(stats.CHECKING, "on", True)
    for seed in range(4):
        g = Game.new(players=3, modules=(*TS, "roster", "endings", "city-classic"), seed=seed, log=False)
        bots = {i: make_bot("heuristic" if seed % 2 else "random", seed * 10 + i) for i in range(3)}
        play_out(g, bots, max_turns=200, check=check_conservation)


@pytest.mark.rules("timescape.enter.animals-stay")
def test_an_airship_stays_moored_where_its_captain_entered_the_timescape():
    s = game(modules=(*TS, "airships"))
    ship = s.find("Falcon class Airship")
    s._unplace(ship)
    from talisman.engine import cards as deck_cards

    deck_cards.hold(s.game, "aboard:0", ship)
    s.at(0, "fields-1")
    s.player(0).status["airship"] = {"card": ship, "space": s.player(0).space}  # aboard where it stands
    s.start().choose("fly").choose("move:village")
    s.dice(1, 1).choose("timescape:mystic")
    assert s.space_of(0) == "warp-gate" and "Falcon class Airship" in s.on_space("village")
    check_conservation(s.game)


def test_a_thief_caught_in_the_space_fortress_is_the_sentinels_prisoner():
    s = game("thief", "wizard")
    warp(s, "vortex", 3)  # Blue: the Space Fortress
    s.choose("nothing")
    s.dice(1).choose("steal-here")
    assert s.space_of(0) == "sentinel-outpost" and s.player(0).status.get("imprisoned")


@pytest.mark.rules("timescape.no-range-weapons")
def test_another_citys_bow_is_not_shot_in_the_timescape():
    s = game(modules=(*TS, "city-districts")).give(0, "Bow").at(1, "astral-plane")
    s.at(0, "warp-gate").set(0, status={"timescape": True}).start()
    assert not any(i.startswith("shoot:") for i in s.options())
    s2 = game(modules=(*TS, "city-districts")).give(0, "Bow").at(1, "fields-2").at(0, "crags").start()
    assert any(i.startswith("shoot:") for i in s2.options())


@pytest.mark.rules("timescape.magic-randomness")
@pytest.mark.parametrize(("d8", "spells", "kept"), [(3, 0, False), (6, 1, True)])
def test_a_scroll_read_in_the_timescape_rolls_the_wild_magic_too(d8, spells, kept):
    s = game("thief", "warrior", modules=(*TS, "city-districts")).give(0, "Scroll")  # room for 1 Spell
    s.at(0, "nexus").set(0, status={"timescape": True}).dice(d8).start().choose("cast:")
    assert "Wild magic: the Scroll has" in s.log()
    assert len(s.player(0).spells) == spells and ("Scroll" in s.names(s.player(0).cards)) == kept
    check_conservation(s.game)
