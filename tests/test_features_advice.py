"""The modules' advice takes the features that pay (issue 35, "every feature used where it
pays"): arranged positions, each where the rule-aware bot now chooses a feature its advice used
to pass by (the ways past the Sentinel by the City's water, a Warrant, stowing away, a Spell in
the Timescape, a closed Place reopened, a Mirror, a rival brought into the Brotherhood...)."""

from __future__ import annotations

import pytest

from talisman.bots import act, make_bot
from talisman.testing import Scenario


def bot_says(s: Scenario, seed: int = 0) -> str:
    """The rule-aware bot's answer to the pending decision (not applied)."""
    s.start()
    return act(make_bot("heuristic", seed), s.game)


def city(*modules: str) -> Scenario:
    """The Warrior (Strength 6, Craft 4: the Warlock's quest calls, the Sentinel is too strong) and the Wizard."""
    s = Scenario(["warrior", "wizard"], modules=modules or ("city-classic",)).no_spells()
    return s.set(0, strength=6, craft=4, lives=4).at(1, "village")


# --- the Talisman City (000) ------------------------------------------------------------------------


def test_kept_out_by_the_sentinel_the_bot_takes_the_wharf_s_barge_to_the_middle_region():
    s = city().at(0, "wharf").set(0, gold=5)
    assert bot_says(s) == "barge:middle"
    s.choose("barge:middle")
    said = bot_says(s)  # ashore in the Middle Region, where landing is worth most toward its aim
    assert s.kind == "voyage" and said.startswith("move:")
    assert s.game.rules.spaces[s.game.rules.space_index[said.removeprefix("move:")]].region == "middle"
    strong = city().at(0, "wharf").set(0, gold=5, strength=10, lives=5)  # it dares the bridge: by road
    assert bot_says(strong) != "barge:middle"


def test_kept_out_by_the_sentinel_the_bot_heads_for_the_city_for_its_barge():
    from talisman.bots.heuristic import HeuristicBot
    from talisman.engine.view import agent_view
    from talisman.modules.core.advice.common import target

    def heads(s: Scenario) -> str:
        bot = make_bot("heuristic", 0)
        assert isinstance(bot, HeuristicBot)
        bot._setup(agent_view(s.game, 0), s.start().game.decision)
        return target(bot)

    assert heads(city().at(0, "hills-1").set(0, gold=6)) == "city"
    assert heads(city().at(0, "hills-1").set(0, gold=2)) == ""  # no fare: it grows stronger first
    s = city().at(0, "hills-1").set(0, gold=6)
    s.on_top("adventure", "Barge").arrive("fields-2", 2)
    assert s.kind == "barge" and bot_says(s) == "ride"


def test_with_a_last_life_the_bot_tries_to_escape_the_donjon_rather_than_be_judged():
    from talisman.modules.city_classic import law

    def jailed(lives: int) -> Scenario:
        s = city().at(0, "donjon").set(0, gold=0, lives=lives)
        law.hold(s.game, 0)
        return s

    assert bot_says(jailed(1)) == "escape"  # the judge may flog: a life
    assert bot_says(jailed(3)) == "judged"


def test_a_warrant_is_laid_on_the_rival_furthest_along_with_a_gold_to_spare():
    s = rolled(city().at(0, "kings-way").set(0, gold=2).set(1, strength=9, craft=6), 1).choose("move:royal-castle")
    assert s.kind == "warrant" and bot_says(s) == "warrant:1"
    s = rolled(city().at(0, "kings-way").set(0, gold=1), 1).choose("move:royal-castle")
    assert bot_says(s) == "none"  # its last gold: penniless in the City is a crime


def test_done_with_the_city_and_without_a_fare_a_bot_that_could_beat_the_sailor_stows_away():
    s = city().at(0, "wharf").set(0, gold=1, strength=6)
    assert "stowaway" in s.start().options() and bot_says(s) == "stowaway"
    weak = city().at(0, "wharf").set(0, gold=1, strength=3, craft=3)
    assert bot_says(weak) != "stowaway"


def rolled(s: Scenario, n: int) -> Scenario:
    """Start the turn and roll ``n`` for movement."""
    s.dice(n).start()
    return s.choose("roll") if s.kind == "turn" else s


def pedlar(s: Scenario) -> Scenario:
    return rolled(s.on_top("city", "Pedlar").at(0, "kings-way"), 1).choose("move:town-square")


