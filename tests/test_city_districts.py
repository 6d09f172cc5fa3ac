"""Another Talisman City (module ``city-districts``; talisman/modules/city_districts/):
the districts and moving between them, the gates, going in and out, every
district's encounter, the Gaol and Judgement Square, and the cards of 003.

The grid (board.toml, our layout):

    palace       palace-gate      judgement-square  north-gate  stables
    .            wizards-quarter  city-center       the-well    arena
    west-gate    west-side        temple-district   bazaar      harbour
    .            slums            gaol              .           .
"""

from __future__ import annotations

import pytest

from talisman.engine import cards as deck_cards
from talisman.engine.cards import check_conservation
from talisman.errors import ConfigError
from talisman.modules.city_districts import rules as city
from talisman.modules.city_districts.districts import riverside, sides_sailed
from talisman.testing import Scenario

rules = pytest.mark.rules
MODS = ("city-districts",)


def game(*chars: str, **stats) -> Scenario:
    """Seat 0 (a Warrior unless told) ready to play; the others far away (their first
    move stops the game, so that what follows seat 0's turn can be looked at)."""
    chars = chars or ("warrior", "thief")
    s = (
        Scenario(list(chars), modules=MODS)
        .no_spells()
        .set(0, **{"strength": 4, "craft": 4, "gold": 10, "lives": 5, **stats})
    )
    for seat in range(1, len(chars)):
        s.at(seat, "village")
    return s


def turn_of_0(s: Scenario, space: str | None = None) -> Scenario:
    """Drop what is pending and begin a turn of seat 0 (on ``space`` when given)."""
    g = s.game
    g.stack.clear()
    if space:
        s.at(0, space)
    g.active = 0
    g.push_all([("turn_start", {"p": 0}), ("turn_end", {"p": 0})])
    s.started = True
    g.advance()
    return s


NEXT_TO = {
    "palace": "palace-gate",
    "palace-gate": "judgement-square",
    "judgement-square": "north-gate",
    "north-gate": "stables",
    "stables": "north-gate",
    "wizards-quarter": "west-side",
    "city-center": "judgement-square",
    "the-well": "north-gate",
    "arena": "stables",
    "west-gate": "west-side",
    "west-side": "west-gate",
    "temple-district": "city-center",
    "bazaar": "the-well",
    "harbour": "arena",
    "slums": "west-side",
    "gaol": "temple-district",
}


def visit(s: Scenario, district: str, *dice: int) -> Scenario:
    """Seat 0 steps into ``district`` from the one beside it (a roll of 1); ``dice`` follow."""
    rolled(turn_of_0(s.dice(1, *dice), NEXT_TO[district]))
    return s.choose(f"move:{district}") if s.kind == "move" and s.decision.player == 0 else s


def rolled(s: Scenario) -> Scenario:
    """Roll to move (taken at once when it is the only thing to do)."""
    return s.choose("roll") if s.kind == "turn" else s


def idx(s: Scenario, sid: str) -> int:
    return s.game.rules.space_index[sid]


def holding(s: Scenario, holder: str) -> list[str]:
    return s.names(deck_cards.held_by(s.game, holder))


# --- the board ------------------------------------------------------------------------------------


@rules("city-districts.districts", "city-districts.palace-gate")
def test_each_district_leads_to_those_beside_it_and_the_palace_only_to_its_gate():
    g = game().game
    near = city.neighbours(g.rules)
    names = {g.rules.spaces[k].id: {g.rules.spaces[v].id for v in vs} for k, vs in near.items()}
    assert len(names) == 16
    assert names["palace"] == {"palace-gate"}
    assert names["palace-gate"] == {"palace", "judgement-square", "wizards-quarter"}
    assert names["city-center"] == {"judgement-square", "wizards-quarter", "the-well", "temple-district"}
    assert all(a in names[b] for a, bs in names.items() for b in bs)  # streets go both ways


@rules("city-districts.purpose", "city-districts.no-adventure-cards")
def test_no_district_draws_an_adventure_card():
    s = game()
    assert all(sp.draw == 0 for sp in s.game.rules.spaces if sp.region == city.REGION)
    before = len(s.game.decks["adventure"])
    visit(s, "palace-gate")
    assert len(s.game.decks["adventure"]) == before and s.on_space("palace-gate") == []


@rules("city-districts.board-size")
def test_the_city_is_drawn_from_its_grid():
    """003 sizes a printed board; ours is the region's grid, which both front ends draw."""
    region = game().game.rules.regions[city.REGION]
    assert region.shape == "grid" and len(region.grid) == 4 and all(len(row) == 5 for row in region.grid)


def test_the_two_cities_exclude_each_other():
    with pytest.raises(ConfigError, match="city"):
        Scenario(["warrior"], modules=("city-districts", "city-classic"))


# --- moving -----------------------------------------------------------------------------------------


def reachable(s: Scenario) -> set[str]:
    return {o.split(":", 1)[1] for o in s.options() if o.startswith("move:")}


@rules("city-districts.movement-table")
@pytest.mark.parametrize(("roll", "most"), [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4)])
def test_the_die_is_read_on_the_city_table(roll, most):
    s = game("troll", "thief")  # a Large character still rolls one six-sided die here
    rolled(turn_of_0(s.dice(roll), "city-center"))
    far = {d: 1 for d in ("judgement-square", "wizards-quarter", "the-well", "temple-district")}
    far |= {d: 2 for d in ("palace-gate", "north-gate", "west-side", "bazaar", "arena", "gaol")}
    far |= {d: 3 for d in ("palace", "stables", "west-gate", "slums", "harbour")}
    assert reachable(s) == {d for d, n in far.items() if n <= most}


