"""Talisman Worlds (module ``worlds``; talisman/modules/worlds/, document 004): the
world drawn from the seed, valid by construction (a property over many seeds),
moving on it by region, the river's tiles, and the tiles' encounters played on a
world. Tests arrange a world by swapping tiles of a drawn one (``put``)."""

from __future__ import annotations

from collections import Counter, deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from talisman.content.ruleset import ruleset_for
from talisman.engine.game import Game
from talisman.errors import ConfigError
from talisman.modules.worlds import generator, world
from talisman.modules.worlds.generator import ring_hexes, ring_of
from talisman.testing import Scenario

rules = pytest.mark.rules
MODS = ("worlds",)


# --- arranging a world ---------------------------------------------------------------------------


def game(*chars: str, seed: int = 0, **opts) -> Scenario:
    """Seat 0 (a Warrior unless told) ready to play on the world of ``seed``; the others far away."""
    chars = chars or ("warrior", "wizard")
    s = Scenario(list(chars), seed=seed, modules=MODS, **opts).no_spells()
    s.set(0, strength=4, craft=4, gold=5, lives=5)
    return s


def where(s: Scenario, sid: str) -> tuple[int, int]:
    for q, r, t in s.game.globals["layout"]["tiles"]:
        if t == sid:
            return (q, r)
    raise LookupError(sid)


def tile_at(s: Scenario, q: int, r: int) -> str:
    return next(t for a, b, t in s.game.globals["layout"]["tiles"] if (a, b) == (q, r))


def put(s: Scenario, sid: str, q: int, r: int) -> Scenario:
    """Swap tile ``sid`` with the one at (q, r) (both of the same ring, or the swap is refused)."""
    g = s.game
    g.touched()
    laid = [list(t) for t in g.globals["layout"]["tiles"]]
    a = next(t for t in laid if t[2] == sid)
    b = next(t for t in laid if (t[0], t[1]) == (q, r))
    assert ring_of(a[0], a[1]) == ring_of(q, r), f"{sid} belongs to another ring"
    a[2], b[2] = b[2], a[2]
    g.globals["layout"] = {**g.globals["layout"], "tiles": laid}
    return s


def near(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in generator.NEIGHBOURS if ring_of(q + dq, r + dr) <= generator.RINGS + 1]


def plain_river(s: Scenario, tiles: list[str] | None = None) -> Scenario:
    """Lay the river ring in ``tiles`` order from (0, -3) (default: Water at the top, the Oasis
    and the Hidden Valley at the bottom, the Deserts on the left)."""
    hexes = ring_hexes(3)
    order = tiles or [
        *(f"water-{i}" for i in range(1, 10)),
        "oasis",  # at (0, 3) and (-1, 3), far from the top where tests play
        "hidden-valley",
        "water-10",
        *(f"desert-{i}" for i in range(1, 7)),
    ]
    for sid, (q, r) in zip(order, hexes, strict=False):
        put(s, sid, q, r)
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


def rolled(s: Scenario, space: str | None = None) -> Scenario:
    """Begin seat 0's turn and roll to move (the dice scripted before)."""
    turn_of_0(s, space)
    return s.choose("roll") if s.kind == "turn" else s


def moves(s: Scenario) -> set[str]:
    return {i.split(":", 1)[1] for i in s.options() if i.startswith("move:")}


def land(s: Scenario, sid: str, *dice: int) -> Scenario:
    """Seat 0 steps onto ``sid`` from a touching tile of its ring (a roll of 1, or an inner step);
    ``dice`` are scripted for what follows. The others are moved away from both tiles."""
    g = s.game
    q, r = where(s, sid)
    k = ring_of(q, r)
    beside = [tile_at(s, a, b) for a, b in near(q, r) if ring_of(a, b) == k]
    start = next(
        t
        for t in beside
        if g.rules.space(t).kind not in ("water", "desert", "oasis", "hidden-valley", "mountains", "treasure-chamber")
    )
    for seat in range(1, len(g.players)):
        s.at(seat, next(t for t in ("fields-6", "plains-4", "hills-2") if t not in (sid, start)))
    s.dice(*(() if k == 1 else (1,)), *dice)
    turn_of_0(s, start)
    if s.kind == "turn" and k != 1:
        s.choose("roll")
    return s.choose(f"move:{sid}")


# --- the world: drawn from the seed, valid by construction ----------------------------------------


def laid(seed: int, inner: str = "six") -> list[list]:
    return generator.generate(seed, inner, ("worlds-crown",))["tiles"]


