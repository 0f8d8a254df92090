#!/usr/bin/env bash
# The Windows tier of the tests (tests/tiers.py) under the real Windows Python in Wine:
#
#   tools/windows_tests.sh [FOLDER] [PYTEST ARGUMENTS...]
#
# FOLDER is what tools/windows_python.sh made (default $BERGEN_WINDOWS_PYTHON, else
# ~/.cache/bergen-windows-python). Without pytest arguments it runs `-m windows`; any arguments replace
# that (e.g. `tests/test_keep.py`, or `tests` for the whole suite). The report is printed at the end and
# kept as FOLDER/report.txt and FOLDER/report.xml. Afterwards the Windows user's own data folder in the
# prefix must not exist: the tests keep to folders of their own (tests/conftest.py guards it too).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
FOLDER=${BERGEN_WINDOWS_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/bergen-windows-python}
if [ $# -gt 0 ] && [ -x "$1/python" ]; then
  FOLDER=$1
  shift
fi
[ -x "$FOLDER/python" ] || { echo "no Windows Python in $FOLDER: run tools/windows_python.sh first" >&2; exit 1; }
[ $# -gt 0 ] || set -- -m windows
export WINEPREFIX="$FOLDER/prefix" WINEDEBUG=-all
# what CI requires of Linux (espeak-ng, BRLTTY, yasr, Chromium...) does not exist on Windows: skipped there
for name in $(compgen -e | grep '^BERGEN_REQUIRE_' || true); do unset "$name"; done

windows() { winepath -w "$1" 2>/dev/null; }
report="$FOLDER/report.txt"
rm -f "$report" "$FOLDER/report.xml"
started=$(date +%s)
status=0
# BERGEN_TEST_PATIENCE: Wine starts each Python in about a second, so waits are doubled
# BERGEN_SINGLE_FILE_DIR: bergen.exe is built there and kept, for tests/test_wine_console.py to play;
# BERGEN_REQUIRE_BUILD: the build is never skipped here
BERGEN_TEST_PATIENCE=${BERGEN_TEST_PATIENCE:-2} BERGEN_REQUIRE_BUILD=1 \
  BERGEN_SINGLE_FILE_DIR="$(windows "$FOLDER/single-file")" "$FOLDER/python" tools/run_to_file.py "$(windows "$report")" \
  -m pytest -q -p no:cacheprovider --durations=10 -rfEs --color=no \
  --junitxml="$(windows "$FOLDER/report.xml")" "$@" </dev/null >/dev/null || status=$?
cat "$report" 2>/dev/null || echo "no report was written"
echo "Windows tier: exit status $status in $(($(date +%s) - started)) s under $(cat "$FOLDER/answer.txt" 2>/dev/null)"
[ -f "$FOLDER/single-file/built.txt" ] && echo "Single file: $(cat "$FOLDER/single-file/built.txt")"

own=$(ls -d "$WINEPREFIX"/drive_c/users/*/AppData/Local/bergen-access "$WINEPREFIX"/drive_c/users/*/AppData/Roaming/bergen-access 2>/dev/null || true)
if [ -n "$own" ]; then
  echo "The Windows user's own folder was written by the tests: $own" >&2
  status=1
fi
exit "$status"
