"""Run a module with everything it prints going to a UTF-8 file:

    python tools/run_to_file.py OUT -m MODULE ARGS...

For the Windows Python under Wine (tools/windows_python.sh): Wine 8 starts Python only with a console
for its standard streams, and what a console shows is redrawn screen text (wrapped, with cursor codes),
not the lines a program wrote. The exit status is the module's.
"""

from __future__ import annotations

import os
import runpy
import sys


def main() -> int:
    if len(sys.argv) < 4 or sys.argv[2] != "-m":
        sys.stderr.write(__doc__ or "")
        return 2
    out, module, arguments = sys.argv[1], sys.argv[3], sys.argv[4:]
    stream = open(out, "w", encoding="utf-8", errors="backslashreplace", buffering=1)  # noqa: SIM115
    # the file descriptors too: what started programs inherit, and what pytest captures
    os.dup2(stream.fileno(), 1)
    os.dup2(stream.fileno(), 2)
    sys.stdout = sys.stderr = stream
    sys.argv = [module, *arguments]
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as end:
        code = end.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
