"""The module ``example``: its ``module.toml`` declares its name, title, option, traits and
decision kinds (data); here are what is code or names code: the state it keeps and where the
rule-aware bot finds its advice."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from talisman.content.modules import declared

MODULE = declared(Path(__file__).parent)
MODULE.advice = ("talisman_example.advice:ADVICE",)

# The state the module keeps, each key named after the module and declared in module.toml (a plain
# whole number, replaced, never changed in place): in a character's status, the songs it has heard.
SONGS_HEARD: Final = "example-songs-heard"
SONGS_KNOWN: Final = 3  # a character who has heard this many songs has nothing more to learn from him
