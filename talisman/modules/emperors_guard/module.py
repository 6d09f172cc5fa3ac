"""The declaration of the module ``emperors-guard``; its rule file registers its code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="emperors-guard",
    title="The Emperor's Guard (000): eight guards walk the land, tax, bribes and Warrants",
    content_dir=Path(__file__).parent,
)
MODULE.declare_decisions(
    {
        "guard-bribe": "the Emperor's Guard attacks: pay the bribe the die asked for, or fight",
        "guard-reopen": "a Place the Guard closed lies here: reopen it (missing a turn) or leave it closed",
        "guard-hiding": "a Follower hides here from the Guard: take it, or leave it",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "bribe": "card",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("bribe", "a Guard bribed with gold, or with an Object", kinds="guard-bribe", verbs="bribe")
MODULE.feature(
    "fight",
    "a Guard fought instead of bribed (a Warrant if it is beaten)",
    kinds="guard-bribe",
    verbs=("fight", "fight-psychic"),
)
MODULE.feature("reopen", "a Place the Guard closed reopened, missing a turn", kinds="guard-reopen", verbs="reopen")
MODULE.feature("hiding", "a Follower hiding from the Guard taken along", kinds="guard-hiding", verbs="take")
MODULE.advice = ("talisman.modules.emperors_guard.advice:ADVICE",)
