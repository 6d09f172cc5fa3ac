"""000's Talisman City (module ``city-classic``): the City Gate, moving round the
streets and into the buildings, leaving by road, barge and as a stowaway, Loans,
the buildings, the Law (every Statute, the Law check, the Watch, Warrants, the
Donjon) and the exits into the Dungeon.

The streets (our layout, talisman/modules/city_classic/board.toml), clockwise:
town-square (the Gate's door), kings-way (Royal Castle), gold-street (Bank),
bell-street (Doctor's Surgery), flask-street (Apothecary), river-walk, wharf,
tanners-row (Stables), anvil-street (Armoury), lantern-lane (Six Fates Inn),
beggars-row, temple-street (High Temple), star-street (Magic Emporium),
moon-alley (Enchantress), cutpurse-lane (Anarchists' Guild), watch-street. On
the main board the City space lies between fields-3 (counter-clockwise, then
woods-2) and fields-4 (clockwise, then hills-2).
"""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.engine import abilities, effects
from talisman.engine.cards import check_conservation
from talisman.modules.city_classic import law
from talisman.testing import Scenario

CITY = ("city-classic",)
# the Warrior rolls two dice in battle and keeps the better: his two, then the foe's
WIN, LOSE = (6, 6, 1), (1, 1, 6)


def game(*chars: str, modules: tuple[str, ...] = CITY, **options) -> Scenario:
    return Scenario(list(chars or ("warrior", "wizard")), modules=modules, **options).no_spells()


def index(s: Scenario, space: str) -> int:
    return s.game.rules.space_index[space]


def roll(s: Scenario, n: int, *dice: int) -> Scenario:
    s.dice(n, *dice).start()
    if s.kind == "turn":
        s.choose("roll")
    return s


def moves(s: Scenario) -> set[str]:
    return {i.split(":", 1)[1] for i in s.options() if i.startswith("move:")}


def away(s: Scenario, seat: int = 1) -> Scenario:
    """Put another character out of the way (the Village)."""
    return s.at(seat, "village")


def crimes_logged(s: Scenario) -> list[str]:
    return [line.split("Statute ")[1][0] for line in s.log().splitlines() if "breaks Statute" in line]


def to_turn_end(s: Scenario) -> Scenario:
    return s.end_turn()


def status(s: Scenario, seat: int = 0) -> dict:
    return s.player(seat).status


# --- the board and the decks -------------------------------------------------------------------


def test_the_city_board_streets_buildings_and_decks():
    g = game().game
    region = g.rules.regions["city"]
    assert len(region.ring) == 16 and len(region.aside) == 13
    buildings = [s for s in g.rules.spaces if s.region == "city" and s.stop]
    assert {s.name for s in buildings} == {
        "Royal Castle",
        "Bank",
        "Doctor's Surgery",
        "Apothecary",
        "Stables",
        "Armoury",
        "Six Fates Inn",
        "High Temple",
        "Magic Emporium",
        "Enchantress",
        "Anarchists' Guild",
    }
    # the facts' counts: 72 City cards, 20 Purchase cards, 10 Spells
    rules = g.rules
    assert len(rules.decks["city"]) == 72
    assert (
        sum(
            c.count
            for c in rules.cards.values()
            if c.deck == "purchase"
            and c.key.startswith("purchase-")
            and c.key
            in ("purchase-horse", "purchase-horse-and-cart", "purchase-dagger", "purchase-cloak", "purchase-buckler")
        )
        == 20
    )
    city_spells = ("water-walking", "pardon", "gold-dust", "sanctuary", "summons")
    assert sum(rules.cards[k].count for k in city_spells) == 10
    check_conservation(g)


def test_the_two_cities_exclude_each_other():
    from talisman.content.modules import get_module

    assert "city-districts" in get_module("city-classic").excludes


# --- the City Gate and entering ------------------------------------------------------------------


def land_on_the_city_space(s: Scenario) -> Scenario:
    away(s.at(0, "fields-3"))
    roll(s, 1)
    return s.choose("move:city")


@pytest.mark.rules("city-classic.city-gate")
def test_landing_on_the_city_space_takes_you_to_the_city_gate_ignoring_its_instructions():
    s = land_on_the_city_space(game())
    assert s.space_of(0) == "city-gate"
    assert "Whom do you visit in the City?" not in s.log()  # the City space's own instructions are not met
    assert s.decision.player == 1  # and the turn is over


@pytest.mark.rules("city-classic.entering-gate")
def test_from_the_city_gate_the_next_move_goes_into_the_town_square():
    s = away(game().at(0, "city-gate"))
    roll(s, 1)
    assert "town-square" in moves(s)
    s = away(game().at(0, "city-gate"))
    roll(s, 3)
    assert {"kings-way", "gold-street", "cutpurse-lane", "watch-street"} & moves(s)
    # entering, the turn ends on the Gate: nothing moves the piece in on the same turn
    s = land_on_the_city_space(game())
    assert s.space_of(0) == "city-gate"


