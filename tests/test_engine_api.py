"""The engine's public API: decisions, illegal input, copies, saves, views."""

from __future__ import annotations

import json

import pytest

from talisman import ConfigError, Game, GameOverError, IllegalOptionError, OutOfTurnError, SaveError
from talisman.bots import make_bot, observe, play_out
from talisman.engine import save as saves
from talisman.testing import Scenario


def test_new_game_exposes_one_decision_with_stable_ids():
    g = Game.new(["warrior", "wizard"], seed=1)
    d = g.decision
    assert d is not None and d.player == 0
    assert len(set(d.ids)) == len(d.ids)
    assert all(o.label for o in d.options)


def test_illegal_option_raises_and_changes_nothing():
    g = Game.new(["warrior", "wizard"], seed=1)
    before = g.state_hash()
    with pytest.raises(IllegalOptionError, match="not a legal option"):
        g.apply("fly-to-the-moon")
    assert g.state_hash() == before


def test_out_of_turn_answer_is_refused():
    g = Game.new(["warrior", "wizard"], seed=1)
    before = g.state_hash()
    with pytest.raises(OutOfTurnError):
        g.apply(g.decision.ids[0], player=1)
    assert g.state_hash() == before


def test_finished_game_accepts_no_action():
    g = Game.new(["warrior", "wizard"], seed=1)
    g.end([0], "a test")
    with pytest.raises(GameOverError):
        g.apply("anything")


@pytest.mark.parametrize(
    "bad",
    [
        dict(characters=["warrior", "warrior"]),
        dict(characters=["dragon-slayer"]),
        dict(characters=["warrior"], modules=["no-such-module"]),
        dict(characters=["warrior"], options={"fate": "maybe"}),
        dict(characters=["warrior"], options={"no-such-option": 1}),
        dict(characters=[None] * 7),
    ],
)
def test_bad_configuration_is_a_clear_error(bad):
    with pytest.raises(ConfigError):
        Game.new(bad.pop("characters"), **bad)


def test_same_seed_and_actions_give_the_same_game():
    def play(seed):
        g = Game.new(players=3, seed=seed)
        for _ in range(60):
            if g.is_over:
                break
            g.apply(g.decision.ids[-1])
        return g.state_hash(), [e.text for e in g.events]

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_clone_is_independent():
    g = Game.new(["troll", "elf"], seed=4)
    c = g.clone()
    c.apply(c.decision.ids[0])
    assert g.state_hash() != c.state_hash()
    g.apply(g.decision.ids[0])
    assert g.state_hash() == c.state_hash()


def test_save_replays_to_the_same_state(tmp_path):
    g = Game.new(["troll", "elf", "priest"], seed=9)
    g.script_dice([3])
    for _ in range(40):
        g.apply(g.decision.ids[0])
    path = tmp_path / "game.json"
    saves.write(path, g.save())
    again = saves.replay(saves.read(path))
    assert again.state_hash() == g.state_hash()


def test_snapshot_round_trip():
    g = Game.new(["troll", "elf"], seed=5)
    for _ in range(25):
        g.apply(g.decision.ids[0])
    snap = json.loads(json.dumps(g.state_dict()))
    h = Game.from_state_dict(snap)
    assert h.state_hash() == g.state_hash()
    h.apply(h.decision.ids[0])
    g.apply(g.decision.ids[0])
    assert h.state_hash() == g.state_hash()


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda s: s.update(format="chess"), "not a Talisman save"),
        (lambda s: s.update(version=99), "unsupported save version"),
        (lambda s: s["actions"].append("no-such-option"), "cannot be replayed"),
        (lambda s: s["actions"].append(7), "neither an option id"),
        (lambda s: s.update(state_hash="0000"), "does not reproduce"),
        (lambda s: s["config"].update(modules=["nope"]), "cannot be played"),
    ],
)
def test_malformed_saves_are_refused_with_a_reason(mutate, message):
    g = Game.new(["troll", "elf"], seed=3)
    g.apply(g.decision.ids[0])
    save = g.save()
    mutate(save)
    with pytest.raises(SaveError, match=message):
        saves.replay(save)


@pytest.mark.parametrize("part", ["config", "rng", "players", "stack", "result"])
def test_a_snapshot_missing_a_part_is_refused_with_a_reason(part):
    g = Game.new(["troll", "elf"], seed=3)
    snap = g.state_dict()
    del snap[part]
    with pytest.raises(SaveError, match=f"lacks '{part}'"):
        Game.from_state_dict(snap)


def test_unreadable_save_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(SaveError, match="not valid JSON"):
        saves.read(path)


