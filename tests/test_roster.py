"""The roster (module ``roster``) and 000's list of corrections to the
characters: every character's size, abilities and exceptions, with scripted
dice. Exceptions that name the City, the Timescape, the Dragons' places or the
Dungeon are tested asleep (without those places) and awake, on the test module
``test-lands`` (tests/fixtures/lands); Scrolls come from its ``scroll`` deck,
or from ``test-extras``'s when the City must be absent."""

from __future__ import annotations

import random

import pytest

from talisman import ConfigError, Game
from talisman.bots import make_bot, play_out
from talisman.cli.play import parse_seats
from talisman.content.ruleset import ruleset_for
from talisman.engine import stats
from talisman.engine.abilities import card_options, movement_die, turn_options
from talisman.engine.cards import check_conservation
from talisman.testing import Scenario

ROSTER = ("roster",)
LANDS = ("test-lands",)
EXTRAS = ("roster", "test-extras")
ON_CARD = "core.abilities.on-card"

# 000's list of corrections: every character it names, with its size (M unless marked).
LIST_OF_000 = {
    "amazon": "L",
    "archeologist": "M",
    "astronaut": "M",
    "astropath": "M",
    "assassin": "M",
    "barbarian": "L",
    "centaur": "L",
    "chainsaw-warrior": "M",
    "conjurer": "M",
    "cyborg": "M",
    "dark-elf": "M",
    "dragonrider": "M",
    "dragon-priest": "M",
    "dragon-slayer": "S",
    "druid": "M",
    "dwarf": "S",
    "elf": "M",
    "ghoul": "L",
    "gladiator": "M",
    "gypsy": "M",
    "halfling": "S",
    "highlander": "M",
    "hobgoblin": "M",
    "inquisitor": "M",
    "knight": "M",
    "leprechaun": "S",
    "martial-artist": "M",
    "merchant": "M",
    "minotaur": "L",
    "minstrel": "M",
    "monk": "M",
    "necromancer": "M",
    "ninja": "M",
    "orc": "M",
    "philosopher": "M",
    "pilgrim": "M",
    "pirate": "M",
    "priest": "M",
    "prophetess": "M",
    "questing-knight": "M",
    "ranger": "M",
    "rogue": "M",
    "samurai": "M",
    "saracen": "M",
    "satyr": "S",
    "scientist": "M",
    "scout": "M",
    "soldier": "M",
    "sorceress": "M",
    "space-marine": "M",
    "space-pirate": "M",
    "sprite": "S",
    "spy": "M",
    "swashbuckler": "M",
    "swordsman": "M",
    "thief": "M",
    "troll": "L",
    "valkyrie": "M",
    "warrior": "M",
    "witch-doctor": "M",
    "wizard": "M",
    "woodsman": "L",
    "zulu": "L",
}
LARGE = sorted(k for k, v in LIST_OF_000.items() if v == "L")
SMALL = sorted(k for k, v in LIST_OF_000.items() if v == "S")


def play(chars: list[str], modules=ROSTER, **kw) -> Scenario:
    return Scenario(chars, modules=modules, **kw).no_spells()


def move(s: Scenario, space: str, *dice: int) -> Scenario:
    """Start the turn, roll (the first die) and move to ``space``; the rest of ``dice`` is scripted for what follows."""
    s.dice(*dice).start()
    seat = s.game.active
    if s.kind == "turn":
        s.choose("roll")
    if s.kind == "move":
        s.choose(f"move:{space}")
    assert s.space_of(seat) == space
    return s


def arrive(s: Scenario, space: str, *dice: int, seat: int = 0) -> Scenario:
    """Put a character on a space as an arrival (a teleport), ``dice`` scripted for what follows, and run on."""
    s.start()
    s.dice(*dice)
    s.game.push("arrive", p=seat, space=s.game.rules.space_index[space], how="teleport")
    s.game.advance()
    return s


def follower(s: Scenario, seat: int, name: str, status: str = "") -> int:
    """Give a card (an Animal, say) to a character as a Follower, ``status`` noting how it came (tamed)."""
    card = s.find(name)
    s._unplace(card)
    p = s.player(seat)
    p.followers.append(card)
    if status:
        p.status[status] = [*p.status.get(status, ()), card]
    return card


def scrolls(s: Scenario, seat: int = 0) -> list[str]:
    return [
        n
        for n, c in zip(s.names(s.player(seat).cards), s.player(seat).cards)
        if s.game.rules.instances[c].type == "scroll"
    ]


def return_scrolls(s: Scenario) -> Scenario:
    """Put every starting Scroll back into its deck (to test a visit made holding none)."""
    for p in s.game.players:
        for c in [c for c in p.cards if s.game.rules.instances[c].type == "scroll"]:
            p.cards.remove(c)
            s.game.decks["scroll"].insert(0, c)
    return s


# --- the list: every character, playable, with its size ---------------------------------------


@pytest.mark.rules("core.abilities.exceptions-list", "core.characters.default-medium", "core.setup.choose-characters")
def test_every_character_of_000s_list_is_playable_with_its_size():
    rules = ruleset_for(("core", "roster"))
    assert {k: c.size for k, c in rules.characters.items() if c.playable} == LIST_OF_000
    for key in LIST_OF_000:
        g = Game.new([key], modules=ROSTER, seed=1)
        p = g.players[0]
        c = rules.characters[key]
        assert (p.strength, p.craft, p.lives) == (c.strength, c.craft, 4)
        assert g.die_size(0) == {"S": 4, "M": 6, "L": 8}[c.size]
        assert g.decision is not None
        check_conservation(g)


def test_every_roster_card_says_its_design_and_source():
    rules = ruleset_for(("core", "roster"))
    for key, c in rules.characters.items():
        assert c.design in ("official", "our-own")
        if key not in ruleset_for(("core",)).characters:
            assert c.source, key  # where each stat and ability comes from
    theirs = {k for k, c in rules.characters.items() if c.design == "official"}
    assert {"highlander", "knight", "rogue", "sprite", "amazon", "gladiator"} <= theirs
    assert rules.characters["chainsaw-warrior"].design == "our-own"


@pytest.mark.rules("core.setup.choose-characters")
def test_characters_are_dealt_at_random_or_chosen_from_the_whole_roster():
    dealt = set()
    for seed in range(40):
        g = Game.new([None, None, "zulu"], modules=ROSTER, seed=seed)
        assert g.players[2].character == "zulu"
        dealt.update(p.character for p in g.players[:2])
    assert len(dealt) > 30 and dealt - set(ruleset_for(("core",)).characters)  # roster characters are dealt too
    seats = parse_seats(["Chainsaw Warrior=random", "dark elf=heuristic", "?=random"], ("core", "roster"))
    assert seats == [("chainsaw-warrior", "random"), ("dark-elf", "heuristic"), (None, "random")]
    with pytest.raises(ConfigError):
        Game.new(["gladiator"])  # not in a game without its module
    with pytest.raises(ConfigError):
        Game.new(["zulu", "zulu"], modules=ROSTER)


@pytest.mark.rules("core.lives.new-character")
def test_a_dead_characters_player_may_begin_again_with_a_roster_character():
    s = play(["zulu", "warrior"], new_character=True)
    g = s.game
    from talisman.engine.lives import kill

    s.start()
    kill(g, 1, "a test")
    assert g.players[1].status.get("replace")
    g.players[0].lost_turns = 0
    while g.active != 1 or g.players[1].character == "warrior":
        g.apply(g.legal_ids()[0])
    assert g.players[1].alive and g.players[1].character not in ("zulu", "warrior")
    assert g.players[1].character in ruleset_for(("core", "roster")).characters
    check_conservation(g)


# --- 000's size rules -------------------------------------------------------------------------------


