"""Abilities woken by traits (``Module.ability(point, traits=...)``): a game asks such an ability
only for a character holding one of its traits, and that changes no game. In checking mode
(``abilities.CHECK_WAKING``) every ability left asleep is asked all the same and must offer
nothing, over seeded games of every module with both bots; the same games played with every
ability asked are the same, action for action."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.bots import make_bot, observe
from talisman.bots.loop import play
from talisman.content.modules import Module, register_module, unregister_module
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


@pytest.mark.parametrize("modules", MODULE_SETS, ids=["+".join(m) for m in MODULE_SETS])
def test_asleep_abilities_offer_nothing_and_waking_changes_no_game(monkeypatch, modules):
    for seed in SEEDS:
        for bot in ("random", "heuristic"):
            with monkeypatch.context() as m:
                m.setattr(abilities, "CHECK_WAKING", True)
                woken = played(modules, seed, bot)  # (raises if an ability asleep offers something)
            with monkeypatch.context() as m:
                m.setattr(abilities, "woken", every_ability_asked)
                assert played(modules, seed, bot) == woken, (seed, bot)


def test_the_modules_declare_waking_traits_only_at_points_that_honour_them():
    rules = ruleset_for(MODULE_SETS[2])
    assert rules.wakers, "some abilities are woken by traits"
    assert set(rules.wakers) <= abilities.WOKEN_BY_TRAITS
    for point, table in rules.wakers.items():
        assert tuple(fn for fn, _wake in table) == rules.abilities[point]


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
