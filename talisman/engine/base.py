"""The engine's own vocabulary as a module (``engine``), played in every game.

The engine's rule files register their frame handlers, content hooks and
endings, and declare the hook points and traits the engine itself reads, on
:data:`ENGINE`, as any module does on its own object; a ruleset composes it
first. The package entry point ``engine`` names it.
"""

from __future__ import annotations

from talisman.content.modules import Module

ENGINE = Module(name="engine", title="The rules engine's own vocabulary", base=True)