@pytest.mark.rules("city-classic.outer-region")
def test_the_city_is_part_of_the_outer_region_for_events():
    s = game()
    g = s.game
    assert g.rules.regions["city"].events_as == "outer"
    s.at(0, "fields-1").at(1, "gold-street")
    assert 1 in effects.targets(g, 0, "region")  # an Outer Region event reaches the City too


@pytest.mark.rules("city-classic.entering-barge")
def test_a_barge_in_the_outer_or_middle_region_carries_you_to_the_wharf():
    for where in ("fields-1", "woods-4"):
        s = away(game().at(0, where))
        g = s.game
        s.on_top("adventure", "Barge")
        before = g.rules.spaces[g.rules.ccw[index(s, where)]].id
        s.at(0, before)
        roll(s, 1)
        s.choose(f"move:{where}")
        s.choose("ride")
        assert s.space_of(0) == "wharf"
        assert s.decision.player == 1


@pytest.mark.rules("city-classic.no-raft-entry")
def test_no_raft_into_the_city_but_water_walking_walks_to_the_wharf():
    s = away(game().at(0, "warlocks-cave"))
    s.player(0).status["raft"] = -1
    s.start()
    rafts = [i for i in s.options() if i.startswith("raft:")]
    assert rafts == ["raft:city"]  # the raft lands on the City space, the Gate: never at the Wharf
    s.choose("raft:city")
    assert s.space_of(0) == "city-gate"
    s = away(game().at(0, "fields-1")).give(0, "Water Walking")
    s.start().choose("Water Walking")
    assert s.space_of(0) == "wharf"


# --- moving in the City ------------------------------------------------------------------------------


@pytest.mark.rules("city-classic.movement.building-stops")
def test_a_move_into_a_building_ends_there():
    s = away(game().at(0, "temple-street"))
    roll(s, 4)
    # star-street is 1 away and the Magic Emporium's door: its building ends a roll of 4 early
    assert "magic-emporium" in moves(s)
    s.choose("move:magic-emporium")
    assert s.space_of(0) == "magic-emporium"


@pytest.mark.rules("city-classic.movement.building-entrances")
def test_buildings_are_entered_only_through_their_doors():
    s = game()
    g = s.game
    rules = g.rules
    for start in [sp for sp in rules.spaces if sp.region == "city" and sp.id not in ("donjon",)]:
        g.players[0].space = start.index
        for n in range(1, 7):
            for _dest, path in abilities_walks(g, start.index, n).items():
                if not abilities.move_allowed(g, 0, path):
                    continue
                prev = start.index
                for step in path:
                    if rules.spaces[step].stop and rules.spaces[step].region == "city":
                        door = rules.links_of(step, "passage")[0][1]
                        assert prev == door, (start.id, n, [rules.spaces[x].id for x in path])
                    prev = step
    # but a character may teleport from one building to another
    g.players[0].space = index(s, "bank")
    assert abilities.teleport_allowed(g, 0, index(s, "armoury"))


def abilities_walks(g: Game, start: int, n: int) -> dict[int, list[int]]:
    from talisman.engine.movement import _walks

    return _walks(g.rules, start, n)


@pytest.mark.rules("city-classic.movement.no-staying")
def test_no_staying_in_a_building_from_one_turn_to_the_next():
    s = away(game().at(0, "bank"))
    s.start()
    assert not any(i.startswith("stay") for i in s.options())
    for n in range(1, 7):
        s = away(game().at(0, "bank"))
        roll(s, n)
        assert moves(s) and "bank" not in moves(s)


# --- leaving -----------------------------------------------------------------------------------------


@pytest.mark.rules("city-classic.leaving.road")
def test_leaving_by_road_moves_on_past_the_gate_onto_the_main_board():
    s = away(game().at(0, "town-square"))
    roll(s, 3)
    # one step to the Gate, two more on the main board from the City space, either way
    assert {"woods-2", "hills-2"} <= moves(s)
    s.choose("move:hills-2")
    assert s.space_of(0) == "hills-2"
    # from the Gate itself the whole roll is the main board's
    s = away(game().at(0, "city-gate"))
    roll(s, 2)
    assert {"woods-2", "hills-2", "kings-way", "watch-street"} <= moves(s)
    # and a roll that ends at the Gate leaves the character at the Gate
    s = away(game().at(0, "town-square"))
    roll(s, 1)
    assert "city-gate" in moves(s)


def test_city_bound_followers_stay_behind_when_one_leaves_by_road():
    s = away(game().at(0, "town-square").give(0, "Errand Boy", "Urchins", "Mule"))
    roll(s, 3)
    s.choose("move:hills-2")
    assert s.names(s.player(0).followers) == ["Mule"] and "stays behind in the City" in s.log()
    check_conservation(s.game)


