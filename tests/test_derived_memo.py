"""The memo of derived values (``Game.derived``, see :mod:`talisman.engine.stats`)
changes no game: in checking mode every memoised Strength, Craft, trait... is
worked out afresh too and compared, over many seeded games of every module
with the random and the rule-aware bots (every card in one place after every
step, too). The whole suite can be run so: ``TALISMAN_CHECK_DERIVED=1 pytest``."""

from __future__ import annotations

import random

import pytest

from talisman import Game
from talisman.bots import make_bot, play_out
from talisman.content.modules import known_modules
from talisman.content.ruleset import ruleset_for
from talisman.engine import stats
from talisman.engine.cards import check_conservation
from talisman.testing import Scenario

MODULE_SETS = [
    ("core",),
    ("core", "roster"),
    ("core", "endings"),
    ("core", "wizards-tower"),
    ("core", "master-levels"),
    ("core", "dungeon-4e"),
    ("core", "dungeon-classic"),
    ("core", "optional-rules"),  # (the henchmen's memoised Character Cards)
    ("core", "roster", "endings", "wizards-tower", "master-levels", "dungeon-4e"),
    ("core", "roster", "endings", "wizards-tower", "master-levels", "dungeon-classic"),
]
GAMES_PER_SET = 16  # for each bot: 10 sets x 16 seeds x 2 bots = 320 games
# Every other module, alone (and the worlds' quests): fewer games each, the modules that change what
# derived values read through the engine's owner functions (movement.put, cards.receive, stats.set_status...).
EVERY_OTHER = [((name,), {}) for name in known_modules() if not any(name in m for m in MODULE_SETS)] + [
    (("worlds",), {"worlds-quests": True}),
    (("city-classic", "timescape", "emperors-guard", "brotherhood", "disasters", "master-levels"), {}),
]
GAMES_PER_MODULE = 4


@pytest.fixture
def checking(monkeypatch):
    monkeypatch.setattr(stats.CHECKING, "on", True)


@pytest.mark.parametrize("modules", MODULE_SETS, ids=["+".join(m[1:]) or "core" for m in MODULE_SETS])
def test_memoised_values_always_equal_fresh_ones(checking, modules):
    rules = ruleset_for(modules)
    for seed in range(GAMES_PER_SET):
        for bot in ("random", "heuristic"):
            r = random.Random(seed)
            n = r.randint(2, 5)
            options = {"fate": r.random() < 0.7}
            if "endings" in modules:
                options["ending"] = r.choice(rules.options["ending"].choices)
            g = Game.new(players=n, modules=modules, options=options, seed=seed, log=False)
            play_out(
                g,
                {i: make_bot(bot, seed * 10 + i) for i in range(n)},
                max_turns=60 if bot == "random" else 200,
                check=check_conservation,
            )
            assert g.clone().derived is None


@pytest.mark.parametrize(("modules", "options"), EVERY_OTHER, ids=["+".join(m) + "+" * bool(o) for m, o in EVERY_OTHER])
def test_memoised_values_hold_in_every_module(checking, modules, options):
    for seed in range(GAMES_PER_MODULE):
        for bot in ("random", "heuristic"):
            n = 2 + seed % 3
            g = Game.new(players=n, modules=modules, options=dict(options), seed=seed, log=False)
            # (the Legendary Tales keep cards of their own outside the places the check counts)
            check = None if "legendary-tales" in modules else check_conservation
            play_out(g, {i: make_bot(bot, seed * 10 + i) for i in range(n)}, max_turns=80, check=check)


def test_checking_mode_catches_a_change_made_without_telling(checking):
    s = Scenario(["warrior"]).give(0, "Sword")
    g = s.game
    g.derived = {}  # as while the machine runs
    before = stats.strength(g, 0, battle=True)
    g.players[0].objects.clear()  # changed behind the memo's back
    with pytest.raises(stats.StaleDerivedValue):
        stats.strength(g, 0, battle=True)
    stats.changed(g)
    assert stats.strength(g, 0, battle=True) == before - 1


def test_the_memo_is_kept_across_actions_but_never_copied_or_saved():
    g = Game.new(["warrior", "wizard"], seed=3)
    g.apply(g.legal_ids()[0])
    assert g.derived is not None  # kept for the next action
    assert g.clone().derived is None
    assert "derived" not in g.state_dict()
    g.players[0].strength += 5
    g.touched()  # arranging a position between calls: the memo is forgotten
    assert g.derived is None
    assert stats.strength(g, 0) == g.players[0].strength


def test_a_change_to_one_character_forgets_only_its_values():
    g = Game.new(["warrior", "wizard"], seed=3)
    g.apply(g.legal_ids()[0])
    assert g.derived is not None
    for seat in (0, 1):
        stats.strength(g, seat)
    stats.changed(g, 1)
    assert 0 in g.derived and 1 not in g.derived
    stats.changed(g)
    assert not g.derived
