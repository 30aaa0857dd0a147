#!/usr/bin/env bash
# Installs the .deb of scripts/package.sh into brand-new Debian 12 roots and runs it there: first
# with --no-install-recommends (the Depends alone must suffice), then with apt's defaults. In each
# root: ldd resolves both binaries and the Qt plugins, actlab-cli evaluates GELU (CPU and Vulkan),
# actlab --version and --help run with no display, and actlab --screenshot runs under Xvfb (xvfb,
# xauth and file are installed for that step only, after the other checks). One line per failure,
# exit 1 if any. Needs root. Downloaded Debian packages are kept in ~/.cache/actlab-ci/apt-archives
# (apt checks each against the fresh package index before using it).
#   scripts/test_deb_install.sh DEB [SCREENSHOT_COPY]   SCREENSHOT_COPY: where to copy the PNG
set -uo pipefail
usage="usage: scripts/test_deb_install.sh actlab_VERSION_ARCH.deb [SCREENSHOT_COPY]"
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "$usage" >&2
    exit 2
fi
[ -f "$1" ] || { echo "deb-install: no such file: $1" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "deb-install: needs root (chroot, mount)" >&2; exit 1; }
deb=$(realpath "$1")
shot_copy=${2:-}
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=fresh_root.sh
source "$top/scripts/fresh_root.sh"

version=$(dpkg-deb -f "$deb" Version) || { echo "deb-install: $deb is not a .deb" >&2; exit 1; }
apt_cache=$FRESH_ROOT_CACHE/apt-archives
work=$(mktemp -d "${TMPDIR:-/tmp}/actlab-deb.XXXXXX") || exit 1
current=""  # the root being used, removed on any exit
# shellcheck disable=SC2317  # called by the EXIT trap
cleanUp() {
    [ -z "$current" ] || freshRootRemove "$current"
    # Never delete through a mount that is still there (a root's /dev is the host's).
    if grep -q " $work/" /proc/mounts; then
        echo "deb-install: mounts remain under $work; left in place" >&2
    else
        rm -rf --one-file-system "$work"
    fi
}
trap cleanUp EXIT
trap 'exit 130' INT TERM

# The checks inside a root; MODE, DEB and VERSION come from the environment.
cat >"$work/check.sh" <<'CHECKS'
export DEBIAN_FRONTEND=noninteractive
failures=0
fail() {
    echo "deb-install ($MODE): $*"
    failures=$((failures + 1))
}
flags=(-y -qq)
[ "$MODE" = depends-only ] && flags+=(--no-install-recommends)
installedCount() { dpkg-query -W -f='${db:Status-Abbrev}\n' | grep -c '^ii'; }
base=$(installedCount)
begin=$SECONDS
if ! apt-get update -qq >/tmp/apt.log 2>&1 ||
    ! apt-get install "${flags[@]}" "/tmp/$DEB" >>/tmp/apt.log 2>&1; then
    fail "apt-get install ${flags[*]} ./$DEB failed: $(tail -n 3 /tmp/apt.log | tr '\n' ' ')"
    exit 1
fi
echo "deb-install ($MODE): apt-get install ${flags[*]} added $(($(installedCount) - base))" \
    "packages in $((SECONDS - begin)) s"

for binary in /usr/bin/actlab /usr/bin/actlab-cli; do
    [ -x "$binary" ] || { fail "$binary is not installed"; continue; }
    missing=$(ldd "$binary" 2>&1 | grep 'not found' | tr -s ' \t\n' ' ')
    [ -z "$missing" ] || fail "ldd $binary: $missing"
done
plugins=/usr/lib/x86_64-linux-gnu/qt6/plugins
for plugin in platforms/libqxcb.so platforms/libqoffscreen.so iconengines/libqsvgicon.so \
    imageformats/libqsvg.so; do
    [ -f "$plugins/$plugin" ] || { fail "no Qt plugin $plugin"; continue; }
    missing=$(ldd "$plugins/$plugin" 2>&1 | grep 'not found' | tr -s ' \t\n' ' ')
    [ -z "$missing" ] || fail "ldd $plugin: $missing"
done
ldconfig -p | grep -q 'libvulkan\.so\.1 ' || fail "libvulkan.so.1 (opened at run time) is missing"
for file in applications/io.github.actlab.ActLab.desktop \
    metainfo/io.github.actlab.ActLab.metainfo.xml icons/hicolor/scalable/apps/actlab.svg \
    icons/hicolor/48x48/apps/actlab.png; do
    [ -s "/usr/share/$file" ] || fail "/usr/share/$file is not installed"
done