def open_ways(rules, tiles) -> dict[str, set[str]]:
    """The ways between tiles a character with a raft and a Water Bottle may use (bridge, Portal, Valley)."""
    at = {(q, r): sid for q, r, sid in tiles}
    ways: dict[str, set[str]] = {sid: set() for sid in at.values()}
    for (q, r), a in at.items():
        for b in (at[xy] for xy in near(q, r) if xy in at):
            ka, kb = rules.space(a).kind, rules.space(b).kind
            ra, rb = ring_of(q, r), ring_of(*next(xy for xy, t in at.items() if t == b))
            if min(ra, rb) >= 2 or (ra == rb == 1):
                if not ((kb in world.ONE_WAY and ra >= rb) or (ka in world.ONE_WAY and rb <= ra)):
                    ways[a].add(b)
            elif ka == "portal" and rb == 1:
                ways[a].add(b)
            elif ka == "valley-of-fire" and rb == 0:
                ways[a].add(b)
    return ways


def reached(ways: dict[str, set[str]], start: str) -> set[str]:
    seen = {start}
    todo = deque([start])
    while todo:
        for b in ways[todo.popleft()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


@rules("worlds.rings", "worlds.concept", "worlds.extra-tiles", "worlds.endings.setup")
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), inner=st.sampled_from(["six", "eight"]))
def test_every_world_has_the_rings_of_004_and_every_tile_is_reachable(seed, inner):
    rules_ = ruleset_for(MODS)
    tiles = laid(seed, inner)
    assert len(tiles) == 61 and len({(q, r) for q, r, _ in tiles}) == 61
    by_ring = Counter(ring_of(q, r) for q, r, _ in tiles)
    assert by_ring == {0: 1, 1: 6, 2: 12, 3: 18, 4: 24}
    region = {0: "crown", 1: "inner", 2: "middle", 3: "river", 4: "outer"}
    for q, r, sid in tiles:
        assert rules_.space(sid).region == region[ring_of(q, r)]
    river = Counter(rules_.space(sid).kind for q, r, sid in tiles if ring_of(q, r) == 3)
    assert river == {"water": 10, "desert": 6, "oasis": 1, "hidden-valley": 1}
    assert tiles[0] == [0, 0, "crown-of-command"]  # the ending, in the centre
    # every tile is reachable from the Village, and there is a way to the ending
    ways = open_ways(rules_, tiles)
    sentinel = where_in(tiles, "sentinel")
    for q, r, sid in tiles:
        if ring_of(q, r) == 2 and generator.hex_distance((q, r), sentinel) == 2:
            ways["sentinel"].add(sid)
    assert reached(ways, "village") == {sid for _, _, sid in tiles}
    # ... and without a raft or a Water Bottle (the Sentinel's bridge), every tile a move may end on
    dry = {a: {b for b in bs if rules_.space(b).kind not in world.NO_STOP} for a, bs in ways.items()}
    assert reached(dry, "village") == {sid for _, _, sid in tiles if rules_.space(sid).kind not in world.NO_STOP}


def where_in(tiles, sid: str) -> tuple[int, int]:
    return next((q, r) for q, r, t in tiles if t == sid)


@rules("worlds.concept", "worlds.endings.setup")
def test_the_same_seed_gives_the_same_world_and_others_differ():
    a = Game.new(["warrior", "wizard"], modules=MODS, seed=11)
    b = Game.new(["warrior", "wizard"], modules=MODS, seed=11)
    c = Game.new(["warrior", "wizard"], modules=MODS, seed=12)
    assert a.globals["layout"] == b.globals["layout"] and a.globals["world-ending"] == b.globals["world-ending"]
    assert a.globals["layout"]["tiles"] != c.globals["layout"]["tiles"]
    assert len({tuple(map(tuple, laid(seed))) for seed in range(30)}) == 30