@pytest.mark.rules("spells-scrolls.spell.hidden")
def test_view_hides_other_players_spells_and_deck_order():
    g = Game.new(["wizard", "warrior"], seed=2)
    wizard_sees = g.view(0)["players"][0]
    warrior_sees = g.view(1)["players"][0]
    assert len(wizard_sees["spells"]) == 2
    assert "spells" not in warrior_sees and warrior_sees["spell_count"] == 2
    assert all(isinstance(n, int) for n in g.view(1)["decks"].values())


def test_view_shows_options_only_to_the_deciding_seat():
    g = Game.new(["wizard", "warrior"], seed=2)
    seat = g.decision.player
    assert "options" in g.view(seat)["decision"]
    assert "options" not in g.view(1 - seat)["decision"]


def test_scripted_die_values_must_fit_the_die():
    s = Scenario(["warrior"]).dice(9)
    with pytest.raises(Exception, match="not possible on a D6"):
        s.start()


def test_secret_events_are_hidden_from_others():
    g = Game.new(["wizard", "warrior"], seed=2)
    drawn = [e for e in g.events if e.private == 0]
    assert drawn and all("gains a Spell:" in e.text for e in drawn)
    assert all(":" not in e.text_for(1) for e in drawn)


def test_modules_that_exclude_each_other_cannot_be_combined():
    from talisman.content.modules import Module, register_module

    register_module(Module(name="test-dungeon-a", title="A", content_dir=None, excludes=("test-dungeon-b",)))
    register_module(Module(name="test-dungeon-b", title="B", content_dir=None))
    with pytest.raises(ConfigError, match="cannot be played together"):
        Game.new(["warrior"], modules=["test-dungeon-a", "test-dungeon-b"])
    assert Game.new(["warrior"], modules=["test-dungeon-a"]).decision is not None


def played(seed: int, actions: int) -> Game:
    """A two-player game after ``actions`` random answers."""
    import random

    g = Game.new(["warrior", "wizard"], seed=seed)
    r = random.Random(seed)
    for _ in range(actions):
        g.apply(r.choice(g.legal_ids()))
    return g


def unchanged(g: Game):
    """What must stay the same after a failed action: state, log, history, the decision."""
    return g.state_hash(), len(g.events), list(g.history), g.legal_ids()


@pytest.mark.parametrize("actions", [0, 5, 70])  # before and after the engine's copies to undo from
def test_an_error_inside_apply_leaves_the_game_as_it_was(actions):
    """A scripted die of 7 on the D6 of a movement roll taken again: the Fate is spent, then the roll fails."""
    g = played(4, actions)
    while "reroll" not in g.legal_ids():
        g.apply(g.legal_ids()[0])
    twin = Game.load(g.save())
    g.script_dice([7])
    before = unchanged(g)
    with pytest.raises(Exception, match="not possible on a D6"):
        g.apply("reroll")
    assert unchanged(g) == before
    g.touched()
    g.rng.scripted = ()  # the bad script taken back, the game goes on as if it had never come
    g.apply("reroll")
    twin.apply("reroll")
    assert g.state_hash() == twin.state_hash()


def test_a_fault_in_a_rule_is_undone(monkeypatch):
    g = played(9, 40)
    before = unchanged(g)
    kind = g.stack[-1][1]["kind"]
    real = dict(g.rules.handlers)

    failed: list[bool] = []

    def broken(kind: str):
        def run(game: Game, a: dict) -> None:
            if failed:
                return real[kind](game, a)
            failed.append(True)
            game.players[0].gold += 100  # changes the state, then fails
            game.decks["adventure"].clear()
            raise KeyError("a bug")

        return run

    for k in real:
        monkeypatch.setitem(g.rules.handlers, k, broken(k))
    with pytest.raises(KeyError):
        g.apply(g.legal_ids()[0])
    g.rules.handlers.update(real)
    assert unchanged(g) == before and g.stack[-1][1]["kind"] == kind
    g.apply(g.legal_ids()[0])


def test_a_copy_for_search_keeps_no_checkpoint_but_refuses_illegal_answers():
    """A clone is thrown away on an error, so apply takes no copy of it to undo from (a
    search plays thousands of them); an illegal answer still changes nothing."""
    g = played(4, 5)
    c = g.clone()
    for _ in range(40):
        c.apply(c.legal_ids()[0])
    assert c.checkpoint is None and c.since_checkpoint == []
    g.apply(g.legal_ids()[0])
    assert g.checkpoint is not None and g.since_checkpoint  # the game itself keeps one
    h = c.state_hash()
    with pytest.raises(IllegalOptionError):
        c.apply("no-such-option")
    assert c.state_hash() == h