def test_the_pedlar_s_helmet_is_bought_by_one_without_armour_who_could_beat_the_watch():
    s = pedlar(city().set(0, gold=3, strength=7))
    assert s.kind == "choose" and "buy-helmet" in s.options() and bot_says(s) == "buy-helmet"
    assert bot_says(pedlar(city().set(0, gold=3, strength=7).give(0, "Helmet"))) != "buy-helmet"
    assert bot_says(pedlar(city().set(0, gold=3, strength=5))) != "buy-helmet"  # the Watch would take it


# --- Another Talisman City (003) ------------------------------------------------------------------


def districts(**stats: int) -> Scenario:
    """The Warrior in the City (Strength 6, Craft 4, 10 gold: the Warlock calls, the Sentinel is too strong)."""
    s = Scenario(["warrior", "thief"], modules=("city-districts",)).no_spells().at(1, "village")
    return s.set(0, **{"strength": 6, "craft": 4, "gold": 10, "lives": 5, **stats})


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


def visit(s: Scenario, district: str, beside: str, *dice: int) -> Scenario:
    """Seat 0 steps into ``district`` from ``beside`` (a roll of 1); ``dice`` follow."""
    turn_of_0(s.dice(1, *dice), beside)
    s.choose("roll") if s.kind == "turn" else None
    return s.choose(f"move:{district}") if s.kind == "move" else s


def test_kept_out_by_the_sentinel_the_bot_books_a_passage_at_the_harbour_to_the_middle_region():
    s = visit(districts(), "harbour", "arena", 4)
    assert s.kind == "city-harbour" and bot_says(s) == "passage:warlocks-cave"
    strong = visit(districts(strength=10), "harbour", "arena", 4)
    assert bot_says(strong) == "none"  # it dares the bridge: it walks


def test_at_the_arena_the_bot_summons_a_rival_further_along_else_fights_the_gladiator():
    s = visit(districts(), "arena", "stables").set(1, strength=9, craft=8)
    s.give(1, "Talisman")
    assert s.kind == "city-arena" and bot_says(s) == "summon:1"
    assert bot_says(visit(districts(), "arena", "stables")) == "gladiator"  # a bout costs no life


def test_the_alchemist_buys_what_the_bot_holds_twice():
    s = visit(districts().give(0, "Sword", "Sword", "Armour"), "west-side", "west-gate")
    assert s.kind == "city-west-side" and bot_says(s) == "alchemist"
    s.choose("alchemist")
    assert s.kind == "sell" and s.game.rules.card_of(s.decision.option(bot_says(s)).card).name == "Sword"
    s.choose(bot_says(s))
    assert s.names(s.player(0).objects) == ["Sword", "Armour"] and bot_says(s) == "done"  # the one it uses kept


def test_a_bystander_in_judgement_square_speaks_against_the_accused():
    s = visit(districts(), "city-center", "judgement-square", 2, 3)  # accused by the City Guards
    s.at(1, "judgement-square")
    turn_of_0(s.dice(3))
    assert s.decision.player == 1 and s.kind == "city-trial-lean" and bot_says(s) == "against"


# --- the Talisman Timescape (000) -----------------------------------------------------------------------


def timescape(*spells: str) -> Scenario:
    """The Wizard in the Nexus with these Spells; the Warrior in the Tavern, with gold and a Sword."""
    s = Scenario(["wizard", "warrior"], modules=("timescape",)).no_spells().give(0, *spells)
    s.at(0, "nexus").set(0, status={"timescape": True}).at(1, "tavern").set(1, gold=4).give(1, "Sword")
    return s


def test_in_the_timescape_the_bot_casts_the_spells_wild_magic_leaves_worth_casting():
    s = timescape("Temporal Warp")
    said = bot_says(s)
    assert said.startswith("cast:") and s.game.rules.card_of(s.decision.option(said).card).name == "Temporal Warp"
    s.dice(5).choose(said)
    assert "Wild magic: the Temporal Warp" in s.log()
    theft = timescape("Acquisition")
    said = bot_says(theft)
    assert said.startswith("cast:") and theft.decision.option(said).args["target"] == 1  # reversed, it does nothing
    outside = timescape("Temporal Warp").at(0, "fields-1").set(0, status={})
    assert not bot_says(outside).startswith("cast:")  # (the core game's advice, outside)