@pytest.mark.rules(
    "characters-exceptions.large-dungeon-d4",
    "characters-exceptions.ghoul",
    "characters-exceptions.troll",
    "characters-exceptions.minotaur",
    "characters-exceptions.woodsman",
    "characters-exceptions.barbarian",
    "characters-exceptions.centaur",
    "characters-exceptions.zulu",
    "characters-exceptions.amazon",
)
@pytest.mark.parametrize("key", LARGE)
def test_large_characters_roll_a_d4_to_move_in_the_dungeon(key):
    s = play([key], modules=LANDS)
    g = s.game
    s.at(0, "tunnel")
    assert movement_die(g, 0) == 4 and g.die_size(0) == 8  # a D4 to move, still a D8 to fight
    s.at(0, "village")
    assert movement_die(g, 0) == 8
    small = play(["dwarf"], modules=LANDS).at(0, "tunnel")
    assert movement_die(small.game, 0) == 4
    medium = play(["warrior"], modules=LANDS).at(0, "tunnel")
    assert movement_die(medium.game, 0) == 6


@pytest.mark.rules(
    "characters-exceptions.small-ride-tamed-animal",
    "characters-exceptions.dwarf",
    "characters-exceptions.halfling",
    "characters-exceptions.leprechaun",
    "characters-exceptions.satyr",
    "characters-exceptions.sprite",
    "characters-exceptions.dragon-slayer",
)
@pytest.mark.parametrize("key", SMALL)
def test_small_characters_ride_a_tamed_animal_like_a_horse(key):
    s = play([key]).at(0, "village")
    assert "roll-two" not in [o.id for o in turn_options(s.game, 0, [])]
    follower(s, 0, "Wolf", "tamed")
    s.dice(1, 4).start()
    s.choose("roll-two")
    assert s.labels() == ["Move 1", "Move 4"]
    s.choose("Move 4")
    assert s.kind == "move" and s.decision.prompt.startswith("You rolled 4")


@pytest.mark.rules("characters-exceptions.small-ride-tamed-animal")
def test_a_medium_character_does_not_ride_its_tamed_animal():
    s = play(["warrior"]).at(0, "village")
    follower(s, 0, "Wolf", "tamed")
    assert "roll-two" not in [o.id for o in turn_options(s.game, 0, [])]


@pytest.mark.rules("core.taming", "characters-exceptions.small-ride-tamed-animal")
def test_the_dwarf_tames_a_wolf_then_rides_it():
    s = play(["dwarf"]).at(0, "village").on_top("adventure", "Wolf").set(0, craft=9)
    move(s, "fields-1", 1)
    s.dice(1, 2).choose("tame")  # 1 + 2 + Strength 2 = 5 < Craft 9
    assert s.names(s.player(0).followers) == ["Wolf"]
    s.end_turn()
    s.dice(3, 2).start().choose("roll-two")
    assert s.labels() == ["Move 2", "Move 3"]


# --- Scrolls at the start and on visits ----------------------------------------------------------

START_SWAPS = {
    "druid": 1,
    "prophetess": 1,
    "sorceress": 1,
    "wizard": 1,
    "astropath": 1,
    "dark-elf": 1,
    "gypsy": 1,
    "inquisitor": 1,
    "pilgrim": 1,
    "witch-doctor": 1,
    "leprechaun": 2,
}


@pytest.mark.rules(
    "characters-exceptions.druid",
    "characters-exceptions.prophetess",
    "characters-exceptions.sorceress",
    "characters-exceptions.wizard",
    "characters-exceptions.astropath",
    "characters-exceptions.dark-elf",
    "characters-exceptions.inquisitor",
    "characters-exceptions.pilgrim",
    "characters-exceptions.witch-doctor",
    "characters-exceptions.leprechaun",
    "core.setup.starting-cards",
)
@pytest.mark.parametrize("key", sorted(START_SWAPS))
def test_spell_or_scroll_at_the_start(key):
    s = Scenario([key], modules=LANDS).start()
    spells = list(s.player(0).spells)
    for _i in range(START_SWAPS[key]):
        assert s.kind == "start-scroll"
        s.choose(f"swap:{s.player(0).spells[0]}")
    assert s.kind != "start-scroll"  # the Wizard may not take two Scrolls
    p = s.player(0)
    assert len(scrolls(s)) == START_SWAPS[key] and len(p.spells) == len(spells) - START_SWAPS[key]
    check_conservation(s.game)
    asleep = Scenario([key], modules=ROSTER).start()  # no Scrolls in the game: nothing to choose
    assert asleep.kind != "start-scroll" and len(asleep.player(0).spells) == len(spells)


@pytest.mark.rules("characters-exceptions.conjurer", "characters-exceptions.sprite", "core.setup.starting-cards")
@pytest.mark.parametrize("key", ["conjurer", "sprite"])
def test_the_conjurer_and_the_sprite_begin_with_a_scroll_besides(key):
    s = Scenario([key], modules=LANDS).start()
    assert len(scrolls(s)) == 1 and len(s.player(0).spells) == s.game.rules.characters[key].spells
    assert Scenario([key], modules=ROSTER).start().player(0).cards == []


VISITS = [
    ("druid", "ruins"),
    ("minstrel", "six-fates-inn"),
    ("monk", "high-temple"),
    ("priest", "high-temple"),
    ("prophetess", "high-temple"),
    ("knight", "high-temple"),
    ("questing-knight", "high-temple"),
    ("valkyrie", "high-temple"),
    ("necromancer", "graveyard"),
    ("wizard", "magic-emporium"),
    ("conjurer", "magic-emporium"),
    ("dark-elf", "magic-emporium"),
    ("sprite", "magic-emporium"),
    ("dragon-priest", "altar-of-dread"),
    ("dragon-priest", "sacrificial-stone"),
]


@pytest.mark.rules(
    "characters-exceptions.scroll-on-visit-pattern",
    "characters-exceptions.druid",
    "characters-exceptions.minstrel",
    "characters-exceptions.monk",
    "characters-exceptions.priest",
    "characters-exceptions.prophetess",
    "characters-exceptions.knight",
    "characters-exceptions.questing-knight",
    "characters-exceptions.valkyrie",
    "characters-exceptions.necromancer",
    "characters-exceptions.wizard",
    "characters-exceptions.conjurer",
    "characters-exceptions.dark-elf",
    "characters-exceptions.sprite",
    "characters-exceptions.dragon-priest",
)
@pytest.mark.parametrize("key,space", VISITS)
def test_a_visit_without_a_scroll_gains_one(key, space):
    s = return_scrolls(Scenario([key], modules=LANDS).no_spells().start())
    arrive(s, space)
    assert (
        len(scrolls(s)) == 1
        and f"finds a Scroll at the {s.game.space_name(s.game.rules.space_index[space])}" in s.log()
    )
    arrive(s, space)  # holding one now: no second
    assert len(scrolls(s)) == 1
    other = return_scrolls(Scenario([key], modules=LANDS).no_spells().start())
    arrive(other, "fields-1")
    assert scrolls(other) == []
    check_conservation(s.game)


@pytest.mark.rules(
    "characters-exceptions.scroll-on-visit-pattern", "characters-exceptions.druid", "characters-exceptions.necromancer"
)
def test_without_scrolls_in_the_game_visits_give_nothing():
    for key, space in (("druid", "ruins"), ("necromancer", "graveyard")):
        s = play([key])
        assert "scroll" not in s.game.decks
        arrive(s, space)
        assert s.player(0).cards == []


@pytest.mark.rules("characters-exceptions.minstrel")
def test_without_the_city_the_minstrels_tavern_serves():
    s = play(["minstrel"], modules=EXTRAS)  # Scrolls, but no City
    arrive(s, "tavern")
    assert len(scrolls(s)) == 1
    c = play(["minstrel"], modules=LANDS)  # the City is in play: not at the Tavern
    arrive(c, "tavern")
    assert scrolls(c) == []


@pytest.mark.rules("characters-exceptions.ghoul", "characters-exceptions.scroll-on-visit-pattern")
def test_the_ghouls_graveyard_scroll_replaces_the_encounter():
    s = play(["ghoul"], modules=LANDS)
    arrive(s, "graveyard")
    assert len(scrolls(s)) == 1 and "The Graveyard welcomes the wicked" not in (s.decision.prompt if s.decision else "")
    assert s.kind != "choose"
    arrive(s, "graveyard")  # holding a Scroll: the Graveyard as usual
    assert s.kind == "choose" and "Graveyard" in s.decision.prompt
    asleep = play(["ghoul"])
    arrive(asleep, "graveyard")
    assert asleep.kind == "choose"