@pytest.mark.rules("city-classic.leaving.warrant-blocks")
def test_with_a_warrant_leaving_by_road_means_arrest():
    s = away(game().at(0, "town-square"))
    s.player(0).status["warrant"] = True
    roll(s, 3)
    s.choose("move:hills-2")
    assert s.space_of(0) == "donjon"
    assert status(s)["warrant"]


@pytest.mark.rules("city-classic.leaving.barge")
def test_a_barge_from_the_wharf_2g_to_the_outer_region_4g_to_the_middle():
    s = away(game().at(0, "wharf").set(0, gold=4))
    s.start()
    assert {"barge:outer", "barge:middle"} <= set(s.options())
    s.choose("barge:middle")
    assert "move:oasis" in s.options() and "move:fields-1" not in s.options()
    s.choose("move:oasis")
    assert s.space_of(0) == "oasis" and s.player(0).gold == 0
    s = away(game().at(0, "wharf").set(0, gold=3))
    s.start()
    assert "barge:outer" in s.options() and "barge:middle" not in s.options()
    s.choose("barge:outer")
    assert "move:fields-1" in s.options() and "move:oasis" not in s.options()
    # only when the turn begins on the Wharf
    s = away(game().at(0, "river-walk").set(0, gold=4))
    s.start()
    assert not any(i.startswith("barge") for i in s.options())


@pytest.mark.rules("city-classic.stowaway.conditions")
def test_stowing_away_alone_with_no_followers_four_objects_and_no_beasts():
    def offered(s: Scenario) -> bool:
        s.start()
        return "stowaway" in s.options()

    assert offered(away(game().at(0, "wharf")))
    assert not offered(game().at(0, "wharf").at(1, "wharf"))  # not alone
    assert not offered(away(game().at(0, "wharf").give(0, "Errand Boy")))  # a Follower
    assert not offered(away(game().at(0, "wharf").give(0, "Sword", "Axe", "Shield", "Helmet", "Armour")))  # 5 Objects
    assert offered(away(game().at(0, "wharf").give(0, "Sword", "Axe", "Shield", "Helmet")))
    assert not offered(away(game().at(0, "wharf").give(0, "Mule")))


def stow(n: int, *dice: int) -> Scenario:
    s = away(game().at(0, "wharf"))
    s.dice(n, *dice).start()
    return s.choose("stowaway")


@pytest.mark.rules("city-classic.stowaway.table")
def test_the_stowaway_table():
    assert stow(1).space_of(0) == "donjon"
    s = stow(2, 6, 1)
    assert "fights the Sailor" in s.log() and s.space_of(0) == "wharf"  # beaten, he leaves you on the Wharf
    s = stow(3, 2)
    assert s.space_of(0) == "tanners-row" or s.space_of(0) == "anvil-street"
    assert stow(4).space_of(0) == "woods-2"
    s = stow(5)
    assert "move:fields-1" in s.options() and "move:oasis" not in s.options()
    s = stow(6)
    assert {"move:fields-1", "move:oasis"} <= set(s.options())


@pytest.mark.rules("city-classic.leaving.other")
def test_the_dungeon_doorway_in_the_city_and_the_timescape_only_with_a_timescape():
    s = game(modules=("city-classic", "dungeon-classic"))
    s.start()
    assert "Doorway" in s.on_space("river-walk")
    # the Enchantress's Warp Gate is offered only when the Timescape module is in play (tests/test_timescape.py)
    s = away(game().at(0, "moon-alley"))
    roll(s, 1)
    s.choose("move:enchantress")
    assert "warp-gate" not in s.options()


# --- the animals wait outside --------------------------------------------------------------------


@pytest.mark.rules("city-classic.no-animals-in-shops")
def test_animals_wait_outside_a_building_and_come_back_as_you_leave():
    s = away(game().at(0, "kings-way").give(0, "Mule", "Horse"))
    roll(s, 1)
    s.choose("move:gold-street")  # a street first: the Mule and the Horse come along
    s = away(game().at(0, "gold-street").give(0, "Mule", "Horse", "Sword"))
    roll(s, 1)
    s.choose("move:bank")
    assert s.space_of(0) == "bank"
    assert sorted(s.on_space("gold-street")) == ["Horse", "Mule"]
    assert s.names(s.player(0).followers) == [] and s.names(s.player(0).objects) == ["Sword"]
    s.choose("leave")  # the Bank's business
    check_conservation(s.game)
    # out of the Bank by its door, the animals rejoin
    s = away(game().at(0, "bank").put("gold-street", "Mule", "Horse"))
    g = s.game
    s.player(0).status["animals-outside"] = {
        "building": index(s, "bank"),
        "street": index(s, "gold-street"),
        "cards": list(g.cards_on(index(s, "gold-street"))),
    }
    s.on_top("city", "Lost Purse")
    roll(s, 1)  # out by the door: the one way, taken at once
    assert s.space_of(0) == "gold-street"
    assert sorted(s.names(s.player(0).followers)) == ["Horse", "Mule"]
    check_conservation(s.game)


