"""A game's configuration is a frozen, typed value that keeps the seed; saves and states keep its
plain form, and saves made before it was typed still load."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from talisman import Game
from talisman.engine.config import GameConfig
from talisman.errors import ConfigError

OLD_SAVE = Path(__file__).parent / "fixtures" / "saves" / "made-before-the-typed-config.json"


def test_a_game_keeps_its_configuration_typed_and_frozen_with_its_seed() -> None:
    g = Game.new(["troll", None], modules=["disasters"], options={"fate": False}, seed=12345)
    c = g.config
    assert c.seed == 12345 and c.modules == ("core", "disasters") and c.characters == ("troll", None)
    assert c.option("fate") is False and c.option("ending") is None and c.tuning == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.seed = 1  # type: ignore[misc]


def test_the_plain_form_is_the_one_saves_always_had() -> None:
    g = Game.new(["troll", "wizard"], modules=["disasters"], seed=4, tuning={"restless-dead-strength": 6})
    assert g.save()["config"] == {
        "modules": ["core", "disasters"],
        "options": {},
        "characters": ["troll", "wizard"],
        "seed": 4,
        "tuning": {"restless-dead-strength": 6},
    }
    assert GameConfig.from_dict(g.save()["config"]) == g.config
    assert Game.from_state_dict(g.state_dict()).config == g.config


def test_a_save_made_before_the_configuration_was_typed_loads_and_replays() -> None:
    save = json.loads(OLD_SAVE.read_text())
    g = Game.load(save)  # checks that the replay reproduces the saved state hash
    assert g.config.seed == 11 and g.config.characters == ("troll", None, "wizard")
    assert g.config.tuning == (("restless-dead-strength", 6),) and g.config.option("fate") is False
    assert g.save()["config"] == save["config"]


@pytest.mark.parametrize(
    "plain",
    [
        {"modules": ["core"], "options": {}, "characters": ["troll"]},
        {"modules": "core", "options": {}, "characters": ["troll"], "seed": 1},
        {"modules": ["core"], "options": {}, "characters": ["troll"], "seed": True},
        {"modules": ["core"], "options": [], "characters": ["troll"], "seed": 1},
    ],
)
def test_a_malformed_plain_configuration_is_a_clear_error(plain: dict[str, object]) -> None:
    with pytest.raises(ConfigError, match="configuration"):
        GameConfig.from_dict(plain)
