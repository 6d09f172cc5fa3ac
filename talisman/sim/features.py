"""Counting the features a game's characters choose (each module declares them:
:class:`~talisman.content.modules.Feature`): for each, how many decisions offered it and how
many times it was chosen, whoever chose it. A simulation keeps one tally per game and writes
it in the game's record (``features`` and ``features_offered``, by ``module/name``).

>>> from talisman.content.ruleset import ruleset_for
>>> tally = FeatureTally(ruleset_for(("core", "city-classic")))
>>> tally.uses()["city-classic/loan"]
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from talisman.content.ruleset import Ruleset
from talisman.engine.decision import Decision

if TYPE_CHECKING:
    from talisman.engine.game import Game


class FeatureTally:
    """The features of one game, counted decision by decision (:meth:`count`)."""

    def __init__(self, rules: Ruleset) -> None:
        self.features = rules.features
        self._used = [0] * len(self.features)
        self._offered = [0] * len(self.features)
        self._by_kind: dict[str, dict[str, tuple[int, ...]]] = {}  # kind -> verb -> features (worked out once)

    def _verbs(self, kind: str) -> dict[str, tuple[int, ...]]:
        found = self._by_kind.get(kind)
        if found is None:
            table: dict[str, list[int]] = {}
            for i, f in enumerate(self.features):
                if not f.kinds or kind in f.kinds:
                    for verb in dict.fromkeys(f.option_verbs):
                        table.setdefault(verb, []).append(i)
            found = self._by_kind[kind] = {verb: tuple(fs) for verb, fs in table.items()}
        return found

    def count(self, g: Game, d: Decision, chosen: str) -> None:
        """Count the features this decision offers, and the one chosen (before it is applied:
        the region is the chooser's as it chooses)."""
        verbs = self._verbs(d.kind)
        if not verbs:
            return
        region: str | None = None
        offered: set[int] = set()
        for o in d.options:
            found = verbs.get(o.verb)
            if not found:
                continue
            if region is None:
                who = d.character if d.character is not None else d.player
                region = g.rules.spaces[g.players[who].space].region
            for i in found:
                if self.features[i].matches(d.kind, o.id, region):
                    offered.add(i)
                    if o.id == chosen:
                        self._used[i] += 1
        for i in offered:
            self._offered[i] += 1

    def uses(self) -> dict[str, int]:
        """How many times each feature was chosen, by ``module/name``."""
        return {f.key: n for f, n in zip(self.features, self._used, strict=True)}

    def offers(self) -> dict[str, int]:
        """How many decisions offered each feature, by ``module/name``."""
        return {f.key: n for f, n in zip(self.features, self._offered, strict=True)}
