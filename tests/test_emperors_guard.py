"""000's Emperor's Guard (module ``emperors-guard``): the Event that places the
pieces and the tax, their walk at the end of each round, their attack, the bribe
table, fighting them, what they do to the cards they find, closed Places and
hiding Followers.

The Outer Region, clockwise: village, fields-1, graveyard, woods-1, sentinel,
hills-1, chapel, ... fields-6 (then the village again)."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.engine.cards import check_conservation, held_by
from talisman.engine.view import view
from talisman.modules.emperors_guard import rules
from talisman.testing import Scenario

GUARD = ("emperors-guard",)
# the guard is Strength 5; the wizard (Strength 2) rolls one die, then the Guard's die
WIN, LOSE = (6, 1), (1, 6)


def game(*chars: str, modules: tuple[str, ...] = GUARD, **options) -> Scenario:
    return Scenario(list(chars or ("warrior", "wizard")), modules=modules, **options).no_spells()


def index(s: Scenario, space: str) -> int:
    return s.game.rules.space_index[space]


def guards_on(s: Scenario, *spaces: str) -> Scenario:
    """Guard pieces out since an earlier round: they walk as the first turn begins."""
    s.game.touched()
    s.game.globals["guards"] = [{"id": i, "space": index(s, sp)} for i, sp in enumerate(spaces)]
    s.game.globals["guards-round"] = 0
    return s


def where(s: Scenario) -> list[str]:
    return [s.game.rules.spaces[x["space"]].id for x in rules.guards(s.game)]


def warriors_turn_goes_on(s: Scenario) -> bool:
    """The guards done, the warrior (seat 0) moves (its only option, rolling, is taken at once)."""
    return s.decision.player == 0 and s.kind in ("turn", "move")


def draw_the_event(s: Scenario) -> Scenario:
    s.at(0, "village").on_top("adventure", "The Emperor's Guard")
    return s.arrive("fields-1", 1)


# --- the Event: placing and the tax ------------------------------------------------------------------


@pytest.mark.rules("emperors-guard.placement")
def test_the_event_places_a_guard_on_each_named_space_this_game_has():
    s = draw_the_event(game().at(1, "graveyard"))
    assert where(s) == ["city", "chapel", "tavern", "village"]  # City Gate (the City space), Village Square
    assert "4 Guards stay in the box" in s.log()  # the Monastery, the Endless Sea, the Tower, the Fortress
    assert s.player(0).lives == 4  # placing is no landing: the warrior is not attacked on the village
    # with the City in play, its own Gate
    s = draw_the_event(game(modules=(*GUARD, "city-classic")).at(1, "graveyard"))
    assert where(s)[0] == "city-gate"
    check_conservation(s.game)


@pytest.mark.rules("emperors-guard.placement")
def test_drawn_again_the_event_gathers_the_pieces_and_places_them_afresh():
    s = guards_on(game(), "woods-1")
    s.game.globals["guards-round"] = 1
    draw_the_event(s.at(1, "graveyard"))
    assert where(s) == ["city", "chapel", "tavern", "village"]


@pytest.mark.rules("emperors-guard.tax")
def test_every_character_pays_1_gold_tax_or_takes_a_warrant():
    s = game("warrior", "wizard", "thief").at(1, "graveyard").at(2, "graveyard")
    s.set(1, gold=0).set(2, gold=3)
    draw_the_event(s)
    assert s.player(0).gold == 0 and "warrant" not in s.player(0).status  # the warrior's starting gold
    assert s.player(1).status["warrant"] and s.player(1).gold == 0
    assert s.player(2).gold == 2 and "warrant" not in s.player(2).status


# --- the walk at the end of each round ----------------------------------------------------------------------


@pytest.mark.rules("emperors-guard.movement")
def test_at_the_end_of_the_round_one_die_walks_every_guard_clockwise_round_its_region():
    s = guards_on(game().at(0, "crags").at(1, "crags"), "village", "fields-6", "castle")
    s.dice(3).start()
    assert where(s) == ["woods-1", "graveyard", "hidden-valley"]  # fields-6 wraps round to the village; the Castle too
    assert s.game.globals["guards-round"] == 1
    # no more walking until the next round ends
    s.dice(1).start()
    assert where(s) == ["woods-1", "graveyard", "hidden-valley"]


@pytest.mark.rules("emperors-guard.movement")
def test_the_guard_of_the_city_gate_patrols_the_city_streets():
    s = guards_on(game(modules=(*GUARD, "city-classic")).at(0, "crags").at(1, "crags"), "city-gate")
    s.dice(2).start()
    assert where(s) == ["kings-way"]  # through the door into the Town Square, then on along the streets


@pytest.mark.rules("emperors-guard.movement")
def test_the_event_drawn_this_round_the_guards_first_walk_as_the_next_round_begins():
    s = draw_the_event(game().at(1, "graveyard"))
    assert s.game.globals["guards-round"] == 1
    s.game.players[0].space = index(s, "crags")  # out of the way
    s.dice(1).end_turn()  # the wizard's turn, still round 1: nothing walks
    assert where(s) == ["city", "chapel", "tavern", "village"]


# --- the attack and the bribe table --------------------------------------------------------------------------


def guard_comes(
    roll: int, gold: int = 0, *objects: str, warrant: bool = False, chars=("warrior", "wizard")
) -> Scenario:
    """A guard walks 1 from fields-1 onto the graveyard, where the wizard (seat 1) stands; then the bribe die."""
    s = game(*chars).at(0, "crags").at(1, "graveyard").set(1, gold=gold)
    if objects:
        s.give(1, *objects)
    if warrant:
        s.player(1).status["warrant"] = True
    guards_on(s, "fields-1")
    return s.dice(1, roll).start()


@pytest.mark.rules("emperors-guard.attack")
def test_a_guard_landing_on_a_character_attacks_it():
    s = guard_comes(1)
    assert s.decision.player == 1 and s.kind == "guard-bribe"
    assert "comes for Wizard" in s.log()
    s.dice(*LOSE).choose("fight").fight()
    assert s.player(1).lives == 3  # it took a life
    assert where(s) == ["graveyard"]
    assert warriors_turn_goes_on(s)


@pytest.mark.rules("emperors-guard.attack")
def test_several_characters_on_the_space_are_met_one_after_another():
    s = game("warrior", "wizard", "thief").at(0, "crags").at(1, "graveyard").at(2, "graveyard")
    guards_on(s, "fields-1")
    s.dice(1, 6, 6).start()  # the walk; the wizard's and the thief's bribe rolls: friends both
    assert s.log().count("takes Wizard for a friend") + s.log().count("takes Thief for a friend") == 2
    assert s.log().index("comes for Wizard") < s.log().index("comes for Thief")
    assert warriors_turn_goes_on(s)


@pytest.mark.rules("emperors-guard.attack")
def test_the_guard_may_be_evaded_as_any_creature():
    s = game("warrior", "elf").at(0, "crags").at(1, "woods-1")
    guards_on(s, "graveyard")
    s.dice(1, 1).start()  # no bribe will do: the one way, to fight, is taken at once
    assert s.kind == "combat" and "evade" in s.options()  # the Elf in the Woods
    s.choose("evade")
    assert s.player(1).lives == 4 and where(s) == ["woods-1"]


@pytest.mark.parametrize(
    ("roll_", "gold", "objects", "offers"),
    [
        (1, 9, ("Magic Belt",), set()),
        (2, 5, ("Magic Belt",), {"bribe:"}),
        (2, 4, ("Magic Belt",), set()),
        (2, 9, (), set()),
        (3, 5, ("Magic Belt",), {"bribe"}),
        (3, 4, ("Magic Belt",), set()),
        (4, 3, ("Magic Belt",), {"bribe", "bribe:"}),
        (4, 2, ("Magic Belt",), {"bribe:"}),
        (5, 1, (), {"bribe"}),
        (5, 0, ("Magic Belt",), {"bribe:"}),
        (5, 0, (), set()),
    ],
)
@pytest.mark.rules("emperors-guard.bribe-table")
def test_the_bribe_table(roll_, gold, objects, offers):
    s = guard_comes(roll_, gold, *objects)
    bribes = {i.split(":")[0] + (":" if ":" in i else "") for i in s.options() if i.startswith("bribe")}
    assert bribes == offers
    assert "fight" in s.options()


@pytest.mark.parametrize(("roll_", "gold"), [(2, 9), (4, 0), (5, 0)])
@pytest.mark.rules("emperors-guard.bribe-table")
def test_only_a_magic_object_or_item_pays_where_the_table_asks_for_one(roll_, gold):
    """Rows 2, 4 and 5 ask for "a Magic Object or Item": a plain Object (the Sword) is no bribe (our reading)."""
    s = guard_comes(roll_, gold, "Sword", "Helmet")
    assert not any(i.startswith("bribe:") for i in s.options())
    assert "Magic Object or Magic Item" in s.decision.prompt
    s = guard_comes(roll_, gold, "Sword", "Magic Belt")
    assert [s.game.card_name(int(i.split(":")[1])) for i in s.options() if i.startswith("bribe:")] == ["Magic Belt"]


@pytest.mark.rules("emperors-guard.bribe-table")
def test_paying_the_bribe():
    s = guard_comes(2, 6, "Magic Belt")
    s.choose("bribe:")
    assert s.player(1).gold == 1 and s.player(1).objects == [] and s.player(1).lives == 4
    s = guard_comes(4, 3, "Magic Belt")
    s.choose("bribe:")  # the Magic Belt instead of the gold
    assert s.player(1).gold == 3 and s.player(1).objects == []
    s = guard_comes(5, 3)
    s.choose("bribe")
    assert s.player(1).gold == 2
    assert warriors_turn_goes_on(s) and where(s) == ["graveyard"]  # bribed, the Guard stays
    check_conservation(s.game)


@pytest.mark.rules("emperors-guard.bribe-table")
def test_a_6_the_guard_is_a_friend_and_no_warrant_holder_may_bribe():
    s = guard_comes(6, 0)
    assert "for a friend" in s.log() and warriors_turn_goes_on(s)
    s = guard_comes(3, 9, warrant=True)  # no bribe die is rolled: the 3 is the warrior's movement
    assert s.kind == "guard-bribe" and s.options() == ["fight", "fight-psychic"]
    assert "takes no bribe" in s.log()


@pytest.mark.rules("emperors-guard.fight-option")
def test_refusing_the_bribe_a_beaten_guard_leaves_play_and_the_victor_takes_a_warrant():
    s = guard_comes(3, 9)
    s.dice(*WIN).choose("fight").fight()
    assert where(s) == [] and s.player(1).status["warrant"] and s.player(1).gold == 9
    s = guard_comes(3, 9)
    s.dice(*LOSE).choose("fight").fight()
    assert s.player(1).lives == 3 and where(s) == ["graveyard"] and "warrant" not in s.player(1).status
    s = guard_comes(3, 9)
    s.dice(3, 6).choose("fight").fight()  # 3 + 2 = 5, 6 + 5 = 11... a loss; a stand-off:
    s = guard_comes(3, 9)
    s.dice(4, 1).choose("fight").fight()  # 4 + 2 = 6 against 1 + 5 = 6
    assert "Stand-off" in s.log() and s.player(1).lives == 4 and where(s) == ["graveyard"]


@pytest.mark.rules("emperors-guard.fight-option")
def test_a_character_that_attacks_in_psychic_combat_may_fight_the_guard_so():
    s = guard_comes(1)
    assert "fight-psychic" in s.options()  # the wizard
    s.dice(2, 1).choose("fight-psychic").fight()  # 2 + Craft 5 against 1 + 3
    assert where(s) == [] and s.player(1).status["warrant"]
    s = guard_comes(1, chars=("wizard", "warrior"))
    assert "Warrior fights the Emperor's Guard in battle" in s.log()  # the one way, taken at once


# --- the cards the Guard finds -----------------------------------------------------------------------------


@pytest.mark.rules("emperors-guard.card-interaction")
def test_strangers_and_objects_are_discarded_places_close_followers_hide():
    s = game().at(0, "crags").at(1, "crags").put("woods-1", "Hermit", "Sword", "Shrine", "Guide")
    guards_on(s, "graveyard")
    s.dice(1).start()
    space = index(s, "woods-1")
    assert s.on_space("woods-1") == []
    assert s.names(held_by(s.game, rules.closed(space))) == ["Shrine"]
    assert s.names(held_by(s.game, rules.hiding(space))) == ["Guide"]
    assert {"Hermit", "Sword"} <= {s.game.card_name(c) for c in s.game.discards["adventure"]}
    pieces = view(s.game, 0)["pieces"]["woods-1"]
    assert {p["kind"] for p in pieces} == {"emperors-guard", "closed", "hiding"}
    check_conservation(s.game)


@pytest.mark.parametrize(
    ("dice", "enemy_left", "guard_left"), [((6, 1), False, True), ((1, 6), True, False), ((4, 6), True, True)]
)
@pytest.mark.rules("emperors-guard.card-interaction")
def test_the_guard_fights_an_enemy_it_finds(dice, enemy_left, guard_left):
    s = game().at(0, "crags").at(1, "crags").put("woods-1", "Bear")  # Strength 3 against the Guard's 5
    guards_on(s, "graveyard")
    s.dice(1, *dice).start()
    assert (s.on_space("woods-1") == ["Bear"]) == enemy_left
    assert (where(s) == ["woods-1"]) == guard_left


@pytest.mark.rules("emperors-guard.card-interaction")
def test_against_a_spirit_the_guard_fights_in_psychic_combat_and_ignores_the_space():
    s = game().at(0, "crags").at(1, "crags").put("woods-1", "Ghost")  # Craft 4 against the Guard's 3
    guards_on(s, "graveyard")
    s.dice(1, 6, 1).start()
    assert "in psychic combat: 9 against 5" in s.log() and s.on_space("woods-1") == []
    # a space with no card: the Guard does nothing there (the Chapel's instructions are not its own)
    s = guards_on(game().at(0, "crags").at(1, "crags"), "hills-1")
    s.dice(1).start()
    assert where(s) == ["chapel"] and warriors_turn_goes_on(s)


# --- closed Places and hiding Followers ----------------------------------------------------------------------


def face_down(*names: str) -> Scenario:
    s = game().at(0, "graveyard").at(1, "crags").put("woods-1", *names)
    guards_on(s, "graveyard")
    s.dice(1, 1).start()  # the Guard walks onto woods-1 and turns them down; the warrior rolls 1
    s.game.globals["guards"] = []  # and goes away
    return s


@pytest.mark.rules("emperors-guard.reopen-place")
def test_landing_on_a_closed_place_one_may_reopen_it_by_missing_a_turn():
    s = face_down("Shrine")
    s.choose("move:woods-1")
    assert s.kind == "guard-reopen"
    s.choose("reopen")
    assert s.player(0).lost_turns == 1
    assert "A wayside Shrine" in s.decision.prompt  # face up again, and met at once
    s = face_down("Shrine")
    s.choose("move:woods-1")
    s.choose("leave")
    assert "reopens" not in s.log() and s.names(held_by(s.game, rules.closed(index(s, "woods-1")))) == ["Shrine"]
    assert "draws a card" in s.log()  # face down, it is out of play: the Woods draws its card


@pytest.mark.rules("emperors-guard.hidden-follower")
def test_landing_on_a_hiding_follower_one_may_take_it_at_once():
    s = face_down("Guide")
    s.choose("move:woods-1")
    assert s.kind == "guard-hiding"
    s.choose("take")
    assert s.names(s.player(0).followers) == ["Guide"]
    check_conservation(s.game)


# --- the bots play it ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1])
def test_heuristic_bots_finish_games_with_the_guard(seed):
    from talisman.engine.view import LazyView
    from talisman.sim.runner import make_agent

    g = Game.new(None, players=4, modules=("core", "emperors-guard"), seed=seed, start=False)
    event = next(c for c in g.decks["adventure"] if g.card_name(c) == "The Emperor's Guard")
    g.decks["adventure"].remove(event)
    g.decks["adventure"].append(event)  # drawn first
    g.advance()
    agents = [make_agent("heuristic", seed * 8 + i) for i in range(4)]
    while g.result is None and g.turn <= 800:
        d = g.decision
        g.apply(agents[d.player].choose(LazyView(g, d.player), d))
    assert g.result is not None
    assert "The Emperor's Guard marches out" in "\n".join(e.text for e in g.events)


@pytest.mark.rules("emperors-guard.attack")
def test_the_character_whose_turn_begins_is_met_last_so_its_death_takes_nothing_else():
    s = game("warrior", "wizard", "thief").at(0, "woods-1").at(1, "graveyard").at(2, "crags").set(0, lives=1)
    guards_on(s, "graveyard", "fields-1")  # the first lands on the warrior, the second on the wizard
    s.dice(1, 1).start()  # the walk; no bribe will do for the wizard
    s.dice(6, 1, 1, 1, 1, 6).choose("fight").fight()  # the wizard beats its Guard; the warrior loses to its
    assert s.log().index("comes for Wizard") < s.log().index("comes for Warrior")
    assert s.player(1).status["warrant"] and not s.player(0).alive  # the wizard was met all the same


def test_the_terminal_map_shows_the_guards_and_the_cards_face_down():
    from rich.console import Console

    from talisman.cli.board_map import draw

    s = game().at(0, "crags").at(1, "crags").put("woods-1", "Shrine")
    guards_on(s, "graveyard", "tavern")
    s.dice(1).start()
    console = Console(width=200, color_system=None, record=True)
    console.print(draw(s.game.rules, view(s.game, 0)))
    text = console.export_text()
    assert "Guard, 1▼" in text and text.count("Guard") >= 2