# --- the Patrol of the City ---------------------------------------------------------------------------

PATROL = [
    ("archeologist", "city-gate"),
    ("astronaut", "city-gate"),
    ("chainsaw-warrior", "city-gate"),
    ("scientist", "city-gate"),
    ("astropath", "warlocks-cave"),
    ("space-pirate", "tavern"),
]


@pytest.mark.rules(
    "characters-exceptions.patrol-redirects",
    "characters-exceptions.archeologist",
    "characters-exceptions.astronaut",
    "characters-exceptions.chainsaw-warrior",
    "characters-exceptions.scientist",
    "characters-exceptions.astropath",
    "characters-exceptions.space-pirate",
)
@pytest.mark.parametrize("key,dest", PATROL)
def test_the_patrol_sends_some_characters_away(key, dest):
    s = play([key], modules=LANDS).put("flask-street", "Patrol")
    arrive(s, "flask-street")
    assert s.space_of(0) == dest and "The Patrol marches" in s.log()
    assert "Patrol" in s.on_space("flask-street") and s.player(0).lives == 4
    plain = play(["elf"], modules=LANDS).put("flask-street", "Patrol")
    arrive(plain, "flask-street", 1, 6)  # anyone else fights it (1 + 3 against 6 + 7)
    assert plain.space_of(0) == "flask-street" and plain.player(0).lives == 3


@pytest.mark.rules("characters-exceptions.cyborg", "characters-exceptions.patrol-redirects")
def test_the_patrol_fights_the_cyborg_at_strength_six():
    s = play(["cyborg"], modules=LANDS).put("flask-street", "Patrol")
    arrive(s, "flask-street", 6, 1)  # 6 + 4 against 1 + 6
    assert s.names(s.player(0).trophies) == ["Patrol"] and "Patrol" not in s.on_space("flask-street")
    t = play(["cyborg"], modules=LANDS).put("flask-street", "Patrol")
    arrive(t, "flask-street", 1, 6, 1)  # 1 + 4 against 6 + 6; armour roll 1 fails
    assert t.player(0).lives == 3 and t.player(0).trophies == [] and "Patrol" in t.names(t.game.discards["city"])
    check_conservation(t.game)


@pytest.mark.rules("characters-exceptions.patrol-redirects")
def test_without_the_city_there_is_no_patrol():
    rules = ruleset_for(("core", "roster"))
    assert "Patrol" not in rules.by_name and not [s for s in rules.spaces if s.kind == "city-gate"]
    s = play(["cyborg"]).put("fields-1", "Bear")
    assert card_options(s.game, 0, s.game.cards_on(s.game.rules.space_index["fields-1"])[0]) == []


# --- helpers for fights set up by hand ----------------------------------------------------------------


def fight_with(s: Scenario, *names: str, seat: int = 0, mode: str = "strength") -> dict:
    """A fight with Enemy cards laid on the character's space (as the combat frame holds it)."""
    g = s.game
    space = g.players[seat].space
    foes = []
    for name in names:
        card = s.find(name, skip=tuple(foes))
        s._unplace(card)
        g.board.setdefault(space, []).append(card)
        foes.append(card)
    return {
        "p": seat,
        "foes": foes,
        "adhoc": [],
        "mode": mode,
        "evadable": True,
        "trophy": True,
        "win": [],
        "lose": [],
        "standoff": [],
        "evaded": [],
        "ctx": {"space": space},
    }


def guard(seat: int = 0) -> dict:
    return {
        "p": seat,
        "foes": [],
        "adhoc": [{"name": "Guard", "strength": 5, "subtype": ""}],
        "mode": "strength",
        "evadable": True,
        "trophy": False,
        "win": [],
        "lose": [],
        "standoff": [],
        "evaded": [],
        "ctx": {},
    }


def combat_ids(s: Scenario, fight: dict, seat: int = 0) -> list[str]:
    from talisman.engine.abilities import combat_options

    return [o.id for o in combat_options(s.game, seat, fight, [])]


def meet_ids(s: Scenario, seat: int, other: int) -> list[str]:
    from talisman.engine.abilities import meet_options

    return [o.id for o in meet_options(s.game, seat, other)]


def strength_in(s: Scenario, fight: dict, seat: int = 0) -> int:
    from talisman.engine.combat import battle_strength

    return battle_strength(s.game, seat, fight)


# --- the base characters' exceptions ----------------------------------------------------------------------


@pytest.mark.rules("characters-exceptions.assassin", "characters-exceptions.martial-artist")
@pytest.mark.parametrize("key,attack", [("assassin", "assassinate"), ("martial-artist", "killer-blow")])
def test_no_assassination_nor_killer_blow_on_the_guard_of_the_guard_room(key, attack):
    s = play([key], modules=LANDS).at(0, "guard-room")
    assert attack not in combat_ids(s, guard())
    assert attack in combat_ids(s, fight_with(s, "Slaver"))  # another foe in the Guard Room: allowed
    s.at(0, "tunnel")
    assert attack in combat_ids(s, guard())  # a guard met elsewhere: allowed


@pytest.mark.rules(
    "characters-exceptions.dwarf",
    "characters-exceptions.dark-elf",
    "characters-exceptions.ninja",
    "combat.evade.definition",
)
def test_evading_in_the_dungeon():
    from talisman.engine.abilities import can_evade_characters, can_evade_here

    s = play(["dwarf", "dark-elf", "ninja", "warrior"], modules=LANDS)
    g = s.game
    for seat in range(4):
        s.at(seat, "tunnel")
    assert [can_evade_here(g, i) for i in range(4)] == [True, True, False, False]
    assert [can_evade_characters(g, i) for i in range(4)] == [True, True, True, False]  # the Ninja: characters only
    for seat in range(4):
        s.at(seat, "fields-1")
    assert [can_evade_here(g, i) for i in range(4)] == [False, False, True, False]


@pytest.mark.rules("characters-exceptions.elf")
def test_the_elf_has_no_exceptions():
    elf = ruleset_for(("core",)).characters["elf"]
    assert elf.abilities[-1] == "(000) No exceptions or changes."
    assert not [t for t in elf.traits if "@" in t]


@pytest.mark.rules("characters-exceptions.prophetess", "spells-scrolls.scroll.hidden")
def test_the_prophetess_sees_scrolls_and_draws_no_extra_card_in_the_dungeon():
    s = play(["prophetess", "warrior"], modules=LANDS).give(1, "Scroll of Light")
    assert [c["name"] for c in s.game.view(0)["players"][1]["scrolls"]] == ["Scroll of Light"]
    assert "scrolls" not in s.game.view(1)["players"][0]
    assert stats.has_trait(s.game, 0, "redraw-one")
    s.at(0, "tunnel")
    assert not stats.has_trait(s.game, 0, "redraw-one")


@pytest.mark.rules("characters-exceptions.thief")
def test_the_thief_steals_in_the_city():
    s = play(["thief"], modules=LANDS).at(0, "city-gate")
    move(s, "magic-emporium", 1)
    assert s.kind == "end-turn" and "steal-here" in s.options()
    s.dice(6).choose("steal-here")
    assert scrolls(s) == ["Scroll of Light"]
    t = play(["thief"], modules=LANDS).at(0, "city-gate")
    move(t, "magic-emporium", 1).dice(1).choose("steal-here")
    assert t.space_of(0) == "donjon" and "caught stealing" in t.log()
    for roll, gold in ((2, 1), (3, 2), (4, 2), (5, 3)):
        u = play(["thief"], modules=LANDS).at(0, "city-gate")
        move(u, "magic-emporium", 1).dice(roll).choose("steal-here")
        assert u.player(0).gold == gold and u.space_of(0) == "magic-emporium"


