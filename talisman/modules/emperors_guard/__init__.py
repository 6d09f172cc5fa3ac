"""The Emperor's Guard of document 000 ("THE EMPEROR'S GUARD").

Content: ``guard.toml`` (the Emperor's Guard Event card in the Adventure deck).
Python: ``rules.py`` (placing the eight pieces and the tax, their walk at the
end of each round, their attack on characters and the bribe table, what they
do to the cards they find, and the closed Places and hiding Followers).
"""

from talisman.modules.emperors_guard import rules  # noqa: F401  (it registers rules)
from talisman.modules.emperors_guard.module import MODULE

__all__ = ["MODULE"]