# --- the Law -------------------------------------------------------------------------------------------


def street_fight(
    *on_top: str, dice: tuple[int, ...], chars: tuple[str, ...] = ("warrior", "wizard"), modules=CITY
) -> Scenario:
    """Seat 0 steps from King's Way onto Gold Street and meets the first of ``on_top``."""
    s = away(game(*chars, modules=modules).at(0, "kings-way"))
    s.on_top("city", *on_top)
    roll(s, 1, *dice)
    return s.choose("move:gold-street")


@pytest.mark.rules("city-classic.law-check", "city-classic.statute-a-street-fighting")
def test_a_street_fight_is_a_crime_and_the_law_check_draws_a_city_card():
    s = street_fight("Cutpurse", "Lost Purse", dice=WIN)
    s.end_turn()
    assert "A" in crimes_logged(s)
    assert "The Law check for Warrior: the Lost Purse" in s.log() and "does not come" in s.log()
    assert s.space_of(0) == "gold-street"
    assert s.game.card_name(s.game.discards["city"][-1]) == "Lost Purse"  # drawn for the check, discarded unmet


@pytest.mark.rules("city-classic.arrest.crime", "city-classic.law-check")
def test_a_law_card_at_the_check_brings_the_watch_which_arrests_if_it_wins():
    s = street_fight("Cutpurse", "Watch", dice=(*WIN, *LOSE))
    s.end_turn()
    assert "the Watch tries to arrest Warrior" in s.log()
    assert s.space_of(0) == "donjon"
    s = street_fight("Cutpurse", "Patrol", dice=(*WIN, *WIN))
    s.end_turn()
    assert s.space_of(0) == "gold-street"  # beaten, the Watch lets the criminal go for now


@pytest.mark.rules("city-classic.arrest.warrant")
def test_with_a_warrant_any_law_card_means_an_arrest_attempt_and_the_warrant_stays():
    s = away(game().at(0, "kings-way"))
    s.player(0).status["warrant"] = True
    s.on_top("city", "Watch")
    roll(s, 1, *LOSE)
    s.choose("move:gold-street")
    assert s.space_of(0) == "donjon" and status(s)["warrant"]
    s = away(game().at(0, "kings-way"))
    s.player(0).status["warrant"] = True
    s.on_top("city", "Patrol")
    roll(s, 1, *WIN)
    s.choose("move:gold-street")
    assert s.space_of(0) == "gold-street" and status(s)["warrant"]
    # without a Warrant the Law passes by
    s = away(game().at(0, "kings-way"))
    s.on_top("city", "Watch")
    roll(s, 1)
    s.choose("move:gold-street")
    assert "The Law has nothing against Warrior" in s.log()


@pytest.mark.rules("city-classic.statute-b-building-fighting")
def test_fighting_in_a_building_is_an_immediate_arrest():
    s = away(game().at(0, "lantern-lane"))
    s.on_top("city", "Cutpurse", "Lost Purse")
    roll(s, 1, 5, *WIN)  # the Inn's ruckus: a City card, the Cutpurse, beaten
    s.choose("move:six-fates-inn")
    s.end_turn()
    assert "B" in crimes_logged(s)
    assert s.space_of(0) == "donjon" and "Law check" not in s.log()


@pytest.mark.rules("city-classic.statute-c-missiles")
def test_a_missile_shot_is_a_crime():
    s = street_fight("Footpad", "Lost Purse", dice=(6,), chars=("ranger", "wizard"), modules=(*CITY, "roster"))
    assert "bow" in s.options()
    s.choose("bow")
    s.end_turn()
    assert "C" in crimes_logged(s)


@pytest.mark.rules("city-classic.statute-d-special-attacks")
def test_an_assassination_or_a_killer_blow_is_a_crime():
    s = street_fight("Footpad", "Lost Purse", dice=(6, 1), chars=("assassin", "wizard"))
    s.choose("assassinate")
    s.end_turn()
    assert "D" in crimes_logged(s)


@pytest.mark.rules("city-classic.statute-e-trading")
def test_trading_in_the_street_without_a_licence_is_a_crime():
    s = away(game().at(0, "kings-way").set(0, gold=3))
    s.on_top("city", "Pedlar", "Lost Purse")
    roll(s, 1)
    s.choose("move:gold-street")
    s.choose("buy-dagger")
    s.end_turn()
    assert crimes_logged(s) == ["E"]
    assert "Dagger" in s.names(s.player(0).objects)