@pytest.mark.rules("characters-exceptions.thief")
def test_the_thiefs_prizes_by_building_and_in_the_space_fortress():
    s = play(["thief"], modules=LANDS).at(0, "city-gate")
    move(s, "armoury", 3).dice(6).choose("steal-here")
    assert s.kind == "choose"
    s.choose("shield")
    assert s.names(s.player(0).objects) == ["Shield"]
    f = play(["thief"], modules=LANDS).at(0, "sentinel-outpost")
    move(f, "space-fortress", 1).dice(6).choose("steal-here")
    assert f.names(f.player(0).objects) == ["Laser"]
    c = play(["thief"], modules=LANDS).at(0, "sentinel-outpost")
    move(c, "space-fortress", 1).dice(1).choose("steal-here")
    assert "Thief is thrown into the Sentinel Outpost" in c.log()
    asleep = play(["thief"]).at(0, "fields-3")
    move(asleep, "city", 1)
    assert "steal-here" not in asleep.options()  # the base game's City space is no building of the City


@pytest.mark.rules("characters-exceptions.warrior")
def test_the_warrior_fights_with_one_weapon_in_the_dungeon():
    s = play(["warrior"], modules=LANDS).give(0, "Sword", "Axe")
    assert len(stats.weapons_used(s.game, 0)) == 2
    s.at(0, "tunnel")
    assert len(stats.weapons_used(s.game, 0)) == 1


# --- the roster, character by character -----------------------------------------------------------------


@pytest.mark.rules("characters-exceptions.archeologist", ON_CARD)
def test_the_archeologists_pistol_kills_but_keeps_no_trophy():
    s = play(["archeologist"]).at(0, "village").on_top("adventure", "Giant")
    assert s.names(s.player(0).objects) == ["Pistol"]
    move(s, "fields-1", 1)
    s.dice(5).choose("pistol")
    assert s.player(0).trophies == [] and "Giant" in s.names(s.game.discards["adventure"])
    miss = play(["archeologist"]).at(0, "village").on_top("adventure", "Giant")
    move(miss, "fields-1", 1).dice(4, 1, 6).choose("pistol")
    assert "The shot misses" in miss.log() and miss.player(0).lives == 3  # then the battle: 1 + 3 against 6 + 6
    other = play(["warrior"]).give(0, "Pistol").at(0, "village").on_top("adventure", "Giant")
    move(other, "fields-1", 1).dice(6).choose("pistol")
    assert other.names(other.player(0).trophies) == ["Giant"]  # only the Archeologist loses the trophy
    check_conservation(other.game)


@pytest.mark.rules(ON_CARD)
def test_the_archeologist_digs_one_card_more_at_the_ruins():
    s = play(["archeologist"]).at(0, "fields-5").on_top("adventure", "Bag of Gold", "Water Bottle", "Axe")
    move(s, "ruins", 1)
    assert s.log().count("Archeologist draws a card") == 3


@pytest.mark.rules("characters-exceptions.astronaut")
def test_the_astronauts_space_suit_in_the_desert():
    s = play(["astronaut"]).at(0, "warlocks-cave").on_top("adventure", "Bag of Gold")
    move(s, "desert-1", 1)
    assert s.player(0).lives == 4
    e = play(["elf"]).at(0, "warlocks-cave").on_top("adventure", "Bag of Gold")
    move(e, "desert-1", 1)
    assert e.player(0).lives == 3


@pytest.mark.rules(ON_CARD)
def test_the_astronaut_and_the_spy_look_at_the_next_card():
    for key in ("astronaut", "spy"):
        s = play([key]).on_top("adventure", "Ogre").start()
        s.choose("foresight")
        assert "sees the next Adventure card: Ogre." in s.log()


@pytest.mark.rules(ON_CARD)
def test_the_astropath_rolls_again_once_and_attacks_by_psychic_combat():
    s = play(["astropath"]).at(0, "village").dice(2, 5).start()
    assert "reroll" in s.options()
    s.choose("reroll")
    assert s.decision.prompt.startswith("You rolled 5") and "reroll" not in s.options()
    from talisman.engine.combat import attack_options

    t = play(["astropath", "warrior"])
    assert "psychic:1" in [o.id for o in attack_options(t.game, 0, 1)]


@pytest.mark.rules("characters-exceptions.barbarian", ON_CARD)
def test_the_barbarian_goes_berserk():
    s = play(["barbarian"]).at(0, "village").on_top("adventure", "Giant")
    assert s.names(s.player(0).objects) == ["Axe"]
    move(s, "fields-1", 1, 1, 1)
    s.choose("berserk")
    assert "Barbarian fights the Giant in battle: 1 + 9 Strength = 10 against 1 + 6 = 7." in s.log()  # 5 + Axe + 3
    assert "Barbarian spends this turn recovering" in s.log() and s.names(s.player(0).trophies) == ["Giant"]


@pytest.mark.rules("characters-exceptions.barbarian")
def test_the_barbarian_takes_the_berserker_who_adds_his_strength():
    s = play(["barbarian"], modules=LANDS).put("flask-street", "Berserker")
    arrive(s, "flask-street")
    s.choose("train")
    assert s.names(s.player(0).followers) == ["Berserker"]
    assert strength_in(s, guard()) == 5 + 1 + 4
    asleep = play(["barbarian"])
    assert "Berserker" not in asleep.game.rules.by_name


@pytest.mark.rules("characters-exceptions.centaur", ON_CARD)
def test_the_centaur_shoots_first_but_not_in_the_dungeon():
    s = play(["centaur"]).at(0, "village").on_top("adventure", "Bear")
    move(s, "fields-1", 1).dice(4).choose("bow")
    assert s.names(s.player(0).trophies) == ["Bear"]
    miss = play(["centaur"]).at(0, "village").on_top("adventure", "Bear")
    move(miss, "fields-1", 1).dice(3).choose("bow")
    assert miss.kind == "combat" and "bow" not in miss.options()
    d = play(["centaur"], modules=LANDS).at(0, "tunnel")
    assert "bow" not in combat_ids(d, fight_with(d, "Bear"))
    assert "roll-two" not in [o.id for o in turn_options(d.game, 0, [])]
    d.at(0, "village")
    assert "roll-two" in [o.id for o in turn_options(d.game, 0, [])]


@pytest.mark.rules("characters-exceptions.chainsaw-warrior", ON_CARD)
def test_the_chainsaw_warrior_cuts_a_weapon_on_a_six():
    s = play(["chainsaw-warrior", "warrior"]).give(1, "Sword").at(0, "village").at(1, "fields-1")
    assert strength_in(s, guard()) == 5 + 2
    move(s, "fields-1", 1, 6, 1, 1).choose("meet:1").choose("attack:1")
    s.choose("life")
    assert "Sword" not in s.names(s.player(1).objects) and "cuts the Warrior's Sword in half" in s.log()
    t = play(["chainsaw-warrior", "warrior"]).give(1, "Sword").at(0, "village").at(1, "fields-1")
    move(t, "fields-1", 1, 5, 1, 1).choose("meet:1").choose("attack:1").choose("life")
    assert t.names(t.player(1).objects) == ["Sword"]


@pytest.mark.rules(ON_CARD)
def test_the_conjurer_keeps_a_spell():
    from talisman.engine.possessions import fill_wand

    s = play(["conjurer"])
    fill_wand(s.game, 0)
    assert len(s.player(0).spells) == 1


@pytest.mark.rules(ON_CARD)
@pytest.mark.parametrize("key", ["cyborg", "space-marine"])
def test_armoured_bodies_save_on_five_or_six(key):
    s = play([key]).at(0, "village").on_top("adventure", "Giant")
    move(s, "fields-1", 1, 1, 6, 5)
    assert s.player(0).lives == 4 and "armour holds (rolled 5, needed 5+)" in s.log()
    t = play([key]).at(0, "village").on_top("adventure", "Giant")
    move(t, "fields-1", 1, 1, 6, 4)
    assert t.player(0).lives == 3


