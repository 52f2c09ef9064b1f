"""``python -m knight``: the same as the ``knight`` command."""

import sys

from .cli import main

sys.exit(main())
