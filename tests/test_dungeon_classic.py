"""000's Dungeon (module ``dungeon-classic``): the Doorways, going down and
climbing out, the spiral and its one-way moves, defeat and flight, the
Treasure Chamber chart, sealing, every space and card, and 000's character
exceptions that wake up in the Dungeon.

The spiral (our layout, talisman/modules/dungeon_classic/board.toml): 0
entrance, 1 passage-1, 2 passage-2, 3 guard-room, 4 passage-3, 5 chamber-1,
6 passage-4, 7 library, 8 passage-5, 9 chamber-2, 10 cell, 11 passage-6,
12 passage-7, 13 torture-chamber, 14 chamber-3, 15 passage-8, 16 kitchen,
17 passage-9, 18 chamber-4, 19 chamber-of-darkness, 20 passage-10,
21 chamber-5, 22 passage-11, 23 vault, 24 treasure-chamber. A move that has
one way only is taken at once, so tests script the dice of what follows.
"""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.engine import abilities, movement
from talisman.engine.cards import check_conservation
from talisman.errors import ConfigError
from talisman.testing import Scenario

CLASSIC = ("dungeon-classic",)
STEEDS = "dungeon-test-steeds"  # tests/fixtures/dungeon_steeds


def game(*chars: str, modules: tuple[str, ...] = CLASSIC, **options) -> Scenario:
    return Scenario(list(chars or ("thief", "wizard")), modules=modules, **options).no_spells()


def index(s: Scenario, space: str) -> int:
    return s.game.rules.space_index[space]


def roll(s: Scenario, n: int, *dice: int) -> Scenario:
    s.dice(n, *dice).start()
    if s.kind == "turn":
        s.choose("roll")
    return s


def moves(s: Scenario) -> set[str]:
    return {i.split(":", 1)[1] for i in s.options() if i.startswith("move:")}


def land(s: Scenario, space: str, *dice: int) -> Scenario:
    """Seat 0 steps onto ``space`` from the space before it on the spiral (a roll of 1)."""
    s.at(0, s.game.rules.spaces[s.game.rules.ccw[index(s, space)]].id)
    if s.space_of(1) == space:
        s.at(1, "village")
    roll(s, 1, *dice)
    if s.kind == "move" and s.decision.player == 0:
        s.choose(f"move:{space}")
    return s  # forward only: often the one way, taken at once


def draw_here(s: Scenario, *names: str, space: str = "passage-1", dice: tuple[int, ...] = ()) -> Scenario:
    s.on_top("dungeon", *names)
    return land(s, space, *dice)


def names(s: Scenario, held) -> list[str]:
    return s.names(list(held))


def doorway(s: Scenario, space: str) -> Scenario:
    return s.put(space, "Doorway")


# --- the board and the cards -----------------------------------------------------------------


@pytest.mark.rules("dungeon-classic.spiral-layout")
def test_the_dungeon_is_a_spiral_from_the_entrance_to_the_treasure_chamber():
    g = game().game
    region = g.rules.regions["dungeon"]
    assert region.shape == "line" and len(region.ring) == 25
    assert region.ring[0] == "entrance" and region.ring[-1] == "treasure-chamber"
    assert g.rules.space("treasure-chamber").stop
    assert not [ln for ln in g.rules.links if "entrance" in (ln.a, ln.b)]  # no way in but a Doorway


@pytest.mark.rules("dungeon-classic.doorway-cards")
def test_four_doorways_are_shuffled_into_the_adventure_deck_and_36_dungeon_cards_beside():
    g = game().game
    assert sum(1 for c in g.decks["adventure"] if g.card_name(c) == "Doorway") == 4
    assert len(g.decks["dungeon"]) == 36 and all(g.rules.instances[c].deck == "dungeon" for c in g.decks["dungeon"])
    with pytest.raises(ConfigError):
        Game.new(["thief"], modules=("dungeon-classic", "dungeon-4e"))