@rules("worlds.outer.list", "worlds.middle.list", "worlds.river.list", "worlds.inner.list")
def test_the_rings_hold_004s_tiles_with_their_counts():
    rules_ = ruleset_for(MODS)
    tiles = laid(3)
    names = {k: Counter(rules_.space(sid).name for q, r, sid in tiles if ring_of(q, r) == k) for k in range(5)}
    assert names[4] == {
        "City": 1, "Village": 1, "Tavern": 1, "Chapel": 1, "Ruins": 1, "Fields": 6, "Plains": 4, "Woods": 3,
        "Hills": 2, "Sentinel": 1, "Graveyard": 1, "Crags": 1, "Forest": 1,
    }  # fmt: skip
    assert names[3] == {"River": 10, "Desert": 6, "Oasis": 1, "Hidden Valley": 1}
    assert names[2] == {
        "Portal of Power": 1, "Black Knight": 1, "Hills": 1, "Cursed Glade": 1, "Runes": 3, "Chasm": 1,
        "Warlock's Cave": 1, "Temple": 1, "Woods": 1, "Castle": 1,
    }  # fmt: skip
    assert set(names[1]) == {"Valley of Fire", "Crypt", "Death", "Werewolf Den", "Mines", "Vampire's Tower"}
    draws = {rules_.space(sid).name: rules_.space(sid).draw for _, _, sid in tiles}
    assert (draws["Ruins"], draws["Fields"], draws["Oasis"], draws["Hidden Valley"], draws["Hills"]) == (2, 1, 2, 3, 1)
    glade, runes = rules_.space("cursed-glade"), rules_.space("runes-1")
    assert "spells" in glade.suppress and runes.creature_bonus == 2


@rules("worlds.inner.list", "worlds.tile.pits")
def test_the_map_tools_pool_draws_six_inner_tiles_of_eight():
    seen = Counter()
    for seed in range(60):
        inner = [sid for q, r, sid in laid(seed, "eight") if ring_of(q, r) == 1]
        assert len(inner) == 6 and set(inner) <= set(generator.INNER_EIGHT)
        seen.update(inner)
    assert set(seen) == set(generator.INNER_EIGHT)  # the Pits and the Plain of Peril come up too
    assert all("pits" not in [sid for q, r, sid in laid(seed) if ring_of(q, r) == 1] for seed in range(60))


@rules("worlds.original-board-reference", "worlds.keeps")
def test_the_world_keeps_the_main_boards_spaces_and_everything_else():
    core, worlds_ = ruleset_for(("core",)), ruleset_for(MODS)
    sizes = {r.id: len(r.ring) for r in core.regions.values()}
    assert sizes == {"outer": 24, "middle": 16, "inner": 8, "crown": 1}  # with the Crown: 004's 50 less one
    assert {s.id for s in core.spaces} <= {s.id for s in worlds_.spaces}
    assert len(worlds_.spaces) == len(core.spaces) + 14 + 30  # 10 Water, 4 more Deserts; the Dungeon ring's 30
    assert core.cards == worlds_.cards and core.characters == worlds_.characters and core.decks == worlds_.decks
    assert [ln for ln in worlds_.links] == []  # no bridge, ferry or portal: the tiles touch
    for sid in ("village", "temple", "chapel", "black-knight", "warlocks-cave", "chasm", "vampires-tower"):
        assert core.space(sid).encounter == worlds_.space(sid).encounter
        assert core.space(sid).on_enter == worlds_.space(sid).on_enter


@pytest.mark.parametrize("other", ["dungeon-4e", "city-classic", "endings"])
def test_worlds_is_played_apart_from_other_boards_and_000s_endings(other):
    with pytest.raises(ConfigError):
        Game.new(["warrior"], modules=("worlds", other))


def test_a_saved_game_keeps_its_world():
    g = bot_game(2, 3, log=True, turns=60, **{"worlds-dungeon": True})
    again = Game.load(g.save())
    assert again.globals["layout"] == g.globals["layout"] and again.state_hash() == g.state_hash()


# --- moving ------------------------------------------------------------------------------------------


def outer_start(s: Scenario) -> str:
    """Seat 0 on the Outer tile at (0, -4), the river all Water, the Sentinel far away."""
    plain_river(s)
    put(s, "fields-1", 0, -4)
    put(s, "sentinel", 0, 4)
    return "fields-1"


@rules("worlds.movement.outer", "worlds.rule-changes-summary")
@pytest.mark.parametrize("roll", [1, 2, 3, 4])
def test_outer_region_rolls_a_d4_and_moves_up_to_the_roll(roll):
    s = game()
    outer_start(s)
    s.dice(roll)
    rolled(s, "fields-1")
    assert "rolls a D4 for movement" in s.log()
    ring = ring_hexes(4)
    i = ring.index((0, -4))
    expect = {tile_at(s, *ring[(i + d) % 24]) for d in range(-roll, roll + 1) if d}
    assert moves(s) == expect


