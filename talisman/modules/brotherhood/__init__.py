"""The Brotherhood of the Bell of document 000 ("THE BROTHERHOOD OF THE BELL").

No content of its own (000 adds no card). Python: ``rules.py`` (the percentile
dice, members discovered among the Strangers, membership and the places round
the Bell, the sixth member's Talisman, the Law's chance to know a member and
its Warrant, and the Donjon of the City for members).
"""

from talisman.modules.brotherhood import rules  # noqa: F401  (it registers rules)
from talisman.modules.brotherhood.module import MODULE

__all__ = ["MODULE"]