@rules("city-districts.movement-table")
@pytest.mark.parametrize(("roll", "most"), [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4)])
def test_the_table_read_from_the_palace_where_every_row_reaches_further(roll, most):
    """From the City Center no district lies 4 away, so a 6 read as 3 would pass there; from the
    Palace five do (its only way out is the Palace Gate), and none lies 7 away."""
    s = game()
    rolled(turn_of_0(s.dice(roll), "palace"))
    far = {"palace-gate": 1, "judgement-square": 2, "wizards-quarter": 2}
    far |= {d: 3 for d in ("north-gate", "city-center", "west-side")}
    far |= {d: 4 for d in ("stables", "the-well", "temple-district", "slums", "west-gate")}
    if most == 1:  # one way only: taken at once
        assert s.space_of(0) == "palace-gate"
    else:
        assert reachable(s) == {d for d, n in far.items() if n <= most}


@rules("city-districts.movement-flex")
def test_a_character_may_move_fewer_districts_but_never_stays_where_it_began():
    s = game()
    rolled(turn_of_0(s.dice(6), "city-center"))
    got = reachable(s)
    assert {"judgement-square", "temple-district"} <= got  # one district is enough
    assert "city-center" not in got
    s.choose("move:temple-district")
    assert s.space_of(0) == "temple-district"


@rules("city-districts.movement-table", "toads-transformations.movement")
def test_a_toad_in_the_city_hops_to_a_district_beside_its_own():
    s = game()
    s.player(0).toad = True
    turn_of_0(s, "city-center")
    assert reachable(s) == {"judgement-square", "wizards-quarter", "the-well", "temple-district"}


# --- going in ----------------------------------------------------------------------------------------


def at_the_gates(s: Scenario) -> Scenario:
    """Seat 0 lands on the City Gates (the main board's City) from the space beside it."""
    before = s.game.rules.spaces[s.game.rules.ccw[idx(s, "city")]].id
    rolled(turn_of_0(s.dice(1), before))
    return s.choose("move:city")


@rules("city-districts.entering")
def test_a_character_stops_at_the_city_gates_and_goes_in_on_its_next_turn():
    s = at_the_gates(game())
    assert "stops at the City Gates" in s.log()
    assert s.player(0).lives == 5 and s.player(0).gold == 10  # the old City's visit is gone
    turn_of_0(s)
    assert {"enter-city:north-gate", "enter-city:west-gate"} <= set(s.options())
    s.dice(4).choose("enter-city:west-gate")
    assert s.space_of(0) == "west-gate"


@rules("city-districts.entering")
def test_no_gate_opens_to_one_who_did_not_stop_at_the_gates():
    s = turn_of_0(game(), "city")
    assert not any(o.startswith("enter-city") for o in s.options())


@rules("city-districts.no-riding-animals", "city-districts.no-bows", "city-districts.carry-limit")
def test_stopping_at_the_city_gates_leaves_beasts_and_loads_at_the_stables_and_bows_with_the_guards():
    """003 22:22, 22:23: "When you first stop at the City Gates you must leave them": at the stop, not at a gate."""
    s = game().give(0, "Horse", "Mule", "Bow", "Sword", "Helmet", "Shield", "Axe", "Armour")
    p = s.player(0)
    p.packed += p.objects[-2:]  # the Axe and the Armour ride on the Mule
    del p.objects[-2:]
    at_the_gates(s)
    assert s.space_of(0) == "city" and "stops at the City Gates" in s.log()
    assert sorted(holding(s, "city-stables:0")) == ["Armour", "Axe", "Horse", "Mule"]
    assert holding(s, "city-guards:0") == ["Bow"]
    assert s.names(p.objects) == ["Sword", "Helmet", "Shield"] and p.packed == [] and p.followers == []
    check_conservation(s.game)


@rules("city-districts.carry-limit")
def test_objects_beyond_four_wait_at_the_stables():
    s = game().give(0, "Sword", "Helmet", "Shield", "Axe", "Armour", "Water Bottle")
    s.player(0).status["traits"] = ["carry:2"]  # (a character who may carry more than 4 elsewhere)
    at_the_gates(s)
    assert s.names(s.player(0).objects) == ["Sword", "Helmet", "Shield", "Axe"]
    assert sorted(holding(s, "city-stables:0")) == ["Armour", "Water Bottle"]


@rules("city-districts.no-riding-animals", "city-districts.no-bows")
def test_what_a_character_got_after_its_stop_it_leaves_as_it_goes_in():
    s = at_the_gates(game())
    s.give(0, "Horse", "Bow")
    turn_of_0(s).dice(4).choose("enter-city:north-gate")
    assert holding(s, "city-stables:0") == ["Horse"] and holding(s, "city-guards:0") == ["Bow"]


# --- the gates -------------------------------------------------------------------------------------------


@rules("city-districts.north-gate", "city-districts.special.gate-closed")
def test_a_one_shuts_the_north_gate_until_the_end_of_the_rollers_second_turn():
    s = game()
    visit(s, "north-gate", 1)
    assert s.on_space("north-gate") == ["North Gate Closed"] and not city.gate_open(s.game, "north-gate")
    s.end_turn()
    for turn in (1, 2):
        turn_of_0(s, "north-gate")
        assert not any(o.startswith("leave-city") for o in s.options()), turn
        s.game.stack.clear()
        s.game.push("turn_end", p=0)
        s.game.advance()
        s.end_turn()
        assert city.gate_open(s.game, "north-gate") == (turn == 2)
    assert s.on_space("north-gate") == []
    check_conservation(s.game)


@rules("city-districts.west-gate", "city-districts.special.gate-closed")
def test_a_shut_west_gate_lets_no_one_in():
    s = game()
    visit(s, "west-gate", 1)
    assert s.on_space("west-gate") == ["West Gate Closed"]
    s2 = at_the_gates(s)
    turn_of_0(s2)
    assert "enter-city:north-gate" in s.options() and "enter-city:west-gate" not in s.options()


