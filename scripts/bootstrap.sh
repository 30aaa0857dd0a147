#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: installs the missing Debian packages, builds
# ActLab (Release, Ninja) in ./build, then either launches the app or runs the whole test suite.
#   scripts/bootstrap.sh run          install + build + launch actlab
#   scripts/bootstrap.sh test         install + build + ctest (every suite; Vulkan tests on lavapipe)
#   scripts/bootstrap.sh deps GROUP…  install only the packages of these groups (build run test dev
#                                     fuzz)
# Environment: ACTLAB_BUILD_DIR (default ./build), ACTLAB_WERROR=ON (warnings are errors, as in CI),
# ACTLAB_CPU_BASELINE (default native; CI tests x86-64-v2, the .deb's, and packages that build).
set -euo pipefail
mode=${1:-run}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ACTLAB_BUILD_DIR:-$root/build}

# The Debian 12 packages, by what needs them. This is the one list: cmake/packaging.cmake reads
# run_packages for the .deb's Depends. Installed with --no-install-recommends, so every package
# a step needs is named here, not left to a Recommends (libqt6opengl6-dev is one: Qt Charts needs
# its CMake package, and qt6-base-dev only recommends it).
build_packages=(
  g++ cmake ninja-build pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev libqt6opengl6-dev libgl-dev
  qt6-l10n-tools  # lupdate and lrelease (the .qm files; the translation tests run lupdate)
  qt6-multimedia-dev  # QAudioSink: the audio trace of a curve (issue 29)
  libeigen3-dev libvulkan-dev glslc nlohmann-json3-dev
  libgtest-dev libbenchmark-dev
)
run_packages=(
  # Linked. libqt6gui6 (theirs) has the xcb and offscreen platform plugins; libqt6svg6 the SVG icon
  # engine and image plugin (the window icon). Bookworm's qt6-qpa-plugins has only VNC: not needed.
  libqt6widgets6 libqt6charts6 libqt6svg6 libqt6opengl6 libqt6openglwidgets6 libgomp1
  libqt6multimedia6  # the audio trace; with no sound device it says so in the status bar
  # Opened at run time: the Vulkan loader (libvulkan.so.1) and Mesa's drivers (lavapipe on any CPU).
  libvulkan1 mesa-vulkan-drivers
  fonts-noto-cjk  # Chinese in the window, and embedded in a lesson's printed handout
  # Qt's own texts in Chinese (qtbase_zh_CN.qm: message-box and file-dialog buttons), loaded from
  # QLibraryInfo::TranslationsPath; ActLab's own .qm is embedded (app/gui/translations.h).
  qt6-translations-l10n
)
test_packages=(
  vulkan-validationlayers xvfb xauth
  python3-torch  # PyTorch 1.13: the tests run the exported scripts (tests/export)
  python3-numpy  # the distributions' counts and percentiles are checked against numpy
  poppler-utils  # pdfinfo, pdftotext, pdffonts, pdfimages read the handouts back (tests/lessons)
)
# Developer checks that the two README commands do not need: format, sanitizers (GCC's) and the
# .deb (CI's), and clang for libFuzzer (scripts/fuzz.sh, not run by CI).
dev_packages=(
  clang-format dpkg-dev file
)
fuzz_packages=(
  clang-14 libclang-rt-14-dev libomp-14-dev
)

install_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "bootstrap: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# $1: ON to build the test suites (they need the test packages, xvfb-run among them), OFF not.
configure_and_build() {
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DACTLAB_WERROR="${ACTLAB_WERROR:-OFF}" -DACTLAB_CPU_BASELINE="${ACTLAB_CPU_BASELINE:-native}" \
    -DACTLAB_BUILD_TESTS="$1"
  cmake --build "$build" -j "$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)"
}

case "$mode" in
  run)
    install_packages "${build_packages[@]}" "${run_packages[@]}"
    configure_and_build OFF
    exec "$build/app/gui/actlab" "${@:2}"
    ;;
  test)
    install_packages "${build_packages[@]}" "${run_packages[@]}" "${test_packages[@]}"
    configure_and_build ON
    # xvfb-run gives the GL tests a real X server; the other Qt tests use the offscreen platform.
    # One OpenMP thread per test: ctest runs nproc tests at once, and libgomp's threads spin while
    # they wait, so two 2-thread tests on 2 cores ran the preset claims 7x slower.
    # The cores are counted first: nproc honours OMP_NUM_THREADS, and counted after the export
    # it said 1, so ctest ran one test at a time. Two tests per core: a window's test waits for
    # its event loop, the X server and its timers about half of its time (on 2 cores the suite
    # used 52 % of the CPU at -j 2; at -j 4 it took 203 s instead of 373 s, the CPU time the same).
    cd "$build"
    jobs=$((2 * $(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)))
    export OMP_NUM_THREADS=1
    exec xvfb-run -a -s "-screen 0 1600x1000x24" ctest --output-on-failure -j "$jobs" --timeout 600
    ;;
  deps)
    groups=("${@:2}")
    ((${#groups[@]})) || { echo "usage: scripts/bootstrap.sh deps build|run|test|dev|fuzz ..." >&2; exit 2; }
    wanted=()
    for group in "${groups[@]}"; do
      case "$group" in
        build) wanted+=("${build_packages[@]}") ;;
        run) wanted+=("${run_packages[@]}") ;;
        test) wanted+=("${test_packages[@]}") ;;
        dev) wanted+=("${dev_packages[@]}") ;;
        fuzz) wanted+=("${fuzz_packages[@]}") ;;
        *) echo "bootstrap: unknown package group '$group' (build, run, test, dev, fuzz)" >&2; exit 2 ;;
      esac
    done
    install_packages "${wanted[@]}"
    ;;
  *)
    echo "usage: scripts/bootstrap.sh run|test|deps GROUP..." >&2
    exit 2
    ;;
esac
