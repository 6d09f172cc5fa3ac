"""The features a character may choose: each module declares them beside its rules, a ruleset
composes those of its modules, ``talisman simulate`` counts in each record how often each was
offered and chosen, and ``talisman report`` shows the table."""

from __future__ import annotations

import pytest

from talisman.cli.main import main
from talisman.content.modules import Module, played_modules
from talisman.content.ruleset import played_features, ruleset_for
from talisman.errors import ConfigError
from talisman.sim import analysis, records, runner
from talisman.sim.features import FeatureTally
from talisman.sim.report import UNEXPLAINED, UNOFFERED, feature_notes, feature_rows
from talisman.testing import Scenario

SHIPPED = (
    "core",
    "endings",
    "worlds",
    "legendary-tales",
    "airships",
    "brotherhood",
    "catacombs",
    "city-classic",
    "city-districts",
    "disasters",
    "dungeon-4e",
    "dungeon-characters",
    "dungeon-classic",
    "emperors-guard",
    "master-levels",
    "optional-rules",
    "roster",
    "timescape",
    "wizards-tower",
)


def keys(*modules: str) -> set[str]:
    return {f.key for f in ruleset_for(tuple(played_modules(modules))).features}


# --- the declaration -------------------------------------------------------------------------------


def test_a_module_declares_its_features_by_decision_kind_option_verb_or_id_and_region():
    m = Module(name="example", title="An example")
    tip = m.feature("tip", "a tip to the innkeeper", kinds="inn", verbs=("tip", "bribe"), regions="town")
    door = m.feature("door", "the secret door", ids="move:cellar", never_pays="a trap")
    assert tip.key == "example/tip" and m.features == {"tip": tip, "door": door}
    assert tip.matches("inn", "tip:3", "town") and tip.matches("inn", "bribe", "town")
    assert not tip.matches("shop", "tip", "town") and not tip.matches("inn", "tip", "woods")
    assert door.matches("move", "move:cellar", "outer") and not door.matches("move", "move:attic", "outer")
    assert door.option_verbs == ("move",) and door.never_pays == "a trap"
    with pytest.raises(ValueError, match="two features"):
        m.feature("tip", "again", verbs="tip")
    with pytest.raises(ValueError, match="names no option"):
        m.feature("nothing", "no option at all")


def test_a_ruleset_composes_the_features_its_modules_offer_and_refuses_an_unknown_kind():
    assert "city-classic/loan" in keys("city-classic")
    assert "city-classic/warp-gate" not in keys("city-classic")  # the Enchantress's Warp Gate needs the Timescape
    assert {"city-classic/warp-gate", "timescape/wild-magic"} <= keys("city-classic", "timescape")
    m = Module(name="example", title="An example")
    m.feature("tip", "a tip", kinds="no-such-kind", verbs="tip")
    with pytest.raises(ConfigError, match="no-such-kind"):
        played_features((m,), {"turn": "the turn"})
    assert played_features((m,), {"no-such-kind": "a kind"})[0].key == "example/tip"


@pytest.mark.parametrize("module", SHIPPED)
def test_every_module_declares_its_features_with_kinds_its_game_asks(module):
    """Each shipped module with choices of its own declares them (a ruleset refuses a feature
    naming a kind no module declares: building it checks them)."""
    assert any(k.startswith(module + "/") for k in keys(module))


# --- counting --------------------------------------------------------------------------------------


def at_the_bank(gold: int) -> Scenario:
    s = Scenario(["warrior", "wizard"], modules=("city-classic",)).no_spells().at(1, "village")
    s.at(0, "gold-street").set(0, gold=gold)
    return rolled(s, 1).choose("move:bank")


def rolled(s: Scenario, n: int) -> Scenario:
    s.dice(n).start()
    return s.choose("roll") if s.kind == "turn" else s