@rules("city-districts.west-gate")
def test_the_gate_stays_open_on_two_to_six():
    s = game()
    visit(s, "west-gate", 2)
    assert city.gate_open(s.game, "west-gate")


# --- leaving ------------------------------------------------------------------------------------------------


def away_from_the_gates(s: Scenario, n: int) -> set[str]:
    """The moves ``n`` spaces round the Outer Region, either way, from the City Gates."""
    r = s.game.rules
    out = set()
    for way in (r.cw, r.ccw):
        at = idx(s, "city")
        for _ in range(n):
            at = way[at]
        out.add(f"move:{r.spaces[at].id}")
    return out


def visit_with_a_horse_and_a_bow(s: Scenario) -> Scenario:
    """Seat 0 stops at the City Gates with a Horse and a Bow (left there), goes in and is back at the North Gate."""
    at_the_gates(s.give(0, "Horse", "Bow"))
    turn_of_0(s).dice(4).choose("enter-city:north-gate")
    s.end_turn()
    return turn_of_0(s, "north-gate")


@rules("city-districts.leaving", "city-districts.leaving.mount-theft")
@pytest.mark.parametrize(("die", "outcome"), [(1, "stolen"), (2, "accused"), (3, "back"), (6, "back")])
def test_leaving_the_movement_pauses_at_the_city_gates_where_a_beast_left_risks_a_thief(die, outcome):
    """003 22:6: the movement is under way (rolled) and paused at the City Gates when the beast's die is rolled."""
    s = visit_with_a_horse_and_a_bow(game())
    s.dice(3, die).choose("leave-city:north-gate")
    assert s.space_of(0) == "city" and s.kind == "take" and s.decision.prompt.startswith("You pause at the City Gates")
    assert "Warrior rolls a die for movement: 3" in s.log()  # the roll first: the 3 is the movement's
    s.choose("Bow").choose("Horse")
    p = s.player(0)
    if outcome == "stolen":
        assert "stolen" in s.log() and p.followers == [] and s.names(p.objects) == ["Bow"]
    elif outcome == "accused":
        assert s.space_of(0) == "judgement-square" and holding(s, "city-stables:0") == ["Horse"]
        assert holding(s, "city-guards:0") == ["Bow"]  # taken back, and left again with the Guards
        assert s.decision.player != 0  # its movement is over
    else:
        assert s.names(p.followers) == ["Horse"] and s.names(p.objects) == ["Bow"]
    if outcome != "accused":
        assert s.kind == "move" and away_from_the_gates(s, 3) <= set(s.options())  # the 3, from the Gates
        assert any(o.startswith("ride:") for o in s.options()) == (outcome == "back")  # mounted again: it may ride
    check_conservation(s.game)


@rules("city-districts.leaving", "city-districts.leaving.mount-theft")
def test_taking_a_beast_back_is_a_may_and_what_is_left_waits_for_a_later_way_out():
    s = visit_with_a_horse_and_a_bow(game())
    s.dice(3).choose("leave-city:north-gate")
    assert set(s.labels()) >= {"Go on, leaving the rest at the City Gates"}
    s.choose("Bow").choose("done")  # the Bow, not the Horse: no die for it
    assert s.kind == "move" and "the Horse at the Stables" not in s.log()
    assert holding(s, "city-stables:0") == ["Horse"] and s.names(s.player(0).objects) == ["Bow"]
    check_conservation(s.game)


@rules("city-districts.leaving", "city-districts.no-riding-animals")
def test_one_that_stopped_at_the_gates_and_moves_on_without_going_in_may_take_back_its_beast():
    s = at_the_gates(game().give(0, "Horse"))
    turn_of_0(s)
    assert "roll" in s.options() and "enter-city:north-gate" in s.options()
    s.dice(2, 5).choose("roll")
    assert (
        s.kind == "take"
        and s.decision.prompt.startswith("You pause at the City Gates")
        and "Warrior rolls a die for movement: 2" in s.log()
    )
    s.choose("Horse")
    assert s.names(s.player(0).followers) == ["Horse"] and s.kind == "move"
    assert away_from_the_gates(s, 2) <= set(s.options())


@rules("city-districts.leaving", "toads-transformations.movement")
def test_a_toad_leaving_by_a_gate_pauses_then_moves_one_space_with_no_roll():
    s = visit_with_a_horse_and_a_bow(game())
    s.player(0).toad = True
    s.choose("leave-city:north-gate")
    assert s.kind == "take" and "for movement" not in s.log().split("leaves the City")[-1]
    s.choose("done")
    assert s.kind == "move" and {o for o in s.options() if o.startswith("move:")} == away_from_the_gates(s, 1)


@rules("city-districts.leaving.mount-theft", "city-districts.purchase-mounts", "city-districts.stables")
def test_a_beast_bought_this_visit_comes_back_without_a_roll():
    s = game()
    visit(s, "stables").choose("buy:Horse")
    assert s.player(0).gold == 7 and holding(s, "city-stables:0") == ["Horse"]
    s.choose("buy:Dog")
    assert s.names(s.player(0).followers) == ["Dog"]  # a Dog stays with you
    s.choose("done")
    s.end_turn()
    turn_of_0(s, "west-gate").dice(3).choose("leave-city:west-gate")
    assert "no die" in " ".join(s.labels())
    s.choose("Horse")
    assert "Horse" in s.names(s.player(0).followers) and "the Horse at the Stables" not in s.log()