@pytest.mark.rules("characters-exceptions.dragonrider", ON_CARD)
def test_the_dragonrider_lets_dragons_be_but_never_tames_one():
    s = play(["dragonrider"]).at(0, "fields-1")
    dragon = fight_with(s, "Dragon")
    assert strength_in(s, dragon) == 4 + 2 and strength_in(s, guard()) == 4
    ids = combat_ids(s, dragon)
    assert "let-them-be" in ids and "tame" not in ids
    assert "tame" in combat_ids(s, fight_with(s, "Wolf"))
    s.start()
    s.game.push("combat", **dragon)
    s.game.advance()
    s.choose("let-them-be")
    assert s.player(0).followers == [] and "Dragon" in s.on_space("fields-1")


@pytest.mark.rules(ON_CARD)
def test_the_dragon_priest_gives_up_a_follower_for_a_spell():
    s = play(["dragon-priest"]).give(0, "Mule", "Maiden").start()
    s.choose(f"sacrifice:{s.player(0).followers[0]}")
    p = s.player(0)
    assert s.names(p.followers) == ["Maiden"] and len(p.spells) == 1
    assert not [o for o in s.options() if o.startswith("sacrifice")]  # once a turn


@pytest.mark.rules("characters-exceptions.dragon-slayer", ON_CARD)
def test_the_dragon_slayer():
    s = play(["dragon-slayer"], modules=LANDS).at(0, "fields-1")
    assert s.names(s.player(0).objects) == ["Axe"]
    assert strength_in(s, fight_with(s, "Dragon")) == 3 + 1 + 3
    s.at(0, "tunnel")
    assert "evade" in combat_ids(s, fight_with(s, "Slaver"))
    assert "evade" not in combat_ids(s, fight_with(s, "Dragon"))
    s.at(0, "fields-2")
    assert "evade" not in combat_ids(s, fight_with(s, "Bear"))


@pytest.mark.rules(ON_CARD)
def test_the_halfling_and_the_woodsman_evade_where_they_live():
    from talisman.engine.abilities import can_evade_here

    s = play(["halfling", "woodsman"])
    g = s.game
    s.at(0, "fields-1").at(1, "woods-1")
    assert can_evade_here(g, 0) and can_evade_here(g, 1)
    s.at(0, "woods-1").at(1, "fields-1")
    assert not can_evade_here(g, 0) and not can_evade_here(g, 1)
    s.at(0, "plains-1")
    assert can_evade_here(g, 0)
    assert s.names(s.player(1).objects) == ["Axe"]


@pytest.mark.rules("characters-exceptions.highlander", ON_CARD)
def test_the_highlander_charges():
    s = play(["highlander"]).at(0, "village").on_top("adventure", "Giant")
    move(s, "fields-1", 1, 1, 1).choose("charge")
    assert "Highlander fights the Giant in battle: 1 + 6 Strength = 7" in s.log()
    assert "Highlander spends this turn recovering" in s.log()
    w = play(["highlander"], modules=LANDS).at(0, "village").on_top("adventure", "Giant")
    follower(w, 0, "Warhorse")
    move(w, "fields-1", 1).dice(3, 1, 1).choose("charge")  # the D4 first: 3
    assert "Highlander fights the Giant in battle: 1 + 9 Strength = 10" in w.log()


@pytest.mark.rules(ON_CARD)
def test_the_highlander_draws_one_card_more_in_the_hills():
    s = play(["highlander"]).at(0, "chapel").on_top("adventure", "Bag of Gold", "Water Bottle")
    move(s, "hills-1", 1)
    assert s.log().count("Highlander draws a card") == 2


@pytest.mark.rules("characters-exceptions.hobgoblin", ON_CARD)
def test_the_hobgoblin_takes_goblins_and_is_deaf_to_the_siren():
    s = play(["hobgoblin"]).at(0, "village").on_top("adventure", "Goblin")
    move(s, "fields-1", 1).choose("train")
    assert s.names(s.player(0).followers) == ["Goblin"] and strength_in(s, guard()) == 3 + 2
    t = play(["elf", "hobgoblin"]).at(0, "village").at(1, "crags").on_top("adventure", "Siren")
    move(t, "fields-1", 1)
    assert t.player(0).lost_turns == 1 and t.player(1).lost_turns == 0


@pytest.mark.rules("characters-exceptions.inquisitor", ON_CARD)
def test_the_inquisitor_imprisons_but_not_in_the_dungeon():
    s = play(["inquisitor", "wizard", "priest"], modules=LANDS)
    assert "imprison" in meet_ids(s, 0, 1) and "imprison" not in meet_ids(s, 0, 2)
    s.at(0, "village").at(1, "fields-1")
    move(s, "fields-1", 1).choose("meet:1").choose("imprison")
    assert "Wizard spends this turn recovering" in s.log()
    s.at(0, "tunnel").at(1, "tunnel")
    assert "imprison" not in meet_ids(s, 0, 1)


@pytest.mark.rules(ON_CARD)
def test_the_knight_and_the_pilgrim_pray_better():
    s = play(["knight"]).at(0, "fields-2")
    assert sorted(s.names(s.player(0).objects)) == ["Armour", "Sword"]
    move(s, "chapel", 1).dice(3).choose("pray")  # 3 + 2 = 5: a life
    assert s.player(0).lives == 5
    p = play(["pilgrim"]).at(0, "fields-2")
    move(p, "chapel", 1).dice(4).choose("pray")  # 4 + 1 = 5
    assert p.player(0).lives == 5


@pytest.mark.rules("characters-exceptions.leprechaun")
def test_the_leprechaun_teleports_on_a_four():
    s = play(["leprechaun"], modules=LANDS).at(0, "village").dice(4).start()
    assert "teleport" in s.options()
    s.choose("teleport")
    assert "to:magic-emporium" in s.options() and "to:castle" not in s.options()  # the Outer Region and the City
    s.choose("to:tavern")
    assert s.space_of(0) == "tavern"
    c = play(["leprechaun"], modules=LANDS).at(0, "flask-street").dice(4).start().choose("teleport")
    assert "to:village" in c.options() and "to:magic-emporium" in c.options()  # and back out of the City
    three = play(["leprechaun"], modules=LANDS).at(0, "village").dice(3).start()
    assert "teleport" not in three.options()
    d = play(["leprechaun"], modules=LANDS).at(0, "dungeon-entrance").dice(4).start()
    assert "teleport" not in d.options()
    plain = play(["leprechaun"]).at(0, "village").dice(4).start().choose("teleport")
    assert all(plain.game.rules.space(o[3:]).region == "outer" for o in plain.options())


@pytest.mark.rules(ON_CARD)
def test_the_martial_artist_strikes_once_a_turn_and_fights_best_unarmed():
    s = play(["martial-artist"]).at(0, "village").on_top("adventure", "Giant")
    assert strength_in(s, guard()) == 4 + 1
    move(s, "fields-1", 1, 3).choose("killer-blow")
    assert "3 + 5 Strength = 8 against 0 + 6 = 6" in s.log()
    once = play(["martial-artist"])
    bear = fight_with(once, "Bear")
    assert "killer-blow" in combat_ids(once, bear)
    once.player(0).flags.add("killer-blow")
    assert "killer-blow" not in combat_ids(once, bear)  # used this turn
    armed = play(["martial-artist"]).give(0, "Sword")
    assert strength_in(armed, guard()) == 4 + 1  # the Sword's 1, no empty-hand bonus


@pytest.mark.rules("characters-exceptions.merchant", ON_CARD)
def test_the_merchant_trades_and_haggles():
    s = play(["merchant"], modules=LANDS).give(0, "Axe").start()
    assert s.player(0).gold == 5
    s.choose("trade-objects").choose("sell:")
    assert s.player(0).gold == 6
    h = play(["merchant"], modules=LANDS).at(0, "city-gate")
    move(h, "armoury", 3)
    assert h.kind == "haggle"
    h.dice(1, 2).choose("haggle")  # 3: at most Craft 4
    assert "Buy a Sword for 1G" in h.labels()
    n = play(["merchant"], modules=LANDS).at(0, "city-gate")
    move(n, "armoury", 3).dice(6, 6).choose("haggle")
    assert "Buy a Sword for 2G" in n.labels()


