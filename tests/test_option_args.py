"""Options carry data: every option a game offers reads as its verb's declared arguments
(talisman.content.option_args), so that agents never parse ids."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import talisman
from talisman import Game
from talisman.content.modules import Module, known_modules
from talisman.content.option_args import OptionGrammar, compose_grammar, parse_spec
from talisman.errors import ConfigError


def test_the_grammar_reads_kinds_literals_names_and_optional_arguments() -> None:
    grammar = OptionGrammar(
        {
            "cast": parse_spec("card target=seat?"),
            "take": parse_spec("card|gold|word"),
            "swap-take": parse_spec("old=card new=card"),
            "defeat": parse_spec("tally"),
            "nexus/meet": parse_spec("card"),
            "meet": parse_spec("seat"),
        }
    )
    assert grammar.args("turn", "cast:12") == {"card": 12}
    assert grammar.args("turn", "cast:12:3") == {"card": 12, "target": 3}
    assert grammar.args("take", "take:gold") == {"gold": "gold"}
    assert grammar.args("take", "take:Water Bottle") == {"word": "Water Bottle"}
    assert grammar.args("take", "swap-take:4:9") == {"old": 4, "new": 9}
    assert grammar.args("lt-defeat", "defeat:76x1,84x2") == {"tally": ((76, 1), (84, 2))}
    assert grammar.args("nexus", "meet:40") == {"card": 40}  # the kind's own declaration first
    assert grammar.args("encounter", "meet:2") == {"seat": 2}
    assert grammar.args("turn", "roll") == {}


@pytest.mark.parametrize("bad", ["cast:x", "cast:1:2:3", "swap-take:4", "unknown:3", "defeat:7y2"])
def test_an_id_that_fits_no_declaration_is_refused_by_check(bad: str) -> None:
    grammar = OptionGrammar(
        {
            "cast": parse_spec("card target=seat?"),
            "swap-take": parse_spec("old=card new=card"),
            "defeat": parse_spec("tally"),
        }
    )
    with pytest.raises(ConfigError):
        grammar.check("turn", bad)
    assert grammar.args("turn", bad) == {}


@pytest.mark.parametrize("spec", ["card target=", "a=b=", "card? seat", "|card"])
def test_a_malformed_spec_is_refused(spec: str) -> None:
    with pytest.raises(ConfigError):
        parse_spec(spec)


def test_two_modules_may_not_give_a_verb_two_grammars() -> None:
    one, two = Module("one", "One"), Module("two", "Two")
    one.declare_options({"pick": "card"})
    two.declare_options({"pick": "seat"})
    with pytest.raises(ConfigError, match="pick"):
        compose_grammar([(m.name, m.option_args) for m in (one, two)])


def at_the_first_move() -> Game:
    """A two-player base game played on to its first decision of where to move."""
    g = Game.new(["troll", "elf"], seed=2)
    while g.decision is not None and g.decision.kind != "move":
        d = g.decision
        g.apply("roll" if "roll" in d.ids else d.ids[0])
    return g


def test_a_decision_shows_each_option_with_its_arguments() -> None:
    g = at_the_first_move()
    d = g.decision
    assert d is not None
    moves = d.of("move")
    assert moves and all(o.space in g.rules.space_index for o in moves)
    assert {o.id for o in moves} == {f"move:{o.space}" for o in moves}


@pytest.mark.parametrize("module", [m for m in known_modules() if m != "legendary-tales"] + ["legendary-tales"])
def test_every_option_offered_in_random_games_fits_its_verbs_declaration(module: str) -> None:
    """Random play over a few games of each module: an option whose arguments no module
    declares would leave an agent to read the id's text."""
    for seed in range(2):
        g = Game.new(players=3, modules=(module,), seed=seed, log=False)
        rng = random.Random(seed)
        while not g.is_over and g.turn <= 60:
            d = g.decision
            assert d is not None
            for o in d.options:
                g.rules.option_grammar.check(d.kind, o.id)
            g.apply(rng.choice(d.ids))


def test_a_seats_view_shows_each_option_with_its_verb_and_arguments() -> None:
    """What a front end gets: the id to send back, and beside it what the option is about."""
    g = at_the_first_move()
    d = g.decision
    assert d is not None
    shown = g.view(d.player)["decision"]["options"]
    assert [o["id"] for o in shown] == list(d.ids)
    moves = [o for o in shown if o["verb"] == "move"]
    assert moves and all(o["args"]["space"] == o["id"].partition(":")[2] for o in moves)
    assert all(("args" in o) == bool(d.options[i].args) for i, o in enumerate(shown))


def test_a_legendary_tales_view_shows_its_moves_spaces() -> None:
    g = Game.new(players=2, modules=("legendary-tales",), seed=1, log=False)
    rng = random.Random(1)
    while not g.is_over and not any(o.verb == "move" for o in g.decision.options):  # type: ignore[union-attr]
        g.apply(rng.choice(g.decision.ids))  # type: ignore[union-attr]
    shown = g.view(g.decision.player)["decision"]["options"]  # type: ignore[union-attr]
    moves = [o for o in shown if o["verb"] == "move"]
    assert moves and all(isinstance(o["args"]["space"], str) for o in moves)


FRONT_ENDS = ("web/*.js", "cli/*.py", "server/*.py", "tutorial.py", "env.py", "engine/view.py", "engine/standing.py")


@pytest.mark.parametrize("pattern", FRONT_ENDS)
def test_no_front_end_reads_an_option_id(pattern: str) -> None:
    """The browser, the terminal, the server, the tutorial, the learning environment and the
    standing answers read an option's verb and arguments, never its id's text."""
    root = Path(talisman.__file__).parent
    paths = sorted(root.glob(pattern))
    assert paths
    for path in paths:
        text = path.read_text(encoding="utf-8")
        parsed = r"(\bid|\bi|optionId|option_id|oid)\.(split|partition|rsplit|startswith|startsWith)\("
        assert not re.search(parsed, text), path.name
        assert not re.search(r"\.(split|partition|rsplit|startswith|startsWith)\(\s*[\"'][a-z-]+:", text), path.name