@pytest.mark.rules("dungeon-classic.doorway-discovery")
def test_a_doorway_drawn_stays_face_up_and_a_third_is_replaced():
    s = game().on_top("adventure", "Doorway")
    s.at(0, "village").at(1, "city")
    roll(s, 1).choose("move:fields-1")
    assert s.on_space("fields-1") == ["Doorway"]
    s2 = doorway(doorway(game(), "fields-3"), "fields-4").on_top("adventure", "Doorway", "Bag of Gold")
    s2.at(0, "village").at(1, "city")
    roll(s2, 1).choose("move:fields-1")
    assert s2.on_space("fields-1") == [] and s2.player(0).gold == 2
    assert [s2.game.card_name(c) for c in s2.game.discards["adventure"]] == ["Doorway", "Bag of Gold"]


@pytest.mark.rules("dungeon-classic.entering")
def test_entering_lands_on_a_doorway_then_goes_down_next_turn_and_stops_at_the_entrance():
    s = doorway(game(), "fields-1").at(0, "village").at(1, "city")
    s.game.players[1].lost_turns = 1
    roll(s, 1).choose("move:fields-1")
    assert s.player(0).status["doorway"]["space"] == index(s, "fields-1")
    s.end_turn()
    assert "enter-dungeon" in s.options()  # entering is a choice
    s.choose("enter-dungeon")
    assert s.space_of(0) == "entrance" and s.game.active == 1  # the turn ended there


@pytest.mark.rules("dungeon-classic.entering")
def test_from_the_entrance_go_on_into_the_dungeon_or_climb_out_through_any_doorway():
    s = doorway(doorway(game(), "fields-1"), "plains-2").at(0, "entrance").at(1, "village")
    s.start()
    assert {"climb-out:fields-1", "climb-out:plains-2", "roll"} <= set(s.options())
    s.choose("climb-out:plains-2")
    assert s.space_of(0) == "plains-2" and s.game.active == 1
    s2 = doorway(game(), "fields-1").at(0, "entrance").at(1, "village")
    s2.dice(2).start().choose("roll")
    assert moves(s2) == {"passage-2"} or s2.space_of(0) == "passage-2"


@pytest.mark.rules("dungeon-classic.no-horses")
def test_steeds_are_left_at_the_entrance():
    s = doorway(game(modules=(*CLASSIC, STEEDS)), "fields-1").give(0, "Horse", "Horse and Cart", deck="purchase")
    s.at(0, "fields-1").at(1, "village")
    s.game.players[0].status["doorway"] = {"space": index(s, "fields-1"), "turn": 0}
    s.start().choose("enter-dungeon")
    assert s.player(0).followers == [] and sorted(s.on_space("entrance")) == ["Horse", "Horse and Cart"]
    check_conservation(s.game)


# --- moving -----------------------------------------------------------------------------------


@pytest.mark.rules("dungeon-classic.movement")
def test_moving_is_one_die_toward_the_centre_only():
    s = game().at(0, "chamber-1").at(1, "village")
    back = movement.destinations(s.game, 0, 2)[index(s, "guard-room")]
    assert not abilities.move_allowed(s.game, 0, back)  # the walk back exists, but the rule forbids it
    roll(s, 2, 1)  # (the Library's roll: nothing)
    assert s.space_of(0) == "library"  # forward only: the one way, taken at once


@pytest.mark.rules("dungeon-classic.backward-movement")
def test_a_card_may_send_a_character_back():
    s = game().on_top("dungeon", "Collapsing Floor", "Bag of Gold", "Bag of Gold")
    land(s, "passage-5")
    assert s.space_of(0) == "chamber-1" and s.player(0).gold == 5


@pytest.mark.rules("dungeon-classic.backward-movement")
def test_after_a_defeat_the_next_move_is_toward_the_entrance_and_stops_there():
    s = game()
    s.game.players[1].lost_turns = 1
    draw_here(s, "Minotaur", space="passage-2", dice=(1, 6, 4))  # beaten; next turn a 4
    assert any("Thief loses to the Minotaur" in e.text for e in s.game.events)
    assert s.space_of(0) == "entrance"  # 2 back, then the Entrance stops the walk
    assert "retreat" not in s.player(0).status  # the next turn only