@rules("city-districts.stables")
def test_the_stables_price_list():
    s = game()
    visit(s, "stables")
    labels = set(s.labels())
    for item, price in (("Dog", 1), ("Mule", 2), ("Horse", 3), ("Horse and Cart", 4), ("Warhorse", 5)):
        assert f"Buy a {item} for {price}G" in labels


# --- shops -------------------------------------------------------------------------------------------------------


@rules("city-districts.bazaar", "city-districts.purchase-bow", "city-districts.purchase.bow")
def test_the_bazaar_price_list_and_a_bow_bought_waits_at_the_gates():
    s = game(gold=20)
    visit(s, "bazaar")
    prices = {
        "Torch": 1, "Water Bottle": 1, "Pastry": 1, "Fish Cake": 1, "Axe": 1, "Sword": 1, "Quiver of Arrows": 1,
        "Bow": 2, "Helmet": 2, "Great Axe": 3, "Shield": 3, "Armour": 4,
    }  # fmt: skip
    labels = set(s.labels())
    assert all(f"Buy a {item} for {price}G" in labels for item, price in prices.items())
    s.choose("buy:Bow")
    assert holding(s, "city-guards:0") == ["Bow"] and s.player(0).objects == []


@rules("city-districts.purchase-availability")
def test_a_thing_is_sold_only_while_its_cards_last():
    s = game(gold=20)
    for c in [c for c in s.game.decks["purchase"] if s.game.card_name(c) == "Great Axe"]:
        s.game.decks["purchase"].remove(c)
        s.game.discards["purchase"].append(c)
    visit(s, "bazaar")
    assert not any("Great Axe" in label for label in s.labels())


@rules("city-districts.wizards-quarter", "city-districts.purchase.scroll")
def test_a_scroll_from_the_wizards_quarter_is_read_for_a_spell():
    s = game("wizard", "thief", craft=5)
    visit(s, "wizards-quarter").choose("buy:Scroll")
    assert s.player(0).gold == 8 and s.names(s.player(0).cards) == ["Scroll"]
    s.choose("done")
    s.end_turn()
    turn_of_0(s, "wizards-quarter")
    s.choose("Read the Scroll")
    assert len(s.player(0).spells) == 1 and s.player(0).cards == []


# --- the districts ------------------------------------------------------------------------------------------------


@rules("city-districts.arena.gladiator", "city-districts.arena.rules")
def test_the_gladiator_pays_half_his_strength_and_a_beaten_character_loses_no_life():
    s = game(strength=20)
    visit(s, "arena", 5).choose("gladiator")  # Strength 5 + 2 = 7
    assert s.player(0).gold == 13 and s.player(0).trophies == [] and "Gladiator of Strength 7" in s.log()
    s = game(strength=1)
    visit(s, "arena", 5).choose("gladiator")
    assert "loses to the Gladiator" in s.log()
    assert s.player(0).lives == 5 and s.player(0).gold == 10


@rules("city-districts.arena.rules")
def test_followers_stay_out_of_the_arena():
    s = game(strength=20)
    s.give(0, "Mercenary", "Pastry")
    visit(s, "arena", 1).choose("gladiator")  # Strength 3
    assert s.kind == "combat" and holding(s, "city-arena:0") == ["Mercenary"] and s.player(0).followers == []
    s.fight()
    assert s.names(s.player(0).followers) == ["Mercenary"]
    check_conservation(s.game)


@rules("city-districts.arena.summon", "city-districts.arena.rules")
def test_a_character_summoned_to_the_arena_comes_leaving_its_beasts_and_loses_no_life():
    s = game(strength=20)
    s.give(1, "Horse")
    visit(s, "arena").choose("summon:1")
    assert s.space_of(1) == "arena" and holding(s, "city-stables:1") == ["Horse"]
    while s.kind in ("combat-magic", "defend"):
        s.choose(s.options()[0])
    assert s.player(1).lives == 4 and s.player(0).gold == 10 + s.player(1).strength // 2
    assert "wins the bout" in s.log()


@rules("city-districts.harbour.sailor")
@pytest.mark.parametrize(("die", "sailor"), [(1, True), (2, False), (6, False)])
def test_a_one_at_the_harbour_brings_a_drunken_sailor(die, sailor):
    s = game(gold=0, strength=20)
    visit(s, "harbour", die)
    assert ("fights the Drunken Sailor" in s.log()) == sailor


@rules("city-districts.harbour.passage")
def test_a_passage_costs_three_gold_and_a_turn_a_side_sailed():
    s = game()
    visit(s, "harbour", 4)
    far = max(riverside(s.game), key=lambda x: sides_sailed(s.game, x))
    assert sides_sailed(s.game, far) == 3
    s.choose(f"passage:{s.game.rules.spaces[far].id}")
    assert s.player(0).gold == 7
    s.end_turn()
    turn_of_0(s).choose("set-sail")
    assert s.game.players[0].space == far and s.player(0).lost_turns == 2


@rules("city-districts.temple-district")
@pytest.mark.parametrize(
    ("craft", "gift", "die", "outcome"),
    [(1, 0, 3, "life lost"), (4, 0, 3, "turn lost"), (4, 0, 5, "ignored"), (4, 1, 6, "life"), (4, 3, 6, "Blessing")],
)
def test_a_prayer_is_a_die_plus_craft_plus_the_gift(craft, gift, die, outcome):
    s = game(craft=craft)
    visit(s, "temple-district").dice(die).choose(f"pray:{gift}")
    p = s.player(0)
    assert p.gold == 10 - gift
    assert (p.lives, p.lost_turns, s.names(p.objects)) == {
        "life lost": (4, 0, []),
        "turn lost": (5, 1, []),
        "ignored": (5, 0, []),
        "life": (6, 0, []),
        "Blessing": (5, 0, ["Blessing"]),
    }[outcome]


