"""An example module to copy: the Wandering Bard (a Stranger whose song is a content hook and a
frame handler, and who remembers whom he sang to: state kept on each character), the Lucky Coin
(an Object whose trait an ability reads) and the Lamplighter (a character whose trait the Bard's
rule reads), with advice for the rule-aware bot. See docs/writing-a-module.md.

Importing the package imports its rule files, which register on :data:`MODULE`.
"""

from . import rules  # noqa: F401  (it registers its rules on MODULE)
from .module import MODULE

__all__ = ["MODULE"]