@pytest.mark.rules("dungeon-classic.fleeing")
def test_fleeing_once_past_the_entrance_moves_toward_it_until_it_is_reached():
    s = doorway(game(), "fields-1").at(0, "entrance").at(1, "village")
    s.start()
    assert "flee" not in s.options()  # not on the Entrance
    s2 = doorway(game(), "fields-1").at(0, "library").at(1, "village").on_top("dungeon", "Bag of Gold")
    s2.start()
    s2.dice(3).choose("flee")
    assert s2.space_of(0) == "passage-3" and s2.player(0).status["flight"]
    s3 = doorway(game(), "fields-1").at(0, "passage-2").at(1, "village")
    s3.start().dice(6).choose("flee")
    assert s3.space_of(0) == "entrance" and "flight" not in s3.player(0).status


@pytest.mark.rules("dungeon-classic.defeat-while-fleeing")
def test_a_fleeing_character_beaten_still_moves_toward_the_entrance():
    s = doorway(game(), "fields-1").at(1, "village").at(0, "passage-2").on_top("dungeon", "Minotaur")
    s.game.players[0].status["flight"] = True
    s.game.players[1].lost_turns = 1
    roll(s, 1, 1, 6, 3)  # back to passage-1, beaten there; next turn a 3
    assert any("Thief arrives on the Passage" in e.text for e in s.game.events) and s.player(0).lives == 3
    assert s.space_of(0) == "entrance" and "flight" not in s.player(0).status


@pytest.mark.rules("dungeon-classic.no-teleport-out")
def test_nothing_teleports_a_character_out_of_the_dungeon():
    s = game().at(0, "passage-5").at(1, "village")
    assert not abilities.teleport_allowed(s.game, 0, index(s, "temple"))
    assert abilities.teleport_allowed(s.game, 0, index(s, "vault"))
    before = list(s.game.stack)
    s.game.rules.handlers["teleport"](s.game, {"p": 0, "to": index(s, "temple")})
    assert s.space_of(0) == "passage-5" and s.game.stack == before


@pytest.mark.rules("dungeon-classic.outer-region-for-events")
def test_the_dungeon_is_part_of_the_outer_region_for_events():
    s = game("thief", "wizard", "troll").at(1, "chamber-2").at(2, "hills-3").on_top("adventure", "Pestilence")
    s.at(0, "village")
    roll(s, 1).choose("move:fields-1")
    assert s.player(1).lives == 3 and s.player(2).lives == 4 and s.player(0).lives == 3


@pytest.mark.rules("dungeon-classic.blizzard-immune")
def test_the_blizzard_does_not_reach_the_dungeon():
    s = game().at(0, "passage-1").at(1, "village")
    s.game.globals["blizzard"] = {"seat": 1, "turns": 2}
    assert not movement.one_space_only(s.game, 0)
    s.at(0, "fields-1")
    assert movement.one_space_only(s.game, 0)


# --- the Treasure Chamber ----------------------------------------------------------------------


@pytest.mark.rules("dungeon-classic.treasure-chamber-exit")
@pytest.mark.parametrize(
    "die,crowned,space",
    [
        (1, 0, "castle"),
        (2, 0, "temple"),
        (3, 0, "warlocks-cave"),
        (4, 0, "portal-of-power"),
        (5, 0, "plain-of-peril"),
        (6, 0, "crown-of-command"),
        (4, 1, "plain-of-peril"),
        (5, 2, "crown-of-command"),
    ],
)
def test_the_treasure_chamber_chart(die, crowned, space):
    chars = ["thief", "wizard", "troll", "elf"][: 2 + crowned]
    s = Scenario(chars, modules=CLASSIC).no_spells().at(0, "vault").at(1, "village")
    for i in range(2, 2 + crowned):
        s.at(i, "crown-of-command")
        s.game.players[i].lost_turns = 1
    s.game.players[1].lost_turns = 1
    roll(s, 3, die, 6, 6, 6, 6)  # the move ends there; next turn, the chart
    assert any("arrives on the Treasure Chamber" in e.text for e in s.game.events)
    assert s.space_of(0) == space