@pytest.mark.rules("city-classic.statute-f-magic")
def test_a_spell_in_the_street_is_a_crime_but_not_in_a_building():
    s = away(game().at(0, "gold-street").give(0, "Gold Dust"))
    s.on_top("city", "Lost Purse", "Lost Purse")
    s.start().choose("Gold Dust")
    assert crimes_logged(s) == ["F"]
    s = away(game().at(0, "bank").give(0, "Gold Dust"))
    s.start().choose("Gold Dust")
    assert crimes_logged(s) == []


@pytest.mark.rules("city-classic.statute-g-beguiling")
def test_beguiling_in_the_street_is_a_crime():
    s = game("sorceress", "warrior").at(0, "kings-way").at(1, "gold-street").set(1, gold=2)
    roll(s, 1, 6)
    s.choose("move:gold-street")
    s.choose("meet:1")
    s.choose("beguile")
    assert "G" in crimes_logged(s)


@pytest.mark.rules("city-classic.statute-h-theft")
def test_stealing_and_robbing_the_bank_are_crimes():
    s = away(game("thief", "wizard").at(0, "anvil-street"))
    roll(s, 1, 3)
    s.choose("move:armoury")
    s.choose("nothing") if s.kind == "choose" and "nothing" in s.options() else None
    s.choose("steal-here")
    assert "H" in crimes_logged(s)
    s = away(game("thief", "wizard").at(0, "gold-street"))
    roll(s, 1, 3)
    s.choose("move:bank")
    s.choose("rob")
    assert "H" in crimes_logged(s)


@pytest.mark.rules("city-classic.statute-i-races")
def test_being_a_troll_in_the_city_is_a_crime_but_not_at_the_gate():
    s = away(game("troll", "wizard").at(0, "kings-way"))
    s.on_top("city", "Lost Purse", "Lost Purse")
    roll(s, 1)
    s.choose("move:gold-street")
    s.end_turn()
    assert crimes_logged(s) == ["I"]
    s = land_on_the_city_space(game("troll", "wizard"))
    assert s.space_of(0) == "city-gate" and crimes_logged(s) == []


@pytest.mark.rules("city-classic.statute-j-penniless")
def test_having_no_money_in_the_city_is_a_crime():
    s = away(game().at(0, "kings-way").set(0, gold=0))
    s.on_top("city", "Street Preacher", "Lost Purse")
    roll(s, 1)
    s.choose("move:gold-street")
    s.end_turn()
    assert crimes_logged(s) == ["J"]
    s = away(game().at(0, "kings-way").set(0, gold=1))
    s.on_top("city", "Street Preacher", "Lost Purse")
    roll(s, 1)
    s.choose("move:gold-street")
    s.end_turn()
    assert crimes_logged(s) == []


def test_the_law_s_own_fights_are_no_crime():
    s = away(game().at(0, "kings-way"))
    s.player(0).status["warrant"] = True
    s.on_top("city", "Watch", "Lost Purse")
    roll(s, 1, *WIN)
    s.choose("move:gold-street")
    s.end_turn()
    assert crimes_logged(s) == []


# --- Warrants and the Donjon --------------------------------------------------------------------------


@pytest.mark.rules("city-classic.warrants.purchase")
def test_a_warrant_bought_at_the_royal_castle_is_laid_on_a_rival_who_cannot_refuse():
    s = away(game().at(0, "kings-way").set(0, gold=2))
    roll(s, 1)
    s.choose("move:royal-castle")
    assert set(s.options()) >= {"none", "warrant:1"}
    s.choose("warrant:1")
    assert law.has_warrant(s.game, 1) and s.player(0).gold == 1
    assert s.decision.player != 1 or s.kind != "warrant"  # nothing is asked of the one it is laid on
    s = away(game().at(0, "kings-way").set(0, gold=0))
    roll(s, 1)
    s.choose("move:royal-castle")
    assert not any(i.startswith("warrant:") for i in s.options())


def jailed(gold: int = 0, followers: tuple[str, ...] = (), warrant: bool = True) -> Scenario:
    s = away(game().at(0, "donjon").set(0, gold=gold).give(0, *followers))
    if warrant:
        s.player(0).status["warrant"] = True
    law.hold(s.game, 0)
    return s


@pytest.mark.rules("city-classic.warrants.donjon-options")
def test_the_donjon_bribe_escape_or_judgement():
    s = jailed(gold=3, followers=("Errand Boy",))
    s.start()  # instead of moving, the Judge: the one way to spend the turn, taken at once
    assert {"bribe", "escape", "judged"} == set(s.options())  # 2G + 1G for the Follower
    s.choose("bribe")
    assert s.space_of(0) == "watch-street" and s.player(0).gold == 0 and not law.has_warrant(s.game, 0)
    s = jailed(gold=2, followers=("Errand Boy",))
    s.start()
    assert "bribe" not in s.options()  # 3G wanted
    s = jailed()
    s.dice(1).start()
    s.choose("escape")
    assert s.space_of(0) == "watch-street" and law.has_warrant(s.game, 0)  # escaped: the Warrant is kept
    s = jailed()
    s.dice(2).start()
    s.choose("escape")
    assert s.space_of(0) == "donjon" and status(s)["hold"]