# --- the Emperor's Guard (000) ------------------------------------------------------------------------------


def closed_place(name: str) -> Scenario:
    """A Place the Guard closed on the first Woods; the Warrior steps onto it."""
    from talisman.engine import cards
    from talisman.modules.emperors_guard import rules

    s = Scenario(["warrior", "wizard"], modules=("emperors-guard",)).no_spells().at(0, "graveyard").at(1, "crags")
    card = s.find(name)
    s._unplace(card)
    cards.hold(s.game, rules.closed(s.game.rules.space_index["woods-1"]), card)
    return rolled(s, 1).choose("move:woods-1")


def test_a_closed_place_that_gives_for_good_is_reopened_at_the_price_of_a_turn():
    s = closed_place("Fountain of Wisdom")
    assert s.kind == "guard-reopen" and bot_says(s) == "reopen"
    assert bot_says(closed_place("Marsh")) == "leave"


# --- the Brotherhood of the Bell (000) ----------------------------------------------------------------------


def test_a_member_meets_a_rival_it_finds_to_bring_it_in():
    from talisman.modules.brotherhood.advice import MEMBER

    s = Scenario(["warrior", "wizard"], modules=("brotherhood",)).no_spells().at(0, "fields-1").at(1, "fields-2")
    s.player(0).status["bell"] = {"members": ["card:1"], "place": 0}
    s.set(0, strength=4).set(1, strength=6)  # no fight worth picking
    rolled(s, 6).choose("move:fields-2")
    assert s.kind == "encounter" and "meet:1" in s.options()
    bot = make_bot("heuristic", 0)
    assert act(bot, s.game) == "space"  # not known a member yet: the space
    bot.memory[MEMBER] = True
    assert act(bot, s.game) == "meet:1"
    s.choose("meet:1")
    assert s.kind == "meet" and act(bot, s.game) == "bell-recruit:1"
    fresh = make_bot("heuristic", 1)
    act(fresh, s.game)
    assert fresh.memory[MEMBER]  # a meeting that offers to bring the other in tells it
    s.choose("bell-recruit:1")
    assert s.kind == "bell-invite" and s.decision.player == 1 and bot_says(s) == "join"


# --- the characters' abilities (the roster, the Dungeon's five) ------------------------------------------------


def test_the_leprechaun_teleports_on_a_four_when_a_space_of_the_region_beats_every_walk():
    s = Scenario(["leprechaun", "wizard"], modules=("roster",)).no_spells().at(0, "fields-1").at(1, "crags")
    s.set(0, strength=6, craft=4, lives=4)  # the Warlock's quest calls
    rolled(s.put("hills-1", "Dragon").put("plains-4", "Dragon").put("hills-3", "Dragon"), 4)  # every walk lands badly
    assert "teleport" in s.options() and bot_says(s) == "teleport"


def test_the_merchant_sells_an_object_it_holds_twice():
    s = Scenario(["merchant", "wizard"], modules=("roster",)).no_spells().at(0, "fields-1").at(1, "crags")
    s.give(0, "Axe", "Axe")
    assert "trade-objects" in s.start().options() and bot_says(s) == "trade-objects"
    s.choose("trade-objects")
    assert s.kind == "sell" and bot_says(s).startswith("sell:")
    lone = Scenario(["merchant", "wizard"], modules=("roster",)).no_spells().at(0, "fields-1").at(1, "crags")
    assert bot_says(lone.give(0, "Axe")) != "trade-objects"


def test_the_gypsy_sells_a_spell_cast_only_at_the_start_of_a_turn_and_keeps_a_fighting_one():
    s = Scenario(["gypsy", "wizard"], modules=("dungeon-4e",)).no_spells().at(0, "fields-1").at(1, "crags")
    s.give(0, "Divination", "Psionic Blast")
    said = bot_says(s)
    assert said.startswith("sell-spell:") and s.game.rules.card_of(s.decision.option(said).card).name == "Divination"
    keeps = Scenario(["gypsy", "wizard"], modules=("dungeon-4e",)).no_spells().at(0, "fields-1").at(1, "crags")
    assert not bot_says(keeps.give(0, "Psionic Blast")).startswith("sell-spell:")