# --- sealing -----------------------------------------------------------------------------------


@pytest.mark.rules("dungeon-classic.sealing")
def test_with_no_doorway_face_up_the_dungeon_is_sealed_and_its_visitors_must_go_on():
    from talisman.modules.dungeon_classic import rules

    s = doorway(game(), "fields-1").at(0, "library").at(1, "village")
    assert not rules.sealed(s.game)
    s.game.globals["turned-doorways"] = [s.game.cards_on(index(s, "fields-1"))[0]]
    s.game.globals["dungeon-sealed"] = True
    assert rules.sealed(s.game)
    s.start()
    assert "flee" not in s.options()
    s2 = doorway(game(), "fields-1").at(0, "entrance").at(1, "village")
    s2.game.globals["turned-doorways"] = list(s2.game.cards_on(index(s2, "fields-1")))
    s2.start()
    assert not [o for o in s2.options() if o.startswith("climb-out")]
    s3 = game().on_top("adventure", "Doorway").at(0, "village").at(1, "city")
    s3.game.globals["dungeon-sealed"] = True
    roll(s3, 1).choose("move:fields-1")
    assert "dungeon-sealed" not in s3.game.globals and not rules.sealed(s3.game)  # a new Doorway opens it


@pytest.mark.rules("dungeon-classic.sealing")
def test_the_scout_seals_the_dungeon_by_turning_every_doorway():
    g0 = Game.new(["thief"], modules=(*CLASSIC, "roster"))
    if "scout" not in g0.rules.characters:
        pytest.skip("the roster module has no Scout")
    from talisman.modules.dungeon_classic import rules

    s = doorway(game("scout", "thief", modules=(*CLASSIC, "roster")), "fields-1").at(0, "fields-1").at(1, "passage-3")
    s.start().choose("turn-doorway:")
    assert rules.sealed(s.game) and s.game.globals.get("dungeon-sealed")


# --- every space ----------------------------------------------------------------------------

CLASSIC_DRAWS = (
    [(f"passage-{i}", 1) for i in range(1, 12)] + [(f"chamber-{i}", 2) for i in range(1, 6)] + [("vault", 3)]
)


@pytest.mark.parametrize("space,n", CLASSIC_DRAWS)
def test_every_passage_chamber_and_vault_draws_its_dungeon_cards(space, n):
    s = game().set(0, gold=0).on_top("dungeon", *["Bag of Gold"] * 2 + ["Treasure Chest"] * (n - 2 if n > 2 else 0))
    if n == 1:
        s.on_top("dungeon", "Bag of Gold")
    land(s, space, 6, 1, 1)
    assert s.player(0).gold >= 2 * min(n, 2)


def test_the_entrance_draws_nothing():
    s = doorway(game(), "fields-1").at(0, "fields-1").at(1, "village")
    s.game.players[0].status["doorway"] = {"space": index(s, "fields-1"), "turn": 0}
    dungeon = len(s.game.decks["dungeon"])
    s.start().choose("enter-dungeon")
    assert len(s.game.decks["dungeon"]) == dungeon and s.on_space("entrance") == []


def test_guard_room_bribe_or_fight_and_the_guard_is_back_at_his_post():
    s = game().set(0, gold=2)
    land(s, "guard-room")
    assert set(s.options()) == {"bribe", "fight"}
    s.choose("bribe")
    assert s.player(0).gold == 0
    s2 = game().set(0, strength=10, gold=0)
    land(s2, "guard-room", 6, 1)
    assert any("kills the Guard" in e.text for e in s2.game.events) and s2.on_space("guard-room") == []


@pytest.mark.parametrize("die,effect", [(1, "none"), (2, "none"), (3, "move"), (4, "move"), (5, "spell"), (6, "spell")])
def test_library(die, effect):
    s = game("wizard", "thief").on_top("dungeon", "Bag of Gold")
    land(s, "library", die, 1)
    if effect == "move":
        assert s.space_of(0) == "passage-5"  # a secret passage: moved again (a 1)
    else:
        assert s.space_of(0) == "library" and len(s.player(0).spells) == (effect == "spell")