@rules("city-districts.well")
@pytest.mark.parametrize(("a", "b", "check"), [(1, 1, "Talisman"), (6, 6, "life"), (5, 6, "Strength"), (3, 3, None)])
def test_the_wishing_well(a, b, check):
    s = game(lives=4)
    visit(s, "the-well", a, b).choose("wish")
    p = s.player(0)
    assert p.gold == 9
    if check == "Talisman":
        assert s.names(p.objects) == ["Talisman"]
    elif check == "life":
        assert p.lives == 5
    elif check == "Strength":
        s.choose("strength")
        assert p.strength == 5
    else:
        assert (p.lives, p.strength, p.objects) == (4, 4, [])


@rules("city-districts.well")
def test_a_three_at_the_well_gives_a_purchase_card_of_choice():
    s = game()
    visit(s, "the-well", 1, 2).choose("wish")
    s.choose("take:Armour")
    assert s.names(s.player(0).objects) == ["Armour"] and s.player(0).gold == 9


@rules("city-districts.city-center")
@pytest.mark.parametrize(
    ("a", "b", "check"),
    [
        (1, 2, lambda s, p: s.names(p.objects) == ["Blessing"]),
        (2, 3, lambda s, p: s.space_of(0) == "judgement-square" and p.status.get("on-trial")),
        (1, 5, lambda s, p: p.lives == 4),  # healed up to 2, no more than its 4 lives
        (3, 1, lambda s, p: p.lost_turns == 1),
        (4, 2, lambda s, p: s.names(p.cards) == ["Scroll"]),
        (3, 3, lambda s, p: p.gold == 12),
        (4, 4, lambda s, p: p.lost_turns == 1),
        (3, 5, lambda s, p: p.craft == 5),
        (5, 1, lambda s, p: s.names(p.followers) == ["Courtesan"]),
        (6, 4, lambda s, p: p.strength == 5),
        (5, 5, lambda s, p: p.gold == 13),
        (6, 6, lambda s, p: (p.gold, p.lives, p.lost_turns) == (10, 3, 0)),
    ],
)
def test_the_city_center_table(a, b, check):
    s = game(lives=3)
    visit(s, "city-center", a, b)
    assert check(s, s.player(0))


@rules("city-districts.city-center")
def test_the_city_center_thief_mercenary_tax_and_wandering_follower():
    s = game()
    s.give(0, "Sword")
    visit(s, "city-center", 1, 1)
    assert s.player(0).objects == [] and "Sword is stolen by a thief" in s.log()
    s = game(strength=20)
    visit(s, "city-center", 2, 4)
    line = next(x for x in s.log().splitlines() if "fights the Drunken Mercenary in battle" in x)
    assert line.split("against ")[1].split(" = ")[0].endswith("+ 3")  # his Strength
    s = game(gold=0)
    visit(s, "city-center", 6, 2)
    assert s.space_of(0) == "gaol"
    s = game()
    s.give(0, "Mercenary", "Dog")
    visit(s, "city-center", 5, 3)
    assert s.names(s.player(0).followers) == ["Dog"]  # the loyal Dog never wanders


@rules("city-districts.slums")
def test_the_slums_thugs_then_the_enchantress():
    s = game(strength=20)
    visit(s, "slums", 5, 1, 1, 1, 1, 1, 1, 5).choose("enchantress")  # 5 - 3 = 2 thugs; then a 5
    assert s.log().count("Thug") >= 2 and "reaches the Enchantress" in s.log() and s.player(0).lives == 6
    s = game(strength=20)
    visit(s, "slums", 2, 1, 1, 1, 1).choose("enchantress")  # 2 - 3: still 1 thug; then a 1
    assert "1 thug bars" in s.log() and s.player(0).toad


@rules("city-districts.slums")
def test_a_character_beaten_by_a_thug_never_sees_the_enchantress():
    s = game(strength=1)
    visit(s, "slums", 4, 1, 1, 6).choose("enchantress")  # the Warrior rolls two dice
    assert "reaches the Enchantress" not in s.log()


@rules("city-districts.west-side")
def test_the_chiurgeon_heals_at_a_gold_a_life():
    s = game(lives=2)
    visit(s, "west-side")
    assert "alchemist" not in s.options()  # nothing to sell: no Alchemist
    s.choose("chiurgeon").choose("heal:2")
    assert s.player(0).lives == 4 and s.player(0).gold == 8


@rules("city-districts.west-side")
def test_the_alchemist_buys_any_object_for_a_gold():
    s = game()
    s.give(0, "Sword", "Helmet")
    visit(s, "west-side").choose("alchemist")
    s.choose(s.options()[1])
    s.choose(s.options()[1])
    assert s.player(0).gold == 12 and s.player(0).objects == []


# --- the law --------------------------------------------------------------------------------------------------------


def accused(s: Scenario, die: int) -> Scenario:
    visit(s, "city-center", 2, 3)
    assert s.space_of(0) == "judgement-square" and s.player(0).status["on-trial"]
    return turn_of_0(s.dice(die))


@rules("city-districts.judgement-square")
@pytest.mark.parametrize(("die", "guilty"), [(1, True), (2, True), (3, False), (6, False)])
def test_the_trial(die, guilty):
    s = accused(game(), die)
    assert ("found guilty" in s.log()) == guilty and (s.space_of(0) == "gaol") == guilty
    if not guilty:
        assert s.space_of(0) == "judgement-square" and not s.player(0).status.get("hold")


@rules("city-districts.judgement-square")
def test_a_visitor_to_the_square_stands_no_trial():
    s = game()
    visit(s, "judgement-square")
    assert "trial" not in s.log()


