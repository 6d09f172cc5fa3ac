"""talisman balance: characters ranked (each dealt equally often to each seat), two rule sets compared on
the same games, the skill matrix, and tuning; seeded, the same whatever the number of workers."""

from __future__ import annotations

import json
import math
import random

import pytest

from talisman.cli.main import main
from talisman.content.ruleset import ruleset_for
from talisman.errors import ConfigError
from talisman.sim import records, roster, runner
from talisman.sim.balance import characters, compare, skill, tune
from talisman.sim.balance.deal import dealt
from talisman.sim.balance.rating import fit_ratings, record_game, win_chance
from talisman.sim.balance.sides import Side, plan
from talisman.sim.balance.stats import holm

QUICK = ["--max-turns", "60", "--quiet"]


def _run(tmp_path, name, *argv):
    out = tmp_path / name
    assert main(["balance", *argv, *QUICK, "--out", str(out)]) == 0
    return json.loads((out / "summary.json").read_text()), out


def _record(index, chars, winners, turns=100, deaths=0):
    return {
        "index": index,
        "characters": chars,
        "winners": winners,
        "turns": turns,
        "deaths": [{"character": chars[0], "cause": "the Flood"}] * deaths,
        "finished": bool(winners),
        "bots": ["heuristic"] * len(chars),
        "features": {"disasters": 2},  # a key the analyses do not know: records may grow new ones
    }


def test_each_character_sits_in_each_seat_once_in_each_block_of_games():
    chars = ruleset_for(("core",)).characters
    keys = sorted(chars)
    for block in range(3):
        games = [dealt(keys, 4, seed=9, index=block * 14 + j) for j in range(14)]
        for seat in range(4):
            assert sorted(g[seat] for g in games) == keys
        assert all(len(set(g)) == 4 for g in games)
    assert dealt(keys, 4, 9, 0) != dealt(keys, 4, 9, 14)  # each block drawn anew
    with pytest.raises(ConfigError):
        dealt(keys[:3], 4, 9, 0)


def test_the_ranking_counts_shares_of_wins_per_character_and_per_seat():
    recs = [
        _record(0, ["a", "b"], [0]),
        _record(1, ["b", "a"], [1]),
        _record(2, ["a", "b"], [0, 1]),  # a shared win: half each
        _record(3, ["b", "a"], []),  # cut short: lost by both
    ]
    s = characters.summarise(recs, players=2, precision=0.05)
    a, b = s["characters"]
    assert (a["name"], a["wins"], a["games"], a["rate"]) == ("a", 2.5, 4, 0.625)
    assert (b["name"], b["wins"]) == ("b", 0.5)
    assert [r["wins"] for r in s["seats"]] == [1.5, 1.5]
    assert s["first_player"]["advantage"] == pytest.approx(0.375 - 0.5)
    assert a["needed"] == 376 and not s["reached"]  # ±5 points at 62.5%: 361 by the normal approximation
    assert characters.planned_games(14, 4, 0.025) == 4298  # 1,226 games a character, in whole blocks of 14


def test_characters_from_the_command_line_seeded_whatever_the_workers(tmp_path):
    argv = ["characters", "--games", "14", "--players", "4", "--bot", "random", "--seed", "3"]
    one, out = _run(tmp_path, "one", *argv, "--workers", "1")
    two, _ = _run(tmp_path, "two", *argv, "--workers", "2")
    assert one == two
    assert one["games"] == 14 and {r["games"] for r in one["characters"]} == {4}  # 14 characters, 4 seats each
    assert [r["games"] for r in one["seats"]] == [14] * 4
    assert {"index.html", "summary.json", "characters.png", "seats.png"} <= {p.name for p in out.iterdir()}
    assert "Talisman balance: characters ranked" in (out / "index.html").read_text()


def test_a_precision_plays_more_games_until_it_is_reached(tmp_path):
    s, _ = _run(tmp_path, "p", "characters", "--games", "14", "--players", "4", "--bot", "random", "--precision", "30")
    assert s["reached"] and s["widest"] <= 0.30 and s["games"] % 14 == 0 and s["games"] > 14