def test_cell_as_in_the_other_dungeon():
    s = game().give(0, "Lost Adventurer", "Hireling").put("cell", "Maiden")
    land(s, "cell")
    assert s.kind == "cell"
    s.choose("Hireling")
    assert s.kind == "cell-free"
    s.choose("free:")
    assert names(s, s.player(0).followers) == ["Lost Adventurer", "Maiden"] and s.on_space("cell") == ["Hireling"]


@pytest.mark.parametrize("choice,gold,strength,craft", [("pay", 0, 3, 3), ("strength", 1, 2, 3), ("craft", 1, 3, 2)])
def test_torture_chamber(choice, gold, strength, craft):
    s = game()
    land(s, "torture-chamber").choose(choice)
    p = s.player(0)
    assert (p.gold, p.strength, p.craft) == (gold, strength, craft)


@pytest.mark.parametrize("die,lives", [(1, 2), (2, 3), (4, 4), (6, 4)])
def test_kitchen(die, lives):
    s = game().set(0, lives=3)
    land(s, "kitchen").dice(die).choose("eat")
    assert s.player(0).lives == lives


@pytest.mark.parametrize(
    "die,space",
    [(1, "kitchen"), (2, "passage-9"), (3, "chamber-4"), (4, "passage-10"), (5, "chamber-5"), (6, "passage-11")],
)
def test_chamber_of_darkness(die, space):
    s = game().set(0, gold=0).on_top("dungeon", "Bag of Gold", "Bag of Gold")
    land(s, "chamber-of-darkness", die, 6)
    assert s.space_of(0) == space


# --- the Dungeon deck -------------------------------------------------------------------------

CLASSIC_ENEMIES = {
    "Goblin": ("strength", 3),
    "Orc": ("strength", 4),
    "Giant Rat": ("strength", 2),
    "Skeleton": ("strength", 4),
    "Giant Spider": ("strength", 5),
    "Troll": ("strength", 7),
    "Minotaur": ("strength", 8),
    "Ghost": ("craft", 4),
    "Wraith": ("craft", 6),
    "Banshee": ("craft", 5),
    "Demon": ("craft", 8),
}


@pytest.mark.parametrize("name", sorted(CLASSIC_ENEMIES))
def test_every_classic_enemy(name):
    mode, value = CLASSIC_ENEMIES[name]
    s = game().set(0, strength=10, craft=10)
    draw_here(s, name, dice=(1, 1))
    s.fight()
    attr = "Strength" if mode == "strength" else "Craft"
    assert any(f"1 + 10 {attr} = 11 against 1 + {value}" in e.text for e in s.game.events)
    assert names(s, s.player(0).trophies) == [name]


def test_the_deck_holds_36_cards():
    g = game().game
    kinds = [g.rules.instances[c].type for c in g.decks["dungeon"]]
    assert len(kinds) == 36 and kinds.count("enemy") == 20 and kinds.count("event") == 6


@pytest.mark.parametrize("die,lost", [(1, 1), (3, 0)])
def test_rockfall(die, lost):
    s = game()
    draw_here(s, "Rockfall", dice=(die,))
    assert s.player(0).lives == 4 - lost


@pytest.mark.parametrize("die,space", [(1, "passage-2"), (3, "passage-2"), (4, "passage-3")])
def test_pit_trap(die, space):
    s = game().set(0, gold=0).on_top("dungeon", "Pit Trap", "Bag of Gold")
    land(s, "passage-3", die)
    assert s.space_of(0) == space and (s.player(0).lives == 3) == (die <= 3)


def test_foul_air_and_the_magic_fountain():
    s = game()
    draw_here(s, "Foul Air")
    assert s.player(0).lost_turns == 1
    s2 = game().set(0, lives=2)
    draw_here(s2, "Magic Fountain")
    assert s2.player(0).lives == 3


@pytest.mark.parametrize("die,lost", [(2, True), (5, False)])
def test_slaver(die, lost):
    s = game().give(0, "Lost Adventurer")
    draw_here(s, "Slaver", dice=(die,))
    assert (s.player(0).followers == []) == lost and s.on_space("passage-1") == ["Slaver"]