@pytest.mark.rules("characters-exceptions.merchant")
def test_the_merchant_trades_with_the_pedlar_and_keeps_the_urchins():
    s = play(["merchant"], modules=LANDS).give(0, "Axe").put("flask-street", "Pedlar")
    arrive(s, "flask-street")
    s.choose("no")  # no haggling
    s.choose("trade")
    s.choose("take:Armour")
    assert s.names(s.player(0).objects) == ["Armour"]
    u = play(["merchant"], modules=LANDS).start()
    boy = follower(u, 0, "Errand Boy")
    u.at(0, "city-gate")
    arrive(u, "village")
    assert u.player(0).followers == [boy]
    check_conservation(s.game)


@pytest.mark.rules("characters-exceptions.merchant")
def test_in_000_s_city_the_merchant_trades_with_its_pedlar():
    s = Scenario(["merchant", "wizard"], modules=("roster", "city-classic")).no_spells().give(0, "Axe")
    s.at(1, "village").on_top("city", "Pedlar").at(0, "kings-way").dice(1).start().choose("roll")
    s.choose("move:town-square").choose("no")  # no haggling
    assert s.kind == "card-ability" and s.options() == ["usual", "trade"]  # the City's card (it named a Peddler)


@pytest.mark.rules("characters-exceptions.minotaur", ON_CARD)
def test_the_minotaur():
    s = play(["minotaur"]).at(0, "village").on_top("adventure", "Maze")
    assert strength_in(s, guard()) == 5 + 1
    s.set(0, craft=2)
    move(s, "fields-1", 1)
    assert s.player(0).lost_turns == 0


@pytest.mark.rules("characters-exceptions.necromancer", ON_CARD)
def test_the_necromancer_raises_the_dead_and_lets_spirits_be():
    s = play(["necromancer"]).at(0, "village").on_top("adventure", "Bear")
    move(s, "fields-1", 1, 6, 1).fight()
    assert s.kind == "raise-dead"
    s.choose("raise")
    assert s.names(s.player(0).followers) == ["Bear"]
    t = play(["necromancer"]).at(0, "fields-1")
    assert "let-them-be" in combat_ids(t, fight_with(t, "Ghost", mode="craft"))
    assert "let-them-be" not in combat_ids(t, fight_with(t, "Bear"))


@pytest.mark.rules("characters-exceptions.ninja", ON_CARD)
def test_the_ninja_slips_by_but_not_in_the_dungeon():
    s = play(["ninja"], modules=LANDS).at(0, "village").on_top("adventure", "Bear")
    move(s, "fields-1", 1)
    assert s.kind == "encounter" and "pass-by" in s.options()
    s.choose("pass-by")
    assert s.on_space("fields-1") == []  # nothing drawn, nothing met
    from talisman.engine.abilities import land_options

    d = play(["ninja"], modules=LANDS).at(0, "tunnel")
    assert "evade" not in combat_ids(d, fight_with(d, "Slaver")) and land_options(d.game, 0) == []
    t = play(["ninja"], modules=LANDS).give(0, "Torch").at(0, "tunnel")
    assert "evade" in combat_ids(t, fight_with(t, "Slaver"))


@pytest.mark.rules("characters-exceptions.ninja", "characters-exceptions.swordsman")
@pytest.mark.parametrize("key", ["ninja", "swordsman"])
def test_a_sword_adds_two(key):
    s = play([key], modules=LANDS).give(0, "Sword")
    assert strength_in(s, guard()) == 4 + 2


@pytest.mark.rules("characters-exceptions.swordsman")
def test_the_swordsmans_two_handed_sword_adds_three():
    s = play(["swordsman", "warrior"], modules=LANDS).give(0, "Two-handed Sword").give(1, "Two-handed Sword")
    assert strength_in(s, guard()) == 4 + 3
    assert strength_in(s, guard(1), seat=1) == 4 + 2


@pytest.mark.rules("characters-exceptions.orc", ON_CARD)
def test_the_orc_rides_a_wolf_but_not_in_the_dungeon():
    s = play(["orc"], modules=LANDS).at(0, "village").on_top("adventure", "Wolf")
    move(s, "fields-1", 1).choose("train")
    assert s.names(s.player(0).followers) == ["Wolf"]
    assert "roll-two" in [o.id for o in turn_options(s.game, 0, [])]
    s.at(0, "tunnel")
    assert "roll-two" not in [o.id for o in turn_options(s.game, 0, [])]
    b = play(["orc"]).at(0, "village").on_top("adventure", "Bear")
    move(b, "fields-1", 1, 6, 1).fight()
    assert b.player(0).gold == 2  # a kill: 1 gold


@pytest.mark.rules("characters-exceptions.pirate", ON_CARD)
def test_the_pirates_gold():
    s = play(["pirate", "warrior"])
    g = s.game
    city, castle = g.rules.space_index["city"], g.rules.space_index["castle"]
    assert g.gold_on == {city: 1, castle: 1}  # no Royal Castle Bank without the City
    s.at(0, "fields-3")
    move(s, "city", 1).choose("nothing")
    assert s.player(0).gold == 3  # his own, the second, and the one lying there
    lands = play(["pirate"], modules=LANDS)
    kinds = sorted(lands.game.rules.spaces[x].kind for x in lands.game.gold_on)
    assert kinds == ["bank", "castle", "doctors-surgery"]


@pytest.mark.rules("characters-exceptions.pirate")
def test_only_the_first_to_reach_a_hoard_gives_the_pirate_a_second_gold():
    s = play(["warrior", "pirate"]).at(0, "fields-3").at(1, "fields-3")
    move(s, "city", 1).choose("nothing")
    s.end_turn()
    assert s.player(0).gold == 2
    move(s, "city", 1).choose("space").choose("nothing")
    assert s.player(1).gold == 1


@pytest.mark.rules("characters-exceptions.pirate")
def test_the_doctors_fees_are_left_for_the_pirate():
    s = play(["warrior", "pirate"]).at(0, "fields-3").at(1, "fields-3").set(0, lives=2, gold=3)
    move(s, "city", 1).choose("doctor").choose("heal:2")
    g = s.game
    city = g.rules.space_index["city"]
    assert s.player(0).lives == 4 and s.player(0).gold == 1 + 1 and g.globals["doctors-takings"] == {str(city): 2}
    s.end_turn()
    move(s, "city", 1).choose("space").choose("nothing")
    assert s.player(1).gold == 1 + 2 and "doctors-takings" not in g.globals  # plundered (the hoard was taken)
    alone = play(["warrior"]).at(0, "fields-3").set(0, lives=2, gold=3)
    move(alone, "city", 1).choose("doctor").choose("heal:2")
    assert "doctors-takings" not in alone.game.globals


@pytest.mark.rules(ON_CARD)
def test_plunder_takes_more_gold():
    s = play(["pirate", "elf"]).at(0, "village").at(1, "fields-1").set(1, gold=5)
    move(s, "fields-1", 1, 6, 1).choose("meet:1").choose("attack:1")
    s.choose("gold")
    assert s.player(1).gold == 3
    r = play(["rogue", "elf"]).at(0, "village").at(1, "fields-1").set(1, gold=5)
    move(r, "fields-1", 1, 6, 1).choose("meet:1").choose("attack:1")
    assert "Take 5 gold from the Elf" in r.labels()


@pytest.mark.rules(ON_CARD)
def test_the_rogue_picks_a_die_at_the_tavern_and_against_many():
    s = play(["rogue"]).at(0, "fields-5")
    move(s, "tavern", 1, 1, 4)
    assert s.kind == "pick-roll"
    s.choose("keep:4")
    assert s.player(0).gold == 2
    m = play(["rogue"]).at(0, "fields-5").on_top("adventure", "Goblin", "Goblin")
    move(m, "ruins", 1, 2, 5, 1)
    assert "Rogue fights the Goblin and Goblin in battle: 5 + 3 Strength = 8 against 1 + 4 = 5." in m.log()