@rules("worlds.movement.outer")
def test_the_outer_die_is_a_d4_whatever_the_size():
    s = game("troll", "wizard")  # a Large character
    outer_start(s)
    rolled(s.dice(4), "fields-1")
    assert "rolls a D4 for movement" in s.log()


@rules("worlds.movement.river-raft")
def test_water_is_crossed_only_by_raft_and_no_move_ends_on_it():
    s = game()
    outer_start(s)
    s.dice(2)
    rolled(s, "fields-1")
    assert all(s.game.rules.space(t).region == "outer" for t in moves(s))
    s = game()
    outer_start(s)
    s.player(0).status["raft"] = -1  # built on an earlier turn
    s.on_top("adventure", "Bag of Gold")
    s.dice(2)
    rolled(s, "fields-1")
    there = moves(s)
    assert tile_at(s, 0, -2) in there  # over the Water at (0, -3), into the Middle Region
    assert not any(s.game.rules.space(t).kind == "water" for t in there)
    s.choose(f"move:{tile_at(s, 0, -2)}")
    assert "raft" not in s.player(0).status  # left to the current


@rules("worlds.movement.desert-water")
def test_a_desert_is_crossed_only_with_a_water_bottle_and_no_move_ends_on_it():
    order = [f"desert-{i}" for i in range(1, 7)] + [f"water-{i}" for i in range(1, 11)] + ["oasis", "hidden-valley"]
    s = game()
    plain_river(s, order)
    put(s, "fields-1", 0, -4)
    put(s, "sentinel", 0, 4)
    s.dice(2)
    rolled(s, "fields-1")
    assert all(s.game.rules.space(t).region == "outer" for t in moves(s))
    s = game()
    plain_river(s, order)
    put(s, "fields-1", 0, -4)
    put(s, "sentinel", 0, 4)
    s.give(0, "Water Bottle")
    s.dice(2)
    rolled(s, "fields-1")
    there = moves(s)
    assert tile_at(s, 0, -2) in there
    assert not any(s.game.rules.space(t).kind == "desert" for t in there)


@rules("worlds.movement.outer", "worlds.river.list")
def test_the_oasis_is_one_way_outward():
    s = game()
    plain_river(s)
    put(s, "oasis", 0, -3)
    put(s, "fields-1", 0, -4)
    put(s, "sentinel", 0, 4)
    s.dice(3)
    rolled(s, "fields-1")
    assert "oasis" not in moves(s)  # not from the Outer Region
    middle = tile_at(s, 0, -2)
    s = game()
    plain_river(s)
    put(s, "oasis", 0, -3)
    put(s, "sentinel", 0, 4)
    s.dice(1)
    rolled(s, tile_at(s, 0, -2))
    assert "oasis" in moves(s)  # from the Middle Region, outward
    assert middle
    s = game()
    plain_river(s)
    put(s, "oasis", 0, -3)
    put(s, "sentinel", 0, 4)
    s.dice(1)
    rolled(s, "oasis")
    assert all(s.game.rules.space(t).region == "outer" for t in moves(s))  # on out, never back in


@rules("worlds.movement.river-region")
@pytest.mark.parametrize("roll", [1, 3])
def test_the_river_region_rolls_a_d3(roll):
    s = game()
    plain_river(s)
    put(s, "hidden-valley", 0, -3)
    put(s, "sentinel", 0, 4)
    rolled(s.dice(roll), "hidden-valley")
    assert "rolls a D3 for movement" in s.log()
    ring = ring_hexes(4)
    reach = {tile_at(s, *xy) for xy in ring if generator.hex_distance(xy, (0, -3)) <= roll}
    assert moves(s) == reach


@rules("worlds.movement.middle")
@pytest.mark.parametrize("roll", [1, 2, 3])
def test_the_middle_region_rolls_a_d3_and_moves_up_to_it(roll):
    s = game()
    plain_river(s)
    put(s, "sentinel", 0, 4)  # its bridge far away
    start = tile_at(s, 0, -2)
    rolled(s.dice(roll), start)
    assert "rolls a D3 for movement" in s.log()
    ring = ring_hexes(2)
    i = ring.index((0, -2))
    assert moves(s) == {tile_at(s, *ring[(i + d) % 12]) for d in range(-roll, roll + 1) if d}


@rules("worlds.movement.middle", "worlds.movement.inner")
def test_the_inner_ring_is_not_walked_into_from_the_middle():
    s = game()
    plain_river(s)
    put(s, "sentinel", 0, 4)
    s.dice(3)
    rolled(s, tile_at(s, 0, -2))
    assert all(s.game.rules.space(t).region == "middle" for t in moves(s))


