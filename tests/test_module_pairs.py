"""Every two modules that can be played together load together and start a game: their content
cannot clash (two cards with one id, a trait one declares and the other reads otherwise) unnoticed
until someone happens to choose both."""

from __future__ import annotations

import itertools
from importlib.metadata import entry_points

import pytest

from talisman.content.modules import resolve_modules
from talisman.content.ruleset import ruleset_for
from talisman.engine.game import Game
from talisman.errors import ConfigError


def _pairs() -> list[tuple[str, ...]]:
    shipped = sorted(e.name for e in entry_points(group="talisman.modules"))  # not the tests' own modules
    optional = [m for m in shipped if m not in ("core", "engine")]
    found = []
    for pair in itertools.chain(((m,) for m in optional), itertools.combinations(optional, 2)):
        try:
            resolve_modules(("core", *pair))
        except ConfigError:
            continue  # modules that exclude each other
        found.append(("core", *pair))
    return found


@pytest.mark.parametrize("modules", _pairs(), ids="+".join)
def test_two_modules_load_and_start_a_game_together(modules):
    ruleset_for(modules)  # raises on a clash, naming the file and the entry
    g = Game.new(players=2, modules=list(modules), seed=1, log=False)
    assert g.decision is not None or g.is_over
