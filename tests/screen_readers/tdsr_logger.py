"""tdsr's speech server for the harness: every line tdsr sends, with the time it came, into a file.

Run by tdsr itself (``tdsr -s "python tdsr_logger.py LOG"``), so it stands alone: no imports of the
harness. A line of the log is ``<time.monotonic()>TAB<what tdsr sent>``; text with a newline in it
cannot come (tdsr sends one line per message).
"""

import sys
import time


def main() -> None:
    with open(sys.argv[1], "a", encoding="utf-8", buffering=1) as log:
        for line in sys.stdin.buffer:
            text = line.decode("utf-8", "replace").rstrip("\n")
            log.write(f"{time.monotonic()}\t{text}\n")


if __name__ == "__main__":
    main()
