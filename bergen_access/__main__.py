"""``python -m bergen_access``."""

import sys

from .cli import main

sys.exit(main())