# GELU(1) = Φ(1) = 0.841344746068542948…: within 2 ulps in f64 (glibc's erfc gives the double
# above the nearest, printed 0.841344746068543), within 1e-6 in f32 on Vulkan (lavapipe).
geluNear() {  # geluNear TOLERANCE OUTPUT: the CSV's second line is 1,GELU(1),GELU'(1)
    [ "$(echo "$2" | head -n 1)" = "x,y,dy" ] && echo "$2" | awk -F, -v tolerance="$1" \
        'NR == 2 { d = $2 - 0.8413447460685429; found = $1 == 1 && d * d <= tolerance * tolerance }
         END { exit !found }'
}
output=$(actlab-cli eval gelu --x 1 2>&1)
geluNear 2.3e-16 "$output" ||
    fail "actlab-cli eval gelu --x 1 printed: $(echo "$output" | tr '\n' ' ')"
output=$(actlab-cli eval gelu --x 1 --backend vulkan 2>&1)
geluNear 1e-6 "$output" ||
    fail "actlab-cli eval gelu --x 1 --backend vulkan printed: $(echo "$output" | tr '\n' ' ')"
output=$(actlab --version 2>/tmp/version.err) || fail "actlab --version (no display) exited $?"
[ "$output" = "actlab $VERSION" ] ||
    fail "actlab --version printed '$output' on stdout, '$(head -c 300 /tmp/version.err)' on stderr"
output=$(actlab --help 2>/tmp/help.err) || fail "actlab --help (no display) exited $?"
[[ "$output" == Usage:*--screenshot* ]] || fail "actlab --help printed '$(echo "$output" |
    head -n 2)' on stdout, '$(head -c 300 /tmp/help.err)' on stderr"

apt-get install -y -qq --no-install-recommends xvfb xauth file >/tmp/apt-xvfb.log 2>&1 ||
    { fail "installing xvfb xauth file failed: $(tail -n 1 /tmp/apt-xvfb.log)"; exit 1; }
begin=$SECONDS
# Display 150 and up: .ci/run runs this beside the ASan suite's Xvfb in another root, whose /tmp
# (the lock files xvfb-run -a looks at) this root cannot see, while both servers' abstract
# sockets share one namespace; that one starts at 99.
QT_QPA_PLATFORM=xcb timeout 300 xvfb-run -a -n 150 -s "-screen 0 1600x1000x24" \
    actlab --screenshot /tmp/shot.png --size 1200x800 >/tmp/shot.log 2>&1 ||
    fail "actlab --screenshot under Xvfb exited $?: $(tail -n 2 /tmp/shot.log | tr '\n' ' ')"
kind=$(file -b /tmp/shot.png 2>&1)
[[ "$kind" == "PNG image data, 1200 x 800,"* ]] || fail "the screenshot is no 1200x800 PNG: $kind"
echo "deb-install ($MODE): screenshot under Xvfb in $((SECONDS - begin)) s"
grep -v 'XDG_RUNTIME_DIR' /tmp/shot.log | sed "s/^/deb-install ($MODE): actlab said: /"
[ "$failures" -eq 0 ] && echo "deb-install ($MODE): ldd, Qt plugins, eval on cpu and vulkan," \
    "--version and --help without a display, screenshot: all passed"
exit $((failures > 0))
CHECKS

failed=0
for mode in depends-only default; do
    begin=$SECONDS
    current=$work/$mode
    if ! freshRootCreate "$current"; then
        failed=1
        freshRootRemove "$current"
        current=""
        continue
    fi
    mkdir -p "$apt_cache"
    archives=$current/root/var/cache/apt/archives
    find "$apt_cache" -maxdepth 1 -name '*.deb' -exec cp -t "$archives" {} +
    if install -m 644 "$deb" "$work/check.sh" "$current/root/tmp/"; then
        FRESH_ROOT_ENV=(MODE="$mode" DEB="$(basename "$deb")" VERSION="$version")
        freshRootExec "$current" "bash /tmp/check.sh" || failed=1
    else
        echo "deb-install ($mode): cannot copy the .deb and the checks into the root"
        failed=1
    fi
    # shellcheck disable=SC2034  # read by freshRootExec
    FRESH_ROOT_ENV=()
    find "$archives" -maxdepth 1 -name '*.deb' -exec cp -n -t "$apt_cache" {} +
    shot=$current/root/tmp/shot.png
    if [ -n "$shot_copy" ] && [ "$mode" = depends-only ] && [ -f "$shot" ]; then
        cp "$shot" "$shot_copy" || echo "deb-install: cannot copy the screenshot to $shot_copy"
    fi
    freshRootRemove "$current" || failed=1
    current=""
    echo "deb-install ($mode): $((SECONDS - begin)) s in all"
done
[ "$failed" -eq 0 ] && echo "deb-install: $(basename "$deb") installs and runs in fresh roots"
exit "$failed"
