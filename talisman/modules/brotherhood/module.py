"""The declaration of the module ``brotherhood``; its rule file registers its code on :data:`MODULE`."""

from __future__ import annotations

from pathlib import Path

from talisman.content.modules import Module

MODULE = Module(
    name="brotherhood",
    title="The Brotherhood of the Bell (000): a secret society, the Law on its trail",
    content_dir=Path(__file__).parent,
)
MODULE.point("law_met", "reaction: the Law of a module meets a character (the Emperor's Guard); with who it is")
MODULE.declare_decisions(
    {
        "bell-donjon": "a member of the Brotherhood in the Donjon: convince the guard, try to escape, or be judged",
        "bell-invite": "a member of the Brotherhood asks another character to join it: join, or refuse",
    }
)

# The arguments of the option verbs its rules offer (talisman.content.option_args).
MODULE.declare_options(
    {
        "bell-recruit": "seat",
    }
)
# The features a character may choose, counted by ``talisman simulate`` (content.modules.Feature).

MODULE.feature("recruit", "a character met asked to join the Brotherhood", kinds="meet", verbs="bell-recruit")
MODULE.feature("join", "the Brotherhood joined when asked", kinds="bell-invite", verbs="join")
MODULE.feature(
    "convince",
    "a guard of the Donjon convinced of a member's innocence",
    kinds="bell-donjon",
    verbs="convince",
    needs="city-classic",
)
MODULE.feature(
    "escape",
    "an escape from the Donjon tried by a member",
    kinds="bell-donjon",
    verbs="escape",
    needs="city-classic",
    never_pays="convincing the guard (a D10 and Craft, 10 or more) is likelier than the escape's 1 on a die "
    "for any Craft, and discards the Warrant the escape keeps",
)
MODULE.advice = ("talisman.modules.brotherhood.advice:ADVICE",)
