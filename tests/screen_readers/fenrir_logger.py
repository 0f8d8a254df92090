"""Fenrir's speech command for the harness: the text Fenrir gives it, with the time, into a file.

Fenrir's generic speech driver runs a command for each utterance with the text as an argument
(``genericSpeechCommand``, ``fenrirText``); this is that command. It stands alone (no imports of the
harness) and writes at once: Fenrir ends the command when it cancels speech. A line of the log is
``<time.monotonic()>TAB s<text>``, as tdsr_logger.py writes it, so one reader reads both.
"""

import sys
import time


def main() -> None:
    text = " ".join(sys.argv[2:]).replace("\n", " ")
    with open(sys.argv[1], "a", encoding="utf-8") as log:
        log.write(f"{time.monotonic()}\ts{text}\n")


if __name__ == "__main__":
    main()
