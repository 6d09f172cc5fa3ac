"""Abilities woken by traits or state keys (``Module.ability(point, traits=..., game=...,
character=...)``): a game asks such an ability only for a character holding one of its traits (or,
at a reaction point, when one of its keys is in the game's globals or the character's status), and
that changes no game. In checking mode (``abilities.CHECK_WAKING``) every ability left asleep is
asked all the same and must offer nothing (a reaction: change nothing), over seeded games of every
module with both bots; the same games played with every ability asked are the same, action for
action."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.bots import make_bot, observe
from talisman.bots.loop import play
from talisman.content.modules import Module, Wake, register_module, resolve_modules, unregister_module
from talisman.content.ruleset import ruleset_for
from talisman.engine import abilities
from talisman.engine.decision import Choice

MODULE_SETS = [
    ("core",),
    ("core", "roster", "dungeon-characters", "dungeon-classic"),
    (
        "core",
        "endings",
        "wizards-tower",
        "master-levels",
        "roster",
        "dungeon-characters",
        "dungeon-4e",
        "catacombs",
        "airships",
        "city-districts",
        "disasters",
        "optional-rules",
        "emperors-guard",
        "brotherhood",
        "timescape",
    ),
    ("city-classic", "timescape", "emperors-guard", "brotherhood", "disasters", "optional-rules"),
    ("worlds",),
    ("legendary-tales",),
]
SEEDS = range(4)
PLAYERS = 6  # (many characters a game: many traits to wake abilities)


def played(modules: tuple[str, ...], seed: int, bot: str) -> tuple[list[str], str]:
    """Every answer of a seeded game (to turn 150), and its state at the end."""
    g = Game.new(players=PLAYERS, modules=modules, seed=seed, log=False)
    bots = [make_bot(bot, seed * 10 + i) for i in range(PLAYERS)]
    answers: list[str] = []
    play(
        g,
        lambda d: bots[d.player].choose(observe(g, d.player), d),
        max_turns=150,
        chosen=lambda d, c: answers.append(c),
    )
    return answers, g.state_hash()


def every_ability_asked(g: Game, point: str, seat: int) -> tuple:
    return abilities.hooks(g, point)


def always(g: Game, wake: Wake, seat: int) -> bool:
    return True


@pytest.mark.parametrize("modules", MODULE_SETS, ids=["+".join(m) for m in MODULE_SETS])
def test_asleep_abilities_offer_nothing_and_waking_changes_no_game(monkeypatch, modules):
    for seed in SEEDS:
        for bot in ("random", "heuristic"):
            with monkeypatch.context() as m:
                m.setattr(abilities, "CHECK_WAKING", True)
                woken = played(modules, seed, bot)  # (raises if an ability asleep offers something)
            with monkeypatch.context() as m:
                m.setattr(abilities, "woken", every_ability_asked)
                m.setattr(abilities, "awake", always)
                assert played(modules, seed, bot) == woken, (seed, bot)


@pytest.mark.parametrize("modules", MODULE_SETS, ids=["+".join(m) for m in MODULE_SETS])
def test_the_modules_declare_waking_only_at_points_that_honour_it(modules):
    """Traits at the option points that wake by them; traits and state keys at the reaction points,
    each key one that a module of the game declares in that scope."""
    rules = ruleset_for(modules)
    assert set(rules.wakers) <= abilities.WOKEN_BY_TRAITS | abilities.REACTIONS
    declared = [key for m in resolve_modules(modules) for keys in m.state.values() for key in keys.values()]

    def known(scope: str, name: str) -> bool:
        return any(key.scope == scope and key.matches(name) for key in declared)

    for point, table in rules.wakers.items():
        assert tuple(fn for fn, _wake in table) == rules.abilities[point]
        for fn, wake in table:
            if wake is None:
                continue
            assert point in abilities.REACTIONS or not wake.keys, (point, fn.__name__)
            assert all(known("game", name) for name in wake.game), (fn.__name__, wake.game)
            assert all(known("character", name) for name in wake.character), (fn.__name__, wake.character)


def test_some_abilities_are_woken_by_traits_and_some_by_keys():
    wakes = [wake for table in ruleset_for(MODULE_SETS[2]).wakers.values() for _fn, wake in table if wake]
    assert any(wake.traits for wake in wakes) and any(wake.game for wake in wakes)
    assert any(wake.character for wake in wakes)


def test_an_ability_woken_by_too_few_traits_is_caught():
    brew = Module(name="test-waking", title="A juggler's tricks")

    @brew.ability("turn", traits="juggle")
    def juggle(g: Game, seat: int, back: list) -> list[Choice]:
        return [Choice("juggle", "Juggle", [])]  # (offered to everyone: "juggle" does not wake it)

    register_module(brew)
    try:
        g = Game.new(["warrior"], modules=("core", "test-waking"), seed=1, log=False)
        assert juggle not in abilities.woken(g, "turn", 0)
        assert juggle in abilities.hooks(g, "turn")
        assert "juggle" not in [o.id for o in abilities.turn_options(g, 0, [])]
        abilities.CHECK_WAKING = True
        with pytest.raises(RuntimeError, match="juggle at 'turn' offers options to the Warrior"):
            abilities.turn_options(g, 0, [])
    finally:
        abilities.CHECK_WAKING = False
        unregister_module("test-waking")


def test_a_reaction_woken_by_too_few_keys_is_caught():
    brew = Module(name="test-waking-keys", title="A juggler's tricks")

    @brew.ability("turn_start", character="juggling")
    def juggle(g: Game, seat: int) -> None:
        g.globals["juggled"] = True  # (whatever the character's status: "juggling" does not wake it)

    register_module(brew)
    try:
        g = Game.new(["warrior"], modules=("core", "test-waking-keys"), seed=1, log=False)
        abilities.react("turn_start", g, 0)
        assert "juggled" not in g.globals
        g.players[0].status["juggling"] = True
        abilities.react("turn_start", g, 0)
        assert g.globals.pop("juggled")
        del g.players[0].status["juggling"]
        abilities.CHECK_WAKING = True
        with pytest.raises(RuntimeError, match="juggle at 'turn_start' changed the game for the Warrior"):
            abilities.react("turn_start", g, 0)
    finally:
        abilities.CHECK_WAKING = False
        unregister_module("test-waking-keys")