@pytest.mark.parametrize(
    ("roll_", "gold", "out", "gold_after", "lives_lost"),
    [
        (1, 0, False, 0, 1),
        (2, 0, False, 0, 0),
        (3, 4, True, 0, 0),
        (3, 3, False, 3, 0),
        (4, 2, True, 0, 0),
        (5, 0, True, 0, 0),
        (6, 0, True, 1, 0),
    ],
)
@pytest.mark.rules("city-classic.warrants.donjon-options")
def test_the_judgement(roll_, gold, out, gold_after, lives_lost):
    s = jailed(gold=gold)
    lives = s.player(0).lives
    s.dice(roll_).start()
    s.choose("judged")
    assert (s.space_of(0) == "watch-street") == out
    assert law.has_warrant(s.game, 0) != out  # served or pardoned: the Warrant is discarded on leaving
    assert s.player(0).gold == gold_after and s.player(0).lives == lives - lives_lost


@pytest.mark.rules("combat.pvp.warrant-handover")
def test_the_victor_may_turn_a_wanted_loser_over_to_the_law():
    s = game().at(0, "graveyard").at(1, "fields-1")
    s.player(1).status["warrant"] = True
    roll(s, 1, *WIN)
    s.choose("move:fields-1")
    s.choose("meet:1")
    s.choose("attack:1")
    s.choose("hand-over")
    assert s.space_of(1) == "donjon" and law.has_warrant(s.game, 1)


# --- Loans and the Bank --------------------------------------------------------------------------------


def at_the_bank(
    gold: int = 0, chars: tuple[str, ...] = ("warrior", "wizard"), *dice: int, loan: bool = False
) -> Scenario:
    s = away(game(*chars).at(0, "gold-street").set(0, gold=gold))
    if loan:
        s.player(0).status["loan"] = True
    roll(s, 1, *dice)
    return s.choose("move:bank")


@pytest.mark.rules("city-classic.loans")
def test_a_loan_3g_now_4g_before_leaving_or_the_bank_s_wizard_makes_a_toad():
    s = at_the_bank(gold=0)
    s.choose("loan")
    assert s.player(0).gold == 3 and status(s)["loan"]
    s = at_the_bank(gold=5, loan=True)
    s.choose("repay")
    assert s.player(0).gold == 1 and "loan" not in status(s)
    # leaving the City owing the Bank: a Toad
    s = away(game().at(0, "town-square"))
    s.player(0).status.update(loan=True, **{"in-city": True})
    roll(s, 3)
    s.choose("move:hills-2")
    assert s.player(0).toad and "loan" not in status(s)


@pytest.mark.parametrize(
    ("roll_", "gold", "toad", "warrant"),
    [
        (1, 0, True, False),
        (2, 0, False, True),
        (3, 0, False, False),
        (4, 1, False, False),
        (5, 2, False, False),
        (6, 4, False, True),
    ],
)
def test_robbing_the_bank(roll_, gold, toad, warrant):
    s = at_the_bank(0, ("thief", "wizard"), roll_)
    s.choose("rob")
    assert s.player(0).gold == gold and bool(s.player(0).toad) == toad and law.has_warrant(s.game, 0) == warrant


# --- the bots play it ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 2, 3])
def test_heuristic_bots_finish_games_with_the_city(seed):
    from talisman.engine.view import LazyView
    from talisman.sim.runner import make_agent

    g = Game.new(None, players=4, modules=("core", "city-classic"), seed=seed, log=True)
    agents = [make_agent("heuristic", seed * 8 + i) for i in range(4)]
    in_city = 0
    while g.result is None and g.turn <= 800:
        d = g.decision
        g.apply(agents[d.player].choose(LazyView(g, d.player), d))
        in_city += g.rules.spaces[g.players[g.active].space].region == "city"
    assert g.result is not None
    check_conservation(g)
    assert in_city  # they went in


@pytest.mark.rules("city-classic.leaving.other")
def test_the_city_s_doorway_leads_down_into_the_dungeon_and_is_not_one_of_the_main_board_s_two():
    s = away(game(modules=("city-classic", "dungeon-classic")).at(0, "flask-street"))
    s.on_top("city", "Lost Purse")
    roll(s, 1)
    s.choose("move:river-walk")
    assert "finds a Doorway" in s.log()
    # two more Doorways may still be found on the main board
    from talisman.modules.dungeon_classic.rules import third_doorway

    s.put("fields-1", "Doorway")
    assert not third_doorway(s.game, s.find("Doorway", "adventure"))
    s.put("fields-2", "Doorway")
    assert third_doorway(s.game, s.find("Doorway", "adventure"))


