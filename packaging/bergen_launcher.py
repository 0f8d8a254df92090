"""The entry script of the single-file build (packaging/bergen.spec): the ``bergen`` command itself."""

from __future__ import annotations

import sys

from bergen_access.cli import main

if __name__ == "__main__":
    sys.exit(main())