def test_prisoner_and_dwarf_miner():
    s = game().set(0, gold=0)
    draw_here(s, "Prisoner")
    assert s.player(0).gold == 2 and s.on_space("passage-1") == []
    s2 = game().set(0, gold=0)
    draw_here(s2, "Dwarf Miner", dice=(5,))
    assert s2.player(0).gold == 2 and s2.on_space("passage-1") == ["Dwarf Miner"]


def test_treasure_chest_torch_and_magic_sword():
    s = game().set(0, gold=0)
    draw_here(s, "Treasure Chest", dice=(5,))
    assert s.player(0).gold == 5
    s2 = game().give(0, "Torch", deck="dungeon").at(0, "passage-2").at(1, "village")
    s2.start()
    assert "roll-two" in s2.options()
    s3 = game().set(0, strength=5).give(0, "Magic Sword")
    draw_here(s3, "Minotaur", dice=(1, 1))
    assert any("1 + 7 Strength" in e.text for e in s3.game.events)


def test_lost_adventurer_and_hireling():
    from talisman.engine import stats

    s = game().give(0, "Lost Adventurer")
    assert stats.strength(s.game, 0) == 4
    s2 = game().set(0, gold=1).on_top("dungeon", "Hireling")
    land(s2, "passage-1").choose("hire:")
    assert names(s2, s2.player(0).followers) == ["Hireling"] and s2.player(0).gold == 0


# --- 000's character exceptions, awake in the Dungeon --------------------------------------------


@pytest.mark.rules("characters-exceptions.large-dungeon-d4", "characters-exceptions.troll")
def test_a_large_character_rolls_a_d4_to_move_in_the_dungeon():
    s = game("troll", "thief").give(0, "Sword").at(0, "passage-2").at(1, "village")
    s.start()
    assert "Roll the D4 to move" in s.labels()
    s2 = game("troll", "thief").give(0, "Sword").at(0, "fields-1").at(1, "village")
    s2.start()
    assert "Roll the D8 to move" in s2.labels()


@pytest.mark.rules("characters-exceptions.dwarf")
def test_the_dwarf_may_evade_in_the_dungeon():
    s = game("dwarf", "thief")
    draw_here(s, "Orc")
    assert "evade" in s.options()


@pytest.mark.rules("characters-exceptions.warrior")
def test_the_warrior_fights_with_one_weapon_in_the_dungeon():
    from talisman.engine import stats

    s = game("warrior", "thief").give(0, "Sword", "Axe").at(0, "passage-2")
    assert len(stats.weapons_used(s.game, 0)) == 1
    s.at(0, "fields-1")
    assert len(stats.weapons_used(s.game, 0)) == 2


@pytest.mark.rules("characters-exceptions.prophetess")
def test_the_prophetess_draws_no_extra_cards_in_the_dungeon():
    s = game("prophetess", "thief").set(0, gold=0).on_top("dungeon", "Bag of Gold")
    land(s, "passage-1")
    assert s.kind != "redraw" and s.player(0).gold == 2


@pytest.mark.rules("characters-exceptions.assassin")
def test_the_assassin_may_not_assassinate_the_guard():
    s = game("assassin", "thief").set(0, gold=0)
    land(s, "guard-room")
    assert "assassinate" not in s.options()


def test_random_bot_games_keep_every_card_in_one_place():
    from talisman.bots import make_bot, play_out

    for seed in range(8):
        g = Game.new(players=3, modules=CLASSIC, options={"fate": seed % 2 == 0}, seed=seed)
        play_out(g, {i: make_bot("random", seed * 10 + i) for i in range(3)}, max_turns=100, check=check_conservation)


def test_heuristic_bots_finish_classic_dungeon_games():
    from talisman.bots import make_bot, play_out

    finished = 0
    for seed in range(4):
        g = Game.new(players=3, modules=CLASSIC, seed=seed, log=False)
        play_out(g, {i: make_bot("heuristic", seed * 10 + i) for i in range(3)}, max_turns=600)
        finished += g.is_over
    assert finished >= 3
