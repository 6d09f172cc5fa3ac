"""Legendary Tales (002), the cooperative game on the same engine: scripted positions for the
travel, the encounter's draws and icons, rewards, items, time, and random games to the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from talisman import Game
from talisman.engine.decision import Decision
from talisman.errors import ConfigError, IllegalOptionError
from talisman.modules.legendary_tales.board import track
from talisman.modules.legendary_tales.catalogue import DIE, HEALTH_TOKENS, catalogue
from talisman.modules.legendary_tales.ending import finish, rank
from talisman.modules.legendary_tales.setup import start_adventure

LT = ["legendary-tales"]


def new(heroes: tuple[str, ...] = ("warrior", "wizard"), seed: int = 1, **options: object) -> Game:
    """A game of adventure 1 stopped before its first turn, every token put back in the box."""
    g = Game.new(list(heroes), modules=LT, options=dict(options), seed=seed, start=False)
    g.decks["box"] += [t for ts in g.board.values() for t in ts]
    g.board = {}
    g.globals = {**g.globals, "down": []}
    return g


def token(key: str, owner: str = "", adventure: int = 1) -> int:
    """A token of that key (a hero's start token when ``owner`` is named), taken out of the box."""
    cat = catalogue()
    pool = cat.hero_tokens[owner] if owner else cat.rewards if adventure == 0 else cat.adventure_tokens[adventure]
    return next(t for t in pool if cat.tokens[t].key == key)


def place(g: Game, where: str, *tokens: int, face_up: bool = True) -> None:
    idx = g.rules.space_index[where]
    for t in tokens:
        for d in g.decks.values():
            if t in d:
                d.remove(t)
        g.board.setdefault(idx, []).append(t)
    if not face_up:
        g.globals = {**g.globals, "down": [*g.globals["down"], *tokens]}


def bag(g: Game, seat: int, *tokens: int) -> None:
    """Put exactly these tokens in a hero's bag (the rest of its tokens go aside)."""
    g.decks["aside"] += g.decks[f"bag:{seat}"]
    g.decks[f"bag:{seat}"] = list(tokens)


def at(g: Game, seat: int, where: str) -> None:
    g.players[seat].space = g.rules.space_index[where]


def decision(g: Game) -> Decision:
    d = g.decision
    assert d is not None
    return d


def ids(g: Game) -> list[str]:
    return [o.id for o in decision(g).options]


def stay(g: Game) -> None:
    g.advance()
    assert decision(g).kind == "lt-travel"
    g.apply("stay")


@pytest.mark.rules(
    "legendary-tales.setup.fill-bag", "legendary-tales.setup.reward-bag", "legendary-tales.setup.choose-hero"
)
def test_setup_fills_each_heros_bag_with_its_seven_tokens_and_the_reward_bag_with_24() -> None:
    cat = catalogue()
    assert len(cat.heroes) == 6 and all(len(cat.hero_tokens[h]) == 7 for h in cat.heroes)
    g = Game.new(["dwarf", "elf", None], modules=LT, seed=4)
    assert [p.character for p in g.players][:2] == ["dwarf", "elf"]
    for p in g.players:
        assert sorted(g.decks[f"bag:{p.seat}"]) == sorted(cat.hero_tokens[p.character])
    assert len(g.decks["reward"]) == 24
    with pytest.raises(ConfigError):
        Game.new(["dwarf", "dwarf"], modules=LT)


@pytest.mark.rules("legendary-tales.adv1.setup", "legendary-tales.setup.locations-tokens")
def test_adventure_one_starts_the_heroes_on_the_hovel_with_22_blue_tokens() -> None:
    g = Game.new(["warrior", "troll"], modules=LT, seed=2)
    hovel = g.rules.space_index["hovel"]
    assert all(p.space == hovel for p in g.players)
    assert len(catalogue().adventure_tokens[1]) == 22
    assert g.view(0)["game"] == "legendary-tales"


@pytest.mark.rules("legendary-tales.setup.difficulty")
@pytest.mark.parametrize(("stars", "space"), [(1, 0), (2, 2), (3, 4)])
def test_the_difficulty_puts_the_time_counter_on_its_star_space(stars: int, space: int) -> None:
    g = Game.new(["warrior"], modules=LT, options={"difficulty": stars}, seed=2)
    assert g.globals["time"] == space


@pytest.mark.rules("legendary-tales.travel.optional", "legendary-tales.turn.phases")
def test_travel_is_optional_even_after_the_roll() -> None:
    g = new()
    g.advance()
    assert decision(g).kind == "lt-travel" and set(ids(g)) == {"stay", "roll"}
    g.script_dice([2])  # the face 2
    g.apply("roll")
    assert "move:hovel" in ids(g)  # staying is still allowed


@pytest.mark.rules("legendary-tales.travel.steps", "legendary-tales.travel.pass-through")
def test_a_roll_moves_up_to_its_count_along_the_paths() -> None:
    g = new()
    place(g, "ruins", token("herbs"), face_up=False)  # face down: no obstacle
    g.advance()
    g.script_dice([4])  # the face 3
    g.apply("roll")
    # hovel - ruins - tavern - forest / valley - runes - cave / tavern - valley
    assert set(ids(g)) == {f"move:{s}" for s in ("hovel", "ruins", "valley", "tavern", "runes", "forest", "cave")}


@pytest.mark.rules("legendary-tales.travel.stop-at-enemies", "legendary-tales.travel.example-dwarf")
def test_entering_a_location_with_a_face_up_enemy_ends_the_move() -> None:
    g = new()
    place(g, "ruins", token("rats"))
    place(g, "valley", token("bat"))
    g.advance()
    g.script_dice([4])
    g.apply("roll")
    # tavern can still be reached through the valley? no: the valley stops the move too
    assert set(ids(g)) == {"move:hovel", "move:ruins", "move:valley"}


@pytest.mark.rules("legendary-tales.travel.flip-on-end")
def test_ending_the_move_on_face_down_tokens_flips_them_all() -> None:
    g = new()
    herbs = token("herbs")
    place(g, "ruins", herbs, face_up=False)
    g.advance()
    g.script_dice([1])
    g.apply("roll")
    g.apply("move:ruins")
    assert herbs not in g.globals["down"]


@pytest.mark.rules("legendary-tales.die.hourglass-4")
def test_the_hourglass_face_moves_time_even_for_a_hero_who_stays() -> None:
    g = new()
    g.advance()
    g.script_dice([5])
    g.apply("roll")
    assert g.globals["time"] == 1
    g.apply("move:hovel")
    assert g.globals["time"] == 1


@pytest.mark.rules("legendary-tales.die.magic-portal")
def test_the_magic_portal_jumps_anywhere_and_still_flips() -> None:
    g = new()
    herbs = token("herbs")
    place(g, "castle", herbs, face_up=False)
    g.advance()
    g.script_dice([6])
    g.apply("roll")
    assert len(ids(g)) == 12
    g.apply("move:castle")
    assert herbs not in g.globals["down"]


def fight_position(*drawn: int, enemies: tuple[str, ...] = ("goblin", "bat", "rats")) -> Game:
    g = new()
    bag(g, 0, *drawn)
    place(g, "hovel", *(token(e) for e in enemies))
    stay(g)
    return g


@pytest.mark.rules(
    "legendary-tales.encounter.trigger",
    "legendary-tales.encounter.draw-three",
    "legendary-tales.encounter.icon-use-once",
    "legendary-tales.encounter.example-goblin",
    "legendary-tales.encounter.enemy-icons",
    "legendary-tales.icon.sword-hat",
)
def test_the_dwarfs_example_two_swords_and_a_hat_beat_goblin_and_rats_or_bat_and_rats() -> None:
    swords = catalogue().hero_tokens["warrior"][:2]
    g = fight_position(*swords, token("shield", "warrior"))
    assert decision(g).kind == "lt-defeat"
    assert {o.label for o in decision(g).options} == {"Defeat Goblin and Rats", "Defeat Bat and Rats"}


@pytest.mark.rules("legendary-tales.encounter.tokens-stay-out", "legendary-tales.rewards.per-enemy")
def test_drawn_tokens_stay_in_front_and_each_eliminated_enemy_gives_a_reward_into_any_bag() -> None:
    swords = catalogue().hero_tokens["warrior"][:2]
    g = fight_position(*swords, token("shield", "warrior"))
    g.apply(ids(g)[0])
    assert g.decks["bag:0"] == [] and len(g.decks["front:0"]) == 3
    assert decision(g).kind == "lt-reward" and set(ids(g)) == {"give:0", "give:1"}
    before = len(g.decks["bag:1"])
    g.apply("give:1")
    assert len(g.decks["bag:1"]) == before + 1
    assert decision(g).kind == "lt-reward"  # the second enemy's reward
    g.apply("give:0")
    assert len(g.decks["bag:0"]) == 1 and len(g.decks["reward"]) == 22


@pytest.mark.rules("legendary-tales.returning-tokens")
def test_before_a_draw_the_owner_may_return_all_tokens_in_front() -> None:
    g = new()
    sword, shield = catalogue().hero_tokens["warrior"][0], token("shield", "warrior")
    bag(g, 0, sword)
    g.decks["front:0"] = [shield]
    place(g, "hovel", token("rats"))
    stay(g)
    assert decision(g).kind == "lt-return" and decision(g).player == 0
    g.apply("return")
    assert shield not in g.decks["front:0"] or shield in [d[0] for d in g.globals["drawn"]]
    assert 0 in g.globals["returned"]


def answer_draws(g: Game, returns: dict[int, str]) -> list[int]:
    """Answer the encounter's questions (a Magic bag: the active hero's own bag; a return: as ``returns``
    says for each owner) until the fight; the seats asked to return, in order."""
    asked = []
    while decision(g).kind in ("lt-return", "lt-magic", "lt-fate"):
        d = decision(g)
        if d.kind == "lt-return":
            asked.append(d.player)
            g.apply(returns[d.player])
        else:
            g.apply(f"bag:{g.active}" if d.kind == "lt-magic" else "draw")
    return asked


@pytest.mark.rules("legendary-tales.returning-tokens")
def test_the_owner_is_asked_once_before_the_draw_of_three_not_before_each_token() -> None:
    """002: "Before the draw, you MAY decide to return all of the tokens in front of you": one question."""
    g = new()
    swords = catalogue().hero_tokens["warrior"][:2]
    old = token("hourglass", "warrior")
    bag(g, 0, *swords, token("shield", "warrior"))
    g.decks["front:0"] = [old]  # left there by an earlier turn
    place(g, "hovel", token("rats"))
    stay(g)
    assert answer_draws(g, {0: "keep"}) == [0]
    assert len(g.globals["drawn"]) == 3 and old in g.decks["front:0"] and g.globals["time"] == 0


@pytest.mark.rules("legendary-tales.returning-tokens", "legendary-tales.icon.magic-bag")
def test_a_magic_bag_draw_is_a_new_draw_and_a_return_takes_back_all_tokens_of_earlier_turns() -> None:
    """The Magic bag's token is a draw of its own (002's note asks the owner before it); the owner who kept its
    tokens before the first draw may return them now: all those of earlier turns, none of this encounter's,
    which are in play until it ends (our reading of 002's "Ending the Encounter")."""
    cat = catalogue()
    magic, swords = token("bag", "elf"), [t for t in cat.hero_tokens["elf"] if cat.tokens[t].key == "sword"]
    old = [token("hourglass", "elf"), token("hat", "elf")]
    for seed in range(3):
        g = new(("elf", "wizard"), seed=seed)
        bag(g, 0, magic, *swords)
        g.decks["front:0"] = list(old)
        place(g, "hovel", token("rats"), token("goblin"))
        stay(g)
        assert decision(g).kind == "lt-return"
        g.apply("keep")
        assert answer_draws(g, {0: "return"}) == [0]  # asked again before the Magic bag's draw, not before the others
        this_encounter = [t for t, _ in g.globals["drawn"]]
        assert len(this_encounter) == 4 and magic in this_encounter  # three, and the Magic bag's one
        # Every token of earlier turns went back (some may have been drawn again); those drawn before the return
        # (the Magic bag's token at least) stayed in play, and all of this encounter's lie in front now.
        assert sorted(g.decks["front:0"]) == sorted(this_encounter)
        assert sorted(g.decks["bag:0"] + this_encounter) == sorted([magic, *swords, *old])
        assert g.globals["returned"] == [0]


@pytest.mark.rules("legendary-tales.icon.fate-hourglass", "legendary-tales.returning-tokens")
def test_the_tokens_a_fate_adds_belong_to_the_draw_they_come_in() -> None:
    g = new(("prophetess", "wizard"))
    fate = token("fate", "prophetess")
    hats = [t for t in catalogue().hero_tokens["prophetess"] if catalogue().tokens[t].key == "hat"]
    bag(g, 0, fate, *hats, token("sword", "prophetess"))
    g.decks["front:0"] = [token("back", "prophetess")]
    place(g, "hovel", token("rats"))
    stay(g)
    assert answer_draws(g, {0: "keep"}) == [0]
    assert len(g.globals["drawn"]) > 3  # the Fate's tokens were drawn, with no second question


@pytest.mark.rules("legendary-tales.icon.hourglass", "legendary-tales.time-limit", "legendary-tales.lose-adventure")
def test_hourglasses_drawn_move_time_and_the_moon_loses_the_adventure() -> None:
    g = new(("dwarf",))
    hg = token("hourglass", "dwarf")
    bag(g, 0, *[t for t in catalogue().hero_tokens["dwarf"] if catalogue().tokens[t].key == "hourglass"])
    place(g, "hovel", token("rats"))
    g.globals = {**g.globals, "time": 11}
    stay(g)
    assert hg  # two hourglasses: 11 -> 13, the crescent moon of side 1
    assert g.is_over and g.result is not None and g.result["won"] is False and g.result["winners"] == []


@pytest.mark.rules("legendary-tales.icon.hourglass-back")
def test_the_green_hourglass_moves_time_back() -> None:
    g = new(("prophetess",))
    bag(g, 0, token("back", "prophetess"))
    place(g, "hovel", token("rats"))
    g.globals = {**g.globals, "time": 3}
    stay(g)
    assert g.globals["time"] == 2


@pytest.mark.rules("legendary-tales.icon.fate", "legendary-tales.icon.combined")
def test_sword_and_fate_counts_a_sword_and_offers_one_more_draw_from_the_same_bag() -> None:
    offered = 0
    for seed in range(30):
        g = new(seed=seed)
        charge = token("charge", "warrior")
        sword, shield = catalogue().hero_tokens["warrior"][0], token("shield", "warrior")
        bag(g, 0, charge, sword, shield, token("hourglass", "warrior"))
        place(g, "hovel", token("goblin"), token("rats"))
        stay(g)
        if decision(g).kind == "lt-fate":
            offered += 1
            assert g.globals["drawn"][-1][0] == charge and set(ids(g)) == {"draw", "no"}
            g.apply("draw")
            assert len(g.globals["drawn"]) >= 2
    assert offered


@pytest.mark.rules("legendary-tales.icon.fate-hourglass")
def test_fate_and_hourglass_moves_time_first_then_offers_a_draw() -> None:
    offered = 0
    for seed in range(30):
        g = new(("prophetess", "warrior"), seed=seed)
        trance = token("hourglass", "prophetess")
        bag(g, 0, trance, token("hat", "prophetess"), token("sword", "prophetess"), token("back", "prophetess"))
        place(g, "hovel", token("rats"))
        stay(g)
        drawn = [t for t, _ in g.globals["drawn"]]
        if decision(g).kind == "lt-fate" and drawn == [trance]:
            offered += 1
            assert g.globals["time"] == 1  # the hourglass first, then the offer
    assert offered


@pytest.mark.rules("legendary-tales.icon.magic-bag")
def test_the_magic_bag_offers_a_draw_from_any_heros_bag() -> None:
    g = new(("wizard", "warrior"))
    summon = token("summon", "wizard")
    bag(g, 0, summon)
    place(g, "hovel", token("rats"))
    stay(g)
    assert decision(g).kind == "lt-magic"
    # the wizard's own bag is empty, but the Summoning in front of her may go back into it first
    assert set(ids(g)) == {"bag:0", "bag:1", "no"}
    g.apply("bag:1")
    assert len(g.globals["drawn"]) == 2 and g.globals["drawn"][1][1] == 1


@pytest.mark.rules("legendary-tales.rewards.inert-in-reward-bag")
def test_a_reward_drawn_from_the_reward_bag_does_nothing_with_its_icons() -> None:
    g = new()
    hourglassy = [t for t in catalogue().rewards if "hourglass" in catalogue().tokens[t].icons]
    g.decks["reward"] = hourglassy[:1] or g.decks["reward"][:1]
    swords = catalogue().hero_tokens["warrior"][:3]
    bag(g, 0, *swords)
    place(g, "hovel", token("rats"))
    stay(g)
    g.apply(ids(g)[0]) if decision(g).kind == "lt-defeat" else None
    assert decision(g).kind == "lt-reward"
    assert g.globals["time"] == 0


@pytest.mark.rules("legendary-tales.items")
def test_an_item_is_taken_onto_the_scroll_only_when_no_enemy_is_left() -> None:
    g = new()
    herbs = token("herbs")
    bag(g, 0, token("shield", "warrior"))  # a hat: no match for the rats
    place(g, "hovel", herbs, token("rats"))
    stay(g)
    assert herbs not in g.decks["scroll"]
    g2 = new()
    place(g2, "hovel", herbs)
    stay(g2)
    assert herbs in g2.decks["scroll"]


@pytest.mark.rules("legendary-tales.special.stronger-enemies")
def test_an_enemy_with_health_loses_a_health_token_before_it_is_eliminated() -> None:
    g = new()
    rats = token("rats")
    swords = catalogue().hero_tokens["warrior"][:3]
    bag(g, 0, swords[0], token("shield", "warrior"))
    place(g, "hovel", rats)
    g.counters[rats] = 1
    stay(g)  # one sword: the only choice, one hit, taken by itself
    assert rats in g.board[g.rules.space_index["hovel"]] and rats not in g.counters
    assert g.decks["reward"] and len(g.decks["reward"]) == 24  # not eliminated: no reward
    g3 = new()
    bag(g3, 0, *swords)
    place(g3, "hovel", rats)
    g3.counters[rats] = 1
    stay(g3)
    # three swords: two hits in one turn (the only maximal choice, taken by itself) eliminate it
    assert rats not in g3.board[g3.rules.space_index["hovel"]] and decision(g3).kind == "lt-reward"


@pytest.mark.rules("legendary-tales.rank-table")
def test_the_rank_table() -> None:
    assert [rank(n) for n in (10, 11, 12, 13, 14, 15)] == [
        None,
        "Heroic",
        "Heroic",
        "Renowned",
        "Renowned",
        "Legendary",
    ]


@pytest.mark.rules("legendary-tales.turn.order", "legendary-tales.turn.end")
def test_seat_zero_starts_and_turns_pass_in_seat_order() -> None:
    g = new(("warrior", "wizard", "elf"))
    seen = []
    for _ in range(4):
        g.advance() if not seen else None
        seen.append(decision(g).player)
        g.apply("stay")
    assert seen == [0, 1, 2, 0]


def count_tokens(g: Game) -> Counter[int]:
    c: Counter[int] = Counter()
    for d in g.decks.values():
        c.update(d)
    for ts in g.board.values():
        c.update(ts)
    return c


@pytest.mark.rules("legendary-tales.cooperative-goal", "legendary-tales.win-adventure")
def test_random_games_end_lose_no_token_and_replay_the_same() -> None:
    results = []
    every = Counter(range(len(catalogue().tokens)))
    for seed in range(25):
        r = random.Random(seed)
        heroes = r.sample(sorted(catalogue().heroes), r.randint(1, 4))
        g = Game.new(heroes, modules=LT, options={"difficulty": r.randint(1, 3)}, seed=seed)
        while not g.is_over:
            assert g.turn < 2000
            g.apply(r.choice(g.legal_ids()))
            assert count_tokens(g) == every
        assert g.result is not None and "won" in g.result and not g.stalled
        results.append(g.result["won"])
        again = Game.load(g.save())
        assert again.state_hash() == g.state_hash()
    assert True in results  # random play wins some adventures


def test_an_illegal_action_changes_nothing() -> None:
    g = Game.new(["warrior"], modules=LT, seed=3)
    h = g.state_hash()
    with pytest.raises(IllegalOptionError):
        g.apply("fly")
    assert g.state_hash() == h
    with pytest.raises(ConfigError):
        Game.new(["warrior"], modules=LT, options={"adventure": 9})
    with pytest.raises(ConfigError):
        Game.new(["warrior"], modules=[*LT, "city-classic"])


def reward_token(key: str) -> int:
    return token(key, adventure=0)


@pytest.mark.rules("legendary-tales.icon.double")
def test_a_double_sword_may_be_split_between_two_enemies() -> None:
    g = new()
    bag(g, 0, reward_token("axe"))
    rats = [t for t in catalogue().adventure_tokens[1] if catalogue().tokens[t].key == "rats"][:2]
    place(g, "hovel", *rats)
    stay(g)  # one token, two swords: both Rats fall (the only choice, taken by itself)
    assert not any(t in g.board[g.rules.space_index["hovel"]] for t in rats)
    assert decision(g).kind == "lt-reward"


@pytest.mark.rules("legendary-tales.icon.choice")
def test_a_sword_or_hat_token_counts_as_one_of_them_chosen_after_the_draw() -> None:
    g = new()
    bag(g, 0, reward_token("amulet"))
    place(g, "hovel", token("rats"), token("bat"))
    stay(g)
    assert {o.label for o in decision(g).options} == {"Defeat Rats", "Defeat Bat"}


@pytest.mark.rules("legendary-tales.icon.double-fate")
def test_double_fate_offers_two_more_draws_from_the_same_bag() -> None:
    offered = 0
    for seed in range(30):
        g = new(seed=seed)
        unicorn = reward_token("unicorn")
        bag(g, 0, unicorn, *catalogue().hero_tokens["warrior"][:3])
        place(g, "hovel", token("goblin"))
        stay(g)
        if decision(g).kind == "lt-fate" and g.globals["drawn"][-1][0] == unicorn:
            offered += 1
            assert [o.label for o in decision(g).options][0] == "Draw 2 more"
    assert offered


@pytest.mark.rules("legendary-tales.icon.crossed-hourglass")
def test_a_crossed_hourglass_ignores_one_hourglass_drawn_but_not_the_dies() -> None:
    for seed in range(6):  # in either order of the two draws
        g = new(("dwarf",), seed=seed)
        bag(g, 0, reward_token("ring"), token("hourglass", "dwarf"))
        place(g, "hovel", token("rats"))
        stay(g)
        assert g.globals["time"] == 0, seed
    g = new(("dwarf",))
    bag(g, 0, reward_token("ring"))
    place(g, "hovel", token("rats"))
    g.advance()
    g.script_dice([5])  # 4 and the hourglass
    g.apply("roll")
    g.apply("move:hovel")
    assert g.globals["time"] == 1


def adventure_two() -> Game:
    """Adventure 2: the heroes start on the Tavern."""
    return new(adventure=2)


@pytest.mark.rules("legendary-tales.special.wealthy-enemies")
def test_a_wealthy_enemy_gives_two_rewards() -> None:
    g = adventure_two()
    bag(g, 0, *catalogue().hero_tokens["warrior"][:2])
    place(g, "tavern", token("crook", adventure=2))
    stay(g)
    assert decision(g).kind == "lt-reward"
    g.apply("give:0")
    assert decision(g).kind == "lt-reward"
    g.apply("give:1")
    assert len(g.decks["reward"]) == 22


@pytest.mark.rules("legendary-tales.special.treasure-chests")
def test_a_chest_is_opened_only_with_no_enemy_left_and_gives_its_rewards() -> None:
    g = adventure_two()
    chest = token("chest", adventure=2)
    place(g, "tavern", chest)
    stay(g)
    assert chest in g.decks["box"] and decision(g).kind == "lt-reward"
    g.apply("give:0")
    g.apply("give:0")
    assert len(g.decks["reward"]) == 22
    g2 = adventure_two()
    bag(g2, 0, token("shield", "warrior"))  # a hat: the Rats stay
    place(g2, "tavern", chest, token("cutpurse", adventure=2))
    stay(g2)
    assert chest in g2.board[g2.rules.space_index["tavern"]]


@pytest.mark.rules("legendary-tales.special.locked-chests")
def test_a_locked_chest_must_be_matched_like_an_enemy() -> None:
    g = adventure_two()
    locked = token("locked", adventure=2)
    bag(g, 0, catalogue().hero_tokens["warrior"][0], token("shield", "warrior"))
    place(g, "tavern", locked)
    stay(g)
    assert locked in g.decks["box"] and decision(g).kind == "lt-reward"
    g2 = adventure_two()
    bag(g2, 0, catalogue().hero_tokens["warrior"][0])  # a sword alone does not open it
    place(g2, "tavern", locked)
    stay(g2)
    assert locked in g2.board[g2.rules.space_index["tavern"]]


@pytest.mark.rules("legendary-tales.bag-peeking")
def test_a_bags_contents_are_shown_sorted_never_in_an_order() -> None:
    g = Game.new(["warrior", "elf"], modules=LT, seed=5)
    shown = g.view(1)["heroes"][0]
    assert shown["bag_count"] == 7
    assert [t["id"] for t in shown["bag"]] == sorted(g.decks["bag:0"])


def finished(scoreboard: dict[str, int], adventure: int, stars: int, won: bool) -> Game:
    g = new(campaign=True, difficulty=stars)
    start_adventure(g, adventure, stars)
    g.globals = {**g.globals, "scoreboard": scoreboard}
    finish(g, won, "a test")
    g.advance()
    return g


@pytest.mark.rules(
    "legendary-tales.star-gating",
    "legendary-tales.adv1.unlock",
    "legendary-tales.adv2.unlock",
    "legendary-tales.adv3.unlock",
    "legendary-tales.adv4.unlock",
)
def test_the_next_adventure_opens_only_with_enough_stars() -> None:
    assert not any(i.startswith("next") for i in ids(finished({}, 1, 1, True)))
    assert "next:1" in ids(finished({}, 1, 2, True))
    assert not any(i.startswith("next") for i in ids(finished({"1": 2}, 2, 1, True)))
    assert "next:3" in ids(finished({"1": 2}, 2, 2, True))
    assert not any(i.startswith("next") for i in ids(finished({"1": 2, "2": 2}, 3, 2, True)))
    assert "next:2" in ids(finished({"1": 2, "2": 2}, 3, 3, True))
    assert not any(i.startswith("next") for i in ids(finished({"1": 2, "2": 2, "3": 3}, 4, 2, True)))
    assert "next:1" in ids(finished({"1": 2, "2": 2, "3": 3}, 4, 3, True))


@pytest.mark.rules(
    "legendary-tales.talisman-kept", "legendary-tales.retry", "legendary-tales.setup.talisman-scoreboard"
)
def test_a_won_talisman_is_kept_and_replaced_only_by_more_stars() -> None:
    g = finished({"1": 2}, 1, 3, True)
    assert g.globals["scoreboard"] == {"1": 3}
    g = finished({"1": 3}, 1, 2, True)
    assert g.globals["scoreboard"] == {"1": 3}
    g = finished({"1": 3}, 1, 3, False)  # a lost retry keeps the Talisman won before
    assert g.globals["scoreboard"] == {"1": 3}
    assert {"retry:1", "retry:2", "retry:3", "stop"} <= set(ids(g))
    before = g.globals["attempts"]
    g.apply("retry:2")
    assert g.globals["stars"] == 2 and not g.is_over and g.globals["attempts"] == before + 1


@pytest.mark.rules(
    "legendary-tales.task-complete", "legendary-tales.scroll-flip-time", "legendary-tales.travel.new-tokens-flip"
)
def test_the_done_task_reads_on_flips_the_scroll_at_the_same_time_and_new_tokens_by_heroes_face_up() -> None:
    g = new(("warrior", "wizard"))
    cat = catalogue()
    herbs = [t for t in cat.adventure_tokens[1] if cat.tokens[t].key == "herbs"]
    for t in herbs:
        g.decks["box"].remove(t)
    g.decks["scroll"] += herbs
    place(g, "tavern", token("alchemist"))
    at(g, 0, "tavern")
    at(g, 1, "pool")
    g.globals = {**g.globals, "time": 5}
    stay(g)
    assert g.globals["side"] == 2 and track_label(g) == "5"
    assert "Glade" in g.globals["task"] and "potion" in g.globals["story"]
    assert token("potion") in g.decks["scroll"] and not set(herbs) & set(g.decks["scroll"])
    fairy_at_pool = [t for t in g.board[g.rules.space_index["pool"]] if cat.tokens[t].key == "fairy"]
    fairy_in_forest = [t for t in g.board[g.rules.space_index["forest"]] if cat.tokens[t].key == "fairy"]
    assert fairy_at_pool and fairy_at_pool[0] not in g.globals["down"]  # a hero stands there
    assert fairy_in_forest and fairy_in_forest[0] in g.globals["down"]


def track_label(g: Game) -> str:
    return track(g)[g.globals["time"]]


@pytest.mark.rules("legendary-tales.hero-skills", "legendary-tales.turn.ability-anytime")
def test_each_hero_has_a_skill_the_elf_moves_one_step_more() -> None:
    for hero, reach in (
        ("elf", {"hovel", "ruins", "valley", "tavern", "runes"}),
        ("dwarf", {"hovel", "ruins", "valley"}),
    ):
        g = new((hero,))
        g.advance()
        g.script_dice([1])  # the face 1
        g.apply("roll")
        assert set(ids(g)) == {f"move:{s}" for s in reach}, hero
    assert all(h["ability"].strip() for h in catalogue().heroes.values())


@pytest.mark.rules("legendary-tales.components")
def test_the_components_are_002s_counts() -> None:
    cat = catalogue()
    colours = {n: a["adventure"]["colour"] for n, a in cat.adventures.items() if n <= 5}
    kinds = [cat.tokens[t].kind for n in range(1, 6) for t in cat.adventure_tokens[n]]
    adventure_tokens = Counter(
        colours[n] for n in range(1, 6) for t in cat.adventure_tokens[n] if cat.tokens[t].kind != "toad"
    )
    assert adventure_tokens == {"blue": 22, "red": 22, "green": 22, "purple": 15, "gray": 21}
    assert kinds.count("toad") == 6 and all(t.adventure == 4 for t in cat.tokens if t.kind == "toad")
    assert len(cat.heroes) == 6 and all(len(ts) == 7 for ts in cat.hero_tokens.values())
    assert len(cat.rewards) == 24 and len([n for n in cat.adventures if n <= 5]) == 5
    g = Game.new(["warrior", "wizard"], modules=LT, seed=1)
    assert len(g.rules.spaces) == 12  # the twelve locations
    assert len(DIE) == 6 and "4h" in DIE and "portal" in DIE  # the Travel die and its two special faces
    assert HEALTH_TOKENS == 5
    bags = [d for d in g.decks if d.startswith("bag:")] + ["reward"]
    assert len(bags) == len(g.players) + 1  # a Hero bag per hero in play, and the Reward bag
    assert {s for s in (1, 2, 3)} == {int(k) for k in catalogue().adventures[1]["adventure"]["track"]["stars"]}


@pytest.mark.rules("legendary-tales.setup.read-chapter")
def test_the_first_segment_of_chapter_one_is_read_and_gives_the_first_task() -> None:
    g = Game.new(["warrior", "wizard"], modules=LT, seed=1)
    first = catalogue().adventures[1]["step"][0]
    assert g.globals["story"] == first["story"] and g.globals["task"] == first["task"]
    assert g.globals["side"] == 1 and g.globals["step"] == 0
    said = [e.text for e in g.log]
    assert first["story"] in said and f"Task: {first['task']}" in said
    assert decision(g).kind == "lt-travel" and decision(g).player == 0  # and the game begins


@pytest.mark.rules("legendary-tales.adventure-order", "legendary-tales.retry")
def test_a_campaign_starts_with_the_first_adventure_and_goes_on_only_to_the_next() -> None:
    with pytest.raises(ConfigError, match="first adventure"):
        Game.new(["warrior"], modules=LT, options={"campaign": True, "adventure": 3})
    g = finished({}, 1, 3, True)
    nexts = {i for i in ids(g) if i.startswith("next:")}
    assert nexts == {"next:1", "next:2", "next:3"}
    g.apply("next:2")
    assert g.globals["adventure"] == 2 and g.globals["stars"] == 2
    g = finished({"1": 3, "2": 3}, 2, 3, False)  # a lost adventure: retry it, never skip ahead
    assert not any(i.startswith("next") for i in ids(g)) and "retry:1" in ids(g)


@pytest.mark.rules(
    "legendary-tales.example-dwarf-spider",
    "legendary-tales.returning-tokens",
    "legendary-tales.icon.magic-bag",
    "legendary-tales.icon.fate-hourglass",
    "legendary-tales.encounter.tokens-stay-out",
)
def test_002s_worked_example_the_dwarf_the_rats_and_the_giant_spider() -> None:
    cat = catalogue()
    sword, rune = token("sword", "dwarf"), token("hat", "dwarf")
    old_hourglass = token("hourglass", "dwarf")
    spells = [t for t in cat.hero_tokens["wizard"] if cat.tokens[t].key == "hat"][:2]
    study = token("hourglass", "wizard")
    trance = token("hourglass", "prophetess")  # an hourglass with fate
    assert cat.tokens[trance].icons == ("hourglass", "fate")
    horn = reward_token("horn")  # a magic bag
    spider = token("hex", adventure=2)  # two wizard's hats: 002's giant spider
    seen = 0
    for seed in range(80):
        g = new(("dwarf", "wizard"), seed=seed)
        bag(g, 0, sword, rune, horn)
        g.decks["front:0"] = [old_hourglass]  # left there from an earlier turn
        bag(g, 1, trance)
        g.decks["front:1"] = [*spells, study]
        place(g, "hovel", token("rats"), spider)
        stay(g)
        assert decision(g).kind == "lt-return" and decision(g).player == 0
        g.apply("keep")  # the Dwarf will not draw his hourglass again
        while decision(g).kind in ("lt-magic", "lt-return", "lt-fate"):
            d = decision(g)
            if d.kind == "lt-magic":
                g.apply("bag:1")
            elif d.kind == "lt-return":
                g.apply("return" if d.player == 1 else "keep")  # the Wizard puts her three tokens back
            else:
                g.apply("draw")
        wizard_draws = [t for t, owner in g.globals["drawn"] if owner == 1]
        if wizard_draws not in ([trance, spells[0]], [trance, spells[1]]):
            continue  # 002's example draws the hourglass with fate, then a wizard's hat
        seen += 1
        assert g.globals["time"] == 1  # the hourglass drawn moved time, once
        # a sword and two wizard's hats: the rats and the spider fall together (the one choice)
        assert token("rats") in g.decks["box"] and spider in g.decks["box"]
        assert sorted(g.decks["front:0"]) == sorted([old_hourglass, sword, rune, horn])
        assert sorted(g.decks["front:1"]) == sorted(wizard_draws)
        assert decision(g).kind == "lt-reward"  # and now the Rewards
    assert seen >= 3


@pytest.mark.rules("legendary-tales.icon.crossed-hourglass")
def test_a_crossed_hourglass_helps_only_on_the_turn_it_is_drawn() -> None:
    g = new(("dwarf", "wizard"))
    bag(g, 0, reward_token("ring"))  # a hat and a crossed hourglass
    bag(g, 1, token("hourglass", "wizard"))
    place(g, "hovel", token("rats"))
    stay(g)  # the Dwarf's turn: the Ring is drawn, its crossed hourglass unused
    stay(g)  # the Wizard's turn, at the rats: her hourglass moves time
    assert g.globals["time"] == 1


@pytest.mark.rules("legendary-tales.travel.flip-on-end")
def test_a_face_down_token_shows_only_its_back_to_every_seat() -> None:
    g = Game.new(["warrior", "wizard"], modules=LT, seed=2, options={"adventure": 5})
    down = set(g.globals["down"])
    assert down  # adventure 5 begins with villagers and red tokens face down
    for seat in (0, 1, None):
        shown = [t for loc in g.view(seat)["locations"] for t in loc["tokens"] if not t["face_up"]]
        assert len(shown) == len(down)
        assert all(t == {"face_up": False, "back": t["back"]} for t in shown)  # nothing tells two backs apart
        assert {t["back"] for t in shown} == {catalogue().tokens[t].back for t in down}