def test_the_faithful_hound_fights_in_place_of_a_bot_with_a_last_life_to_lose():
    def gnoll(lives: int) -> Scenario:
        s = Scenario(["thief", "wizard"], modules=("dungeon-4e",)).no_spells().give(0, "Faithful Hound")
        s.set(0, lives=lives, strength=4).on_top("dungeon", "Gnoll")  # the Gnoll: Strength 4
        s.at(0, "dungeon-entrance").at(1, "village")
        return rolled(s, 1).choose("move:corridor-1")

    s = gnoll(lives=1)
    assert s.kind == "combat" and bot_says(s).startswith("stand-in:")
    assert not bot_says(gnoll(lives=4)).startswith("stand-in:")


# --- the Catacombs (000) -----------------------------------------------------------------------------------------


def test_at_an_exit_a_bot_with_nowhere_to_be_and_strength_to_grow_stays_below():
    def exit_found(**stats: int) -> Scenario:
        s = Scenario(["thief", "wizard"], modules=("catacombs",)).no_spells().at(0, "catacombs").at(1, "village")
        s.set(0, **stats).on_top("catacombs", "Exit").start()
        return s.choose("stay") if s.kind == "turn" else s

    s = exit_found(strength=7, craft=5, lives=5)  # ready for their Enemies, and no quest yet (Strength + Craft 12)
    s.game.players[0].status["quest"] = {"goal": "give-gold", "n": 2}  # a quest already, for no place: nowhere to be
    assert s.kind == "catacombs-exit" and bot_says(s) == "stay-below"
    assert bot_says(exit_found(strength=7, craft=5, lives=2)) == "climb-out"  # wounded: out


# --- Airships (000) ------------------------------------------------------------------------------------------------


@pytest.mark.rules("airships.combat.ship-vs-ship")
def test_a_bot_whose_airship_outguns_the_other_s_fires_a_broadside():
    from talisman.engine import cards
    from talisman.modules.airships import rules as air

    def ships_meet(mine: str, theirs: str, them: str = "wizard", space: str = "fields-1") -> Scenario:
        start = "fields-1" if space == "woods-1" else "village"
        s = Scenario(["thief", them], modules=("airships",)).no_spells().at(0, start).at(1, space)
        for seat, cls in ((0, mine), (1, theirs)):
            card = s.game.rules.by_name[f"{cls} class Airship"][0]
            s._unplace(card)
            cards.hold(s.game, air.holder(seat), card)
            s.game.players[seat].status["airship"] = {"card": card, "space": s.game.players[seat].space}
        s.dice(3).start().choose("fly").choose(f"move:{space}")
        return s.choose("meet:1") if s.kind == "encounter" else s

    s = ships_meet("Wyvern", "Falcon")  # a D6 and 8 Hit Points against a Strength of 1 and 2
    assert s.kind == "meet" and bot_says(s) == "broadside:1"
    weaker = ships_meet("Falcon", "Wyvern")
    assert "broadside:1" in weaker.options() and bot_says(weaker) != "broadside:1"
    # The Elf in the Woods may evade the meeting: the options come through its question, the ships with them
    elf = ships_meet("Wyvern", "Falcon", them="elf", space="woods-1")
    assert elf.kind == "meet" and elf.decision.option("broadside:1").args["own"] == air.ship_of(elf.game, 0)
    assert bot_says(elf) == "broadside:1"


# --- the core game ---------------------------------------------------------------------------------------------------


def test_the_alchemist_follower_turns_an_object_held_twice_into_gold():
    def holding(*objects: str) -> Scenario:
        s = Scenario(["warrior", "wizard"]).no_spells().give(0, "Alchemist", *objects).at(1, "village")
        return s.start()

    s = holding("Potion of Strength", "Sword", "Sword")
    assert s.kind == "turn" and "alchemist" in s.options() and bot_says(s) == "alchemist"
    s.choose("alchemist")
    assert s.kind == "sell"
    sold = bot_says(s)  # the second Sword
    assert s.game.rules.card_of(s.decision.option(sold).card).name == "Sword"
    s.choose(sold)
    assert bot_says(s) == "done"
    assert bot_says(holding("Sword", "Potion of Strength")) != "alchemist"


