"""A PettingZoo AEC environment over the engine, for people who write agents.

    >>> from talisman.env import TalismanEnv
    >>> env = TalismanEnv(players=2)
    >>> env.reset(seed=3)
    >>> agent = env.agent_selection
    >>> obs = env.observe(agent)
    >>> obs["observation"].shape == env.observation_space(agent)["observation"].shape
    True
    >>> action = int(obs["action_mask"].nonzero()[0][0])
    >>> env.step(action)

**Agents** are ``player_0`` .. ``player_{n-1}``, one per seat. The agent to
act is the seat of the engine's pending decision, so an agent may act several
times in a row, or in another's turn (a Spell cast in response). Dice and card
draws are resolved inside :meth:`step` by the game's own seeded random source
(the seed given to :meth:`reset`).

**Actions** come from a fixed catalogue of ``MAX_OPTIONS`` slots: action
``i`` is the ``i``-th option of the pending decision, in the stable order the
engine lists them (it never reorders a decision's options). ``action_mask``
marks the slots that hold an option; :meth:`option_of` and
:meth:`action_label` tell what a slot means now, and the observation encodes
each slot (see below), so an agent can learn what its actions do.

**Observations** are what the seat may see (``Game.view`` for that seat:
never deck order nor another's Spells), encoded as a flat ``float32``
vector: the turn and round, who acts; per seat its Strength, Craft, lives,
gold, Fate, alignment, where it stands (region, position), Objects,
Followers, Spells held, Talisman, Toad, dead or alive; and for each option
slot its verb (a stable hash of the option id's first word into
``VERB_BUCKETS`` values) and the board space or card it names, if any.

**Rewards** come at the end: +1 to each winner, -1 to everyone else; a game
stopped at ``max_turns`` is truncated with no reward.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from talisman.engine.decision import NOT_CARDS, Decision, Option
from talisman.engine.game import Game
from talisman.engine.view import LazyView

MAX_OPTIONS = 256
MAX_SEATS = 6
VERB_BUCKETS = 64
SEAT_FEATURES = 16
GLOBAL_FEATURES = 4 + 2 * MAX_SEATS
OPTION_FEATURES = 3


def _verb_code(verb: str) -> float:
    """A stable number in [0, 1) for an option's verb."""
    return (zlib.crc32(verb.encode()) % VERB_BUCKETS + 1) / (VERB_BUCKETS + 1)


class TalismanEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """Talisman as an agent-environment-cycle game (see the module docs)."""

    metadata = {"name": "talisman_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        players: int = 2,
        characters: list[str | None] | None = None,
        modules: tuple[str, ...] = ("core",),
        options: dict[str, Any] | None = None,
        max_turns: int = 500,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if characters is not None:
            players = len(characters)
        if not 1 <= players <= MAX_SEATS:
            raise ValueError(f"a game has 1 to {MAX_SEATS} players, not {players}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.n_players = players
        self.characters = characters
        self.modules = tuple(modules)
        self.game_options = dict(options or {})
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.game: Game | None = None
        self._seeds = random.Random()
        size = GLOBAL_FEATURES + MAX_SEATS * SEAT_FEATURES + MAX_OPTIONS * OPTION_FEATURES
        self._size = size
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-1.0, high=1.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(MAX_OPTIONS,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(MAX_OPTIONS)

    # --- spaces ----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    @property
    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("no game yet: call reset() first")
        return self.game

    def _decision(self) -> Decision:
        d = self._game.decision
        if d is None:
            raise ValueError("the game is over: no decision is pending")
        return d

    # --- the cycle ---------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = self._seeds.getrandbits(48)
        chars = self.characters if self.characters is not None else [None] * self.n_players
        self.game = Game.new(chars, modules=self.modules, options=self.game_options, seed=game_seed, log=False)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        d = self._game.decision
        if d is not None:
            self.agent_selection = self.possible_agents[d.player]

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self._game
        d = self._decision()
        if action is None or not 0 <= int(action) < len(d.options):
            raise ValueError(f"action {action!r} is not a legal slot here (0..{len(d.options) - 1})")
        self._cumulative_rewards[agent] = 0.0
        g.apply(d.options[int(action)].id)
        self.rewards = {a: 0.0 for a in self.agents}
        if g.result is not None:
            winners = set(g.result["winners"])
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] = 1.0 if seat in winners else -1.0
                self.terminations[a] = True
                self.infos[a] = {"result": g.result}
        elif g.turn > self.max_turns:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self._select()
        self._accumulate_rewards()
        if g.is_over or g.turn > self.max_turns:
            self._deads_step_first()

    # --- observations ------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self.possible_agents.index(agent)
        g = self._game
        view = LazyView(g, seat)
        mask = np.zeros(MAX_OPTIONS, dtype=np.int8)
        obs = np.zeros(self._size, dtype=np.float32)
        obs[0] = min(g.turn / 1000, 1.0)
        obs[1] = min(g.round / 250, 1.0)
        obs[2] = float(g.is_over)
        obs[3] = self.n_players / MAX_SEATS
        obs[4 + g.active] = 1.0
        obs[4 + MAX_SEATS + seat] = 1.0
        rules = g.rules
        n_spaces = len(rules.spaces)
        regions = list(rules.regions)
        for s, sheet in enumerate(view["players"]):
            base = GLOBAL_FEATURES + s * SEAT_FEATURES
            space = rules.space(sheet["space"])
            obs[base : base + SEAT_FEATURES] = [
                float(sheet["alive"]),
                min(sheet["strength"] / 20, 1),
                min(sheet["craft"] / 20, 1),
                min(sheet["lives"] / 10, 1),
                min(sheet["gold"] / 20, 1),
                min(sheet["fate"] / 10, 1),
                {"good": 1.0, "neutral": 0.0, "evil": -1.0}[sheet["alignment"]],
                regions.index(space.region) / max(len(regions), 1),
                space.index / n_spaces,
                min(len(sheet["objects"]) / 8, 1),
                min(len(sheet["followers"]) / 8, 1),
                min(sheet["spell_count"] / 4, 1),
                float(any(c["name"] == "Talisman" for c in sheet["objects"] + sheet["packed"])),
                float(bool(sheet["toad"])),
                min(len(sheet["trophies"]) / 10, 1),
                float(s == seat),
            ]
        d = g.decision
        if d is not None and d.player == seat and not (self.terminations[agent] or self.truncations[agent]):
            base = GLOBAL_FEATURES + MAX_SEATS * SEAT_FEATURES
            for i, o in enumerate(d.options[:MAX_OPTIONS]):
                mask[i] = 1
                obs[base + i * OPTION_FEATURES : base + (i + 1) * OPTION_FEATURES] = self._encode_option(o)
        return {"observation": obs, "action_mask": mask}

    def _encode_option(self, option: Option) -> tuple[float, float, float]:
        """(verb code, space named / spaces, card named / cards) of one option, from its verb and
        arguments."""
        rules = self._game.rules
        space = card = 0.0
        for key, value in option.args.items():
            if isinstance(value, str) and value in rules.space_index and not space:
                space = (rules.space_index[value] + 1) / (len(rules.spaces) + 1)
            elif isinstance(value, int) and key not in NOT_CARDS and not card and 0 <= value < len(rules.instances):
                card = (value + 1) / (len(rules.instances) + 1)
        return _verb_code(option.verb), space, card

    # --- reading actions -----------------------------------------------------------

    def option_of(self, action: int) -> str:
        """The option id that ``action`` chooses now."""
        return self._decision().options[action].id

    def action_label(self, action: int) -> str:
        """What ``action`` does now, in words."""
        return self._decision().options[action].label

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        g = self.game
        lines = [f"Turn {g.turn}, round {g.round}"]
        for p in g.players:
            lines.append(
                f"  {g.name(p.seat)}: {'dead' if not p.alive else g.space_name(p.space)}, "
                f"{p.lives} lives, {p.gold} gold"
            )
        d = g.decision
        if d is not None:
            lines.append(f"{self.possible_agents[d.player]}: {d.prompt}")
            lines += [f"  {i}: {o.label}" for i, o in enumerate(d.options)]
        elif g.result is not None:
            lines.append(f"Over: {g.result['how']}")
        return "\n".join(lines)

    def close(self) -> None:
        self.game = None


def env(**kwargs: Any) -> TalismanEnv:
    """The environment, as PettingZoo's ``env()`` convention names it."""
    return TalismanEnv(**kwargs)
