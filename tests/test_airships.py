"""000's Airships (module ``airships``): the class table, claiming and the
Complement, embarking and disembarking, flying, the three kinds of combat, Hit
Points, destruction and the Fall Chart."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.engine import cards, effects, lives, movement, possessions, stats
from talisman.engine.cards import check_conservation
from talisman.modules.airships import rules as air
from talisman.modules.city_classic.places import put_in_city
from talisman.testing import Scenario

AIR = ("airships",)
STEEDS = "dungeon-test-steeds"  # tests/fixtures/dungeon_steeds: a Horse and a Horse and Cart
CLASSES = {  # 000's table: Strength, Hit Points, Movement, Complement
    "Dragon": ("D8", 12, 3, (3, 8)),
    "Wyvern": ("D6", 8, 2, (2, 6)),
    "Condor": ("D4", 6, 2, (2, 5)),
    "Eagle": ("D4", 4, 1, (1, 3)),
    "Falcon": ("1", 2, 1, (1, 2)),
}


def game(*chars: str, modules: tuple[str, ...] = AIR) -> Scenario:
    return Scenario(list(chars or ("thief", "wizard")), modules=modules).no_spells()


def ship(s: Scenario, cls: str) -> int:
    return s.game.rules.by_name[f"{cls} class Airship"][0]


def aboard(s: Scenario, seat: int, cls: str, damage: int = 0) -> int:
    """Put a character aboard a ship of that class (as if it had claimed it)."""
    g = s.game
    card = ship(s, cls)
    s._unplace(card)
    cards.hold(g, air.holder(seat), card)
    g.players[seat].status["airship"] = {"card": card, "space": g.players[seat].space}
    if damage:
        g.globals[air.DAMAGE] = {str(card): damage}
    return card


def land_on_ship(s: Scenario, cls: str, space: str = "fields-1", start: str = "village") -> Scenario:
    """Seat 0 walks one space onto a ship of that class lying there."""
    s.at(0, start).put(space, f"{cls} class Airship").dice(1).start()
    if s.kind == "turn":
        s.choose("roll")
    return s.choose(f"move:{space}") if s.kind == "move" else s


def start_aboard(s: Scenario, *dice: int) -> Scenario:
    s.dice(*dice).start()
    return s


# --- the class table -------------------------------------------------------------------


@pytest.mark.rules("airships.class-table")
def test_the_five_classes_of_airship():
    s = game()
    for cls, (strength, hp, move, complement) in CLASSES.items():
        card = ship(s, cls)
        assert air.stat(s.game, card, "ship-strength") == strength
        assert (air.hull(s.game, card), air.speed(s.game, card), air.crew(s.game, card)) == (hp, move, complement)
        assert s.game.rules.instances[card].deck == "adventure"


@pytest.mark.rules("airships.stat-meanings", "airships.movement")
def test_aboard_no_die_is_rolled_and_the_ship_flies_up_to_its_movement():
    s = game().at(0, "village")
    aboard(s, 0, "Wyvern")
    start_aboard(s)
    assert set(s.options()) >= {"fly", "disembark"} and "roll" not in s.options()
    s.choose("fly")
    assert s.kind == "move"
    # two spaces: round the ring either way, and over the Storm River to the facing space
    targets = {i.split(":")[1] for i in s.options()}
    assert {"fields-1", "graveyard", "fields-6", "forest"} <= targets
    assert "portal-of-power" in targets or "castle" in targets  # the Middle Region, over the river
    assert "woods-1" not in targets  # three spaces away
    assert "for movement" not in s.log()


@pytest.mark.rules("airships.movement")
def test_a_ship_never_flies_into_the_inner_region():
    s = game().at(0, "portal-of-power")
    aboard(s, 0, "Dragon")
    start_aboard(s).choose("fly")
    targets = {i.split(":")[1] for i in s.options()}
    regions = {s.game.rules.space(t).region for t in targets}
    assert regions <= {"outer", "middle"} and "plain-of-peril" not in targets
    s.choose("move:black-knight")
    assert s.space_of(0) == "black-knight" and air.ship_of(s.game, 0) is not None


@pytest.mark.rules("airships.movement")
def test_a_ship_flies_over_the_bridge_and_past_the_sentinel():
    s = game().at(0, "hills-3")
    aboard(s, 0, "Eagle")
    start_aboard(s).choose("fly")
    assert "move:sentinel" in s.options()


@pytest.mark.rules("airships.movement")
def test_a_flight_lands_and_meets_the_space():
    s = game().at(0, "village")
    aboard(s, 0, "Eagle")
    s.put("fields-1", "Bear")
    start_aboard(s, 6, 1, 1).choose("fly").choose("move:fields-1").fight()
    assert s.space_of(0) == "fields-1" and "Bear" in s.names(s.player(0).trophies)


# --- claiming ----------------------------------------------------------------------------


@pytest.mark.rules("airships.embark")
def test_a_party_too_small_cannot_claim_a_ship():
    s = land_on_ship(game(), "Wyvern")  # the Thief alone: 1 of 2
    assert s.kind != "airship-claim" and air.ship_of(s.game, 0) is None
    assert "cannot fly it" in s.log() and "Wyvern class Airship" in s.on_space("fields-1")


@pytest.mark.rules("airships.embark")
def test_followers_without_hands_do_not_count_toward_the_complement():
    s = land_on_ship(game().give(0, "Unicorn", "Mule"), "Wyvern")
    assert air.party(s.game, 0) == 1 and air.ship_of(s.game, 0) is None
    s2 = land_on_ship(game().give(0, "Guide"), "Wyvern")
    assert s2.kind == "airship-claim"
    s2.choose("claim")
    assert air.ship_of(s2.game, 0) == ship(s2, "Wyvern") and not s2.on_space("fields-1")


@pytest.mark.rules("airships.embark")
def test_too_many_must_leave_followers_with_hands_behind():
    s = land_on_ship(game().give(0, "Guide", "Maiden", "Mule"), "Falcon")  # 3 with hands, the Falcon takes 2
    assert "leaving 1 Follower behind" in " ".join(s.labels())
    s.choose("claim")
    assert s.kind == "airship-crew" and all(i.startswith("leave:") for i in s.options())
    assert len(s.options()) == 2  # the Mule is cargo: never one to leave
    s.choose("Maiden")
    assert s.names(s.player(0).followers) == ["Guide", "Mule"] and "Maiden" in s.on_space("fields-1")
    assert air.ship_of(s.game, 0) == ship(s, "Falcon")


@pytest.mark.rules("airships.no-horse-and-cart", "airships.embark")
def test_the_horse_and_cart_never_boards_but_a_horse_rides_as_cargo():
    s = game(modules=(*AIR, STEEDS)).give(0, "Horse", "Horse and Cart", deck="purchase").give(0, "Guide")
    land_on_ship(s, "Eagle").choose("claim")
    assert air.ship_of(s.game, 0) is not None
    assert s.names(s.player(0).followers) == ["Horse", "Guide"] and "Horse and Cart" in s.on_space("fields-1")


@pytest.mark.rules("airships.embark")
def test_a_guarded_ship_is_met_only_once_its_guards_are_beaten():
    s = game().at(0, "village").put("fields-1", "Eagle class Airship", "Bear")
    s.dice(1, 1, 6).start()  # the Thief's 1 against the Bear's 6
    if s.kind == "turn":
        s.choose("roll")
    s.choose("move:fields-1").fight()
    assert s.kind != "airship-claim" and air.ship_of(s.game, 0) is None


# --- disembarking ------------------------------------------------------------------------------


@pytest.mark.rules("airships.disembark")
def test_disembarking_leaves_the_ship_and_it_may_not_be_reclaimed_this_turn():
    s = game().at(0, "village")
    card = aboard(s, 0, "Eagle")
    start_aboard(s).choose("disembark")
    assert air.ship_of(s.game, 0) is None and "Eagle class Airship" in s.on_space("village")
    assert s.kind == "move"  # then the usual move, by the die
    ctx = {"src": card, "space": s.game.rules.space_index["village"]}
    air.airship(s.game, 0, ctx)  # met again this turn: refused
    assert "may not claim it again" in s.log()
    s.game.turn += 1
    air.airship(s.game, 0, ctx)  # on another turn it may be claimed again
    assert s.kind == "airship-claim"


@pytest.mark.rules("airships.disembark")
def test_disembarking_as_the_turn_ends():
    s = game().at(0, "village")
    card = aboard(s, 0, "Eagle")
    start_aboard(s).choose("fly").choose("move:fields-1")
    assert s.kind == "end-turn" and "disembark" in s.options()
    s.choose("disembark")
    assert card in s.game.cards_on(s.game.rules.space_index["fields-1"]) and air.ship_of(s.game, 0) is None


@pytest.mark.rules("airships.disembark")
def test_a_character_sent_elsewhere_leaves_its_ship_behind():
    s = game().at(0, "village")
    card = aboard(s, 0, "Eagle")
    s.on_top("adventure", "Imp")
    start_aboard(s, 4).choose("fly").choose("move:fields-1")  # the Imp's roll 4: the Ruins
    assert s.space_of(0) == "ruins" and air.ship_of(s.game, 0) is None
    assert card in s.game.cards_on(s.game.rules.space_index["fields-1"])


# --- combat ------------------------------------------------------------------------------------


@pytest.mark.rules("airships.combat.enemy")
def test_against_an_enemy_the_ship_die_is_added_to_the_attack():
    s = game().at(0, "village")
    aboard(s, 0, "Wyvern")
    s.put("fields-1", "Dragon")
    start_aboard(s, 2, 5, 6).choose("fly").choose("move:fields-1").fight()  # 2 + D6 5 + Strength 3 = 10 vs 6 + 7
    assert "The Wyvern class Airship adds 5" in s.log()
    assert "10 against" in s.log() and s.player(0).lives == 3
    s2 = game().at(0, "village")
    aboard(s2, 0, "Wyvern")
    s2.put("fields-1", "Dragon")
    start_aboard(s2, 6, 6, 1).choose("fly").choose("move:fields-1").fight()  # 6 + 6 + 3 = 15 vs 1 + 7
    assert "Dragon" in s2.names(s2.player(0).trophies)


@pytest.mark.rules("airships.combat.enemy")
def test_the_falcon_adds_one_and_no_ship_helps_in_psychic_combat_with_enemies():
    s = game().at(0, "village")
    aboard(s, 0, "Falcon")
    s.put("fields-1", "Bear")
    start_aboard(s, 3, 1).choose("fly").choose("move:fields-1").fight()
    assert "The Falcon class Airship adds 1 to Thief's roll of 3" in s.log()
    s2 = game().at(0, "village")
    aboard(s2, 0, "Dragon")
    s2.put("fields-1", "Ghost")
    start_aboard(s2, 3, 1).choose("fly").choose("move:fields-1").fight()
    assert "adds" not in s2.log()


@pytest.mark.rules("airships.combat.character")
def test_against_a_character_each_side_aboard_adds_its_ship_die():
    s = game("warrior", "thief").at(0, "village").at(1, "fields-1")
    aboard(s, 0, "Condor")
    start_aboard(s, 1, 1, 4, 2).choose("fly").choose("move:fields-1")  # the Warrior's two dice, the Condor's D4
    if s.kind == "encounter":
        s.choose("meet:1")
    s.choose("attack:1")
    assert "The Condor class Airship adds 4 to Warrior's roll of 1" in s.log()
    assert "Warrior scores 5 + 4 = 9" in s.log()


@pytest.mark.rules("airships.combat.character")
def test_a_fate_reroll_against_a_character_rolls_the_ship_die_again_too():
    s = Scenario(["thief", "wizard"], modules=AIR, fate=True).no_spells().at(0, "village").at(1, "fields-1")
    s.set(0, fate=2).set(1, fate=0)
    aboard(s, 0, "Condor")
    start_aboard(s, 1, 1, 2).choose("fly").choose("move:fields-1")
    if s.kind == "encounter":
        s.choose("meet:1")
    s.choose("attack:1")  # the Thief's 1, the Condor's 1: 2; the Wizard's 2
    assert s.kind == "fate"
    s.dice(5, 3).choose("reroll")
    assert "The Condor class Airship adds 3 to Thief's roll of 5" in s.log()
    assert "Thief scores 8 + 3 = 11" in s.log()


@pytest.mark.rules("airships.combat.ship-vs-ship", "airships.hit-point-tracking")
def test_ship_against_ship_each_die_is_damage_to_the_other():
    s = game().at(0, "village").at(1, "fields-1")
    mine = aboard(s, 0, "Wyvern")
    theirs = aboard(s, 1, "Falcon")
    start_aboard(s, 3).choose("fly").choose("move:fields-1")
    if s.kind == "encounter":
        s.choose("meet:1")
    assert "broadside:1" in s.options()
    s.choose("broadside:1")  # the Wyvern's D6: 3; the Falcon: 1, no die
    assert air.damage(s.game, mine) == 1 and air.hit_points(s.game, mine) == 7
    assert air.ship_of(s.game, 1) is None and theirs in s.game.discards["adventure"]  # 3 of its 2: destroyed
    assert "Aboard the Wyvern class Airship: 7 of 8 Hit Points" in " ".join(s.game.view(0)["players"][0]["notes"])


@pytest.mark.rules("airships.hit-point-tracking")
def test_damage_stays_with_the_ship_when_it_changes_hands():
    s = game().give(0, "Guide")
    card = ship(s, "Wyvern")
    s.game.globals[air.DAMAGE] = {str(card): 5}
    land_on_ship(s, "Wyvern").choose("claim")
    assert air.hit_points(s.game, card) == 3
    assert "3 of 8 Hit Points" in " ".join(s.game.view(0)["players"][0]["notes"])


# --- destruction and the Fall Chart ---------------------------------------------------------


@pytest.mark.rules("airships.destruction", "airships.fall-chart")
def test_a_destroyed_ship_falls_with_its_party():
    s = game(modules=(*AIR, STEEDS)).give(0, "Horse", deck="purchase").give(0, "Guide", "Maiden", "Mercenary")
    s.at(0, "fields-1")
    card = aboard(s, 0, "Eagle", damage=3)
    s.game.script_dice([2, 5, 7])  # the Guide killed, the Maiden injured, the Mercenary stunned
    s.game.push("airship_destroyed", p=0)
    s.start()
    p = s.player(0)
    assert card in s.game.discards["adventure"] and air.ship_of(s.game, 0) is None
    assert s.names(p.followers) == ["Mercenary"] and "Maiden" in s.on_space("fields-1")
    assert "Horse" in s.names(s.game.decks["purchase"]) and "Guide" in s.names(s.game.discards["adventure"])
    assert p.lives == 3  # our own: the fall costs the character a life
    assert s.names(possessions.suspended(s.game, 0)) == ["Mercenary"]
    assert "The Mercenary is stunned: no help for 3 more turns." in s.game.view(0)["players"][0]["notes"]
    check_conservation(s.game)


@pytest.mark.rules("airships.fall-chart")
@pytest.mark.parametrize(
    ("roll", "result"), [(1, "killed"), (3, "killed"), (4, "injured"), (6, "injured"), (7, "stunned"), (8, "safe")]
)
def test_the_fall_chart(roll, result):
    assert air.fall_chart(roll) == result


def end_turns(s: Scenario, n: int, seat: int = 0) -> None:
    """End ``n`` turns of ``seat`` as turns end (the next begins each time)."""
    for _ in range(n):
        s.game.stack.clear()
        s.game.active = seat
        s.game.push("turn_end", p=seat)
        s.game.run()  # (not advance: the memo is kept, as in play, for the checking mode to look at)


@pytest.mark.rules("airships.fall-chart")
def test_a_stunned_follower_remains_with_its_character_without_benefit_for_three_turns(monkeypatch):
    """000: "Follower remains with you but you may not gain any benefits from this Follower for 3 Turns":
    it is still one of the character's Followers, but its Craft and its ability are not the character's
    until three of its turns after the fall have ended (the memo checked all along)."""
    monkeypatch.setattr(stats.CHECKING, "on", True)
    s = game("thief").give(0, "Maiden", "Guide").at(0, "fields-1")
    aboard(s, 0, "Eagle", damage=4)
    g = s.game
    s.start()  # the turn begins, aboard: fly or disembark
    craft = stats.craft(g, 0)
    assert stats.has_trait(g, 0, "optional-roll:crags")
    g.script_dice([7, 7])  # both stunned
    g.push("airship_destroyed", p=0)
    g.advance()
    p = s.player(0)
    assert s.names(p.followers) == ["Maiden", "Guide"] and "Guide" not in s.on_space("fields-1")
    assert stats.craft(g, 0) == craft - 2 and not stats.has_trait(g, 0, "optional-roll:crags")
    assert effects.holds(g, 0, {"followers_ge": 2})  # counted as ever
    end_turns(s, 3)  # the turn of the fall, then two more
    assert stats.craft(g, 0) == craft - 2
    end_turns(s, 1)
    assert stats.craft(g, 0) == craft and stats.has_trait(g, 0, "optional-roll:crags")
    check_conservation(g)


@pytest.mark.rules("airships.fall-chart")
def test_a_stunned_follower_is_lost_with_the_rest_when_its_character_dies():
    s = game().give(0, "Guide").at(0, "fields-1")
    aboard(s, 0, "Eagle", damage=4)
    s.game.script_dice([7])
    s.game.push("airship_destroyed", p=0)
    s.start()
    assert s.names(possessions.suspended(s.game, 0)) == ["Guide"]
    s.at(0, "village")
    lives.kill(s.game, 0, "a test")
    assert "Guide" in s.on_space("village") and "suspended" not in s.player(0).status
    check_conservation(s.game)


def test_the_ship_of_a_captain_who_dies_aboard_stays_on_its_space():
    """Our own choice (000 is silent): the ship drifts down, unguarded, where its captain died."""
    s = game().at(0, "fields-1")
    aboard(s, 0, "Eagle")
    lives.kill(s.game, 0, "a test")
    assert s.on_space("fields-1") == ["Eagle class Airship"] and cards.held_by(s.game, air.holder(0)) == []


# --- bots -----------------------------------------------------------------------------------


def test_heuristic_bots_finish_games_with_airships_and_fly_them():
    from talisman.bots import make_bot, play_out

    finished, flights = 0, 0
    for seed in range(4):
        g = Game.new(players=4, modules=AIR, seed=seed)
        play_out(g, {i: make_bot("heuristic", seed * 10 + i) for i in range(4)}, max_turns=800)
        finished += g.is_over
        flights += sum(" flies the " in e.text for e in g.events)
    assert finished >= 3 and flights > 0


def test_random_bot_games_keep_every_card_in_one_place():
    from talisman.bots import make_bot, play_out

    for seed in range(6):
        g = Game.new(players=3, modules=(*AIR, "catacombs"), seed=seed)
        play_out(g, {i: make_bot("random", seed * 10 + i) for i in range(3)}, max_turns=200, check=check_conservation)


@pytest.mark.rules("airships.movement", "airships.disembark")
def test_a_captain_set_down_away_from_the_ship_flies_it_no_more():
    """Found by the fuzzer (issue 37): the Emperor's Guard threw a captain into the City's Donjon as its
    turn began (a set-down, not a move), and the turn then asked where to fly, with nowhere to fly to."""
    s = game("warrior", "wizard", modules=("airships", "city-classic")).at(0, "fields-3").at(1, "village")
    card = aboard(s, 0, "Wyvern")
    g = s.game
    put_in_city(g, 0, "donjon")
    assert [c.id for c in movement.move_options(g, 0)] != ["fly"]
    assert air.ship_of(g, 0) is None and card in g.board[g.rules.space_index["fields-3"]]
    check_conservation(g)