@rules("city-districts.judgement-square")
@pytest.mark.parametrize(("lean", "guilty"), [("for", False), ("against", True), ("none", True)])
def test_bystanders_in_the_square_sway_the_trial(lean, guilty):
    s = game()
    visit(s, "city-center", 2, 3)
    s.at(1, "judgement-square")
    turn_of_0(s.dice(2 if lean != "against" else 3))
    assert s.decision.player == 1 and s.kind == "city-trial-lean"
    s.choose(lean)
    assert ("found guilty" in s.log()) == guilty


@rules("city-districts.card.map-sewers")
def test_the_map_of_the_sewers_slips_the_guards():
    s = game()
    s.give(0, "Map of the City Sewers")
    visit(s, "city-center", 2, 3)
    assert s.space_of(0) == "city-center" and "sewers" in s.log()


@rules("city-districts.gaol.confiscation")
def test_the_gaol_takes_objects_and_keeps_followers():
    s = game()
    s.give(0, "Sword", "Mercenary", "Horse")
    p = s.player(0)
    from talisman.modules.city_districts.law import arrest

    s.start()
    arrest(s.game, 0)
    assert s.space_of(0) == "gaol" and p.objects == [] and s.names(p.followers) == ["Mercenary"]
    assert holding(s, "city-stables:0") == ["Horse"] and p.lost_turns == 1
    check_conservation(s.game)


def jailed(s: Scenario) -> Scenario:
    from talisman.modules.city_districts.law import arrest

    s.start()
    s.game.stack.clear()
    arrest(s.game, 0)
    s.player(0).lost_turns = 0
    return s


@rules("city-districts.gaol.release")
@pytest.mark.parametrize(
    ("die", "where"), [(1, "north-gate"), (3, "north-gate"), (4, "gaol"), (5, "gaol"), (6, "north-gate")]
)
def test_the_gaol_release_roll(die, where):
    s = jailed(game())
    turn_of_0(s.dice(die))
    assert s.space_of(0) == where
    if where == "gaol":
        assert s.player(0).lost_turns == 1 and s.player(0).status["hold"]["what"] == "Gaol"
    else:
        assert s.player(0).status["city-released"]


@rules("city-districts.gaol.release", "city-districts.north-gate")
def test_one_let_out_waits_for_the_north_gate_and_leaves_by_it():
    s = jailed(game())
    turn_of_0(s.dice(1))
    s.game.globals["city-gate:north-gate"] = {"by": 1, "since": 99, "left": 2, "card": None}
    turn_of_0(s)
    assert s.space_of(0) == "north-gate" and "must wait" in s.log()
    del s.game.globals["city-gate:north-gate"]
    turn_of_0(s.dice(4))
    assert "leaves the City by the North Gate" in s.log()


@rules("city-districts.gaol.release")
def test_a_six_in_the_gaol_leads_into_the_dungeon_when_there_is_one():
    s = Scenario(["warrior", "thief"], modules=("city-districts", "dungeon-classic")).no_spells()
    s.at(1, "village")
    jailed(s)
    turn_of_0(s.dice(6))
    assert "down into the Dungeon" in s.log() and s.space_of(0) == "entrance"


@rules("city-districts.special.courtesan")
def test_the_courtesan_keeps_the_guards_off_once():
    s = game(gold=0)
    s.give(0, "Courtesan")
    visit(s, "city-center", 6, 2)  # no gold for the Tax Collector
    assert s.space_of(0) == "city-center" and s.player(0).followers == [] and "talks the City Guards" in s.log()


@rules("city-districts.character-combat")
@pytest.mark.parametrize(("die", "gaol"), [(2, False), (3, True)])
def test_a_battle_between_characters_in_the_streets_brings_the_guards(die, gaol):
    s = game(strength=20)
    s.at(1, "bazaar")
    visit(s, "bazaar", 6, 1, 1, die)  # the Warrior rolls two dice, the Thief one, then the Guards
    s.choose("meet:1")
    while s.kind in ("meet", "defend", "combat-magic", "spoils", "shop"):
        ids = s.options()
        s.choose(next((o for o in ids if o.startswith("attack")), ids[0]))
        if "rolls a die for the City Guards" in s.log():
            break
    assert ("drag both fighters off to the Gaol" in s.log()) == gaol


# --- the Palace and the Sheriff ---------------------------------------------------------------------------------


@rules("city-districts.palace")
@pytest.mark.parametrize(("die", "task"), [(1, 1), (2, 2), (3, 3), (6, None)])
def test_enlisting_at_the_palace(die, task):
    s = game()
    visit(s, "palace").dice(die).choose("enlist")
    got = s.player(0).status.get("king-task")
    assert (got["n"] if got else None) == task


@rules("city-districts.palace")
def test_a_task_done_pays_four_gold_at_the_palace():
    s = game()
    s.player(0).status["king-task"] = {"n": 2}
    s.trophy(0, "Dragon")
    visit(s, "palace")
    assert s.player(0).gold == 14 and s.player(0).trophies == [] and "king-task" not in s.player(0).status


@rules("city-districts.palace", "city-districts.card.deserter")
def test_an_outlaw_goes_to_the_sheriff_then_the_king_pays():
    s = game()
    s.player(0).status["king-task"] = {"n": 1}
    s.trophy(0, "Bandit", "Deserter")
    visit(s, "gaol")
    bandit = [o for o in s.options() if o.startswith("hand-over:")]
    s.choose(bandit[0])
    assert s.player(0).status["king-task"]["done"]
    rolled(turn_of_0(s.dice(1), "palace-gate"))
    s.choose("move:palace")
    assert s.player(0).gold == 14


@rules("city-districts.card.deserter")
def test_the_sheriff_buys_a_deserter_for_two_gold():
    s = game()
    s.trophy(0, "Deserter")
    visit(s, "gaol")
    s.choose([o for o in s.options() if o.startswith("reward:")][0])
    assert s.player(0).gold == 12 and s.player(0).trophies == []