def test_two_identical_rule_sets_differ_in_nothing_game_by_game(tmp_path):
    side = Side(("core",))
    chars = side.characters()
    games = plan(side, range(4), 3, 5, chars, ["random"], max_turns=40)
    a, b = runner.run(games), runner.run(games)
    s = compare.summarise(a, b)
    assert s["games"] == 4 and s["turns"]["difference"]["mean"] == 0 and s["shown"] == []
    assert all(r["difference"]["mean"] == 0 for r in s["characters"])
    assert [r["characters"] for r in a] == [list(g.characters) for g in games]


def test_a_compare_refuses_games_that_were_not_dealt_alike():
    with pytest.raises(ConfigError, match="not dealt the same characters"):
        compare.summarise([_record(0, ["a", "b"], [0])], [_record(0, ["b", "a"], [0])])


def test_a_difference_the_games_show_and_one_they_cannot_tell_from_noise():
    a = [_record(i, ["x", "y"], [i % 2], turns=100 + i % 7) for i in range(60)]
    longer = [_record(i, ["x", "y"], [i % 2], turns=110 + (i * 3) % 5) for i in range(60)]
    noisy = [_record(i, ["x", "y"], [i % 2], turns=100 + (i * 5) % 7) for i in range(60)]
    s = compare.summarise(a, longer)
    assert s["turns"]["difference"]["low"] > 0 and "a difference the games show" in s["turns"]["verdict"]
    assert s["turns"]["verdict"].startswith("B's games last longer by")
    s = compare.summarise(a, noisy)
    assert "cannot tell it from noise" in s["turns"]["verdict"]
    drowned = [_record(i, ["x", "y"], [i % 2], deaths=i % 3) for i in range(60)]
    [flood] = compare.summarise(a, drowned)["causes"]  # deaths per 100 games by cause: 0, 1 or 2 a game
    assert (flood["cause"], flood["a"], flood["b"], flood["difference"]["mean"]) == ("the Flood", 0, 60, 100.0)
    flipped = [_record(i, ["x", "y"], [0]) for i in range(60)]
    s = compare.summarise(a, flipped)
    assert set(s["shown"]) == {"x", "y"}  # x now wins every game, y none: both shown


def test_per_character_verdicts_are_corrected_for_asking_many_at_once():
    a = [_record(i, ["x", "y"], [i % 2]) for i in range(60)]
    b = [_record(i, ["x", "y"], [0 if i in (1, 3, 5, 7) else i % 2]) for i in range(60)]  # 4 of y's wins go to x
    s = compare.summarise(a, b)
    x = next(r for r in s["characters"] if r["name"] == "x")
    assert x["difference"]["low"] > 0 and x["difference"]["p"] < 0.05  # asked alone: shown (p 0.04)
    assert s["shown"] == []  # asked of both characters at once (Holm): not
    assert holm([0.02] * 20) == [False] * 20 and holm([0.001] + [0.5] * 19)[0]


def test_compare_from_the_command_line_with_options_and_modules(tmp_path):
    s, out = _run(
        tmp_path,
        "c",
        "compare",
        "--games",
        "4",
        "--players",
        "3",
        "--bot",
        "random",
        "--against",
        "core,disasters",
        "--workers",
        "2",
    )
    assert s["a"] == "core" and s["b"] == "core, disasters" and s["games"] == 4
    assert {"index.html", "difference.png"} <= {p.name for p in out.iterdir()}
    games = list(records.read(out / "games.jsonl"))  # every game's record, as talisman simulate writes them
    assert [(r["part"], r["index"]) for r in games] == [("a", i) for i in range(4)] + [("b", i) for i in range(4)]
    assert [r["modules"] for r in games[3:5]] == [["core"], ["core", "disasters"]]
    t, _ = _run(
        tmp_path, "o", "compare", "--games", "2", "--players", "2", "--bot", "random", "--against-option", "fate=false"
    )
    assert t["b"] == "core; fate=false"


