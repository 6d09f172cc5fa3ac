"""The declaration of the module ``example``: where its content is, its option, the traits its
content may carry, the kinds of decision its rules ask (each with its meaning), the state it keeps
and where the rule-aware bot finds its advice."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from talisman.content.modules import Module, OptionSpec

MODULE = Module(
    name="example",
    title="An example module: the Wandering Bard, the Lucky Coin and the Lamplighter",
    content_dir=Path(__file__).parent,  # every *.toml file here
    options={
        "bard-fee": OptionSpec(1, (1, 2), "What the Wandering Bard asks for a song, in gold."),
    },
)
MODULE.trait("lucky", "at the start of its holder's turn, a roll of 6 on a die gives 1 gold")
MODULE.trait("music-lover", "the Wandering Bard sings to this character for nothing")
MODULE.decision("bard", "the Wandering Bard: pay his fee for a song, or let him be")
MODULE.advice = ("talisman_example.advice:ADVICE",)

# The state the module keeps, each key named after the module (a plain whole number, replaced,
# never changed in place): in a character's status, the songs it has heard.
SONGS_HEARD: Final = "example-songs-heard"
SONGS_KNOWN: Final = 3  # a character who has heard this many songs has nothing more to learn from him
