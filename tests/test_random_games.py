"""Property tests over many seeded games between bots: no error, every card in
exactly one place after every step, every game reproducible from its save."""

from __future__ import annotations

import pytest

from talisman import Game
from talisman.bots import make_bot, play_out
from talisman.engine import save as saves
from talisman.engine.cards import check_conservation

CHARACTERS = [
    "assassin",
    "druid",
    "dwarf",
    "elf",
    "ghoul",
    "minstrel",
    "monk",
    "priest",
    "prophetess",
    "sorceress",
    "thief",
    "troll",
    "warrior",
    "wizard",
]


def _random_game(seed: int, max_turns: int):
    import random

    r = random.Random(seed)
    n = r.randint(1, 6)
    options = {"fate": r.random() < 0.7, "command-spell": r.choice(["000", "4e"]), "new-character": r.random() < 0.2}
    g = Game.new(r.sample(CHARACTERS, n), options=options, seed=seed)
    bots = {i: make_bot("random", seed * 10 + i) for i in range(n)}
    play_out(g, bots, max_turns=max_turns, check=check_conservation)
    return g


@pytest.mark.parametrize("block", range(8))
def test_random_bot_games_keep_every_card_in_one_place(block):
    for seed in range(block * 250, block * 250 + 250):
        g = _random_game(seed, max_turns=60)
        for p in g.players:
            assert p.lives >= 0 and p.gold >= 0 and p.fate >= 0 and p.strength >= 1 and p.craft >= 1


def test_bot_games_replay_exactly():
    for seed in range(5):
        g = _random_game(1000 + seed, max_turns=40)
        assert saves.replay(g.save()).state_hash() == g.state_hash()


def test_heuristic_bots_reach_the_crown():
    crowned = 0
    for seed in range(12):
        g = Game.new(players=4, seed=seed, log=False)
        play_out(g, {i: make_bot("heuristic", seed * 10 + i) for i in range(4)}, max_turns=1000)
        if g.result and any(g.rules.spaces[g.players[w].space].kind == "crown" for w in g.result["winners"]):
            crowned += 1
    assert crowned >= 7