def test_the_skill_matrix_counts_two_player_games_both_ways():
    recs = [
        {"bots": ["heuristic", "random"], "winners": [0], "characters": ["a", "b"]},
        {"bots": ["random", "heuristic"], "winners": [1], "characters": ["a", "b"]},
        {"bots": ["random", "heuristic"], "winners": [0], "characters": ["a", "b"]},
        {"bots": ["heuristic", "random"], "winners": [], "characters": ["a", "b"]},  # cut short: half each
    ]
    s = skill.summarise(recs, ["random", "heuristic"], players=2)
    assert s["matrix"]["heuristic"]["random"]["rate"] == pytest.approx(2.5 / 4)
    assert s["matrix"]["random"]["heuristic"]["rate"] == pytest.approx(1.5 / 4)
    assert s["matrix"]["random"]["random"] is None
    assert s["skill"]["strong"] == "heuristic" and s["skill"]["share"] == pytest.approx(0.25)
    assert [r["name"] for r in s["ratings"]] == ["heuristic", "random"] and s["ratings"][0]["games"] == 4
    assert record_game(recs[3])[1] == [0.5, 0.5]  # the game cut short: an even share to each seat
    assert record_game({"bots": ["a", "b", "b"], "winners": [0, 2]})[1] == [0.5, 0.0, 0.5]


def test_ratings_recover_the_strengths_that_played_the_games():
    """Games drawn from known strengths (the Luce model: one seat of x against three of y, and
    two-player games of y against z) give back their ratings, each inside its 95% interval; a
    shared win and a game cut short count their shares; an anchor is rated 0."""
    rng = random.Random(7)
    strength = {"x": 4.0, "y": 1.0, "z": 0.5}
    games = []
    for _ in range(3000):
        x_wins = rng.random() < strength["x"] / (strength["x"] + 3 * strength["y"])
        games.append((["y", "x", "y", "y"], [0.0, 1.0, 0.0, 0.0] if x_wins else [1.0, 0.0, 0.0, 0.0]))
        y_wins = rng.random() < strength["y"] / (strength["y"] + strength["z"])
        games.append((["z", "y"], [0.0, 1.0] if y_wins else [1.0, 0.0]))
    games += [(["z", "y"], [0.5, 0.5]), (["x", "y", "y", "y"], [0.25] * 4)]
    r = {x["name"]: x for x in fit_ratings(games, ["x", "y", "z"], seed=3, rounds=400, anchor="y")}
    assert r["y"]["rating"] == 0 and r["y"]["low"] == r["y"]["high"] == 0
    for name in ("x", "z"):
        truth = 400 * math.log10(strength[name] / strength["y"])
        assert r[name]["low"] < truth < r[name]["high"]
        assert r[name]["high"] - r[name]["low"] < 60
    assert (r["x"]["games"], r["y"]["games"], r["z"]["games"]) == (3001, 6002, 3001)
    assert win_chance(r["y"]["rating"], r["z"]["rating"]) == pytest.approx(2 / 3, abs=0.03)
    same = fit_ratings(games, ["x", "y", "z"], seed=3, rounds=400, anchor="y")
    assert [x["low"] for x in same] == [x["low"] for x in r.values()]  # seeded


def test_an_agent_that_wins_every_game_keeps_a_finite_rating():
    games = [(["a", "b"], [1.0, 0.0])] * 50
    a, b = fit_ratings(games, ["a", "b"], seed=1, rounds=100)
    assert a["name"] == "a" and 300 < a["rating"] - b["rating"] < 1000  # 50.5 to 0.5: about 800 points
    with pytest.raises(ConfigError, match="anchor"):
        fit_ratings(games, ["a", "b"], seed=1, anchor="c")


def test_skill_from_the_command_line(tmp_path, capsys):
    argv = ["skill", "--agents", "random,gentle,fair", "--games", "2", "--workers", "2", "--anchor", "random"]
    s, out = _run(tmp_path, "s", *argv)
    assert s["games"] == 6 and s["agents"] == ["random", "gentle", "fair"]
    assert s["matrix"]["fair"]["random"]["games"] == 2
    ratings = {r["name"]: r for r in s["ratings"]}
    assert set(ratings) == {"random", "gentle", "fair"} and ratings["random"]["rating"] == 0
    assert all(r["low"] <= r["rating"] <= r["high"] for r in ratings.values())
    shown = capsys.readouterr().out
    assert "Ratings" in shown and "95% interval" in shown and "fair" in shown
    assert {"matrix.png", "ratings.png", "index.html"} <= {p.name for p in out.iterdir()}
    games = skill.plan(Side(), ["random", "heuristic", "search:2"], 2, 3, 1, Side().characters())
    assert len(games) == 6 * 2  # three agents: six ordered pairs with three players
    assert [g.bots for g in games[:2]] == [("random", "heuristic", "heuristic"), ("heuristic", "random", "heuristic")]


