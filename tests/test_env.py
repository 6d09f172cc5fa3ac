"""talisman.env: the PettingZoo AEC environment passes PettingZoo's API test,
masks exactly the legal options, and pays +1/-1 at the end."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

from talisman.env import MAX_OPTIONS, TalismanEnv, env


@pytest.mark.filterwarnings("ignore:Observation")  # a dict with an action mask, as PettingZoo's own classic games
@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(players):
    api_test(TalismanEnv(players=players), num_cycles=200)


def test_mask_marks_the_pending_options_and_only_the_actor_has_any():
    e = env(players=3)
    e.reset(seed=5)
    d = e.game.decision
    obs = e.observe(e.agent_selection)
    assert obs["action_mask"].sum() == len(d.options) and obs["action_mask"][: len(d.options)].all()
    assert obs["observation"].dtype == np.float32 and e.observation_space("player_0").contains(obs)
    for agent in e.agents:
        if agent != e.agent_selection:
            assert e.observe(agent)["action_mask"].sum() == 0
    assert [e.option_of(i) for i in range(len(d.options))] == d.ids
    assert e.action_label(0) == d.options[0].label
    with pytest.raises(ValueError):
        e.step(len(d.options))
    with pytest.raises(ValueError):
        e.step(MAX_OPTIONS + 1)


def test_observations_show_no_hidden_cards():
    a, b = env(characters=["wizard", "warrior"]), env(characters=["wizard", "warrior"])
    a.reset(seed=1)
    b.reset(seed=1)
    # Change the Wizard's hidden hand (and the deck order) in one copy: the Warrior's observation is the same.
    w = b.game.players[0]
    deck = b.game.decks["spell"]
    w.spells[0], deck[0] = deck[0], w.spells[0]
    deck.reverse()
    assert np.array_equal(a.observe("player_1")["observation"], b.observe("player_1")["observation"])


def test_same_seed_same_game_and_rewards_at_the_end():
    def play(seed):
        e = env(players=2, max_turns=400)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        trail, total = [], {a: 0.0 for a in e.possible_agents}
        for agent in e.agent_iter(max_iter=20000):
            obs, reward, term, trunc, info = e.last()
            total[agent] += reward
            if term or trunc:
                e.step(None)
                continue
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            trail.append(action)
            e.step(action)
        return e, trail, total

    e, trail, total = play(4)
    again, trail2, _ = play(4)
    assert trail == trail2 and not e.agents
    if e.game.is_over:
        winners = {f"player_{w}" for w in e.game.result["winners"]}
        assert total == {a: (1.0 if a in winners else -1.0) for a in e.possible_agents}
    else:
        assert total == {a: 0.0 for a in e.possible_agents} and e.game.turn > 400


def test_render_and_bad_arguments():
    e = env(players=2, render_mode="ansi")
    e.reset(seed=2)
    assert "Turn 1" in e.render()
    with pytest.raises(ValueError):
        env(players=7)
    with pytest.raises(ValueError):
        env(render_mode="human")