def test_a_tally_counts_the_features_a_decision_offers_and_the_one_chosen():
    s = at_the_bank(gold=0)
    assert s.kind == "bank" and set(s.options()) == {"leave", "loan", "rob"}  # (the Warrior is neutral)
    tally = FeatureTally(s.game.rules)
    tally.count(s.game, s.game.decision, "loan")
    assert tally.uses()["city-classic/loan"] == 1 and tally.offers()["city-classic/loan"] == 1
    assert tally.offers()["city-classic/rob-bank"] == 1 and tally.uses()["city-classic/rob-bank"] == 0
    assert tally.offers()["city-classic/repay"] == 0  # no Loan to repay
    tally.count(s.game, s.game.decision, "leave")  # offered again, not taken
    assert tally.uses()["city-classic/loan"] == 1 and tally.offers()["city-classic/loan"] == 2


def test_a_feature_bound_to_a_region_is_counted_only_there():
    """The Doctor's Surgery heals in the City; the core game's healers heal too, outside it."""
    tally = FeatureTally(ruleset_for(("core", "city-classic")))
    s = Scenario(["warrior", "wizard"], modules=("city-classic",)).no_spells().at(1, "village")
    s.at(0, "gold-street").set(0, gold=5, lives=2)
    rolled(s, 2).choose("move:doctors-surgery")
    assert s.kind == "heal"
    tally.count(s.game, s.game.decision, s.options()[-1])
    assert tally.offers()["city-classic/doctor"] == 1
    s.game.players[0].space = s.game.rules.space_index["village"]  # the same decision, asked outside the City
    tally.count(s.game, s.game.decision, s.options()[-1])
    assert tally.offers()["city-classic/doctor"] == 1


def test_a_record_counts_each_feature_of_its_modules_and_the_report_shows_them(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    argv = ["simulate", "--games", "2", "--players", "2", "--bot", "random", "--modules", "city-classic"]
    assert main([*argv, "--max-turns", "40", "--workers", "1", "--quiet", "--out", str(out)]) == 0
    recs = list(records.read(out))
    for r in recs:
        assert set(r["features"]) == set(r["features_offered"]) == keys("city-classic")
        assert all(isinstance(n, int) and n >= 0 for n in r["features"].values())
    [plain] = runner.run(runner.specs(1, 2, ["random"], 1, max_turns=10))
    assert set(plain["features"]) == keys() and "city-classic/loan" not in plain["features"]
    rows = analysis.features(recs)
    assert {r["key"] for r in rows} == keys("city-classic") and all(r["games"] == 2 for r in rows)
    assert main(["report", str(out), "--out", str(tmp_path / "report")]) == 0
    shown = capsys.readouterr().out
    assert "Features used" in shown and "loan" in shown
    page = (tmp_path / "report" / "index.html").read_text()
    assert "Features used" in page and "a Loan from the Bank" in page


def test_the_table_gives_the_reason_a_feature_never_pays_and_flags_a_zero_without_one():
    notes = feature_notes([("core", "city-classic")])
    warrant = {"key": "city-classic/warrant", "module": "city-classic", "feature": "warrant", "games": 5}
    never = {**warrant, "offered_games": 3, "used_games": 0, "uses": 0, "per_game": 0.0}
    used = {**warrant, "offered_games": 3, "used_games": 2, "uses": 4, "per_game": 0.8}
    assert feature_rows([never], notes)[0][-1] == UNEXPLAINED
    assert feature_rows([{**never, "offered_games": 0}], notes)[0][-1] == UNOFFERED
    lore = {**never, "key": "dungeon-4e/lore", "feature": "lore", "offered_games": 0}  # a Treasure: seldom offered
    lore_notes = feature_notes([("core", "dungeon-4e")])
    assert feature_rows([lore], lore_notes)[0][-1] == f"{UNOFFERED}: {lore_notes['dungeon-4e/lore'].seldom}"
    assert lore_notes["dungeon-4e/lore"].seldom != ""
    rarely = feature_rows([{**lore, "offered_games": 1}], lore_notes)[0][-1]  # offered, not taken: what it waits for
    assert rarely == f"seldom worth it: {lore_notes['dungeon-4e/lore'].seldom}"
    assert feature_rows([used], notes)[0][2:] == ["5", "3", "2", "0.80", ""]
    robbery = {**never, "key": "city-classic/rob-bank", "feature": "rob-bank"}
    assert feature_rows([robbery], notes)[0][-1] == notes["city-classic/rob-bank"].never_pays != ""