def test_a_game_where_nobody_can_ever_decide_ends_stalled_with_the_reason():
    g = Game.new(["warrior", "wizard"], seed=1, start=False)
    for p in g.players:
        p.lost_turns = 10**9  # every turn passes by itself, for ever
    g.advance()
    assert g.is_over and g.stalled and g.decision is None
    assert g.result["winners"] == [] and g.result["stalled"] is True
    assert "stalled" in g.result["how"] and "without a decision" in g.result["how"]
    assert "Nobody wins: the game stalled" in g.events[-1].text
    with pytest.raises(GameOverError):
        g.apply("roll")
    assert not played(2, 30).stalled


@pytest.mark.parametrize(
    "options",
    [{"fate": 1}, {"fate": 0}, {"fate": 1.0}, {"command-spell": 4}, {"fate": [True]}, {"fate": None}],
)
def test_option_values_are_checked_by_type(options):
    """In the words the web server answers with too (engine.game.check_option)."""
    with pytest.raises(ConfigError, match=r"option '[a-z-]+' is (true or false|a word), not "):
        Game.new(["warrior"], options=options)
    assert Game.new(["warrior"], options={"fate": True}).options["fate"] is True


@pytest.mark.parametrize("seed", [-1, 2**63, 2**64 + 5, 10**4000])
def test_seeds_are_bounded(seed):
    with pytest.raises(ConfigError, match="from 0 to 9223372036854775807"):
        Game.new(["warrior"], seed=seed)
    assert Game.new(["warrior"], seed=2**63 - 1).decision is not None


def test_a_snapshot_holds_no_live_reference_into_the_game():
    g = played(2, 30)
    before = g.state_hash()
    d = g.state_dict()
    d["players"][0]["objects"].append(999)
    d["players"][0]["status"]["x"] = 1
    d["decks"]["adventure"].clear()
    d["globals"]["x"] = 1
    d["stack"][-1][1]["options"].clear()
    d["config"]["options"]["fate"] = "mangled"
    d["config"]["characters"].append("troll")
    assert g.state_hash() == before and g.legal_ids()


def test_a_save_shares_nothing_with_its_game():
    """A save (and a snapshot) is the caller's to change: it handed out the game's own configuration
    (found by the sharing checking mode, issue 37), so that changing a save changed the game."""
    g = Game.new(["troll", "elf"], seed=3)
    g.apply(g.decision.ids[0])
    before, save, snapshot = g.state_hash(), g.save(), g.state_dict()
    for data in (save, snapshot):
        data["config"]["modules"].append("nope")
        data["config"]["options"]["fate"] = False
    save["actions"].append("no-such-option")
    assert g.state_hash() == before and g.config.modules == ("core",) and g.history == save["actions"][:-1]


@pytest.mark.parametrize("modules", [("core",), ("city-classic",), ("legendary-tales",)])
def test_observe_gives_every_game_the_view_of_the_seat(modules):
    """Issue 37: ``talisman.bots.observe`` failed for Legendary Tales (a game of its own has its own view)."""
    g = Game.new(players=2, modules=modules, seed=3)
    seat = g.decision.player
    seen = observe(g, seat)
    assert {k: seen[k] for k in seen} == g.view(seat)
    assert g.decision.option(make_bot("search", 1).choose(seen, g.decision)) is not None


def test_a_game_ends_at_its_turn_cap_with_nobody_winning():
    """Issue 37: the option every game has, ``turn-cap`` (none by default), ends a game that has
    played that many turns, before the next begins; the result says so (the web server sets one)."""
    bots = {i: make_bot("heuristic", i) for i in range(2)}
    g = Game.new(players=2, seed=3, options={"turn-cap": 100}, log=False)  # (seed 3: neither bot wins by 100)
    play_out(g, bots, max_turns=10_000)
    assert g.turn == 100 and g.capped and not g.stalled
    assert g.result == {
        "winners": [],
        "how": "the game reached its cap of 100 turns with nobody winning",
        "turn": 100,
        "capped": True,
    }
    free = Game.new(players=2, seed=3, log=False)
    bots = {i: make_bot("heuristic", i) for i in range(2)}  # (new bots: a bot remembers its game, e.g. its trail)
    play_out(free, bots, max_turns=101)
    assert free.turn > 100 and free.result is None  # no cap: the game plays on
    with pytest.raises(ConfigError, match="option 'turn-cap' cannot be 7"):
        Game.new(players=2, options={"turn-cap": 7})
