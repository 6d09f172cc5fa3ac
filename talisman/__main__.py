"""``python -m talisman``: the same as the ``talisman`` command."""

import sys

from talisman.cli.main import main

sys.exit(main())
