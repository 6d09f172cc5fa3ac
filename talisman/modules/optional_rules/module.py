"""The declaration of the module ``optional-rules``: its three options; its rule files register
their code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module, OptionSpec

MODULE = Module(
    name="optional-rules",
    title="Optional Rules (000): Henchmen, Chaos Bloodbath, King of the Hill",
    content_dir=Path(__file__).parent,
    options={
        "henchmen": OptionSpec(
            1,
            (0, 1, 2),
            "000 Henchmen: how many henchmen each player is dealt from the unused Character Cards "
            "(000 recommends one).",
            title="Henchmen",
            labels=("None", "One each (recommended)", "Two each"),
        ),
        "chaos-bloodbath": OptionSpec(
            False,
            (False, True),
            "000 Chaos Bloodbath: no one wins before reaching the Crown of Command, a single Talisman card "
            "is in the game, and no player starts a new character.",
            title="Chaos Bloodbath",
            labels=("Off", "On"),
        ),
        "king-of-the-hill": OptionSpec(
            False,
            (False, True),
            "000 King of the Hill: the last character alive wins (the Crown ends the game no other way); "
            "from the Dungeon's Treasure Chamber one may take a Talisman and leave by the Portal of Power.",
            title="King of the Hill",
            labels=("Off", "On"),
        ),
    },
)
MODULE.declare_traits(
    {
        "henchman": "a Henchman: a Character Card dealt to a player, a Follower that may fight in its place",
    }
)
MODULE.declare_decisions(
    {
        "hill-chamber": "King of the Hill: take a Talisman in the Treasure Chamber and leave by the Portal of Power",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "henchman": "card",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("henchman", "a henchman sent to fight in its master's place", kinds="combat", verbs="henchman")
MODULE.feature(
    "hill-chamber",
    "King of the Hill: a Talisman taken and out by the Portal of Power",
    verbs="hill-chamber",
    needs="dungeon-classic",
)
MODULE.advice = ("talisman.modules.optional_rules.advice:ADVICE",)