def test_a_character_that_starts_on_the_city_space_begins_at_the_city_gate():
    s = game("thief", "wizard")
    assert s.space_of(0) == "city-gate"


# --- the buildings' tables ------------------------------------------------------------------------------


def enter(
    building: str,
    door: str,
    *dice: int,
    chars: tuple[str, ...] = ("warrior", "wizard"),
    fate_on: bool = False,
    **values,
) -> Scenario:
    """Seat 0 steps from the building's street through its door (a roll of 1)."""
    s = away(game(*chars, fate=fate_on).at(0, door).set(0, **values))
    roll(s, 1, *dice)
    return s.choose(f"move:{building}")


@pytest.mark.parametrize(
    ("roll_", "change"),
    [
        (1, {"lives": -1}),
        (2, {}),
        (3, {"craft": 1}),
        (4, {"strength": 1}),
        (5, {"lives": 1}),
        (6, {"space": "flask-street"}),
    ],
)
def test_the_apothecary_s_potion(roll_, change):
    s = enter("apothecary", "flask-street", roll_, gold=2)
    p = s.player(0)
    before = {"lives": p.lives, "craft": p.craft, "strength": p.strength}
    s.on_top("city", "Lost Purse")
    s.choose("potion")
    assert p.gold == 1 or roll_ == 6  # a Lost Purse on Flask Street pays 2G more
    for attr, n in change.items():
        if attr == "space":
            assert s.space_of(0) == n
        else:
            assert getattr(p, attr) == before[attr] + n


def test_the_apothecary_and_the_armoury_buy_objects_for_1g():
    s = enter("apothecary", "flask-street", gold=0)
    s.give(0, "Sword")
    s = away(game().at(0, "flask-street").give(0, "Sword"))
    roll(s, 1)
    s.choose("move:apothecary")
    s.choose("sell")
    assert "1G" in " ".join(s.labels()) or s.player(0).gold == 1


@pytest.mark.parametrize(
    ("roll_", "what"),
    [(1, "lost_turns"), (2, "lost_turns"), (3, "lost_turns"), (4, "riverman"), (5, "ruckus"), (6, "big money")],
)
def test_the_six_fates_inn(roll_, what):
    s = enter("six-fates-inn", "lantern-lane", roll_, 1, gold=3)
    if what == "lost_turns":
        assert s.player(0).lost_turns == 1
    elif what == "riverman":
        assert {"stay", "sail"} == set(s.options())
        s.choose("sail")
        assert "move:fields-1" in s.options()
    elif what == "ruckus":
        assert "draws a card" in s.log().split("Six Fates Inn: 5")[1]
    else:
        assert "Big Money: 1 + Craft 2 = 3" in s.log() and s.player(0).gold == 2


@pytest.mark.parametrize(("total", "won"), [(3, -1), (6, -1), (7, 1), (9, 1), (10, 2), (11, 2), (12, 4), (14, 4)])
def test_big_money(total, won):
    s = enter("six-fates-inn", "lantern-lane", 6, 1, gold=3, craft=total - 1)
    assert s.player(0).gold == 3 + won


@pytest.mark.parametrize(
    ("dice", "change"),
    [
        ((1, 1), {"lives": -1}),
        ((2, 2), {}),
        ((3, 3), {"lives": 1}),
        ((4, 4), {"fate": 1}),
        ((5, 5), {"craft": 1}),
        ((5, 6), {"spells": 1}),
        ((6, 6), {"strength": 1}),
    ],
)
def test_the_high_temple_s_prayer(dice, change):
    s = enter("high-temple", "temple-street", *dice, craft=4, fate_on=True, fate=0, lives=3)
    p = s.player(0)
    before = {"lives": p.lives, "fate": p.fate, "craft": p.craft, "strength": p.strength, "spells": len(p.spells)}
    s.choose("pray")
    after = {"lives": p.lives, "fate": p.fate, "craft": p.craft, "strength": p.strength, "spells": len(p.spells)}
    assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == change


@pytest.mark.parametrize(
    ("roll_", "change"),
    [
        (1, {"toad": 3}),
        (2, {"strength": -1}),
        (3, {"craft": -1}),
        (4, {"craft": 1}),
        (5, {"craft": 1}),
        (6, {"spells": 1}),
    ],
)
def test_the_enchantress_s_blessing(roll_, change):
    s = enter("enchantress", "moon-alley", roll_, craft=4)
    p = s.player(0)
    before = {"toad": p.toad, "strength": p.strength, "craft": p.craft, "spells": len(p.spells)}
    s.choose("blessing")
    after = {"toad": p.toad, "strength": p.strength, "craft": p.craft, "spells": len(p.spells)}
    assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == change