@pytest.mark.rules(ON_CARD)
def test_the_samurai_fights_best_alone():
    s = play(["samurai"])
    assert s.names(s.player(0).objects) == ["Sword"] and strength_in(s, guard()) == 4 + 1 + 1
    s.give(0, "Mule")
    assert strength_in(s, guard()) == 4 + 1


@pytest.mark.rules("characters-exceptions.saracen", ON_CARD)
def test_the_saracen_enslaves_followers():
    s = play(["saracen", "elf"]).give(1, "Mule").at(0, "village").at(1, "fields-1")
    move(s, "fields-1", 1).choose("meet:1").dice(5).choose("enslave")
    assert s.names(s.player(0).followers) == ["Mule"] and s.player(1).followers == []
    t = play(["saracen", "elf"]).give(1, "Mule").at(0, "village").at(1, "fields-1")
    move(t, "fields-1", 1).choose("meet:1").dice(4).choose("enslave")
    assert t.player(0).followers == [] and "stay loyal" in t.log()


@pytest.mark.rules("characters-exceptions.saracen")
def test_the_saracens_slaver():
    s = play(["saracen", "elf"], modules=LANDS).put("tunnel", "Slaver")
    arrive(s, "tunnel")
    s.choose("train")
    assert s.names(s.player(0).followers) == ["Slaver"] and strength_in(s, guard()) == 4 + 1
    s.give(1, "Mule").at(1, "tunnel")
    s.game.push("meet", p=0, other=1)
    s.game.advance()
    s.choose("enslave")  # no roll with the Slaver; his one Follower is taken
    assert s.names(s.player(0).followers) == ["Slaver", "Mule"]


@pytest.mark.rules("characters-exceptions.satyr", ON_CARD)
def test_the_satyr_panics_characters():
    s = play(["satyr", "elf"]).at(0, "village").at(1, "fields-1")
    move(s, "fields-1", 1).choose("meet:1").dice(2).choose("panic")
    assert s.kind == "panic"
    s.choose("to:graveyard")
    assert s.space_of(1) == "graveyard"
    t = play(["satyr", "elf"]).at(0, "village").at(1, "fields-1")
    move(t, "fields-1", 1).choose("meet:1").dice(5).choose("panic")
    assert t.space_of(1) == "fields-1"
    d = play(["satyr", "elf"], modules=LANDS).at(0, "dungeon-entrance").at(1, "tunnel")
    move(d, "tunnel", 1).choose("meet:1").dice(1).choose("panic")
    assert d.space_of(1) == "ruins"  # fled the Dungeon
    a = play(["satyr"]).at(0, "fields-1")
    assert "let-them-be" in combat_ids(a, fight_with(a, "Bear"))


@pytest.mark.rules("characters-exceptions.satyr")
def test_a_panicked_character_flees_one_step_on_boards_without_a_ring():
    """The fuzzer found a panic with no way to flee (a decision with no options) in the City's
    districts and on a world of tiles: one step there is a district beside it, a touching tile."""
    city = play(["satyr", "elf"], modules=(*ROSTER, "city-districts")).at(0, "city-center").at(1, "city-center")
    city.game.push("panic_result", p=0, other=1, roll=1)
    city.game.advance()
    assert city.kind == "panic"
    beside = {o.id.removeprefix("to:") for o in city.game.decision.options}
    assert beside == {"judgement-square", "the-well", "temple-district", "wizards-quarter"}  # the grid's four
    world = play(["satyr", "elf"], modules=(*ROSTER, "worlds"), seed=3)
    here = world.player(1).space
    world.game.push("panic_result", p=0, other=1, roll=1)
    world.game.advance()
    assert world.kind == "panic" and world.game.decision.options
    choice = world.game.decision.options[0].id
    world.choose(choice)
    assert world.player(1).space != here


@pytest.mark.rules("characters-exceptions.satyr")
def test_a_character_panicked_off_the_ring_flees_along_a_way_out_of_its_space():
    s = play(["satyr", "elf"], modules=("roster", "city-classic")).at(0, "city-gate").at(1, "city-gate")
    s.start().game.stack.clear()
    s.game.push("meet", p=0, other=1)
    s.game.advance()
    s.dice(2).choose("panic")  # the City Gate is on no ring: its ways lead to the City and the Town Square
    assert s.kind == "panic" and s.options() == ["to:city", "to:town-square"]
    s.choose("to:town-square")
    assert s.space_of(1) == "town-square"


@pytest.mark.rules("characters-exceptions.scientist", ON_CARD)
def test_the_scientist():
    s = play(["scientist"], modules=LANDS).give(0, "Scroll of Light").set(0, lives=3)
    assert stats.capacity(s.game, 0) == 5
    s.start().choose("Scroll of Light on the Scientist")
    assert len(scrolls(s)) == 1  # he always has one
    p = play(["scientist"]).at(0, "fields-1")
    ghost = fight_with(p, "Ghost", mode="craft")
    p.start()
    p.game.push("combat", **ghost)
    p.dice(1, 1).game.advance()
    assert "Scientist fights the Ghost in psychic combat: 1 + 6 Craft" in p.log()


@pytest.mark.rules("characters-exceptions.scout", ON_CARD)
def test_the_scout_finds_his_path():
    s = play(["scout"]).at(0, "village").dice(3).start()
    s.choose("path:4")
    assert s.decision.prompt.startswith("You rolled 4") and not [o for o in s.options() if o.startswith("path")]


@pytest.mark.rules("characters-exceptions.scout")
def test_the_scout_seals_the_dungeon():
    from talisman.engine.abilities import move_allowed

    s = play(["scout", "elf"], modules=LANDS).put("plains-1", "Doorway").put("village", "Doorway")
    g = s.game
    s.at(1, "tunnel")
    out = [g.rules.space_index["dungeon-entrance"], g.rules.space_index["ruins"]]
    assert move_allowed(g, 1, out)
    s.start().choose("turn-doorway")
    assert not g.globals.get("dungeon-sealed")
    s.at(0, "village")
    s.game.push("turn_menu", p=0)
    s.game.advance()
    s.choose("turn-doorway")
    assert g.globals["dungeon-sealed"] and not move_allowed(g, 1, out)
    assert move_allowed(g, 1, [g.rules.space_index["guard-room"]])
    asleep = play(["scout"])
    assert "turn-doorway" not in [o.id for o in turn_options(asleep.game, 0, [])]


@pytest.mark.rules("characters-exceptions.soldier", ON_CARD)
def test_the_soldier_refits_at_the_city_gate_and_bribes_the_law():
    s = play(["soldier"], modules=LANDS)
    p = s.player(0)
    assert sorted(s.names(p.objects)) == ["Helmet", "Sword"]
    sword = [c for c in p.objects if s.game.card_name(c) == "Sword"][0]
    p.objects.remove(sword)
    s.game.decks["purchase"].append(sword)
    arrive(s, "city-gate")
    assert sorted(s.names(s.player(0).objects)) == ["Helmet", "Sword"]
    w = play(["soldier"], modules=LANDS).put("flask-street", "Watch")
    arrive(w, "flask-street")
    w.choose("law-bribe")
    assert w.player(0).gold == 0 and w.player(0).lives == 4 and "Watch" in w.on_space("flask-street")
    check_conservation(s.game)


@pytest.mark.rules(ON_CARD)
def test_bonuses_in_every_battle():
    for key, bonus in (("space-marine", 1), ("space-pirate", 1), ("minotaur", 1)):
        s = play([key])
        assert strength_in(s, guard()) == s.game.rules.characters[key].strength + bonus
    thief = play(["space-pirate", "elf"])
    assert "steal:gold" in meet_ids(thief, 0, 1)


@pytest.mark.rules("characters-exceptions.sprite")
def test_the_sprite_always_holds_two_spells():
    from talisman.engine.possessions import fill_wand

    s = play(["sprite"])
    fill_wand(s.game, 0)
    assert len(s.player(0).spells) == 2