@rules("worlds.sentinel", "worlds.movement.outer")
def test_the_sentinel_must_be_beaten_then_its_bridge_crosses_the_river_next_turn():
    s = game()
    plain_river(s)
    put(s, "sentinel", 0, -4)
    put(s, "fields-1", 1, -4)
    s.set(0, strength=8)
    land(s, "sentinel")
    assert "worlds-sentinel" in s.options()
    s.dice(6, 6, 1).choose("worlds-sentinel").fight()  # the Warrior's two dice: 6 + 8 against 1 + 9
    assert "sentinel-passed" in s.player(0).status
    s.dice(1)
    rolled(s)
    bridge = {tile_at(s, *xy) for xy in ring_hexes(2) if generator.hex_distance(xy, (0, -4)) == 2}
    assert bridge and bridge <= moves(s)
    s.choose(f"move:{sorted(bridge)[0]}")
    assert s.game.rules.space(s.space_of(0)).region == "middle"
    assert "sentinel-passed" not in s.player(0).status


@rules("worlds.sentinel")
def test_without_beating_the_sentinel_there_is_no_bridge():
    s = game()
    plain_river(s)
    put(s, "sentinel", 0, -4)
    s.set(0, strength=2)
    land(s, "sentinel", 1, 1, 6).choose("worlds-sentinel").fight()  # 1 + 2 against 6 + 9
    assert "sentinel-passed" not in s.player(0).status
    s.dice(1)
    rolled(s)
    assert all(s.game.rules.space(t).region == "outer" for t in moves(s))


@rules("worlds.movement.inner", "worlds.tile.portal-of-power")
def test_the_portal_of_power_draws_a_card_or_lets_the_strong_in():
    s = game()
    plain_river(s)
    put(s, "portal-of-power", 0, -2)  # an edge-free corner: one inner tile beside it
    land(s, "portal-of-power")
    assert "worlds-portal" in s.options() and "space" in s.options()
    s.choose("worlds-portal").dice(2, 2).choose("strength")  # 4 <= Strength 4
    assert s.space_of(0) == tile_at(s, 0, -1)
    s = game()
    plain_river(s)
    put(s, "portal-of-power", 0, -2)
    land(s, "portal-of-power").choose("worlds-portal").dice(3, 2).choose("craft")  # 5 > Craft 4
    assert s.space_of(0) == "portal-of-power" and s.player(0).craft == 4  # no cost for trying


@rules("worlds.tile.portal-of-power")
def test_between_two_inner_tiles_the_portal_lets_you_choose():
    s = game()
    plain_river(s)
    put(s, "portal-of-power", 1, -2)  # an edge hex: two inner tiles beside it
    land(s, "portal-of-power").choose("worlds-portal").dice(1, 1).choose("strength")
    assert s.kind == "worlds-peril"
    assert moves(s) == {tile_at(s, 0, -1), tile_at(s, 1, -1)}


@rules("worlds.movement.inner")
def test_in_the_inner_ring_one_step_to_a_touching_inner_tile():
    s = game()
    put(s, "mines", 0, -1)
    put(s, "crypt", 1, -1)
    put(s, "vampires-tower", -1, 0)
    put(s, "portal-of-power", 0, -2)
    turn_of_0(s, "mines")
    assert "roll" not in s.options()
    assert moves(s) == {"crypt", "vampires-tower"}
    assert "retreat:portal-of-power" in s.options()  # our own way back out


@rules("worlds.tile.valley-of-fire", "worlds.movement.inner")
def test_the_valley_of_fire_takes_a_talisman_for_the_way_to_the_ending():
    s = game()
    s.give(0, "Talisman")
    land(s, "valley-of-fire")
    assert s.kind == "worlds-valley"
    s.choose("give")
    assert "Talisman" not in s.names(s.player(0).objects)
    turn_of_0(s)
    assert "move:crown-of-command" in s.options()
    s = game()
    land(s, "valley-of-fire")  # no Talisman: in, but no further
    turn_of_0(s)
    assert "move:crown-of-command" not in s.options()


@rules("worlds.endings.setup", "worlds.ending.crown-of-command")
def test_the_ending_lies_face_down_until_a_character_steps_on_it():
    s = game(worlds_ending="worlds-crown")
    assert s.game.view(None)["layout"]["face_down"] == ["crown-of-command"]
    assert "worlds-crown" not in str(s.game.view(None)["layout"])
    s.player(0).status["valley-paid"] = 0
    turn_of_0(s, "valley-of-fire").choose("move:crown-of-command")
    layout = s.game.view(None)["layout"]
    assert layout["face_down"] == [] and layout["labels"] == {"crown-of-command": "Crown of Command"}