@pytest.mark.parametrize(
    ("roll_", "change"), [(1, {}), (3, {}), (4, {"gold": 1}), (5, {"lives": 1}), (6, {"spells": 1})]
)
def test_the_anarchists_guild_hears_a_neutral_character(roll_, change):
    s = enter("anarchists-guild", "cutpurse-lane", roll_, chars=("thief", "wizard"))
    p = s.player(0)
    before = {"gold": p.gold, "lives": p.lives, "spells": len(p.spells)}
    s.choose("address")
    after = {"gold": p.gold, "lives": p.lives, "spells": len(p.spells)}
    assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == change


def test_the_anarchists_guild_turns_the_good_and_the_evil():
    s = enter("anarchists-guild", "cutpurse-lane", chars=("monk", "wizard"))
    s.choose("turn-evil")
    assert s.player(0).alignment == "evil"
    s = enter("anarchists-guild", "cutpurse-lane", chars=("assassin", "wizard"))
    assert "heal" not in s.options() and "address" not in s.options()
    s.choose("turn-good")
    assert s.player(0).alignment == "good"


def test_the_magic_emporium_the_doctor_the_armoury_and_the_stables():
    s = enter("magic-emporium", "star-street", gold=2, craft=4)
    s.choose("buy-spell")
    assert len(s.player(0).spells) == 1 and s.player(0).gold == 0
    s = away(game().at(0, "bell-street").set(0, gold=3, lives=2))
    roll(s, 1)
    s.choose("move:doctors-surgery")
    s.choose("heal:2")
    assert s.player(0).lives == 4 and s.player(0).gold == 1  # 2 lives at 1G each
    s = enter("armoury", "anvil-street", gold=4)
    s.choose("buy")
    assert {"buy:Dagger", "buy:Cloak", "buy:Buckler", "buy:Armour"} <= set(s.options())
    s = enter("stables", "tanners-row", gold=5)
    assert {"buy:Mule", "buy:Horse", "buy:Horse and Cart"} <= set(s.options())
    s.choose("buy:Horse")
    assert "Horse" in s.names(s.player(0).followers)


@pytest.mark.rules("city-classic.leaving.road", "city-classic.entering-gate")
def test_no_walk_passes_the_gate_and_turns_back_into_the_city():
    s = away(game().at(0, "kings-way"))
    roll(s, 3)
    # King's Way, the Town Square, the Gate and back: no such walk; out onto the main board instead
    assert "town-square" not in moves(s)
    assert "fields-3" in moves(s) and "fields-4" in moves(s)


def test_the_armoury_mends_a_broken_helmet_and_damaged_armour():
    s = away(game().at(0, "anvil-street").set(0, gold=2).give(0, "Broken Helmet", "Damaged Armour"))
    roll(s, 1)
    s.choose("move:armoury")
    s.choose("mend-helmet")
    assert sorted(s.names(s.player(0).objects)) == ["Damaged Armour", "Helmet"] and s.player(0).gold == 1
    check_conservation(s.game)


# --- the Master Level titles of the City, on the shipped modules ----------------------------------------

TITLES = ("city-classic", "master-levels")


def levels(s: Scenario, seat: int = 0) -> set[str]:
    return set(s.player(seat).status.get("master", {}))


@pytest.mark.rules("master-levels.kings-champion")
def test_the_city_s_beggar_and_a_six_make_the_kings_champion():
    s = away(game(modules=TITLES).at(0, "kings-way").set(0, gold=2))
    s.on_top("city", "Beggar")
    roll(s, 1)
    s.choose("move:gold-street")
    s.dice(6).choose("give")
    assert levels(s) == {"kings-champion"} and s.player(0).gold == 1


@pytest.mark.rules("master-levels.master-thief")
def test_beating_the_city_s_master_thief_makes_the_master_thief():
    s = away(game(modules=TITLES).at(0, "kings-way").set(0, strength=9))
    s.on_top("city", "Master Thief", "Lost Purse")
    roll(s, 1, *WIN)
    s.choose("move:gold-street")
    assert "master-thief" in levels(s)


@pytest.mark.rules("master-levels.sheriff", "master-levels.high-mage")
def test_the_sheriff_at_the_royal_castle_and_the_high_mage_at_the_magic_emporium():
    s = away(game(modules=TITLES).at(0, "kings-way").set(0, strength=7, gold=0))
    roll(s, 1)
    s.choose("move:royal-castle")
    s.dice(5).choose("seek")
    assert "sheriff" in levels(s)
    s = away(game(modules=TITLES).at(0, "star-street").set(0, gold=0).give(0, "Ring"))
    roll(s, 1)
    s.choose("move:magic-emporium")
    assert s.kind == "master-level"