def test_agents_by_name_bots_levels_budgets_and_factories():
    assert roster.parse("search:8") == ("search", {"iterations": 8})
    assert roster.parse("ceiling-cards:4") == ("ceiling-cards", {"iterations": 4})
    assert list(roster.bots())[:4] == ["gentle", "fair", "hard", "strongest"]  # the levels, as bot_kinds names them
    assert [k for k in roster.bots() if roster.budgeted(k)] == [
        "search",
        "ceiling",
        "ceiling-cards",
        "search-fitted",
        "search-self-fitted",
        "search-far",
        "search-randomised",
        "search-paired",
    ]
    assert type(roster.make("hard", seed=1)).__name__ == "SearchBot"
    agent = roster.make("talisman.bots.random_bot:RandomBot", seed=1)
    assert type(agent).__name__ == "RandomBot"
    for bad in ("nobody", "random:3", "hard:8", "search:0", "no.such.module:factory"):
        with pytest.raises(ConfigError):
            roster.factory(bad)


def test_a_tuning_run_searches_declared_numbers_and_changes_nothing(tmp_path):
    before = ruleset_for(("core", "disasters")).numbers
    argv = ["tune", "--modules", "disasters", "--number", "restless-dead-strength", "--number", "wildfire-strike"]
    argv += ["--target", "turns=30", "--trials", "3", "--games", "3", "--check-games", "3", "--players", "2"]
    s, out = _run(tmp_path, "t", *argv, "--bot", "random", "--workers", "1")
    again, _ = _run(tmp_path, "t2", *argv, "--bot", "random", "--workers", "2")
    assert s == again  # the same seed, the same trials and proposal
    assert [h["trial"] for h in s["history"]] == [0, 1, 2]
    assert s["history"][0]["values"] == {"restless-dead-strength": 3, "wildfire-strike": 1}  # the content first
    assert {n["name"] for n in s["numbers"]} == {"restless-dead-strength", "wildfire-strike"}
    assert all(n["file"] == "disasters/disasters.toml" for n in s["numbers"])
    assert {"trials.png", "index.html"} <= {p.name for p in out.iterdir()}
    assert ruleset_for(("core", "disasters")).numbers == before  # nothing applied


def test_a_target_and_the_numbers_are_checked():
    assert tune.Target.parse("turns=312.5") == tune.Target("turns", 312.5)
    for bad in ("fair=2", "turns", "turns=x", "length=3", "turns=-1", "deaths=2"):
        with pytest.raises(ConfigError):
            tune.Target.parse(bad)
    with pytest.raises(ConfigError, match="no tunable number"):
        tune.tunable(Side(("core", "disasters")), ["guard-strength"])
    with pytest.raises(ConfigError, match="declares no tunable number"):
        tune.tunable(Side(("core",)))
    assert tune.tuned(Side(("core", "disasters")), {"wildfire-strike": 1, "plague-strike": 2}).tuning == (
        ("plague-strike", 2),
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["characters", "--games", "0"],
        ["characters", "--precision", "60"],
        ["compare", "--against", "core,no-such-module"],
        ["compare", "--against-tune", "nothing=3"],
        ["skill", "--agents", "random"],
        ["skill", "--agents", "random,robot"],
        ["skill", "--agents", "random,fair", "--anchor", "hard"],
        ["tune", "--modules", "core"],
        ["tune", "--modules", "disasters", "--target", "speed=3"],
        ["characters", "--option", "fate=maybe"],
    ],
)
def test_bad_input_is_a_clear_error_and_no_game_is_played(tmp_path, argv, capsys):
    assert main(["balance", *argv, "--out", str(tmp_path / "x"), "--quiet"]) == 2
    assert capsys.readouterr().err.startswith("talisman: error: ")
    assert not (tmp_path / "x").exists()