@rules("worlds.ending.crown-of-command")
@pytest.mark.parametrize("roll,lost", [(3, 0), (4, 1), (6, 1)])
def test_the_crown_of_command_strikes_every_other_character_on_4_to_6(roll, lost):
    s = game("warrior", "wizard", "thief", worlds_ending="worlds-crown")
    s.at(1, "village").at(2, "city")
    before = [p.lives for p in s.game.players]
    s.dice(roll)
    turn_of_0(s, "crown-of-command")
    assert [p.lives for p in s.game.players] == [before[0], before[1] - lost, before[2] - lost]


@rules("worlds.movement.river-raft", "worlds.movement.desert-water")
def test_nothing_puts_a_character_on_water_or_off_the_world():
    s = game(seed=1, worlds_inner="eight")
    g = s.game
    off = next(sid for sid in generator.INNER_EIGHT if sid not in {t for _, _, t in g.globals["layout"]["tiles"]})
    for sid in ("water-1", "desert-3", off):
        g.stack.clear()
        g.push("teleport", p=0, to=g.rules.space_index[sid])
        s.started = True
        g.advance()
        assert s.space_of(0) != sid


# --- the front ends ---------------------------------------------------------------------------------


def test_the_terminal_draws_the_world_as_rows_of_hexes_with_coordinates():
    from talisman.cli.board_map import draw

    g = Game.new(["warrior", "wizard"], modules=MODS, seed=5)
    text = draw(g.rules, g.view(None), {"village": 1}).plain
    assert "Ending?" in text and "Crown of Command" not in text
    assert text.count(",") >= 61 - len(g.players)  # every tile's coordinates, but where pieces stand
    rows = [line for line in text.splitlines() if line.strip()][1:19:2]
    assert [len(r.split()) for r in rows][0] >= 5  # the northern row: five tiles
    q, r = where(Scenario(["warrior"], seed=5, modules=MODS), "village")
    assert "[1]" in text and f"{q},{r}" in text


# --- the bots play it ------------------------------------------------------------------------------


def bot_game(seed: int, players: int = 3, log: bool = False, turns: int = 1000, **options) -> Game:
    from talisman.engine.cards import check_conservation
    from talisman.engine.view import LazyView
    from talisman.sim.runner import make_agent

    g = Game.new(None, players=players, modules=MODS, options=options, seed=seed, log=log)
    agents = [make_agent("heuristic", seed * 8 + i) for i in range(players)]
    while g.result is None and g.turn <= turns:
        d = g.decision
        g.apply(agents[d.player].choose(LazyView(g, d.player), d))
    check_conservation(g)
    return g


@pytest.mark.parametrize(
    "seed,options",
    [
        (0, {}),
        (2, {}),
        (3, {"worlds-dungeon": True}),
        (4, {"worlds-inner": "eight"}),
        (5, {"worlds-quests": True, "worlds-one-talisman": True}),
        (6, {"worlds-ending": "worlds-dragon-king"}),
    ],
)
def test_heuristic_bots_finish_games_on_worlds(seed, options):
    g = bot_game(seed, 4, **options)
    assert g.result is not None, g.turn


def test_the_terminal_game_plays_on_a_world():
    import asyncio

    from textual.widgets import Static

    from talisman.bots import make_bot
    from talisman.cli.tui import PlayApp

    app = PlayApp(
        ["human", "heuristic"],
        {1: make_bot("heuristic", 8)},
        wanted=["warrior", "wizard"],
        new_game=lambda chars: Game.new(chars, modules=MODS, seed=9),
        bot_delay=0,
    )

    async def run() -> None:
        async with app.run_test(size=(180, 60)) as pilot:
            await pilot.pause()
            g = app.game
            assert g is not None
            moved = 0
            for _ in range(40):
                if moved >= 2:
                    break
                d = g.decision
                if d.player == 0 and d.kind == "move":
                    assert "[1]" in str(app.query_one("#map", Static).render())  # the tile the first move leads to
                    moved += 1
                await pilot.press("1")
                await pilot.pause()
            assert moved >= 2
            shown = str(app.query_one("#map", Static).render())
            assert "Ending?" in shown and "The world" in shown

    asyncio.run(run())
