"""000's Brotherhood of the Bell (module ``brotherhood``): the percentile dice,
members found among the Strangers, membership and the places round the Bell,
the sixth member's Talisman, the Law's chance to know a member and its Warrant,
the Emperor's Guard as the Law, and the Donjon of the City for members."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.engine.cards import check_conservation
from talisman.engine.view import view
from talisman.modules.brotherhood import rules
from talisman.modules.emperors_guard import rules as guard
from talisman.testing import Scenario

BELL = ("brotherhood",)
CITY = ("city-classic", "brotherhood")


def game(*chars: str, modules: tuple[str, ...] = BELL) -> Scenario:
    return Scenario(list(chars or ("warrior", "wizard")), modules=modules).no_spells()


def member(s: Scenario, seat: int = 0, known: int = 1, **more) -> Scenario:
    s.game.touched()
    s.player(seat).status["bell"] = {"members": [f"card:{900 + i}" for i in range(known)], "place": 0, **more}
    return s


def d10(value: int) -> tuple[int, int]:
    """The two D10 that read as ``value`` (1 to 100)."""
    return ((value // 10) % 10 or 10, value % 10 or 10)


def meet_the_healer(s: Scenario, *dice: int) -> Scenario:
    s.at(0, "village").at(1, "crags").put("fields-1", "Healer")
    return s.arrive("fields-1", 1, *dice)


# --- D% -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "value"), [((6, 3), 63), ((2, 9), 29), ((10, 1), 1), ((10, 10), 100), ((1, 10), 10)])
@pytest.mark.rules("brotherhood.percent-dice")
def test_percent_dice_tens_and_ones(dice, value):
    g = Game.new(["warrior"], seed=1)
    g.script_dice(dice)
    assert rules.percent(g) == value


# --- the Strangers: discovering members -------------------------------------------------------------------


@pytest.mark.rules("brotherhood.stranger-reveal", "brotherhood.membership")
def test_a_stranger_is_a_member_on_20_percent_or_less_and_the_first_initiates():
    s = meet_the_healer(game(), *d10(21))
    assert rules.bell(s.game, 0) is None and "rolls 21%" in s.log()
    s = meet_the_healer(game(), *d10(20))
    found = rules.bell(s.game, 0)
    assert found is not None and len(found["members"]) == 1 and rules.PLACES[found["place"]] == "South"
    assert "is initiated" in s.log()
    assert "A member of the Brotherhood of the Bell, at the South" in view(s.game, 0)["players"][0]["notes"][0]


@pytest.mark.rules("brotherhood.stranger-reveal")
def test_a_stranger_known_already_is_not_rolled_for_again():
    s = game().at(0, "village").at(1, "crags").put("fields-1", "Healer")
    healer = s.game.cards_on(s.game.rules.space_index["fields-1"])[0]
    member(s).player(0).status["bell"]["members"] = [f"card:{healer}"]
    s.arrive("fields-1", 1)
    assert "for the Healer" not in s.log()


@pytest.mark.rules("brotherhood.sixth-member-talisman")
def test_the_sixth_member_gives_a_talisman_and_no_more_are_rolled_for():
    s = meet_the_healer(member(game(), known=5), *d10(7))
    assert len(rules.bell(s.game, 0)["members"]) == 6
    assert "Talisman" in s.names(s.player(0).objects)
    s = meet_the_healer(member(game(), known=6))
    assert "for the Healer" not in s.log()
    check_conservation(s.game)


@pytest.mark.rules("brotherhood.initiation-positions")
def test_a_member_who_brings_another_in_moves_up_round_the_bell():
    s = member(game("warrior", "wizard", "thief", "elf", "monk"))
    for other in (1, 2, 3, 4):
        s.game.touched()
        s.game.push("bell_join", p=other, by=0)
        s.game.advance()
    found = rules.bell(s.game, 0)
    assert rules.PLACES[found["place"]] == "North"  # South, East, West, North, and no higher
    assert len(found["members"]) == 5 and rules.bell(s.game, 4)["members"] == ["seat:0"]
    # the way in: a member meeting a character who is none asks it, and it may refuse
    s = member(game()).at(0, "village").at(1, "fields-1")
    s.arrive("fields-1", 1)
    s.choose("meet:1")
    s.choose("bell-recruit:1")
    assert s.kind == "bell-invite" and s.decision.player == 1
    s.choose("join")
    assert rules.bell(s.game, 1)["members"] == ["seat:0"] and rules.PLACES[rules.bell(s.game, 0)["place"]] == "East"


# --- the Law ---------------------------------------------------------------------------------------------------


def meet_the_watch(known: int, value: int) -> Scenario:
    s = member(game(modules=CITY), known=known).at(0, "kings-way").at(1, "village")
    s.on_top("city", "Watch")
    return s.arrive("gold-street", 1, *d10(value), 1, 6)  # then the Watch's fight, lost if it comes


@pytest.mark.parametrize("known", [1, 2, 3, 4, 5, 6])
@pytest.mark.rules("brotherhood.law-detection", "brotherhood.discovered-warrant")
def test_the_law_knows_a_member_by_the_members_it_knows(known):
    chance = rules.DETECTION[known]
    assert chance == {1: 10, 2: 15, 3: 20, 4: 25, 5: 30, 6: 40}[known]
    s = meet_the_watch(known, chance)
    assert rules.bell(s.game, 0)["exposed"] and s.player(0).status["warrant"]
    assert "the Watch tries to arrest Warrior" in s.log()  # the Warrant found, the Watch's card acts on it
    s = meet_the_watch(known, chance + 1)
    assert not rules.bell(s.game, 0).get("exposed") and "warrant" not in s.player(0).status


@pytest.mark.rules("brotherhood.purpose")
def test_the_law_hunts_members_only():
    s = game(modules=CITY).at(0, "kings-way").at(1, "village")
    s.on_top("city", "Watch")
    s.arrive("gold-street", 1)
    assert "% before the Watch" not in s.log() and "The Law has nothing against Warrior" in s.log()
    assert "% for the Watch" not in s.log()  # a Law card is the Law, not a Stranger who may be a member


def guard_meets_member(*dice: int, modules: tuple[str, ...] = ("emperors-guard", *CITY), **more) -> Scenario:
    s = member(game("warrior", "wizard", modules=modules), seat=1, **more).at(0, "crags").at(1, "graveyard")
    s.game.globals["guards"] = [{"id": 0, "space": s.game.rules.space_index["fields-1"]}]
    s.game.globals["guards-round"] = 0
    return s.dice(1, *dice).start()


@pytest.mark.rules("brotherhood.guard-is-law")
def test_the_emperors_guard_is_the_law_and_beating_a_known_member_sends_it_to_the_donjon():
    s = guard_meets_member(*d10(10))
    assert s.player(1).status["warrant"] and rules.bell(s.game, 1)["exposed"]
    assert s.kind == "guard-bribe" and not [i for i in s.options() if i.startswith("bribe")]  # no bribe: a Warrant
    s.dice(1, 6).choose("fight").fight()
    assert s.space_of(1) == "donjon" and s.player(1).lives == 3
    assert s.player(1).status["hold"]["effects"] == [{"hook": "bell-donjon"}]
    # not found out, a lost fight is a life only
    s = guard_meets_member(*d10(11), 3)
    s.dice(1, 6).choose("fight").fight()
    assert s.space_of(1) == "graveyard" and s.player(1).lives == 3
    # without the City there is no Donjon
    s = guard_meets_member(*d10(10), modules=("emperors-guard", "brotherhood"))
    s.dice(1, 6).choose("fight").fight()
    assert s.space_of(1) == "graveyard" and "no Donjon" in s.log()
    assert guard.guards(s.game)


# --- the Donjon --------------------------------------------------------------------------------------------------


def in_the_donjon(*dice: int, gold: int = 5, **more) -> Scenario:
    s = member(game(modules=CITY), **more).at(0, "donjon").at(1, "village").set(0, gold=gold).give(0, "Sword")
    s.player(0).status["warrant"] = True
    return s.dice(*dice).start()


@pytest.mark.rules("brotherhood.donjon.override")
def test_a_member_in_the_donjon_loses_every_possession_and_the_city_s_ways_out_are_not_offered():
    s = in_the_donjon()
    assert s.kind == "bell-donjon" and set(s.options()) == {"convince", "escape", "judged"}  # no bribe
    assert s.player(0).objects == [] and s.player(0).gold == 0
    check_conservation(s.game)
    # who is no member follows the City's rules there
    s = game(modules=CITY).at(0, "donjon").at(1, "village").set(0, gold=5)
    s.start()
    assert s.kind == "donjon" and "bribe" in s.options()


@pytest.mark.parametrize(("roll_", "out"), [(8, True), (10, True), (7, False)])
@pytest.mark.rules("brotherhood.donjon.convince")
def test_convincing_the_guard_d10_and_craft_10_or_more_to_the_castle(roll_, out):
    s = in_the_donjon()  # the warrior's Craft is 2
    s.dice(roll_).choose("convince")
    if out:
        assert s.space_of(0) == "castle" and "warrant" not in s.player(0).status
        assert not rules.bell(s.game, 0)["exposed"]
    else:
        assert s.space_of(0) == "donjon"


@pytest.mark.parametrize(("roll_", "out"), [(1, True), (2, False), (6, False)])
@pytest.mark.rules("brotherhood.donjon.escape")
def test_escaping_on_a_1(roll_, out):
    s = in_the_donjon()
    s.dice(roll_).choose("escape")
    assert (s.space_of(0) == "watch-street") == out
    assert s.player(0).status["warrant"]  # escaped or not, the Warrant stays


@pytest.mark.parametrize(
    ("roll_", "space", "gold", "lives", "alive"),
    [
        (6, "watch-street", 6, 4, True),
        (5, "watch-street", 0, 4, True),
        (4, "city-gate", 0, 4, True),
        (3, "donjon", 0, 4, True),
        (2, "donjon", 0, 3, True),
        (1, "donjon", 0, 0, False),
    ],
)
@pytest.mark.rules("brotherhood.donjon.judgement")
def test_the_judgement(roll_, space, gold, lives, alive):
    s = in_the_donjon()
    s.dice(roll_).choose("judged")
    p = s.player(0)
    assert p.alive == alive and p.lives == lives
    if alive:
        assert s.space_of(0) == space and p.gold == gold
    else:
        assert p.conceded and s.game.result is not None  # the wizard is the last one standing


@pytest.mark.rules("brotherhood.donjon.judgement")
def test_jailed_a_member_needs_a_6_for_its_movement_to_leave():
    s = in_the_donjon(jail="jailed")
    s.game.touched()
    assert s.space_of(0) == "donjon"
    s = member(game(modules=CITY), jail="jailed").at(0, "donjon").at(1, "village")
    s.dice(5).start()
    assert s.space_of(0) == "donjon" and "needs a 6" in s.log()
    s = member(game(modules=CITY), jail="jailed").at(0, "donjon").at(1, "village")
    s.dice(6).start()
    assert s.space_of(0) == "watch-street"


# --- the bots play it ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1])
def test_heuristic_bots_finish_games_with_the_brotherhood(seed):
    from talisman.engine.view import LazyView
    from talisman.sim.runner import make_agent

    g = Game.new(None, players=4, modules=("core", "brotherhood", "emperors-guard", "city-classic"), seed=seed)
    agents = [make_agent("heuristic", seed * 8 + i) for i in range(4)]
    while g.result is None and g.turn <= 800:
        d = g.decision
        g.apply(agents[d.player].choose(LazyView(g, d.player), d))
    assert g.result is not None
    check_conservation(g)


@pytest.mark.rules("brotherhood.donjon.override")
def test_let_out_by_another_rule_a_member_brought_back_loses_its_possessions_again():
    s = member(game(modules=CITY), jail="held").at(0, "watch-street").at(1, "village").give(0, "Sword")
    s.dice(1).start()  # out of the Donjon (a Pardon): a newcomer the next time
    assert not rules.bell(s.game, 0).get("jail")
    s.game.players[0].space = s.game.rules.space_index["donjon"]
    rules.jail(s.game, 0)
    assert s.player(0).objects == []
