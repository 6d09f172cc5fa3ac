"""A rule set to play: its modules, option values and tuning; and the games of an experiment on it.

>>> side = Side(("core", "disasters"), options=(("fate", False),))
>>> side.label
'core, disasters; fate=false'
>>> [s.characters for s in plan(side, range(2), 2, 1, ["elf", "troll", "dwarf"], ["heuristic"])]
[('troll', 'dwarf'), ('elf', 'troll')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from talisman.content.homebrew import installed_folders
from talisman.content.modules import played_modules
from talisman.content.ruleset import Ruleset, tuned_ruleset
from talisman.engine.game import make_config
from talisman.sim.balance.deal import dealt
from talisman.sim.runner import MAX_TURNS, GameSpec, game_seed


@dataclass(frozen=True)
class Side:
    """One rule set: the modules (the core game is always in), option values and tunable numbers."""

    modules: tuple[str, ...] = ("core",)
    options: tuple[tuple[str, Any], ...] = ()
    tuning: tuple[tuple[str, int], ...] = ()

    @property
    def label(self) -> str:
        """How a report names it: ``core, disasters; fate=false; tuned guard-strength=6``."""
        parts = [", ".join(played_modules(self.modules))]
        if self.options:
            parts.append(", ".join(f"{k}={_shown(v)}" for k, v in self.options))
        if self.tuning:
            parts.append("tuned " + ", ".join(f"{k}={v}" for k, v in self.tuning))
        return "; ".join(parts)

    @property
    def rules(self) -> Ruleset:
        return tuned_ruleset(tuple(played_modules(self.modules)), self.tuning)

    def characters(self) -> list[str]:
        """The keys of the characters a player may play, in key order."""
        return sorted(k for k, c in self.rules.characters.items() if c.playable)

    def game(
        self,
        index: int,
        i: int,
        seed: int,
        bots: tuple[str, ...],
        characters: Sequence[str],
        max_turns: int,
        content: tuple[str, ...],
    ) -> GameSpec:
        """Game ``index`` of a plan, the experiment's game ``i`` on this side: the seed
        :func:`~talisman.sim.runner.game_seed` ``(seed, i)`` and the characters :func:`~.deal.dealt`
        to its ``len(bots)`` seats, whatever the side (so that two sides play the same deals on the
        same seeds)."""
        players = len(bots)
        return GameSpec(
            index=index,
            seed=game_seed(seed, i),
            players=players,
            bots=bots,
            modules=self.modules,
            options=self.options,
            max_turns=max_turns,
            characters=dealt(characters, players, seed, i),
            tuning=self.tuning,
            content=content,
        )

    def check(self, players: int) -> None:
        """ConfigError unless games of this many players can be played so (raised before any is)."""
        make_config(None, players, self.modules, dict(self.options), 0, dict(self.tuning))


def _shown(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def plan(
    side: Side,
    indices: Sequence[int],
    players: int,
    seed: int,
    characters: Sequence[str],
    bots: Sequence[str],
    max_turns: int = MAX_TURNS,
) -> list[GameSpec]:
    """The games ``indices`` of an experiment with seed ``seed`` on this side: game ``i`` has the seed
    :func:`~talisman.sim.runner.game_seed` ``(seed, i)`` and the characters :func:`~.deal.dealt` to
    its seats, whatever the side (so that two sides play the same deals on the same seeds); ``bots``
    fill the seats in turn."""
    content = installed_folders(side.modules)
    seats = tuple(bots[s % len(bots)] for s in range(players))
    return [side.game(i, i, seed, seats, characters, max_turns, content) for i in indices]


def shares(record: dict[str, Any]) -> list[float]:
    """Each seat's share of a game's win: 1 split among the winners, nothing to anyone in a game
    cut short at the turn limit."""
    winners = record["winners"]
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(len(record["characters"]))]
