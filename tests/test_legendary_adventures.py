"""Adventures 2-5 of Legendary Tales (lt-adv): setups, special rules, tasks to a win, a loss by
time, and seeded random games. Tasks are completed by arranging the state the task asks for (the
token on the scroll, the enemy eliminated) and running the task check, not by a full scripted game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from talisman.engine.game import Game
from talisman.modules.legendary_tales import board, ending, story
from talisman.modules.legendary_tales.catalogue import catalogue


def new(adv: int, heroes: int = 2, seed: int = 1, stars: int = 1) -> Game:
    return Game.new(
        ["warrior", "wizard", "elf", "dwarf"][:heroes],
        modules=["legendary-tales"],
        options={"adventure": adv, "difficulty": stars},
        seed=seed,
    )


def tokens(adv: int, **where: Any) -> list[int]:
    cat = catalogue()
    return [t for t in cat.adventure_tokens[adv] if all(getattr(cat.tokens[t], k) == v for k, v in where.items())]


def on_board(g: Game) -> list[int]:
    return [t for v in g.board.values() for t in v]


def key(t: int) -> str:
    return catalogue().tokens[t].key


def total(g: Game) -> int:
    return sum(len(v) for v in g.decks.values()) + len(on_board(g))


def take(g: Game, k: str) -> None:
    """Put the token(s) with key ``k`` (wherever they are) on the scroll."""
    for t in board.keyed(g, k):
        for v in [*g.decks.values(), *g.board.values()]:
            if t in v:
                v.remove(t)
        g.decks["scroll"].append(t)


def kill(g: Game, k: str) -> None:
    for t in board.keyed(g, k):
        w = board.where_is(g, t)
        if w is not None:
            g.board[w].remove(t)
            g.decks["box"].append(t)
        g.globals = {**g.globals, "eliminated": [*g.globals.get("eliminated", []), t]}


def check(g: Game) -> None:
    story.check(g, {})


@pytest.mark.rules("legendary-tales.adv2.setup")
def test_adventure_2_setup() -> None:
    cat = catalogue()
    assert len(tokens(2)) == 22
    smooth, jagged = tokens(2, border="smooth"), [t for t in tokens(2) if cat.tokens[t].border != "smooth"]
    assert len(smooth) == 8 and len(jagged) == 14 and len(tokens(2, border="round")) == 3
    g = new(2)
    assert sorted(on_board(g)) == sorted(smooth)
    assert sorted(g.decks["aside"]) == sorted(jagged)
    assert all(p.space == board.loc(g, "tavern") for p in g.players)
    assert set(cat.adventures[2]["adventure"]["special"]) == {"stronger", "wealthy", "chests"}
    assert any(cat.tokens[t].health for t in smooth) and any(cat.tokens[t].rewards == 2 for t in smooth)
    assert any(cat.tokens[t].kind == "chest" for t in smooth) and any(
        cat.tokens[t].kind == "locked-chest" for t in smooth
    )


@pytest.mark.rules("legendary-tales.adv3.setup")
def test_adventure_3_setup() -> None:
    cat = catalogue()
    assert len(tokens(3)) == 22 and len(tokens(3, border="smooth")) == 12 and len(tokens(3, border="jagged")) == 10
    order = [
        "runes",
        "tavern",
        "castle",
        "pool",
        "ruins",
        "hovel",
        "cave",
        "valley",
        "glade",
        "graveyard",
        "temple",
        "forest",
    ]
    assert list(cat.adventures[3]["adventure"]["layout"]) == order
    g = new(3)
    assert sorted(on_board(g)) == sorted(tokens(3, border="smooth"))
    assert all(len(v) == 1 for v in g.board.values()) and len(g.board) == 12  # one on each location
    assert sorted(g.decks["aside"]) == sorted(tokens(3, border="jagged"))
    assert all(p.space == board.loc(g, "forest") for p in g.players)


@pytest.mark.rules("legendary-tales.adv4.setup")
def test_adventure_4_setup() -> None:
    cat = catalogue()
    purple = [t for t in tokens(4) if cat.tokens[t].kind != "toad"]
    assert len(purple) == 15 and len(tokens(4, kind="toad")) == 6
    g = new(4)
    aside = {key(t) for t in g.decks["aside"]}
    assert aside == {"witch", "toad"} and len(g.decks["aside"]) == 7
    tavern = board.loc(g, "tavern")
    assert [key(t) for t in g.board[tavern]] == ["prince"] and g.board[tavern][0] not in g.globals["down"]
    assert len(on_board(g)) == 14  # the Prince and the 13 others
    assert all(p.space == tavern for p in g.players)


@pytest.mark.rules("legendary-tales.adv5.setup")
def test_adventure_5_setup() -> None:
    cat = catalogue()
    assert len(tokens(5)) == 21 and len(tokens(5, back="villager")) == 12 and len(tokens(5, back="regular")) == 9
    for seed in range(8):
        g = new(5, seed=seed)
        laid = on_board(g)
        clues = [t for t in laid if key(t).startswith("clue-")]
        assert len(clues) == 3  # one clue went back to the box unseen
        hidden = g.globals["hideout"]
        assert f"clue-{hidden}" not in {key(t) for t in clues}
        assert sum(1 for t in laid if cat.tokens[t].back == "villager") == 11
        assert sorted(t for t in laid if cat.tokens[t].adventure == 2) == sorted(tokens(2, border="smooth"))
        assert sorted(g.decks["aside"]) == sorted(tokens(5, back="regular"))
        assert all(p.space == board.loc(g, "glade") for p in g.players)  # the Cursed Glade


@pytest.mark.rules("legendary-tales.adv4.setup")
def test_toad_curse_and_cure() -> None:
    g = new(4)
    cat = catalogue()
    hexer = board.keyed(g, "hex-toad")[0]
    w = board.where_is(g, hexer)
    assert w is not None
    g.players[g.active].space = w
    board.flip_at(g, w)
    bag = g.decks[f"bag:{g.active}"]
    assert sum(1 for t in bag if cat.tokens[t].kind == "toad") == 1
    assert sum(1 for t in g.decks["aside"] if cat.tokens[t].kind == "toad") == 5
    for k in ("moonwort", "lily", "comb"):
        take(g, k)
    g.players[0].space = board.loc(g, "tavern")
    check(g)
    assert not any(
        cat.tokens[t].kind == "toad" for d, v in g.decks.items() if d.startswith(("bag:", "front:")) for t in v
    )
    assert g.globals["side"] == 2 and board.where_is(g, board.keyed(g, "witch")[0]) == board.loc(g, "graveyard")


@pytest.mark.parametrize("adv", [2, 3, 4, 5])
@pytest.mark.rules(
    "legendary-tales.adv2.setup",
    "legendary-tales.adv3.setup",
    "legendary-tales.adv4.setup",
    "legendary-tales.adv5.setup",
)
def test_tasks_to_a_win(adv: int) -> None:
    g = new(adv)
    if adv == 2:
        for k in ("scar", "crook", "hex"):
            kill(g, k)
        check(g)
        assert g.globals["side"] == 2 and len(g.decks["aside"]) == 4
        for _ in range(3):
            take(g, "ward")
        check(g)
        assert board.where_is(g, board.keyed(g, "dragon")[0]) == board.loc(g, "cave")
        kill(g, "dragon")
    elif adv == 3:
        take(g, "sack")
        check(g)
        assert board.where_is(g, board.keyed(g, "king")[0]) == board.loc(g, "cave")
        kill(g, "king")
    elif adv == 4:
        for k in ("moonwort", "lily", "comb"):
            take(g, k)
        g.players[0].space = board.loc(g, "tavern")
        check(g)
        kill(g, "witch")
    else:
        for t in [t for t in on_board(g) if key(t).startswith("clue-")]:
            take(g, key(t))
        check(g)
        assert board.where_is(g, board.keyed(g, "dark-lord")[0]) == board.loc(g, g.globals["hideout"])
        kill(g, "dark-lord")
    check(g)
    assert g.result is not None and g.result["won"] is True


@pytest.mark.parametrize("adv", [2, 3, 4, 5])
@pytest.mark.rules("legendary-tales.lose-adventure")
def test_loss_by_time(adv: int) -> None:
    g = new(adv, stars=3)
    left = len(board.track(g)) - 1 - g.globals["time"]
    ending.move_time(g, left, "test")
    assert g.result is not None and g.result["won"] is False


@pytest.mark.parametrize("adv", [2, 3, 4, 5])
@pytest.mark.rules(
    "legendary-tales.adv2.setup",
    "legendary-tales.adv3.setup",
    "legendary-tales.adv4.setup",
    "legendary-tales.adv5.setup",
)
def test_random_games(adv: int) -> None:
    n = len(catalogue().tokens)
    for seed in range(30):
        g = new(adv, heroes=1 + seed % 4, seed=seed, stars=1 + seed % 3)
        r = random.Random(seed)
        for _ in range(5000):
            if g.result is not None:
                break
            g.apply(r.choice(g.decision.options).id)
        assert g.result is not None
        assert total(g) == n and len(set(t for v in g.decks.values() for t in v) | set(on_board(g))) == n