@rules("city-districts.card.king", "city-districts.card.queen")
def test_the_king_and_the_queen_are_escorted_to_the_palace():
    s = game()
    s.put("fields-1", "King")
    rolled(turn_of_0(s.dice(1), "village"))
    s.choose("move:fields-1")
    s.choose("escort")
    assert holding(s, "city-escort:0") == ["King"] and s.player(0).followers == []
    visit(s, "palace")
    s.choose("take:Armour")
    s.choose("take:Sword")
    assert s.kind == "city-palace"  # and then the King may give a task
    assert sorted(s.names(s.player(0).objects)) == ["Armour", "Sword"]
    s = game()
    s.put("fields-1", "Queen")
    rolled(turn_of_0(s.dice(1), "village"))
    s.choose("move:fields-1")
    s.choose("escort")
    visit(s, "palace")
    assert s.player(0).gold == 15
    check_conservation(s.game)


# --- the Adventure and Purchase cards ---------------------------------------------------------------------------------


def draw_at_fields(s: Scenario, name: str) -> Scenario:
    s.on_top("adventure", name)
    rolled(turn_of_0(s.dice(1), "village"))
    return s.choose("move:fields-1")


@rules("city-districts.card.county-patrol")
def test_going_peacefully_with_the_county_patrol_means_a_trial():
    s = draw_at_fields(game(), "County Patrol").choose("go")
    assert s.space_of(0) == "judgement-square" and s.player(0).status["on-trial"]


@rules("city-districts.card.county-patrol")
@pytest.mark.parametrize(("die", "gaol"), [(6, False), (1, True)])
def test_fighting_the_county_patrol(die, gaol):
    s = draw_at_fields(game(), "County Patrol")
    s.dice(die, die, 6 if die == 1 else 1).choose("fight")  # the Warrior rolls two dice
    assert (s.space_of(0) == "gaol") == gaol
    assert s.player(0).lives == (4 if gaol else 5)


@rules("city-districts.purchase.pastry", "city-districts.purchase.fish-cake")
def test_a_pastry_is_eaten_before_a_battle():
    s = game()
    s.give(0, "Pastry", "Fish Cake")
    visit(s, "city-center", 2, 4)  # the drunken mercenary, Strength 3
    assert not any("Fish Cake" in label for label in s.labels())
    s.choose("Eat the Pastry")
    s.dice(3).fight()  # 3 + 4 + 1 = 8 against 3 + the creature's die
    assert s.names(s.player(0).objects) == ["Fish Cake"]


@rules("city-districts.purchase.dog", "city-districts.purchase.horse", "city-districts.purchase.warhorse")
def test_the_purchase_cards_of_the_stables():
    g = game().game
    dog, horse, war, cart = (
        g.rules.cards[k] for k in ("purchase-dog", "purchase-horse", "purchase-warhorse", "purchase-horse-and-cart")
    )
    assert (dog.strength, dog.craft, dog.count, horse.count) == (2, 1, 3, 2)
    assert horse.capacity == 4 and war.bonus == {"battle_strength": 1} and cart.capacity > 20


@rules("city-districts.special.blessing")
def test_a_blessing_is_discarded_to_roll_again():
    s = game()
    visit(s, "palace", 6)  # enlisting: a 6 (no task)...
    s.give(0, "Blessing")
    s.choose("enlist")
    assert s.kind == "fate" and "reroll-card:" in " ".join(s.options())
    s.dice(2).choose("reroll-card:")
    assert s.player(0).status["king-task"]["n"] == 2 and s.player(0).objects == []  # ...rolled again: a 2
    check_conservation(s.game)


@rules("city-districts.special.blessing")
def test_a_blessing_rolls_a_battle_die_again():
    s = game(strength=3)
    s.give(0, "Blessing")
    visit(s, "city-center")
    assert s.kind == "fate" and "movement" in s.decision.prompt  # any roll: the movement die too
    s.dice(2, 4, 1, 1).choose("keep").choose("move:city-center")  # the drunken mercenary; the Warrior rolls 1s
    while s.kind == "fate" and "battle" not in s.decision.prompt and "rolled 1" not in s.decision.prompt:
        s.choose("keep")
    s.fight()
    assert s.kind == "fate"
    s.dice(6, 6, 1).choose("reroll-card:")
    assert "kills the Drunken Mercenary" in s.log() and s.player(0).objects == []


@rules("city-districts.purchase.dog")
def test_the_dog_fights_in_its_holders_place_and_is_never_taken():
    s = game(strength=1)
    s.give(0, "Dog")
    visit(s, "city-center", 2, 4)  # the drunken mercenary, Strength 3
    assert "stand-in:" in " ".join(s.options())
    s.dice(6, 1).choose("stand-in:")
    assert "kills the Drunken Mercenary" in s.log() and s.player(0).lives == 5
    s.give(0, "Mercenary")
    from talisman.engine import effects

    s.game.stack.clear()
    effects.run(s.game, 1, [{"steal": {"what": ["follower"]}}], {"target": 0})
    s.game.advance()
    assert not any("Dog" in label for label in s.labels())


@rules("city-districts.purchase.great-axe")
def test_the_great_axe_adds_two_and_breaks_on_a_one():
    g = game().game
    axe = g.rules.cards["purchase-great-axe"]
    assert axe.weapon and axe.bonus == {"battle_strength": 2}
    s = game(strength=10)
    s.give(0, "Great Axe")
    visit(s, "city-center", 2, 4, 1, 3, 1)  # the Warrior's two dice show a 1
    assert "the Great Axe breaks" in s.log() and s.player(0).objects == []
    s = game(strength=10)
    s.give(0, "Great Axe")
    visit(s, "city-center", 2, 4, 3, 3, 1)
    assert s.names(s.player(0).objects) == ["Great Axe"]


