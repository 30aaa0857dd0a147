#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: installs the missing Debian packages, builds
# ActLab (Release, Ninja) in ./build, then either launches the app or runs the whole test suite.
#   scripts/bootstrap.sh run    install + build + launch actlab
#   scripts/bootstrap.sh test   install + build + ctest (every suite; Vulkan tests on lavapipe)
set -euo pipefail
mode=${1:-run}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ACTLAB_BUILD_DIR:-$root/build}

packages=(
  g++ cmake ninja-build pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev libgl-dev
  libeigen3-dev libvulkan-dev glslc mesa-vulkan-drivers vulkan-validationlayers
  libgtest-dev libbenchmark-dev
  xvfb xauth fonts-noto-cjk
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j "$(nproc)"

case "$mode" in
  run)
    exec "$build/app/gui/actlab" "${@:2}"
    ;;
  test)
    # xvfb-run gives the GL tests a real X server; the other Qt tests use the offscreen platform.
    cd "$build"
    exec xvfb-run -a -s "-screen 0 1600x1000x24" ctest --output-on-failure -j "$(nproc)" --timeout 600
    ;;
  *)
    echo "usage: scripts/bootstrap.sh run|test" >&2
    exit 2
    ;;
esac
