"""The declaration of the module ``airships``; its rule file registers its code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="airships",
    title="Airships (000): ships that sail the clouds",
    content_dir=Path(__file__).parent,
)
MODULE.declare_traits(
    {
        "ship-strength": "ship-strength:D8: an Airship's Strength, its die (or a fixed number), the damage it deals",
        "ship-hull": "ship-hull:N: the Hit Points of an Airship, the damage it takes before it is destroyed",
        "ship-speed": "ship-speed:N: the most spaces an Airship flies a turn",
        "ship-crew": "ship-crew:A-B: the Complement of an Airship, the people (character and Followers) it needs",
        "flying": "a Follower that flies: it comes to no harm when an Airship falls",
    }
)
MODULE.declare_decisions(
    {
        "airship-claim": "whether to claim an unguarded Airship and go aboard",
        "airship-crew": "which Follower to leave behind so that the party fits the Airship's Complement",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "broadside": "seat",
        "leave": "card",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("claim", "an unguarded Airship claimed", kinds="airship-claim", verbs="claim")
MODULE.feature("fly", "an Airship flown instead of rolling", kinds="turn", verbs="fly")
MODULE.feature("disembark", "a step down from an Airship", verbs="disembark")
MODULE.feature("broadside", "a broadside fired on another character's Airship", kinds="meet", verbs="broadside")
MODULE.advice = ("talisman.modules.airships.advice:ADVICE",)