@pytest.mark.rules("characters-exceptions.spy", ON_CARD)
def test_the_spy_sees_and_shadows():
    s = play(["spy", "elf"], modules=LANDS).at(1, "tavern").give(1, "Scroll of Light")
    s.game.players[1].spells.append(s.find("Counterspell"))
    s._unplace(s.game.players[1].spells[-1])
    seen = s.game.view(0)["players"][1]
    assert [c["name"] for c in seen["scrolls"]] == ["Scroll of Light"] and [c["name"] for c in seen["spells"]] == [
        "Counterspell"
    ]
    s.start().choose("shadow:1")
    assert s.space_of(0) == "tavern"
    check_conservation(s.game)


@pytest.mark.rules("characters-exceptions.valkyrie", ON_CARD)
def test_the_valkyrie():
    s = play(["valkyrie"]).at(0, "village")
    assert s.names(s.player(0).objects) == ["Shield"]
    assert "roll-two" in [o.id for o in turn_options(s.game, 0, [])]


@pytest.mark.rules("characters-exceptions.witch-doctor", ON_CARD)
def test_the_witch_doctor_curses():
    s = play(["witch-doctor", "elf"]).at(0, "village").at(1, "fields-1")
    move(s, "fields-1", 1).choose("meet:1").dice(2).choose("curse")
    assert s.player(1).craft == 3
    t = play(["witch-doctor", "elf"]).at(0, "village").at(1, "fields-1")
    move(t, "fields-1", 1).choose("meet:1").dice(4).choose("curse")
    assert t.player(1).craft == 4


@pytest.mark.rules("characters-exceptions.witch-doctor")
def test_cursed_in_the_dungeon_a_character_flees_then_goes_to_the_chapel():
    s = play(["witch-doctor", "elf"], modules=LANDS).at(0, "dungeon-entrance").at(1, "tunnel")
    move(s, "tunnel", 1).choose("meet:1").dice(1).choose("curse")
    log = s.log()
    assert "Elf flees the Dungeon" in log and "Elf is driven to the Ruins" in log and s.player(1).craft == 3
    assert s.space_of(1) == "chapel" and "must go to the Chapel" in log  # its next turn: to the Chapel
    assert log.index("driven to the Ruins") < log.index("Turn 2") < log.index("must go to the Chapel")


@pytest.mark.rules("characters-exceptions.zulu", ON_CARD)
def test_the_zulu_routs_a_beaten_character():
    s = play(["zulu", "elf"]).at(0, "village").at(1, "fields-1")
    move(s, "fields-1", 1, 6, 1).choose("meet:1").choose("attack:1").choose("life")
    assert s.kind == "rout" and [o for o in s.options() if o.startswith("rout:")] == ["rout:village"]
    s.choose("rout:village")
    assert s.space_of(1) == "village"
    a = play(["zulu"]).at(0, "village").on_top("adventure", "Bear")
    move(a, "fields-1", 1).dice(4).choose("bow")
    assert a.names(a.player(0).trophies) == ["Bear"]


@pytest.mark.rules("characters-exceptions.zulu")
def test_routed_in_the_dungeon_a_character_must_flee_toward_the_entrance():
    from talisman.engine.abilities import move_allowed

    s = play(["zulu", "elf"], modules=LANDS).at(0, "tunnel").at(1, "guard-room").give(1, "Axe")
    move(s, "guard-room", 1, 6, 1).choose("meet:1").choose("attack:1").choose("life")
    assert sorted(o for o in s.options() if o.startswith("rout:")) == ["rout:tunnel", "rout:vault"]
    s.choose("rout:vault")
    s.end_turn()
    g = s.game
    vault = g.rules.space_index["vault"]
    assert g.active == 1 and s.space_of(1) == "vault"
    assert not move_allowed(g, 1, [g.rules.space_index["treasure-chamber"]])
    assert move_allowed(g, 1, [g.rules.space_index["guard-room"]])
    assert g.rules.ccw[vault] == g.rules.space_index["guard-room"]


@pytest.mark.rules(
    "characters-exceptions.ranger",
    "characters-exceptions.rogue",
    "characters-exceptions.samurai",
    "characters-exceptions.space-marine",
    "characters-exceptions.hobgoblin",
    "characters-exceptions.elf",
    "characters-exceptions.swashbuckler",
)
def test_characters_without_exceptions_carry_none():
    rules = ruleset_for(("core", "roster"))
    for key in ("ranger", "rogue", "samurai", "space-marine", "hobgoblin", "elf", "swashbuckler"):
        c = rules.characters[key]
        assert c.abilities[-1] in ("(000) No exceptions or changes.", "(000) No exceptions."), key
        assert [a for a in c.abilities if a.startswith("(000)")] == [c.abilities[-1]], key
        assert not [
            t for t in c.traits if "@in:" in t or "@out:" in t or t.startswith(("scroll-", "start:", "patrol:"))
        ], key


# --- every character in bot games ----------------------------------------------------------------------------


@pytest.mark.rules("core.setup.starting-resources")
@pytest.mark.parametrize("modules", [ROSTER, LANDS], ids=["roster", "lands"])
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bot_games_with_every_character_keep_every_card_in_one_place(modules, kind):
    keys = sorted(LIST_OF_000)
    random.Random(len(kind)).shuffle(keys)
    for i in range(0, len(keys), 6):
        seats = keys[i : i + 6]
        g = Game.new(seats, modules=modules, options={"fate": i % 12 == 0, "new-character": True}, seed=i)
        play_out(g, {s: make_bot(kind, i * 10 + s) for s in range(len(seats))}, max_turns=70, check=check_conservation)
        for p in g.players:
            assert p.lives >= 0 and p.gold >= 0 and p.fate >= 0 and p.strength >= 1 and p.craft >= 1
        if i == 0:
            from talisman.engine import save as saves

            assert saves.replay(g.save()).state_hash() == g.state_hash()


# --- with the Dungeon modules themselves ---------------------------------------------------------------------


@pytest.mark.rules(
    "characters-exceptions.large-dungeon-d4", "characters-exceptions.assassin", "characters-exceptions.warrior"
)
@pytest.mark.parametrize("dungeon,awake", [("dungeon-classic", True), ("dungeon-4e", False)])
def test_the_dungeon_exceptions_wake_in_000s_dungeon(dungeon, awake):
    """000's exceptions name 000's Dungeon (module dungeon-classic, region ``dungeon``).
    The 4th-edition Dungeon keeps its own region (``dungeon-4e``) and rules: 001
    contradicts some of 000's exceptions (its Prophetess redraws Dungeon cards)."""
    s = play(["troll", "assassin", "warrior"], modules=("roster", dungeon)).give(2, "Sword", "Axe")
    g = s.game
    room = next(sp.id for sp in g.rules.spaces if sp.kind == "guard-room")
    for seat in range(3):
        s.at(seat, room)
    assert movement_die(g, 0) == (4 if awake else 8)
    assert len(stats.weapons_used(g, 2)) == (1 if awake else 2)
    assert ("assassinate" in combat_ids(s, guard(1), seat=1)) != awake
    for seat in range(3):
        s.at(seat, "ruins")
    assert movement_die(g, 0) == 8 and len(stats.weapons_used(g, 2)) == 2
    assert "assassinate" in combat_ids(s, guard(1), seat=1)


@pytest.mark.rules(ON_CARD)
def test_the_satyrs_animals_let_him_be_and_the_monster_with_them_fights_alone():
    s = play(["satyr", "elf"]).at(0, "village").at(1, "castle").put("fields-1", "Wolf", "Goblin")
    move(s, "fields-1", 1)
    assert "let-them-be" in s.options() and "Let the Wolf be" in " ".join(s.labels())
    s.dice(4, 1).choose("let-them-be")  # 4 + 3 against 1 + 2 for the Goblin alone
    assert s.names(s.player(0).trophies) == ["Goblin"] and s.on_space("fields-1") == ["Wolf"]