def archer(*names: str, **stats) -> Scenario:
    s = game(**stats)
    s.give(0, "Bow", *names)
    return s


@rules("city-districts.purchase.bow", "city-districts.purchase.quiver")
def test_the_bow_shoots_an_enemy_three_spaces_away_instead_of_moving():
    s = archer("Quiver of Arrows", strength=10)
    s.put("woods-1", "Bear")  # three spaces from the Village
    turn_of_0(s.dice(6, 6, 1), "village")
    shot = [o for o in s.options() if o.startswith("shoot:enemy:")]
    assert shot and not any("graveyard" in o for o in shot)
    s.choose(shot[0])
    assert s.names(s.player(0).trophies) == ["Bear"] and s.on_space("woods-1") == []
    assert s.names(s.player(0).objects) == ["Bow"]  # the Quiver was spent, not the Bow
    assert s.space_of(0) == "village"


@rules("city-districts.purchase.bow")
def test_an_archer_who_loses_loses_no_life_and_the_bow_is_spent():
    s = archer(strength=1)
    s.put("woods-1", "Bear")
    turn_of_0(s.dice(1, 1, 6), "village")
    s.choose([o for o in s.options() if o.startswith("shoot:enemy:")][0])
    assert s.player(0).lives == 5 and s.player(0).objects == [] and s.on_space("woods-1") == ["Bear"]


@rules("city-districts.purchase.bow")
def test_the_bow_reaches_a_character_in_the_same_region_only():
    s = archer(strength=10)
    s.at(1, "fields-1")
    turn_of_0(s.dice(6, 6, 1), "village")
    s.choose("shoot:character:1")
    while s.kind in ("defend", "combat-magic"):
        s.choose(s.options()[0])
    assert s.player(1).lives == 3  # the Thief, hit
    s = archer()
    s.at(1, "hills-3")  # the Middle Region
    turn_of_0(s, "village")
    assert not any(o.startswith("shoot:character") for o in s.options())


@rules("city-districts.purchase.horse", "city-districts.purchase.warhorse", "city-districts.purchase.horse-and-cart")
@pytest.mark.parametrize(("mount", "most"), [("Horse", 3), ("Warhorse", 2), ("Horse and Cart", 1)])
def test_a_mount_adds_to_the_movement_roll(mount, most):
    s = game()
    s.give(0, mount)
    turn_of_0(s.dice(2), "village")
    if s.kind == "turn":
        s.choose("roll")
    rides = [o for o in s.options() if o.startswith("ride:")]
    assert rides == [f"ride:{k}" for k in range(1, most + 1)]
    s.choose(f"ride:{most}")
    assert s.kind == "move" and not any(o.startswith("ride:") for o in s.options())
    assert f"move {2 + most}" not in s.options()


@rules("city-districts.purchase.mount-follower-lag")
def test_followers_left_behind_by_a_ride_are_fetched_next_turn_or_ditched():
    s = game()
    s.give(0, "Horse", "Mercenary")
    turn_of_0(s.dice(2), "village")
    s.choose("ride:1")
    s.choose(s.options()[0])
    assert s.on_space("village") == ["Mercenary"] and s.names(s.player(0).followers) == ["Horse"]
    turn_of_0(s)
    s.choose("ride-back")
    assert s.space_of(0) == "village" and s.names(s.player(0).followers) == ["Horse", "Mercenary"]
    check_conservation(s.game)


@rules("city-districts.purchase.mount-follower-lag", "city-districts.purchase.horse-and-cart")
def test_up_to_three_followers_ride_in_the_cart():
    s = game()
    s.give(0, "Horse and Cart", "Mercenary", "Gnome", "Pixie", "Unicorn")
    turn_of_0(s.dice(2), "village")
    s.choose("ride:1")
    assert len(s.on_space("village")) == 1 and len(s.player(0).followers) == 4


@rules("city-districts.changelog")
def test_the_module_follows_003s_last_revision():
    """12/23/00 Palace rules (the King's tasks), 01/09/00 mounts (the movement bonuses),
    03/17/99 the gates' cards, 05/09/99 no Titles."""
    r = game().game.rules
    assert {"north-gate-closed", "west-gate-closed"} <= set(r.cards)
    assert "ride:3" in r.cards["purchase-horse"].traits
    assert not any(c.type == "title" and c.source.startswith("003") for c in r.cards.values())
    assert "quests" in r.spaces[r.space_index["palace"]].text or "task" in r.spaces[r.space_index["palace"]].text


@rules("city-districts.special.courtesan")
def test_the_courtesan_leaves_with_the_visit():
    s = game()
    visit(s, "city-center", 5, 1)
    assert s.names(s.player(0).followers) == ["Courtesan"]
    turn_of_0(s.dice(3), "west-gate").choose("leave-city:west-gate")
    assert s.player(0).followers == [] and "loses interest" in s.log()


@rules("city-districts.no-riding-animals")
def test_what_waits_at_the_stables_is_discarded_when_its_owner_dies():
    s = at_the_gates(game().give(0, "Horse"))
    from talisman.engine import lives

    lives.kill(s.game, 0, "a test")
    s.game.advance()
    assert holding(s, "city-stables:0") == [] and s.names(s.game.decks["purchase"]).count("Horse") == 2
    check_conservation(s.game)


@rules("city-districts.palace")
def test_the_kings_task_shows_on_the_sheet():
    s = game()
    visit(s, "palace").dice(2).choose("enlist")
    assert "In the King's service: slay a Dragon." in s.game.view(0)["players"][0]["notes"]