def test_the_potion_of_strength_is_drunk_in_a_close_battle():
    def meets(enemy: str, strength: int) -> Scenario:
        s = Scenario(["warrior", "wizard"]).no_spells().give(0, "Potion of Strength").at(1, "village")
        s.set(0, strength=strength).at(0, "village").on_top("adventure", enemy)
        return s.arrive("fields-1", 1)

    s = meets("Serpent", 4)  # Strength 4 against 4
    assert s.kind == "combat" and bot_says(s).startswith("use:")
    assert s.game.rules.card_of(s.decision.option(bot_says(s)).card).name == "Potion of Strength"
    assert bot_says(meets("Ape", 9)) == "fight"  # sure to win without it


def test_4th_edition_items_used_up_bags_of_gold_a_chest_an_elixir():
    def holding(*objects: str, **stats: int) -> Scenario:
        s = Scenario(["warrior", "wizard"], modules=("dungeon-4e",)).no_spells().give(0, *objects, deck="dungeon")
        s.at(1, "village")
        return s.set(0, **stats).start()

    def used(s: Scenario) -> str:
        said = bot_says(s)
        return s.game.rules.card_of(s.decision.option(said).card).name if said.startswith("use:") else said

    assert used(holding("Two Bags of Gold")) == "Two Bags of Gold"
    assert used(holding("Chest", craft=4, lives=3)) == "Chest"
    assert used(holding("Chest", craft=2, lives=3)) != "Chest"  # the needle likelier than the gold
    s = Scenario(["warrior", "wizard"], modules=("dungeon-4e",)).no_spells().give(0, "Elixir of Rage", deck="dungeon")
    s.set(0, strength=4, lives=4).on_top("dungeon", "Gnoll").at(0, "dungeon-entrance").at(1, "village")  # Strength 4
    s.dice(1).start()
    s = s.choose("roll") if s.kind == "turn" else s
    s.choose("move:corridor-1")
    assert s.kind == "combat" and used(s) == "Elixir of Rage"


def test_a_rival_s_spell_aimed_at_the_bot_is_countered_and_another_let_be():
    def cast_at(target: int, spell: str = "Mesmerism") -> Scenario:
        s = Scenario(["elf", "thief", "dwarf"]).no_spells().give(0, spell).give(1, "Counterspell").set(1, lives=2)
        s.give(1, "Mule").give(2, "Guide").at(0, "village").at(1, "castle").at(2, "castle").start()
        return s.choose(next(o.id for o in s.decision.options if o.verb == "cast" and o.args.get("target") == target))

    s = cast_at(1)
    assert s.kind == "counterspell" and s.decision.player == 1 and s.decision.about["target"] == 1
    assert bot_says(s) == next(o.id for o in s.decision.options if o.verb == "counter")
    other = cast_at(2)
    assert other.kind == "counterspell" and bot_says(other) == "allow"
    healed = cast_at(1, "Healing")
    assert healed.kind == "counterspell" and bot_says(healed) == "allow"
    command = Scenario(["elf", "thief"]).no_spells().give(1, "Counterspell").at(0, "crown-of-command").at(1, "castle")
    command.start()  # the Command Spell's one victim: the Thief
    assert command.kind == "counterspell" and bot_says(command).startswith("counter:")


# --- the roster (000) --------------------------------------------------------------------------------------------------


@pytest.mark.rules("characters-exceptions.scout")
def test_the_scout_turns_a_doorway_while_a_rival_is_in_the_dungeon():
    def scout_beside(rival_on: str) -> Scenario:
        s = Scenario(["scout", "elf"], modules=("roster", "dungeon-classic")).no_spells().put("plains-1", "Doorway")
        return s.at(0, "plains-1").at(1, rival_on).start()

    below = scout_beside("passage-1")
    assert below.kind == "turn" and bot_says(below).startswith("turn-doorway:")
    assert bot_says(scout_beside("village")) == "roll"  # nobody below: nothing to seal in


def test_an_animal_met_is_tamed_when_the_bot_s_craft_gives_it_a_chance():
    def meets(craft: int) -> Scenario:
        s = Scenario(["warrior", "wizard"]).no_spells().at(1, "village").set(0, craft=craft).at(0, "village")
        return s.on_top("adventure", "Bear").arrive("fields-1", 1)  # Strength 3

    s = meets(7)
    assert s.kind == "combat" and "tame" in s.options() and bot_says(s) == "tame"
    assert bot_says(meets(5)) != "tame"  # 2 dice and 3 never under 5
