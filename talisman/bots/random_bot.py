"""A bot that picks at random: a main option nine times in ten, else any."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from talisman.engine.decision import Decision


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        main = [o.id for o in decision.options if o.group == "main"]
        if main and self.rng.random() < 0.9:
            return self.rng.choice(main)
        return self.rng.choice(decision.options).id
